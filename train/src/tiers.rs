//! Trains the evidence-tier models (core `tiers`) on a language model's own TriviaQA answers with
//! their token log-probabilities and samples, gathered exactly as the service gathers them
//! (`train/data/triviaqa-smollm2.service.evidence.jsonl`, written by `epistemic-audit eval
//! --triviaqa … --evidence-out`: the service's instruction prompt, teacher-forced
//! log-probabilities, samples at the service's temperature; README "Evidence tiers"), and writes
//! `core/src/weights/tiers_generated.rs` and `tiers_report.md`. (The first training set,
//! `triviaqa-smollm2.evidence.jsonl`, was gathered with another prompt — one worked example and
//! no instruction — by `scripts/triviaqa_evidence.py`; its answers are shorter, and which token
//! statistic ranks them best differs from the service's, so it is kept for the record only.)
//!
//! The semantic models of the samples and combined tiers (core `TierKey::semantic`) are fitted
//! on the same rows with the samples also clustered by meaning — the cosine of all-MiniLM-L6-v2
//! sentence embeddings at or above τ, and no conflicting names, numbers or years (core
//! `tiers::Evidence::of`) — so that the semantic disagreement (the share of samples that do not
//! say what the text says) is an input next to the lexical E_y. The cosines are read from
//! `train/data/triviaqa-smollm2.service.cosines.jsonl` (one (K+1)×(K+1) matrix over
//! `[answer, samples…]` per evidence row, written by `cargo run --release -p
//! epistemic-audit-semantic --example triviaqa_semantic -- --write-cosines`), so training needs no
//! model. τ, the cosine at which two answers count as equivalent, is the threshold of the
//! clustering, so it is chosen from [`EQUIVALENT_AT_GRID`] where the semantic disagreement (the
//! share of samples outside the text's meaning) ranks wrong answers best on its own (its AUROC for
//! "incorrect" on all rows, the smallest τ on a tie), as the semantic crate's `triviaqa_semantic`
//! measurement chose its τ; the report lists the semantic samples model's out-of-fold AUROC at
//! every τ next to it.
//!
//! Per tier: a logistic regression of "incorrect" with the intrinsic logit z₀ as an offset, a
//! free intercept (the training set's base-rate correction, not shipped) and sign-constrained
//! L2-penalised weights on the tier's standardised inputs ([`TIER_FEATURES`], [`TIER_SIGNS`]),
//! fitted by projected accelerated gradient descent (FISTA, Beck & Teboulle 2009, projecting
//! onto the sign constraints). Quality: 10-fold out-of-fold AUROC of z₀ + shift, with folds
//! grouped by question and stratified by label, next to z₀ alone and single statistics.

use epistemic_audit_core::evaluation::auroc;
use epistemic_audit_core::features::extract;
use epistemic_audit_core::model::sigmoid;
use epistemic_audit_core::samples::{parse_cosine_lines, CosineMatrix, PairJudge};
use epistemic_audit_core::scorer::TaskModel;
use epistemic_audit_core::text::{fnv1a, FNV_OFFSET};
use epistemic_audit_core::tiers::{
    linear_shift, standardise, uses, Evidence, TierKey, DISAGREEMENT, MODEL_TIERS, N_TIER,
    SEMANTIC_DISAGREEMENT, TIER_FEATURES, TIER_SIGNS,
};
use epistemic_audit_core::types::{AuditRequest, Tier, TokenLogprob};
use epistemic_audit_core::weights::raw_kinds;
use serde::Deserialize;
use std::fmt::Write as _;
use std::path::Path;

/// Inverse L2 strength of the tier models (per-row log-loss summed; λ = 1/C on weights of
/// standardised inputs).
pub const C_TIER: f64 = 1.0;
/// Gradient iterations of the projected FISTA fit.
const ITERATIONS: usize = 4000;
/// Candidate τ (embedding cosine at which two samples are equivalent) of the semantic models:
/// 0.30, 0.35, …, 0.95. (The semantic crate's `triviaqa_semantic` measurement searched 0.50–0.95;
/// SmolLM2's answers and samples have a mean cosine of about 0.2, so lower thresholds are tried
/// too.)
pub const EQUIVALENT_AT_GRID: [f64; 14] = [
    0.30, 0.35, 0.40, 0.45, 0.50, 0.55, 0.60, 0.65, 0.70, 0.75, 0.80, 0.85, 0.90, 0.95,
];

