//! The evidence tiers beyond text alone (DESIGN §2.2–2.4): how token log-probabilities
//! ([`crate::token_stats`]) and sampled answers ([`crate::samples`]) update the intrinsic model
//! into q1, q2, raw confidence and height.
//!
//! **q2** (epistemic) of a tier is the probability that the text is wrong given the tier's
//! evidence: the intrinsic model's logit z₀ (the prior log-odds from the text) *shifted* by a
//! learned linear function of the tier's statistics, z = z₀ + Σᵢ wᵢ·(xᵢ − μᵢ)/σᵢ, over
//! [`TIER_FEATURES`]: NLL, max token surprisal −ln minP and mean token entropy (logprobs tier);
//! disagreement E_y of the text with the samples (samples tier; SelfCheckGPT, Manakul et al.
//! 2023); all of these (combined). When the host embeds the text and samples with the semantic
//! tier's sentence-embedding model ([`PairJudge::Embedding`]), the samples and combined tiers use
//! their *semantic* models ([`TierKey::semantic`]): the samples are clustered by meaning —
//! cosine ≥ τ and no conflicting names, numbers or years (semantic equivalence as Kuhn, Gal &
//! Farquhar, ICLR 2023, use it; τ fitted by the trainer) — and the semantic disagreement, the
//! share of samples outside the text's meaning, is an input next to the lexical E_y
//! ([`Evidence::of`] says why E_y stays lexical). The semantic entropy of those clusters is
//! reported, not an input: samples that agree with each other on a *different* answer have
//! semantic entropy 0, and a weight on it lowered q2 exactly there ("The capital of France is
//! Lyon." against three samples saying Paris: height 0.84 against 0.56 lexically). Each weight
//! is sign-constrained (≥ 0: q2 never falls when the text gets less likely or disagrees more
//! with the samples). The weights are fitted with z₀ as an
//! offset and a free intercept that absorbs the training set's own base rate and is *not*
//! shipped: evidence at its training mean leaves the intrinsic reading unchanged (trainer,
//! README "Evidence tiers").
//!
//! Dispersion G, semantic entropy and the lexical support S_y are reported (features,
//! explanation) but are not inputs: G describes the question, not the text (samples that all
//! agree on a *different* answer give G = 0), and neither G nor S_y added held-out signal to E_y
//! on the training data.
//! **q1** (aleatoric): A = max(0, G − D) with an NLI judge; else the normalised mean token
//! entropy when top-k log-probabilities are given; else the intrinsic prompt-openness signal.
//! **raw confidence** c = 1 − q2 and **height** = the calibrator in force for the task kind
//! (reference or feedback scope, as in the intrinsic tier), with its thresholds. A calibrator
//! fitted on the only labelled tier data (a 135M model answering TriviaQA, 8 % correct) would
//! carry that model's base rate into every audit, so the tiers' held-out quality is measured and
//! reported instead ([`TierModel::auroc`] and README).
//! **interval**: the hull of (a) the Jeffreys interval of the calibration bin, (b) a seeded
//! bootstrap over the samples (B = [`BOOTSTRAP_ROUNDS`] resamples with replacement, 2.5–97.5 %
//! percentiles of the height) and (c) the heights at the ends of the Jeffreys interval of the
//! support share S_y with n = K in place of E_y's share, so thin evidence widens it.

use crate::samples::{Equivalence, PairJudge, PairTable, SampleStats};
use crate::text::{fnv1a, FNV_OFFSET};
use crate::token_stats::{token_stats, TokenStats};
use crate::types::{AuditRequest, Tier};

