//! `epistemic-audit eval --triviaqa FILE`: measures the evidence tiers on an upstream model's own
//! answers (issue 4, item 5; README "Evidence tiers").
//!
//! For each closed-book question of `triviaqa.dev.jsonl` ({id, group, prompt, answers[aliases]}):
//! 1. the upstream answers greedily ([`UpstreamAdapter::answer`]) to [`question_prompt`];
//! 2. the answer is labelled correct when a normalised alias occurs in the normalised answer as
//!    a whole-word span ([`alias_match`]; SQuAD normalisation: lower case, punctuation and the
//!    articles a/an/the removed, whitespace collapsed — Rajpurkar et al. 2016);
//! 3. the evidence is gathered exactly as `/v1/audit` gathers it ([`Upstream::gather`]):
//!    teacher-forced log-probabilities of the answer and K samples;
//! 4. the answer is audited four times — text only, + logprobs, + samples, + both — and each
//!    tier's heights are scored against the labels (AUROC of 1 − height for "incorrect", ECE_15,
//!    Brier), next to two fit-free baselines: the mean token log-probability and the length;
//! 5. with `--from-evidence … --cosines FILE` (the embedding cosines of each answer and its samples),
//!    the samples and combined tiers again with the samples compared by embedding, as the service
//!    compares them with SEMANTIC_MODEL_DIR.

use super::report::{evaluate, EvalReport};
use crate::upstream::transport::UpstreamError;
use crate::upstream::{Upstream, UpstreamAdapter};
use epistemic_audit_core::evaluation::auroc;
use epistemic_audit_core::recalibration::CalibrationRegistry;
use epistemic_audit_core::samples::{parse_cosine_lines, CosineMatrix, PairJudge, SampleJudge};
use epistemic_audit_core::tiers::{Evidence, DISAGREEMENT, SEMANTIC_DISAGREEMENT};
use epistemic_audit_core::{AuditRequest, Mode, Scorer, Tier, TokenLogprob};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The instruction put before every question: short answers are what alias matching can judge.
pub const INSTRUCTION: &str =
    "Answer the trivia question with the answer only: a name, place, number or short phrase, no sentence.";

/// The prompt sent for question `q`.
pub fn question_prompt(q: &str) -> String {
    format!("{INSTRUCTION}\nQuestion: {q}")
}

/// One question of `triviaqa.dev.jsonl`.
#[derive(Debug, Clone, Deserialize)]
pub struct Question {
    /// Question id.
    pub id: String,
    /// Group id.
    pub group: String,
    /// The question.
    pub prompt: String,
    /// Accepted answers (aliases).
    pub answers: Vec<String>,
}

/// One audited answer with its evidence: the shape the trainer reads
/// (`train/data/*.evidence.jsonl`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EvidenceRow {
    /// Question id.
    pub id: String,
    /// Group id.
    pub group: String,
    /// The prompt sent (instruction + question).
    pub prompt: String,
    /// The upstream's greedy answer.
    pub text: String,
    /// 1 = incorrect (no alias matched), 0 = correct.
    pub label: u8,
    /// Teacher-forced log-probabilities of the answer.
    pub logprobs: Option<Vec<TokenLogprob>>,
    /// Sampled answers.
    pub samples: Option<Vec<String>>,
}

