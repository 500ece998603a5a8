//! What `audit` and `eval` share: input rows (one JSON object per line) and their errors, the
//! embedded scorer, and exit codes.

use epistemic_audit_core::{AuditRequest, Mode, Scorer};
use serde_json::{Map, Value};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::ExitCode;

/// Mode of CLI results: the same as the service's managed mode without upstream.
pub const CLI_MODE: Mode = Mode::Managed;

/// Exit code for invalid input rows or arguments.
pub const EXIT_INVALID_INPUT: u8 = 2;

/// A row that could not be used: its 1-based line number, the field, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {field}: {reason}")]
pub struct RowError {
    /// 1-based line number in the input.
    pub line: usize,
    /// The offending field (`row` when the line itself is not a JSON object).
    pub field: String,
    /// Human-readable reason.
    pub reason: String,
}

/// One parsed input row.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The request to score.
    pub request: AuditRequest,
    /// `label` (0 correct, 1 incorrect) when required.
    pub label: Option<u8>,
}

/// Parses one JSON line (`line` is 1-based, for messages); `need_label` makes `label` required.
///
/// # Errors
/// [`RowError`] naming the line and the first offending field.
pub fn parse_row(text: &str, line: usize, need_label: bool) -> Result<Row, RowError> {
    let err = |field: &str, reason: String| RowError {
        line,
        field: field.to_string(),
        reason,
    };
    let value: Value =
        serde_json::from_str(text).map_err(|e| err("row", format!("invalid JSON: {e}")))?;
    let Value::Object(obj) = value else {
        return Err(err("row", "expected a JSON object".into()));
    };
    let text = match opt_string(&obj, "text").map_err(|r| err("text", r))? {
        Some(t) if !t.is_empty() => t,
        Some(_) => return Err(err("text", "must not be empty".into())),
        None => return Err(err("text", "required".into())),
    };
    // Evidence fields are checked as the service checks them (limits, shapes).
    let mut errors = Vec::new();
    let samples = epistemic_audit_core::validate::samples_field(&obj, &[], &mut errors);
    let logprobs = epistemic_audit_core::validate::logprobs_field(&obj, &[], &mut errors);
    if let Some(e) = errors.first() {
        let field: Vec<String> = e
            .loc
            .iter()
            .map(|l| match l {
                epistemic_audit_core::validate::LocItem::Field(f) => f.clone(),
                epistemic_audit_core::validate::LocItem::Index(i) => i.to_string(),
            })
            .collect();
        return Err(err(&field.join("."), e.msg.clone()));
    }
    let request = AuditRequest {
        text,
        context: opt_string(&obj, "context").map_err(|r| err("context", r))?,
        prompt: opt_string(&obj, "prompt").map_err(|r| err("prompt", r))?,
        model_source: opt_string(&obj, "model_source").map_err(|r| err("model_source", r))?,
        samples,
        logprobs,
    };
    let label = if need_label {
        match obj.get("label") {
            None | Some(Value::Null) => {
                return Err(err("label", "required (0 = correct, 1 = incorrect)".into()))
            }
            Some(v) => match v.as_u64() {
                Some(l @ (0 | 1)) => Some(l as u8),
                _ => return Err(err("label", format!("must be 0 or 1, got {v}"))),
            },
        }
    } else {
        None
    };
    Ok(Row { request, label })
}

fn opt_string(obj: &Map<String, Value>, name: &str) -> Result<Option<String>, String> {
    match obj.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(other) => Err(format!(
            "must be a string or null, got {}",
            type_name(other)
        )),
    }
}

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The embedded scorer, or an error saying why it cannot be loaded.
pub fn load_scorer() -> Result<Scorer, CliError> {
    Scorer::try_embedded().map_err(CliError::Scorer)
}

/// Opens `path` for reading, `-` meaning stdin.
pub fn open_input(path: &Path) -> std::io::Result<Box<dyn BufRead>> {
    if path.as_os_str() == "-" {
        Ok(Box::new(BufReader::new(std::io::stdin())))
    } else {
        Ok(Box::new(BufReader::new(std::fs::File::open(path)?)))
    }
}

/// Why a subcommand failed.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// A bad input row (exit 2).
    #[error("{0}")]
    Row(#[from] RowError),
    /// A file cannot be opened (exit 1).
    #[error("cannot open {0}: {1}")]
    Open(String, std::io::Error),
    /// Reading or writing failed (exit 1; a closed stdout is not an error).
    #[error("{0}")]
    Io(std::io::Error),
    /// The input or the arguments cannot be used (exit 2).
    #[error("{0}")]
    Input(String),
    /// The embedded scorer cannot be loaded (exit 1).
    #[error("cannot load the embedded scorer: {0}")]
    Scorer(String),
}

/// The exit code of a subcommand's outcome; the error, if any, is printed on stderr.
pub fn finish(outcome: Result<(), CliError>) -> ExitCode {
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        // `... | head`: the reader went away; not an error of ours.
        Err(CliError::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e @ (CliError::Row(_) | CliError::Input(_))) => {
            eprintln!("error: {e}");
            ExitCode::from(EXIT_INVALID_INPUT)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_from_the_data_files_parse() {
        let line = r#"{"id":"x","group":"g","source":"s","context":null,"prompt":"Q?","text":"A.","label":1,"spans":[]}"#;
        let row = parse_row(line, 1, true).unwrap();
        assert_eq!(row.request.text, "A.");
        assert_eq!(row.request.context, None);
        assert_eq!(row.request.prompt.as_deref(), Some("Q?"));
        assert_eq!(row.label, Some(1));
    }

    #[test]
    fn bad_rows_name_line_and_field() {
        let e = parse_row(r#"{"context":"c"}"#, 7, false).unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (7, "text"));
        assert_eq!(e.to_string(), "line 7: text: required");
        let e = parse_row(r#"{"text":"a","context":3}"#, 2, false).unwrap_err();
        assert_eq!(e.field, "context");
        let e = parse_row(r#"{"text":""}"#, 2, false).unwrap_err();
        assert_eq!(e.field, "text");
        let e = parse_row("[1]", 3, false).unwrap_err();
        assert_eq!(e.field, "row");
        let e = parse_row("{", 4, false).unwrap_err();
        assert_eq!(e.field, "row");
        let e = parse_row(r#"{"text":"a"}"#, 5, true).unwrap_err();
        assert_eq!(e.field, "label");
        let e = parse_row(r#"{"text":"a","label":2}"#, 6, true).unwrap_err();
        assert_eq!(e.field, "label");
        assert!(parse_row(r#"{"text":"a","label":0}"#, 6, true).is_ok());
    }
}