/// One evidence row.
#[derive(Debug, Deserialize)]
pub struct EvidenceRow {
    /// Group id (folds).
    pub group: String,
    /// The question.
    pub prompt: String,
    /// The model's greedy answer.
    pub text: String,
    /// 1 = incorrect (no alias matched), 0 = correct.
    pub label: u8,
    /// Log-probabilities of the answer's own tokens.
    #[serde(default)]
    pub logprobs: Option<Vec<TokenLogprob>>,
    /// Sampled answers.
    #[serde(default)]
    pub samples: Option<Vec<String>>,
    /// Embedding cosines over `[text, samples…]` (from the cosines file; not in the evidence).
    #[serde(skip)]
    pub cosine: Option<CosineMatrix>,
}

/// The cosines file that belongs to an evidence file: `X.evidence.jsonl` → `X.cosines.jsonl`.
pub fn cosines_path(evidence: &Path) -> std::path::PathBuf {
    let name = evidence
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    evidence.with_file_name(name.replace(".evidence.jsonl", ".cosines.jsonl"))
}

/// Reads the cosines file into `rows` (same order, same texts; core's
/// `samples::parse_cosine_lines`).
///
/// # Errors
/// When the file cannot be read, or does not fit the rows (the file and line named).
pub fn attach_cosines(rows: &mut [EvidenceRow], path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let answers: Vec<(&str, usize)> = rows
        .iter()
        .map(|r| (r.text.as_str(), r.samples.as_ref().map_or(0, Vec::len)))
        .collect();
    let matrices =
        parse_cosine_lines(&text, &answers).map_err(|e| format!("{}: {e}", path.display()))?;
    for (row, m) in rows.iter_mut().zip(matrices) {
        row.cosine = Some(m);
    }
    Ok(())
}

/// Reads the evidence file.
pub fn load(path: &Path) -> Result<Vec<EvidenceRow>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str(l).map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))
        })
        .collect()
}

/// A fitted tier model in standardised coordinates.
#[derive(Debug, Clone)]
pub struct Fit {
    /// The model fitted.
    pub key: TierKey,
    /// Intercept on top of the offset (the training set's base-rate correction; not shipped).
    pub intercept: f64,
    /// Means of the inputs.
    pub mean: [f64; N_TIER],
    /// Standard deviations.
    pub std: [f64; N_TIER],
    /// Weights (0 for unused inputs).
    pub weight: [f64; N_TIER],
}

impl Fit {
    /// The shift of the offset (without the intercept), nats.
    pub fn shift(&self, x: &[f64; N_TIER]) -> f64 {
        linear_shift(self.key, &self.weight, &self.mean, &self.std, x).0
    }
}

/// Fits the offset logistic regression of `wrong` on `xs` (offset `z0`) for model `key`.
pub fn fit(key: TierKey, xs: &[[f64; N_TIER]], z0: &[f64], wrong: &[bool]) -> Fit {
    let mut mean = [0.0; N_TIER];
    let mut std = [1.0; N_TIER];
    for i in (0..N_TIER).filter(|&i| uses(key, i)) {
        let v: Vec<f64> = xs.iter().map(|x| x[i]).filter(|v| v.is_finite()).collect();
        if v.is_empty() {
            continue;
        }
        let m = v.iter().sum::<f64>() / v.len() as f64;
        let s = (v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / v.len() as f64).sqrt();
        mean[i] = m;
        std[i] = if s > 1e-9 { s } else { 1.0 };
    }
    let z: Vec<[f64; N_TIER]> = xs
        .iter()
        .map(|x| {
            let mut o = [0.0; N_TIER];
            for i in (0..N_TIER).filter(|&i| uses(key, i)) {
                o[i] = standardise(x[i], mean[i], std[i]);
            }
            o
        })
        .collect();
    let lambda = 1.0 / C_TIER;
    // Lipschitz bound of the gradient: ¼·Σ‖(1, z)‖² + λ.
    let lip = 0.25
        * z.iter()
            .map(|r| 1.0 + r.iter().map(|v| v * v).sum::<f64>())
            .sum::<f64>()
        + lambda;
    let step = 1.0 / lip;
    let project = |w: &mut [f64; N_TIER + 1]| {
        for i in 0..N_TIER {
            if !uses(key, i) || w[i + 1] * TIER_SIGNS[i] < 0.0 {
                w[i + 1] = 0.0;
            }
        }
    };
    let mut w = [0.0; N_TIER + 1];
    let mut y = w;
    let mut t = 1.0f64;
    for _ in 0..ITERATIONS {
        let mut g = [0.0; N_TIER + 1];
        for ((r, &lab), &off) in z.iter().zip(wrong).zip(z0) {
            let s = off + y[0] + (0..N_TIER).map(|i| y[i + 1] * r[i]).sum::<f64>();
            let d = sigmoid(s) - if lab { 1.0 } else { 0.0 };
            g[0] += d;
            for i in 0..N_TIER {
                g[i + 1] += d * r[i];
            }
        }
        for i in 1..=N_TIER {
            g[i] += lambda * y[i];
        }
        let mut next = y;
        for i in 0..=N_TIER {
            next[i] -= step * g[i];
        }
        project(&mut next);
        let t_next = (1.0 + (1.0 + 4.0 * t * t).sqrt()) / 2.0;
        for i in 0..=N_TIER {
            y[i] = next[i] + (t - 1.0) / t_next * (next[i] - w[i]);
        }
        project(&mut y);
        w = next;
        t = t_next;
    }
    let mut weight = [0.0; N_TIER];
    weight.copy_from_slice(&w[1..]);
    Fit {
        key,
        intercept: w[0],
        mean,
        std,
        weight,
    }
}

