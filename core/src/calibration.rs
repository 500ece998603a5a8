//! Calibration: maps a raw confidence to a probability of being correct, and measures how well
//! probabilities match outcomes.
//!
//! - Isotonic regression by pool-adjacent-violators (Ayer et al. 1955; Zadrozny & Elkan 2002),
//!   predicted by linear interpolation between block centroids.
//! - Platt scaling (Platt 1999) with Platt's smoothed targets, fitted by Newton's method with
//!   backtracking (Lin, Lin & Weng 2007).
//! - Expected calibration error with equal-width bins (Naeini et al. 2015; Guo et al. 2017), Brier
//!   score (Brier 1950), reliability-diagram bins, and the Jeffreys interval for a proportion
//!   (Brown, Cai & DasGupta 2001).
//!
//! Probabilities are in [0,1]; outcomes are `true` = the text is correct.

use serde::{Deserialize, Serialize};
use statrs::distribution::{Beta, ContinuousCDF};

/// A monotone non-decreasing calibration map fitted by PAV.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Isotonic {
    /// Block centroids of the raw score, strictly increasing.
    pub x: Vec<f64>,
    /// Block means of the outcome, non-decreasing, in [0,1].
    pub y: Vec<f64>,
    /// Number of items in each block.
    pub n: Vec<f64>,
}

impl Isotonic {
    /// Fits isotonic regression of `outcomes` on `scores` (pool-adjacent-violators). Ties in the
    /// score are pooled first. Errors if the inputs are empty or of unequal length, or a score is
    /// not finite.
    pub fn fit(scores: &[f64], outcomes: &[bool]) -> Result<Isotonic, String> {
        let targets: Vec<f64> = outcomes.iter().map(|&o| f64::from(u8::from(o))).collect();
        Isotonic::fit_targets(scores, &targets)
    }

    /// [`Isotonic::fit`] with outcomes given as probabilities in [0,1] (an outcome `true` is 1):
    /// the least-squares non-decreasing fit of `targets` on `scores`, by the same PAV. Errors if
    /// the inputs are empty or of unequal length, a score is not finite or a target is not in
    /// [0,1].
    pub fn fit_targets(scores: &[f64], targets: &[f64]) -> Result<Isotonic, String> {
        Isotonic::fit_weighted(scores, targets, &vec![1.0; scores.len()])
    }

    /// [`Isotonic::fit_targets`] with a weight per item: the weighted least-squares
    /// non-decreasing fit (PAV pools blocks by weighted mean; Barlow et al. 1972, ch. 1). A
    /// block's `n` is its total weight. With unit weights it is `fit_targets` exactly. Errors as
    /// `fit_targets` does, and if a weight is not finite and positive.
    pub fn fit_weighted(
        scores: &[f64],
        targets: &[f64],
        weights: &[f64],
    ) -> Result<Isotonic, String> {
        if scores.is_empty() || scores.len() != targets.len() || scores.len() != weights.len() {
            return Err(format!(
                "isotonic fit needs equal, non-zero lengths (got {}, {} and {})",
                scores.len(),
                targets.len(),
                weights.len()
            ));
        }
        if weights.iter().any(|w| !(w.is_finite() && *w > 0.0)) {
            return Err("isotonic fit: weight is not finite and positive".into());
        }
        if scores.iter().any(|s| !s.is_finite()) {
            return Err("isotonic fit: score is not finite".into());
        }
        if targets.iter().any(|t| !(0.0..=1.0).contains(t)) {
            return Err("isotonic fit: target is not a probability in [0,1]".into());
        }
        let mut idx: Vec<usize> = (0..scores.len()).collect();
        idx.sort_by(|&a, &b| scores[a].total_cmp(&scores[b]));
        // Blocks: (Σ w·x, Σ w·y, Σ w)
        let mut blocks: Vec<(f64, f64, f64)> = Vec::new();
        let mut last_x = f64::NAN;
        for &i in &idx {
            let (x, y, w) = (scores[i], targets[i], weights[i]);
            if x == last_x {
                let b = blocks
                    .last_mut()
                    .expect("a block exists after the first item");
                b.0 += w * x;
                b.1 += w * y;
                b.2 += w;
            } else {
                blocks.push((w * x, w * y, w));
                last_x = x;
            }
            while blocks.len() >= 2 {
                let k = blocks.len();
                let (a, b) = (blocks[k - 2], blocks[k - 1]);
                if a.1 / a.2 >= b.1 / b.2 {
                    blocks.truncate(k - 2);
                    blocks.push((a.0 + b.0, a.1 + b.1, a.2 + b.2));
                } else {
                    break;
                }
            }
        }
        Ok(Isotonic {
            x: blocks.iter().map(|b| b.0 / b.2).collect(),
            y: blocks.iter().map(|b| b.1 / b.2).collect(),
            n: blocks.iter().map(|b| b.2).collect(),
        })
    }

