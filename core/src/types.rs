//! Request and response shapes of interface 1.1.0 (`shared/spec/interface-v1.1.md`, "Resources and
//! their fields"), with the members the contract leaves open fixed as in DESIGN §2 and §3.
//!
//! Every type here serialises to exactly the JSON the HTTP service and the WebAssembly binding
//! return. Parsing of *untrusted* JSON goes through [`crate::validate`], which reports the failing
//! field; the `Deserialize` impls are for trusted data (tests, fixtures, the CLI's own output).

use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// One answer to audit (contract: AuditRequest; element of `items` in /v1/batch).
///
/// `prompt` is an optional extension (DESIGN §2: "context (prompt and/or retrieved documents)"):
/// when the caller can separate the question from retrieved documents it helps the task-kind
/// router; when it cannot, everything may go in `context`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AuditRequest {
    /// The LLM's answer to audit; 1..=20000 characters.
    #[cfg_attr(
        feature = "openapi",
        schema(
            min_length = 1,
            max_length = 20000,
            example = "Paris is the capital of France."
        )
    )]
    pub text: String,
    /// Retrieved documents or knowledge the answer should rest on, or the user's question when
    /// no `prompt` is sent (DESIGN §2.0); at most 100000 characters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(max_length = 100000))]
    pub context: Option<String>,
    /// The user's question or instruction; at most 20000 characters (extension).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(max_length = 20000))]
    pub prompt: Option<String>,
    /// Free-form name of the model that wrote `text`; at most 500 characters. Selects the
    /// calibration scope once feedback exists for it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(max_length = 500))]
    pub model_source: Option<String>,
    /// Alternative answers to the same prompt (1..=20 strings of at most 20000 characters), sampled
    /// from the model that wrote `text` (DESIGN §2.3, samples tier). When present, no upstream
    /// sampling is needed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(min_items = 1, max_items = 20))]
    pub samples: Option<Vec<String>>,
    /// Per-token log-probabilities of `text` under the model that wrote it, in the OpenAI chat
    /// `choices[].logprobs.content` shape (1..=10000 tokens; DESIGN §2.2, logprobs tier).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(min_items = 1, max_items = 10000))]
    pub logprobs: Option<Vec<TokenLogprob>>,
}

/// One token of an answer with its log-probability (nats, ≤ 0) and, optionally, the most likely
/// alternatives at that position: an element of OpenAI's chat `logprobs.content`. Members of
/// that shape not listed here (such as `bytes`) are ignored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TokenLogprob {
    /// The token's text; at most 1000 characters.
    #[cfg_attr(feature = "openapi", schema(max_length = 1000, example = "Paris"))]
    pub token: String,
    /// Natural-log probability of this token given everything before it; finite, ≤ 0.
    #[cfg_attr(feature = "openapi", schema(maximum = 0.0, example = -0.02))]
    pub logprob: f64,
    /// Up to 20 most likely tokens at this position with their log-probabilities (the token
    /// itself may be among them). Empty when the source gave none.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(max_items = 20))]
    pub top_logprobs: Vec<TopLogprob>,
}

/// An alternative token at one position and its log-probability (nats, ≤ 0).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TopLogprob {
    /// The alternative token's text; at most 1000 characters.
    #[cfg_attr(feature = "openapi", schema(max_length = 1000))]
    pub token: String,
    /// Its natural-log probability; finite, ≤ 0.
    #[cfg_attr(feature = "openapi", schema(maximum = 0.0))]
    pub logprob: f64,
}

/// ACCEPT / MAYBE / REFUSED, chosen from `height` by risk-controlled thresholds (DESIGN §2.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Verdict {
    /// height ≥ τ_accept: the accepted region's error rate is bounded at the target risk.
    Accept,
    /// Between the two thresholds.
    Maybe,
    /// height ≤ τ_refuse: most such answers were wrong on the calibration data.
    Refused,
}

