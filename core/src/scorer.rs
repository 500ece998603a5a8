//! The audit pipeline (DESIGN §2.4–2.5): features → per-task logistic model → q2 → raw confidence
//! c = 1 − q2 → calibrated height → Jeffreys interval, SGR verdict and explanation.

use crate::calibration::{bin_index, jeffreys_interval, Isotonic, Platt, ReliabilityBin};
use crate::features::{extract, TaskKind, DENSE_NAMES, N_DENSE};
use crate::model::{sigmoid, LinearModel};
use crate::recalibration::{
    reference_scope, CalibrationRegistry, ScopeCalibration, SOURCE_FEEDBACK, SOURCE_REFERENCE,
};
use crate::samples::{PairJudge, SampleJudge};
use crate::tiers::{
    bootstrap_seed, percentile_interval, uses, Evidence, SplitMix64, TierKey, TierModel,
    BOOTSTRAP_ROUNDS, MODEL_TIERS, N_TIER, TIER_FEATURES,
};
use crate::types::{
    AuditRequest, AuditResult, CalibrationInfo, Contribution, IntervalInfo, Metadata, Mode,
    ShiftInfo, ThresholdInfo, Tier, Verdict,
};
use crate::verdict::{Selection, Thresholds};
use crate::weights::{
    raw_kinds, raw_tiers, RawKind, RawTier, SCORER_VERSION, TIERS_VERSION, TRAINED_DENSE_NAMES,
    TRAINED_TIER_FEATURES,
};
use std::borrow::Cow;

/// Number of equal-width bins for ECE and reliability diagrams (Guo et al. 2017 use 15).
pub const ECE_BINS: usize = 15;
/// Two-sided level of `confidence_interval`.
pub const INTERVAL_LEVEL: f64 = 0.95;
/// How many feature contributions `metadata.top_contributions` lists.
pub const TOP_CONTRIBUTIONS: usize = 6;

/// A fitted map from raw confidence to probability of being correct.
#[derive(Debug, Clone, PartialEq)]
pub enum Calibrator {
    /// Isotonic regression (PAV).
    Isotonic(Isotonic),
    /// Platt scaling.
    Platt(Platt),
}

impl Calibrator {
    /// Calibrated probability in [0,1] for raw confidence `c`.
    pub fn predict(&self, c: f64) -> f64 {
        match self {
            Calibrator::Isotonic(i) => i.predict(c),
            Calibrator::Platt(p) => p.predict(c),
        }
        .clamp(0.0, 1.0)
    }

    /// "isotonic" or "platt".
    pub fn method(&self) -> &'static str {
        match self {
            Calibrator::Isotonic(_) => "isotonic",
            Calibrator::Platt(_) => "platt",
        }
    }
}

/// Everything that scores one task kind: model, calibrator, thresholds and held-out quality.
#[derive(Debug, Clone, PartialEq)]
pub struct TaskModel {
    /// The kind this model serves.
    pub kind: TaskKind,
    /// Logistic regression for "hallucinated".
    pub model: LinearModel,
    /// Raw confidence → probability correct.
    pub calibrator: Calibrator,
    /// Reliability bins of held-out heights ([`ECE_BINS`] of them).
    pub bins: Vec<ReliabilityBin>,
    /// Held-out labels behind the quality figures.
    pub n: u64,
    /// Held-out ECE.
    pub ece: f64,
    /// Held-out Brier.
    pub brier: f64,
    /// Held-out AUROC of (1 − height) for "incorrect".
    pub auroc: f64,
    /// Verdict thresholds.
    pub thresholds: Thresholds,
    /// Target risk of the thresholds.
    pub target_risk: f64,
    /// δ of the thresholds.
    pub delta: f64,
    /// "reference" or "feedback".
    pub source: String,
    /// Per dense feature, the 0.5 % and 99.5 % quantiles of the training rows: the range of the
    /// calibration data (DESIGN §2.5 "Distribution shift").
    pub dense_range: Vec<(f64, f64)>,
    /// Share in [0,1] of the training rows that are correct: where a shifted input's height is
    /// shrunk to.
    pub base_rate: f64,
}

impl TaskModel {
    /// Builds a task model from the trainer's literal data; errors name what is inconsistent.
    pub fn from_raw(raw: &RawKind) -> Result<TaskModel, String> {
        let kind = TaskKind::ALL
            .into_iter()
            .find(|k| k.as_str() == raw.kind)
            .ok_or_else(|| format!("unknown task kind {:?}", raw.kind))?;
        for (name, len) in [
            ("dense_mean", raw.dense_mean.len()),
            ("dense_std", raw.dense_std.len()),
            ("dense_weight", raw.dense_weight.len()),
            ("dense_lo", raw.dense_lo.len()),
            ("dense_hi", raw.dense_hi.len()),
        ] {
            if len != N_DENSE {
                return Err(format!(
                    "{}: {name} has {len} entries, expected {N_DENSE}",
                    raw.kind
                ));
            }
        }
        let (table, ngram_weight) = LinearModel::decode_ngrams(raw.ngrams)?;
        let sel = |s: Option<(f64, f64, f64)>| {
            s.map(|(threshold, risk_bound, coverage)| Selection {
                threshold,
                risk_bound,
                coverage,
            })
        };
        Ok(TaskModel {
            kind,
            model: LinearModel {
                bias: raw.bias,
                dense_mean: raw.dense_mean.to_vec(),
                dense_std: raw.dense_std.to_vec(),
                dense_weight: raw.dense_weight.to_vec(),
                table,
                ngram_weight,
            },
            calibrator: calibrator_of(raw.platt, raw.iso_x, raw.iso_y, raw.iso_n),
            bins: raw
                .bins
                .iter()
                .map(
                    |&(lo, hi, count, mean_confidence, accuracy)| ReliabilityBin {
                        lo,
                        hi,
                        count,
                        mean_confidence,
                        accuracy,
                    },
                )
                .collect(),
            n: raw.n,
            ece: raw.ece,
            brier: raw.brier,
            auroc: raw.auroc,
            thresholds: Thresholds {
                accept: sel(raw.accept),
                refuse: sel(raw.refuse),
            },
            target_risk: raw.target_risk,
            delta: raw.delta,
            source: "reference".into(),
            dense_range: raw
                .dense_lo
                .iter()
                .copied()
                .zip(raw.dense_hi.iter().copied())
                .collect(),
            base_rate: raw.base_rate,
        })
    }
}

fn calibrator_of(platt: Option<(f64, f64)>, x: &[f64], y: &[f64], n: &[f64]) -> Calibrator {
    match platt {
        Some((a, b)) => Calibrator::Platt(Platt { a, b }),
        None => Calibrator::Isotonic(Isotonic {
            x: x.to_vec(),
            y: y.to_vec(),
            n: n.to_vec(),
        }),
    }
}

