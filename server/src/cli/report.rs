//! The discrimination and calibration report of `eval` (and of each tier in TriviaQA mode).

use epistemic_audit_core::calibration::{brier, ece};
use epistemic_audit_core::evaluation::{auprc, auroc};
use epistemic_audit_core::Verdict;
use serde::Serialize;

/// Number of equal-width bins of the reported ECE.
pub const ECE_BINS: usize = 15;

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

#[cfg(test)]
mod tests {
    use super::*;

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
