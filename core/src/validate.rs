//! Validation of untrusted request bodies, reporting every failing field with its location.
//!
//! The error list has the contract's ValidationError shape (`detail[] = {loc, msg, type}`,
//! interface 1.1.0 "Errors", HTTP 422); `loc` starts with `"body"` and continues with field names
//! and array indices. Limits are DESIGN §3 "Validation". Unknown fields are ignored (DESIGN §2).

use crate::types::{
    AuditRequest, BatchRequest, CalibrateRequest, CompareItem, CompareRequest, TokenLogprob,
    TopLogprob,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Most characters (Unicode scalar values) in `text`.
pub const MAX_TEXT_CHARS: usize = 20_000;
/// Most characters in `context`.
pub const MAX_CONTEXT_CHARS: usize = 100_000;
/// Most characters in `prompt`.
pub const MAX_PROMPT_CHARS: usize = 20_000;
/// Most characters in `model_source`.
pub const MAX_MODEL_SOURCE_CHARS: usize = 500;
/// Most items in a batch.
pub const MAX_BATCH_ITEMS: usize = 100;
/// Most characters in a calibration request's `feedback` (DESIGN §3 "Validation").
pub const MAX_FEEDBACK_CHARS: usize = 2_000;
/// Fewest answers in a comparison.
pub const MIN_COMPARE_RESPONSES: usize = 2;
/// Most answers in a comparison.
pub const MAX_COMPARE_RESPONSES: usize = 10;
/// Most characters in a comparison's `model` name.
pub const MAX_MODEL_CHARS: usize = 500;
/// Most client-supplied `samples` (DESIGN §2.3).
pub const MAX_SAMPLES: usize = 20;
/// Most tokens in client-supplied `logprobs` (one per token of a text of at most 10000 characters).
pub const MAX_LOGPROB_TOKENS: usize = 10_000;
/// Most alternatives in one token's `top_logprobs`.
pub const MAX_TOP_LOGPROBS: usize = 20;
/// Most characters in one token string.
pub const MAX_TOKEN_CHARS: usize = 1_000;
/// Log-probabilities up to this value above 0 are accepted (and read as 0): serialisers round.
pub const LOGPROB_TOLERANCE: f64 = 1e-6;

/// One element of a location path: a field name or an array index.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(untagged)]
pub enum LocItem {
    /// Object member name.
    Field(String),
    /// Array index (0-based).
    Index(usize),
}

impl From<&str> for LocItem {
    fn from(s: &str) -> Self {
        LocItem::Field(s.to_string())
    }
}

impl From<usize> for LocItem {
    fn from(i: usize) -> Self {
        LocItem::Index(i)
    }
}

/// One validation failure: where, what, and a machine-readable type
/// (`missing`, `string_type`, `string_too_short`, `string_too_long`, `list_type`, `too_short`,
/// `too_long`, `dict_type`, `json_invalid`, `int_type`, `literal_error`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FieldError {
    /// Path to the failing value, starting with "body".
    pub loc: Vec<LocItem>,
    /// Human-readable reason.
    pub msg: String,
    /// Machine-readable reason.
    #[serde(rename = "type")]
    pub kind: String,
}

impl FieldError {
    /// Builds an error at `loc` with the given message and type.
    pub fn new(loc: Vec<LocItem>, msg: impl Into<String>, kind: &str) -> Self {
        FieldError {
            loc,
            msg: msg.into(),
            kind: kind.to_string(),
        }
    }
}

/// Parses a request body as JSON; on failure a single `json_invalid` error at `["body"]` that
/// names the line and column.
pub fn parse_json(bytes: &[u8]) -> Result<Value, Vec<FieldError>> {
    serde_json::from_slice(bytes).map_err(|e| {
        vec![FieldError::new(
            vec!["body".into()],
            format!("JSON decode error: {e}"),
            "json_invalid",
        )]
    })
}