/// Everything measured and fitted for one tier model.
pub struct TierResult {
    /// The model.
    pub key: TierKey,
    /// τ of a semantic model ([`EQUIVALENT_AT_GRID`]); the lexical threshold otherwise.
    pub equivalent_at: f64,
    /// Shipped model.
    pub fit: Fit,
    /// Out-of-fold logits (offset + intercept + shift).
    pub oof: Vec<f64>,
    /// Out-of-fold logits of the offset and intercept alone (the intrinsic baseline).
    pub oof_intrinsic: Vec<f64>,
    /// Labels: incorrect.
    pub wrong: Vec<bool>,
    /// For a semantic model: how its semantic input was selected ([`Selection`]); `None` for a
    /// lexical model.
    pub selection: Option<Selection>,
}

/// The one-standard-error choice between a semantic model and the lexical model of its tier
/// (the same model without the semantic disagreement), from their AUROCs for "incorrect" in
/// each cross-validation fold.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Selection {
    /// Whether the semantic input was kept (otherwise the lexical model's fit ships).
    pub kept: bool,
    /// The semantic disagreement's weight as fitted on all rows (nats per SD), kept or not.
    pub fitted_weight: f64,
    /// Pooled out-of-fold AUROC of the model fitted with the semantic input.
    pub pooled_with: f64,
    /// Mean over folds of the within-fold AUROC, with the semantic input.
    pub cv_with: f64,
    /// The same without it (the lexical model of the tier).
    pub cv_without: f64,
    /// Standard error of the better model's mean: sample SD of its fold AUROCs / √folds.
    pub se: f64,
}

/// The intrinsic logit of every row: the embedded model of the row's task kind on its text and
/// prompt.
pub fn intrinsic_logits(rows: &[EvidenceRow]) -> Result<Vec<f64>, String> {
    let models: Vec<TaskModel> = raw_kinds()
        .iter()
        .map(TaskModel::from_raw)
        .collect::<Result<_, _>>()?;
    Ok(rows
        .iter()
        .map(|r| {
            let x = extract(&r.text, Some(&r.prompt), None);
            let m = models
                .iter()
                .find(|m| m.kind == x.kind)
                .expect("one model per kind");
            m.model.score(&x).logit
        })
        .collect())
}

/// The tier inputs of every row, the samples compared lexically (`equivalent_at` `None`) or also
/// clustered by meaning at τ = `equivalent_at` (rows without cosines: lexically).
pub fn inputs(rows: &[EvidenceRow], equivalent_at: Option<f64>) -> Vec<[f64; N_TIER]> {
    rows.iter()
        .map(|r| {
            let req = AuditRequest {
                text: r.text.clone(),
                prompt: Some(r.prompt.clone()),
                logprobs: r.logprobs.clone(),
                samples: r.samples.clone(),
                ..Default::default()
            };
            let judge = match (equivalent_at, r.cosine.as_ref()) {
                (Some(tau), Some(cosine)) => PairJudge::Embedding {
                    cosine,
                    equivalent_at: tau,
                },
                _ => PairJudge::Lexical,
            };
            let ev = Evidence::of(&req, judge);
            ev.inputs(ev.samples.as_ref())
        })
        .collect()
}

