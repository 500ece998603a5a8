//! Trains the intrinsic tier's embedded model on `shared/data/halueval-*.dev.jsonl` and writes
//! `core/src/weights/generated.rs` plus one `*.ngrams.bin` table per task kind.
//!
//! Procedure (README "Training"): rows are routed to task kinds by `TaskKind::detect`; per kind,
//! k-fold cross-validation grouped by `group` selects the L2 strengths (grid below) by out-of-fold
//! AUROC; out-of-fold raw confidences are calibrated by isotonic regression or Platt scaling
//! (grounded kinds: [`humbler`], the humbler of a calibrator fitted on their style-controlled rows
//! and one fitted on all their rows) cross-fitted over the same folds, giving
//! held-out heights from which ECE (15 bins), Brier, AUROC, reliability bins and SGR thresholds
//! are measured. The shipped model is then refitted on the rows it is fitted on (grounded kinds:
//! the style-controlled rows) and the shipped calibrator on all out-of-fold confidences.

mod data;
mod emit;
mod lbfgs;
mod lexicon;
mod logreg;
mod synth;
mod tiers;

use clap::Parser;
use data::{fold_of, Origin, Row};
use epistemic_audit_core::calibration::{brier, ece, reliability_bins, Isotonic, Platt};
use epistemic_audit_core::evaluation::auroc;
use epistemic_audit_core::features::{TaskKind, DENSE_NAMES, GROUNDED_FEATURES};
use epistemic_audit_core::model::sigmoid;
use epistemic_audit_core::scorer::{Calibrator, ECE_BINS};
use epistemic_audit_core::verdict::Thresholds;
use logreg::Hyper;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Target risk of the verdict thresholds (DESIGN §2.5).
const TARGET_RISK: f64 = 0.10;
/// 1 − confidence of the thresholds' bounds.
const DELTA: f64 = 0.05;
/// Grid of the n-gram block's inverse L2 strength.
const GRID_C_NGRAM: [f64; 4] = [0.35, 0.7, 1.4, 2.8];
/// Grid of the dense block's inverse L2 strength.
const GRID_C_DENSE: [f64; 3] = [0.0005, 0.002, 0.01];
/// Grid of the n-gram minimum document frequency.
const GRID_MIN_DF: [u32; 1] = [2];
/// Grid of the grounded kinds' inverse L2 strength (support features only, no n-grams).
const GRID_C_GROUNDED: [f64; 3] = [0.01, 0.1, 1.0];
/// Quantiles of each dense feature kept as the range of a kind's calibration data (DESIGN §2.5
/// "Distribution shift").
const RANGE_QUANTILES: (f64, f64) = (0.005, 0.995);
/// The labeled dev files, in report order.
const FILES: [&str; 4] = [
    "halueval-general",
    "halueval-qa",
    "halueval-dialogue",
    "halueval-summarization",
];

#[derive(Parser, Debug)]
#[command(about = "Train the embedded intrinsic model on the dev data and write core/src/weights")]
struct Args {
    /// Folder with halueval-*.dev.jsonl.
    #[arg(long, env = "TRAIN_DATA_DIR", default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data"))]
    data: PathBuf,
    /// Where to write generated.rs and the n-gram tables.
    #[arg(long, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/../core/src/weights"))]
    out: PathBuf,
    /// Number of grouped folds.
    #[arg(long, default_value_t = 10)]
    folds: usize,
    /// Measure only; do not write the weights.
    #[arg(long)]
    dry_run: bool,
    /// Train only these task kinds (comma list; measuring only, implies --dry-run).
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Worker threads for the cross-validation fits.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Evidence of the tier models: an upstream model's TriviaQA answers with logprobs and
    /// samples, gathered as the service gathers them (`epistemic-audit eval --triviaqa
    /// --evidence-out`; README "Evidence tiers"). The semantic models read the embedding cosines
    /// of its samples from the file beside it named `….cosines.jsonl` for `….evidence.jsonl`.
    #[arg(long, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/data/triviaqa-smollm2.service.evidence.jsonl"))]
    evidence: PathBuf,
    /// Train only the evidence-tier models (seconds; the intrinsic weights are read as embedded).
    #[arg(long)]
    tiers_only: bool,
    /// Train and write only the intrinsic models (the tier models are fitted on the embedded
    /// intrinsic model: after a change of features, run this, rebuild, then `--tiers-only`).
    #[arg(long)]
    intrinsic_only: bool,
    /// Write every row's out-of-fold height, label, origin, group, text, prompt, context and dense
    /// features to this JSONL file (for error analysis, and the input of the semantic crate's
    /// `grounded_support` example; nothing else changes).
    #[arg(long)]
    dump: Option<PathBuf>,
}

