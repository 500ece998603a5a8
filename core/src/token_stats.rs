//! The logprobs tier's statistics (DESIGN §2.2): how likely the language model found each token
//! of the audited text.
//!
//! With L tokens of log-probability ℓ_t (nats, ≤ 0):
//! - NLL = −(1/L)·Σ_t ℓ_t, the mean negative log-likelihood per token;
//! - p̄ = exp(−NLL), the geometric-mean token probability;
//! - minP = min_t exp(ℓ_t), the least likely token (its surprisal −ln minP is the "max token NLL");
//! - with top-k alternatives: the token entropy Ĥ_t = −Σ_j p_j ln p_j − r ln r over the k listed
//!   alternatives (the token itself added if missing) plus the remaining mass r = 1 − Σ_j p_j as
//!   one bucket, and MTE = mean_t Ĥ_t.
//!
//! These are the white-box estimators of LM-Polygraph (Fadeeva et al., EMNLP 2023 demo: "MSP",
//! "Perplexity", "Mean Token Entropy") and UQLM (CVS Health 2025: "minimum token probability",
//! "length-normalised token probability"). A single model's token entropy mixes aleatoric and
//! epistemic uncertainty; it is reported as `token_entropy` and used as the tier's q1 after
//! normalisation by its maximum ln(k + 1).

use crate::types::TokenLogprob;

/// Statistics of one text's token log-probabilities.
#[derive(Debug, Clone, PartialEq)]
pub struct TokenStats {
    /// Number of tokens L (≥ 1).
    pub tokens: usize,
    /// Mean negative log-likelihood per token, nats, ≥ 0.
    pub nll: f64,
    /// Geometric-mean token probability p̄ = exp(−NLL), in (0,1].
    pub mean_token_prob: f64,
    /// Smallest token probability minP, in [0,1].
    pub min_token_prob: f64,
    /// Surprisal of the least likely token, −ln minP, nats (capped at [`MAX_SURPRISAL`]).
    pub max_surprisal: f64,
    /// Mean token entropy MTE over the tokens that carry top-k alternatives, nats; `None` when
    /// no token does.
    pub token_entropy: Option<f64>,
    /// MTE divided by its largest possible value ln(k + 1) for the mean number k of listed
    /// alternatives, in [0,1]; `None` without alternatives.
    pub normalized_token_entropy: Option<f64>,
    /// Up to [`WEAKEST`] least likely tokens: (index, token text, probability), least likely first.
    pub weakest: Vec<(usize, String, f64)>,
}

/// How many weakest tokens [`TokenStats::weakest`] keeps.
pub const WEAKEST: usize = 3;

/// Surprisal cap, nats (probability e⁻⁵⁰ ≈ 2·10⁻²²): a client may send −1e308, which would
/// otherwise dominate every mean.
pub const MAX_SURPRISAL: f64 = 50.0;

