//! Online recalibration from feedback labels (DESIGN §2.5): what a `/v1/calibrate` request
//! means as a label, which calibration scope a label belongs to, and how a scope's calibrator
//! is refitted from its stored labels and shrunk toward the tier's reference.
//!
//! No IO: the server loads `(raw_confidence, correct)` pairs from its store and hands them to
//! [`ScopeCalibration::fit`]; the result goes into a [`CalibrationRegistry`] that
//! [`crate::Scorer::audit_with`] consults.
//!
//! ## Scopes
//! A feedback scope is `tier/task/model_source`, e.g. `intrinsic/qa/gpt-4o`; requests without a
//! `model_source` (or with an empty one) share `intrinsic/<task>/*` ([`feedback_scope`]). The
//! reference scope of the same tier and task (`intrinsic/<task>`, fitted on the shipped dev data)
//! is what a feedback scope is shrunk toward.
//!
//! ## Method (by number of labels n in the scope)
//! * n < [`MIN_PLATT_LABELS`] (50): no feedback calibrator; the reference serves the scope.
//! * 50 ≤ n < [`MIN_ISOTONIC_LABELS`] (500): Platt scaling (Platt 1999) of the raw confidence.
//! * n ≥ 500: isotonic regression by PAV (Zadrozny & Elkan 2002). Niculescu-Mizil & Caruana
//!   (ICML 2005, "Predicting good probabilities with supervised learning") found isotonic
//!   regression overfits on small calibration sets where Platt's two parameters do not, and
//!   overtakes Platt once a few hundred to a thousand labels exist: hence the two thresholds.
//!
//! ## Shrinkage toward the reference
//! height(c) = w·f_scope(c) + (1 − w)·f_ref(c) with w = n / (n + [`SHRINKAGE_K`]) (k = 50):
//! a convex blend of two non-decreasing maps, so height stays monotone in c. At n = 50 the
//! scope's own fit has weight ½, at 500 ≈ 0.91, at 5000 ≈ 0.99. (The weight of an empirical-Bayes
//! mean whose prior is worth k observations.)
//!
//! ## Quality figures (what `ece`, `brier`, thresholds describe)
//! Cross-fitted over [`FOLDS`] (5) folds, item i in fold i mod 5 (labels in storage order): each
//! fold's heights come from the same method and shrinkage fitted on the other four folds only.
//! ECE (15 equal-width bins, Guo et al. 2017), Brier, AUROC, the reliability bins and the SGR
//! verdict thresholds (Geifman & El-Yaniv 2017, [`crate::verdict`]) are measured on those
//! held-out heights. The calibrator that serves requests is then fitted on all n labels.

use crate::calibration::{brier, ece, reliability_bins, Isotonic, Platt, ReliabilityBin};
use crate::evaluation::auroc;
use crate::features::TaskKind;
use crate::scorer::{ActiveCalibration, Calibrator, Scorer, TaskModel, ECE_BINS};
use crate::types::{CalibrationReport, CalibrationScopeReport, Tier};
use crate::verdict::Thresholds;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Fewest labels in a scope before it gets its own (Platt) calibrator.
pub const MIN_PLATT_LABELS: usize = 50;
/// Fewest labels in a scope before its calibrator is isotonic instead of Platt.
pub const MIN_ISOTONIC_LABELS: usize = 500;
/// Prior strength k of the shrinkage weight w = n / (n + k), in labels.
pub const SHRINKAGE_K: f64 = 50.0;
/// Number of cross-fitting folds behind a feedback scope's ECE, Brier and thresholds.
pub const FOLDS: usize = 5;
/// Source name of a calibrator fitted on stored feedback labels (`metadata.calibration.source`).
pub const SOURCE_FEEDBACK: &str = "feedback";
/// Source name of the shipped calibrator fitted on the dev data.
pub const SOURCE_REFERENCE: &str = "reference";

/// The feedback scope of a request: `"<tier>/<task>/<model_source>"` (DESIGN §2.5: a
/// calibrator per tier × model_source), with `*` when the request named no model (or an empty
/// one). The tier is the one the audit ran in, so a label calibrates the same raw confidence the
/// audit reported. The model name is used verbatim (≤ 500 characters after validation); a client
/// that sends the literal name `*` shares the anonymous scope.
pub fn feedback_scope(tier: Tier, task: TaskKind, model_source: Option<&str>) -> String {
    let model = model_source.filter(|m| !m.is_empty()).unwrap_or("*");
    format!("{}/{}/{}", tier.as_str(), task.as_str(), model)
}

