//! Writes the trained models as Rust source (`generated.rs`) and binary n-gram tables, and the
//! human-readable cross-validation report.

use crate::data::Origin;
use crate::{bins, metrics, KindResult, DELTA, FILES, TARGET_RISK};
use epistemic_audit_core::calibration::{brier, ece, Isotonic};
use epistemic_audit_core::evaluation::auroc;
use epistemic_audit_core::features::DENSE_NAMES;
use epistemic_audit_core::model::LinearModel;
use epistemic_audit_core::scorer::Calibrator;
use epistemic_audit_core::scorer::ECE_BINS;
use epistemic_audit_core::text::{fnv1a, FNV_OFFSET};
use std::fmt::Write as _;
use std::path::Path;

fn slice(v: &[f64]) -> String {
    let items: Vec<String> = v.iter().map(|x| format!("{x:?}")).collect();
    format!("&[{}]", items.join(", "))
}

/// Markdown report: per dev file and per task kind, held-out n, AUROC, length-only AUROC, ECE,
/// Brier; then the chosen hyper-parameters and thresholds.
pub fn report(results: &[KindResult], folds: usize) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "Out-of-fold metrics ({folds}-fold cross-validation grouped by `group`; calibrator — isotonic or Platt, whichever has the lower Brier — cross-fitted on the same folds). Grounded kinds (qa, dialogue, summarization) are fitted and selected on style-controlled rows derived from the dev rows (`train/src/synth.rs`), with sign-constrained support features only; their original dev rows are scored out of fold, and their calibrator may be made humbler, never sharper, by the original rows (last table).\n");
    for (title, origin) in [
        ("Original dev rows", Origin::Original),
        (
            "Style-controlled rows (both labels share writer and style)",
            Origin::Controlled,
        ),
    ] {
        let _ = writeln!(s, "{title}:\n");
        let _ = writeln!(
            s,
            "| dev file | n | AUROC | length-only AUROC | ECE_15 | Brier |"
        );
        let _ = writeln!(s, "|---|---:|---:|---:|---:|---:|");
        file_table(&mut s, results, origin);
        let _ = writeln!(s);
    }
    kind_table(&mut s, results);
    grounded_weights(&mut s, results);
    s
}

fn file_table(s: &mut String, results: &[KindResult], origin: Origin) {
    for f in FILES {
        let (mut h, mut c, mut lp) = (Vec::new(), Vec::new(), Vec::new());
        for r in results {
            for i in (0..r.heights.len()).filter(|&i| r.files[i] == f && r.origins[i] == origin) {
                h.push(r.heights[i]);
                c.push(r.correct[i]);
                lp.push(r.length_p[i]);
            }
        }
        if h.is_empty() {
            continue;
        }
        let wrong: Vec<bool> = c.iter().map(|c| !c).collect();
        let inv: Vec<f64> = h.iter().map(|h| 1.0 - h).collect();
        let _ = writeln!(
            s,
            "| {f} | {} | {:.4} | {:.4} | {:.4} | {:.4} |",
            h.len(),
            auroc(&inv, &wrong),
            auroc(&lp, &wrong),
            ece(&h, &c, ECE_BINS),
            brier(&h, &c)
        );
    }
}

/// The grounded kinds' weights (support features, sign-constrained), per standard deviation.
fn grounded_weights(s: &mut String, results: &[KindResult]) {
    let grounded: Vec<&KindResult> = results.iter().filter(|r| r.hyper.grounded).collect();
    if grounded.is_empty() {
        return;
    }
    let _ = writeln!(s, "\nWeights of the grounded kinds on the logit of \"hallucinated\", per standard deviation of each support feature (0 = held at zero by its sign constraint):\n");
    let _ = writeln!(
        s,
        "| feature | {} |",
        grounded
            .iter()
            .map(|r| r.kind.as_str())
            .collect::<Vec<_>>()
            .join(" | ")
    );
    let _ = writeln!(s, "|---|{}", "---:|".repeat(grounded.len()));
    for (j, name) in DENSE_NAMES.iter().enumerate() {
        if crate::grounded_sign(j).is_none() {
            continue;
        }
        let cells: Vec<String> = grounded
            .iter()
            .map(|r| format!("{:+.3}", r.model.dense_weight[j]))
            .collect();
        let _ = writeln!(s, "| {name} | {} |", cells.join(" | "));
    }
}

