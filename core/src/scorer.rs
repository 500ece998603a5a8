//! The audit pipeline (DESIGN §2.4–2.5): features → per-task logistic model → q2 → raw confidence
//! c = 1 − q2 → calibrated height → Jeffreys interval, SGR verdict and explanation.

use crate::calibration::{bin_index, jeffreys_interval, Isotonic, Platt, ReliabilityBin};
use crate::recalibration::{reference_scope, CalibrationRegistry, ScopeCalibration, SOURCE_FEEDBACK, SOURCE_REFERENCE};
use crate::similarity::Agreement;
use crate::features::{extract, TaskKind, DENSE_NAMES, N_DENSE};
use crate::model::{sigmoid, LinearModel};
use crate::types::{
    AuditRequest, AuditResult, CalibrationInfo, Contribution, IntervalInfo, Metadata, Mode, ThresholdInfo, Tier,
};
use crate::verdict::{Selection, Thresholds};
use crate::weights::{raw_kinds, RawKind, SCORER_VERSION, TRAINED_DENSE_NAMES};

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
}

impl TaskModel {
    /// Builds a task model from the trainer's literal data; errors name what is inconsistent.
    pub fn from_raw(raw: &RawKind) -> Result<TaskModel, String> {
        let kind = TaskKind::ALL
            .into_iter()
            .find(|k| k.as_str() == raw.kind)
            .ok_or_else(|| format!("unknown task kind {:?}", raw.kind))?;
        for (name, len) in [("dense_mean", raw.dense_mean.len()), ("dense_std", raw.dense_std.len()), ("dense_weight", raw.dense_weight.len())] {
            if len != N_DENSE {
                return Err(format!("{}: {name} has {len} entries, expected {N_DENSE}", raw.kind));
            }
        }
        let (table, ngram_weight) = LinearModel::decode_ngrams(raw.ngrams)?;
        let sel = |s: Option<(f64, f64, f64)>| s.map(|(threshold, risk_bound, coverage)| Selection { threshold, risk_bound, coverage });
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
            calibrator: match raw.platt {
                Some((a, b)) => Calibrator::Platt(Platt { a, b }),
                None => Calibrator::Isotonic(Isotonic { x: raw.iso_x.to_vec(), y: raw.iso_y.to_vec(), n: raw.iso_n.to_vec() }),
            },
            bins: raw
                .bins
                .iter()
                .map(|&(lo, hi, count, mean_confidence, accuracy)| ReliabilityBin { lo, hi, count, mean_confidence, accuracy })
                .collect(),
            n: raw.n,
            ece: raw.ece,
            brier: raw.brier,
            auroc: raw.auroc,
            thresholds: Thresholds { accept: sel(raw.accept), refuse: sel(raw.refuse) },
            target_risk: raw.target_risk,
            delta: raw.delta,
            source: "reference".into(),
        })
    }
}

/// The scorer: one [`TaskModel`] per [`TaskKind`].
#[derive(Debug, Clone, PartialEq)]
pub struct Scorer {
    models: Vec<TaskModel>,
    version: String,
}