/// Computes [`TokenStats`] of `tokens`; `None` when there are none. Log-probabilities are read
/// as min(ℓ, 0) and floored at −[`MAX_SURPRISAL`]; the same floor applies to alternatives.
pub fn token_stats(tokens: &[TokenLogprob]) -> Option<TokenStats> {
    if tokens.is_empty() {
        return None;
    }
    let clamp = |l: f64| {
        if l.is_nan() {
            -MAX_SURPRISAL
        } else {
            l.clamp(-MAX_SURPRISAL, 0.0)
        }
    };
    let lps: Vec<f64> = tokens.iter().map(|t| clamp(t.logprob)).collect();
    let nll = -lps.iter().sum::<f64>() / lps.len() as f64;
    let min_lp = lps.iter().copied().fold(0.0, f64::min);
    let mut entropies = Vec::new();
    let mut ks = Vec::new();
    for t in tokens.iter().filter(|t| !t.top_logprobs.is_empty()) {
        let mut ps: Vec<f64> = t
            .top_logprobs
            .iter()
            .map(|a| clamp(a.logprob).exp())
            .collect();
        if !t.top_logprobs.iter().any(|a| a.token == t.token) {
            ps.push(clamp(t.logprob).exp());
        }
        let total: f64 = ps.iter().sum();
        // Listed mass above 1 comes from rounding or inconsistent sources: renormalise.
        if total > 1.0 {
            ps.iter_mut().for_each(|p| *p /= total);
        }
        let rest = (1.0 - ps.iter().sum::<f64>()).max(0.0);
        let h: f64 = ps
            .iter()
            .chain(std::iter::once(&rest))
            .filter(|&&p| p > 0.0)
            .map(|&p| -p * p.ln())
            .sum();
        entropies.push(h.max(0.0));
        ks.push(t.top_logprobs.len() as f64);
    }
    let token_entropy =
        (!entropies.is_empty()).then(|| entropies.iter().sum::<f64>() / entropies.len() as f64);
    let normalized_token_entropy = token_entropy.map(|h| {
        let k = ks.iter().sum::<f64>() / ks.len() as f64;
        (h / (k + 1.0).ln()).clamp(0.0, 1.0)
    });
    let mut order: Vec<usize> = (0..lps.len()).collect();
    order.sort_by(|&a, &b| lps[a].total_cmp(&lps[b]).then(a.cmp(&b)));
    let weakest = order
        .into_iter()
        .take(WEAKEST)
        .map(|i| (i, tokens[i].token.clone(), lps[i].exp()))
        .collect();
    Some(TokenStats {
        tokens: lps.len(),
        nll,
        mean_token_prob: (-nll).exp(),
        min_token_prob: min_lp.exp(),
        max_surprisal: -min_lp,
        token_entropy,
        normalized_token_entropy,
        weakest,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::TopLogprob;

    fn tok(t: &str, lp: f64, top: &[(&str, f64)]) -> TokenLogprob {
        TokenLogprob {
            token: t.into(),
            logprob: lp,
            top_logprobs: top
                .iter()
                .map(|(t, l)| TopLogprob {
                    token: t.to_string(),
                    logprob: *l,
                })
                .collect(),
        }
    }

    #[test]
    fn nll_mean_and_min_probabilities() {
        let s = token_stats(&[
            tok("a", -0.1, &[]),
            tok("b", -2.3, &[]),
            tok("c", -0.6, &[]),
        ])
        .unwrap();
        assert!((s.nll - 1.0).abs() < 1e-12);
        assert!((s.mean_token_prob - (-1.0f64).exp()).abs() < 1e-12);
        assert!((s.min_token_prob - (-2.3f64).exp()).abs() < 1e-12);
        assert!((s.max_surprisal - 2.3).abs() < 1e-12);
        assert_eq!(s.token_entropy, None);
        assert_eq!(s.weakest[0].1, "b");
        assert_eq!(s.weakest.len(), 3);
        assert!(token_stats(&[]).is_none());
    }

    #[test]
    fn entropy_counts_the_remaining_mass_as_one_bucket() {
        // Listed: 0.5 and 0.25 → rest 0.25; H = −(.5 ln .5 + .25 ln .25 + .25 ln .25) = 1.5 ln 2.
        let s = token_stats(&[tok(
            "a",
            0.5f64.ln(),
            &[("a", 0.5f64.ln()), ("b", 0.25f64.ln())],
        )])
        .unwrap();
        assert!((s.token_entropy.unwrap() - 1.5 * 2f64.ln()).abs() < 1e-12);
        // Normalised by ln(k + 1) with k = 2 listed alternatives.
        assert!((s.normalized_token_entropy.unwrap() - 1.5 * 2f64.ln() / 3f64.ln()).abs() < 1e-12);
        // A token missing from its own top list is added.
        let s = token_stats(&[tok("z", 0.1f64.ln(), &[("a", 0.9f64.ln())])]).unwrap();
        let h = -(0.9 * 0.9f64.ln() + 0.1 * 0.1f64.ln());
        assert!((s.token_entropy.unwrap() - h).abs() < 1e-9);
        // A certain token has zero entropy.
        let s = token_stats(&[tok("a", 0.0, &[("a", 0.0)])]).unwrap();
        assert_eq!(s.token_entropy, Some(0.0));
    }

    #[test]
    fn extreme_values_are_capped() {
        let s =
            token_stats(&[tok("a", -1e308, &[("b", -1e308)]), tok("b", f64::NAN, &[])]).unwrap();
        assert_eq!(s.max_surprisal, MAX_SURPRISAL);
        assert!(s.nll.is_finite() && s.token_entropy.unwrap().is_finite());
    }
}
