//! WebAssembly binding of [`epistemic_audit_core`] (wasm-bindgen + serde-wasm-bindgen).
//!
//! A thin layer: it converts JavaScript values to core types, checks the arguments, calls core and
//! converts the result back. No scoring logic lives here: `audit` and `batch` return exactly the
//! JSON of the service's `/v1/audit` and `/v1/batch` bodies (with `mode: "local"`), and the
//! calibration functions are core's.
//!
//! Errors are thrown as JavaScript `Error`s named `ValidationError` whose `message` lists every
//! failing field and whose `detail` property is the service's 422 list `[{loc, msg, type}]`.
//! For `audit`/`batch`, `loc` starts with `"body"` exactly as in the HTTP service; for the
//! calibration functions it starts with the argument name (e.g. `["probs", 3]`).
//!
//! JavaScript names: `audit`, `auditJudged`, `batch`, `ece`, `brier`, `reliabilityBins`, `auroc`, `auprc`,
//! `fitCalibrator` (→ [`Calibrator`]), `referenceCalibration`, `version`.

use epistemic_audit_core::calibration::{self, Isotonic, Platt, ReliabilityBin};
use epistemic_audit_core::evaluation;
use epistemic_audit_core::recalibration::CalibrationRegistry;
use epistemic_audit_core::samples::{CosineMatrix, SampleJudge};
use epistemic_audit_core::scorer::{Calibrator as CoreCalibrator, ECE_BINS};
use epistemic_audit_core::validate::{self, FieldError, LocItem};
use epistemic_audit_core::{
    AuditRequest, AuditResult, BatchResponse, BatchSummary, Mode, Scorer, TaskKind, Tier,
    INTERFACE_VERSION,
};
use serde::Serialize;
use serde_json::Value;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// `performance.now()` (milliseconds; browsers, Node ≥ 16, workers): core has no clock.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

thread_local! {
    /// The embedded reference scorer, built on first use (wasm is single-threaded).
    static SCORER: Scorer = Scorer::embedded();
}

/// Most bins accepted by `ece`/`reliabilityBins` (guards against absurd allocations).
pub const MAX_BINS: u32 = 10_000;

// ---------------------------------------------------------------------------------------------
// Errors

/// `body.items[1].text`-style rendering of a location.
pub fn loc_string(loc: &[LocItem]) -> String {
    let mut s = String::new();
    for item in loc {
        match item {
            LocItem::Field(f) => {
                if !s.is_empty() {
                    s.push('.');
                }
                s.push_str(f);
            }
            LocItem::Index(i) => s.push_str(&format!("[{i}]")),
        }
    }
    s
}

/// The `message` of a thrown ValidationError: `"<what>: loc: msg (type); …"`.
pub fn error_message(what: &str, errors: &[FieldError]) -> String {
    let parts: Vec<String> = errors
        .iter()
        .map(|e| format!("{}: {} ({})", loc_string(&e.loc), e.msg, e.kind))
        .collect();
    format!("{what}: {}", parts.join("; "))
}

/// A JavaScript `Error` named `ValidationError` with `detail` = the `[{loc, msg, type}]` list.
fn validation_error(what: &str, errors: &[FieldError]) -> JsValue {
    let err = js_sys::Error::new(&error_message(what, errors));
    err.set_name("ValidationError");
    let detail = to_js(&errors).unwrap_or(JsValue::NULL);
    let _ = js_sys::Reflect::set(&err, &JsValue::from_str("detail"), &detail);
    err.into()
}

fn field_error(loc: Vec<LocItem>, msg: impl Into<String>, kind: &str) -> Vec<FieldError> {
    vec![FieldError::new(loc, msg, kind)]
}

/// Serialises to plain JSON-compatible JS values (objects, not Maps; null for None).
fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| {
            js_sys::Error::new(&format!("cannot convert the result to JavaScript: {e}")).into()
        })
}