impl TierModel {
    /// Builds a tier model from the trainer's literal data; errors name what is inconsistent.
    pub fn from_raw(raw: &RawTier) -> Result<TierModel, String> {
        let tier = MODEL_TIERS
            .into_iter()
            .find(|t| t.tier.as_str() == raw.tier && t.semantic == raw.semantic)
            .ok_or_else(|| format!("unknown tier {:?}", raw.tier))?
            .tier;
        let arr = |name: &str, v: &[f64]| -> Result<[f64; N_TIER], String> {
            v.try_into().map_err(|_| {
                format!(
                    "{}: {name} has {} entries, expected {N_TIER}",
                    raw.tier,
                    v.len()
                )
            })
        };
        Ok(TierModel {
            tier,
            semantic: raw.semantic,
            equivalent_at: raw.equivalent_at,
            mean: arr("mean", raw.mean)?,
            std: arr("std", raw.std)?,
            weight: arr("weight", raw.weight)?,
            n: raw.n,
            auroc: raw.auroc,
            intrinsic_auroc: raw.intrinsic_auroc,
        })
    }
}

/// The scorer: one [`TaskModel`] per [`TaskKind`] and one [`TierModel`] per evidence tier.
#[derive(Debug, Clone, PartialEq)]
pub struct Scorer {
    models: Vec<TaskModel>,
    tiers: Vec<TierModel>,
    version: String,
}

impl Scorer {
    /// Loads the embedded reference model; errors if the generated weights are missing a task
    /// kind or were trained with other feature names (retrain: README "Training").
    pub fn try_embedded() -> Result<Scorer, String> {
        if TRAINED_DENSE_NAMES != DENSE_NAMES {
            return Err("embedded weights were trained with other dense features; retrain".into());
        }
        if TRAINED_TIER_FEATURES != TIER_FEATURES {
            return Err("embedded tier weights were trained with other inputs; retrain".into());
        }
        let models = raw_kinds()
            .iter()
            .map(TaskModel::from_raw)
            .collect::<Result<Vec<_>, _>>()?;
        let tiers = raw_tiers()
            .iter()
            .map(TierModel::from_raw)
            .collect::<Result<Vec<_>, _>>()?;
        Scorer::from_models(models, SCORER_VERSION.to_string())?.with_tiers(tiers, TIERS_VERSION)
    }

    /// Replaces the tier models (one per tier of [`MODEL_TIERS`], any order) and appends
    /// `tiers_version` to the version tag.
    ///
    /// # Errors
    /// When a tier is missing or repeated.
    pub fn with_tiers(
        mut self,
        mut tiers: Vec<TierModel>,
        tiers_version: &str,
    ) -> Result<Scorer, String> {
        tiers.sort_by_key(|t| MODEL_TIERS.iter().position(|m| *m == t.key()));
        let got: Vec<TierKey> = tiers.iter().map(TierModel::key).collect();
        if got != MODEL_TIERS {
            return Err(format!(
                "need exactly one model per tier {MODEL_TIERS:?}, got {got:?}"
            ));
        }
        self.tiers = tiers;
        self.version = format!("{}+{tiers_version}", self.version);
        Ok(self)
    }

    /// The model of `key` (`None` for the intrinsic tier, served by the task models, or before
    /// [`Scorer::with_tiers`]).
    pub fn tier_model(&self, key: TierKey) -> Option<&TierModel> {
        self.tiers.iter().find(|t| t.key() == key)
    }

    /// τ of the semantic samples models: the embedding cosine at or above which two answers are
    /// equivalent (`None` before [`Scorer::with_tiers`]).
    pub fn semantic_equivalent_at(&self) -> Option<f64> {
        self.tier_model(TierKey {
            tier: Tier::Samples,
            semantic: true,
        })
        .map(|m| m.equivalent_at)
    }

    /// Whether the semantic samples model weighs meaning: a non-zero weight on the semantic
    /// disagreement (1 − the text's share of the samples by meaning). The trainer keeps that
    /// input only where its cross-validated gain exceeds one standard error (README "Evidence
    /// tiers"); without it, every other input and weight is the lexical model's, so clustering
    /// by embedding changes no score. `false` before [`Scorer::with_tiers`].
    pub fn semantic_weighs_meaning(&self) -> bool {
        self.tier_model(TierKey {
            tier: Tier::Samples,
            semantic: true,
        })
        .is_some_and(|m| m.weight[crate::tiers::SEMANTIC_DISAGREEMENT] != 0.0)
    }

    /// The embedded reference model. Panics if the generated weights are inconsistent, which the
    /// crate's tests rule out for every build.
    pub fn embedded() -> Scorer {
        Scorer::try_embedded().expect("embedded weights are consistent (checked by tests)")
    }

    /// A scorer from explicit task models (one per kind, any order).
    pub fn from_models(mut models: Vec<TaskModel>, version: String) -> Result<Scorer, String> {
        models.sort_by_key(|m| m.kind);
        let kinds: Vec<TaskKind> = models.iter().map(|m| m.kind).collect();
        if kinds != TaskKind::ALL {
            return Err(format!(
                "need exactly one model per task kind, got {kinds:?}"
            ));
        }
        Ok(Scorer {
            models,
            tiers: Vec::new(),
            version,
        })
    }

    /// The model serving `kind`.
    pub fn model(&self, kind: TaskKind) -> &TaskModel {
        &self.models[kind as usize]
    }

    /// Version tag of the model.
    pub fn version(&self) -> &str {
        &self.version
    }

    /// Audits one (validated) request with the reference calibrators. `mode` and
    /// `upstream_latency_ms` (milliseconds) are reported as given. Total: every input string
    /// yields a result with q1, q2, height, ece, brier in [0,1] and lo ≤ height ≤ hi.
    pub fn audit(&self, req: &AuditRequest, mode: Mode, upstream_latency_ms: f64) -> AuditResult {
        self.audit_inner(req, mode, upstream_latency_ms, None, SampleJudge::Lexical)
    }

    /// As [`Scorer::audit`], but the height, ECE, Brier, interval, thresholds and verdict come
    /// from the feedback calibrator of the request's scope (`intrinsic/<task>/<model_source|*>`)
    /// when `registry` holds one (`metadata.calibration.source = "feedback"`), else from the
    /// reference (DESIGN §2.5; [`crate::recalibration`]).
    pub fn audit_with(
        &self,
        req: &AuditRequest,
        mode: Mode,
        upstream_latency_ms: f64,
        registry: &CalibrationRegistry,
    ) -> AuditResult {
        self.audit_inner(
            req,
            mode,
            upstream_latency_ms,
            Some(registry),
            SampleJudge::Lexical,
        )
    }

    /// As [`Scorer::audit_with`], with the samples judged by `judge` (DESIGN §2.3, §2.6):
    /// - [`SampleJudge::Nli`]: an NLI judge's pairwise matrix over `[text, samples…]`;
    ///   equivalence and contradiction of the samples come from it instead of lexical
    ///   similarity, and q1 of the samples tier is A = max(0, G − D);
    /// - [`SampleJudge::Embedding`]: the cosines of the semantic tier's sentence embeddings of
    ///   `[text, samples…]`; the samples are clustered by meaning (cosine ≥ τ of the semantic
    ///   models, [`Scorer::semantic_equivalent_at`], and no conflicting names, numbers or years)
    ///   and the samples and combined tiers use their semantic models, which read the share of
    ///   samples outside the text's meaning next to the lexical E_y ([`Evidence::of`]).
    ///
    /// A matrix of the wrong shape or range is ignored (lexical similarity; the result's
    /// `metadata.samples_equivalence` says which judge was used).
    pub fn audit_judged(
        &self,
        req: &AuditRequest,
        mode: Mode,
        upstream_latency_ms: f64,
        registry: &CalibrationRegistry,
        judge: SampleJudge<'_>,
    ) -> AuditResult {
        self.audit_inner(req, mode, upstream_latency_ms, Some(registry), judge)
    }