/// Runs `f` over `0..n` on `threads` workers, results in index order.
fn par_map<T: Send>(n: usize, threads: usize, f: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let mut out: Vec<Option<T>> = (0..n).map(|_| None).collect();
    let slots = std::sync::Mutex::new(&mut out);
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n {
                    break;
                }
                let v = f(i);
                slots.lock().expect("no worker panicked")[i] = Some(v);
            });
        }
    });
    out.into_iter().map(|v| v.expect("every job ran")).collect()
}

/// Out-of-fold logits of `rows` under `h`.
fn oof_logits(rows: &[&Row], folds: usize, h: Hyper, threads: usize) -> Vec<f64> {
    let fold: Vec<usize> = rows.iter().map(|r| fold_of(&r.group, folds)).collect();
    let per_fold = par_map(folds, threads, |f| {
        let train: Vec<&Row> = rows
            .iter()
            .zip(&fold)
            .filter(|(_, &k)| k != f)
            .map(|(r, _)| *r)
            .collect();
        let test: Vec<&Row> = rows
            .iter()
            .zip(&fold)
            .filter(|(_, &k)| k == f)
            .map(|(r, _)| *r)
            .collect();
        let m = logreg::fit(&train, h);
        logreg::predict(&m, &test)
    });
    let mut out = vec![0.0; rows.len()];
    let mut pos = vec![0usize; folds];
    for (i, &f) in fold.iter().enumerate() {
        out[i] = per_fold[f][pos[f]];
        pos[f] += 1;
    }
    out
}

/// The humbler of two calibrators at every raw confidence, made monotone: for each of `conf`,
/// the prediction of `own` or `pooled` nearer the base rate `b`, then an isotonic fit of those
/// targets on `conf` (PAV, `Isotonic::fit_targets`). A grounded kind's `own` calibrator is fitted
/// on its style-controlled rows, `pooled` on all its rows, natural and style-controlled. The
/// natural rows may make a height humbler, never sharper: on HaluEval's dialogue replies and
/// summaries the same support score means less than on the synthetic rows (a human reply or
/// highlight often goes beyond the passage), while what sharpens the pooled calibrator on its
/// QA rows is the writer (a human's short span against ChatGPT's sentence; length alone has
/// AUROC 0.97 there), which DESIGN §2.1 keeps out of the grounded kinds.
fn humbler(conf: &[f64], own: &Calibrator, pooled: &Calibrator, b: f64) -> Calibrator {
    let targets: Vec<f64> = conf
        .iter()
        .map(|&c| {
            let (u, v) = (own.predict(c), pooled.predict(c));
            if (u - b).abs() <= (v - b).abs() {
                u
            } else {
                v
            }
        })
        .collect();
    Calibrator::Isotonic(Isotonic::fit_targets(conf, &targets).expect("non-empty calibration data"))
}

/// Share of `correct` that is true (0 when empty).
fn rate(correct: &[bool]) -> f64 {
    correct.iter().filter(|c| **c).count() as f64 / correct.len().max(1) as f64
}

/// The confidences, labels and weights of the rows `keep` selects, in row order.
fn rows_where(
    conf: &[f64],
    correct: &[bool],
    weight: &[f64],
    keep: impl Fn(usize) -> bool,
) -> (Vec<f64>, Vec<bool>, Vec<f64>) {
    let mut out = (Vec::new(), Vec::new(), Vec::new());
    for i in (0..conf.len()).filter(|&i| keep(i)) {
        out.0.push(conf[i]);
        out.1.push(correct[i]);
        out.2.push(weight[i]);
    }
    out
}