/// Reads a JS value as JSON; values JSON cannot hold (BigInt, Symbol, functions) are a
/// `json_invalid` error at `loc`.
fn json_from_js(v: JsValue, loc: &[&str]) -> Result<Value, Vec<FieldError>> {
    serde_wasm_bindgen::from_value::<Value>(v).map_err(|e| {
        field_error(
            loc.iter().map(|&s| s.into()).collect(),
            format!(
                "Input is not JSON-compatible: {}",
                e.to_string().trim_start_matches("Error: ")
            ),
            "json_invalid",
        )
    })
}

// ---------------------------------------------------------------------------------------------
// Audits

/// `audit(request)`: audits `{text, context?, prompt?, model_source?}` (limits as the service:
/// text 1..10000 characters, context and prompt ≤ 5000, model_source ≤ 500; unknown fields ignored)
/// and returns the AuditResult object of `/v1/audit` with `mode: "local"` and
/// `upstream_latency_ms: 0`. Throws a ValidationError (`loc` like `["body","text"]`).
#[wasm_bindgen]
pub fn audit(request: JsValue) -> Result<JsValue, JsValue> {
    let value = json_from_js(request, &["body"])
        .map_err(|e| validation_error("invalid audit request", &e))?;
    let req = validate::audit_request(&value)
        .map_err(|e| validation_error("invalid audit request", &e))?;
    let result = SCORER.with(|s| s.audit(&req, Mode::Local, 0.0));
    to_js(&result)
}

/// The scorer's judge for `req`'s samples from a flat row-major cosine matrix over `[text,
/// samples…]` (`None`: lexical). Errors name `what` when the request has no samples or the matrix
/// is not (K+1)×(K+1).
fn cosine_matrix(
    req: &AuditRequest,
    cosines: Option<Vec<f64>>,
    what: &str,
) -> Result<Option<CosineMatrix>, JsValue> {
    let Some(flat) = cosines else {
        return Ok(None);
    };
    let k = req.samples.as_ref().map_or(0, Vec::len);
    let n = k + 1;
    if k == 0 || flat.len() != n * n {
        return Err(invalid_input(&format!(
            "{what}: expected the (K+1)² = {} cosines of [text, samples…] (K = {k} samples), got {}",
            n * n,
            flat.len()
        )));
    }
    square(&flat, n, what).map(Some)
}

/// The n×n [`CosineMatrix`] of the row-major `flat` (n² values), checked to hold cosines in
/// [-1, 1]; an `InvalidInputError` naming `what` otherwise.
fn square(flat: &[f64], n: usize, what: &str) -> Result<CosineMatrix, JsValue> {
    let m = CosineMatrix {
        cosine: flat.chunks(n.max(1)).map(<[f64]>::to_vec).collect(),
    };
    m.check(n)
        .map_err(|e| invalid_input(&format!("{what}: {e}")))?;
    Ok(m)
}

/// An Error named `InvalidInputError` (the service's 400) with `message`.
fn invalid_input(message: &str) -> JsValue {
    let e = js_sys::Error::new(message);
    e.set_name("InvalidInputError");
    e.into()
}

/// `auditJudged(request, cosines)`: as `audit`, with the samples of `request` compared by the
/// semantic tier's sentence embeddings: `cosines` is the row-major (K+1)×(K+1) matrix of cosines
/// over `[text, samples…]` that the semantic module's `sampleCosines` returns (or null/undefined:
/// lexical, exactly `audit`). The samples and combined tiers then use their semantic models, as
/// the service does with SEMANTIC_MODEL_DIR (`metadata.samples_equivalence` = "embedding").
/// Throws a ValidationError as `audit`, and an `InvalidInputError` when `cosines` is not
/// (K+1)×(K+1) cosines in [-1, 1] for a request with K ≥ 1 samples.
#[wasm_bindgen(js_name = auditJudged)]
pub fn audit_judged(request: JsValue, cosines: Option<Vec<f64>>) -> Result<JsValue, JsValue> {
    let value = json_from_js(request, &["body"])
        .map_err(|e| validation_error("invalid audit request", &e))?;
    let req = validate::audit_request(&value)
        .map_err(|e| validation_error("invalid audit request", &e))?;
    let matrix = cosine_matrix(&req, cosines, "cosines")?;
    let result = SCORER.with(|s| judged(s, &req, matrix.as_ref()));
    to_js(&result)
}