/// Number of inputs of a tier model.
pub const N_TIER: usize = 5;
/// Index of the lexical disagreement input E_y (SelfCheckGPT; read by the samples and combined
/// models).
pub const DISAGREEMENT: usize = 3;
/// Index of the semantic disagreement input (read by the semantic models only).
pub const SEMANTIC_DISAGREEMENT: usize = 4;
/// Inputs of a tier model, in order: NLL (nats per token), max token surprisal (nats), mean
/// token entropy (nats), disagreement E_y in [0,1], semantic disagreement 1 − S_y by meaning in
/// [0,1] (the share of samples that do not say what the text says, clustered by meaning).
pub const TIER_FEATURES: [&str; N_TIER] = [
    "nll",
    "max_surprisal",
    "token_entropy",
    "disagreement",
    "semantic_disagreement",
];
/// Sign of each input's weight on the logit of "incorrect": +1 must be ≥ 0, −1 must be ≤ 0.
pub const TIER_SIGNS: [f64; N_TIER] = [1.0, 1.0, 1.0, 1.0, 1.0];
/// Bootstrap resamples of the samples for the interval.
pub const BOOTSTRAP_ROUNDS: usize = 200;

/// Which model serves a tier: the tier, and whether the samples were judged by embedding cosine
/// (the semantic tier, [`PairJudge::Embedding`]) rather than lexically or by an NLI judge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TierKey {
    /// The evidence tier.
    pub tier: Tier,
    /// Samples compared by sentence-embedding cosine.
    pub semantic: bool,
}

impl TierKey {
    /// The key's name in the generated weights and the trainer's report: the tier's wire name,
    /// with "+semantic" for a semantic model.
    pub fn name(self) -> String {
        if self.semantic {
            format!("{}+semantic", self.tier.as_str())
        } else {
            self.tier.as_str().to_string()
        }
    }
}

/// The tier models, in the order the trainer writes them: one per tier with evidence, and a
/// semantic one for each tier that reads samples.
pub const MODEL_TIERS: [TierKey; 5] = [
    TierKey {
        tier: Tier::Logprobs,
        semantic: false,
    },
    TierKey {
        tier: Tier::Samples,
        semantic: false,
    },
    TierKey {
        tier: Tier::Combined,
        semantic: false,
    },
    TierKey {
        tier: Tier::Samples,
        semantic: true,
    },
    TierKey {
        tier: Tier::Combined,
        semantic: true,
    },
];

/// Whether the model `key` reads input `i` of [`TIER_FEATURES`]: the logprobs inputs (0–2) in the
/// logprobs and combined tiers, disagreement (3) in the samples and combined tiers, semantic
/// disagreement (4) in their semantic models.
pub fn uses(key: TierKey, i: usize) -> bool {
    let samples = i == DISAGREEMENT || (key.semantic && i == SEMANTIC_DISAGREEMENT);
    match key.tier {
        Tier::Intrinsic => false,
        Tier::Logprobs => i <= 2,
        Tier::Samples => samples,
        Tier::Combined => i <= 2 || samples,
    }
}

/// The evidence of one request beyond its text: token statistics and sample statistics.
#[derive(Debug, Clone)]
pub struct Evidence {
    /// Statistics of `logprobs`, if given.
    pub tokens: Option<TokenStats>,
    /// Pair table of text and `samples`, if given: lexical given the prompt, or an NLI judge's.
    pub pairs: Option<PairTable>,
    /// With embedding cosines ([`PairJudge::Embedding`]): the table that clusters the samples by
    /// meaning (cosine ≥ τ, no conflicting names, numbers or years).
    pub clusters: Option<PairTable>,
    /// Statistics over all samples ([`Evidence::stats_of`]).
    pub samples: Option<SampleStats>,
}