fn at(base: &[LocItem], field: impl Into<LocItem>) -> Vec<LocItem> {
    let mut loc = base.to_vec();
    loc.push(field.into());
    loc
}

/// Reads an optional or required string member with a character range; `null` counts as absent.
pub(crate) fn string_field(
    obj: &Map<String, Value>,
    base: &[LocItem],
    name: &str,
    required: bool,
    min_chars: usize,
    max_chars: usize,
    errors: &mut Vec<FieldError>,
) -> Option<String> {
    match obj.get(name) {
        None | Some(Value::Null) => {
            if required {
                errors.push(FieldError::new(at(base, name), "Field required", "missing"));
            }
            None
        }
        Some(Value::String(s)) => {
            let n = s.chars().count();
            if n < min_chars {
                errors.push(FieldError::new(
                    at(base, name),
                    format!("String should have at least {min_chars} character(s)"),
                    "string_too_short",
                ));
                None
            } else if n > max_chars {
                errors.push(FieldError::new(
                    at(base, name),
                    format!("String should have at most {max_chars} characters, got {n}"),
                    "string_too_long",
                ));
                None
            } else {
                Some(s.clone())
            }
        }
        Some(_) => {
            errors.push(FieldError::new(
                at(base, name),
                "Input should be a valid string",
                "string_type",
            ));
            None
        }
    }
}

/// Checks that `v` is an object; otherwise records a `dict_type` error at `loc`.
pub(crate) fn object<'a>(
    v: &'a Value,
    loc: &[LocItem],
    errors: &mut Vec<FieldError>,
) -> Option<&'a Map<String, Value>> {
    match v {
        Value::Object(m) => Some(m),
        _ => {
            errors.push(FieldError::new(
                loc.to_vec(),
                "Input should be a valid object",
                "dict_type",
            ));
            None
        }
    }
}

/// Validates an AuditRequest at `loc` (e.g. `["body"]` or `["body","items",3]`).
pub fn audit_request_at(
    v: &Value,
    loc: &[LocItem],
    errors: &mut Vec<FieldError>,
) -> Option<AuditRequest> {
    let obj = object(v, loc, errors)?;
    let before = errors.len();
    let text = string_field(obj, loc, "text", true, 1, MAX_TEXT_CHARS, errors);
    let context = string_field(obj, loc, "context", false, 0, MAX_CONTEXT_CHARS, errors);
    let prompt = string_field(obj, loc, "prompt", false, 0, MAX_PROMPT_CHARS, errors);
    let model_source = string_field(
        obj,
        loc,
        "model_source",
        false,
        0,
        MAX_MODEL_SOURCE_CHARS,
        errors,
    );
    let samples = samples_field(obj, loc, errors);
    let logprobs = logprobs_field(obj, loc, errors);
    if errors.len() > before {
        return None;
    }
    Some(AuditRequest {
        text: text?,
        context,
        prompt,
        model_source,
        samples,
        logprobs,
    })
}

/// Reads the optional `samples` member (DESIGN §2.3): absent/null, or an array of
/// 1..=[`MAX_SAMPLES`] strings of at most [`MAX_TEXT_CHARS`] characters each (an empty sample is
/// a model's empty answer: valid, and dissimilar to any non-empty text).
pub fn samples_field(
    obj: &Map<String, Value>,
    base: &[LocItem],
    errors: &mut Vec<FieldError>,
) -> Option<Vec<String>> {
    if matches!(obj.get("samples"), None | Some(Value::Null)) {
        return None;
    }
    let items = array_field(obj, base, "samples", 1, MAX_SAMPLES, errors)?;
    let loc = at(base, "samples");
    let before = errors.len();
    let mut out = Vec::with_capacity(items.len());
    for (i, v) in items.iter().enumerate() {
        match v {
            Value::String(s) => {
                let n = s.chars().count();
                if n > MAX_TEXT_CHARS {
                    errors.push(FieldError::new(
                        at(&loc, i),
                        format!("String should have at most {MAX_TEXT_CHARS} characters, got {n}"),
                        "string_too_long",
                    ));
                } else {
                    out.push(s.clone());
                }
            }
            _ => errors.push(FieldError::new(
                at(&loc, i),
                "Input should be a valid string",
                "string_type",
            )),
        }
    }
    (errors.len() == before).then_some(out)
}