/// Row weights that give the rows of `mask` and the others equal total weight: 1 on the rows of
/// `mask`, |mask| / |rest| on the rest (1 everywhere when either side is empty). A grounded
/// kind's pooled calibrator weighs its natural rows so: which mixture of natural and
/// style-controlled answers a user sends is unknown, and the pooled calibrator then describes
/// the even mixture rather than whichever row set the training data happens to hold more of.
fn equal_total_weight(mask: &[bool]) -> Vec<f64> {
    let inside = mask.iter().filter(|m| **m).count();
    let rest = mask.len() - inside;
    let w = if inside == 0 || rest == 0 {
        1.0
    } else {
        inside as f64 / rest as f64
    };
    mask.iter().map(|&m| if m { 1.0 } else { w }).collect()
}

/// Brier score with a weight per item: Σ wᵢ (pᵢ − yᵢ)² / Σ wᵢ.
fn weighted_brier(p: &[f64], correct: &[bool], w: &[f64]) -> f64 {
    let num: f64 = p
        .iter()
        .zip(correct)
        .zip(w)
        .map(|((&p, &y), &w)| w * (p - f64::from(u8::from(y))).powi(2))
        .sum();
    num / w.iter().sum::<f64>()
}

/// Held-out heights: per fold, the calibrator `fit` builds from the other folds' rows (its
/// argument tells whether row `i` is one of them), applied to every row of the fold.
fn cross_fit(
    conf: &[f64],
    fold: &[usize],
    folds: usize,
    fit: impl Fn(&dyn Fn(usize) -> bool) -> Calibrator,
) -> Vec<f64> {
    let mut h = vec![0.0; conf.len()];
    for f in 0..folds {
        let cal = fit(&|i| fold[i] != f);
        for i in (0..conf.len()).filter(|&i| fold[i] == f) {
            h[i] = cal.predict(conf[i]);
        }
    }
    h
}

/// Held-out heights of the calibrator `method` fitted on the rows of `mask` with row weights
/// `weight` ([`cross_fit`]).
fn cross_fit_heights(
    conf: &[f64],
    correct: &[bool],
    fold: &[usize],
    folds: usize,
    method: Method,
    (mask, weight): (&[bool], &[f64]),
) -> Vec<f64> {
    cross_fit(conf, fold, folds, |train| {
        let (c, y, w) = rows_where(conf, correct, weight, |i| train(i) && mask[i]);
        fit_calibrator(&c, &y, &w, method)
    })
}

/// Held-out heights of [`humbler`] ([`cross_fit`]): `own` (method `m_own`) fitted on the rows of
/// `own_rows`, `pooled` (method `m_pooled`) on all rows with weights `pool_weight`, their humbler
/// envelope on all rows' confidences, each on the other folds.
fn cross_fit_humbler(
    conf: &[f64],
    correct: &[bool],
    fold: &[usize],
    folds: usize,
    (m_own, own_rows): (Method, &[bool]),
    (m_pooled, pool_weight): (Method, &[f64]),
) -> Vec<f64> {
    let ones = vec![1.0; conf.len()];
    cross_fit(conf, fold, folds, |train| {
        let (c_own, y_own, w_own) = rows_where(conf, correct, &ones, |i| train(i) && own_rows[i]);
        let (c_all, y_all, w_all) = rows_where(conf, correct, pool_weight, train);
        humbler(
            &c_all,
            &fit_calibrator(&c_own, &y_own, &w_own, m_own),
            &fit_calibrator(&c_all, &y_all, &w_all, m_pooled),
            rate(&y_all),
        )
    })
}

/// Calibration method candidates.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Method {
    Isotonic,
    Platt,
}