impl Scorer {
    /// Loads the embedded reference model; errors if the generated weights are missing a task
    /// kind or were trained with other feature names (retrain: README "Training").
    pub fn try_embedded() -> Result<Scorer, String> {
        if TRAINED_DENSE_NAMES != DENSE_NAMES {
            return Err("embedded weights were trained with other dense features; retrain".into());
        }
        let models = raw_kinds().iter().map(TaskModel::from_raw).collect::<Result<Vec<_>, _>>()?;
        Scorer::from_models(models, SCORER_VERSION.to_string())
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
            return Err(format!("need exactly one model per task kind, got {kinds:?}"));
        }
        Ok(Scorer { models, version })
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
        self.audit_inner(req, mode, upstream_latency_ms, None, None)
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
        self.audit_inner(req, mode, upstream_latency_ms, Some(registry), None)
    }

    /// As [`Scorer::audit_with`], with cross-model agreement folded into q2 (`/v1/compare`,
    /// DESIGN §3 "Compare"): q2' = 1 − (1 − q2)·(1 − λ·(1 − agreement)) with
    /// λ = [`AGREEMENT_WEIGHT`]; raw confidence = 1 − q2' goes through the scope's calibrator.
    /// q2' is non-decreasing in q2 and non-increasing in agreement, and equals q2 when the
    /// answer agrees fully with the others. The calibrator was fitted on intrinsic confidences,
    /// so the agreement-adjusted height is not separately calibrated (no labelled comparisons
    /// exist); `ece` and `brier` still describe the scope's intrinsic scorer.
    pub fn audit_compared(
        &self,
        req: &AuditRequest,
        mode: Mode,
        registry: &CalibrationRegistry,
        agreement: &Agreement,
    ) -> AuditResult {
        self.audit_inner(req, mode, 0.0, Some(registry), Some(agreement))
    }

    /// The height the current calibration gives raw confidence `raw` in the scope of `task` ×
    /// `model_source` (the feedback calibrator if `registry` has one, else the reference).
    /// Equals the `height` of re-auditing a text whose raw confidence is `raw`.
    pub fn height_for(&self, task: TaskKind, model_source: Option<&str>, raw: f64, registry: &CalibrationRegistry) -> f64 {
        ActiveCalibration::of(self.model(task), registry.get(task, model_source)).predict(raw)
    }

    fn audit_inner(
        &self,
        req: &AuditRequest,
        mode: Mode,
        upstream_latency_ms: f64,
        registry: Option<&CalibrationRegistry>,
        agreement: Option<&Agreement>,
    ) -> AuditResult {
        let x = extract(&req.text, req.prompt.as_deref(), req.context.as_deref());
        let tm = self.model(x.kind);
        let feedback = registry.and_then(|r| r.get(x.kind, req.model_source.as_deref()));
        let cal = ActiveCalibration::of(tm, feedback);
        let scored = tm.model.score(&x);
        let q2_intrinsic = sigmoid(scored.logit);
        let q2 = match agreement {
            Some(a) => 1.0 - (1.0 - q2_intrinsic) * (1.0 - AGREEMENT_WEIGHT * (1.0 - a.agreement.clamp(0.0, 1.0))),
            None => q2_intrinsic,
        };
        let raw_confidence = 1.0 - q2;
        let height = cal.predict(raw_confidence);
        let q1 = x.dense[OPENNESS].clamp(0.0, 1.0);
        let n_bin = cal.bins.get(bin_index(height, ECE_BINS)).map_or(0, |b| b.count);
        let ci = jeffreys_interval(height, n_bin as f64, INTERVAL_LEVEL);
        let verdict = cal.thresholds.verdict(height);

        let mut contributions: Vec<Contribution> = DENSE_NAMES
            .iter()
            .enumerate()
            .map(|(i, n)| Contribution { feature: n.to_string(), value: x.dense[i], contribution: scored.dense_contrib[i] })
            .collect();
        contributions.push(Contribution { feature: "text_ngrams".into(), value: x.ngrams[0].1.len() as f64, contribution: scored.text_ngram_contrib });
        contributions.push(Contribution { feature: "prompt_ngrams".into(), value: x.ngrams[1].1.len() as f64, contribution: scored.prompt_ngram_contrib });
        contributions.sort_by(|a, b| b.contribution.abs().total_cmp(&a.contribution.abs()));
        contributions.truncate(TOP_CONTRIBUTIONS);

        let thresholds = cal.threshold_info();
        let explanation = crate::explanation::explain(&crate::explanation::Input {
            x: &x,
            contributions: &contributions,
            height,
            interval: ci,
            verdict,
            q1,
            cal: &cal,
            agreement: agreement.map(|a| (a, q2_intrinsic, q2)),
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
                tier: Tier::Intrinsic,
                task: x.kind,
                scope: reference_scope(x.kind),
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
                interval: IntervalInfo { method: "jeffreys".into(), level: INTERVAL_LEVEL, n_bin },
                features: x.dense_map(),
                top_contributions: contributions,
                model_source: req.model_source.clone(),
                scorer_version: self.version.clone(),
                upstream: None,
            },
            mode,
            upstream_latency_ms,
        }
    }
}

/// λ of the cross-model agreement adjustment of q2 in [`Scorer::audit_compared`]: the most
/// that full disagreement (agreement 0) can remove from the confidence 1 − q2 is this share.
pub const AGREEMENT_WEIGHT: f64 = 0.5;

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