/// Reads one finite log-probability ≤ 0 (up to [`LOGPROB_TOLERANCE`] above 0 is read as 0).
fn logprob_value(
    v: Option<&Value>,
    loc: Vec<LocItem>,
    errors: &mut Vec<FieldError>,
) -> Option<f64> {
    match v {
        None | Some(Value::Null) => {
            errors.push(FieldError::new(loc, "Field required", "missing"));
            None
        }
        Some(Value::Number(n)) => match n.as_f64() {
            Some(x) if x.is_finite() && x <= LOGPROB_TOLERANCE => Some(x.min(0.0)),
            _ => {
                errors.push(FieldError::new(
                    loc,
                    "Input should be a finite log-probability less than or equal to 0",
                    "less_than_equal",
                ));
                None
            }
        },
        Some(_) => {
            errors.push(FieldError::new(
                loc,
                "Input should be a valid number",
                "float_type",
            ));
            None
        }
    }
}

/// Reads one `{token, logprob}` object at `loc`.
fn token_and_logprob(
    v: &Value,
    loc: &[LocItem],
    errors: &mut Vec<FieldError>,
) -> Option<(Map<String, Value>, String, f64)> {
    let o = object(v, loc, errors)?;
    let token = string_field(o, loc, "token", true, 0, MAX_TOKEN_CHARS, errors);
    let logprob = logprob_value(o.get("logprob"), at(loc, "logprob"), errors);
    Some((o.clone(), token?, logprob?))
}

/// Reads the optional `logprobs` member in the OpenAI chat `logprobs.content` shape (DESIGN §2.2):
/// absent/null, or 1..=[`MAX_LOGPROB_TOKENS`] objects `{token, logprob, top_logprobs?}` with
/// `token` a string of at most [`MAX_TOKEN_CHARS`] characters, `logprob` a finite number ≤ 0
/// (nats) and `top_logprobs` absent, null or at most [`MAX_TOP_LOGPROBS`] such pairs.
pub fn logprobs_field(
    obj: &Map<String, Value>,
    base: &[LocItem],
    errors: &mut Vec<FieldError>,
) -> Option<Vec<TokenLogprob>> {
    if matches!(obj.get("logprobs"), None | Some(Value::Null)) {
        return None;
    }
    let items = array_field(obj, base, "logprobs", 1, MAX_LOGPROB_TOKENS, errors)?;
    let loc = at(base, "logprobs");
    let before = errors.len();
    let mut out = Vec::with_capacity(items.len());
    for (i, v) in items.iter().enumerate() {
        let item_loc = at(&loc, i);
        let Some((o, token, logprob)) = token_and_logprob(v, &item_loc, errors) else {
            continue;
        };
        let mut top = Vec::new();
        if !matches!(o.get("top_logprobs"), None | Some(Value::Null)) {
            if let Some(alts) =
                array_field(&o, &item_loc, "top_logprobs", 0, MAX_TOP_LOGPROBS, errors)
            {
                let top_loc = at(&item_loc, "top_logprobs");
                for (j, a) in alts.iter().enumerate() {
                    if let Some((_, token, logprob)) =
                        token_and_logprob(a, &at(&top_loc, j), errors)
                    {
                        top.push(TopLogprob { token, logprob });
                    }
                }
            }
        }
        out.push(TokenLogprob {
            token,
            logprob,
            top_logprobs: top,
        });
    }
    (errors.len() == before).then_some(out)
}