impl Verdict {
    /// The wire name: "ACCEPT", "MAYBE" or "REFUSED".
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Accept => "ACCEPT",
            Verdict::Maybe => "MAYBE",
            Verdict::Refused => "REFUSED",
        }
    }
}

/// Which evidence an audit rested on (DESIGN §2, "Evidence tiers").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Tier {
    /// The text (+ prompt/context) only.
    Intrinsic,
    /// Token log-probabilities of the text (client-supplied or upstream teacher forcing).
    Logprobs,
    /// Alternative answers to the same prompt (client-supplied, upstream sampling, or the other
    /// answers of a comparison).
    Samples,
    /// Both log-probabilities and samples.
    Combined,
}

impl Tier {
    /// Every tier, from text alone to all evidence.
    pub const ALL: [Tier; 4] = [
        Tier::Intrinsic,
        Tier::Logprobs,
        Tier::Samples,
        Tier::Combined,
    ];

    /// The wire name, e.g. "intrinsic".
    pub fn as_str(self) -> &'static str {
        match self {
            Tier::Intrinsic => "intrinsic",
            Tier::Logprobs => "logprobs",
            Tier::Samples => "samples",
            Tier::Combined => "combined",
        }
    }
}

/// How the audit was run (the result's `mode`; DESIGN §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// The service's own upstream settings (or none: local scoring).
    Managed,
    /// The client's own upstream endpoint and token (headers X-HF-Endpoint + X-HF-Token).
    ByoHf,
    /// In-process scoring with no service at all (the WebAssembly package).
    Local,
}

/// What kind of task the answer responds to; each kind has its own trained model, calibrator and
/// thresholds, because base rates and signals differ (see [`crate::features::TaskKind::detect`]).
pub use crate::features::TaskKind;

/// Result of one audit (contract: AuditResult).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AuditResult {
    /// Aleatoric uncertainty in [0,1]: how many valid answers the question admits.
    pub q1: f64,
    /// Epistemic uncertainty in [0,1]: probability the text holds unsupported content, before
    /// calibration.
    pub q2: f64,
    /// Calibrated probability in [0,1] that the text is correct.
    pub height: f64,
    /// ECE (15 equal-width bins, Guo et al. 2017) of the scorer that made this result, measured on
    /// held-out (cross-fitted) labels of its scope; in [0,1].
    pub ece: f64,
    /// Brier score of the same scorer on the same held-out labels; in [0,1].
    pub brier: f64,
    /// Verdict from `height` and the scope's thresholds.
    pub verdict: Verdict,
    /// `[lo, hi]`, a 95% interval for `height`, lo ≤ height ≤ hi.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<f64>, min_items = 2, max_items = 2))]
    pub confidence_interval: [f64; 2],
    /// Sentences built from the evidence that moved this score.
    pub explanation: String,
    /// Tier, task kind, raw confidence, calibration, thresholds, interval and feature details.
    pub metadata: Metadata,
    /// "managed", "byo-hf" or "local".
    pub mode: Mode,
    /// Wall time of the upstream call in milliseconds; 0 when no upstream was called.
    pub upstream_latency_ms: f64,
}

/// The request field that held the sources of an audit (DESIGN §2.0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum SourceField {
    /// A passage of the `prompt` ("Context: … Question: …", sent without a source context).
    Prompt,
    /// The `context`, or the passage of it that the request's question surrounds.
    Context,
}

/// Where the sources an audit was checked against lie in its request (`metadata.sources`,
/// DESIGN §2.0): the field and the character offsets (Unicode scalar values, end exclusive) of
/// the passage in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SourcesSpan {
    /// The field: "prompt" or "context".
    pub field: SourceField,
    /// First character of the passage in the field.
    pub start: usize,
    /// One past its last character.
    pub end: usize,
}