impl Evidence {
    /// Reads the evidence of `req`. `judge` says how `[text, samples…]` are compared: lexically
    /// as answers to `req.prompt`, by an NLI matrix, or — with embedding cosines — lexically for
    /// the text against the samples (E_y, S_y) and by meaning for the samples' clusters
    /// (dispersion G, semantic entropy), the semantic models' inputs. The trainer measured why
    /// E_y stays lexical: a sentence embedding scores "… is Lyon." against "… is Paris." 0.75,
    /// and E_y by embedding cosine (with the name rule) ranked SmolLM2's wrong answers worse than
    /// the lexical E_y (0.537 against 0.572, README "Evidence tiers").
    pub fn of(req: &AuditRequest, judge: PairJudge<'_>) -> Evidence {
        let tokens = req.logprobs.as_deref().and_then(token_stats);
        let samples = req.samples.as_deref().filter(|s| !s.is_empty());
        let prompt = req.prompt.as_deref();
        let (pairs, clusters) = match (samples, judge) {
            (None, _) => (None, None),
            (Some(s), PairJudge::Embedding { .. }) => (
                Some(PairTable::new(&req.text, s, prompt, PairJudge::Lexical)),
                Some(PairTable::new(&req.text, s, prompt, judge))
                    .filter(|c| c.equivalence() == Equivalence::Embedding),
            ),
            (Some(s), judge) => (Some(PairTable::new(&req.text, s, prompt, judge)), None),
        };
        let mut e = Evidence {
            tokens,
            pairs,
            clusters,
            samples: None,
        };
        e.samples = e
            .pairs
            .as_ref()
            .and_then(|p| e.stats_of(&(1..=p.k()).collect::<Vec<_>>()));
        e
    }

    /// Sample statistics over the samples at `picks` (1-based, repeats allowed: a bootstrap
    /// resample; not empty), `None` without samples: the text against the samples from
    /// [`Evidence::pairs`], and — with [`Evidence::clusters`] — the clusters, dispersion and
    /// semantic entropy of the samples by meaning and the text's share of them
    /// ([`SampleStats::semantic_support`]).
    pub fn stats_of(&self, picks: &[usize]) -> Option<SampleStats> {
        let mut s = self.pairs.as_ref()?.stats_of(picks);
        if let Some(c) = self.clusters.as_ref() {
            let by_meaning = c.stats_of(picks);
            s.dispersion = by_meaning.dispersion;
            s.semantic_entropy = by_meaning.semantic_entropy;
            s.clusters = by_meaning.clusters;
            s.semantic_support = Some(by_meaning.support);
        }
        Some(s)
    }

    /// How the samples' clusters were judged: "embedding" with [`Evidence::clusters`], else the
    /// judge of [`Evidence::pairs`]; `None` without samples.
    pub fn equivalence(&self) -> Option<Equivalence> {
        match (&self.clusters, &self.pairs) {
            (Some(_), _) => Some(Equivalence::Embedding),
            (None, p) => p.as_ref().map(PairTable::equivalence),
        }
    }

    /// The tier this evidence supports.
    pub fn tier(&self) -> Tier {
        match (self.tokens.is_some(), self.samples.is_some()) {
            (false, false) => Tier::Intrinsic,
            (true, false) => Tier::Logprobs,
            (false, true) => Tier::Samples,
            (true, true) => Tier::Combined,
        }
    }

    /// The tier model's inputs with sample statistics `s` (NaN where the evidence lacks a
    /// value; the model reads it as its training mean).
    pub fn inputs(&self, s: Option<&SampleStats>) -> [f64; N_TIER] {
        let t = self.tokens.as_ref();
        [
            t.map_or(f64::NAN, |t| t.nll),
            t.map_or(f64::NAN, |t| t.max_surprisal),
            t.and_then(|t| t.token_entropy).unwrap_or(f64::NAN),
            s.map_or(f64::NAN, |s| s.disagreement),
            s.and_then(|s| s.semantic_support)
                .map_or(f64::NAN, |support| 1.0 - support),
        ]
    }

    /// The model that serves this evidence: its tier, semantic when the samples were clustered
    /// by embedding.
    pub fn key(&self) -> TierKey {
        TierKey {
            tier: self.tier(),
            semantic: self.clusters.is_some(),
        }
    }
}