/// Validates a /v1/audit body.
pub fn audit_request(v: &Value) -> Result<AuditRequest, Vec<FieldError>> {
    let mut errors = Vec::new();
    let r = audit_request_at(v, &["body".into()], &mut errors);
    match r {
        Some(r) if errors.is_empty() => Ok(r),
        _ => Err(errors),
    }
}

/// Validates a /v1/batch body: `items` is an array of 1..=100 AuditRequests.
pub fn batch_request(v: &Value) -> Result<BatchRequest, Vec<FieldError>> {
    let mut errors = Vec::new();
    let base: Vec<LocItem> = vec!["body".into()];
    let Some(obj) = object(v, &base, &mut errors) else {
        return Err(errors);
    };
    let loc = at(&base, "items");
    let items = match obj.get("items") {
        None | Some(Value::Null) => {
            errors.push(FieldError::new(loc, "Field required", "missing"));
            return Err(errors);
        }
        Some(Value::Array(a)) => a,
        Some(_) => {
            errors.push(FieldError::new(
                loc,
                "Input should be a valid list",
                "list_type",
            ));
            return Err(errors);
        }
    };
    if items.is_empty() {
        errors.push(FieldError::new(
            loc,
            "List should have at least 1 item after validation, not 0",
            "too_short",
        ));
        return Err(errors);
    }
    if items.len() > MAX_BATCH_ITEMS {
        errors.push(FieldError::new(
            loc,
            format!(
                "List should have at most {MAX_BATCH_ITEMS} items after validation, not {}",
                items.len()
            ),
            "too_long",
        ));
        return Err(errors);
    }
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        if let Some(r) = audit_request_at(item, &at(&loc, i), &mut errors) {
            out.push(r);
        }
    }
    if errors.is_empty() {
        Ok(BatchRequest { items: out })
    } else {
        Err(errors)
    }
}

/// Reads an array member of `min..=max` elements at `base + name`; records `missing`,
/// `list_type`, `too_short` or `too_long` otherwise.
fn array_field<'a>(
    obj: &'a Map<String, Value>,
    base: &[LocItem],
    name: &str,
    min: usize,
    max: usize,
    errors: &mut Vec<FieldError>,
) -> Option<&'a Vec<Value>> {
    let loc = at(base, name);
    match obj.get(name) {
        None | Some(Value::Null) => {
            errors.push(FieldError::new(loc, "Field required", "missing"));
            None
        }
        Some(Value::Array(a)) if a.len() < min => {
            errors.push(FieldError::new(
                loc,
                format!(
                    "List should have at least {min} item(s) after validation, not {}",
                    a.len()
                ),
                "too_short",
            ));
            None
        }
        Some(Value::Array(a)) if a.len() > max => {
            errors.push(FieldError::new(
                loc,
                format!(
                    "List should have at most {max} items after validation, not {}",
                    a.len()
                ),
                "too_long",
            ));
            None
        }
        Some(Value::Array(a)) => Some(a),
        Some(_) => {
            errors.push(FieldError::new(
                loc,
                "Input should be a valid list",
                "list_type",
            ));
            None
        }
    }
}