/// The reference scope of a task kind: `"<tier>/<task>"` (as in `metadata.scope`).
pub fn reference_scope(task: TaskKind) -> String {
    format!("{}/{}", Tier::Intrinsic.as_str(), task.as_str())
}

/// What a `/v1/calibrate` request contributes (DESIGN §2.5 "Labels").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedbackInput {
    /// `Some(true)` = the text is correct, `Some(false)` = it is not, `None` = no label.
    pub label: Option<bool>,
    /// Free-text feedback kept as a note (never the bare words "correct"/"incorrect" when they
    /// served as the label).
    pub note: Option<String>,
}

impl FeedbackInput {
    /// Interprets a request's `ground_truth` (validated to 0 or 1) and `feedback`:
    /// * `ground_truth` 1 → label correct, 0 → label incorrect; `feedback` text, if any, is a note;
    /// * else `feedback` equal to "correct" / "incorrect" (any case, surrounding whitespace
    ///   ignored) → that label, no note;
    /// * else non-blank `feedback` → a note without label;
    /// * else nothing.
    pub fn interpret(ground_truth: Option<u8>, feedback: Option<&str>) -> FeedbackInput {
        let text = feedback.map(str::trim).filter(|f| !f.is_empty());
        if let Some(gt) = ground_truth {
            return FeedbackInput {
                label: Some(gt == 1),
                note: text.map(str::to_string),
            };
        }
        match text.map(str::to_lowercase).as_deref() {
            Some("correct") => FeedbackInput {
                label: Some(true),
                note: None,
            },
            Some("incorrect") => FeedbackInput {
                label: Some(false),
                note: None,
            },
            _ => FeedbackInput {
                label: None,
                note: text.map(str::to_string),
            },
        }
    }

    /// True when there is a label or a note to store (`feedback_recorded`).
    pub fn is_recordable(&self) -> bool {
        self.label.is_some() || self.note.is_some()
    }
}

/// A scope's calibrator fitted on its feedback labels, with its cross-fitted quality.
#[derive(Debug, Clone, PartialEq)]
pub struct ScopeCalibration {
    /// Feedback scope, e.g. `intrinsic/qa/gpt-4o` ([`feedback_scope`]).
    pub scope: String,
    /// Task kind of the scope.
    pub task: TaskKind,
    /// Labels the calibrator was fitted on.
    pub n: u64,
    /// Of which labelled correct.
    pub n_correct: u64,
    /// The scope's own fit on all n labels.
    pub fitted: Calibrator,
    /// The reference calibrator of the task it is shrunk toward.
    pub reference: Calibrator,
    /// Shrinkage weight w = n / (n + k) of `fitted`.
    pub weight: f64,
    /// Cross-fitted ECE (15 bins) on the stored labels.
    pub ece: f64,
    /// Cross-fitted Brier score on the stored labels.
    pub brier: f64,
    /// Cross-fitted AUROC of (1 − height) for "incorrect" (0.5 when one class is absent).
    pub auroc: f64,
    /// Reliability bins of the cross-fitted heights ([`ECE_BINS`]).
    pub bins: Vec<ReliabilityBin>,
    /// SGR thresholds chosen on the cross-fitted heights.
    pub thresholds: Thresholds,
    /// Target risk of the thresholds (the reference's, 0.10).
    pub target_risk: f64,
    /// δ of the thresholds (the reference's, 0.05).
    pub delta: f64,
    /// Which stored labels the fit read, when the caller says ([`ScopeCalibration::fitted_on`]).
    pub fitted_on: Option<crate::types::FittedLabels>,
}

fn fit_method(n: usize, raw: &[f64], correct: &[bool]) -> Result<Calibrator, String> {
    if n >= MIN_ISOTONIC_LABELS {
        Isotonic::fit(raw, correct).map(Calibrator::Isotonic)
    } else {
        Platt::fit(raw, correct).map(Calibrator::Platt)
    }
}

