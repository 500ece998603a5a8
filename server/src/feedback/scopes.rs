//! Which `model_source` values get a calibration scope of their own: at most MAX_MODEL_SCOPES
//! (default [`DEFAULT_MAX_MODEL_SCOPES`]), so that a client choosing model names cannot grow the
//! registry, the refit bookkeeping or the metrics without bound.
//!
//! The rule:
//! * a model is **admitted** when a label of it is stored while fewer than MAX_MODEL_SCOPES
//!   models are admitted (at start-up: the models with stored labels, most labels first, then
//!   by name); an admitted model keeps its scopes `<tier>/<task>/<model>` for the process's life;
//! * once MAX_MODEL_SCOPES models are admitted, labels of any other model are filed in the shared
//!   scope `<tier>/<task>/*` (the scope of requests that name no model), and audits of such a
//!   model are calibrated by that shared scope too — the same scope its labels went to;
//! * below the cap, an audit of a model without labels is served as before: by its own (empty)
//!   scope, i.e. its intrinsic scope or the reference.
//!
//! `/v1/compare` names each answer's model itself (`core::compare`) and is not remapped: there a
//! model beyond the cap, having no scope of its own, is served by the reference calibrator.

use std::collections::HashSet;
use std::sync::RwLock;

/// Default of MAX_MODEL_SCOPES.
pub const DEFAULT_MAX_MODEL_SCOPES: usize = 100;

/// The model part of the ECE gauge's `scope` label for per-model scopes
/// (`<tier>/<task>/per-model`): model names are client-chosen and never a label value.
pub const PER_MODEL: &str = "per-model";

/// The admitted models (at most `max`).
#[derive(Debug)]
pub struct ModelScopes {
    max: usize,
    admitted: RwLock<HashSet<String>>,
}

/// The model part of a request: `None` for absent or empty (the shared `*` scope).
fn named(model_source: Option<&str>) -> Option<&str> {
    model_source.filter(|m| !m.is_empty())
}

impl ModelScopes {
    /// No model admitted yet; at most `max` will be (0 = every model shares `*`).
    pub fn new(max: usize) -> Self {
        ModelScopes {
            max,
            admitted: RwLock::new(HashSet::new()),
        }
    }

    /// The configured cap (MAX_MODEL_SCOPES).
    pub fn max(&self) -> usize {
        self.max
    }

    /// Number of admitted models (≤ [`ModelScopes::max`]).
    pub fn len(&self) -> usize {
        self.read().len()
    }

    /// True when no model is admitted.
    pub fn is_empty(&self) -> bool {
        self.read().is_empty()
    }

    /// True when `model` has a scope of its own.
    pub fn is_admitted(&self, model: &str) -> bool {
        self.read().contains(model)
    }

    /// The model a **label** of `model_source` is filed under: the model itself when it is
    /// admitted or can be admitted now (it then is), else `None` — the shared `*` scope.
    pub fn admit<'a>(&self, model_source: Option<&'a str>) -> Option<&'a str> {
        let model = named(model_source)?;
        if self.is_admitted(model) {
            return Some(model);
        }
        let mut admitted = self
            .admitted
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if admitted.contains(model) || admitted.len() < self.max {
            admitted.insert(model.to_string());
            Some(model)
        } else {
            None
        }
    }

    /// The model an **audit** of `model_source` is calibrated as: the model itself when admitted
    /// or while the cap is not reached (a model without labels has an empty scope of its own);
    /// `None` — the shared `*` scope, where its labels go — for a model beyond the cap.
    pub fn lookup<'a>(&self, model_source: Option<&'a str>) -> Option<&'a str> {
        let model = named(model_source)?;
        let admitted = self.read();
        (admitted.contains(model) || admitted.len() < self.max).then_some(model)
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, HashSet<String>> {
        self.admitted
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The model part of a scope name `<tier>/<task>/<model>` (`None` for `*` and for the reference
/// scopes `<tier>/<task>`). Model names may contain `/`: everything after the second `/` is the
/// model.
pub fn scope_model(scope: &str) -> Option<&str> {
    scope.splitn(3, '/').nth(2).filter(|m| *m != "*")
}

/// The `<tier>/<task>` part of a scope name.
pub fn scope_tier_task(scope: &str) -> &str {
    match scope.match_indices('/').nth(1) {
        Some((i, _)) => &scope[..i],
        None => scope,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn models_beyond_the_cap_share_the_star_scope() {
        let s = ModelScopes::new(2);
        assert_eq!(s.admit(None), None);
        assert_eq!(s.admit(Some("")), None, "empty = no model");
        assert_eq!(
            s.lookup(Some("c")),
            Some("c"),
            "below the cap: its own (empty) scope"
        );
        assert_eq!(s.admit(Some("a")), Some("a"));
        assert_eq!(s.admit(Some("b")), Some("b"));
        assert_eq!(s.admit(Some("a")), Some("a"), "admitted once");
        assert_eq!(s.len(), 2);
        // Full: a third model's labels and audits go to `*`; the admitted keep theirs.
        assert_eq!(s.admit(Some("c")), None);
        assert_eq!(s.lookup(Some("c")), None);
        assert_eq!(s.lookup(Some("b")), Some("b"));
        assert_eq!(s.len(), 2);
        for i in 0..1000 {
            assert_eq!(s.admit(Some(&format!("m{i}"))), None);
        }
        assert_eq!(s.len(), 2, "bounded whatever the clients send");
        let none = ModelScopes::new(0);
        assert_eq!(none.admit(Some("a")), None);
        assert_eq!(none.lookup(Some("a")), None);
    }

    #[test]
    fn scope_names() {
        assert_eq!(scope_model("intrinsic/qa/gpt-4o"), Some("gpt-4o"));
        assert_eq!(
            scope_model("samples/open/org/model-7b"),
            Some("org/model-7b")
        );
        assert_eq!(scope_model("intrinsic/qa/*"), None);
        assert_eq!(scope_model("intrinsic/qa"), None);
        assert_eq!(scope_tier_task("samples/open/org/model-7b"), "samples/open");
        assert_eq!(scope_tier_task("intrinsic/qa"), "intrinsic/qa");
    }
}
