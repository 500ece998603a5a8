//! `epistemic-audit audit`: one answer from flags, or JSON lines from a file or stdin.

use super::input::{
    finish, load_scorer, open_input, parse_row, CliError, CLI_MODE, EXIT_INVALID_INPUT,
};
use crate::config::AuditArgs;
use epistemic_audit_core::{AuditRequest, AuditResult, Scorer};
use std::io::{BufRead, Write};
use std::path::Path;
use std::process::ExitCode;

/// `epistemic-audit audit`: one result for `--text`, or one result line per valid input row.
/// A bad row is reported on stderr as `error: line N: FIELD: reason` and skipped; the run goes
/// on. Exit codes: 0 ok, 1 I/O error, 2 one or more invalid rows (every valid row's result has
/// been written).
pub fn run(args: &AuditArgs) -> ExitCode {
    let scorer = match load_scorer() {
        Ok(s) => s,
        Err(e) => return finish(Err(e)),
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let outcome = if let Some(text) = &args.text {
        if text.is_empty() {
            eprintln!("error: --text: must not be empty");
            return ExitCode::from(EXIT_INVALID_INPUT);
        }
        let req = AuditRequest {
            text: text.clone(),
            context: args.context.clone(),
            prompt: args.prompt.clone(),
            model_source: args.model_source.clone(),
            ..Default::default()
        };
        write_result(&mut out, &scorer.audit(&req, CLI_MODE, 0.0), args.pretty)
            .map_err(CliError::Io)
    } else if let Some(path) = &args.input {
        audit_lines(&scorer, path, &mut out, args.pretty)
    } else {
        unreachable!("clap requires --text or --input")
    };
    let outcome = outcome.and_then(|()| out.flush().map_err(CliError::Io));
    finish(outcome)
}

fn audit_lines(
    scorer: &Scorer,
    path: &Path,
    out: &mut impl Write,
    pretty: bool,
) -> Result<(), CliError> {
    let input = open_input(path).map_err(|e| CliError::Open(path.display().to_string(), e))?;
    let (mut rows, mut bad) = (0usize, 0usize);
    for (i, line) in input.lines().enumerate() {
        let line = line.map_err(CliError::Io)?;
        if line.trim().is_empty() {
            continue;
        }
        rows += 1;
        // A bad row is reported (line and field) and skipped; the others are still audited.
        let row = match parse_row(&line, i + 1, false) {
            Ok(row) => row,
            Err(e) => {
                eprintln!("error: {e}");
                bad += 1;
                continue;
            }
        };
        write_result(out, &scorer.audit(&row.request, CLI_MODE, 0.0), pretty)
            .map_err(CliError::Io)?;
        out.flush().map_err(CliError::Io)?;
    }
    if bad > 0 {
        return Err(CliError::Input(format!(
            "{bad} of {rows} rows were invalid and skipped (lines above)"
        )));
    }
    Ok(())
}

fn write_result(out: &mut impl Write, result: &AuditResult, pretty: bool) -> std::io::Result<()> {
    if pretty {
        serde_json::to_writer_pretty(&mut *out, result)?;
    } else {
        serde_json::to_writer(&mut *out, result)?;
    }
    out.write_all(b"\n")
}
