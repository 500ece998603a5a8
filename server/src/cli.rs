//! The local subcommands `audit` and `eval` (issue 2, part 4). Both score with the same embedded
//! scorer as the service, in-process, as the service's managed mode without an upstream would:
//! results carry `mode: "managed"` and `upstream_latency_ms: 0`, so a CLI result and a service
//! result for the same input are identical.
//!
//! Input rows are JSON objects, one per line (blank lines skipped): `text` (required, non-empty
//! string), `context`, `prompt`, `model_source` (optional strings; `null` = absent), and for
//! `eval` `label` (0 = correct, 1 = hallucinated/incorrect). Other keys (`id`, `group`, `spans`,
//! …) are ignored, so the files in `shared/data` are read as they are. Field types are checked,
//! but not the service's length limits (those protect a shared service; local input is trusted —
//! e.g. halueval-summarization contexts are longer than the service's 5000 characters).
//! A bad row stops the run with `line N: FIELD: reason` on stderr and exit code 2.

use crate::config::{AuditArgs, EvalArgs};
use epistemic_audit_core::calibration::{brier, ece};
use epistemic_audit_core::evaluation::{auprc, auroc};
use epistemic_audit_core::{AuditRequest, AuditResult, Mode, Scorer, Verdict};
use serde::Serialize;
use serde_json::{Map, Value};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::ExitCode;

/// Mode of CLI results: the same as the service's managed mode without upstream.
pub const CLI_MODE: Mode = Mode::Managed;

/// Number of equal-width bins of the reported ECE.
pub const ECE_BINS: usize = 15;

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
fn load_scorer() -> Result<Scorer, CliError> {
    Scorer::try_embedded().map_err(CliError::Scorer)
}

/// Opens `path` for reading, `-` meaning stdin.
fn open_input(path: &Path) -> std::io::Result<Box<dyn BufRead>> {
    if path.as_os_str() == "-" {
        Ok(Box::new(BufReader::new(std::io::stdin())))
    } else {
        Ok(Box::new(BufReader::new(std::fs::File::open(path)?)))
    }
}

