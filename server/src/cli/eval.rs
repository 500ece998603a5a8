//! `epistemic-audit eval`: labelled JSON lines → discrimination and calibration metrics; or
//! TriviaQA mode ([`super::triviaqa`]).

use super::input::{finish, load_scorer, open_input, parse_row, CliError, Row, CLI_MODE};
use super::report::{evaluate, format_report};
use crate::config::EvalArgs;
use epistemic_audit_core::{AuditResult, Scorer, Verdict};
use serde_json::Value;
use std::io::{BufRead, Write};
use std::path::Path;
use std::process::ExitCode;

/// `epistemic-audit eval FILE`: scores every row (all CPUs) and prints the report.
/// Exit codes: 0 ok, 1 I/O error, 2 invalid row or empty input.
pub fn run(args: &EvalArgs) -> ExitCode {
    finish(eval_file(args))
}

/// The files the shipped weights were fitted on (README "Training and measured quality",
/// "Evidence tiers"): the four HaluEval dev splits and the TriviaQA evidence of the tier models.
/// Figures measured on them are in-sample.
pub const TRAINING_FILES: [&str; 5] = [
    "halueval-general.dev.jsonl",
    "halueval-qa.dev.jsonl",
    "halueval-dialogue.dev.jsonl",
    "halueval-summarization.dev.jsonl",
    "triviaqa-smollm2.service.evidence.jsonl",
];

/// The warning `eval` prints (stderr) before measuring `path`, when its file name is one of
/// [`TRAINING_FILES`]; `None` otherwise (and for stdin). Only the name is compared: a renamed
/// copy is not recognised.
pub fn training_file_warning(path: &Path) -> Option<String> {
    let name = path.file_name()?.to_str()?;
    TRAINING_FILES.contains(&name).then(|| {
        format!(
            "warning: {name} is one of the files the shipped weights were trained on: the figures \
             below are in-sample and overstate how well the scorer does on new text. Held-out \
             (out-of-fold) figures are in README \"Training and measured quality\"; for the tiers, \
             use train/data/triviaqa-smollm2.heldout.evidence.jsonl."
        )
    })
}

fn eval_file(args: &EvalArgs) -> Result<(), CliError> {
    for path in [&args.file, &args.from_evidence].into_iter().flatten() {
        if let Some(w) = training_file_warning(path) {
            eprintln!("{w}");
        }
    }
    if let Some(path) = &args.triviaqa {
        return eval_triviaqa(args, path);
    }
    if let Some(path) = &args.from_evidence {
        let input = open_input(path).map_err(|e| CliError::Open(path.display().to_string(), e))?;
        let mut rows = Vec::new();
        for (i, line) in input.lines().enumerate() {
            let line = line.map_err(CliError::Io)?;
            if !line.trim().is_empty() {
                let row: super::triviaqa::EvidenceRow = serde_json::from_str(&line)
                    .map_err(|e| CliError::Input(format!("{}:{}: {e}", path.display(), i + 1)))?;
                rows.push(row);
            }
        }
        let cosines = match &args.cosines {
            Some(c) => Some(super::triviaqa::read_cosines(c, &rows).map_err(CliError::Input)?),
            None => None,
        };
        return print_trivia_report(
            args,
            &super::triviaqa::report(&load_scorer()?, &rows, cosines.as_deref()),
        );
    }
    let file = args
        .file
        .clone()
        .ok_or_else(|| CliError::Input("FILE is required".into()))?;
    let input = open_input(&file).map_err(|e| CliError::Open(file.display().to_string(), e))?;
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
    let progress = super::progress::bar(rows.len() as u64, "scoring");
    let scored = score_parallel(&scorer, &rows, &progress);
    progress.finish_and_clear();
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
fn score_parallel(
    scorer: &Scorer,
    rows: &[Row],
    progress: &indicatif::ProgressBar,
) -> Vec<AuditResult> {
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
                        .map(|r| {
                            let result = scorer.audit(&r.request, CLI_MODE, 0.0);
                            progress.inc(1);
                            result
                        })
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

/// `eval --triviaqa FILE`: asks the upstream, labels, gathers evidence and reports every tier
/// ([`super::triviaqa`]). Progress goes to stderr: a bar on a terminal, else one line per 10 questions.
fn eval_triviaqa(args: &EvalArgs, path: &Path) -> Result<(), CliError> {
    use super::triviaqa::{collect, report, EvidenceRow, Question};
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
        let progress = super::progress::bar(questions.len() as u64, "questions");
        let mut rows = Vec::with_capacity(questions.len());
        for (i, q) in questions.iter().enumerate() {
            let row = collect(&upstream, &adapter, q, args.upstream.upstream_max_tokens)
                .await
                .map_err(|e| CliError::Input(format!("upstream, question {}: {e}", q.id)))?;
            if let Some(w) = evidence_out.as_mut() {
                serde_json::to_writer(&mut *w, &row).map_err(|e| CliError::Io(e.into()))?;
                w.write_all(b"\n").map_err(CliError::Io)?;
                w.flush().map_err(CliError::Io)?;
            }
            rows.push(row);
            progress.inc(1);
            // Without a terminal (CI logs): one line per 10 questions instead of the bar.
            if progress.is_hidden() && (i + 1) % 10 == 0 {
                eprintln!(
                    "{}/{} questions, {:.0} s",
                    i + 1,
                    questions.len(),
                    started.elapsed().as_secs_f64()
                );
            }
        }
        progress.finish_and_clear();
        Ok::<_, CliError>(rows)
    })?;
    print_trivia_report(args, &report(&scorer, &rows, None))
}

fn print_trivia_report(args: &EvalArgs, r: &super::triviaqa::TriviaReport) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    if args.json {
        let v = serde_json::to_value(r).map_err(|e| CliError::Io(e.into()))?;
        writeln!(out, "{v}").map_err(CliError::Io)?;
    } else {
        write!(out, "{}", super::triviaqa::markdown(r)).map_err(CliError::Io)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn training_files_are_named_by_the_warning() {
        let w = training_file_warning(Path::new("../shared/data/halueval-general.dev.jsonl"));
        assert!(w.unwrap().contains("in-sample"));
        assert!(training_file_warning(Path::new(
            "train/data/triviaqa-smollm2.service.evidence.jsonl"
        ))
        .is_some());
        assert!(training_file_warning(Path::new(
            "train/data/triviaqa-smollm2.heldout.evidence.jsonl"
        ))
        .is_none());
        assert!(training_file_warning(Path::new("mine.jsonl")).is_none());
        assert!(training_file_warning(Path::new("-")).is_none());
    }
}