/// SQuAD answer normalisation: lower case, ASCII punctuation removed, articles a/an/the removed,
/// whitespace collapsed.
pub fn normalise(s: &str) -> String {
    let lower: String = s
        .to_lowercase()
        .chars()
        .filter(|c| !c.is_ascii_punctuation())
        .collect();
    lower
        .split_whitespace()
        .filter(|w| !matches!(*w, "a" | "an" | "the"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// True when some normalised alias occurs in the normalised answer as a whole-word span.
pub fn alias_match(answer: &str, aliases: &[String]) -> bool {
    let a = format!(" {} ", normalise(answer));
    aliases
        .iter()
        .map(|x| normalise(x))
        .any(|x| !x.is_empty() && a.contains(&format!(" {x} ")))
}

/// Asks the upstream behind `adapter` to answer `q`, labels the answer and gathers its evidence.
///
/// # Errors
/// An upstream failure.
pub async fn collect<A: UpstreamAdapter>(
    upstream: &Upstream,
    adapter: &A,
    q: &Question,
    max_tokens: u32,
) -> Result<EvidenceRow, UpstreamError> {
    let prompt = question_prompt(&q.prompt);
    let (text, _) = adapter.answer(&prompt, max_tokens).await?;
    let text = text.trim().to_string();
    let mut req = AuditRequest {
        text: text.clone(),
        prompt: Some(prompt.clone()),
        ..Default::default()
    };
    if !text.is_empty() {
        upstream.gather(adapter, &mut req).await?;
    }
    Ok(EvidenceRow {
        id: q.id.clone(),
        group: q.group.clone(),
        label: u8::from(!alias_match(&text, &q.answers)),
        prompt,
        text,
        logprobs: req.logprobs,
        samples: req.samples,
    })
}

/// One tier's row of the report.
#[derive(Debug, Clone, Serialize)]
pub struct TierRow {
    /// "intrinsic", "logprobs", "samples" or "combined"; "samples+semantic" and
    /// "combined+semantic" with the samples compared by embedding.
    pub tier: String,
    /// Answers audited in this tier (those whose evidence the tier needs).
    pub n: u64,
    /// The full metrics of `eval` for this tier.
    pub report: EvalReport,
}

/// The TriviaQA report: accuracy, one row per tier and the fit-free baselines.
#[derive(Debug, Clone, Serialize)]
pub struct TriviaReport {
    /// Answers (non-empty).
    pub n: u64,
    /// Share labelled correct.
    pub accuracy: f64,
    /// Per tier.
    pub tiers: Vec<TierRow>,
    /// AUROC for "incorrect" of the negated mean token log-probability (mean NLL).
    pub baseline_mean_logprob_auroc: f64,
    /// AUROC for "incorrect" of the answer length in characters.
    pub baseline_length_auroc: f64,
    /// Rows with samples, and the AUROC for "incorrect" of the lexical disagreement E_y of the
    /// text with its samples given the prompt (the samples tier's first input; core
    /// `tiers::Evidence::inputs`).
    pub baseline_disagreement: Option<(u64, f64)>,
    /// Rows with samples and cosines, τ, and the AUROC for "incorrect" of the semantic
    /// disagreement 1 − S_y (the share of samples outside the text's meaning at the shipped τ;
    /// the input the semantic samples models add).
    pub baseline_semantic_disagreement: Option<(u64, f64, f64)>,
}

/// Reads the embedding cosines of `rows` from `path` (JSON lines `{text, cosine}` in the rows'
/// order, written by the semantic crate's `triviaqa_semantic --write-cosines`; core's
/// `samples::parse_cosine_lines`).
///
/// # Errors
/// A message naming the file (and the line) when it cannot be read or does not fit the rows.
pub fn read_cosines(path: &Path, rows: &[EvidenceRow]) -> Result<Vec<CosineMatrix>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let answers: Vec<(&str, usize)> = rows
        .iter()
        .map(|r| (r.text.as_str(), r.samples.as_ref().map_or(0, Vec::len)))
        .collect();
    parse_cosine_lines(&text, &answers).map_err(|e| format!("{}: {e}", path.display()))
}

/// Audits `rows` in every tier with `scorer` and builds the report; with `cosines` (one per row),
/// also the samples and combined tiers with the samples compared by embedding ("samples+semantic",
/// "combined+semantic").
pub fn report(
    scorer: &Scorer,
    rows: &[EvidenceRow],
    cosines: Option<&[CosineMatrix]>,
) -> TriviaReport {
    let rows: Vec<(&EvidenceRow, Option<&CosineMatrix>)> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| (r, cosines.and_then(|c| c.get(i))))
        .filter(|(r, _)| !r.text.is_empty())
        .collect();
    let mut tiers = Vec::new();
    let mut keys = vec![
        (Tier::Intrinsic, false),
        (Tier::Logprobs, false),
        (Tier::Samples, false),
        (Tier::Combined, false),
    ];
    if cosines.is_some() {
        keys.extend([(Tier::Samples, true), (Tier::Combined, true)]);
    }
    for (tier, semantic) in keys {
        let (use_lp, use_s) = match tier {
            Tier::Intrinsic => (false, false),
            Tier::Logprobs => (true, false),
            Tier::Samples => (false, true),
            Tier::Combined => (true, true),
        };
        let (mut h, mut v, mut l) = (Vec::new(), Vec::new(), Vec::new());
        for (r, cosine) in &rows {
            if (use_lp && r.logprobs.is_none())
                || (use_s && r.samples.is_none())
                || (semantic && cosine.is_none())
            {
                continue;
            }
            let req = AuditRequest {
                text: r.text.clone(),
                prompt: Some(r.prompt.clone()),
                logprobs: if use_lp { r.logprobs.clone() } else { None },
                samples: if use_s { r.samples.clone() } else { None },
                ..Default::default()
            };
            let judge = match cosine {
                Some(c) if semantic => SampleJudge::Embedding(c),
                _ => SampleJudge::Lexical,
            };
            let a =
                scorer.audit_judged(&req, Mode::Managed, 0.0, &CalibrationRegistry::new(), judge);
            h.push(a.height);
            v.push(a.verdict);
            l.push(r.label);
        }
        tiers.push(TierRow {
            tier: if semantic {
                format!("{}+semantic", tier.as_str())
            } else {
                tier.as_str().into()
            },
            n: h.len() as u64,
            report: evaluate(&h, &v, &l),
        });
    }
    let wrong: Vec<bool> = rows.iter().map(|(r, _)| r.label == 1).collect();
    let nll: Vec<f64> = rows
        .iter()
        .map(|(r, _)| {
            r.logprobs
                .as_ref()
                .filter(|lp| !lp.is_empty())
                .map_or(0.0, |lp| {
                    -lp.iter().map(|t| t.logprob.max(-50.0)).sum::<f64>() / lp.len() as f64
                })
        })
        .collect();
    let len: Vec<f64> = rows
        .iter()
        .map(|(r, _)| r.text.chars().count() as f64)
        .collect();
    // E_y (`tau` None) or the semantic disagreement at τ of every row with samples (and cosines).
    let samples_baseline = |tau: Option<f64>| {
        let (mut x, mut y) = (Vec::new(), Vec::new());
        for (r, cosine) in &rows {
            let judge = match (tau, cosine) {
                (None, _) => PairJudge::Lexical,
                (Some(equivalent_at), Some(cosine)) => PairJudge::Embedding {
                    cosine,
                    equivalent_at,
                },
                (Some(_), None) => continue,
            };
            if r.samples.is_none() {
                continue;
            }
            let req = AuditRequest {
                text: r.text.clone(),
                prompt: Some(r.prompt.clone()),
                samples: r.samples.clone(),
                ..Default::default()
            };
            let ev = Evidence::of(&req, judge);
            let input = ev.inputs(ev.samples.as_ref())[if tau.is_some() {
                SEMANTIC_DISAGREEMENT
            } else {
                DISAGREEMENT
            }];
            // (No samples, or a cosine matrix that does not fit them: no input.)
            if input.is_finite() {
                x.push(input);
                y.push(r.label == 1);
            }
        }
        (!x.is_empty()).then(|| (x.len() as u64, auroc(&x, &y)))
    };
    let baseline_disagreement = samples_baseline(None);
    let baseline_semantic_disagreement = scorer
        .semantic_equivalent_at()
        .filter(|_| cosines.is_some())
        .and_then(|tau| samples_baseline(Some(tau)).map(|(n, a)| (n, tau, a)));
    let n = rows.len() as u64;
    TriviaReport {
        n,
        accuracy: if n == 0 {
            0.0
        } else {
            wrong.iter().filter(|w| !**w).count() as f64 / n as f64
        },
        tiers,
        baseline_mean_logprob_auroc: auroc(&nll, &wrong),
        baseline_length_auroc: auroc(&len, &wrong),
        baseline_disagreement,
        baseline_semantic_disagreement,
    }
}

/// The report as a Markdown table.
pub fn markdown(r: &TriviaReport) -> String {
    let mut s = format!(
        "TriviaQA: {} answers, accuracy {:.1}% (alias match)\n\n| tier | n | AUROC | ECE_15 | Brier | mean height |\n|---|---:|---:|---:|---:|---:|\n",
        r.n,
        100.0 * r.accuracy
    );
    for t in &r.tiers {
        s.push_str(&format!(
            "| {} | {} | {:.4} | {:.4} | {:.4} | {:.3} |\n",
            t.tier, t.n, t.report.auroc, t.report.ece_15, t.report.brier, t.report.mean_height
        ));
    }
    s.push_str(&format!(
        "| baseline: mean token logprob | {} | {:.4} | | | |\n| baseline: length | {} | {:.4} | | | |\n",
        r.n, r.baseline_mean_logprob_auroc, r.n, r.baseline_length_auroc
    ));
    if let Some((n, a)) = r.baseline_disagreement {
        s.push_str(&format!(
            "| baseline: disagreement E_y with the samples | {n} | {a:.4} | | | |\n"
        ));
    }
    if let Some((n, tau, a)) = r.baseline_semantic_disagreement {
        s.push_str(&format!(
            "| baseline: semantic disagreement (τ {tau:.2}) | {n} | {a:.4} | | | |\n"
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squad_normalisation_and_whole_word_alias_match() {
        assert_eq!(normalise("The  Eiffel-Tower, Paris!"), "eiffeltower paris");
        let aliases = vec!["Edward III".to_string(), "Edward 3".to_string()];
        assert!(alias_match("King Edward III of England.", &aliases));
        assert!(!alias_match("King Edward II", &aliases));
        assert!(!alias_match("Edwardian era", &["Edward".to_string()]));
        assert!(alias_match("an onion", &["Onion".to_string()]));
        assert!(!alias_match(
            "anything",
            &["".to_string(), "The".to_string()]
        ));
    }

    #[test]
    fn report_splits_tiers_and_baselines() {
        let tok = |lp: f64| TokenLogprob {
            token: "x".into(),
            logprob: lp,
            top_logprobs: vec![],
        };
        let rows: Vec<EvidenceRow> = (0..40)
            .map(|i| EvidenceRow {
                id: format!("q{i}"),
                group: format!("q{i}"),
                prompt: question_prompt("Which city is the capital of France?"),
                text: if i % 4 == 0 {
                    "Paris".into()
                } else {
                    format!("Lyon {i}")
                },
                label: u8::from(i % 4 != 0),
                logprobs: Some(vec![tok(if i % 4 == 0 { -0.1 } else { -3.0 })]),
                samples: (i % 2 == 0).then(|| vec!["Paris".to_string(), "Lyon".to_string()]),
            })
            .collect();
        let r = report(&Scorer::embedded(), &rows, None);
        assert_eq!(r.n, 40);
        assert!((r.accuracy - 0.25).abs() < 1e-12);
        let n: Vec<u64> = r.tiers.iter().map(|t| t.n).collect();
        assert_eq!(n, vec![40, 40, 20, 20]);
        assert_eq!(r.baseline_mean_logprob_auroc, 1.0);
        let (n_samples, _) = r.baseline_disagreement.expect("rows with samples");
        assert_eq!(n_samples, 20);
        assert!(
            r.baseline_semantic_disagreement.is_none(),
            "no cosines given"
        );
        let md = markdown(&r);
        assert!(md.contains("| combined | 20 |"));
        assert!(md.contains("| baseline: disagreement E_y with the samples | 20 |"));
    }
}