fn blend(weight: f64, fitted: &Calibrator, reference: &Calibrator, c: f64) -> f64 {
    (weight * fitted.predict(c) + (1.0 - weight) * reference.predict(c)).clamp(0.0, 1.0)
}

/// Shrinkage weight w = n / (n + k) of a scope fitted on `n` labels.
pub fn shrinkage_weight(n: usize) -> f64 {
    n as f64 / (n as f64 + SHRINKAGE_K)
}

impl ScopeCalibration {
    /// Fits the scope's calibrator on `raw` (raw confidences c ∈ [0,1], as in
    /// `metadata.raw_confidence`) and `correct` (the labels), shrunk toward `reference`'s
    /// calibrator; quality and thresholds are cross-fitted (module docs).
    ///
    /// Returns `Ok(None)` when there are fewer than [`MIN_PLATT_LABELS`] labels.
    ///
    /// # Errors
    /// Inputs of unequal length, or a raw confidence that is not finite.
    pub fn fit(
        scope: &str,
        reference: &TaskModel,
        raw: &[f64],
        correct: &[bool],
    ) -> Result<Option<ScopeCalibration>, String> {
        let n = raw.len();
        if n != correct.len() {
            return Err(format!("{n} confidences but {} labels", correct.len()));
        }
        if raw.iter().any(|c| !c.is_finite()) {
            return Err("a raw confidence is not finite".into());
        }
        if n < MIN_PLATT_LABELS {
            return Ok(None);
        }
        // Cross-fitted heights: the method is chosen by the full n, the weight by the training n.
        let mut oof = vec![0.0; n];
        for fold in 0..FOLDS {
            let (mut tr_x, mut tr_y) = (Vec::with_capacity(n), Vec::with_capacity(n));
            for i in (0..n).filter(|i| i % FOLDS != fold) {
                tr_x.push(raw[i]);
                tr_y.push(correct[i]);
            }
            let f = fit_method(n, &tr_x, &tr_y)?;
            let w = shrinkage_weight(tr_x.len());
            for i in (0..n).filter(|i| i % FOLDS == fold) {
                oof[i] = blend(w, &f, &reference.calibrator, raw[i]);
            }
        }
        let wrong: Vec<bool> = correct.iter().map(|c| !c).collect();
        let inverted: Vec<f64> = oof.iter().map(|h| 1.0 - h).collect();
        Ok(Some(ScopeCalibration {
            scope: scope.to_string(),
            task: reference.kind,
            n: n as u64,
            n_correct: correct.iter().filter(|&&c| c).count() as u64,
            fitted: fit_method(n, raw, correct)?,
            reference: reference.calibrator.clone(),
            weight: shrinkage_weight(n),
            ece: ece(&oof, correct, ECE_BINS),
            brier: brier(&oof, correct),
            auroc: auroc(&inverted, &wrong),
            bins: reliability_bins(&oof, correct, ECE_BINS),
            thresholds: Thresholds::fit(&oof, correct, reference.target_risk, reference.delta),
            target_risk: reference.target_risk,
            delta: reference.delta,
            fitted_on: None,
        }))
    }

    /// The same calibrator, recording which stored labels it was fitted on (the store knows
    /// their ids; core does not), for `GET /v1/calibration`.
    #[must_use]
    pub fn fitted_on(mut self, labels: crate::types::FittedLabels) -> Self {
        self.fitted_on = Some(labels);
        self
    }

    /// Calibrated probability of being correct for raw confidence `c`:
    /// w·f_scope(c) + (1 − w)·f_ref(c), in [0,1] and non-decreasing in c.
    pub fn predict(&self, c: f64) -> f64 {
        blend(self.weight, &self.fitted, &self.reference, c)
    }

    /// `"platt"` or `"isotonic"`: the scope's own method (before shrinkage).
    pub fn method(&self) -> &'static str {
        self.fitted.method()
    }
}

/// The feedback calibrators in force, keyed by feedback scope. Immutable once built: the server
/// builds a new registry on each refit and swaps it in, so a request sees one consistent set.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CalibrationRegistry {
    scopes: BTreeMap<String, Arc<ScopeCalibration>>,
}

impl CalibrationRegistry {
    /// An empty registry: every request is served by the reference calibrators.
    pub fn new() -> Self {
        Self::default()
    }