/// Validates a /v1/calibrate body (contract CalibrateRequest; DESIGN §3 "Validation"):
/// `text` 1..=20000 characters (required), `context` ≤ 100000 and `prompt` ≤ 20000 (DESIGN §2.7), `model_source` ≤ 500,
/// `feedback` ≤ 2000, `samples` and `logprobs` as in an audit ([`samples_field`],
/// [`logprobs_field`]), `ground_truth` absent/null or the JSON integer 0 or 1 (`0.0` and `1.0`
/// included: JSON Schema's `integer` is any number with a zero fractional part).
///
/// # Errors
/// Every failing field, at `["body", <field>]`: `ground_truth` that is not an integer (including
/// `true`, `"1"` and `1.5`) is `int_type`; an integer other than 0 and 1 is `literal_error`.
pub fn calibrate_request(v: &Value) -> Result<CalibrateRequest, Vec<FieldError>> {
    let mut errors = Vec::new();
    let base: Vec<LocItem> = vec!["body".into()];
    let Some(obj) = object(v, &base, &mut errors) else {
        return Err(errors);
    };
    let text = string_field(obj, &base, "text", true, 1, MAX_TEXT_CHARS, &mut errors);
    let context = string_field(
        obj,
        &base,
        "context",
        false,
        0,
        MAX_CONTEXT_CHARS,
        &mut errors,
    );
    let prompt = string_field(
        obj,
        &base,
        "prompt",
        false,
        0,
        MAX_PROMPT_CHARS,
        &mut errors,
    );
    let model_source = string_field(
        obj,
        &base,
        "model_source",
        false,
        0,
        MAX_MODEL_SOURCE_CHARS,
        &mut errors,
    );
    let feedback = string_field(
        obj,
        &base,
        "feedback",
        false,
        0,
        MAX_FEEDBACK_CHARS,
        &mut errors,
    );
    let samples = samples_field(obj, &base, &mut errors);
    let logprobs = logprobs_field(obj, &base, &mut errors);
    let ground_truth = match obj.get("ground_truth") {
        None | Some(Value::Null) => None,
        Some(Value::Number(n)) if n.as_f64().is_some_and(|f| f.fract() == 0.0) => {
            match n.as_f64() {
                Some(0.0) => Some(0u8),
                Some(1.0) => Some(1u8),
                _ => {
                    errors.push(FieldError::new(
                        at(&base, "ground_truth"),
                        "Input should be 0 or 1",
                        "literal_error",
                    ));
                    None
                }
            }
        }
        Some(_) => {
            errors.push(FieldError::new(
                at(&base, "ground_truth"),
                "Input should be a valid integer",
                "int_type",
            ));
            None
        }
    };
    match text {
        Some(text) if errors.is_empty() => Ok(CalibrateRequest {
            text,
            context,
            prompt,
            model_source,
            ground_truth,
            feedback,
            samples,
            logprobs,
        }),
        _ => Err(errors),
    }
}