/// The calibrator `method` fitted on `conf` and `correct` with a weight per row.
fn fit_calibrator(conf: &[f64], correct: &[bool], weight: &[f64], method: Method) -> Calibrator {
    match method {
        Method::Isotonic => {
            let t: Vec<f64> = correct.iter().map(|&o| f64::from(u8::from(o))).collect();
            Calibrator::Isotonic(
                Isotonic::fit_weighted(conf, &t, weight).expect("non-empty calibration data"),
            )
        }
        Method::Platt => Calibrator::Platt(
            Platt::fit_weighted(conf, correct, weight).expect("non-empty calibration data"),
        ),
    }
}

/// Out-of-fold AUROC of a length-only logistic model (the baseline).
fn length_baseline(rows: &[&Row], folds: usize) -> Vec<f64> {
    let fold: Vec<usize> = rows.iter().map(|r| fold_of(&r.group, folds)).collect();
    let mut p = vec![0.0; rows.len()];
    for f in 0..folds {
        let (s, y): (Vec<f64>, Vec<bool>) = rows
            .iter()
            .zip(&fold)
            .filter(|(_, &k)| k != f)
            .map(|(r, _)| (r.x.dense[0], r.hallucinated))
            .unzip();
        // Either direction: the baseline may find longer answers more or less often wrong
        // (Platt fits never decrease in their score, so the other direction is fitted on −s).
        let up = Platt::fit(&s, &y).expect("non-empty folds");
        let neg: Vec<f64> = s.iter().map(|v| -v).collect();
        let (platt, sign) = if up.a != 0.0 {
            (up, 1.0)
        } else {
            (Platt::fit(&neg, &y).expect("non-empty folds"), -1.0)
        };
        for i in (0..rows.len()).filter(|&i| fold[i] == f) {
            p[i] = platt.predict(sign * rows[i].x.dense[0]);
        }
    }
    p
}

/// Everything measured and fitted for one task kind.
pub struct KindResult {
    /// The kind.
    pub kind: TaskKind,
    /// Chosen regularisation.
    pub hyper: Hyper,
    /// Shipped model.
    pub model: epistemic_audit_core::model::LinearModel,
    /// Shipped calibrator.
    pub calibrator: Calibrator,
    /// Held-out heights per row (same order as the kind's rows).
    pub heights: Vec<f64>,
    /// Held-out length-baseline probabilities per row.
    pub length_p: Vec<f64>,
    /// Labels: correct.
    pub correct: Vec<bool>,
    /// File of each row.
    pub files: Vec<String>,
    /// Thresholds on held-out heights.
    pub thresholds: Thresholds,
    /// Per dense feature, the [`RANGE_QUANTILES`] of the kind's training rows.
    pub range: (Vec<f64>, Vec<f64>),
    /// Share of the kind's training rows that are correct.
    pub base_rate: f64,
    /// Origin of each row.
    pub origins: Vec<Origin>,
}

/// The [`RANGE_QUANTILES`] of each dense feature over `rows` (nearest-rank quantiles).
fn dense_range(rows: &[&Row]) -> (Vec<f64>, Vec<f64>) {
    let mut lo = Vec::with_capacity(DENSE_NAMES.len());
    let mut hi = Vec::with_capacity(DENSE_NAMES.len());
    for j in 0..DENSE_NAMES.len() {
        let mut v: Vec<f64> = rows.iter().map(|r| r.x.dense[j]).collect();
        v.sort_by(f64::total_cmp);
        let at = |q: f64| v[((q * (v.len() - 1) as f64).round() as usize).min(v.len() - 1)];
        lo.push(at(RANGE_QUANTILES.0));
        hi.push(at(RANGE_QUANTILES.1));
    }
    (lo, hi)
}

/// The sign dense feature `j`'s weight must have in a grounded kind, or None when it may carry
/// no weight there (`GROUNDED_FEATURES`).
pub fn grounded_sign(j: usize) -> Option<f64> {
    GROUNDED_FEATURES
        .iter()
        .find(|(n, _)| *n == DENSE_NAMES[j])
        .map(|(_, s)| *s)
}

