//! Verdict thresholds by selection with guaranteed risk (SGR; Geifman & El-Yaniv, "Selective
//! Classification for Deep Neural Networks", NeurIPS 2017, Algorithm 1).
//!
//! ACCEPT region: the lowest height threshold τ_accept whose accepted calibration items have a
//! one-sided (1 − δ) Clopper–Pearson upper bound on their error rate ≤ r*. REFUSED region,
//! symmetrically: the highest τ_refuse whose refused items have an upper bound on their share of
//! *correct* answers ≤ r*. The binary search over ⌈log₂ m⌉ candidate thresholds spends δ/⌈log₂ m⌉
//! on each (Bonferroni), as in the paper.

use crate::types::Verdict;
use serde::{Deserialize, Serialize};
use statrs::distribution::{Beta, ContinuousCDF};

/// One-sided upper confidence bound B*(k, m, δ) on a binomial rate after k events in m trials:
/// the b solving P(Bin(m, b) ≤ k) = δ, i.e. the Beta(k + 1, m − k) quantile 1 − δ
/// (Clopper & Pearson 1934). 1 when k = m or m = 0.
pub fn clopper_pearson_upper(k: u64, m: u64, delta: f64) -> f64 {
    if m == 0 || k >= m {
        return 1.0;
    }
    match Beta::new(k as f64 + 1.0, (m - k) as f64) {
        Ok(b) => b.inverse_cdf(1.0 - delta),
        Err(_) => 1.0,
    }
}

/// A threshold chosen by SGR and what it guarantees on the calibration data.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Selection {
    /// Items with score ≥ threshold are selected.
    pub threshold: f64,
    /// Upper bound on the risk among selected items.
    pub risk_bound: f64,
    /// Share of items selected.
    pub coverage: f64,
}

/// SGR: the lowest threshold on `scores` whose selected items (score ≥ threshold) have a risk
/// bound ≤ `target_risk` at confidence 1 − `delta`; `None` when no threshold qualifies.
/// `errors[i]` is true when selecting item i is a mistake.
pub fn sgr(scores: &[f64], errors: &[bool], target_risk: f64, delta: f64) -> Option<Selection> {
    let m = scores.len().min(errors.len());
    if m == 0 {
        return None;
    }
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| scores[a].total_cmp(&scores[b]));
    let sorted: Vec<f64> = order.iter().map(|&i| scores[i]).collect();
    // Suffix error counts: errs_from[z] = errors among sorted[z..].
    let mut errs_from = vec![0u64; m + 1];
    for z in (0..m).rev() {
        errs_from[z] = errs_from[z + 1] + u64::from(errors[order[z]]);
    }
    let steps = (m as f64).log2().ceil().max(1.0) as u32;
    let d = delta / f64::from(steps);
    let evaluate = |z: usize| -> Selection {
        let theta = sorted[z];
        let first = sorted.partition_point(|&s| s < theta); // ties are selected together
        let covered = (m - first) as u64;
        Selection {
            threshold: theta,
            risk_bound: clopper_pearson_upper(errs_from[first], covered, d),
            coverage: covered as f64 / m as f64,
        }
    };
    let (mut zmin, mut zmax) = (0usize, m - 1);
    let mut best: Option<Selection> = None;
    for _ in 0..steps {
        let z = (zmin + zmax).div_ceil(2);
        let s = evaluate(z);
        if s.risk_bound < target_risk {
            if best.is_none_or(|b| s.threshold < b.threshold) {
                best = Some(s);
            }
            zmax = z;
        } else {
            zmin = z;
        }
        if zmin >= zmax {
            break;
        }
    }
    best
}

/// Verdict thresholds on height.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Thresholds {
    /// ACCEPT when height ≥ accept; `None` = no accept region met the bound.
    pub accept: Option<Selection>,
    /// REFUSED when height ≤ refuse; `None` = no refuse region met the bound. The selection's
    /// `threshold` is a height.
    pub refuse: Option<Selection>,
}

impl Thresholds {
    /// Chooses both thresholds on calibration data: `heights` in [0,1], `correct[i]` the label.
    ///
    /// A verdict never contradicts the height it is given for (DESIGN §2.5): the SGR accept
    /// threshold is raised to at least 1 − `target_risk` and the refuse threshold lowered to at
    /// most `target_risk`; coverage and risk bound are then those of the moved threshold (same
    /// δ split), and a region that holds no calibration item is dropped.
    pub fn fit(heights: &[f64], correct: &[bool], target_risk: f64, delta: f64) -> Thresholds {
        let wrong: Vec<bool> = correct.iter().map(|c| !c).collect();
        let m = heights.len().max(1);
        let d = delta / (m as f64).log2().ceil().max(1.0);
        let accept = sgr(heights, &wrong, target_risk, delta).and_then(|s| {
            if s.threshold >= 1.0 - target_risk {
                return Some(s);
            }
            let sel: Vec<usize> = (0..heights.len())
                .filter(|&i| heights[i] >= 1.0 - target_risk)
                .collect();
            let threshold = sel
                .iter()
                .map(|&i| heights[i])
                .fold(f64::INFINITY, f64::min);
            let errs = sel.iter().filter(|&&i| wrong[i]).count() as u64;
            let bound = clopper_pearson_upper(errs, sel.len() as u64, d);
            (!sel.is_empty() && bound <= target_risk).then_some(Selection {
                threshold,
                risk_bound: bound,
                coverage: sel.len() as f64 / m as f64,
            })
        });
        // The refuse region is searched below the accept region only, so the two never overlap;
        // coverage stays a share of all items.
        let below: Vec<usize> = (0..heights.len())
            .filter(|&i| accept.is_none_or(|a| heights[i] < a.threshold))
            .collect();
        let neg: Vec<f64> = below.iter().map(|&i| -heights[i]).collect();
        let corr: Vec<bool> = below.iter().map(|&i| correct[i]).collect();
        let scale = below.len() as f64 / heights.len().max(1) as f64;
        let refuse = sgr(&neg, &corr, target_risk, delta)
            .map(|s| Selection {
                threshold: -s.threshold,
                coverage: s.coverage * scale,
                ..s
            })
            .and_then(|s| {
                if s.threshold <= target_risk {
                    return Some(s);
                }
                let sel: Vec<usize> = (0..heights.len())
                    .filter(|&i| heights[i] <= target_risk)
                    .collect();
                let threshold = sel
                    .iter()
                    .map(|&i| heights[i])
                    .fold(f64::NEG_INFINITY, f64::max);
                let rights = sel.iter().filter(|&&i| correct[i]).count() as u64;
                let bound = clopper_pearson_upper(rights, sel.len() as u64, d);
                (!sel.is_empty() && bound <= target_risk).then_some(Selection {
                    threshold,
                    risk_bound: bound,
                    coverage: sel.len() as f64 / m as f64,
                })
            });
        Thresholds { accept, refuse }
    }