/// Validates a /v1/compare body (contract CompareRequest; DESIGN §3 "Validation"): `prompt` a
/// string of at most 20000 characters (required), `responses` 2..=10 objects, each `{model,
/// text}` with `model` 1..=500 and `text` 1..=20000 characters. Duplicate model names are *not*
/// a schema error: see [`crate::compare::check_distinct_models`] (HTTP 400).
///
/// # Errors
/// Every failing field, with array indices in `loc` (e.g. `["body","responses",2,"text"]`).
pub fn compare_request(v: &Value) -> Result<CompareRequest, Vec<FieldError>> {
    let mut errors = Vec::new();
    let base: Vec<LocItem> = vec!["body".into()];
    let Some(obj) = object(v, &base, &mut errors) else {
        return Err(errors);
    };
    let prompt = string_field(obj, &base, "prompt", true, 0, MAX_PROMPT_CHARS, &mut errors);
    let mut responses = Vec::new();
    if let Some(items) = array_field(
        obj,
        &base,
        "responses",
        MIN_COMPARE_RESPONSES,
        MAX_COMPARE_RESPONSES,
        &mut errors,
    ) {
        let loc = at(&base, "responses");
        for (i, item) in items.iter().enumerate() {
            let item_loc = at(&loc, i);
            let Some(o) = object(item, &item_loc, &mut errors) else {
                continue;
            };
            let model = string_field(o, &item_loc, "model", true, 1, MAX_MODEL_CHARS, &mut errors);
            let text = string_field(o, &item_loc, "text", true, 1, MAX_TEXT_CHARS, &mut errors);
            let samples = samples_field(o, &item_loc, &mut errors);
            let logprobs = logprobs_field(o, &item_loc, &mut errors);
            if let (Some(model), Some(text)) = (model, text) {
                responses.push(CompareItem {
                    model,
                    text,
                    samples,
                    logprobs,
                });
            }
        }
    }
    match prompt {
        Some(prompt) if errors.is_empty() => Ok(CompareRequest { prompt, responses }),
        _ => Err(errors),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn accepts_text_only_and_ignores_unknown_fields() {
        let r = audit_request(&json!({"text": "Paris.", "extra": 1})).unwrap();
        assert_eq!(r.text, "Paris.");
        assert_eq!(r.context, None);
    }

    #[test]
    fn reports_missing_and_wrong_types_with_locations() {
        let e = audit_request(&json!({"context": 5})).unwrap_err();
        let kinds: Vec<_> = e.iter().map(|e| (e.loc.clone(), e.kind.as_str())).collect();
        assert!(kinds.contains(&(vec!["body".into(), "text".into()], "missing")));
        assert!(kinds.contains(&(vec!["body".into(), "context".into()], "string_type")));
    }

    #[test]
    fn length_limits_count_characters_not_bytes() {
        let ok = "é".repeat(MAX_TEXT_CHARS);
        assert!(audit_request(&json!({"text": ok})).is_ok());
        let long = "é".repeat(MAX_TEXT_CHARS + 1);
        let e = audit_request(&json!({"text": long})).unwrap_err();
        assert_eq!(e[0].kind, "string_too_long");
        let e = audit_request(&json!({"text": ""})).unwrap_err();
        assert_eq!(e[0].kind, "string_too_short");
    }

    #[test]
    fn batch_limits_and_item_locations() {
        let items: Vec<_> = (0..101).map(|_| json!({"text": "a"})).collect();
        let e = batch_request(&json!({"items": items})).unwrap_err();
        assert_eq!(e[0].kind, "too_long");
        assert_eq!(e[0].loc, vec![LocItem::from("body"), "items".into()]);
        let e = batch_request(&json!({"items": [{"text": "a"}, {"text": 3}]})).unwrap_err();
        assert_eq!(
            e[0].loc,
            vec![
                LocItem::from("body"),
                "items".into(),
                1usize.into(),
                "text".into()
            ]
        );
        assert_eq!(
            batch_request(&json!({"items": []})).unwrap_err()[0].kind,
            "too_short"
        );
        assert!(batch_request(&json!({"items": [{"text": "a"}]})).is_ok());
    }

    #[test]
    fn samples_and_logprobs_are_validated_with_locations() {
        let ok = audit_request(&json!({
            "text": "Paris",
            "samples": ["Paris", "Lyon"],
            "logprobs": [{"token": "Par", "logprob": -0.1, "bytes": [80], "top_logprobs": [{"token": "Par", "logprob": -0.1}, {"token": "Ly", "logprob": -2.5}]},
                         {"token": "is", "logprob": 0.0000001}]
        }))
        .unwrap();
        assert_eq!(ok.samples.as_ref().unwrap().len(), 2);
        let lp = ok.logprobs.unwrap();
        assert_eq!(
            (
                lp[0].top_logprobs.len(),
                lp[1].logprob,
                lp[1].top_logprobs.len()
            ),
            (2, 0.0, 0)
        );
        let loc = |e: &FieldError| {
            e.loc
                .iter()
                .map(|l| match l {
                    LocItem::Field(f) => f.clone(),
                    LocItem::Index(i) => i.to_string(),
                })
                .collect::<Vec<_>>()
                .join(".")
        };
        let cases = [
            (
                json!({"text": "a", "samples": []}),
                "body.samples",
                "too_short",
            ),
            (
                json!({"text": "a", "samples": vec!["x"; MAX_SAMPLES + 1]}),
                "body.samples",
                "too_long",
            ),
            (
                json!({"text": "a", "samples": ["x", "é".repeat(MAX_TEXT_CHARS + 1)]}),
                "body.samples.1",
                "string_too_long",
            ),
            (
                json!({"text": "a", "samples": ["x", 3]}),
                "body.samples.1",
                "string_type",
            ),
            (
                json!({"text": "a", "samples": "x"}),
                "body.samples",
                "list_type",
            ),
            (
                json!({"text": "a", "logprobs": []}),
                "body.logprobs",
                "too_short",
            ),
            (
                json!({"text": "a", "logprobs": [{"token": "a"}]}),
                "body.logprobs.0.logprob",
                "missing",
            ),
            (
                json!({"text": "a", "logprobs": [{"token": "a", "logprob": 0.5}]}),
                "body.logprobs.0.logprob",
                "less_than_equal",
            ),
            (
                json!({"text": "a", "logprobs": [{"token": "a", "logprob": "x"}]}),
                "body.logprobs.0.logprob",
                "float_type",
            ),
            (
                json!({"text": "a", "logprobs": [{"logprob": -1}]}),
                "body.logprobs.0.token",
                "missing",
            ),
            (
                json!({"text": "a", "logprobs": [5]}),
                "body.logprobs.0",
                "dict_type",
            ),
            (
                json!({"text": "a", "logprobs": [{"token": "a", "logprob": -1, "top_logprobs": [{"token": "b", "logprob": 1}]}]}),
                "body.logprobs.0.top_logprobs.0.logprob",
                "less_than_equal",
            ),
            (
                json!({"text": "a", "logprobs": [{"token": "a", "logprob": -1, "top_logprobs": {}}]}),
                "body.logprobs.0.top_logprobs",
                "list_type",
            ),
        ];
        for (body, want_loc, want_kind) in cases {
            let e = audit_request(&body).unwrap_err();
            assert_eq!(
                (loc(&e[0]), e[0].kind.as_str()),
                (want_loc.to_string(), want_kind),
                "{body}"
            );
        }
        let huge = json!({"text": "a", "logprobs": [{"token": "a", "logprob": -1e308}]});
        assert!(
            audit_request(&huge).is_ok(),
            "very unlikely tokens are valid"
        );
        let e = compare_request(&json!({"prompt": "q", "responses": [{"model": "a", "text": "x", "samples": [1]}, {"model": "b", "text": "y"}]})).unwrap_err();
        assert_eq!(loc(&e[0]), "body.responses.0.samples.0");
    }

    #[test]
    fn invalid_json_is_a_body_error() {
        let e = parse_json(b"{\"text\": ").unwrap_err();
        assert_eq!(e[0].kind, "json_invalid");
        let e = audit_request(&json!([1, 2])).unwrap_err();
        assert_eq!(e[0].kind, "dict_type");
    }

    #[test]
    fn calibrate_ground_truth_must_be_zero_or_one() {
        let ok =
            calibrate_request(&json!({"text": "a", "ground_truth": 1, "feedback": "x"})).unwrap();
        assert_eq!(
            (ok.ground_truth, ok.feedback.as_deref()),
            (Some(1), Some("x"))
        );
        assert_eq!(
            calibrate_request(&json!({"text": "a", "ground_truth": null}))
                .unwrap()
                .ground_truth,
            None
        );
        // An integral float is a JSON Schema integer.
        assert_eq!(
            calibrate_request(&json!({"text": "a", "ground_truth": 0.0}))
                .unwrap()
                .ground_truth,
            Some(0)
        );
        assert_eq!(
            calibrate_request(&json!({"text": "a", "ground_truth": 1.0}))
                .unwrap()
                .ground_truth,
            Some(1)
        );
        for (gt, kind) in [
            (json!(2), "literal_error"),
            (json!(-1), "literal_error"),
            (json!(true), "int_type"),
            (json!("1"), "int_type"),
            (json!(0.5), "int_type"),
            (json!(2.0), "literal_error"),
        ] {
            let e = calibrate_request(&json!({"text": "a", "ground_truth": gt})).unwrap_err();
            assert_eq!(
                (e[0].loc.clone(), e[0].kind.as_str()),
                (vec![LocItem::from("body"), "ground_truth".into()], kind),
                "{gt}"
            );
        }
        // Evidence is validated as in an audit.
        let ok = calibrate_request(&json!({"text": "a", "ground_truth": 1, "samples": ["b"], "logprobs": [{"token": "a", "logprob": -0.1}]})).unwrap();
        assert_eq!(ok.audit_request().samples, Some(vec!["b".to_string()]));
        assert_eq!(ok.audit_request().logprobs.map(|l| l.len()), Some(1));
        let e = calibrate_request(
            &json!({"text": "a", "samples": [1], "logprobs": [{"token": "a", "logprob": 1.5}]}),
        )
        .unwrap_err();
        let locs: Vec<_> = e.iter().map(|e| e.loc.clone()).collect();
        assert!(
            locs.contains(&vec![LocItem::from("body"), "samples".into(), 0.into()]),
            "{locs:?}"
        );
        assert!(
            locs.contains(&vec![
                LocItem::from("body"),
                "logprobs".into(),
                0.into(),
                "logprob".into()
            ]),
            "{locs:?}"
        );
        let e = calibrate_request(
            &json!({"text": "", "feedback": "f".repeat(MAX_FEEDBACK_CHARS + 1), "model_source": 3}),
        )
        .unwrap_err();
        let locs: Vec<_> = e
            .iter()
            .map(|e| (e.loc[1].clone(), e.kind.clone()))
            .collect();
        assert!(
            locs.contains(&("text".into(), "string_too_short".into())),
            "{locs:?}"
        );
        assert!(
            locs.contains(&("feedback".into(), "string_too_long".into())),
            "{locs:?}"
        );
        assert!(
            locs.contains(&("model_source".into(), "string_type".into())),
            "{locs:?}"
        );
    }

    #[test]
    fn compare_shapes_and_locations() {
        let two = json!([{"model": "a", "text": "x"}, {"model": "b", "text": "y"}]);
        let ok = compare_request(&json!({"prompt": "q", "responses": two})).unwrap();
        assert_eq!(ok.responses.len(), 2);
        let e = compare_request(&json!({"responses": two})).unwrap_err();
        assert_eq!(
            (e[0].loc[1].clone(), e[0].kind.as_str()),
            ("prompt".into(), "missing")
        );
        let e =
            compare_request(&json!({"prompt": "q", "responses": [{"model": "a", "text": "x"}]}))
                .unwrap_err();
        assert_eq!(e[0].kind, "too_short");
        let eleven: Vec<_> = (0..11)
            .map(|i| json!({"model": format!("m{i}"), "text": "x"}))
            .collect();
        assert_eq!(
            compare_request(&json!({"prompt": "q", "responses": eleven})).unwrap_err()[0].kind,
            "too_long"
        );
        let e = compare_request(&json!({"prompt": "q", "responses": [{"model": "a", "text": "x"}, {"model": "", "text": 5}]})).unwrap_err();
        let locs: Vec<_> = e.iter().map(|e| e.loc.clone()).collect();
        assert!(locs.contains(&vec![
            LocItem::from("body"),
            "responses".into(),
            1usize.into(),
            "model".into()
        ]));
        assert!(locs.contains(&vec![
            LocItem::from("body"),
            "responses".into(),
            1usize.into(),
            "text".into()
        ]));
        assert_eq!(
            compare_request(&json!({"prompt": "q", "responses": "no"})).unwrap_err()[0].kind,
            "list_type"
        );
        assert_eq!(
            compare_request(&json!({"prompt": "q", "responses": [1, 2]})).unwrap_err()[0].kind,
            "dict_type"
        );
    }
}