/// Folds stratified by label and grouped by `group`: groups are ordered by (label of their
/// first row, FNV-1a hash of the group id) and dealt to folds in turn, so every fold holds the
/// same share of correct answers. With few correct answers, unstratified folds make the
/// out-of-fold intercepts anti-correlated with the labels (a fold rich in correct answers
/// trains on a sample poor in them), which swamps weak features that take few distinct values.
pub fn stratified_folds(rows: &[EvidenceRow], folds: usize) -> Vec<usize> {
    let mut groups: Vec<(u8, u64, &str)> = Vec::new();
    for r in rows {
        if !groups.iter().any(|g| g.2 == r.group) {
            groups.push((r.label, fnv1a(FNV_OFFSET, r.group.as_bytes()), &r.group));
        }
    }
    groups.sort();
    let fold_of_group: std::collections::HashMap<&str, usize> = groups
        .iter()
        .enumerate()
        .map(|(i, g)| (g.2, i % folds))
        .collect();
    rows.iter()
        .map(|r| fold_of_group[r.group.as_str()])
        .collect()
}

/// Out-of-fold logits of model `key` on inputs `xs` (and of the intrinsic baseline), and the
/// model fitted on all rows.
fn cross_fit(
    key: TierKey,
    xs: &[[f64; N_TIER]],
    z0: &[f64],
    wrong: &[bool],
    fold: &[usize],
    folds: usize,
) -> (Fit, Vec<f64>, Vec<f64>) {
    let n = xs.len();
    let mut oof = vec![0.0; n];
    let mut oof_intrinsic = vec![0.0; n];
    for f in 0..folds {
        let train: Vec<usize> = (0..n).filter(|&i| fold[i] != f).collect();
        let tx: Vec<[f64; N_TIER]> = train.iter().map(|&i| xs[i]).collect();
        let tz: Vec<f64> = train.iter().map(|&i| z0[i]).collect();
        let ty: Vec<bool> = train.iter().map(|&i| wrong[i]).collect();
        let m = fit(key, &tx, &tz, &ty);
        let intrinsic = TierKey {
            tier: Tier::Intrinsic,
            semantic: false,
        };
        let base = fit(intrinsic, &tx, &tz, &ty);
        for i in (0..n).filter(|&i| fold[i] == f) {
            oof[i] = z0[i] + m.intercept + m.shift(&xs[i]);
            oof_intrinsic[i] = z0[i] + base.intercept;
        }
    }
    (fit(key, xs, z0, wrong), oof, oof_intrinsic)
}

/// One τ of [`EQUIVALENT_AT_GRID`]: the AUROC for "incorrect" of the semantic disagreement at τ,
/// and the out-of-fold AUROC of the semantic samples model fitted at τ.
#[derive(Debug, Clone, Copy)]
pub struct TauRow {
    /// τ.
    pub tau: f64,
    /// AUROC of the semantic disagreement alone (no fitting).
    pub alone_auroc: f64,
    /// Out-of-fold AUROC of intrinsic logit + semantic samples shift.
    pub model_auroc: f64,
}

