//! `epistemic-audit`: the service (`serve`) and the local tools (`audit`, `eval`).
//! Exit codes: 0 success; 1 runtime failure (cannot bind, I/O error); 2 usage error or invalid
//! input rows.

use clap::Parser;
use epistemic_audit_server::cli;
use epistemic_audit_server::config::{Cli, Command, ConfigError, Settings};
use epistemic_audit_server::telemetry::logs::{self, LogFormat};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Serve(args) => match Settings::from_args(args) {
            Ok(settings) => {
                // Before the runtime starts its threads (README "Performance and limits").
                epistemic_audit_server::support::bound_malloc_arenas();
                cli::serve::main(settings)
            }
            Err(e) => {
                use clap::CommandFactory;
                let kind = match e {
                    ConfigError::Conflict(_) => clap::error::ErrorKind::ArgumentConflict,
                    ConfigError::Invalid(_) => clap::error::ErrorKind::ValueValidation,
                };
                Cli::command().error(kind, e).exit()
            }
        },
        Command::Audit(args) => {
            logs::init(LogFormat::Text, "warn");
            cli::audit::run(&args)
        }
        Command::Eval(args) => {
            logs::init(LogFormat::Text, "warn");
            cli::eval::run(&args)
        }
    }
}
