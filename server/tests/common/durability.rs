//! The feedback durability scenario shared by the SQLite and PostgreSQL tests (issue 3
//! acceptance): 500 labels through /v1/calibrate change one model_source's calibrator; after
//! `kill -9` and a restart on the same store every label is there and the reported ECE is the
//! one computed from them.

use super::*;
use epistemic_audit_core::recalibration::{ScopeCalibration, MIN_ISOTONIC_LABELS};
use epistemic_audit_core::{Scorer, TaskKind};
use serde_json::json;
use std::time::Duration;

/// Number of labels posted.
pub const LABELS: usize = 500;

/// The scope the scenario fills.
pub fn scope(model: &str) -> String {
    format!("intrinsic/open/{model}")
}

fn scope_entry(report: &Value, scope: &str) -> Value {
    report["scopes"]
        .as_array()
        .expect("scopes")
        .iter()
        .find(|s| s["scope"] == scope)
        .cloned()
        .unwrap_or_else(|| panic!("no scope {scope} in {report}"))
}

/// Runs the scenario against servers started with `env` (+ a key); `stored_labels` reads the
/// store directly and returns its (raw_confidence, correct) rows of the scope, in id order.
pub fn run(env: &[(&str, &str)], model: &str, stored_labels: impl Fn() -> Vec<(f64, bool)>) {
    let mut env: Vec<(&str, &str)> = env.to_vec();
    env.push(("AG_API_KEY_SECRET", "k"));
    let key = ("X-API-Key", "k");
    let mut s = Server::start(&env, &[]);
    let scope = scope(model);

    let before = get_calibration(&s, key);
    assert_eq!(
        before["scopes"].as_array().unwrap().len(),
        4,
        "only reference scopes at first: {before}"
    );

    let mut adjustments = Vec::new();
    for i in 0..LABELS {
        // Clients rotate addresses: 100 calibrations per minute per IP is the contract's limit.
        let ip = format!("198.18.7.{}", i / 100);
        let text = format!(
            "Answer {i}: the {} was built in {} by {} engineers.",
            ["bridge", "tower", "dam", "canal", "tunnel"][i % 5],
            1800 + (i * 7) % 200,
            ["French", "local", "Roman", "unknown", "many"][i % 5]
        );
        let r = post_json(
            &s.url("/v1/calibrate"),
            &[key, ("X-Forwarded-For", &ip)],
            &json!({"text": text, "prompt": "Who built it and when?", "model_source": model, "ground_truth": u8::from(i % 10 < 7)}),
        );
        assert_eq!(r.status, 200, "label {i}: {}", r.body);
        let v = r.json();
        assert_eq!(v["feedback_recorded"], true);
        adjustments.push(v["calibration_adjustment"].as_f64().unwrap());
    }
    // Labels 1..49 change nothing; the 50th triggers the first (Platt) fit, which moves heights.
    assert!(
        adjustments[..49].iter().all(|&a| a == 0.0),
        "{:?}",
        &adjustments[..49]
    );
    assert!(
        adjustments[49] != 0.0,
        "the 50th label refits: {}",
        adjustments[49]
    );

    let report = get_calibration(&s, key);
    let entry = scope_entry(&report, &scope);
    assert_eq!(entry["source"], "feedback", "{entry}");
    assert_eq!(entry["n"], LABELS as u64, "{entry}");
    assert_eq!(entry["labels"], LABELS as u64, "{entry}");
    assert_eq!(
        entry["method"],
        if LABELS >= MIN_ISOTONIC_LABELS {
            "isotonic"
        } else {
            "platt"
        }
    );
    assert_eq!(entry["bins"].as_array().unwrap().len(), 15);
    let ece = entry["ece"].as_f64().unwrap();

    // /v1/audit for that model now reports the feedback calibration.
    let audit = post_json(
        &s.url("/v1/audit"),
        &[key],
        &json!({"text": "The bridge was built in 1850 by French engineers.", "prompt": "Who built it and when?", "model_source": model}),
    )
    .json();
    assert_eq!(
        audit["metadata"]["calibration"]["source"], "feedback",
        "{audit}"
    );
    assert_eq!(audit["metadata"]["calibration"]["n"], LABELS as u64);
    assert_eq!(audit["metadata"]["calibration"]["scope"], scope.as_str());
    assert_eq!(audit["ece"].as_f64(), Some(ece));
    // Other models keep the reference.
    let other = post_json(
        &s.url("/v1/audit"),
        &[key],
        &json!({"text": "The bridge was built in 1850.", "model_source": "someone-else"}),
    )
    .json();
    assert_eq!(other["metadata"]["calibration"]["source"], "reference");

    // kill -9: no shutdown handler runs.
    s.signal("KILL");
    s.wait_exit(Duration::from_secs(10)).expect("killed");
    let rows = stored_labels();
    assert_eq!(
        rows.len(),
        LABELS,
        "every acknowledged label is in the store after kill -9"
    );
    assert_eq!(rows.iter().filter(|r| r.1).count(), LABELS * 7 / 10);

    // The ECE the service reports is the cross-fitted ECE of exactly these labels.
    let scorer = Scorer::embedded();
    let (raw, y): (Vec<f64>, Vec<bool>) = rows.into_iter().unzip();
    let refit = ScopeCalibration::fit(&scope, scorer.model(TaskKind::Open), &raw, &y)
        .unwrap()
        .unwrap();
    assert!(
        (refit.ece - ece).abs() < 1e-9,
        "recomputed {} vs reported {ece}",
        refit.ece
    );

    let s2 = Server::start(&env, &[]);
    let after = scope_entry(&get_calibration(&s2, key), &scope);
    assert_eq!(after["source"], "feedback", "{after}");
    assert_eq!(after["n"], LABELS as u64);
    assert_eq!(after["labels"], LABELS as u64);
    assert!(
        (after["ece"].as_f64().unwrap() - ece).abs() < 1e-12,
        "{after}"
    );
    let audit2 = post_json(
        &s2.url("/v1/audit"),
        &[key],
        &json!({"text": "The bridge was built in 1850 by French engineers.", "prompt": "Who built it and when?", "model_source": model}),
    )
    .json();
    assert_eq!(audit2["metadata"]["calibration"]["source"], "feedback");
    assert_eq!(
        audit2["height"], audit["height"],
        "same calibrator after the restart"
    );
}

/// GET /v1/calibration with the key.
pub fn get_calibration(s: &Server, key: (&str, &str)) -> Value {
    let r = request("GET", &s.url("/v1/calibration"), &[key], None);
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}