/// The `metadata` member of [`AuditResult`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Metadata {
    /// Evidence tier.
    pub tier: Tier,
    /// Task kind that selected the model.
    pub task: TaskKind,
    /// Calibration scope, `"<tier>/<task>"`.
    pub scope: String,
    /// Uncalibrated confidence c = 1 − q2 that the calibrator maps to `height`.
    pub raw_confidence: f64,
    /// Where the calibrator came from and how good it is.
    pub calibration: CalibrationInfo,
    /// Verdict thresholds and how they were chosen.
    pub thresholds: ThresholdInfo,
    /// How `confidence_interval` was computed.
    pub interval: IntervalInfo,
    /// Named feature values of this text (units per name; see README "Features").
    // The names are the scorer's constants, borrowed: no allocation per name (issue 14).
    pub features: BTreeMap<Cow<'static, str>, f64>,
    /// The features that moved the logit most, largest |contribution| first.
    pub top_contributions: Vec<Contribution>,
    /// The request's `model_source`, if any.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub model_source: Option<String>,
    /// Version of the embedded model (training data digest and settings).
    pub scorer_version: String,
    /// How the request's `context` was read: "none", "prompt" (a question or instruction,
    /// judged as the prompt of an open answer) or "source" (DESIGN §2.0).
    pub context_role: crate::grounding::ContextRole,
    /// Where the sources the claims were checked against lie in the request (DESIGN §2.0): the
    /// whole `context` when it states facts; the passage of it around which a contract-only
    /// client put its question ([`crate::grounding::context_passage`]); or the passage of the
    /// `prompt` when no context stated facts ([`crate::grounding::prompt_passage`]). Absent
    /// without sources. The claims' `source` spans are offsets in that field.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sources: Option<SourcesSpan>,
    /// The answer's claims aligned to the sources (empty without sources; DESIGN §2.1).
    pub claims: Vec<crate::grounding::Claim>,
    /// How far this input lies outside the calibration data of its scope (DESIGN §2.5).
    pub shift: ShiftInfo,
    /// Which upstream produced the evidence (absent when nothing was called).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upstream: Option<UpstreamInfo>,
    /// The semantic tier's claim alignment (DESIGN §2.6): whether it ran, and each claim aligned
    /// to the source sentence closest in meaning. Reported only: the alignment does not change
    /// `q1`, `q2`, `height` or the verdict (a weight fitted on dev data ranks natural rows
    /// backwards; README "Semantic model").
    #[serde(default)]
    pub semantic: crate::semantic::SemanticInfo,
    /// How the samples were compared with the text and with each other (absent without
    /// samples): "lexical", "nli", or "embedding" (the semantic tier's sentence embeddings; the
    /// samples and combined tiers then use their semantic models, DESIGN §2.6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub samples_equivalence: Option<crate::samples::Equivalence>,
}

/// `metadata.upstream`: the upstream call that produced this audit's evidence (DESIGN §3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UpstreamInfo {
    /// "tgi" or "openai".
    pub protocol: String,
    /// Model id the upstream reported (or "unknown").
    pub model: String,
    /// Number of samples the upstream returned (0 when none were requested).
    pub k: u32,
    /// Whether teacher-forced token log-probabilities of the text were obtained.
    pub logprobs: bool,
}

/// `metadata.calibration` (DESIGN §2.5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CalibrationInfo {
    /// "reference" (fitted on the shipped dev data) or "feedback" (on stored labels).
    pub source: String,
    /// The calibration scope: `intrinsic/<task>` for the reference, `intrinsic/<task>/<model|*>`
    /// for a feedback calibrator.
    pub scope: String,
    /// Number of held-out labels behind `ece` and `brier`.
    pub n: u64,
    /// "isotonic" or "platt".
    pub method: String,
    /// Number of equal-width bins used for ECE (15).
    pub bins: u32,
    /// Same as the result's `ece`.
    pub ece: f64,
    /// Same as the result's `brier`.
    pub brier: f64,
    /// Out-of-fold AUROC of (1 − height) against "incorrect" on the same labels.
    pub auroc: f64,
    /// Weight w = n/(n+50) of the scope's own fit in the blend with the reference (feedback
    /// calibrators only; see `recalibration`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shrinkage_weight: Option<f64>,
}

