//! The core scorer on arbitrary input: `Scorer::audit` with text, prompt and context cut from the
//! fuzzer's bytes at arbitrary positions (so multi-byte characters are split and replaced, as
//! a lossy decoder would), and, when the bytes are a valid /v1/audit body (samples, logprobs,
//! huge or tiny numbers included), the validated request itself. The property: no panic, and
//! every probability in [0, 1] with the interval around the height.
#![no_main]

use epistemic_audit_core::{validate, AuditRequest, AuditResult, Mode, Scorer};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn scorer() -> &'static Scorer {
    static SCORER: OnceLock<Scorer> = OnceLock::new();
    SCORER.get_or_init(Scorer::embedded)
}

fn check(r: &AuditResult) {
    for (name, x) in [
        ("q1", r.q1),
        ("q2", r.q2),
        ("height", r.height),
        ("ece", r.ece),
        ("brier", r.brier),
    ] {
        assert!((0.0..=1.0).contains(&x), "{name} = {x} outside [0, 1]");
    }
    let [lo, hi] = r.confidence_interval;
    assert!(
        lo <= r.height && r.height <= hi,
        "interval [{lo}, {hi}] vs height {}",
        r.height
    );
}

fuzz_target!(|data: &[u8]| {
    let s = scorer();
    if let Ok(value) = validate::parse_json(data) {
        if let Ok(req) = validate::audit_request(&value) {
            check(&s.audit(&req, Mode::Managed, 0.0));
        }
        return;
    }
    if data.len() < 3 {
        return;
    }
    // Byte 0 says which parts are present, bytes 1-2 where the text ends and the prompt begins.
    let (flags, rest) = (data[0], &data[3..]);
    let cut1 = (data[1] as usize * rest.len()) / 256;
    let cut2 = cut1 + ((data[2] as usize * (rest.len() - cut1)) / 256);
    let text = String::from_utf8_lossy(&rest[..cut1]).into_owned();
    let prompt = String::from_utf8_lossy(&rest[cut1..cut2]).into_owned();
    let context = String::from_utf8_lossy(&rest[cut2..]).into_owned();
    let req = AuditRequest {
        text,
        prompt: (flags & 1 != 0).then_some(prompt),
        context: (flags & 2 != 0).then_some(context),
        model_source: (flags & 4 != 0).then(|| "fuzz-model".to_string()),
        ..Default::default()
    };
    check(&s.audit(&req, Mode::Managed, 0.0));
});
