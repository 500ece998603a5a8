//! Request parsing on arbitrary bytes: `validate::parse_json` (the body as received, any bytes,
//! invalid UTF-8 included) and, when it is JSON, every request validator of the HTTP API
//! (`audit_request`, `batch_request`, `compare_request`, `calibrate_request`). The property is
//! that none of them panics, and that an accepted request keeps the documented bounds.
#![no_main]

use epistemic_audit_core::validate;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(value) = validate::parse_json(data) else {
        return;
    };
    if let Ok(req) = validate::audit_request(&value) {
        assert!(!req.text.is_empty(), "an accepted audit has a text");
    }
    if let Ok(req) = validate::batch_request(&value) {
        assert!((1..=100).contains(&req.items.len()), "1..=100 batch items");
    }
    let _ = validate::compare_request(&value);
    if let Ok(req) = validate::calibrate_request(&value) {
        assert!(
            req.ground_truth.is_none_or(|g| g <= 1),
            "ground_truth is 0 or 1"
        );
    }
});