/// `metadata.thresholds`: selection with guaranteed risk (Geifman & El-Yaniv 2017).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ThresholdInfo {
    /// ACCEPT when height ≥ accept; null when no accept region met the risk bound.
    pub accept: Option<f64>,
    /// REFUSED when height ≤ refuse; null when no refuse region met the bound.
    pub refuse: Option<f64>,
    /// Target risk (error rate among accepted, share of correct among refused): 0.10.
    pub target_risk: f64,
    /// One-sided confidence of the bound: 0.95.
    pub confidence: f64,
    /// Clopper–Pearson upper bound on the accepted region's error rate on the calibration labels.
    pub accept_risk_bound: Option<f64>,
    /// Share of calibration items accepted.
    pub accept_coverage: f64,
    /// Upper bound on the refused region's share of correct answers.
    pub refuse_risk_bound: Option<f64>,
    /// Share of calibration items refused.
    pub refuse_coverage: f64,
    /// "SGR" (selection with guaranteed risk).
    pub method: String,
    /// "reference" or "feedback".
    pub source: String,
}

/// `metadata.shift`: covariate shift of this input against the calibration data of its scope
/// (DESIGN §2.5 "Distribution shift").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ShiftInfo {
    /// "feature_range": the logit mass (nats) that comes from feature values beyond the 0.5–99.5 %
    /// range of the calibration rows, Σ |wᵢ| · distance outside the range in standard deviations,
    /// plus, in an evidence tier, that of its inputs beyond ±4 standard deviations of the tier's
    /// training rows (`TierModel::extrapolation`).
    pub measure: String,
    /// That extrapolation, in nats (≥ 0). The score itself uses the features clamped to the
    /// range.
    pub extrapolation: f64,
    /// The part of `extrapolation` that would make the answer look more trustworthy than any
    /// calibration item (nats, ≥ 0): what fires the shift.
    pub toward_correct: f64,
    /// The `toward_correct` extrapolation above which the input counts as shifted.
    pub threshold: f64,
    /// Whether the input counts as shifted: its height was shrunk toward the scope's base rate,
    /// its interval widened and its verdict set to MAYBE. Never set under a feedback calibrator,
    /// which was fitted on the client's own distribution.
    pub fired: bool,
    /// The scope's base rate (share correct in its calibration data), in [0,1].
    pub base_rate: f64,
    /// The features whose values lie outside the calibration range on the trustworthy side, in
    /// words.
    pub outside: Vec<String>,
    /// Share in [0,1] of the answer's word uni- and bigrams that the model's n-gram vocabulary
    /// holds (absent for kinds without n-grams).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub ngram_coverage: Option<f64>,
}

/// `metadata.interval`: the Jeffreys interval behind `confidence_interval`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct IntervalInfo {
    /// "jeffreys".
    pub method: String,
    /// Two-sided level, 0.95.
    pub level: f64,
    /// Calibration labels in the reliability bin that holds `height` (the interval's n).
    pub n_bin: u64,
}

/// One feature's share of the logit of "hallucinated": weight × standardised value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Contribution {
    /// Feature name (see README).
    // One of the scorer's constants, borrowed: no allocation per name (issue 14).
    pub feature: Cow<'static, str>,
    /// Raw feature value.
    pub value: f64,
    /// Contribution to the logit of "hallucinated", in nats; positive = less trustworthy.
    pub contribution: f64,
}

/// Contract: BatchRequest.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BatchRequest {
    /// 1..=100 items.
    #[cfg_attr(feature = "openapi", schema(min_items = 1, max_items = 100))]
    pub items: Vec<AuditRequest>,
}