    /// The height the current calibration gives raw confidence `raw` of an audit in `tier` of
    /// `task` × `model_source` (the feedback calibrator [`CalibrationRegistry::get`] finds, else
    /// the reference), with the audit's covariate `shift` (its `metadata.shift`) applied as the
    /// audit applies it. Equals the `height` of re-auditing the same request.
    pub fn height_for(
        &self,
        tier: Tier,
        task: TaskKind,
        model_source: Option<&str>,
        raw: f64,
        shift: &ShiftInfo,
        registry: &CalibrationRegistry,
    ) -> f64 {
        let cal = ActiveCalibration::of(self.model(task), registry.get(tier, task, model_source));
        shifted_height(cal.predict(raw), shift, cal.source == SOURCE_REFERENCE)
    }

    fn audit_inner(
        &self,
        req: &AuditRequest,
        mode: Mode,
        upstream_latency_ms: f64,
        registry: Option<&CalibrationRegistry>,
        judge: SampleJudge<'_>,
    ) -> AuditResult {
        let x = extract(&req.text, req.prompt.as_deref(), req.context.as_deref());
        let tm = self.model(x.kind);
        // Features are clamped to the calibration data's range, so the logit never extrapolates
        // beyond what the calibrator has seen; how far they lay outside is `metadata.shift`.
        let clamped = clamp_to_range(tm, &x.dense);
        let scored = tm.model.score_with(&clamped, &x);
        let judge = match judge {
            SampleJudge::Lexical => PairJudge::Lexical,
            SampleJudge::Nli(m) => PairJudge::Nli(m),
            SampleJudge::Embedding(cosine) => match self.semantic_equivalent_at() {
                Some(equivalent_at) => PairJudge::Embedding {
                    cosine,
                    equivalent_at,
                },
                None => PairJudge::Lexical,
            },
        };
        let evidence = Evidence::of(req, judge);
        let tier_model = self.tier_model(evidence.key());
        let tier = tier_model.map_or(Tier::Intrinsic, |t| t.tier);
        let openness = x.dense[OPENNESS].clamp(0.0, 1.0);

        let feedback = registry.and_then(|r| r.get(tier, x.kind, req.model_source.as_deref()));
        let cal = ActiveCalibration::of(tm, feedback);
        let mut contributions: Vec<Contribution>;
        let (q1, q2, tier_inputs);
        match tier_model {
            None => {
                q2 = sigmoid(scored.logit);
                q1 = openness;
                contributions = DENSE_NAMES
                    .iter()
                    .enumerate()
                    .map(|(i, n)| Contribution {
                        feature: Cow::Borrowed(n),
                        value: x.dense[i],
                        contribution: scored.dense_contrib[i],
                    })
                    .collect();
                contributions.push(Contribution {
                    feature: Cow::Borrowed("text_ngrams"),
                    value: x.ngrams[0].1.len() as f64,
                    contribution: scored.text_ngram_contrib,
                });
                contributions.push(Contribution {
                    feature: Cow::Borrowed("prompt_ngrams"),
                    value: x.ngrams[1].1.len() as f64,
                    contribution: scored.prompt_ngram_contrib,
                });
                tier_inputs = None;
            }
            Some(model) => {
                let inputs = evidence.inputs(evidence.samples.as_ref());
                let (shift, contrib) = model.shift(&inputs);
                q2 = sigmoid(scored.logit + shift);
                q1 = evidence
                    .samples
                    .as_ref()
                    .and_then(|s| s.aleatoric)
                    .or(evidence
                        .tokens
                        .as_ref()
                        .and_then(|t| t.normalized_token_entropy))
                    .unwrap_or(openness);
                // Inputs the evidence lacks (token entropy without top-k) contribute nothing and
                // are not listed: JSON has no NaN.
                contributions = (0..N_TIER)
                    .filter(|&i| uses(model.key(), i) && inputs[i].is_finite())
                    .map(|i| Contribution {
                        feature: Cow::Borrowed(TIER_FEATURES[i]),
                        value: inputs[i],
                        contribution: contrib[i],
                    })
                    .collect();
                contributions.push(Contribution {
                    feature: Cow::Borrowed("intrinsic_logit"),
                    value: scored.logit,
                    contribution: scored.logit - tm.model.bias,
                });
                tier_inputs = Some((model, inputs));
            }
        }
        let raw_confidence = 1.0 - q2;
        let calibrated = cal.predict(raw_confidence);
        let shift = shift_of(
            tm,
            &x,
            &clamped,
            tier_inputs.as_ref().map(|(m, inputs)| (*m, inputs)),
            cal.source == SOURCE_REFERENCE,
        );
        // Covariate shift (DESIGN §2.5): the calibration does not vouch for an input far outside
        // its data, so the height is shrunk toward the scope's base rate by 1 / (1 + e).
        let height = shifted_height(calibrated, &shift, shift.fired);
        let n_bin = cal
            .bins
            .get(bin_index(height, ECE_BINS))
            .map_or(0, |b| b.count);
        let mut ci = jeffreys_interval(height, n_bin as f64, INTERVAL_LEVEL);
        if shift.fired {
            ci = [
                ci[0].min(calibrated).min(shift.base_rate),
                ci[1].max(calibrated).max(shift.base_rate),
            ];
        }
        let mut interval_method = "jeffreys";
        if let (Some((model, inputs)), Some(pairs), Some(stats)) = (
            tier_inputs,
            evidence.pairs.as_ref(),
            evidence.samples.as_ref(),
        ) {
            let height_with =
                |x: &[f64; N_TIER]| cal.predict(1.0 - sigmoid(scored.logit + model.shift(x).0));
            // (b) seeded bootstrap over the samples.
            let mut rng = SplitMix64::new(bootstrap_seed(req));
            let k = pairs.k();
            let boot: Vec<f64> = (0..BOOTSTRAP_ROUNDS)
                .map(|_| {
                    let picks: Vec<usize> = (0..k).map(|_| 1 + rng.below(k)).collect();
                    height_with(&evidence.inputs(evidence.stats_of(&picks).as_ref()))
                })
                .collect();
            let [blo, bhi] = percentile_interval(boot);
            // (c) binomial uncertainty with n = K: E_y at the ends of the Jeffreys interval of
            // the share of samples that disagree with the text.
            let [slo, shi] = jeffreys_interval(1.0 - stats.support, k as f64, INTERVAL_LEVEL);
            let at = |d: f64| {
                let mut x = inputs;
                x[3] = d;
                height_with(&x)
            };
            let (h1, h2) = (at(slo), at(shi));
            ci = [
                ci[0].min(blo).min(h1).min(h2),
                ci[1].max(bhi).max(h1).max(h2),
            ];
            interval_method = "jeffreys+bootstrap";
        }
        let ci = [
            ci[0].min(height).clamp(0.0, 1.0),
            ci[1].max(height).clamp(0.0, 1.0),
        ];
        let verdict = if shift.fired {
            Verdict::Maybe
        } else {
            cal.thresholds.verdict(height, cal.target_risk)
        };
        contributions.sort_by(|a, b| b.contribution.abs().total_cmp(&a.contribution.abs()));
        contributions.truncate(TOP_CONTRIBUTIONS);

        let mut features = x.dense_map();
        if let Some(t) = evidence.tokens.as_ref() {
            features.insert(Cow::Borrowed("tokens"), t.tokens as f64);
            features.insert(Cow::Borrowed("nll"), t.nll);
            features.insert(Cow::Borrowed("mean_token_prob"), t.mean_token_prob);
            features.insert(Cow::Borrowed("min_token_prob"), t.min_token_prob);
            features.insert(Cow::Borrowed("max_surprisal"), t.max_surprisal);
            if let Some(h) = t.token_entropy {
                features.insert(Cow::Borrowed("token_entropy"), h);
            }
        }
        if let Some(st) = evidence.samples.as_ref() {
            features.insert(Cow::Borrowed("samples_k"), st.k as f64);
            if let Some(m) = tier_model.filter(|m| m.semantic) {
                features.insert(Cow::Borrowed("equivalent_at"), m.equivalent_at);
            }
            features.insert(Cow::Borrowed("disagreement"), st.disagreement);
            features.insert(Cow::Borrowed("dispersion"), st.dispersion);
            features.insert(Cow::Borrowed("semantic_entropy"), st.semantic_entropy);
            if let Some(support) = st.semantic_support {
                features.insert(Cow::Borrowed("semantic_support"), support);
            }
            features.insert(Cow::Borrowed("support"), st.support);
            features.insert(Cow::Borrowed("clusters"), st.clusters as f64);
            if let (Some(d), Some(a)) = (st.contradiction, st.aleatoric) {
                features.insert(Cow::Borrowed("contradiction"), d);
                features.insert(Cow::Borrowed("aleatoric"), a);
            }
        }
        if tier != Tier::Intrinsic {
            features.insert(Cow::Borrowed("intrinsic_q2"), sigmoid(scored.logit));
        }

        let thresholds = cal.threshold_info();
        let explanation = crate::explanation::explain(&crate::explanation::Input {
            x: &x,
            contributions: &contributions,
            height,
            interval: ci,
            verdict,
            q1,
            cal: &cal,
            tier,
            tokens: evidence.tokens.as_ref(),
            samples: evidence.samples.as_ref(),
            equivalence: evidence.equivalence(),
            intrinsic_q2: sigmoid(scored.logit),
            q2,
            shift: &shift,
        });
        AuditResult {
            q1,
            q2,
            height,
            ece: cal.ece.clamp(0.0, 1.0),
            brier: cal.brier.clamp(0.0, 1.0),
            verdict,
            confidence_interval: ci,
            explanation,
            metadata: Metadata {
                tier,
                task: x.kind,
                scope: match tier {
                    Tier::Intrinsic => reference_scope(x.kind),
                    t => format!("{}/{}", t.as_str(), x.kind.as_str()),
                },
                raw_confidence,
                calibration: CalibrationInfo {
                    source: cal.source.into(),
                    scope: cal.scope.clone(),
                    n: cal.n,
                    method: cal.method.into(),
                    bins: ECE_BINS as u32,
                    ece: cal.ece,
                    brier: cal.brier,
                    auroc: cal.auroc,
                    shrinkage_weight: cal.weight,
                },
                thresholds,
                interval: IntervalInfo {
                    method: interval_method.into(),
                    level: INTERVAL_LEVEL,
                    n_bin,
                },
                features,
                top_contributions: contributions,
                model_source: req.model_source.clone(),
                scorer_version: self.version.clone(),
                upstream: None,
                context_role: x.context_role,
                sources: x.sources,
                claims: x.grounding.claims.clone(),
                shift,
                // Core has no embedding model; a server that has one fills this in.
                semantic: crate::semantic::SemanticInfo::not_run(crate::semantic::REASON_NO_MODEL),
                samples_equivalence: evidence.equivalence(),
            },
            mode,
            upstream_latency_ms,
        }
    }
}