    /// The verdict for `height` under target risk r: ACCEPT when height ≥ the accept threshold
    /// and ≥ 1 − r, REFUSED when height ≤ the refuse threshold and ≤ r, else MAYBE (the verdict
    /// never contradicts the height, DESIGN §2.5, whatever thresholds a calibrator carries).
    pub fn verdict(&self, height: f64, target_risk: f64) -> Verdict {
        if self.accept.is_some_and(|a| height >= a.threshold) && height >= 1.0 - target_risk {
            Verdict::Accept
        } else if self.refuse.is_some_and(|r| height <= r.threshold) && height <= target_risk {
            Verdict::Refused
        } else {
            Verdict::Maybe
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clopper_pearson_known_values() {
        // 0 errors in 29 trials: upper 95% one-sided bound = 1 − 0.05^(1/29) ≈ 0.0982
        assert!(
            (clopper_pearson_upper(0, 29, 0.05) - (1.0 - 0.05f64.powf(1.0 / 29.0))).abs() < 1e-9
        );
        assert_eq!(clopper_pearson_upper(3, 3, 0.05), 1.0);
        assert_eq!(clopper_pearson_upper(0, 0, 0.05), 1.0);
    }

    #[test]
    fn sgr_finds_a_region_that_meets_the_bound() {
        // 1000 items; score i/1000; wrong with rate decreasing in score.
        let scores: Vec<f64> = (0..1000).map(|i| i as f64 / 1000.0).collect();
        let errors: Vec<bool> = (0..1000).map(|i| (i * 7919) % 1000 >= i + 300).collect();
        let s = sgr(&scores, &errors, 0.1, 0.05).expect("a region exists");
        let sel: Vec<usize> = (0..1000).filter(|&i| scores[i] >= s.threshold).collect();
        let err = sel.iter().filter(|&&i| errors[i]).count() as f64 / sel.len() as f64;
        assert!(err <= 0.1 && s.risk_bound < 0.1, "{s:?} empirical {err}");
        assert!(s.coverage > 0.0);
    }

    #[test]
    fn sgr_returns_none_when_everything_is_wrong() {
        let scores: Vec<f64> = (0..100).map(f64::from).collect();
        assert!(sgr(&scores, &[true; 100], 0.1, 0.05).is_none());
    }

    #[test]
    fn verdict_regions() {
        let heights: Vec<f64> = (0..2000).map(|i| i as f64 / 2000.0).collect();
        let correct: Vec<bool> = (0..2000)
            .map(|i: i64| ((i * 7919) % 2000) < 2 * (i - 500))
            .collect();
        let t = Thresholds::fit(&heights, &correct, 0.1, 0.05);
        let (a, r) = (t.accept.unwrap().threshold, t.refuse.unwrap().threshold);
        assert!(r < a);
        assert_eq!(t.verdict(0.999, 0.1), Verdict::Accept);
        assert_eq!(t.verdict(0.001, 0.1), Verdict::Refused);
        assert_eq!(t.verdict((a + r) / 2.0, 0.1), Verdict::Maybe);
        assert!(a >= 0.9 && r <= 0.1, "{a} {r}");
    }

    #[test]
    fn thresholds_never_contradict_the_height() {
        // A scorer whose heights are all far from 0 and 1 but perfectly separating: SGR alone
        // would accept at 0.55 and refuse at 0.45; the verdict needs ≥ 0.9 / ≤ 0.1.
        let heights: Vec<f64> = (0..1000)
            .map(|i| if i % 2 == 0 { 0.55 } else { 0.45 })
            .collect();
        let correct: Vec<bool> = (0..1000).map(|i| i % 2 == 0).collect();
        let t = Thresholds::fit(&heights, &correct, 0.1, 0.05);
        assert_eq!((t.accept, t.refuse), (None, None));
        let forced = Thresholds {
            accept: Some(Selection {
                threshold: 0.5,
                risk_bound: 0.0,
                coverage: 0.5,
            }),
            refuse: None,
        };
        assert_eq!(forced.verdict(0.6, 0.1), Verdict::Maybe);
        assert_eq!(forced.verdict(0.95, 0.1), Verdict::Accept);
    }
}