/// Trains every model of [`MODEL_TIERS`] on `rows`; the semantic ones need every row's cosines
/// ([`attach_cosines`]). Also returns what was measured at each τ of [`EQUIVALENT_AT_GRID`].
pub fn train(rows: &[EvidenceRow], folds: usize) -> Result<(Vec<TierResult>, Vec<TauRow>), String> {
    if rows.iter().any(|r| r.cosine.is_none()) {
        return Err("the semantic tier models need the cosines of every evidence row".into());
    }
    let z0 = intrinsic_logits(rows)?;
    let lexical = inputs(rows, None);
    let wrong: Vec<bool> = rows.iter().map(|r| r.label == 1).collect();
    let fold = stratified_folds(rows, folds);
    let semantic_samples = TierKey {
        tier: Tier::Samples,
        semantic: true,
    };
    let mut grid = Vec::new();
    let mut best: Option<(f64, f64, Vec<[f64; N_TIER]>)> = None;
    for tau in EQUIVALENT_AT_GRID {
        let xs = inputs(rows, Some(tau));
        let alone: Vec<f64> = xs.iter().map(|x| x[SEMANTIC_DISAGREEMENT]).collect();
        let alone_auroc = auroc(&alone, &wrong);
        let (_, oof, _) = cross_fit(semantic_samples, &xs, &z0, &wrong, &fold, folds);
        grid.push(TauRow {
            tau,
            alone_auroc,
            model_auroc: auroc(&oof, &wrong),
        });
        if best.as_ref().is_none_or(|b| alone_auroc > b.1) {
            best = Some((tau, alone_auroc, xs));
        }
    }
    let (tau, _, semantic) = best.ok_or("empty τ grid")?;
    let mut out = Vec::new();
    for key in MODEL_TIERS {
        let (xs, equivalent_at) = if key.semantic {
            (&semantic, tau)
        } else {
            (&lexical, epistemic_audit_core::samples::EQUIVALENT_AT)
        };
        let (fit, oof, oof_intrinsic) = cross_fit(key, xs, &z0, &wrong, &fold, folds);
        out.push(TierResult {
            key,
            equivalent_at,
            fit,
            oof,
            oof_intrinsic,
            wrong: wrong.clone(),
            selection: None,
        });
    }
    keep_semantic_only_where_it_helps(&mut out, &wrong, &fold, folds);
    Ok((out, grid))
}

/// Mean and standard error (sample SD / √k) of the within-fold AUROCs for "incorrect" of
/// out-of-fold scores `oof`, over the folds that hold both labels.
fn fold_aurocs(oof: &[f64], wrong: &[bool], fold: &[usize], folds: usize) -> (f64, f64) {
    let per_fold: Vec<f64> = (0..folds)
        .filter_map(|f| {
            let (s, w): (Vec<f64>, Vec<bool>) = (0..oof.len())
                .filter(|&i| fold[i] == f)
                .map(|i| (oof[i], wrong[i]))
                .unzip();
            (w.iter().any(|&x| x) && w.iter().any(|&x| !x)).then(|| auroc(&s, &w))
        })
        .collect();
    let k = per_fold.len() as f64;
    if k < 2.0 {
        return (per_fold.first().copied().unwrap_or(0.5), f64::INFINITY);
    }
    let mean = per_fold.iter().sum::<f64>() / k;
    let var = per_fold.iter().map(|a| (a - mean).powi(2)).sum::<f64>() / (k - 1.0);
    (mean, (var / k).sqrt())
}

/// Nested-model selection on the training rows by the **one-standard-error rule** (Breiman,
/// Friedman, Olshen & Stone 1984, §3.4.3; Hastie, Tibshirani & Friedman 2009, §7.10): of a
/// semantic model and the lexical model of the same tier (the model without the semantic
/// disagreement), take the simpler one unless the semantic model's cross-validated AUROC (the
/// mean of its within-fold AUROCs) exceeds the lexical one's by more than one standard error
/// of that mean. A dropped input ships the lexical model's fit — the semantic disagreement's
/// weight 0, every other weight the lexical one's — and its out-of-fold logits; the semantic
/// disagreement is still computed and reported. The other inputs a semantic model reads are the
/// lexical model's (E_y stays lexical; core `tiers::Evidence::inputs`), so the shipped shift is
/// then the lexical tier's exactly. Every semantic model records the comparison in
/// [`TierResult::selection`].
fn keep_semantic_only_where_it_helps(
    results: &mut [TierResult],
    wrong: &[bool],
    fold: &[usize],
    folds: usize,
) {
    for i in 0..results.len() {
        if !results[i].key.semantic {
            continue;
        }
        let Some(j) = results
            .iter()
            .position(|r| !r.key.semantic && r.key.tier == results[i].key.tier)
        else {
            continue;
        };
        let (cv_with, se_with) = fold_aurocs(&results[i].oof, wrong, fold, folds);
        let (cv_without, se_without) = fold_aurocs(&results[j].oof, wrong, fold, folds);
        let kept = cv_with - se_with > cv_without;
        let selection = Selection {
            kept,
            fitted_weight: results[i].fit.weight[SEMANTIC_DISAGREEMENT],
            pooled_with: auroc(&results[i].oof, wrong),
            cv_with,
            cv_without,
            se: if cv_with >= cv_without {
                se_with
            } else {
                se_without
            },
        };
        results[i].selection = Some(selection);
        if kept {
            continue;
        }
        let mut fit = results[j].fit.clone();
        fit.key = results[i].key;
        fit.mean[SEMANTIC_DISAGREEMENT] = results[i].fit.mean[SEMANTIC_DISAGREEMENT];
        fit.std[SEMANTIC_DISAGREEMENT] = results[i].fit.std[SEMANTIC_DISAGREEMENT];
        fit.weight[SEMANTIC_DISAGREEMENT] = 0.0;
        results[i].oof = results[j].oof.clone();
        results[i].oof_intrinsic = results[j].oof_intrinsic.clone();
        results[i].fit = fit;
    }
}