/// The calibration serving one audit: the feedback calibrator of its scope, or the reference
/// calibrator of its task kind, with the quality figures and thresholds that go with it.
#[derive(Debug, Clone)]
pub struct ActiveCalibration<'a> {
    /// `"feedback"` or `"reference"`.
    pub source: &'static str,
    /// The scope whose labels the figures come from: `intrinsic/<task>/<model|*>` for feedback,
    /// `intrinsic/<task>` for the reference.
    pub scope: String,
    /// Held-out labels behind the figures.
    pub n: u64,
    /// `"platt"` or `"isotonic"`.
    pub method: &'static str,
    /// Held-out ECE (15 bins).
    pub ece: f64,
    /// Held-out Brier score.
    pub brier: f64,
    /// Held-out AUROC of (1 − height) for "incorrect".
    pub auroc: f64,
    /// Reliability bins of the held-out heights.
    pub bins: &'a [ReliabilityBin],
    /// Verdict thresholds.
    pub thresholds: &'a Thresholds,
    /// Target risk of the thresholds.
    pub target_risk: f64,
    /// δ of the thresholds.
    pub delta: f64,
    /// Shrinkage weight of a feedback calibrator (`None` for the reference).
    pub weight: Option<f64>,
    map: CalibrationMap<'a>,
}