/// A trained tier model: the shift of the intrinsic logit by the tier's standardised inputs,
/// and its held-out quality on the training data.
#[derive(Debug, Clone, PartialEq)]
pub struct TierModel {
    /// The tier.
    pub tier: Tier,
    /// Fitted on samples compared by embedding cosine ([`TierKey::semantic`]).
    pub semantic: bool,
    /// τ: the cosine at or above which two samples are equivalent, for a semantic model (fitted
    /// by the trainer); [`crate::samples::EQUIVALENT_AT`] (the lexical threshold) otherwise.
    pub equivalent_at: f64,
    /// Input means over the training rows.
    pub mean: [f64; N_TIER],
    /// Input standard deviations.
    pub std: [f64; N_TIER],
    /// Weights on standardised inputs, nats of the "incorrect" logit per standard deviation
    /// (0 for inputs the tier does not read).
    pub weight: [f64; N_TIER],
    /// Training rows (labelled answers).
    pub n: u64,
    /// Out-of-fold AUROC for "incorrect" of the shifted logit on the training rows.
    pub auroc: f64,
    /// Out-of-fold AUROC of the intrinsic logit alone on the same rows (the baseline).
    pub intrinsic_auroc: f64,
}

impl TierModel {
    /// This model's key.
    pub fn key(&self) -> TierKey {
        TierKey {
            tier: self.tier,
            semantic: self.semantic,
        }
    }

    /// The shift Δ of the intrinsic logit (nats) for inputs `x`, and each input's share of it.
    pub fn shift(&self, x: &[f64; N_TIER]) -> (f64, [f64; N_TIER]) {
        linear_shift(self.key(), &self.weight, &self.mean, &self.std, x)
    }

    /// The covariate shift of the evidence `x` against this tier's training data (DESIGN §2.5),
    /// as [`crate::scorer::shift_of`] measures the intrinsic features': the logit mass (nats)
    /// that winsorising at ±[`MAX_Z`] standard deviations ([`standardise`]) cut off, Σᵢ wᵢ ·
    /// (|zᵢ| − MAX_Z)⁺ over the inputs the tier reads, and the part of it on the trustworthy
    /// side (an input far below its training mean lowers q2: samples that agree with the text
    /// when the training samples almost never did), with the indices of those inputs. Returns
    /// (extrapolation, toward_correct, inputs beyond on the trustworthy side).
    pub fn extrapolation(&self, x: &[f64; N_TIER]) -> (f64, f64, Vec<usize>) {
        let (mut e, mut toward_correct, mut beyond) = (0.0, 0.0, Vec::new());
        for i in (0..N_TIER).filter(|&i| uses(self.key(), i) && x[i].is_finite()) {
            let z = z_score(x[i], self.mean[i], self.std[i]);
            let cut = self.weight[i].abs() * (z.abs() - MAX_Z).max(0.0);
            if cut == 0.0 {
                continue;
            }
            e += cut;
            // Weights are signed by TIER_SIGNS: w·z < 0 lowers q2.
            if self.weight[i] * z < 0.0 {
                toward_correct += cut;
                beyond.push(i);
            }
        }
        (e, toward_correct, beyond)
    }
}

/// Δ = Σ_i w_i · standardise(x_i; mean_i, std_i) over the inputs model `key` reads, in nats,
/// with each input's term (0 for the others): the shift of [`TierModel::shift`], shared with the
/// trainer so that fitting and serving compute it identically.
pub fn linear_shift(
    key: TierKey,
    weight: &[f64; N_TIER],
    mean: &[f64; N_TIER],
    std: &[f64; N_TIER],
    x: &[f64; N_TIER],
) -> (f64, [f64; N_TIER]) {
    let mut contrib = [0.0; N_TIER];
    for i in (0..N_TIER).filter(|&i| uses(key, i)) {
        contrib[i] = weight[i] * standardise(x[i], mean[i], std[i]);
    }
    (contrib.iter().sum(), contrib)
}

/// Most standard deviations an input may sit from its training mean: inputs beyond are
/// winsorised, so that a value the training data never showed (say, samples that all agree when
/// the training samples almost never did) cannot add an unbounded contribution.
pub const MAX_Z: f64 = 4.0;

/// (x − mean) / std in standard deviations, not clipped (a std below 1e-9 counts as 1e-9).
fn z_score(x: f64, mean: f64, std: f64) -> f64 {
    (x - mean) / std.max(1e-9)
}