/// One audit with the reference calibrators, the samples judged by `cosines` when given.
fn judged(s: &Scorer, req: &AuditRequest, cosines: Option<&CosineMatrix>) -> AuditResult {
    match cosines {
        Some(m) => s.audit_judged(
            req,
            Mode::Local,
            0.0,
            &CalibrationRegistry::new(),
            SampleJudge::Embedding(m),
        ),
        None => s.audit(req, Mode::Local, 0.0),
    }
}

/// `batch(items, cosines?)`: audits 1..100 requests (an array, or a `/v1/batch` body `{items}`) and
/// returns `{audits, summary}` as `/v1/batch`; `summary.processing_time_ms` is measured with
/// `performance.now()`. `cosines` (optional) holds one entry per item: null, or the flat cosine
/// matrix of that item's `[text, samples…]` as for `auditJudged`. Throws a ValidationError (`loc`
/// like `["body","items",3,"text"]`), and an `InvalidInputError` for malformed `cosines`.
#[wasm_bindgen]
pub fn batch(items: JsValue, cosines: JsValue) -> Result<JsValue, JsValue> {
    let cosines: Option<Vec<Option<Vec<f64>>>> = if cosines.is_undefined() || cosines.is_null() {
        None
    } else {
        Some(serde_wasm_bindgen::from_value(cosines).map_err(|e| {
            invalid_input(&format!(
                "cosines: an array with one null or array of numbers per item expected ({e})"
            ))
        })?)
    };
    let start = performance_now();
    let value = json_from_js(items, &["body", "items"])
        .map_err(|e| validation_error("invalid batch", &e))?;
    let body = match value {
        Value::Array(_) => serde_json::json!({ "items": value }),
        other => other,
    };
    let req = validate::batch_request(&body).map_err(|e| validation_error("invalid batch", &e))?;
    let matrices: Vec<Option<CosineMatrix>> = match cosines {
        None => vec![None; req.items.len()],
        Some(list) => {
            if list.len() != req.items.len() {
                return Err(invalid_input(&format!(
                    "cosines: one entry per item expected ({} items), got {}",
                    req.items.len(),
                    list.len()
                )));
            }
            req.items
                .iter()
                .zip(list)
                .enumerate()
                .map(|(i, (r, c))| cosine_matrix(r, c, &format!("cosines[{i}]")))
                .collect::<Result<_, _>>()?
        }
    };
    let audits: Vec<_> = SCORER.with(|s| {
        req.items
            .iter()
            .zip(&matrices)
            .map(|(r, m)| judged(s, r, m.as_ref()))
            .collect()
    });
    let summary = BatchSummary::from_audits(&audits, performance_now() - start);
    to_js(&BatchResponse { audits, summary })
}