    /// The feedback calibrator for an audit in `tier` of `task` × `model_source`: the tier's own
    /// scope if it has one, else (for an evidence tier) the intrinsic scope of the same model —
    /// the tier's raw confidence 1 − σ(z₀ + Δ) is the intrinsic one shifted by the evidence, on
    /// the same scale — else none (the reference calibrator of the task kind applies).
    pub fn get(
        &self,
        tier: Tier,
        task: TaskKind,
        model_source: Option<&str>,
    ) -> Option<&ScopeCalibration> {
        self.scopes
            .get(&feedback_scope(tier, task, model_source))
            .or_else(|| {
                self.scopes
                    .get(&feedback_scope(Tier::Intrinsic, task, model_source))
            })
            .map(Arc::as_ref)
    }

    /// The calibrator of a scope by name.
    pub fn by_scope(&self, scope: &str) -> Option<&Arc<ScopeCalibration>> {
        self.scopes.get(scope)
    }

    /// A copy with `cal` installed for its scope (replacing any previous one).
    pub fn with(&self, cal: Arc<ScopeCalibration>) -> CalibrationRegistry {
        let mut scopes = self.scopes.clone();
        scopes.insert(cal.scope.clone(), cal);
        CalibrationRegistry { scopes }
    }

    /// A copy without `scope`.
    pub fn without(&self, scope: &str) -> CalibrationRegistry {
        let mut scopes = self.scopes.clone();
        scopes.remove(scope);
        CalibrationRegistry { scopes }
    }

    /// All installed calibrators, by scope name.
    pub fn iter(&self) -> impl Iterator<Item = &Arc<ScopeCalibration>> {
        self.scopes.values()
    }

    /// Number of installed feedback scopes.
    pub fn len(&self) -> usize {
        self.scopes.len()
    }

    /// True when no feedback scope is installed.
    pub fn is_empty(&self) -> bool {
        self.scopes.is_empty()
    }
}

/// Builds the `GET /v1/calibration` body: the reference scope of every task kind, then every
/// feedback scope that has stored labels (`label_counts`: scope name → labels stored) or an
/// installed calibrator, sorted by name. Scope names whose task cannot be parsed are skipped.
pub fn report(
    scorer: &Scorer,
    registry: &CalibrationRegistry,
    label_counts: &BTreeMap<String, u64>,
) -> CalibrationReport {
    let entry = |scope: String,
                 model: Option<String>,
                 labels: u64,
                 tm: &TaskModel,
                 cal: Option<&ScopeCalibration>| {
        let active = ActiveCalibration::of(tm, cal);
        CalibrationScopeReport {
            scope,
            task: tm.kind,
            model_source: model,
            source: active.source.into(),
            n: active.n,
            labels,
            method: active.method.into(),
            ece: active.ece,
            brier: active.brier,
            auroc: active.auroc,
            shrinkage_weight: active.weight,
            thresholds: active.threshold_info(),
            bins: active.bins.to_vec(),
            fitted_on: cal.and_then(|c| c.fitted_on.clone()),
        }
    };
    let mut scopes: Vec<CalibrationScopeReport> = TaskKind::ALL
        .iter()
        .map(|&k| entry(reference_scope(k), None, 0, scorer.model(k), None))
        .collect();
    let mut names: Vec<&String> = label_counts.keys().chain(registry.scopes.keys()).collect();
    names.sort();
    names.dedup();
    for name in names {
        let Some(task) = scope_task(name) else {
            continue;
        };
        let model = name.splitn(3, '/').nth(2).map(str::to_string);
        if model.is_none() {
            continue;
        }
        let labels = label_counts.get(name).copied().unwrap_or(0);
        let cal = registry.by_scope(name).map(Arc::as_ref);
        scopes.push(entry(name.clone(), model, labels, scorer.model(task), cal));
    }
    CalibrationReport {
        scopes,
        min_labels_platt: MIN_PLATT_LABELS as u64,
        min_labels_isotonic: MIN_ISOTONIC_LABELS as u64,
    }
}