/// `epistemic-audit audit`: one result for `--text`, or one result line per input row.
/// Exit codes: 0 ok, 1 I/O error, 2 invalid row (earlier rows' results have been written).
pub fn run_audit(args: &AuditArgs) -> ExitCode {
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
    for (i, line) in input.lines().enumerate() {
        let line = line.map_err(CliError::Io)?;
        if line.trim().is_empty() {
            continue;
        }
        let row = parse_row(&line, i + 1, false)?;
        write_result(out, &scorer.audit(&row.request, CLI_MODE, 0.0), pretty)
            .map_err(CliError::Io)?;
        out.flush().map_err(CliError::Io)?;
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

/// Why a subcommand failed.
#[derive(Debug, thiserror::Error)]
enum CliError {
    #[error("{0}")]
    Row(#[from] RowError),
    #[error("cannot open {0}: {1}")]
    Open(String, std::io::Error),
    #[error("{0}")]
    Io(std::io::Error),
    #[error("{0}")]
    Input(String),
    #[error("cannot load the embedded scorer: {0}")]
    Scorer(String),
}

fn finish(outcome: Result<(), CliError>) -> ExitCode {
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

/// Verdict × label counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct VerdictCounts {
    /// Rows with label 0 (correct).
    pub label_0: u64,
    /// Rows with label 1 (hallucinated/incorrect).
    pub label_1: u64,
}

impl VerdictCounts {
    /// label_0 + label_1.
    pub fn total(&self) -> u64 {
        self.label_0 + self.label_1
    }
}

/// The metrics `eval` prints.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EvalReport {
    /// Rows scored.
    pub n: u64,
    /// Rows with label 1.
    pub positives: u64,
    /// positives / n.
    pub base_rate: f64,
    /// AUROC of (1 − height) as a score for label 1 (core `evaluation::auroc`).
    pub auroc: f64,
    /// Average precision of (1 − height) for label 1 (core `evaluation::auprc`).
    pub auprc: f64,
    /// ECE with 15 equal-width bins of height against "correct" (label 0) (core `calibration::ece`).
    pub ece_15: f64,
    /// Brier score of height against "correct" (core `calibration::brier`).
    pub brier: f64,
    /// Mean height.
    pub mean_height: f64,
    /// Verdict × label counts.
    pub accept: VerdictCounts,
    /// Verdict × label counts.
    pub maybe: VerdictCounts,
    /// Verdict × label counts.
    pub refused: VerdictCounts,
    /// Share of label 1 among ACCEPT (None when nothing was accepted).
    pub accept_error_rate: Option<f64>,
    /// Share of label 0 among REFUSED (None when nothing was refused).
    pub refused_correct_share: Option<f64>,
}

/// Computes the report from each row's height, verdict and label (1 = incorrect).
///
/// # Panics
/// If the three slices differ in length.
pub fn evaluate(heights: &[f64], verdicts: &[Verdict], labels: &[u8]) -> EvalReport {
    assert!(heights.len() == verdicts.len() && heights.len() == labels.len());
    let n = heights.len();
    let incorrect: Vec<bool> = labels.iter().map(|&l| l == 1).collect();
    let correct: Vec<bool> = incorrect.iter().map(|&b| !b).collect();
    let doubt: Vec<f64> = heights.iter().map(|h| 1.0 - h).collect();
    let mut counts = [VerdictCounts::default(); 3];
    for (&v, &bad) in verdicts.iter().zip(&incorrect) {
        let c = &mut counts[match v {
            Verdict::Accept => 0,
            Verdict::Maybe => 1,
            Verdict::Refused => 2,
        }];
        if bad {
            c.label_1 += 1;
        } else {
            c.label_0 += 1;
        }
    }
    let ratio = |num: u64, den: u64| (den > 0).then(|| num as f64 / den as f64);
    let positives = incorrect.iter().filter(|&&b| b).count() as u64;
    EvalReport {
        n: n as u64,
        positives,
        base_rate: ratio(positives, n as u64).unwrap_or(0.0),
        auroc: auroc(&doubt, &incorrect),
        auprc: auprc(&doubt, &incorrect),
        ece_15: ece(heights, &correct, ECE_BINS),
        brier: brier(heights, &correct),
        mean_height: if n == 0 {
            0.0
        } else {
            heights.iter().sum::<f64>() / n as f64
        },
        accept: counts[0],
        maybe: counts[1],
        refused: counts[2],
        accept_error_rate: ratio(counts[0].label_1, counts[0].total()),
        refused_correct_share: ratio(counts[2].label_0, counts[2].total()),
    }
}

/// Human-readable form of the report.
pub fn format_report(name: &str, r: &EvalReport) -> String {
    let opt = |v: Option<f64>| v.map_or_else(|| "n/a".to_string(), |x| format!("{x:.4}"));
    let mut s = String::new();
    s += &format!("file: {name}\n");
    s += &format!(
        "n: {} (label 1 = hallucinated/incorrect: {}, base rate {:.4})\n",
        r.n, r.positives, r.base_rate
    );
    s += &format!("AUROC  of (1 - height) vs label 1: {:.4}\n", r.auroc);
    s += &format!("AUPRC  of (1 - height) vs label 1: {:.4}\n", r.auprc);
    s += &format!("ECE_15 of height vs correct:       {:.4}\n", r.ece_15);
    s += &format!("Brier  of height vs correct:       {:.4}\n", r.brier);
    s += &format!(
        "mean height:                       {:.4}\n\n",
        r.mean_height
    );
    s += &format!(
        "{:<8} {:>9} {:>9} {:>7} {:>9}\n",
        "verdict", "label=0", "label=1", "total", "coverage"
    );
    for (name, c) in [
        ("ACCEPT", r.accept),
        ("MAYBE", r.maybe),
        ("REFUSED", r.refused),
    ] {
        let cov = if r.n == 0 {
            0.0
        } else {
            c.total() as f64 / r.n as f64
        };
        s += &format!(
            "{:<8} {:>9} {:>9} {:>7} {:>9.4}\n",
            name,
            c.label_0,
            c.label_1,
            c.total(),
            cov
        );
    }
    s += &format!(
        "\nerror rate among ACCEPT:          {} (n={})\n",
        opt(r.accept_error_rate),
        r.accept.total()
    );
    s += &format!(
        "share of correct among REFUSED:   {} (n={})\n",
        opt(r.refused_correct_share),
        r.refused.total()
    );
    s
}

/// `epistemic-audit eval FILE`: scores every row (all CPUs) and prints the report.
/// Exit codes: 0 ok, 1 I/O error, 2 invalid row or empty input.
pub fn run_eval(args: &EvalArgs) -> ExitCode {
    finish(eval_file(args))
}

fn eval_file(args: &EvalArgs) -> Result<(), CliError> {
    if let Some(path) = &args.triviaqa {
        return eval_triviaqa(args, path);
    }
    if let Some(path) = &args.from_evidence {
        let input = open_input(path).map_err(|e| CliError::Open(path.display().to_string(), e))?;
        let mut rows = Vec::new();
        for (i, line) in input.lines().enumerate() {
            let line = line.map_err(CliError::Io)?;
            if !line.trim().is_empty() {
                let row: crate::triviaqa::EvidenceRow = serde_json::from_str(&line)
                    .map_err(|e| CliError::Input(format!("{}:{}: {e}", path.display(), i + 1)))?;
                rows.push(row);
            }
        }
        return print_trivia_report(args, &crate::triviaqa::report(&load_scorer()?, &rows));
    }
    let file = args.file.clone().ok_or_else(|| CliError::Input("FILE is required".into()))?;
    let input =
        open_input(&file).map_err(|e| CliError::Open(file.display().to_string(), e))?;
    let mut rows = Vec::new();
    for (i, line) in input.lines().enumerate() {
        let line = line.map_err(CliError::Io)?;
        if !line.trim().is_empty() {
            rows.push(parse_row(&line, i + 1, true)?);
        }
    }
    if rows.is_empty() {
        return Err(CliError::Input("no rows to evaluate".into()));
    }
    let scorer = load_scorer()?;
    let scored = score_parallel(&scorer, &rows);
    let heights: Vec<f64> = scored.iter().map(|r| r.height).collect();
    let verdicts: Vec<Verdict> = scored.iter().map(|r| r.verdict).collect();
    let labels: Vec<u8> = rows.iter().map(|r| r.label.unwrap_or(0)).collect();
    let report = evaluate(&heights, &verdicts, &labels);
    let mut out = std::io::stdout().lock();
    if args.json {
        let mut v = serde_json::to_value(&report).map_err(|e| CliError::Io(e.into()))?;
        v["file"] = Value::String(file.display().to_string());
        writeln!(out, "{v}").map_err(CliError::Io)?;
    } else {
        write!(
            out,
            "{}",
            format_report(&file.display().to_string(), &report)
        )
        .map_err(CliError::Io)?;
    }
    out.flush().map_err(CliError::Io)
}

/// Scores rows on all available CPUs, keeping input order.
fn score_parallel(scorer: &Scorer, rows: &[Row]) -> Vec<AuditResult> {
    let threads = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .max(1);
    let chunk = rows.len().div_ceil(threads).max(1);
    std::thread::scope(|s| {
        let handles: Vec<_> = rows
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    part.iter()
                        .map(|r| scorer.audit(&r.request, CLI_MODE, 0.0))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("scoring thread panicked"))
            .collect()
    })
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

    #[test]
    fn confusion_table_and_rates() {
        let heights = [0.9, 0.8, 0.5, 0.2, 0.1];
        let verdicts = [
            Verdict::Accept,
            Verdict::Accept,
            Verdict::Maybe,
            Verdict::Refused,
            Verdict::Refused,
        ];
        let labels = [0, 1, 0, 0, 1];
        let r = evaluate(&heights, &verdicts, &labels);
        assert_eq!(r.n, 5);
        assert_eq!(r.positives, 2);
        assert_eq!(
            r.accept,
            VerdictCounts {
                label_0: 1,
                label_1: 1
            }
        );
        assert_eq!(
            r.maybe,
            VerdictCounts {
                label_0: 1,
                label_1: 0
            }
        );
        assert_eq!(
            r.refused,
            VerdictCounts {
                label_0: 1,
                label_1: 1
            }
        );
        assert_eq!(r.accept_error_rate, Some(0.5));
        assert_eq!(r.refused_correct_share, Some(0.5));
        let text = format_report("f", &r);
        assert!(text.contains("AUROC") && text.contains("REFUSED"));
        let none = evaluate(&[0.5], &[Verdict::Maybe], &[0]);
        assert_eq!(none.accept_error_rate, None);
    }
}

/// `eval --triviaqa FILE`: asks the upstream, labels, gathers evidence and reports every tier
/// ([`crate::triviaqa`]). Progress goes to stderr, one line per 10 questions.
fn eval_triviaqa(args: &EvalArgs, path: &Path) -> Result<(), CliError> {
    use crate::triviaqa::{collect, report, EvidenceRow, Question};
    let settings = args.upstream_settings().map_err(CliError::Input)?;
    let input = open_input(path).map_err(|e| CliError::Open(path.display().to_string(), e))?;
    let mut questions = Vec::new();
    for (i, line) in input.lines().enumerate().skip(args.skip).take(args.limit) {
        let line = line.map_err(CliError::Io)?;
        if line.trim().is_empty() {
            continue;
        }
        let q: Question = serde_json::from_str(&line)
            .map_err(|e| CliError::Input(format!("{}:{}: {e}", path.display(), i + 1)))?;
        questions.push(q);
    }
    if questions.is_empty() {
        return Err(CliError::Input("no questions to ask".into()));
    }
    let scorer = load_scorer()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(CliError::Io)?;
    let mut evidence_out = match &args.evidence_out {
        Some(p) => Some(std::io::BufWriter::new(
            std::fs::File::create(p).map_err(|e| CliError::Open(p.display().to_string(), e))?,
        )),
        None => None,
    };
    let rows: Vec<EvidenceRow> = runtime.block_on(async {
        let upstream = crate::upstream::Upstream::new(settings, None);
        let adapter = upstream
            .managed_adapter()
            .await
            .map_err(|e| CliError::Input(format!("upstream: {e}")))?
            .ok_or_else(|| CliError::Input("no upstream endpoint".into()))?;
        let started = std::time::Instant::now();
        let mut rows = Vec::with_capacity(questions.len());
        for (i, q) in questions.iter().enumerate() {
            let row = collect(&upstream, &adapter, q, args.upstream_max_tokens)
                .await
                .map_err(|e| CliError::Input(format!("upstream, question {}: {e}", q.id)))?;
            if let Some(w) = evidence_out.as_mut() {
                serde_json::to_writer(&mut *w, &row).map_err(|e| CliError::Io(e.into()))?;
                w.write_all(b"\n").map_err(CliError::Io)?;
                w.flush().map_err(CliError::Io)?;
            }
            rows.push(row);
            if (i + 1) % 10 == 0 {
                eprintln!("{}/{} questions, {:.0} s", i + 1, questions.len(), started.elapsed().as_secs_f64());
            }
        }
        Ok::<_, CliError>(rows)
    })?;
    print_trivia_report(args, &report(&scorer, &rows))
}

fn print_trivia_report(args: &EvalArgs, r: &crate::triviaqa::TriviaReport) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    if args.json {
        let v = serde_json::to_value(r).map_err(|e| CliError::Io(e.into()))?;
        writeln!(out, "{v}").map_err(CliError::Io)?;
    } else {
        write!(out, "{}", crate::triviaqa::markdown(r)).map_err(CliError::Io)?;
    }
    Ok(())
}