/// `compare(request, cosines?)`: audits and ranks 2..10 answers to one prompt, as `/v1/compare`
/// (`{prompt, responses: [{model, text, samples?, logprobs?}]}` → `{prompt, comparisons, ranking,
/// best_model, summary}`): each answer is audited with its own samples and the other answers as
/// its samples, ranked by q2, then ECE, then q1. `cosines` (optional; null/undefined: lexical) is
/// the row-major N×N cosine matrix that the semantic module's `sampleCosines` returns for the
/// comparison's texts in core's order (`core::compare::answer_texts`): every response's `text`,
/// then every response's own `samples`, response by response; the samples are then compared by
/// meaning, as the service does with SEMANTIC_MODEL_DIR. `summary.processing_time_ms` is measured
/// with `performance.now()`. Throws a ValidationError for schema errors, and an Error named
/// `InvalidInputError` for duplicate model names (the service's 400) or malformed `cosines`.
#[wasm_bindgen]
pub fn compare(request: JsValue, cosines: Option<Vec<f64>>) -> Result<JsValue, JsValue> {
    let start = performance_now();
    let value = json_from_js(request, &["body"])
        .map_err(|e| validation_error("invalid compare request", &e))?;
    let req = validate::compare_request(&value)
        .map_err(|e| validation_error("invalid compare request", &e))?;
    if let Err(msg) = epistemic_audit_core::compare::check_distinct_models(&req) {
        return Err(invalid_input(&msg));
    }
    let matrix = match cosines {
        None => None,
        Some(flat) => {
            let n = epistemic_audit_core::compare::answer_texts(&req).len();
            if flat.len() != n * n {
                return Err(invalid_input(&format!(
                    "cosines: expected the N² = {} cosines of the {n} texts (every response's text, then every response's samples), got {}",
                    n * n,
                    flat.len()
                )));
            }
            Some(square(&flat, n, "cosines")?)
        }
    };
    let registry = CalibrationRegistry::new();
    let mut resp = SCORER.with(|s| {
        epistemic_audit_core::compare::compare_judged(
            s,
            &req,
            Mode::Local,
            &registry,
            matrix.as_ref(),
        )
    });
    resp.summary.processing_time_ms = performance_now() - start;
    to_js(&resp)
}

// ---------------------------------------------------------------------------------------------
// Argument readers for the calibration math

/// Elements of an Array or typed array (any other value → `list_type` at `[name]`).
fn elements(v: &JsValue, name: &str) -> Result<Vec<JsValue>, Vec<FieldError>> {
    if js_sys::Array::is_array(v) || js_sys::ArrayBuffer::is_view(v) {
        Ok(js_sys::Array::from(v).to_vec())
    } else {
        Err(field_error(
            vec![name.into()],
            "Input should be a valid list (Array or typed array)",
            "list_type",
        ))
    }
}

