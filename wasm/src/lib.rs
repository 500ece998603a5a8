//! WebAssembly binding of [`epistemic_audit_core`] (wasm-bindgen + serde-wasm-bindgen).
//!
//! A thin layer: JavaScript objects in, the same JSON shapes as the HTTP service out. Validation
//! errors become exceptions naming the field (`{loc, msg, type}` list, as the service's 422).

use epistemic_audit_core::{validate, Mode, Scorer};
use wasm_bindgen::prelude::*;

/// An auditor holding the embedded reference model (build once, reuse).
#[wasm_bindgen]
pub struct Auditor {
    scorer: Scorer,
}

#[wasm_bindgen]
impl Auditor {
    /// Loads the embedded model.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Auditor {
        Auditor { scorer: Scorer::embedded() }
    }

    /// Audits one request object `{text, context?, prompt?, model_source?}` and returns an
    /// AuditResult object (`mode` = "local", `upstream_latency_ms` = 0). Throws the list of
    /// validation errors when the request is malformed.
    pub fn audit(&self, request: JsValue) -> Result<JsValue, JsValue> {
        let value: serde_json::Value =
            serde_wasm_bindgen::from_value(request).map_err(|e| JsValue::from_str(&e.to_string()))?;
        let req = validate::audit_request(&value).map_err(|errs| {
            serde_wasm_bindgen::to_value(&errs).unwrap_or_else(|e| JsValue::from_str(&e.to_string()))
        })?;
        let result = self.scorer.audit(&req, Mode::Local, 0.0);
        result.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(|e| JsValue::from_str(&e.to_string()))
    }
}

impl Default for Auditor {
    fn default() -> Self {
        Auditor::new()
    }
}

use serde::Serialize;