/// Contract: BatchResponse.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BatchResponse {
    /// One result per item, in request order.
    pub audits: Vec<AuditResult>,
    /// Counts and means over `audits`.
    pub summary: BatchSummary,
}

/// `summary` of a batch (DESIGN §3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BatchSummary {
    /// Number of items.
    pub total: u64,
    /// Items with verdict ACCEPT.
    pub accept: u64,
    /// Items with verdict MAYBE.
    pub maybe: u64,
    /// Items with verdict REFUSED.
    pub refused: u64,
    /// Mean q1.
    pub avg_q1: f64,
    /// Mean q2.
    pub avg_q2: f64,
    /// Mean height.
    pub avg_height: f64,
    /// Wall time to score the batch, milliseconds (measured by the caller: core has no clock).
    pub processing_time_ms: f64,
}

impl BatchSummary {
    /// Summarises `audits`; `processing_time_ms` is the caller's measured wall time.
    /// Means of an empty slice are 0 (a batch always has ≥ 1 item after validation).
    pub fn from_audits(audits: &[AuditResult], processing_time_ms: f64) -> Self {
        let n = audits.len();
        let count = |v: Verdict| audits.iter().filter(|a| a.verdict == v).count() as u64;
        let mean = |f: fn(&AuditResult) -> f64| {
            if n == 0 {
                0.0
            } else {
                audits.iter().map(f).sum::<f64>() / n as f64
            }
        };
        BatchSummary {
            total: n as u64,
            accept: count(Verdict::Accept),
            maybe: count(Verdict::Maybe),
            refused: count(Verdict::Refused),
            avg_q1: mean(|a| a.q1),
            avg_q2: mean(|a| a.q2),
            avg_height: mean(|a| a.height),
            processing_time_ms,
        }
    }
}

/// Contract: HealthResponse.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HealthResponse {
    /// "ok".
    pub status: String,
    /// Interface version, "1.1.0".
    pub version: String,
    /// Seconds since the process started.
    pub uptime_seconds: f64,
}

/// The interface version this crate implements (contract "Versioning").
pub const INTERFACE_VERSION: &str = "1.1.0";

/// One answer of a comparison: which model wrote it and the text (DESIGN §3, Compare).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CompareItem {
    /// Model name, unique within the request; 1..=500 characters.
    #[cfg_attr(
        feature = "openapi",
        schema(min_length = 1, max_length = 500, example = "gpt-4o")
    )]
    pub model: String,
    /// The model's answer; 1..=20000 characters.
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 20000))]
    pub text: String,
    /// Extra samples from this model for the same prompt (as [`AuditRequest::samples`]); the
    /// other answers of the comparison count as samples too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(min_items = 1, max_items = 20))]
    pub samples: Option<Vec<String>>,
    /// Token log-probabilities of `text` under this model (as [`AuditRequest::logprobs`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(min_items = 1, max_items = 10000))]
    pub logprobs: Option<Vec<TokenLogprob>>,
}

/// Contract: CompareRequest.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CompareRequest {
    /// The prompt all answers respond to; at most 20000 characters.
    #[cfg_attr(feature = "openapi", schema(max_length = 20000))]
    pub prompt: String,
    /// 2..=10 answers.
    #[cfg_attr(feature = "openapi", schema(min_items = 2, max_items = 10))]
    pub responses: Vec<CompareItem>,
}

/// One model's audit inside a comparison.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ModelComparison {
    /// Model name.
    pub model: String,
    /// Aleatoric uncertainty in [0,1].
    pub q1: f64,
    /// Epistemic uncertainty in [0,1].
    pub q2: f64,
    /// Calibrated probability of being correct in [0,1].
    pub height: f64,
    /// ECE of the scorer's scope.
    pub ece: f64,
    /// Brier of the scorer's scope.
    pub brier: f64,
    /// Verdict.
    pub verdict: Verdict,
    /// Explanation of this answer's score.
    pub explanation: String,
    /// Mean lexical similarity in [0,1] with the other answers, compared as answers to the prompt
    /// (the prompt's words left out; `core::similarity::agreements`).
    pub agreement: f64,
    /// 95 % interval of `height` from this answer's audit.
    pub confidence_interval: [f64; 2],
}

