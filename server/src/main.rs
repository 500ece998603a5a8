//! `epistemic-audit`: the service (`serve`) and the local tools (`audit`, `eval`).
//! Exit codes: 0 success; 1 runtime failure (cannot bind, I/O error); 2 usage error or invalid
//! input rows.

use clap::Parser;
use epistemic_audit_server::config::{Cli, Command, LogFormat, ServeArgs};
use epistemic_audit_server::{cli, logging, server};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Serve(args) => serve(args),
        Command::Audit(args) => {
            logging::init(LogFormat::Text, "warn");
            cli::run_audit(&args)
        }
        Command::Eval(args) => {
            logging::init(LogFormat::Text, "warn");
            cli::run_eval(&args)
        }
    }
}

fn serve(args: ServeArgs) -> ExitCode {
    if let Err(msg) = args.cors_policy() {
        use clap::CommandFactory;
        Cli::command()
            .error(clap::error::ErrorKind::ArgumentConflict, msg)
            .exit();
    }
    if let Err(msg) = args.upstream_settings() {
        use clap::CommandFactory;
        Cli::command()
            .error(clap::error::ErrorKind::ValueValidation, msg)
            .exit();
    }
    logging::init(args.log_format, &args.log_level);
    logging::log_panics();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            tracing::error!(error = %e, "cannot start the async runtime");
            return ExitCode::FAILURE;
        }
    };
    let started = std::time::Instant::now();
    let scorer = match epistemic_audit_core::Scorer::try_embedded() {
        Ok(s) => Arc::new(s),
        Err(e) => {
            tracing::error!(error = %e, "cannot load the embedded scorer");
            return ExitCode::FAILURE;
        }
    };
    tracing::info!(
        load_ms = started.elapsed().as_millis() as u64,
        scorer_version = scorer.version(),
        "scorer loaded"
    );
    let result = runtime.block_on(async {
        let shutdown = server::shutdown_signal()?;
        server::run(args, scorer, shutdown).await
    });
    // Scoring jobs still on the blocking pool are not waited for beyond this.
    runtime.shutdown_timeout(Duration::from_secs(1));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "server failed");
            ExitCode::FAILURE
        }
    }
}