    /// The same map with fewer knots: every run of block centroids that lies within `tol` of
    /// the straight line between the run's neighbours is dropped (greedy, left to right). As
    /// [`Isotonic::predict`] interpolates linearly between centroids, no prediction moves by more
    /// than `tol` (the difference of two piecewise-linear maps peaks at a knot), and the map
    /// stays non-decreasing. A dropped block's `n` is added to the kept block before it. Fitted
    /// on smooth targets (the humbler of two calibrators, one target per row), PAV leaves one
    /// block per distinct score, tens of thousands of them, almost all on straight stretches.
    pub fn without_collinear_knots(&self, tol: f64) -> Isotonic {
        let k = self.x.len();
        if k <= 2 {
            return self.clone();
        }
        let on_chord = |a: usize, b: usize| {
            (a + 1..b).all(|i| {
                let t = (self.x[i] - self.x[a]) / (self.x[b] - self.x[a]);
                (self.y[a] + t * (self.y[b] - self.y[a]) - self.y[i]).abs() <= tol
            })
        };
        let mut keep = vec![0usize];
        let mut anchor = 0;
        let mut end = 2;
        while end < k {
            if on_chord(anchor, end) {
                end += 1;
            } else {
                anchor = end - 1;
                keep.push(anchor);
                end = anchor + 2;
            }
        }
        keep.push(k - 1);
        let mut n: Vec<f64> = keep.iter().map(|&i| self.n[i]).collect();
        let mut slot = 0;
        for i in 0..k {
            if keep.get(slot + 1) == Some(&i) {
                slot += 1;
            } else if keep[slot] != i {
                n[slot] += self.n[i];
            }
        }
        Isotonic {
            x: keep.iter().map(|&i| self.x[i]).collect(),
            y: keep.iter().map(|&i| self.y[i]).collect(),
            n,
        }
    }

    /// Calibrated probability for raw score `s`: linear interpolation between block centroids,
    /// constant beyond the first and last block. Monotone non-decreasing in `s`.
    pub fn predict(&self, s: f64) -> f64 {
        let k = self.x.len();
        if k == 0 || s.is_nan() {
            return 0.5;
        }
        if s <= self.x[0] {
            return self.y[0];
        }
        if s >= self.x[k - 1] {
            return self.y[k - 1];
        }
        let j = self.x.partition_point(|&x| x <= s); // x[j-1] <= s < x[j]
        let (x0, x1, y0, y1) = (self.x[j - 1], self.x[j], self.y[j - 1], self.y[j]);
        y0 + (y1 - y0) * (s - x0) / (x1 - x0)
    }
}

/// Platt scaling: p = 1 / (1 + exp(a·s + b)).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Platt {
    /// Slope (negative for a score that increases with correctness).
    pub a: f64,
    /// Intercept.
    pub b: f64,
}

