//! Ranking metrics for evaluating a scorer against labels.
//!
//! - AUROC: probability that a random positive outscores a random negative, ties counted ½
//!   (Mann–Whitney U / (n₊ n₋); Hanley & McNeil 1982).
//! - AUPRC: average precision, Σ_k (R_k − R_{k−1}) P_k over descending score thresholds with tied
//!   scores taken together (the step-wise estimator, as scikit-learn's `average_precision_score`).

/// AUROC of `scores` for the positive class `positives[i] == true`, in [0,1].
/// Returns 0.5 when either class is empty (undefined).
pub fn auroc(scores: &[f64], positives: &[bool]) -> f64 {
    let n = scores.len().min(positives.len());
    let mut idx: Vec<usize> = (0..n).collect();
    idx.sort_by(|&a, &b| scores[a].total_cmp(&scores[b]));
    // Mid-ranks for ties.
    let mut rank_sum_pos = 0.0;
    let mut i = 0;
    while i < n {
        let mut j = i;
        while j + 1 < n && scores[idx[j + 1]] == scores[idx[i]] {
            j += 1;
        }
        let mid = (i + j) as f64 / 2.0 + 1.0;
        for &k in &idx[i..=j] {
            if positives[k] {
                rank_sum_pos += mid;
            }
        }
        i = j + 1;
    }
    let n_pos = positives[..n].iter().filter(|&&p| p).count() as f64;
    let n_neg = n as f64 - n_pos;
    if n_pos == 0.0 || n_neg == 0.0 {
        return 0.5;
    }
    (rank_sum_pos - n_pos * (n_pos + 1.0) / 2.0) / (n_pos * n_neg)
}

/// Average precision of `scores` for the positive class, in [0,1]; 0 when there is no positive.
pub fn auprc(scores: &[f64], positives: &[bool]) -> f64 {
    let n = scores.len().min(positives.len());
    let total_pos = positives[..n].iter().filter(|&&p| p).count() as f64;
    if total_pos == 0.0 {
        return 0.0;
    }
    let mut idx: Vec<usize> = (0..n).collect();
    idx.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]));
    let (mut tp, mut fp, mut ap, mut last_recall) = (0.0, 0.0, 0.0, 0.0);
    let mut i = 0;
    while i < n {
        let mut j = i;
        while j < n && scores[idx[j]] == scores[idx[i]] {
            if positives[idx[j]] {
                tp += 1.0;
            } else {
                fp += 1.0;
            }
            j += 1;
        }
        let recall = tp / total_pos;
        ap += (recall - last_recall) * tp / (tp + fp);
        last_recall = recall;
        i = j;
    }
    ap
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auroc_known_values() {
        assert_eq!(
            auroc(&[0.1, 0.2, 0.3, 0.4], &[false, false, true, true]),
            1.0
        );
        assert_eq!(
            auroc(&[0.4, 0.3, 0.2, 0.1], &[false, false, true, true]),
            0.0
        );
        assert_eq!(auroc(&[0.5, 0.5], &[true, false]), 0.5);
        // scikit-learn: roc_auc_score([0,0,1,1],[0.1,0.4,0.35,0.8]) == 0.75
        assert!((auroc(&[0.1, 0.4, 0.35, 0.8], &[false, false, true, true]) - 0.75).abs() < 1e-12);
        assert_eq!(auroc(&[0.1], &[true]), 0.5);
    }

    #[test]
    fn auprc_known_values() {
        // scikit-learn: average_precision_score([0,0,1,1],[0.1,0.4,0.35,0.8]) == 0.8333…
        assert!(
            (auprc(&[0.1, 0.4, 0.35, 0.8], &[false, false, true, true]) - 0.833_333_333_333_333_4)
                .abs()
                < 1e-12
        );
        assert_eq!(auprc(&[0.3, 0.2], &[true, false]), 1.0);
        assert_eq!(auprc(&[0.3], &[false]), 0.0);
    }
}