/// (x − mean) / std clipped to ±[`MAX_Z`]; a missing (non-finite) x reads as the mean (0).
pub fn standardise(x: f64, mean: f64, std: f64) -> f64 {
    if x.is_finite() {
        z_score(x, mean, std).clamp(-MAX_Z, MAX_Z)
    } else {
        0.0
    }
}

/// A deterministic generator for the bootstrap (SplitMix64, Steele, Lea & Flood 2014), seeded
/// from the request so equal requests give equal intervals.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// Next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform index in `0..n` (n ≥ 1).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * n as f64) as usize % n
    }
}

/// Seed of the bootstrap for a request: FNV-1a of the text and the samples.
pub fn bootstrap_seed(req: &AuditRequest) -> u64 {
    let mut h = fnv1a(FNV_OFFSET, req.text.as_bytes());
    for s in req.samples.iter().flatten() {
        h = fnv1a(h, &[0xff]);
        h = fnv1a(h, s.as_bytes());
    }
    h
}

/// 2.5 % and 97.5 % percentiles (nearest rank) of `v` (non-empty).
pub fn percentile_interval(mut v: Vec<f64>) -> [f64; 2] {
    v.sort_by(f64::total_cmp);
    let at = |q: f64| v[((q * (v.len() - 1) as f64).round() as usize).min(v.len() - 1)];
    [at(0.025), at(0.975)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::TokenLogprob;

    #[test]
    fn tier_follows_the_evidence() {
        let mut r = AuditRequest {
            text: "Paris".into(),
            ..Default::default()
        };
        assert_eq!(Evidence::of(&r, PairJudge::Lexical).tier(), Tier::Intrinsic);
        r.samples = Some(vec!["Paris".into()]);
        assert_eq!(Evidence::of(&r, PairJudge::Lexical).tier(), Tier::Samples);
        let cosine = crate::samples::CosineMatrix {
            cosine: vec![vec![1.0, 0.9], vec![0.9, 1.0]],
        };
        let judge = PairJudge::Embedding {
            cosine: &cosine,
            equivalent_at: 0.8,
        };
        assert_eq!(
            Evidence::of(&r, judge).key(),
            TierKey {
                tier: Tier::Samples,
                semantic: true
            }
        );
        assert!(!Evidence::of(&r, PairJudge::Lexical).key().semantic);
        r.logprobs = Some(vec![TokenLogprob {
            token: "Paris".into(),
            logprob: -0.1,
            top_logprobs: vec![],
        }]);
        assert_eq!(Evidence::of(&r, PairJudge::Lexical).tier(), Tier::Combined);
        r.samples = None;
        assert_eq!(Evidence::of(&r, PairJudge::Lexical).tier(), Tier::Logprobs);
        let x = Evidence::of(&r, PairJudge::Lexical).inputs(None);
        assert!((x[0] - 0.1).abs() < 1e-12);
        assert!(x[2].is_nan() && x[3].is_nan() && x[4].is_nan());
    }

    #[test]
    fn uses_partitions_the_inputs() {
        let key = |tier, semantic| TierKey { tier, semantic };
        for semantic in [false, true] {
            for i in 0..N_TIER {
                assert_eq!(
                    uses(key(Tier::Combined, semantic), i),
                    uses(key(Tier::Logprobs, semantic), i) || uses(key(Tier::Samples, semantic), i)
                );
            }
        }
        // Semantic disagreement is read by the semantic models only.
        assert!(!uses(key(Tier::Samples, false), SEMANTIC_DISAGREEMENT));
        assert!(uses(key(Tier::Samples, true), SEMANTIC_DISAGREEMENT));
    }

    #[test]
    fn splitmix_is_deterministic_and_in_range() {
        let mut a = SplitMix64::new(7);
        let mut b = SplitMix64::new(7);
        for _ in 0..1000 {
            let i = a.below(5);
            assert_eq!(i, b.below(5));
            assert!(i < 5);
        }
        assert_eq!(percentile_interval(vec![3.0, 1.0, 2.0]), [1.0, 3.0]);
    }
}