impl Platt {
    /// Fits a and b by Newton's method on Platt's smoothed targets
    /// t₊ = (N₊ + 1)/(N₊ + 2), t₋ = 1/(N₋ + 2) (Lin, Lin & Weng 2007, Algorithm 1).
    /// The result never decreases in the score: a fit with a > 0 is replaced by the constant
    /// smoothed base rate (a = 0). Errors on empty or unequal inputs or non-finite scores.
    pub fn fit(scores: &[f64], outcomes: &[bool]) -> Result<Platt, String> {
        Platt::fit_weighted(scores, outcomes, &vec![1.0; scores.len()])
    }

    /// [`Platt::fit`] with a weight per item: the weighted log-loss, with N₊ and N₋ the total
    /// weights of the correct and wrong items in the smoothed targets. With unit weights it is
    /// `fit` exactly. Errors as `fit` does, and if a weight is not finite and positive.
    pub fn fit_weighted(
        scores: &[f64],
        outcomes: &[bool],
        weights: &[f64],
    ) -> Result<Platt, String> {
        if scores.is_empty() || scores.len() != outcomes.len() || scores.len() != weights.len() {
            return Err("Platt fit needs equal, non-zero lengths".into());
        }
        if scores.iter().any(|s| !s.is_finite()) {
            return Err("Platt fit: score is not finite".into());
        }
        if weights.iter().any(|w| !(w.is_finite() && *w > 0.0)) {
            return Err("Platt fit: weight is not finite and positive".into());
        }
        let pos: f64 = outcomes
            .iter()
            .zip(weights)
            .filter(|(&o, _)| o)
            .map(|(_, &w)| w)
            .sum();
        let neg = weights.iter().sum::<f64>() - pos;
        let (hi, lo) = ((pos + 1.0) / (pos + 2.0), 1.0 / (neg + 2.0));
        let t: Vec<f64> = outcomes.iter().map(|&o| if o { hi } else { lo }).collect();
        let (mut a, mut b) = (0.0, ((neg + 1.0) / (pos + 1.0)).ln());
        let f = |a: f64, b: f64| -> f64 {
            scores
                .iter()
                .zip(&t)
                .zip(weights)
                .map(|((&s, &t), &w)| {
                    let z = a * s + b;
                    // −w·[t log p + (1−t) log(1−p)] with p = 1/(1+e^z), stably.
                    w * if z >= 0.0 {
                        t * z + (1.0 + (-z).exp()).ln()
                    } else {
                        (t - 1.0) * z + (1.0 + z.exp()).ln()
                    }
                })
                .sum()
        };
        let mut fval = f(a, b);
        for _ in 0..100 {
            let (mut h11, mut h22, mut h21, mut g1, mut g2) = (1e-12, 1e-12, 0.0, 0.0, 0.0);
            for ((&s, &t), &w) in scores.iter().zip(&t).zip(weights) {
                let z = a * s + b;
                let (p, q) = if z >= 0.0 {
                    let e = (-z).exp();
                    (e / (1.0 + e), 1.0 / (1.0 + e))
                } else {
                    let e = z.exp();
                    (1.0 / (1.0 + e), e / (1.0 + e))
                };
                let d2 = w * p * q;
                h11 += s * s * d2;
                h22 += d2;
                h21 += s * d2;
                let d1 = w * (t - p);
                g1 += s * d1;
                g2 += d1;
            }
            if g1.abs() < 1e-10 && g2.abs() < 1e-10 {
                break;
            }
            let det = h11 * h22 - h21 * h21;
            let da = -(h22 * g1 - h21 * g2) / det;
            let db = -(-h21 * g1 + h11 * g2) / det;
            let gd = g1 * da + g2 * db;
            let mut step = 1.0;
            let mut improved = false;
            while step >= 1e-10 {
                let (na, nb) = (a + step * da, b + step * db);
                let nf = f(na, nb);
                if nf < fval + 1e-4 * step * gd {
                    a = na;
                    b = nb;
                    fval = nf;
                    improved = true;
                    break;
                }
                step /= 2.0;
            }
            if !improved {
                break;
            }
        }
        if a > 0.0 {
            // A calibrator must not decrease in the score (DESIGN §2.4: height is monotone in c).
            // A positive slope says the scores carry no usable signal on these labels (with few
            // positives it is often a leave-fold-out artefact): fall back to the smoothed base
            // rate, the best constant under the same loss.
            let p = t.iter().zip(weights).map(|(t, w)| w * t).sum::<f64>()
                / weights.iter().sum::<f64>();
            return Ok(Platt {
                a: 0.0,
                b: ((1.0 - p) / p).ln(),
            });
        }
        Ok(Platt { a, b })
    }

