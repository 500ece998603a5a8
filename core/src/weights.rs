//! The embedded reference model: one [`RawKind`] per task kind, written by the trainer
//! (`cargo run --release -p epistemic-audit-train`, see README "Training") into
//! `weights/generated.rs` and the `weights/*.ngrams.bin` tables it includes.

#[rustfmt::skip] // written by the trainer; CI compares it byte for byte with a fresh training run
#[allow(clippy::approx_constant)] // fitted values such as ln 2 = 0.693… are data, not constants
mod generated;

pub use generated::{SCORER_VERSION, TRAINED_DENSE_NAMES};

#[rustfmt::skip] // written by the trainer from the committed TriviaQA evidence; CI checks it too
mod tiers_generated;

pub use tiers_generated::{TIERS_VERSION, TRAINED_TIER_FEATURES};

/// One evidence tier's trained shift of the intrinsic logit and its held-out quality, as
/// literal data (see [`crate::tiers`]); written by the trainer into `weights/tiers_generated.rs`.
#[derive(Debug, Clone, Copy)]
pub struct RawTier {
    /// Tier wire name ("logprobs", "samples", "combined").
    pub tier: &'static str,
    /// Fitted on samples compared by sentence-embedding cosine (the semantic tier).
    pub semantic: bool,
    /// τ: cosine at or above which two samples are equivalent (semantic models); the lexical
    /// threshold otherwise.
    pub equivalent_at: f64,
    /// Input means over the training rows.
    pub mean: &'static [f64],
    /// Input standard deviations.
    pub std: &'static [f64],
    /// Weights on standardised inputs (sign-constrained; 0 where unused).
    pub weight: &'static [f64],
    /// Training rows.
    pub n: u64,
    /// Out-of-fold AUROC of the shifted logit.
    pub auroc: f64,
    /// Out-of-fold AUROC of the intrinsic logit alone.
    pub intrinsic_auroc: f64,
}

/// The embedded tier models, in [`crate::tiers::MODEL_TIERS`] order.
pub fn raw_tiers() -> &'static [RawTier] {
    tiers_generated::TIERS
}

/// A reliability bin as stored: (lo, hi, count, mean confidence, accuracy).
pub type RawBin = (f64, f64, u64, f64, f64);

/// A threshold as stored: (threshold, risk bound, coverage).
pub type RawSelection = (f64, f64, f64);

/// One task kind's trained model, calibrator and its held-out quality, as literal data.
#[derive(Debug, Clone, Copy)]
pub struct RawKind {
    /// Task kind wire name ("open", "qa", "dialogue", "summarization").
    pub kind: &'static str,
    /// Logistic-regression intercept.
    pub bias: f64,
    /// Dense feature means (training data).
    pub dense_mean: &'static [f64],
    /// Dense feature standard deviations.
    pub dense_std: &'static [f64],
    /// Dense feature weights.
    pub dense_weight: &'static [f64],
    /// Per dense feature, the 0.5 % quantile over the kind's training rows (DESIGN §2.5
    /// "Distribution shift").
    pub dense_lo: &'static [f64],
    /// Per dense feature, the 99.5 % quantile over the kind's training rows.
    pub dense_hi: &'static [f64],
    /// Share in [0,1] of the kind's training rows that are correct.
    pub base_rate: f64,
    /// Encoded n-gram table (see `model::LinearModel::decode_ngrams`).
    pub ngrams: &'static [u8],
    /// Platt calibrator (a, b) when the trainer chose Platt; then the `iso_*` arrays are empty.
    pub platt: Option<(f64, f64)>,
    /// Isotonic calibrator block centroids (raw confidence).
    pub iso_x: &'static [f64],
    /// Isotonic calibrator block values (probability correct).
    pub iso_y: &'static [f64],
    /// Isotonic calibrator block sizes.
    pub iso_n: &'static [f64],
    /// 15 reliability bins of the cross-fitted heights.
    pub bins: &'static [RawBin],
    /// Number of held-out labels.
    pub n: u64,
    /// Held-out ECE (15 bins).
    pub ece: f64,
    /// Held-out Brier score.
    pub brier: f64,
    /// Held-out AUROC of (1 − height) for "incorrect".
    pub auroc: f64,
    /// SGR accept selection on held-out heights.
    pub accept: Option<RawSelection>,
    /// SGR refuse selection on held-out heights.
    pub refuse: Option<RawSelection>,
    /// Target risk r* used for both selections.
    pub target_risk: f64,
    /// δ (1 − confidence) used for both selections.
    pub delta: f64,
}

/// The embedded kinds, in the order written by the trainer.
pub fn raw_kinds() -> &'static [RawKind] {
    generated::KINDS
}