/// Finite numbers; with `unit`, each must also be in [0,1].
fn numbers(v: &JsValue, name: &str, unit: bool) -> Result<Vec<f64>, Vec<FieldError>> {
    let mut errors = Vec::new();
    let mut out = Vec::new();
    for (i, e) in elements(v, name)?.iter().enumerate() {
        let loc = vec![LocItem::from(name), LocItem::from(i)];
        match e.as_f64() {
            None => errors.push(FieldError::new(
                loc,
                "Input should be a valid number",
                "float_type",
            )),
            Some(x) if !x.is_finite() => errors.push(FieldError::new(
                loc,
                "Input should be a finite number",
                "finite_number",
            )),
            Some(x) if unit && !(0.0..=1.0).contains(&x) => errors.push(FieldError::new(
                loc,
                format!("Input should be between 0 and 1, got {x}"),
                "probability_range",
            )),
            Some(x) => out.push(x),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// Labels: `true`/`false` or `1`/`0` (true = 1 = the text is correct / the positive class).
fn labels(v: &JsValue, name: &str) -> Result<Vec<bool>, Vec<FieldError>> {
    let mut errors = Vec::new();
    let mut out = Vec::new();
    for (i, e) in elements(v, name)?.iter().enumerate() {
        match (e.as_bool(), e.as_f64()) {
            (Some(b), _) => out.push(b),
            (_, Some(1.0)) => out.push(true),
            (_, Some(0.0)) => out.push(false),
            _ => errors.push(FieldError::new(
                vec![name.into(), i.into()],
                "Input should be a boolean or 0/1",
                "bool_type",
            )),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// Reads both arrays, reporting errors of both, and checks equal lengths (and non-empty if asked).
fn pairs(
    xs: &JsValue,
    x_name: &str,
    unit: bool,
    ys: &JsValue,
    y_name: &str,
    non_empty: bool,
) -> Result<(Vec<f64>, Vec<bool>), Vec<FieldError>> {
    let (a, b) = (numbers(xs, x_name, unit), labels(ys, y_name));
    let (a, b) = match (a, b) {
        (Ok(a), Ok(b)) => (a, b),
        (a, b) => return Err([a.err(), b.err()].into_iter().flatten().flatten().collect()),
    };
    if a.len() != b.len() {
        return Err(field_error(
            vec![y_name.into()],
            format!(
                "List should have the same length as {x_name} ({}), got {}",
                a.len(),
                b.len()
            ),
            "length_mismatch",
        ));
    }
    if non_empty && a.is_empty() {
        return Err(field_error(
            vec![x_name.into()],
            "List should have at least 1 item, not 0",
            "too_short",
        ));
    }
    Ok((a, b))
}

/// Number of bins: `undefined`/`null` → 15; otherwise an integer in 1..=MAX_BINS.
fn bins_arg(v: &JsValue) -> Result<usize, Vec<FieldError>> {
    if v.is_undefined() || v.is_null() {
        return Ok(ECE_BINS);
    }
    match v.as_f64() {
        Some(x) if x.fract() == 0.0 && (1.0..=f64::from(MAX_BINS)).contains(&x) => Ok(x as usize),
        _ => Err(field_error(
            vec!["bins".into()],
            format!("Input should be an integer from 1 to {MAX_BINS}"),
            "int_range",
        )),
    }
}

fn check<T>(what: &str, r: Result<T, Vec<FieldError>>) -> Result<T, JsValue> {
    r.map_err(|e| validation_error(what, &e))
}

// ---------------------------------------------------------------------------------------------
// Calibration math (core::calibration, core::evaluation)

/// `ece(probs, outcomes, bins = 15)`: expected calibration error with equal-width bins
/// (Guo et al. 2017): Σ_b (n_b/n)·|acc_b − conf_b|, in [0,1]; 0 for empty input.
/// `probs` in [0,1]; `outcomes` true/1 = correct.
#[wasm_bindgen]
pub fn ece(probs: JsValue, outcomes: JsValue, bins: JsValue) -> Result<f64, JsValue> {
    let (p, y) = check(
        "invalid ece arguments",
        pairs(&probs, "probs", true, &outcomes, "outcomes", false),
    )?;
    let bins = check("invalid ece arguments", bins_arg(&bins))?;
    Ok(calibration::ece(&p, &y, bins))
}

/// `brier(probs, outcomes)`: mean (p − y)², y = 1 for a correct outcome (Brier 1950); in [0,1].
#[wasm_bindgen]
pub fn brier(probs: JsValue, outcomes: JsValue) -> Result<f64, JsValue> {
    let (p, y) = check(
        "invalid brier arguments",
        pairs(&probs, "probs", true, &outcomes, "outcomes", false),
    )?;
    Ok(calibration::brier(&p, &y))
}

/// `reliabilityBins(probs, outcomes, bins = 15)` → `[{lo, hi, count, mean_confidence, accuracy}]`,
/// `bins` equal-width bins over [0,1] (a reliability diagram's data).
#[wasm_bindgen(js_name = reliabilityBins)]
pub fn reliability_bins(
    probs: JsValue,
    outcomes: JsValue,
    bins: JsValue,
) -> Result<JsValue, JsValue> {
    let what = "invalid reliabilityBins arguments";
    let (p, y) = check(
        what,
        pairs(&probs, "probs", true, &outcomes, "outcomes", false),
    )?;
    let bins = check(what, bins_arg(&bins))?;
    to_js(&calibration::reliability_bins(&p, &y, bins))
}

/// `auroc(scores, positives)`: P(a random positive outscores a random negative), ties ½
/// (Mann–Whitney; Hanley & McNeil 1982); 0.5 when a class is empty.
#[wasm_bindgen]
pub fn auroc(scores: JsValue, positives: JsValue) -> Result<f64, JsValue> {
    let (s, y) = check(
        "invalid auroc arguments",
        pairs(&scores, "scores", false, &positives, "positives", false),
    )?;
    Ok(evaluation::auroc(&s, &y))
}

/// `auprc(scores, positives)`: average precision (step-wise, as scikit-learn); 0 without positives.
#[wasm_bindgen]
pub fn auprc(scores: JsValue, positives: JsValue) -> Result<f64, JsValue> {
    let (s, y) = check(
        "invalid auprc arguments",
        pairs(&scores, "scores", false, &positives, "positives", false),
    )?;
    Ok(evaluation::auprc(&s, &y))
}

/// A calibrator fitted by [`fit_calibrator`]: maps a raw score to a probability in [0,1].
#[wasm_bindgen]
pub struct Calibrator {
    inner: CoreCalibrator,
}

#[derive(Serialize)]
#[serde(tag = "method", rename_all = "lowercase")]
enum CalibratorJson<'a> {
    Isotonic {
        x: &'a [f64],
        y: &'a [f64],
        n: &'a [f64],
    },
    Platt {
        a: f64,
        b: f64,
    },
}

#[wasm_bindgen]
impl Calibrator {
    /// `predict(score)` → probability in [0,1] (monotone non-decreasing in the score); `score`
    /// may also be an array, giving an array. Throws on non-finite scores.
    pub fn predict(&self, score: JsValue) -> Result<JsValue, JsValue> {
        if let Some(x) = score.as_f64() {
            if !x.is_finite() {
                return Err(validation_error(
                    "invalid predict argument",
                    &field_error(
                        vec!["score".into()],
                        "Input should be a finite number",
                        "finite_number",
                    ),
                ));
            }
            return Ok(JsValue::from_f64(self.inner.predict(x)));
        }
        let xs = check("invalid predict argument", numbers(&score, "score", false))?;
        let ys: Vec<f64> = xs.iter().map(|&x| self.inner.predict(x)).collect();
        to_js(&ys)
    }

    /// "isotonic" or "platt".
    #[wasm_bindgen(getter)]
    pub fn method(&self) -> String {
        self.inner.method().to_string()
    }

    /// The fitted parameters: `{method: "platt", a, b}` (p = 1/(1+exp(a·s+b))) or
    /// `{method: "isotonic", x, y, n}` (PAV block centroids, means and sizes).
    #[wasm_bindgen(js_name = toJSON)]
    pub fn to_json(&self) -> Result<JsValue, JsValue> {
        match &self.inner {
            CoreCalibrator::Isotonic(i) => to_js(&CalibratorJson::Isotonic {
                x: &i.x,
                y: &i.y,
                n: &i.n,
            }),
            CoreCalibrator::Platt(p) => to_js(&CalibratorJson::Platt { a: p.a, b: p.b }),
        }
    }
}

/// `fitCalibrator(scores, outcomes, method = "isotonic")`: fits isotonic regression (PAV) or
/// Platt scaling of `outcomes` (true/1 = correct) on raw `scores` (any finite numbers, higher =
/// more confident) and returns a [`Calibrator`]. Needs at least one pair.
#[wasm_bindgen(js_name = fitCalibrator)]
pub fn fit_calibrator(
    scores: JsValue,
    outcomes: JsValue,
    method: JsValue,
) -> Result<Calibrator, JsValue> {
    let what = "invalid fitCalibrator arguments";
    let method = if method.is_undefined() || method.is_null() {
        Some("isotonic".to_string())
    } else {
        method.as_string()
    };
    let (s, y) = check(
        what,
        pairs(&scores, "scores", false, &outcomes, "outcomes", true),
    )?;
    let fit = match method.as_deref() {
        Some("isotonic") => Isotonic::fit(&s, &y).map(CoreCalibrator::Isotonic),
        Some("platt") => Platt::fit(&s, &y).map(CoreCalibrator::Platt),
        _ => {
            return Err(validation_error(
                what,
                &field_error(
                    vec!["method".into()],
                    "Input should be 'isotonic' or 'platt'",
                    "literal_error",
                ),
            ))
        }
    };
    let inner = fit.map_err(|msg| {
        validation_error(
            what,
            &field_error(vec!["scores".into()], msg, "value_error"),
        )
    })?;
    Ok(Calibrator { inner })
}

// ---------------------------------------------------------------------------------------------
// The embedded model

/// One calibration scope of the embedded reference model (a reliability diagram's data).
#[derive(Debug, Clone, Serialize)]
pub struct ScopeCalibration {
    /// `"<tier>/<task>"`, as `metadata.scope` of a result.
    pub scope: String,
    /// Task kind.
    pub task: TaskKind,
    /// "reference".
    pub source: String,
    /// Held-out labels behind the figures.
    pub n: u64,
    /// "isotonic" or "platt".
    pub method: String,
    /// Held-out ECE (15 bins).
    pub ece: f64,
    /// Held-out Brier score.
    pub brier: f64,
    /// Held-out AUROC of (1 − height) for "incorrect".
    pub auroc: f64,
    /// Height threshold of ACCEPT (null: none met the risk bound).
    pub accept: Option<f64>,
    /// Height threshold of REFUSED (null: none met the risk bound).
    pub refuse: Option<f64>,
    /// Reliability bins of the held-out heights.
    pub bins: Vec<ReliabilityBin>,
}

/// The embedded model's per-scope calibration, read from core's task models.
pub fn reference_calibration_of(scorer: &Scorer) -> Vec<ScopeCalibration> {
    TaskKind::ALL
        .into_iter()
        .map(|kind| {
            let m = scorer.model(kind);
            ScopeCalibration {
                scope: format!("{}/{}", Tier::Intrinsic.as_str(), kind.as_str()),
                task: kind,
                source: m.source.clone(),
                n: m.n,
                method: m.calibrator.method().to_string(),
                ece: m.ece,
                brier: m.brier,
                auroc: m.auroc,
                accept: m.thresholds.accept.map(|s| s.threshold),
                refuse: m.thresholds.refuse.map(|s| s.threshold),
                bins: m.bins.clone(),
            }
        })
        .collect()
}

/// `referenceCalibration()` → `[{scope, task, source, n, method, ece, brier, auroc, accept, refuse,
/// bins: [{lo, hi, count, mean_confidence, accuracy}]}]`, one per task kind of the embedded model.
#[wasm_bindgen(js_name = referenceCalibration)]
pub fn reference_calibration() -> Result<JsValue, JsValue> {
    let scopes = SCORER.with(reference_calibration_of);
    to_js(&scopes)
}

#[derive(Serialize)]
struct VersionInfo {
    package: &'static str,
    interface: &'static str,
    scorer: String,
}

/// `version()` → `{package, interface, scorer}`: crate version, interface version ("1.1.0") and
/// the embedded model's version tag (as `metadata.scorer_version`).
#[wasm_bindgen]
pub fn version() -> Result<JsValue, JsValue> {
    let scorer = SCORER.with(|s| s.version().to_string());
    to_js(&VersionInfo {
        package: env!("CARGO_PKG_VERSION"),
        interface: INTERFACE_VERSION,
        scorer,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_render_like_paths() {
        let loc: Vec<LocItem> = vec!["body".into(), "items".into(), 3usize.into(), "text".into()];
        assert_eq!(loc_string(&loc), "body.items[3].text");
        let e = vec![FieldError::new(loc, "Field required", "missing")];
        assert_eq!(
            error_message("invalid batch", &e),
            "invalid batch: body.items[3].text: Field required (missing)"
        );
    }

    #[test]
    fn reference_calibration_has_every_scope_with_bins() {
        let scopes = reference_calibration_of(&Scorer::embedded());
        assert_eq!(scopes.len(), TaskKind::ALL.len());
        for s in &scopes {
            assert!(s.scope.starts_with("intrinsic/"));
            assert_eq!(s.bins.len(), ECE_BINS);
            assert_eq!(
                s.bins.iter().map(|b| b.count).sum::<u64>(),
                s.n,
                "{}",
                s.scope
            );
        }
    }
}