fn main() {
    let args = Args::parse();
    let dry_run = args.dry_run || !args.only.is_empty();
    if args.only.is_empty() && !args.intrinsic_only {
        if let Err(e) = train_tiers(&args, dry_run) {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    }
    if args.tiers_only {
        return;
    }
    let mut rows: Vec<Row> = Vec::new();
    let mut lexicon = lexicon::Lexicon::default();
    for f in FILES {
        let path = args.data.join(format!("{f}.dev.jsonl"));
        let raw = match data::load_raw(&path) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(2);
            }
        };
        for r in &raw {
            let texts = [
                r.context.as_deref(),
                r.prompt.as_deref(),
                Some(r.text.as_str()),
            ];
            lexicon.add(&r.group, &texts.into_iter().flatten().collect::<Vec<_>>());
        }
        rows.extend(par_map(raw.len(), args.threads, |i| {
            let r = &raw[i];
            data::row(
                f,
                &r.group,
                &r.text,
                r.prompt.as_deref(),
                r.context.as_deref(),
                r.label == 1,
                Origin::Original,
            )
        }));
        let kind = match f {
            "halueval-qa" => "qa",
            "halueval-dialogue" => "dialogue",
            "halueval-summarization" => "summarization",
            _ => continue,
        };
        // One correct answer per group, in file order: the seed of the style-controlled rows.
        let mut seen = std::collections::HashSet::new();
        let items: Vec<synth::Item> = raw
            .iter()
            .filter(|r| r.label == 0 && r.context.is_some() && seen.insert(r.group.clone()))
            .map(|r| synth::Item {
                group: r.group.clone(),
                context: r.context.clone().unwrap_or_default(),
                prompt: r.prompt.clone(),
                right: r.text.clone(),
            })
            .collect();
        let made = synth::controlled(kind, &items);
        rows.extend(par_map(made.len(), args.threads, |i| {
            let m = &made[i];
            data::row(
                f,
                &m.group,
                &m.text,
                m.prompt.as_deref(),
                Some(&m.context),
                m.hallucinated,
                Origin::Controlled,
            )
        }));
    }
    let controlled = rows
        .iter()
        .filter(|r| r.origin == Origin::Controlled)
        .count();
    eprintln!(
        "loaded {} rows ({controlled} style-controlled); {} dense features",
        rows.len(),
        DENSE_NAMES.len()
    );
    let grid: Vec<Hyper> = GRID_C_NGRAM
        .iter()
        .flat_map(|&c_ngram| GRID_C_DENSE.iter().map(move |&c_dense| (c_ngram, c_dense)))
        .flat_map(|(c_ngram, c_dense)| {
            GRID_MIN_DF.iter().map(move |&min_df| Hyper {
                c_ngram,
                c_dense,
                min_df,
                grounded: false,
            })
        })
        .collect();
    let grounded_grid: Vec<Hyper> = GRID_C_GROUNDED
        .iter()
        .map(|&c_dense| Hyper {
            c_ngram: 0.0,
            c_dense,
            min_df: u32::MAX,
            grounded: true,
        })
        .collect();

    let mut results = Vec::new();
    for kind in TaskKind::ALL {
        if !args.only.is_empty() && !args.only.iter().any(|k| k == kind.as_str()) {
            continue;
        }
        let kr: Vec<&Row> = rows.iter().filter(|r| r.x.kind == kind).collect();
        let hallucinated: Vec<bool> = kr.iter().map(|r| r.hallucinated).collect();
        let correct: Vec<bool> = hallucinated.iter().map(|h| !h).collect();
        let fold: Vec<usize> = kr.iter().map(|r| fold_of(&r.group, args.folds)).collect();
        // A grounded kind is fitted and selected on its style-controlled rows only (both labels
        // share writer and style, DESIGN §2.1), so what it ranks by is support. It is calibrated
        // on all its rows, natural and style-controlled, by the humbler of the calibrators of
        // the two (`humbler`); those rows are what the scope's n, ECE, Brier, thresholds and
        // shift range describe. Open answers: their dev rows throughout.
        let select: Vec<bool> = kr
            .iter()
            .map(|r| kind == TaskKind::Open || r.origin == Origin::Controlled)
            .collect();
        let pick_in = |mask: &[bool], v: &[f64]| -> Vec<f64> {
            v.iter()
                .zip(mask)
                .filter(|(_, c)| **c)
                .map(|(x, _)| *x)
                .collect()
        };
        let pick_b_in = |mask: &[bool], v: &[bool]| -> Vec<bool> {
            v.iter()
                .zip(mask)
                .filter(|(_, c)| **c)
                .map(|(x, _)| *x)
                .collect()
        };
        let mut best: Option<(f64, Hyper, Vec<f64>)> = None;
        for &h in if kind == TaskKind::Open {
            &grid
        } else {
            &grounded_grid
        } {
            let logits = oof_logits(&kr, args.folds, h, args.threads);
            let a = auroc(
                &pick_in(&select, &logits),
                &pick_b_in(&select, &hallucinated),
            );
            eprintln!(
                "  {:<14} c_ngram={:<4} c_dense={:<5} oof AUROC {:.4}",
                kind.as_str(),
                h.c_ngram,
                h.c_dense,
                a
            );
            if best.as_ref().is_none_or(|b| a > b.0) {
                best = Some((a, h, logits));
            }
        }
        let (_, hyper, logits) = best.expect("grid is not empty");
        let conf: Vec<f64> = logits.iter().map(|&z| 1.0 - sigmoid(z)).collect();
        // A calibration method for rows `mask` with row weights `weight`: isotonic or Platt,
        // whichever has the lower cross-fitted (weighted) Brier score there, with its held-out
        // heights.
        let method_for = |mask: &[bool], weight: &[f64]| -> (Method, Vec<f64>) {
            let score = |h: &[f64]| {
                weighted_brier(
                    &pick_in(mask, h),
                    &pick_b_in(mask, &correct),
                    &pick_in(mask, weight),
                )
            };
            [Method::Isotonic, Method::Platt]
                .into_iter()
                .map(|m| {
                    let h =
                        cross_fit_heights(&conf, &correct, &fold, args.folds, m, (mask, weight));
                    (m, h)
                })
                .min_by(|a, b| score(&a.1).total_cmp(&score(&b.1)))
                .expect("two candidates")
        };
        let ones = vec![1.0; kr.len()];
        let (own_method, own_heights) = method_for(&select, &ones);
        // Every row of the kind is calibration data: what the scope's n, ECE, Brier, AUROC,
        // bins, thresholds and shift range describe.
        let (heights, calibrator) = if kind == TaskKind::Open {
            // `select` holds every row of open answers.
            (
                own_heights,
                fit_calibrator(&conf, &correct, &ones, own_method),
            )
        } else {
            // The pooled calibrator weighs the natural rows as much as the style-controlled
            // ones in total (`equal_total_weight`).
            let pool_weight = equal_total_weight(&select);
            let (pooled_method, _) = method_for(&vec![true; kr.len()], &pool_weight);
            let heights = cross_fit_humbler(
                &conf,
                &correct,
                &fold,
                args.folds,
                (own_method, &select),
                (pooled_method, &pool_weight),
            );
            let (c_own, y_own, w_own) = rows_where(&conf, &correct, &ones, |i| select[i]);
            let own = fit_calibrator(&c_own, &y_own, &w_own, own_method);
            let pooled = fit_calibrator(&conf, &correct, &pool_weight, pooled_method);
            (heights, humbler(&conf, &own, &pooled, rate(&correct)))
        };
        let thresholds = Thresholds::fit(&heights, &correct, TARGET_RISK, DELTA);
        let model = logreg::fit(&kr, hyper);
        eprintln!("{} rows={} chose {:?}", kind.as_str(), kr.len(), hyper);
        if let Some(path) = &args.dump {
            use std::io::Write as _;
            let mut f = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .expect("dump file");
            for (i, r) in kr.iter().enumerate() {
                let v = serde_json::json!({"kind": kind.as_str(), "origin": format!("{:?}", r.origin), "wrong": r.hallucinated, "height": heights[i], "text": r.text, "group": r.group, "prompt": r.prompt, "context": r.context, "x": r.x.dense_map()});
                writeln!(f, "{v}").expect("dump write");
            }
        }
        let range = dense_range(&kr);
        let base_rate = rate(&correct);
        results.push(KindResult {
            kind,
            hyper,
            model,
            calibrator,
            range,
            base_rate,
            origins: kr.iter().map(|r| r.origin).collect(),
            length_p: length_baseline(&kr, args.folds),
            heights,
            correct,
            files: kr.iter().map(|r| r.file.clone()).collect(),
            thresholds,
        });
    }

    let report = emit::report(&results, args.folds);
    println!("{report}");
    if !dry_run {
        if let Err(e) = emit::write(&results, &args.out, &report) {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
        let path = args.out.join("common_words.txt");
        if let Err(e) = std::fs::write(&path, lexicon.render()) {
            eprintln!("error: {}: {e}", path.display());
            std::process::exit(1);
        }
        eprintln!("wrote {}", args.out.display());
    }
}