/// One row of a comparison's ranking (by q2, then ECE, then q1; lower is better). Models whose
/// height intervals overlap the previous row's share its rank (standard competition ranking:
/// 1, 1, 3): their difference is within the scores' uncertainty.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RankingEntry {
    /// 1-based rank.
    pub rank: u32,
    /// Model name.
    pub model: String,
    /// Epistemic uncertainty.
    pub q2: f64,
    /// Calibrated probability of being correct.
    pub height: f64,
    /// Verdict.
    pub verdict: Verdict,
    /// 95 % interval of `height` (as in the model's audit).
    pub confidence_interval: [f64; 2],
    /// Whether this model's height interval overlaps the first-ranked model's: the difference is
    /// within the scores' uncertainty, so the two are tied (the first-ranked is tied with itself).
    pub tied_with_best: bool,
}

/// `summary` of a comparison.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CompareSummary {
    /// Number of answers compared.
    pub total_models: u64,
    /// Model ranked first.
    pub best_model: String,
    /// Its q2.
    pub best_q2: f64,
    /// Mean q2.
    pub avg_q2: f64,
    /// max q2 − min q2.
    pub q2_range: f64,
    /// Whether `best_model` is decisively best: no other model's height interval overlaps its
    /// own. False means the first place is a tie within the scores' uncertainty.
    pub decisive: bool,
    /// The models tied with the first-ranked one (itself included), in ranking order.
    pub tied_models: Vec<String>,
    /// Wall time, milliseconds (measured by the caller).
    pub processing_time_ms: f64,
}

/// Contract: CompareResponse.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CompareResponse {
    /// The request's prompt.
    pub prompt: String,
    /// Per-model audits, in request order.
    pub comparisons: Vec<ModelComparison>,
    /// Models ordered best first.
    pub ranking: Vec<RankingEntry>,
    /// Name of the first-ranked model.
    pub best_model: String,
    /// Aggregates.
    pub summary: CompareSummary,
    /// What the comparison computed beyond the contract's members.
    #[serde(default)]
    pub metadata: CompareMetadata,
}

/// `metadata` of a comparison (an extension of CompareResponse).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CompareMetadata {
    /// Semantic agreement between the answers (DESIGN §2.6). Reported only: it does not change
    /// any answer's `q2`, `height`, verdict or rank.
    #[serde(default)]
    pub semantic: crate::semantic::CompareSemantic,
}

/// Contract: CalibrateRequest. `ground_truth` 1 = the text is correct, 0 = it is not;
/// `feedback` "correct"/"incorrect" (any case) count as a label when `ground_truth` is absent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CalibrateRequest {
    /// The answer; 1..=20000 characters.
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 20000))]
    pub text: String,
    /// Optional grounding documents (or the question, DESIGN §2.0); at most 100000 characters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(max_length = 100000))]
    pub context: Option<String>,
    /// Optional prompt (extension, as in [`AuditRequest`]); at most 20000 characters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(max_length = 20000))]
    pub prompt: Option<String>,
    /// Optional model name; selects the calibration scope; at most 500 characters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(max_length = 500))]
    pub model_source: Option<String>,
    /// 0 or 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 1))]
    pub ground_truth: Option<u8>,
    /// Free text, at most 2000 characters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(max_length = 2000))]
    pub feedback: Option<String>,
    /// Optional samples (extension, as in [`AuditRequest::samples`]): the label then calibrates
    /// the samples (or combined) tier's scope, since the audit runs in that tier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(min_items = 1, max_items = 20))]
    pub samples: Option<Vec<String>>,
    /// Optional token log-probabilities (extension, as in [`AuditRequest::logprobs`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(min_items = 1, max_items = 10000))]
    pub logprobs: Option<Vec<TokenLogprob>>,
}