/// The task kind named by a scope string (`<tier>/<task>` or `<tier>/<task>/<model>`, any of
/// the four tiers).
pub fn scope_task(scope: &str) -> Option<TaskKind> {
    let mut parts = scope.splitn(3, '/');
    let (tier, task) = (parts.next()?, parts.next()?);
    if !Tier::ALL.iter().any(|t| t.as_str() == tier) {
        return None;
    }
    TaskKind::ALL.into_iter().find(|k| k.as_str() == task)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Deterministic labels: P(correct | c) = p(c) via a low-discrepancy sequence.
    fn labels(n: usize, p: impl Fn(f64) -> f64) -> (Vec<f64>, Vec<bool>) {
        let mut raw = Vec::new();
        let mut y = Vec::new();
        for i in 0..n {
            let c = ((i * 37) % 101) as f64 / 100.0;
            let u = ((i as f64) * 0.618_033_988_75).fract();
            raw.push(c);
            y.push(u < p(c));
        }
        (raw, y)
    }

    #[test]
    fn interpretation_of_feedback() {
        let i = FeedbackInput::interpret;
        assert_eq!(
            i(Some(1), None),
            FeedbackInput {
                label: Some(true),
                note: None
            }
        );
        assert_eq!(
            i(Some(0), Some(" wrong year ")),
            FeedbackInput {
                label: Some(false),
                note: Some("wrong year".into())
            }
        );
        assert_eq!(
            i(None, Some("CORRECT")),
            FeedbackInput {
                label: Some(true),
                note: None
            }
        );
        assert_eq!(
            i(None, Some(" Incorrect\n")),
            FeedbackInput {
                label: Some(false),
                note: None
            }
        );
        assert_eq!(
            i(None, Some("mostly right")),
            FeedbackInput {
                label: None,
                note: Some("mostly right".into())
            }
        );
        assert!(!i(None, Some("   ")).is_recordable());
        assert!(!i(None, None).is_recordable());
        assert!(i(None, Some("x")).is_recordable());
    }

    #[test]
    fn scope_names() {
        assert_eq!(
            feedback_scope(Tier::Intrinsic, TaskKind::Qa, Some("gpt-4o")),
            "intrinsic/qa/gpt-4o"
        );
        assert_eq!(
            feedback_scope(Tier::Samples, TaskKind::Qa, Some("gpt-4o")),
            "samples/qa/gpt-4o"
        );
        assert_eq!(
            feedback_scope(Tier::Intrinsic, TaskKind::Open, None),
            "intrinsic/open/*"
        );
        assert_eq!(
            feedback_scope(Tier::Combined, TaskKind::Open, Some("")),
            "combined/open/*"
        );
        assert_eq!(
            scope_task("intrinsic/dialogue/a/b"),
            Some(TaskKind::Dialogue)
        );
        assert_eq!(scope_task("intrinsic/qa"), Some(TaskKind::Qa));
        assert_eq!(scope_task("logprobs/qa/m"), Some(TaskKind::Qa));
        assert_eq!(scope_task("nli/qa"), None);
        assert_eq!(scope_task("logprobs/chat"), None);
    }

    #[test]
    fn too_few_labels_keep_the_reference() {
        let s = Scorer::embedded();
        let (raw, y) = labels(49, |_| 0.5);
        assert_eq!(
            ScopeCalibration::fit("intrinsic/open/m", s.model(TaskKind::Open), &raw, &y).unwrap(),
            None
        );
        assert!(ScopeCalibration::fit("x", s.model(TaskKind::Open), &raw, &y[..10]).is_err());
    }

    #[test]
    fn platt_then_isotonic_and_shrinkage_toward_the_reference() {
        let s = Scorer::embedded();
        let reference = s.model(TaskKind::Open);
        // This model is right 90% of the time whatever its raw confidence.
        let (raw, y) = labels(200, |_| 0.9);
        let cal = ScopeCalibration::fit("intrinsic/open/m", reference, &raw, &y)
            .unwrap()
            .unwrap();
        assert_eq!(cal.method(), "platt");
        assert_eq!(cal.n, 200);
        assert!((cal.weight - 0.8).abs() < 1e-12);
        for c in [0.1, 0.5, 0.9] {
            let expect = 0.8 * cal.fitted.predict(c) + 0.2 * reference.calibrator.predict(c);
            assert!((cal.predict(c) - expect).abs() < 1e-12);
        }
        // Pulled toward 0.9 at a low raw confidence, where the reference says much less.
        assert!(
            cal.predict(0.2) > reference.calibrator.predict(0.2) + 0.2,
            "{} vs {}",
            cal.predict(0.2),
            reference.calibrator.predict(0.2)
        );
        let (raw, y) = labels(600, |c| c);
        let cal = ScopeCalibration::fit("intrinsic/open/m", reference, &raw, &y)
            .unwrap()
            .unwrap();
        assert_eq!(cal.method(), "isotonic");
        assert_eq!(cal.bins.iter().map(|b| b.count).sum::<u64>(), 600);
        assert!(
            cal.ece < 0.1 && cal.brier < 0.25 && cal.auroc > 0.7,
            "{} {} {}",
            cal.ece,
            cal.brier,
            cal.auroc
        );
        // Monotone.
        let mut last = -1.0;
        for i in 0..=100 {
            let h = cal.predict(i as f64 / 100.0);
            assert!(h >= last - 1e-12);
            last = h;
        }
    }

    #[test]
    fn quality_is_measured_out_of_fold() {
        let s = Scorer::embedded();
        let (raw, y) = labels(500, |c| c);
        let cal = ScopeCalibration::fit("intrinsic/qa/m", s.model(TaskKind::Qa), &raw, &y)
            .unwrap()
            .unwrap();
        // Recompute by hand for fold 0 item 0.
        let tr: Vec<usize> = (0..500).filter(|i| i % FOLDS != 0).collect();
        let f = Isotonic::fit(
            &tr.iter().map(|&i| raw[i]).collect::<Vec<_>>(),
            &tr.iter().map(|&i| y[i]).collect::<Vec<_>>(),
        )
        .unwrap();
        let w = shrinkage_weight(400);
        let h0 =
            w * f.predict(raw[0]) + (1.0 - w) * s.model(TaskKind::Qa).calibrator.predict(raw[0]);
        let bin = crate::calibration::bin_index(h0, ECE_BINS);
        assert!(cal.bins[bin].count >= 1);
        assert!(cal.ece >= 0.0 && cal.ece <= 1.0);
    }

    #[test]
    fn registry_swaps_copies() {
        let s = Scorer::embedded();
        let (raw, y) = labels(60, |_| 0.7);
        let cal = Arc::new(
            ScopeCalibration::fit(
                &feedback_scope(Tier::Intrinsic, TaskKind::Qa, Some("m")),
                s.model(TaskKind::Qa),
                &raw,
                &y,
            )
            .unwrap()
            .unwrap(),
        );
        let empty = CalibrationRegistry::new();
        let one = empty.with(cal);
        assert!(empty.is_empty());
        assert_eq!(one.len(), 1);
        assert!(one.get(Tier::Intrinsic, TaskKind::Qa, Some("m")).is_some());
        assert!(one.get(Tier::Intrinsic, TaskKind::Qa, None).is_none());
        assert!(
            one.get(Tier::Logprobs, TaskKind::Qa, Some("m")).is_some(),
            "an evidence tier falls back to the intrinsic scope"
        );
        assert!(one.without("intrinsic/qa/m").is_empty());
        let mut counts = BTreeMap::new();
        counts.insert("intrinsic/qa/m".to_string(), 60);
        counts.insert("intrinsic/open/few".to_string(), 3);
        let rep = report(&s, &one, &counts);
        assert_eq!(rep.scopes.len(), 6);
        assert!(rep.scopes[..4]
            .iter()
            .all(|r| r.source == "reference" && r.labels == 0 && r.bins.len() == ECE_BINS));
        let few = rep
            .scopes
            .iter()
            .find(|r| r.scope == "intrinsic/open/few")
            .unwrap();
        assert_eq!(
            (few.source.as_str(), few.labels, few.model_source.as_deref()),
            ("reference", 3, Some("few"))
        );
        let m = rep
            .scopes
            .iter()
            .find(|r| r.scope == "intrinsic/qa/m")
            .unwrap();
        assert_eq!(
            (m.source.as_str(), m.n, m.labels, m.method.as_str()),
            ("feedback", 60, 60, "platt")
        );
        assert_eq!(m.bins.iter().map(|b| b.count).sum::<u64>(), 60);
    }
}