/// Trains, reports and (unless `dry_run`) writes the evidence-tier models.
fn train_tiers(args: &Args, dry_run: bool) -> Result<(), String> {
    let bytes =
        std::fs::read(&args.evidence).map_err(|e| format!("{}: {e}", args.evidence.display()))?;
    let cosines = tiers::cosines_path(&args.evidence);
    let cosine_bytes =
        std::fs::read(&cosines).map_err(|e| format!("{}: {e}", cosines.display()))?;
    // The version tag covers both files: the cosines feed the semantic models.
    let digest = epistemic_audit_core::text::fnv1a(
        epistemic_audit_core::text::fnv1a(epistemic_audit_core::text::FNV_OFFSET, &bytes),
        &cosine_bytes,
    );
    let mut rows = tiers::load(&args.evidence)?;
    tiers::attach_cosines(&mut rows, &cosines)?;
    let (results, grid) = tiers::train(&rows, args.folds)?;
    let report = tiers::report(&rows, &results, &grid, args.folds);
    println!("{report}");
    if !dry_run {
        tiers::write(&results, &args.out, &args.evidence, digest)?;
        std::fs::write(args.out.join("tiers_report.md"), &report)
            .map_err(|e| format!("tiers_report.md: {e}"))?;
    }
    Ok(())
}