    /// Calibrated probability for raw score `s`.
    pub fn predict(&self, s: f64) -> f64 {
        crate::model::sigmoid(-(self.a * s + self.b))
    }
}

/// One bin of a reliability diagram.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReliabilityBin {
    /// Lower edge (inclusive) in [0,1].
    pub lo: f64,
    /// Upper edge (exclusive, except 1.0 for the last bin).
    pub hi: f64,
    /// Items whose probability falls in the bin.
    pub count: u64,
    /// Mean predicted probability in the bin (0 when empty).
    pub mean_confidence: f64,
    /// Share of correct outcomes in the bin (0 when empty).
    pub accuracy: f64,
}

/// Index of the equal-width bin (of `bins`) that holds probability `p`; p = 1 falls in the last.
pub fn bin_index(p: f64, bins: usize) -> usize {
    ((p.clamp(0.0, 1.0) * bins as f64) as usize).min(bins - 1)
}

/// Reliability-diagram bins: `bins` equal-width bins over [0,1].
pub fn reliability_bins(probs: &[f64], outcomes: &[bool], bins: usize) -> Vec<ReliabilityBin> {
    let mut acc = vec![(0u64, 0.0f64, 0.0f64); bins];
    for (&p, &o) in probs.iter().zip(outcomes) {
        let b = &mut acc[bin_index(p, bins)];
        b.0 += 1;
        b.1 += p;
        b.2 += f64::from(u8::from(o));
    }
    acc.iter()
        .enumerate()
        .map(|(i, &(n, sp, so))| ReliabilityBin {
            lo: i as f64 / bins as f64,
            hi: (i + 1) as f64 / bins as f64,
            count: n,
            mean_confidence: if n == 0 { 0.0 } else { sp / n as f64 },
            accuracy: if n == 0 { 0.0 } else { so / n as f64 },
        })
        .collect()
}

/// Expected calibration error with `bins` equal-width bins: Σ_b (n_b/n)·|acc_b − conf_b|
/// (Guo et al. 2017, eq. 3). In [0,1]; 0 for empty input.
pub fn ece(probs: &[f64], outcomes: &[bool], bins: usize) -> f64 {
    let n = probs.len().min(outcomes.len());
    if n == 0 {
        return 0.0;
    }
    reliability_bins(probs, outcomes, bins)
        .iter()
        .map(|b| b.count as f64 / n as f64 * (b.accuracy - b.mean_confidence).abs())
        .sum()
}

/// Brier score: mean (p − y)² with y = 1 for a correct outcome (Brier 1950). In [0,1].
pub fn brier(probs: &[f64], outcomes: &[bool]) -> f64 {
    let n = probs.len().min(outcomes.len());
    if n == 0 {
        return 0.0;
    }
    probs
        .iter()
        .zip(outcomes)
        .map(|(&p, &o)| (p - f64::from(u8::from(o))).powi(2))
        .sum::<f64>()
        / n as f64
}