#[derive(Debug, Clone, Copy)]
enum CalibrationMap<'a> {
    Reference(&'a Calibrator),
    Feedback(&'a ScopeCalibration),
}

impl<'a> ActiveCalibration<'a> {
    /// The feedback calibration when given, else the reference of `tm`.
    pub fn of(tm: &'a TaskModel, feedback: Option<&'a ScopeCalibration>) -> Self {
        match feedback {
            Some(f) => ActiveCalibration {
                source: SOURCE_FEEDBACK,
                scope: f.scope.clone(),
                n: f.n,
                method: f.method(),
                ece: f.ece,
                brier: f.brier,
                auroc: f.auroc,
                bins: &f.bins,
                thresholds: &f.thresholds,
                target_risk: f.target_risk,
                delta: f.delta,
                weight: Some(f.weight),
                map: CalibrationMap::Feedback(f),
            },
            None => ActiveCalibration {
                source: SOURCE_REFERENCE,
                scope: reference_scope(tm.kind),
                n: tm.n,
                method: tm.calibrator.method(),
                ece: tm.ece,
                brier: tm.brier,
                auroc: tm.auroc,
                bins: &tm.bins,
                thresholds: &tm.thresholds,
                target_risk: tm.target_risk,
                delta: tm.delta,
                weight: None,
                map: CalibrationMap::Reference(&tm.calibrator),
            },
        }
    }

    /// `metadata.thresholds` of this calibration.
    pub fn threshold_info(&self) -> ThresholdInfo {
        ThresholdInfo {
            accept: self.thresholds.accept.map(|s| s.threshold),
            refuse: self.thresholds.refuse.map(|s| s.threshold),
            target_risk: self.target_risk,
            confidence: 1.0 - self.delta,
            accept_risk_bound: self.thresholds.accept.map(|s| s.risk_bound),
            accept_coverage: self.thresholds.accept.map_or(0.0, |s| s.coverage),
            refuse_risk_bound: self.thresholds.refuse.map(|s| s.risk_bound),
            refuse_coverage: self.thresholds.refuse.map_or(0.0, |s| s.coverage),
            method: "SGR".into(),
            source: self.source.into(),
        }
    }

    /// Height in [0,1] for raw confidence `c`.
    pub fn predict(&self, c: f64) -> f64 {
        match self.map {
            CalibrationMap::Reference(r) => r.predict(c),
            CalibrationMap::Feedback(f) => f.predict(c),
        }
    }
}

/// `calibrated` shrunk toward the scope's base rate b when the shift applies (`applies`: it fired,
/// i.e. the reference calibration serves and `shift.toward_correct` exceeds [`SHIFT_FIRES_AT`]):
/// b + (h − b) / (1 + e) with e = `shift.toward_correct` (DESIGN §2.5).
pub fn shifted_height(calibrated: f64, shift: &ShiftInfo, applies: bool) -> f64 {
    if applies && shift.toward_correct > SHIFT_FIRES_AT {
        shift.base_rate + (calibrated - shift.base_rate) / (1.0 + shift.toward_correct)
    } else {
        calibrated
    }
}

/// Extrapolation (nats) above which an input counts as shifted (DESIGN §2.5): half a nat of the
/// logit resting on feature values the calibration data never showed.
pub const SHIFT_FIRES_AT: f64 = 0.5;

/// The dense features of `dense` clamped to the calibration range of `tm` (unchanged where the
/// range is unknown).
pub fn clamp_to_range(tm: &TaskModel, dense: &[f64; N_DENSE]) -> [f64; N_DENSE] {
    let mut out = *dense;
    for (v, &(lo, hi)) in out.iter_mut().zip(&tm.dense_range) {
        if lo <= hi {
            *v = v.clamp(lo, hi);
        }
    }
    out
}

/// The covariate shift of `x` against the training range of `tm` (see [`ShiftInfo`]): the logit
/// mass e = Σᵢ |wᵢ| · |xᵢ − clamp(xᵢ)|/σᵢ (nats) of feature values beyond the calibration range,
/// and the part of it that would have made the answer look *more* trustworthy than anything the
/// calibrator has seen. Only that part fires the shift (the score itself uses clamped values;
/// an input that is more unsupported than any calibration item is not made more trustworthy by
/// that). `fires_here` is false under a feedback calibrator (fitted on the client's own data).
/// `clamped` is `x.dense` clamped by [`clamp_to_range`] (the values the audit scored). In an
/// evidence tier, `tier` (its model and inputs) adds the extrapolation of the inputs beyond the
/// tier's training range ([`TierModel::extrapolation`]).
pub fn shift_of(
    tm: &TaskModel,
    x: &crate::features::Extracted,
    clamped: &[f64; N_DENSE],
    tier: Option<(&TierModel, &[f64; N_TIER])>,
    fires_here: bool,
) -> ShiftInfo {
    let m = &tm.model;
    let (mut e, mut toward_correct) = (0.0, 0.0);
    let mut outside = Vec::new();
    for i in 0..N_DENSE {
        let w = m.dense_weight[i];
        let d = (x.dense[i] - clamped[i]) / m.dense_std[i];
        if w == 0.0 || d == 0.0 {
            continue;
        }
        e += (w * d).abs();
        if w * d < 0.0 {
            toward_correct += -w * d;
            outside.push(crate::explanation::feature_words(DENSE_NAMES[i]).to_string());
        }
    }
    if let Some((model, inputs)) = tier {
        // Evidence beyond the tier's training range is covariate shift as well.
        let (tier_e, tier_toward_correct, beyond) = model.extrapolation(inputs);
        e += tier_e;
        toward_correct += tier_toward_correct;
        outside.extend(
            beyond
                .into_iter()
                .map(|i| crate::explanation::feature_words(TIER_FEATURES[i]).to_string()),
        );
    }
    let ngram_coverage = (!m.table.buckets.is_empty()).then(|| {
        let grams = &x.ngrams[0].1;
        if grams.is_empty() {
            1.0
        } else {
            grams
                .iter()
                .filter(|(b, _)| m.table.slot(*b).is_some())
                .count() as f64
                / grams.len() as f64
        }
    });
    ShiftInfo {
        measure: "feature_range".into(),
        extrapolation: e,
        toward_correct,
        threshold: SHIFT_FIRES_AT,
        fired: fires_here && toward_correct > SHIFT_FIRES_AT,
        base_rate: tm.base_rate,
        outside,
        ngram_coverage,
    }
}

/// Index of `prompt_openness` in the dense features (q1 of the intrinsic tier).
const OPENNESS: usize = 23;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::samples::{CosineMatrix, Equivalence, NliMatrix};

    #[test]
    fn openness_index_matches_the_name() {
        assert_eq!(DENSE_NAMES[OPENNESS], "prompt_openness");
    }

    #[test]
    fn a_feature_beyond_the_calibration_range_on_the_trustworthy_side_fires_the_shift() {
        let s = Scorer::embedded();
        let tm = s.model(TaskKind::Open);
        let x = crate::features::extract("The answer is plain.", Some("Tell me."), None);
        let clamped = clamp_to_range(tm, &x.dense);
        let inside = shift_of(tm, &x, &clamped, None, true);
        // The feature of the largest weight, pushed past its range in the direction that lowers
        // the logit of "hallucinated" (looks more trustworthy than anything calibrated). (The
        // first weighted feature may carry too little weight to move the logit by the threshold
        // even 50 standard deviations out: the open model's dense weights are small.)
        let i = (0..N_DENSE)
            .filter(|&i| {
                tm.model.dense_weight[i] != 0.0 && tm.dense_range[i].0 < tm.dense_range[i].1
            })
            .max_by(|&a, &b| {
                let w = |i: usize| tm.model.dense_weight[i].abs();
                w(a).total_cmp(&w(b))
            })
            .expect("a weighted feature with a range");
        let (lo, hi) = tm.dense_range[i];
        let sd = tm.model.dense_std[i];
        let mut far = x.clone();
        far.dense[i] = if tm.model.dense_weight[i] < 0.0 {
            hi + 50.0 * sd
        } else {
            lo - 50.0 * sd
        };
        let far_clamped = clamp_to_range(tm, &far.dense);
        assert_eq!(far_clamped[i], far.dense[i].clamp(lo, hi));
        let shifted = shift_of(tm, &far, &far_clamped, None, true);
        assert!(shifted.toward_correct > inside.toward_correct + SHIFT_FIRES_AT);
        assert!(shifted.fired, "{shifted:?}");
        assert!(
            !shift_of(tm, &far, &far_clamped, None, false).fired,
            "not under feedback"
        );
        // The same distance on the doubtful side is not a reason for doubt about the calibrator.
        let mut doubtful = x.clone();
        doubtful.dense[i] = if tm.model.dense_weight[i] < 0.0 {
            lo - 50.0 * sd
        } else {
            hi + 50.0 * sd
        };
        let dc = clamp_to_range(tm, &doubtful.dense);
        let d = shift_of(tm, &doubtful, &dc, None, true);
        assert!(!d.fired && d.extrapolation > SHIFT_FIRES_AT, "{d:?}");
        // A fired shift pulls the height toward the base rate, by 1 / (1 + e).
        let h = shifted_height(0.95, &shifted, true);
        let b = shifted.base_rate;
        assert!((h - (b + (0.95 - b) / (1.0 + shifted.toward_correct))).abs() < 1e-12);
        assert!((h - b).abs() < (0.95 - b).abs());
        assert_eq!(shifted_height(0.95, &inside, true), 0.95);
    }

    fn req(text: &str, prompt: Option<&str>, context: Option<&str>) -> AuditRequest {
        AuditRequest {
            text: text.into(),
            prompt: prompt.map(Into::into),
            context: context.map(Into::into),
            ..Default::default()
        }
    }

    #[test]
    fn embedded_weights_load_and_score_in_range() {
        let s = Scorer::embedded();
        for r in [
            req(
                "Paris is the capital of France.",
                Some("What is the capital of France?"),
                None,
            ),
            req(
                "Delhi",
                Some("Where is the head office?"),
                Some("The Oberoi Group has its head office in Delhi."),
            ),
            req("x", None, None),
            req(&"word ".repeat(2000), None, Some(&"ctx ".repeat(1000))),
        ] {
            let a = s.audit(&r, Mode::Local, 0.0);
            for v in [a.q1, a.q2, a.height, a.ece, a.brier] {
                assert!((0.0..=1.0).contains(&v), "{v} out of range: {a:?}");
            }
            let [lo, hi] = a.confidence_interval;
            assert!(lo <= a.height && a.height <= hi, "{lo} {} {hi}", a.height);
            assert!(!a.explanation.is_empty());
            assert_eq!(a.metadata.tier, Tier::Intrinsic);
        }
    }

    #[test]
    fn a_contradicted_claim_is_not_called_found() {
        let a = Scorer::embedded().audit(
            &req(
                "It ends on Jan 15.",
                Some("When does the winter sale end?"),
                Some("The winter sale runs from 2 January until 15 February in all stores."),
            ),
            Mode::Local,
            0.0,
        );
        assert!(
            a.explanation.contains("is contradicted"),
            "{}",
            a.explanation
        );
        assert!(
            !a.explanation.contains("is found in the sources"),
            "{}",
            a.explanation
        );
    }

    #[test]
    fn a_bare_reply_is_not_said_to_have_all_of_its_zero_words_found() {
        let a = Scorer::embedded().audit(
            &req(
                "No, he was not.",
                Some("[Human]: Thomas Lennon? Was he in the program Reno 911?"),
                Some("Memento is starring Thomas Lennon. Thomas Lennon created Reno 911!."),
            ),
            Mode::Local,
            0.0,
        );
        assert!(!a.explanation.contains("of its 0 "), "{}", a.explanation);
    }

    #[test]
    fn grounding_moves_the_score_the_right_way() {
        let s = Scorer::embedded();
        let ctx = "The Oberoi Group is a hotel company with its head office in Delhi.";
        let q = "The Oberoi family is part of a hotel company that has a head office in what city?";
        let right = s.audit(&req("Delhi", Some(q), Some(ctx)), Mode::Local, 0.0);
        let wrong = s.audit(&req("The Oberoi family's hotel company is based in Mumbai, founded in 1934 by Rai Bahadur.", Some(q), Some(ctx)), Mode::Local, 0.0);
        assert!(
            right.height > wrong.height,
            "{} vs {}",
            right.height,
            wrong.height
        );
        assert!(
            wrong.explanation.contains("Mumbai") || wrong.explanation.contains("1934"),
            "{}",
            wrong.explanation
        );
        assert_ne!(right.verdict, Verdict::Refused);
    }

    #[test]
    fn a_passage_in_the_prompt_is_read_as_the_sources() {
        let s = Scorer::embedded();
        let passage = "The Eiffel Tower is a wrought-iron lattice tower in Paris. It was completed in 1889 and is 330 metres tall.";
        let q = "When was the Eiffel Tower completed?";
        let in_prompt = format!("Answer from the context.\nContext: {passage}\nQuestion: {q}");
        for text in ["It was completed in 1889.", "It was completed in 1925."] {
            let split = s.audit(&req(text, Some(q), Some(passage)), Mode::Local, 0.0);
            let joined = s.audit(&req(text, Some(&in_prompt), None), Mode::Local, 0.0);
            // Judged as the same request sent with the passage as context …
            assert_eq!(joined.metadata.task, TaskKind::Qa);
            assert_eq!(joined.verdict, split.verdict, "{text}");
            assert!((joined.height - split.height).abs() < 0.05, "{text}");
            // … and its claims cite the passage where it stands in the prompt.
            let at = in_prompt[..in_prompt.find("The Eiffel").unwrap()]
                .chars()
                .count();
            let span = joined.metadata.sources.expect("a passage");
            assert_eq!(span.field, crate::types::SourceField::Prompt);
            assert_eq!((span.start, span.end), (at, at + passage.chars().count()));
            let cited = joined.metadata.claims[0].source.as_ref().expect("aligned");
            let chars: Vec<char> = in_prompt.chars().collect();
            assert_eq!(
                chars[cited.start..cited.end].iter().collect::<String>(),
                cited.text
            );
            assert!(joined
                .explanation
                .contains("its passage read as the sources"));
            // A contract-only client with the passage and then the question in the context.
            let both = format!("{passage}\n{q}");
            let only = s.audit(&req(text, None, Some(&both)), Mode::Local, 0.0);
            assert_eq!(only.verdict, split.verdict, "{text}");
            assert!((only.height - split.height).abs() < 0.05, "{text}");
            let span = only.metadata.sources.expect("a passage");
            assert_eq!(span.field, crate::types::SourceField::Context);
            assert_eq!((span.start, span.end), (0, passage.chars().count()));
        }
        // Without a question or a summary to ask for, a prompt's input is no source.
        let poem = format!("Turn this paragraph into a poem.\n{passage}");
        let open = s.audit(
            &req("Iron rose in eighteen eighty-nine", Some(&poem), None),
            Mode::Local,
            0.0,
        );
        assert_eq!(open.metadata.task, TaskKind::Open);
        assert_eq!(open.metadata.sources, None);
    }

    #[test]
    fn audit_is_deterministic() {
        let s = Scorer::embedded();
        let r = req(
            "The Eiffel Tower was completed in 1889.",
            Some("When was the Eiffel Tower built?"),
            None,
        );
        assert_eq!(s.audit(&r, Mode::Local, 0.0), s.audit(&r, Mode::Local, 0.0));
    }

    fn tok(t: &str, lp: f64) -> crate::types::TokenLogprob {
        crate::types::TokenLogprob {
            token: t.into(),
            logprob: lp,
            top_logprobs: vec![],
        }
    }

    /// The embedded scorer with hand-made tier models: known positive weights, an increasing
    /// Platt calibrator and well-populated bins, to test the tier mechanics apart from the
    /// shipped fit.
    fn known_tiers() -> Scorer {
        let tiers = MODEL_TIERS
            .into_iter()
            .map(|key| TierModel {
                tier: key.tier,
                semantic: key.semantic,
                equivalent_at: 0.5,
                mean: [1.0, 3.0, 1.0, 0.5, 0.5],
                std: [1.0, 2.0, 1.0, 0.3, 0.4],
                weight: [0.5, 0.8, 0.2, 1.0, 0.5],
                n: 1000,
                auroc: 0.7,
                intrinsic_auroc: 0.6,
            })
            .collect();
        Scorer::embedded().with_tiers(tiers, "test").unwrap()
    }

    fn samples_req(samples: &[&str]) -> AuditRequest {
        let mut r = req("Paris", Some("Which city is the capital of France?"), None);
        r.samples = Some(samples.iter().map(|s| s.to_string()).collect());
        r
    }

    #[test]
    fn embedding_cosines_select_the_semantic_samples_models() {
        // Two samples that say what the text says in other words: by embedding they are in the
        // text's meaning (semantic support 1), or not when their cosine is low (0). The semantic
        // model reads 1 − that share next to the lexical disagreement of the text with the
        // samples, so agreeing cosines give the lower q2.
        let s = known_tiers();
        let r = samples_req(&["It is the French capital, Paris.", "The city of Paris"]);
        let cos = |c: f64| CosineMatrix {
            cosine: (0..3)
                .map(|i| (0..3).map(|j| if i == j { 1.0 } else { c }).collect())
                .collect(),
        };
        let reg = CalibrationRegistry::new();
        let (agree, disagree) = (cos(0.9), cos(0.1));
        let a = s.audit_judged(&r, Mode::Local, 0.0, &reg, SampleJudge::Embedding(&agree));
        let d = s.audit_judged(
            &r,
            Mode::Local,
            0.0,
            &reg,
            SampleJudge::Embedding(&disagree),
        );
        let lexical = s.audit(&r, Mode::Local, 0.0);
        assert_eq!(a.metadata.samples_equivalence, Some(Equivalence::Embedding));
        assert_eq!(
            lexical.metadata.samples_equivalence,
            Some(Equivalence::Lexical)
        );
        assert_eq!(a.metadata.features["equivalent_at"], 0.5);
        assert!(!lexical.metadata.features.contains_key("equivalent_at"));
        // E_y stays lexical: the same with either matrix and without one.
        assert_eq!(
            a.metadata.features["disagreement"],
            lexical.metadata.features["disagreement"]
        );
        assert_eq!(
            d.metadata.features["disagreement"],
            lexical.metadata.features["disagreement"]
        );
        assert_eq!(a.metadata.features["semantic_support"], 1.0);
        assert_eq!(d.metadata.features["semantic_support"], 0.0);
        assert_eq!(a.metadata.features["semantic_entropy"], 0.0);
        assert_eq!(d.metadata.features["semantic_entropy"], 2f64.ln());
        assert!(!lexical.metadata.features.contains_key("semantic_support"));
        assert!(
            a.explanation.contains("clustered by meaning"),
            "{}",
            a.explanation
        );
        assert!(a.q2 < d.q2, "{} vs {}", a.q2, d.q2);
        assert!(d
            .metadata
            .top_contributions
            .iter()
            .any(|c| c.feature == "semantic_disagreement"));
        // A matrix of the wrong shape is ignored: lexical comparison, as without one.
        let bad = cos(0.9);
        let two = CosineMatrix {
            cosine: bad.cosine[..2].to_vec(),
        };
        let f = s.audit_judged(&r, Mode::Local, 0.0, &reg, SampleJudge::Embedding(&two));
        assert_eq!(f.metadata.samples_equivalence, Some(Equivalence::Lexical));
        assert_eq!(f.q2, lexical.q2);
    }

    #[test]
    fn samples_agreeing_beyond_the_tiers_training_range_are_covariate_shift() {
        // The shipped samples tier saw almost only disagreeing samples (E_y mean ≈ 0.99): five
        // samples equal to the text sit far below that range on the trustworthy side, so the
        // height is not vouched for (shrunk toward the base rate, MAYBE); disagreeing ones are
        // inside it.
        let s = Scorer::embedded();
        let agree = s.audit(&samples_req(&["Paris"; 5]), Mode::Local, 0.0);
        let shift = &agree.metadata.shift;
        assert!(shift.fired && shift.toward_correct > 0.0, "{shift:?}");
        assert!(
            shift
                .outside
                .iter()
                .any(|o| o == "disagreement with the samples"),
            "{shift:?}"
        );
        assert_eq!(agree.verdict, Verdict::Maybe);
        assert!(agree.height < 1.0 - 1e-9, "{}", agree.height);
        let contra = s.audit(
            &samples_req(&["Lyon", "Marseille", "Berlin", "Nice", "Madrid"]),
            Mode::Local,
            0.0,
        );
        let shift = &contra.metadata.shift;
        assert!(
            !shift.outside.iter().any(|o| o.contains("samples")),
            "{shift:?}"
        );
    }

    #[test]
    fn contradicting_samples_raise_q2_and_lower_height() {
        // Both the hand-made model and the shipped fit (samples weight > 0 on SmolLM2's
        // TriviaQA answers, README "Evidence tiers") must meet issue 4's acceptance strictly.
        for s in [known_tiers(), Scorer::embedded()] {
            let agree = s.audit(&samples_req(&["Paris"; 5]), Mode::Local, 0.0);
            let contra = s.audit(
                &samples_req(&["Lyon", "Marseille", "Berlin", "Nice", "Madrid"]),
                Mode::Local,
                0.0,
            );
            assert_eq!(
                (agree.metadata.tier, contra.metadata.tier),
                (Tier::Samples, Tier::Samples)
            );
            assert!(contra.q2 > agree.q2, "{} vs {}", contra.q2, agree.q2);
            assert!(
                contra.height < agree.height,
                "{} vs {}",
                contra.height,
                agree.height
            );
            assert!(
                contra.explanation.contains("5 of 5 disagree with the text"),
                "{}",
                contra.explanation
            );
            assert!(
                agree.explanation.contains("0 of 5 disagree with the text")
                    && agree.explanation.contains("5 of 5 support it"),
                "{}",
                agree.explanation
            );
            assert!(
                contra.explanation.contains("moved q2 from"),
                "{}",
                contra.explanation
            );
            let raised = contra
                .explanation
                .split("Raised doubt:")
                .nth(1)
                .unwrap_or_default();
            assert!(
                raised
                    .split(". ")
                    .next()
                    .unwrap_or_default()
                    .contains("mean lexical disagreement 1.00 with the 5 samples"),
                "{}",
                contra.explanation
            );
            for a in [&agree, &contra] {
                let [lo, hi] = a.confidence_interval;
                assert!(lo <= a.height && a.height <= hi);
                assert_eq!(a.metadata.interval.method, "jeffreys+bootstrap");
                assert_eq!(a.metadata.features["samples_k"], 5.0);
            }
        }
    }

    #[test]
    fn a_very_unlikely_token_raises_q2_and_is_named() {
        for (s, strict_height) in [(known_tiers(), true), (Scorer::embedded(), false)] {
            let mut r = req(
                "The capital of France is Paris.",
                Some("What is the capital of France?"),
                None,
            );
            r.logprobs = Some(vec![
                tok("The", -0.2),
                tok(" capital", -0.1),
                tok(" of", -0.05),
                tok(" France", -0.1),
                tok(" is", -0.1),
                tok(" Paris", -0.3),
                tok(".", -0.1),
            ]);
            let likely = s.audit(&r, Mode::Local, 0.0);
            r.logprobs.as_mut().unwrap()[5].logprob = -12.0;
            let unlikely = s.audit(&r, Mode::Local, 0.0);
            assert_eq!(likely.metadata.tier, Tier::Logprobs);
            assert!(unlikely.q2 > likely.q2, "{} vs {}", unlikely.q2, likely.q2);
            assert!(
                unlikely.height < likely.height
                    || (!strict_height && unlikely.height <= likely.height),
                "{} vs {}",
                unlikely.height,
                likely.height
            );
            assert!(
                unlikely
                    .explanation
                    .contains("weakest \"Paris\" (token 6, p = 0.000)"),
                "{}",
                unlikely.explanation
            );
            assert!(unlikely.metadata.features["min_token_prob"] < 1e-5);
        }
    }

    #[test]
    fn fewer_samples_give_a_wider_interval() {
        let s = known_tiers();
        let few = s.audit(&samples_req(&["Paris", "Lyon"]), Mode::Local, 0.0);
        let many_r = samples_req(&[["Paris", "Lyon"]; 10].concat());
        let many = s.audit(&many_r, Mode::Local, 0.0);
        let width = |a: &AuditResult| a.confidence_interval[1] - a.confidence_interval[0];
        assert!(
            width(&few) > width(&many) + 0.05,
            "{:?} vs {:?}",
            few.confidence_interval,
            many.confidence_interval
        );
        assert_eq!(
            s.audit(&many_r, Mode::Local, 0.0),
            many,
            "seeded bootstrap: deterministic"
        );
        // Without samples the interval is the calibration bin's Jeffreys interval alone.
        let plain = s.audit(
            &req("Paris", Some("Which city is the capital of France?"), None),
            Mode::Local,
            0.0,
        );
        assert_eq!(plain.metadata.interval.method, "jeffreys");
    }

    #[test]
    fn combined_tier_and_nli_hook() {
        use crate::recalibration::CalibrationRegistry;
        let s = Scorer::embedded();
        let mut r = req("Paris", Some("Which city is the capital of France?"), None);
        r.samples = Some(vec!["Paris".into(), "Lyon".into()]);
        r.logprobs = Some(vec![tok("Paris", -0.2)]);
        let a = s.audit(&r, Mode::Local, 0.0);
        assert_eq!(a.metadata.tier, Tier::Combined);
        assert_eq!(a.metadata.scope, "combined/open");
        assert!(
            a.metadata
                .top_contributions
                .iter()
                .all(|c| c.value.is_finite() && c.contribution.is_finite()),
            "no NaN for JSON"
        );
        assert_eq!(a.metadata.calibration.scope, "intrinsic/open");
        // An NLI judge saying everything contradicts everything: D = 1, A = max(0, G − D) = 0 = q1.
        let n = 3;
        let nli = NliMatrix {
            entail: vec![vec![0.0; n]; n],
            contradict: vec![vec![1.0; n]; n],
        };
        let j = s.audit_judged(
            &r,
            Mode::Local,
            0.0,
            &CalibrationRegistry::new(),
            SampleJudge::Nli(&nli),
        );
        assert_eq!(j.metadata.samples_equivalence, Some(Equivalence::Nli));
        assert_eq!(j.metadata.features["contradiction"], 1.0);
        assert_eq!(j.q1, 0.0);
        assert!(
            j.explanation
                .contains("NLI judge finds 100% of sample pairs contradictory"),
            "{}",
            j.explanation
        );
    }

    #[test]
    fn audit_with_uses_the_scope_feedback_calibrator() {
        use crate::recalibration::{feedback_scope, CalibrationRegistry, ScopeCalibration};
        use std::sync::Arc;
        let s = Scorer::embedded();
        let raw: Vec<f64> = (0..120).map(|i| (i % 10) as f64 / 10.0).collect();
        let y: Vec<bool> = (0..120).map(|i| i % 3 != 0).collect();
        let scope = feedback_scope(Tier::Intrinsic, TaskKind::Open, Some("m"));
        let cal = ScopeCalibration::fit(&scope, s.model(TaskKind::Open), &raw, &y)
            .unwrap()
            .unwrap();
        let reg = CalibrationRegistry::new().with(Arc::new(cal.clone()));
        let mut r = req(
            "The Eiffel Tower was completed in 1889.",
            Some("When was the Eiffel Tower built?"),
            None,
        );
        let plain = s.audit_with(&r, Mode::Local, 0.0, &reg);
        assert_eq!(
            plain,
            s.audit(&r, Mode::Local, 0.0),
            "no model_source: reference"
        );
        assert_eq!(plain.metadata.calibration.scope, "intrinsic/open");
        r.model_source = Some("m".into());
        let a = s.audit_with(&r, Mode::Local, 0.0, &reg);
        assert_eq!(a.metadata.calibration.source, "feedback");
        assert_eq!(a.metadata.calibration.scope, "intrinsic/open/m");
        assert_eq!(
            (a.metadata.calibration.n, a.ece, a.brier),
            (120, cal.ece, cal.brier)
        );
        assert_eq!(a.metadata.thresholds.source, "feedback");
        assert!((a.height - cal.predict(a.metadata.raw_confidence)).abs() < 1e-12);
        assert!(
            (s.height_for(
                Tier::Intrinsic,
                TaskKind::Open,
                Some("m"),
                a.metadata.raw_confidence,
                &a.metadata.shift,
                &reg
            ) - a.height)
                .abs()
                < 1e-12
        );
        assert!(
            a.explanation
                .contains("Feedback calibration (intrinsic/open/m) on 120 held-out labels"),
            "{}",
            a.explanation
        );
        let [lo, hi] = a.confidence_interval;
        assert!(lo <= a.height && a.height <= hi);

        // A samples-tier audit of the same model: no samples scope yet → the intrinsic scope of
        // the model; once the samples scope has a calibrator, that one (DESIGN §2.5).
        r.samples = Some(vec!["1889".into(), "It was built in 1889.".into()]);
        let t = s.audit_with(&r, Mode::Local, 0.0, &reg);
        assert_eq!(
            (t.metadata.tier, t.metadata.calibration.scope.as_str()),
            (Tier::Samples, "intrinsic/open/m")
        );
        let tier_scope = feedback_scope(Tier::Samples, TaskKind::Open, Some("m"));
        let y2: Vec<bool> = (0..120).map(|i| i % 4 != 0).collect();
        let tier_cal = ScopeCalibration::fit(&tier_scope, s.model(TaskKind::Open), &raw, &y2)
            .unwrap()
            .unwrap();
        let reg2 = reg.with(Arc::new(tier_cal.clone()));
        let t2 = s.audit_with(&r, Mode::Local, 0.0, &reg2);
        assert_eq!(t2.metadata.calibration.scope, "samples/open/m");
        assert!((t2.height - tier_cal.predict(t2.metadata.raw_confidence)).abs() < 1e-12);
        assert!(
            (s.height_for(
                Tier::Samples,
                TaskKind::Open,
                Some("m"),
                t2.metadata.raw_confidence,
                &t2.metadata.shift,
                &reg2
            ) - t2.height)
                .abs()
                < 1e-12
        );
        // The intrinsic audit keeps the intrinsic scope.
        r.samples = None;
        assert_eq!(
            s.audit_with(&r, Mode::Local, 0.0, &reg2)
                .metadata
                .calibration
                .scope,
            "intrinsic/open/m"
        );
    }
}