/// Index of `prompt_openness` in the dense features (q1 of the intrinsic tier).
const OPENNESS: usize = 23;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Verdict;

    #[test]
    fn openness_index_matches_the_name() {
        assert_eq!(DENSE_NAMES[OPENNESS], "prompt_openness");
    }

    fn req(text: &str, prompt: Option<&str>, context: Option<&str>) -> AuditRequest {
        AuditRequest { text: text.into(), prompt: prompt.map(Into::into), context: context.map(Into::into), ..Default::default() }
    }

    #[test]
    fn embedded_weights_load_and_score_in_range() {
        let s = Scorer::embedded();
        for r in [
            req("Paris is the capital of France.", Some("What is the capital of France?"), None),
            req("Delhi", Some("Where is the head office?"), Some("The Oberoi Group has its head office in Delhi.")),
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
    fn grounding_moves_the_score_the_right_way() {
        let s = Scorer::embedded();
        let ctx = "The Oberoi Group is a hotel company with its head office in Delhi.";
        let q = "The Oberoi family is part of a hotel company that has a head office in what city?";
        let right = s.audit(&req("Delhi", Some(q), Some(ctx)), Mode::Local, 0.0);
        let wrong = s.audit(&req("The Oberoi family's hotel company is based in Mumbai, founded in 1934 by Rai Bahadur.", Some(q), Some(ctx)), Mode::Local, 0.0);
        assert!(right.height > wrong.height, "{} vs {}", right.height, wrong.height);
        assert!(wrong.explanation.contains("Mumbai") || wrong.explanation.contains("1934"), "{}", wrong.explanation);
        assert_ne!(right.verdict, Verdict::Refused);
    }

    #[test]
    fn audit_is_deterministic() {
        let s = Scorer::embedded();
        let r = req("The Eiffel Tower was completed in 1889.", Some("When was the Eiffel Tower built?"), None);
        assert_eq!(s.audit(&r, Mode::Local, 0.0), s.audit(&r, Mode::Local, 0.0));
    }

    #[test]
    fn audit_with_uses_the_scope_feedback_calibrator() {
        use crate::recalibration::{feedback_scope, CalibrationRegistry, ScopeCalibration};
        use std::sync::Arc;
        let s = Scorer::embedded();
        let raw: Vec<f64> = (0..120).map(|i| (i % 10) as f64 / 10.0).collect();
        let y: Vec<bool> = (0..120).map(|i| i % 3 != 0).collect();
        let scope = feedback_scope(TaskKind::Open, Some("m"));
        let cal = ScopeCalibration::fit(&scope, s.model(TaskKind::Open), &raw, &y).unwrap().unwrap();
        let reg = CalibrationRegistry::new().with(Arc::new(cal.clone()));
        let mut r = req("The Eiffel Tower was completed in 1889.", Some("When was the Eiffel Tower built?"), None);
        let plain = s.audit_with(&r, Mode::Local, 0.0, &reg);
        assert_eq!(plain, s.audit(&r, Mode::Local, 0.0), "no model_source: reference");
        assert_eq!(plain.metadata.calibration.scope, "intrinsic/open");
        r.model_source = Some("m".into());
        let a = s.audit_with(&r, Mode::Local, 0.0, &reg);
        assert_eq!(a.metadata.calibration.source, "feedback");
        assert_eq!(a.metadata.calibration.scope, "intrinsic/open/m");
        assert_eq!((a.metadata.calibration.n, a.ece, a.brier), (120, cal.ece, cal.brier));
        assert_eq!(a.metadata.thresholds.source, "feedback");
        assert!((a.height - cal.predict(a.metadata.raw_confidence)).abs() < 1e-12);
        assert!((s.height_for(TaskKind::Open, Some("m"), a.metadata.raw_confidence, &reg) - a.height).abs() < 1e-12);
        assert!(a.explanation.contains("Feedback calibration (intrinsic/open/m) on 120 held-out labels"), "{}", a.explanation);
        let [lo, hi] = a.confidence_interval;
        assert!(lo <= a.height && a.height <= hi);
    }
}