/// Two-sided Jeffreys interval at `level` for a proportion `p` observed over `n` trials:
/// quantiles α/2 and 1 − α/2 of Beta(p·n + ½, (1 − p)·n + ½), with the lower end 0 when p·n < 1
/// and the upper end 1 when (1 − p)·n < 1 (Brown, Cai & DasGupta 2001, §4.1.2). With n = 0 the
/// interval is [0, 1]. The result always contains `p`.
pub fn jeffreys_interval(p: f64, n: f64, level: f64) -> [f64; 2] {
    let p = p.clamp(0.0, 1.0);
    if n.is_nan() || n <= 0.0 {
        return [0.0, 1.0];
    }
    let x = p * n;
    let alpha = 1.0 - level;
    let beta = match Beta::new(x + 0.5, n - x + 0.5) {
        Ok(b) => b,
        Err(_) => return [0.0, 1.0],
    };
    let lo = if x < 1.0 {
        0.0
    } else {
        beta.inverse_cdf(alpha / 2.0)
    };
    let hi = if n - x < 1.0 {
        1.0
    } else {
        beta.inverse_cdf(1.0 - alpha / 2.0)
    };
    [lo.min(p).max(0.0), hi.max(p).min(1.0)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pav_pools_violators() {
        let iso = Isotonic::fit(&[0.1, 0.2, 0.3, 0.4], &[false, true, false, true]).unwrap();
        assert_eq!(iso.y, vec![0.0, 0.5, 1.0]);
        assert_eq!(iso.n, vec![1.0, 2.0, 1.0]);
        assert!((iso.predict(0.25) - 0.5).abs() < 1e-12);
        assert_eq!(iso.predict(-5.0), 0.0);
        assert_eq!(iso.predict(5.0), 1.0);
        // monotone everywhere
        let mut last = -1.0;
        for i in 0..=100 {
            let p = iso.predict(i as f64 / 100.0);
            assert!(p >= last);
            last = p;
        }
    }

    #[test]
    fn isotonic_rejects_bad_input() {
        assert!(Isotonic::fit(&[], &[]).is_err());
        assert!(Isotonic::fit(&[f64::NAN], &[true]).is_err());
        assert!(Isotonic::fit(&[0.1, 0.2], &[true]).is_err());
        assert!(Isotonic::fit_targets(&[0.1], &[1.5]).is_err());
        assert!(Isotonic::fit_targets(&[0.1], &[f64::NAN]).is_err());
    }

    #[test]
    fn probability_targets_are_pooled_like_outcomes() {
        // A decreasing run is pooled into its weighted mean; 0/1 targets fit as outcomes do.
        let iso = Isotonic::fit_targets(&[0.1, 0.2, 0.3], &[0.6, 0.2, 0.9]).unwrap();
        assert_eq!(iso.n, vec![2.0, 1.0]);
        assert!((iso.y[0] - 0.4).abs() < 1e-12 && iso.y[1] == 0.9);
        let (s, o) = ([0.1, 0.2, 0.3, 0.4], [false, true, false, true]);
        let t: Vec<f64> = o.iter().map(|&b| f64::from(u8::from(b))).collect();
        assert_eq!(
            Isotonic::fit(&s, &o).unwrap(),
            Isotonic::fit_targets(&s, &t).unwrap()
        );
    }

    #[test]
    fn an_integer_weight_is_the_item_repeated() {
        // Weight 2 on an item fits as that item given twice, for PAV and for Platt.
        let (s, o) = ([0.1, 0.2, 0.3, 0.4], [false, true, false, true]);
        let w = [1.0, 2.0, 1.0, 1.0];
        let (s2, o2) = ([0.1, 0.2, 0.2, 0.3, 0.4], [false, true, true, false, true]);
        let t: Vec<f64> = o.iter().map(|&b| f64::from(u8::from(b))).collect();
        let iso = Isotonic::fit_weighted(&s, &t, &w).unwrap();
        assert_eq!(iso, Isotonic::fit(&s2, &o2).unwrap());
        assert_eq!(iso.n, vec![1.0, 3.0, 1.0]);
        let (a, b) = (
            Platt::fit_weighted(&s, &o, &w).unwrap(),
            Platt::fit(&s2, &o2).unwrap(),
        );
        assert!(
            (a.a - b.a).abs() < 1e-9 && (a.b - b.b).abs() < 1e-9,
            "{a:?} {b:?}"
        );
        assert!(Isotonic::fit_weighted(&s, &t, &[1.0, 0.0, 1.0, 1.0]).is_err());
        assert!(Platt::fit_weighted(&s, &o, &[1.0, f64::NAN, 1.0, 1.0]).is_err());
    }

    #[test]
    fn dropping_collinear_knots_keeps_every_prediction() {
        // A straight stretch, a kink, another straight stretch.
        let x: Vec<f64> = (0..50).map(|i| i as f64 / 49.0).collect();
        let t: Vec<f64> = x
            .iter()
            .map(|&v| {
                if v < 0.5 {
                    0.2 + 0.2 * v
                } else {
                    0.3 + 1.2 * (v - 0.5)
                }
            })
            .collect();
        let iso = Isotonic::fit_targets(&x, &t).unwrap();
        let small = iso.without_collinear_knots(1e-9);
        assert!(small.x.len() <= 4, "{:?}", small.x);
        assert_eq!(small.n.iter().sum::<f64>(), iso.n.iter().sum::<f64>());
        for i in 0..=1000 {
            let s = i as f64 / 1000.0 * 1.2 - 0.1;
            assert!((small.predict(s) - iso.predict(s)).abs() <= 1e-9, "at {s}");
        }
    }

    #[test]
    fn platt_recovers_a_logistic_relation() {
        // Outcomes drawn deterministically from p = σ(4s − 2).
        let mut scores = Vec::new();
        let mut outcomes = Vec::new();
        for i in 0..2000 {
            let s = (i % 100) as f64 / 100.0;
            let p = crate::model::sigmoid(4.0 * s - 2.0);
            // low-discrepancy "coin": fraction of i/100 compared with p
            let u = ((i / 100) as f64 + 0.5) / 20.0;
            scores.push(s);
            outcomes.push(u < p);
        }
        let pl = Platt::fit(&scores, &outcomes).unwrap();
        assert!(
            (pl.a + 4.0).abs() < 0.5 && (pl.b - 2.0).abs() < 0.3,
            "{pl:?}"
        );
        assert!(pl.predict(0.9) > pl.predict(0.1));
        // Reversed scores: no increasing relation, so the constant smoothed base rate.
        let reversed: Vec<f64> = scores.iter().map(|s| 1.0 - s).collect();
        let flat = Platt::fit(&reversed, &outcomes).unwrap();
        assert_eq!(flat.a, 0.0);
        let rate = outcomes.iter().filter(|&&o| o).count() as f64 / outcomes.len() as f64;
        assert!(
            (flat.predict(0.3) - rate).abs() < 0.01 && flat.predict(0.3) == flat.predict(0.9),
            "{flat:?}"
        );
    }

    #[test]
    fn ece_and_brier_match_hand_computation() {
        let p = [0.9, 0.9, 0.2, 0.2];
        let y = [true, false, false, false];
        // bins (15): 0.9 -> bin 13, 0.2 -> bin 3; |0.5-0.9|*0.5 + |0-0.2|*0.5 = 0.3
        assert!((ece(&p, &y, 15) - 0.3).abs() < 1e-12);
        assert!((brier(&p, &y) - (0.01 + 0.81 + 0.04 + 0.04) / 4.0).abs() < 1e-12);
        assert_eq!(ece(&[], &[], 15), 0.0);
        assert_eq!(bin_index(1.0, 15), 14);
        assert_eq!(bin_index(0.0, 15), 0);
    }

    #[test]
    fn jeffreys_contains_p_and_narrows_with_n() {
        let small = jeffreys_interval(0.8, 10.0, 0.95);
        let big = jeffreys_interval(0.8, 1000.0, 0.95);
        assert!(small[0] <= 0.8 && 0.8 <= small[1]);
        assert!(big[1] - big[0] < small[1] - small[0]);
        assert_eq!(jeffreys_interval(0.5, 0.0, 0.95), [0.0, 1.0]);
        assert_eq!(jeffreys_interval(1.0, 50.0, 0.95)[1], 1.0);
        // Known value: x=8, n=10 -> Beta(8.5, 2.5) 2.5% quantile ≈ 0.4996 (Brown et al. table).
        let j = jeffreys_interval(0.8, 10.0, 0.95);
        assert!((j[0] - 0.4996).abs() < 0.01, "{j:?}");
    }
}