fn slice(v: &[f64]) -> String {
    format!(
        "&[{}]",
        v.iter()
            .map(|x| format!("{x:?}"))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// Markdown table of the tiers' held-out quality, with the simple baselines.
/// Markdown table of the tiers' held-out quality, with the simple baselines and the out-of-fold
/// AUROC of the semantic samples model at each τ of `grid`.
pub fn report(
    rows: &[EvidenceRow],
    results: &[TierResult],
    grid: &[TauRow],
    folds: usize,
) -> String {
    let mut s = String::new();
    let xs = inputs(rows, None);
    let n = rows.len();
    let correct = rows.iter().filter(|r| r.label == 0).count();
    let _ = writeln!(s, "Evidence tiers: {n} answers of the upstream model to TriviaQA dev questions, {correct} correct ({:.1}%); {folds}-fold out-of-fold logits, folds grouped by question and stratified by label.\n", 100.0 * correct as f64 / n.max(1) as f64);
    let _ = writeln!(
        s,
        "| tier | AUROC (text + tier) | AUROC (text alone) | weights, nats per SD |"
    );
    let _ = writeln!(s, "|---|---:|---:|---|");
    for r in results {
        let w: Vec<String> = (0..N_TIER)
            .filter(|&i| uses(r.key, i))
            .map(|i| format!("{} {:+.3}", TIER_FEATURES[i], r.fit.weight[i]))
            .collect();
        let name = if r.key.semantic {
            format!("{} (τ {:.2})", r.key.name(), r.equivalent_at)
        } else {
            r.key.name()
        };
        let dropped = r.selection.map_or_else(String::new, |c| {
            format!(
                " ({}: fitted {:+.3}, with it {:.4} pooled; mean fold AUROC {:.4} with, {:.4} without, SE {:.4})",
                if c.kept {
                    "semantic input kept"
                } else {
                    "semantic input not kept, within one SE"
                },
                c.fitted_weight,
                c.pooled_with,
                c.cv_with,
                c.cv_without,
                c.se
            )
        });
        let _ = writeln!(
            s,
            "| {} | {:.4} | {:.4} | {}{} |",
            name,
            auroc(&r.oof, &r.wrong),
            auroc(&r.oof_intrinsic, &r.wrong),
            w.join(", "),
            dropped
        );
    }
    let wrong: Vec<bool> = rows.iter().map(|r| r.label == 1).collect();
    let _ = writeln!(
        s,
        "\nSingle statistics (no fitting), AUROC for \"incorrect\" (higher = more doubt):\n"
    );
    let _ = writeln!(s, "| statistic | AUROC |");
    let _ = writeln!(s, "|---|---:|");
    let length: Vec<f64> = rows.iter().map(|r| r.text.chars().count() as f64).collect();
    let _ = writeln!(
        s,
        "| answer length (characters) | {:.4} |",
        auroc(&length, &wrong)
    );
    for (i, label) in [
        (0, "mean token NLL (−mean logprob)"),
        (1, "max token surprisal (−ln minP)"),
        (2, "mean token entropy"),
        (DISAGREEMENT, "disagreement E_y"),
    ] {
        let v: Vec<f64> = xs
            .iter()
            .map(|x| if x[i].is_finite() { x[i] } else { 0.0 })
            .collect();
        let _ = writeln!(s, "| {label} | {:.4} |", auroc(&v, &wrong));
    }
    let stats: Vec<(f64, f64)> = rows
        .iter()
        .map(|r| {
            let req = AuditRequest {
                text: r.text.clone(),
                samples: r.samples.clone(),
                ..Default::default()
            };
            Evidence::of(&req, PairJudge::Lexical)
                .samples
                .map_or((0.0, 0.0), |st| (st.dispersion, -st.support))
        })
        .collect();
    let g: Vec<f64> = stats.iter().map(|s| s.0).collect();
    let sup: Vec<f64> = stats.iter().map(|s| s.1).collect();
    let _ = writeln!(s, "| dispersion G | {:.4} |", auroc(&g, &wrong));
    let _ = writeln!(s, "| support S_y (negated) | {:.4} |", auroc(&sup, &wrong));
    // The shipped τ's single-input AUROC, measured when τ was chosen.
    if let Some(row) = results
        .iter()
        .find(|r| r.key.semantic)
        .and_then(|r| grid.iter().find(|g| g.tau == r.equivalent_at))
    {
        let _ = writeln!(
            s,
            "| semantic disagreement 1 − S_y by meaning (τ {:.2}) | {:.4} |",
            row.tau, row.alone_auroc
        );
    }
    let _ = writeln!(
        s,
        "\nBy τ, the cosine at which two answers are equivalent: AUROC of the semantic disagreement alone (the shipped τ is its best) and out-of-fold AUROC of the semantic samples model fitted at τ:\n"
    );
    let _ = writeln!(s, "| τ | semantic disagreement | samples+semantic model |");
    let _ = writeln!(s, "|---:|---:|---:|");
    for r in grid {
        let _ = writeln!(
            s,
            "| {:.2} | {:.4} | {:.4} |",
            r.tau, r.alone_auroc, r.model_auroc
        );
    }
    s
}

/// Writes `tiers_generated.rs` into `dir`: every model's τ, means, SDs, weights and AUROCs, and
/// the version tag `TIERS_VERSION` (`evidence_digest`, the FNV-1a state after the evidence and
/// cosine files, continued over the shipped numbers).
pub fn write(
    results: &[TierResult],
    dir: &Path,
    evidence: &Path,
    evidence_digest: u64,
) -> Result<(), String> {
    let mut tiers = String::new();
    // The tag also covers what was fitted from the evidence: a change of the intrinsic models
    // (the offsets) or of the selection rule changes the tier weights without changing the file.
    let mut version = evidence_digest;
    for r in results {
        for v in [r.equivalent_at]
            .iter()
            .chain(&r.fit.mean)
            .chain(&r.fit.std)
            .chain(&r.fit.weight)
        {
            version = fnv1a(version, &v.to_bits().to_le_bytes());
        }
        let _ = write!(
            tiers,
            "    RawTier {{\n        tier: {:?},\n        semantic: {},\n        equivalent_at: {:?},\n        mean: {},\n        std: {},\n        weight: {},\n        n: {},\n        auroc: {:?},\n        intrinsic_auroc: {:?},\n    }},\n",
            r.key.tier.as_str(),
            r.key.semantic,
            r.equivalent_at,
            slice(&r.fit.mean),
            slice(&r.fit.std),
            slice(&r.fit.weight),
            r.wrong.len(),
            auroc(&r.oof, &r.wrong),
            auroc(&r.oof_intrinsic, &r.wrong),
        );
    }
    let names: Vec<String> = TIER_FEATURES.iter().map(|n| format!("{n:?}")).collect();
    let evidence_name = evidence
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let src = format!(
        "// @generated by `cargo run --release -p epistemic-audit-train` from train/data/{evidence_name}\n// and the embedding cosines of its samples beside it.\n// Do not edit: rerun the trainer. See README \"Evidence tiers\".\nuse super::RawTier;\n\n/// Version tag of the tier models: FNV-1a of the evidence file, continued over its cosines file\n/// and over every shipped τ, mean, SD and weight.\npub const TIERS_VERSION: &str = \"tiers-{version:016x}\";\n\n/// Tier-model inputs the weights were trained with.\npub const TRAINED_TIER_FEATURES: [&str; {N_TIER}] = [{}];\n\npub(super) const TIERS: &[RawTier] = &[\n{tiers}];\n",
        names.join(", ")
    );
    std::fs::write(dir.join("tiers_generated.rs"), src)
        .map_err(|e| format!("tiers_generated.rs: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_semantic_input_is_kept_only_beyond_one_standard_error() {
        let wrong: Vec<bool> = (0..8).map(|i| i % 2 == 1).collect();
        let fold = [0, 0, 0, 0, 1, 1, 1, 1];
        let key = |tier, semantic| TierKey { tier, semantic };
        let result = |k: TierKey, oof: Vec<f64>, w: f64| TierResult {
            key: k,
            equivalent_at: 0.5,
            fit: Fit {
                key: k,
                intercept: 0.0,
                mean: [0.1; N_TIER],
                std: [1.0; N_TIER],
                weight: [0.2, 0.0, 0.0, 0.3, w],
            },
            oof_intrinsic: oof.clone(),
            oof,
            wrong: wrong.clone(),
            selection: None,
        };
        // Within-fold AUROC 1 in both folds.
        let perfect = vec![0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0];
        // 0.625 in both folds.
        let worse = vec![0.0, 1.0, 1.0, 0.5, 0.0, 1.0, 1.0, 0.5];
        // 1 in the first fold, 0.5 in the second: mean 0.75, SE 0.25.
        let noisy = vec![0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0];
        let mut r = vec![
            result(key(Tier::Samples, false), worse.clone(), 0.0),
            result(key(Tier::Combined, false), perfect.clone(), 0.0),
            result(key(Tier::Samples, true), perfect.clone(), 0.4),
            result(key(Tier::Combined, true), worse.clone(), 0.4),
        ];
        r[3].fit.weight[0] = 0.9;
        keep_semantic_only_where_it_helps(&mut r, &wrong, &fold, 2);
        // Samples: better in every fold, so it is kept as fitted.
        let c = r[2]
            .selection
            .expect("a semantic model records its selection");
        assert!(c.kept);
        assert_eq!((c.cv_with, c.cv_without, c.se), (1.0, 0.625, 0.0));
        assert_eq!(c.fitted_weight, 0.4);
        assert_eq!(r[2].fit.weight[SEMANTIC_DISAGREEMENT], 0.4);
        // Combined: worse, so the lexical fit ships under the semantic key.
        let c = r[3]
            .selection
            .expect("a semantic model records its selection");
        assert!(!c.kept);
        assert_eq!(
            (c.pooled_with, c.fitted_weight),
            (auroc(&worse, &wrong), 0.4)
        );
        assert_eq!(r[3].key, key(Tier::Combined, true));
        assert_eq!(r[3].fit.key, key(Tier::Combined, true));
        assert_eq!(r[3].fit.weight, [0.2, 0.0, 0.0, 0.3, 0.0]);
        assert_eq!(r[3].oof, perfect);
        assert!(r[0].selection.is_none() && r[1].selection.is_none());

        // Better on average, but by less than one standard error: the simpler model ships.
        let mut r = vec![
            result(key(Tier::Samples, false), worse.clone(), 0.0),
            result(key(Tier::Samples, true), noisy.clone(), 0.4),
        ];
        keep_semantic_only_where_it_helps(&mut r, &wrong, &fold, 2);
        let c = r[1]
            .selection
            .expect("a semantic model records its selection");
        assert!(!c.kept);
        assert!((c.cv_with - 0.75).abs() < 1e-12 && (c.se - 0.25).abs() < 1e-12);
        assert_eq!(r[1].fit.weight[SEMANTIC_DISAGREEMENT], 0.0);
        assert_eq!(r[1].oof, worse);
    }

    #[test]
    fn fit_respects_signs_and_learns_the_direction() {
        // wrong ⇔ high disagreement; NLL constructed *negatively* related to wrongness, which
        // its sign forbids: its weight must be clamped to 0.
        let mut xs = Vec::new();
        let mut y = Vec::new();
        for i in 0..200 {
            let d = (i % 20) as f64 / 20.0;
            let wrong = d > 0.5;
            xs.push([if wrong { 0.1 } else { 2.0 }, 1.0, f64::NAN, d, 0.0]);
            y.push(wrong);
        }
        let z0 = vec![1.0; 200];
        let key = |tier| TierKey {
            tier,
            semantic: false,
        };
        let f = fit(key(Tier::Combined), &xs, &z0, &y);
        assert!(f.weight[3] > 0.1, "{f:?}");
        assert_eq!(f.weight[0], 0.0, "{f:?}");
        assert!(f.shift(&xs[19]) > f.shift(&xs[0]));
        let s = fit(key(Tier::Samples), &xs, &z0, &y);
        assert_eq!(
            (s.weight[0], s.weight[1]),
            (0.0, 0.0),
            "logprob inputs unused by the samples tier"
        );
    }
}