/// Metrics of one slice of held-out predictions.
pub struct Metrics {
    /// Rows.
    pub n: usize,
    /// AUROC of (1 − height) for "incorrect".
    pub auroc: f64,
    /// AUROC of the length-only baseline.
    pub length_auroc: f64,
    /// ECE, 15 bins.
    pub ece: f64,
    /// Brier.
    pub brier: f64,
}

/// Metrics over the rows of `r` selected by `keep`.
pub fn metrics(r: &KindResult, keep: impl Fn(usize) -> bool) -> Metrics {
    let idx: Vec<usize> = (0..r.heights.len()).filter(|&i| keep(i)).collect();
    let h: Vec<f64> = idx.iter().map(|&i| r.heights[i]).collect();
    let c: Vec<bool> = idx.iter().map(|&i| r.correct[i]).collect();
    let wrong: Vec<bool> = c.iter().map(|c| !c).collect();
    let inv: Vec<f64> = h.iter().map(|h| 1.0 - h).collect();
    let lp: Vec<f64> = idx.iter().map(|&i| r.length_p[i]).collect();
    Metrics {
        n: idx.len(),
        auroc: auroc(&inv, &wrong),
        length_auroc: auroc(&lp, &wrong),
        ece: ece(&h, &c, ECE_BINS),
        brier: brier(&h, &c),
    }
}

/// Reliability bins of a kind's held-out heights.
pub fn bins(r: &KindResult) -> Vec<epistemic_audit_core::calibration::ReliabilityBin> {
    reliability_bins(&r.heights, &r.correct, ECE_BINS)
}
