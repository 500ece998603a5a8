//! Validation of untrusted request bodies, reporting every failing field with its location.
//!
//! The error list has the contract's ValidationError shape (`detail[] = {loc, msg, type}`,
//! interface 1.1.0 "Errors", HTTP 422); `loc` starts with `"body"` and continues with field names
//! and array indices. Limits are DESIGN §3 "Validation". Unknown fields are ignored (DESIGN §2).

use crate::types::{AuditRequest, BatchRequest};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Most characters (Unicode scalar values) in `text`.
pub const MAX_TEXT_CHARS: usize = 10_000;
/// Most characters in `context`.
pub const MAX_CONTEXT_CHARS: usize = 5_000;
/// Most characters in `prompt`.
pub const MAX_PROMPT_CHARS: usize = 5_000;
/// Most characters in `model_source`.
pub const MAX_MODEL_SOURCE_CHARS: usize = 500;
/// Most items in a batch.
pub const MAX_BATCH_ITEMS: usize = 100;

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
        FieldError { loc, msg: msg.into(), kind: kind.to_string() }
    }
}

/// Parses a request body as JSON; on failure a single `json_invalid` error at `["body"]` that
/// names the line and column.
pub fn parse_json(bytes: &[u8]) -> Result<Value, Vec<FieldError>> {
    serde_json::from_slice(bytes).map_err(|e| {
        vec![FieldError::new(vec!["body".into()], format!("JSON decode error: {e}"), "json_invalid")]
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
            errors.push(FieldError::new(at(base, name), "Input should be a valid string", "string_type"));
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
            errors.push(FieldError::new(loc.to_vec(), "Input should be a valid object", "dict_type"));
            None
        }
    }
}

/// Validates an AuditRequest at `loc` (e.g. `["body"]` or `["body","items",3]`).
pub fn audit_request_at(v: &Value, loc: &[LocItem], errors: &mut Vec<FieldError>) -> Option<AuditRequest> {
    let obj = object(v, loc, errors)?;
    let before = errors.len();
    let text = string_field(obj, loc, "text", true, 1, MAX_TEXT_CHARS, errors);
    let context = string_field(obj, loc, "context", false, 0, MAX_CONTEXT_CHARS, errors);
    let prompt = string_field(obj, loc, "prompt", false, 0, MAX_PROMPT_CHARS, errors);
    let model_source = string_field(obj, loc, "model_source", false, 0, MAX_MODEL_SOURCE_CHARS, errors);
    if errors.len() > before {
        return None;
    }
    Some(AuditRequest { text: text?, context, prompt, model_source })
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
    let Some(obj) = object(v, &base, &mut errors) else { return Err(errors) };
    let loc = at(&base, "items");
    let items = match obj.get("items") {
        None | Some(Value::Null) => {
            errors.push(FieldError::new(loc, "Field required", "missing"));
            return Err(errors);
        }
        Some(Value::Array(a)) => a,
        Some(_) => {
            errors.push(FieldError::new(loc, "Input should be a valid list", "list_type"));
            return Err(errors);
        }
    };
    if items.is_empty() {
        errors.push(FieldError::new(loc, "List should have at least 1 item after validation, not 0", "too_short"));
        return Err(errors);
    }
    if items.len() > MAX_BATCH_ITEMS {
        errors.push(FieldError::new(
            loc,
            format!("List should have at most {MAX_BATCH_ITEMS} items after validation, not {}", items.len()),
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
        assert_eq!(e[0].loc, vec![LocItem::from("body"), "items".into(), 1usize.into(), "text".into()]);
        assert_eq!(batch_request(&json!({"items": []})).unwrap_err()[0].kind, "too_short");
        assert!(batch_request(&json!({"items": [{"text": "a"}]})).is_ok());
    }

    #[test]
    fn invalid_json_is_a_body_error() {
        let e = parse_json(b"{\"text\": ").unwrap_err();
        assert_eq!(e[0].kind, "json_invalid");
        let e = audit_request(&json!([1, 2])).unwrap_err();
        assert_eq!(e[0].kind, "dict_type");
    }
}