fn kind_table(s: &mut String, results: &[KindResult]) {
    let _ = writeln!(s, "Calibration data of each kind (open: its dev rows; a grounded kind: all its rows, original and style-controlled, calibrated by the humbler of the calibrators fitted on the style-controlled rows and on all rows, made monotone; models of grounded kinds are fitted on the style-controlled rows only):\n");
    let _ = writeln!(s, "| task kind (scope) | n | AUROC | length-only AUROC | ECE_15 | Brier | c_ngram | c_dense | n-grams | calibrator | τ_accept (coverage) | τ_refuse (coverage) |");
    let _ = writeln!(
        s,
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---|"
    );
    for r in results {
        let m = metrics(r, |_| true);
        let sel = |x: Option<epistemic_audit_core::verdict::Selection>| {
            x.map_or("none".into(), |x| {
                format!("{:.3} ({:.1}%)", x.threshold, 100.0 * x.coverage)
            })
        };
        let _ = writeln!(
            s,
            "| intrinsic/{} | {} | {:.4} | {:.4} | {:.4} | {:.4} | {} | {} | {} | {} | {} | {} |",
            r.kind.as_str(),
            m.n,
            m.auroc,
            m.length_auroc,
            m.ece,
            m.brier,
            r.hyper.c_ngram,
            r.hyper.c_dense,
            r.model.table.buckets.len(),
            r.calibrator.method(),
            sel(r.thresholds.accept),
            sel(r.thresholds.refuse)
        );
    }
}

/// Writes `generated.rs`, `<kind>.ngrams.bin` and `report.md` into `dir`.
pub fn write(results: &[KindResult], dir: &Path, report: &str) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut digest = FNV_OFFSET;
    let mut kinds = String::new();
    for r in results {
        let m = metrics(r, |_| true);
        let (platt, iso) = match &r.calibrator {
            Calibrator::Platt(p) => (
                format!("Some(({:?}, {:?}))", p.a, p.b),
                Isotonic {
                    x: vec![],
                    y: vec![],
                    n: vec![],
                },
            ),
            // Knots on straight stretches dropped (no height moves by more than 1e-12): the
            // humbler calibrators of the grounded kinds have one knot per row otherwise, which
            // made the wasm module twice its size.
            Calibrator::Isotonic(i) => ("None".to_string(), i.without_collinear_knots(1e-12)),
        };
        let bytes = LinearModel::encode_ngrams(&r.model.table, &r.model.ngram_weight);
        digest = fnv1a(digest, &bytes);
        let file = format!("{}.ngrams.bin", r.kind.as_str());
        std::fs::write(dir.join(&file), &bytes).map_err(|e| format!("{file}: {e}"))?;
        let bins: Vec<String> = bins(r)
            .iter()
            .map(|b| {
                format!(
                    "({:?}, {:?}, {}, {:?}, {:?})",
                    b.lo, b.hi, b.count, b.mean_confidence, b.accuracy
                )
            })
            .collect();
        let sel = |x: Option<epistemic_audit_core::verdict::Selection>| {
            x.map_or("None".into(), |x| {
                format!(
                    "Some(({:?}, {:?}, {:?}))",
                    x.threshold, x.risk_bound, x.coverage
                )
            })
        };
        let _ = write!(
            kinds,
            "    RawKind {{\n        kind: {kind:?},\n        bias: {bias:?},\n        dense_mean: {mean},\n        dense_std: {std},\n        dense_weight: {w},\n        dense_lo: {lo},\n        dense_hi: {hi},\n        base_rate: {base:?},\n        ngrams: include_bytes!({file:?}),\n        platt: {platt},\n        iso_x: {ix},\n        iso_y: {iy},\n        iso_n: {inn},\n        bins: &[{bins}],\n        n: {n},\n        ece: {ece:?},\n        brier: {brier:?},\n        auroc: {auroc:?},\n        accept: {acc},\n        refuse: {rej},\n        target_risk: {TARGET_RISK:?},\n        delta: {DELTA:?},\n    }},\n",
            kind = r.kind.as_str(),
            bias = r.model.bias,
            mean = slice(&r.model.dense_mean),
            std = slice(&r.model.dense_std),
            w = slice(&r.model.dense_weight),
            lo = slice(&r.range.0),
            hi = slice(&r.range.1),
            base = r.base_rate,
            platt = platt,
            ix = slice(&iso.x),
            iy = slice(&iso.y),
            inn = slice(&iso.n),
            bins = bins.join(", "),
            n = m.n,
            ece = m.ece,
            brier = m.brier,
            auroc = m.auroc,
            acc = sel(r.thresholds.accept),
            rej = sel(r.thresholds.refuse),
        );
    }
    let names: Vec<String> = DENSE_NAMES.iter().map(|n| format!("{n:?}")).collect();
    let src = format!(
        "// @generated by `cargo run --release -p epistemic-audit-train` from shared/data/halueval-*.dev.jsonl.\n\
         // Do not edit: rerun the trainer. See README \"Training\".\n\
         use super::RawKind;\n\n\
         /// Version tag of the embedded model: FNV-1a of the n-gram tables.\n\
         pub const SCORER_VERSION: &str = \"intrinsic-{digest:016x}\";\n\n\
         /// Dense feature names the weights were trained with.\n\
         pub const TRAINED_DENSE_NAMES: &[&str] = &[{names}];\n\n\
         pub(super) const KINDS: &[RawKind] = &[\n{kinds}];\n",
        names = names.join(", "),
    );
    std::fs::write(dir.join("generated.rs"), src).map_err(|e| format!("generated.rs: {e}"))?;
    std::fs::write(dir.join("report.md"), report).map_err(|e| format!("report.md: {e}"))?;
    Ok(())
}