impl CalibrateRequest {
    /// The audit this label is about: the same text, prompt, context, model and evidence.
    pub fn audit_request(&self) -> AuditRequest {
        AuditRequest {
            text: self.text.clone(),
            context: self.context.clone(),
            prompt: self.prompt.clone(),
            model_source: self.model_source.clone(),
            samples: self.samples.clone(),
            logprobs: self.logprobs.clone(),
        }
    }
}

/// Contract: CalibrateResponse.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CalibrateResponse {
    /// Aleatoric uncertainty.
    pub q1: f64,
    /// Epistemic uncertainty.
    pub q2: f64,
    /// Calibrated probability of being correct (before this feedback).
    pub height: f64,
    /// Verdict.
    pub verdict: Verdict,
    /// height after this feedback − height before.
    pub calibration_adjustment: f64,
    /// True when a label or note was stored durably.
    pub feedback_recorded: bool,
}

/// One calibration scope in `GET /v1/calibration` (DESIGN §2.5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CalibrationScopeReport {
    /// `intrinsic/<task>` (reference) or `intrinsic/<task>/<model_source|*>` (feedback scope).
    pub scope: String,
    /// Task kind of the scope.
    pub task: TaskKind,
    /// Model name of a feedback scope (`"*"` = requests without `model_source`); absent for a
    /// reference scope.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model_source: Option<String>,
    /// Which calibrator serves the scope now: "reference" or "feedback". A feedback scope with
    /// fewer than 50 labels is still served by the reference.
    pub source: String,
    /// Held-out labels behind `ece`, `brier`, `bins` and `thresholds` (those of `source`).
    pub n: u64,
    /// Labels stored for this feedback scope (0 for reference scopes).
    pub labels: u64,
    /// "platt" or "isotonic".
    pub method: String,
    /// Cross-fitted ECE, 15 equal-width bins.
    pub ece: f64,
    /// Cross-fitted Brier score.
    pub brier: f64,
    /// Cross-fitted AUROC of (1 − height) for "incorrect".
    pub auroc: f64,
    /// Weight of the scope's own fit in the blend with the reference (feedback only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shrinkage_weight: Option<f64>,
    /// Verdict thresholds in force for the scope.
    pub thresholds: ThresholdInfo,
    /// Reliability diagram of the held-out heights: 15 bins with count, mean confidence, accuracy.
    pub bins: Vec<crate::calibration::ReliabilityBin>,
    /// The stored labels the scope's feedback calibrator in force was fitted on (absent while
    /// the reference serves it). Instances sharing a store that serve the same `fitted_on`
    /// serve the same calibrator: refits are deterministic in these labels.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fitted_on: Option<FittedLabels>,
}

/// Which stored labels a feedback calibrator was fitted on: the `n` labelled records of its
/// scope made by `scorer_version` with store ids in `first_id..=last_id` when the refit read
/// them (the newest 100 000 at most). Ids are the feedback store's record ids.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FittedLabels {
    /// Scorer version whose raw confidences were calibrated.
    pub scorer_version: String,
    /// Number of labels.
    pub n: u64,
    /// Smallest store id among them.
    pub first_id: i64,
    /// Largest store id among them.
    pub last_id: i64,
}

/// Body of `GET /v1/calibration`: every scope, reference scopes first, then feedback scopes by name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CalibrationReport {
    /// The scopes.
    pub scopes: Vec<CalibrationScopeReport>,
    /// Fewest labels for a scope's own Platt calibrator (50).
    pub min_labels_platt: u64,
    /// Fewest labels for an isotonic calibrator (500).
    pub min_labels_isotonic: u64,
}
