//! GET /metrics against the real binary (issue 3 item 3; DESIGN §3 "Metrics"): the exposition is
//! parsed by a real Prometheus text parser — Python's
//! `prometheus_client.parser.text_string_to_metric_families` (`pip install prometheus_client`) —
//! and the counters must move with the requests made.

mod common;
use common::*;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// Parses the exposition with prometheus_client and prints one JSON object:
/// `{"families": {name: {type, help}}, "samples": [[name, labels, value], ...]}`.
const PARSER: &str = r#"
import json, math, sys
from prometheus_client.parser import text_string_to_metric_families
fams, samples = {}, []
for fam in text_string_to_metric_families(sys.stdin.read()):
    fams[fam.name] = {"type": fam.type, "help": fam.documentation}
    for s in fam.samples:
        v = s.value
        samples.append([s.name, s.labels, "+Inf" if v == math.inf else v])
print(json.dumps({"families": fams, "samples": samples}))
"#;

struct Scrape {
    families: BTreeMap<String, (String, String)>,
    samples: Vec<(String, BTreeMap<String, String>, f64)>,
}

impl Scrape {
    fn take(s: &Server) -> Scrape {
        let r = get(&s.url("/metrics"));
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(
            r.header("content-type"),
            Some("text/plain; version=0.0.4; charset=utf-8")
        );
        let out = python3(
            "prometheus_client",
            "prometheus_client",
            PARSER,
            r.body.as_bytes(),
        );
        let v: Value = serde_json::from_str(&out).unwrap();
        let families = v["families"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, f)| {
                (
                    k.clone(),
                    (
                        f["type"].as_str().unwrap().to_string(),
                        f["help"].as_str().unwrap().to_string(),
                    ),
                )
            })
            .collect();
        let samples = v["samples"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                let labels = s[1]
                    .as_object()
                    .unwrap()
                    .iter()
                    .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string()))
                    .collect();
                let value = s[2].as_f64().unwrap_or(f64::INFINITY);
                (s[0].as_str().unwrap().to_string(), labels, value)
            })
            .collect();
        Scrape { families, samples }
    }

    /// Sum of the samples named `name` whose labels include all of `want`.
    fn sum(&self, name: &str, want: &[(&str, &str)]) -> f64 {
        self.samples
            .iter()
            .filter(|(n, l, _)| {
                n == name
                    && want
                        .iter()
                        .all(|(k, v)| l.get(*k).map(String::as_str) == Some(*v))
            })
            .map(|(_, _, v)| v)
            .sum()
    }

    fn has(&self, name: &str, want: &[(&str, &str)]) -> bool {
        self.samples.iter().any(|(n, l, _)| {
            n == name
                && want
                    .iter()
                    .all(|(k, v)| l.get(*k).map(String::as_str) == Some(*v))
        })
    }
}

#[test]
fn counters_move_and_every_series_parses() {
    let s = Server::start(&[("AG_API_KEY_SECRET", "metrics-key")], &[]);
    let key = ("X-API-Key", "metrics-key");
    let ip = ("X-Forwarded-For", "203.0.113.77");
    let before = Scrape::take(&s);

    for _ in 0..3 {
        assert_eq!(get(&s.url("/health")).status, 200);
    }
    for text in ["Paris is the capital of France.", "I think it may be 42."] {
        let r = post_json(&s.url("/v1/audit"), &[key, ip], &json!({ "text": text }));
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let items: Vec<_> = (0..3)
        .map(|i| json!({"text": format!("Answer {i}.")}))
        .collect();
    assert_eq!(
        post_json(&s.url("/v1/batch"), &[key, ip], &json!({ "items": items })).status,
        200
    );
    // 401, 403, 422 and 404 are counted by route and status too.
    assert_eq!(
        post_json(&s.url("/v1/audit"), &[ip], &json!({"text": "a"})).status,
        401
    );
    assert_eq!(
        post_json(
            &s.url("/v1/audit"),
            &[("X-API-Key", "wrong"), ip],
            &json!({"text": "a"})
        )
        .status,
        403
    );
    assert_eq!(
        post_json(&s.url("/v1/audit"), &[key, ip], &json!({})).status,
        422
    );
    assert_eq!(get(&s.url("/no/such/path")).status, 404);
    // 19 more batches fill the pool of 20; the next one is rate limited.
    let one = json!({"items": [{"text": "Paris."}]});
    for _ in 0..19 {
        assert_eq!(post_json(&s.url("/v1/batch"), &[key, ip], &one).status, 200);
    }
    assert_eq!(post_json(&s.url("/v1/batch"), &[key, ip], &one).status, 429);

    let after = Scrape::take(&s);
    let delta =
        |name: &str, labels: &[(&str, &str)]| after.sum(name, labels) - before.sum(name, labels);
    let req = "epistemic_audit_http_requests_total";
    assert_eq!(delta(req, &[("route", "/health"), ("status", "200")]), 3.0);
    assert_eq!(
        delta(req, &[("route", "/v1/audit"), ("status", "200")]),
        2.0
    );
    assert_eq!(
        delta(req, &[("route", "/v1/audit"), ("status", "401")]),
        1.0
    );
    assert_eq!(
        delta(req, &[("route", "/v1/audit"), ("status", "403")]),
        1.0
    );
    assert_eq!(
        delta(req, &[("route", "/v1/audit"), ("status", "422")]),
        1.0
    );
    assert_eq!(
        delta(req, &[("route", "/v1/batch"), ("status", "200")]),
        20.0
    );
    assert_eq!(
        delta(req, &[("route", "/v1/batch"), ("status", "429")]),
        1.0
    );
    // Unknown paths share one label value (the raw path is never a label).
    assert_eq!(
        delta(req, &[("route", "unmatched"), ("status", "404")]),
        1.0
    );
    assert!(!after.has(req, &[("route", "/no/such/path")]));
    // The scrape before counts as a /metrics request.
    assert!(after.sum(req, &[("route", "/metrics"), ("status", "200")]) >= 1.0);
    assert_eq!(
        delta(
            "epistemic_audit_http_request_duration_seconds_count",
            &[("route", "/health")]
        ),
        3.0
    );

    // Audits: 2 single + 3 in the first batch + 19 one-item batches = 24, all intrinsic/managed.
    let audits = 2.0 + 3.0 + 19.0;
    assert_eq!(delta("epistemic_audit_audits_total", &[]), audits);
    assert_eq!(
        delta(
            "epistemic_audit_audits_total",
            &[("tier", "intrinsic"), ("mode", "managed")]
        ),
        audits
    );
    for h in [
        "epistemic_audit_q1",
        "epistemic_audit_q2",
        "epistemic_audit_height",
    ] {
        assert_eq!(delta(&format!("{h}_count"), &[]), audits, "{h}");
        let sum = after.sum(&format!("{h}_sum"), &[]);
        assert!((0.0..=audits).contains(&sum), "{h}_sum {sum}");
        let les: Vec<f64> = after
            .samples
            .iter()
            .filter(|(n, _, _)| n == &format!("{h}_bucket"))
            .map(|(_, l, _)| l["le"].parse::<f64>().unwrap())
            .collect();
        let want: Vec<f64> = (1..=10)
            .map(|i| f64::from(i) / 10.0)
            .chain([f64::INFINITY])
            .collect();
        assert_eq!(les, want, "{h} buckets");
    }
    assert_eq!(
        delta(
            "epistemic_audit_rate_limited_total",
            &[("endpoint", "/v1/batch")]
        ),
        1.0
    );
    assert_eq!(
        after.sum(
            "epistemic_audit_rate_limited_total",
            &[("endpoint", "/v1/audit")]
        ),
        0.0
    );
    // Current ECE of the open scope (answers without context), in [0, 1].
    assert!(after.has(
        "epistemic_audit_calibration_ece",
        &[("scope", "intrinsic/open")]
    ));
    let ece = after.sum(
        "epistemic_audit_calibration_ece",
        &[("scope", "intrinsic/open")],
    );
    assert!((0.0..=1.0).contains(&ece) && ece > 0.0, "ece {ece}");

    // Declared series for the other parts of the service exist from the start, at 0.
    for (name, labels) in [
        (
            "epistemic_audit_limiter_backend_fallbacks_total",
            vec![("backend", "redis")],
        ),
        (
            "epistemic_audit_feedback_records_total",
            vec![("kind", "label")],
        ),
        (
            "epistemic_audit_upstream_calls_total",
            vec![("mode", "managed")],
        ),
        (
            "epistemic_audit_upstream_latency_seconds_count",
            vec![("mode", "byo-hf")],
        ),
        (
            "epistemic_audit_rate_limited_total",
            vec![("endpoint", "/v1/compare")],
        ),
    ] {
        assert!(after.has(name, &labels), "{name} {labels:?} missing");
        assert_eq!(after.sum(name, &labels), 0.0, "{name}");
    }

    // Every family has help text and the declared type.
    for (name, ty) in [
        ("epistemic_audit_http_requests", "counter"),
        ("epistemic_audit_http_request_duration_seconds", "histogram"),
        ("epistemic_audit_audits", "counter"),
        ("epistemic_audit_q1", "histogram"),
        ("epistemic_audit_q2", "histogram"),
        ("epistemic_audit_height", "histogram"),
        ("epistemic_audit_calibration_ece", "gauge"),
        ("epistemic_audit_rate_limited", "counter"),
        ("epistemic_audit_limiter_backend_fallbacks", "counter"),
        ("epistemic_audit_feedback_records", "counter"),
        ("epistemic_audit_upstream_calls", "counter"),
        ("epistemic_audit_upstream_latency_seconds", "histogram"),
        ("process_resident_memory_bytes", "gauge"),
        ("process_cpu_seconds", "counter"),
    ] {
        let (t, help) = after
            .families
            .get(name)
            .unwrap_or_else(|| panic!("family {name} missing; have {:?}", after.families.keys()));
        assert_eq!(t, ty, "{name}");
        assert!(!help.trim().is_empty(), "{name} has no help text");
    }
    for (name, (_, help)) in &after.families {
        assert!(!help.trim().is_empty(), "{name} has no help text");
    }
    assert!(after.sum("process_resident_memory_bytes", &[]) > 0.0);
    // Explicit latency buckets (seconds).
    let les: Vec<f64> = after
        .samples
        .iter()
        .filter(|(n, l, _)| {
            n == "epistemic_audit_http_request_duration_seconds_bucket"
                && l.get("route").map(String::as_str) == Some("/health")
        })
        .map(|(_, l, _)| l["le"].parse::<f64>().unwrap())
        .collect();
    let want: Vec<f64> = epistemic_audit_server::telemetry::metrics::LATENCY_BUCKETS_SECONDS
        .iter()
        .copied()
        .chain([f64::INFINITY])
        .collect();
    assert_eq!(les, want);
}

#[test]
fn metrics_need_no_key_and_are_not_rate_limited() {
    let s = Server::start(&[("AG_API_KEY_SECRET", "k")], &[]);
    for _ in 0..150 {
        assert_eq!(get(&s.url("/metrics")).status, 200);
    }
    let r = request("HEAD", &s.url("/metrics"), &[], None);
    assert_eq!(r.status, 200);
    assert!(r.body.is_empty());
}

#[test]
fn feedback_compare_and_refits_move_their_series() {
    // Every label completes a refit group of 2, so the 50th label fits the scope's calibrator.
    let s = Server::start(
        &[
            ("AG_API_KEY_SECRET", "metrics-key"),
            ("FEEDBACK_REFIT_EVERY", "2"),
        ],
        &[],
    );
    let key = ("X-API-Key", "metrics-key");
    let ip = ("X-Forwarded-For", "203.0.113.78");
    let before = Scrape::take(&s);
    let delta = |after: &Scrape, name: &str, labels: &[(&str, &str)]| {
        after.sum(name, labels) - before.sum(name, labels)
    };
    let feedback = "epistemic_audit_feedback_records_total";

    // A label (ground_truth), a label given as feedback text, a note, and nothing to store.
    for (body, recorded) in [
        (
            json!({"text": "Paris is the capital of France.", "ground_truth": 1}),
            true,
        ),
        (
            json!({"text": "Paris is the capital of France.", "feedback": "INCORRECT"}),
            true,
        ),
        (
            json!({"text": "Paris is the capital of France.", "feedback": "too terse"}),
            true,
        ),
        (json!({"text": "Paris is the capital of France."}), false),
    ] {
        let r = post_json(&s.url("/v1/calibrate"), &[key, ip], &body);
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(r.json()["feedback_recorded"], json!(recorded));
    }
    let after = Scrape::take(&s);
    assert_eq!(delta(&after, feedback, &[("kind", "label")]), 2.0);
    assert_eq!(delta(&after, feedback, &[("kind", "note")]), 1.0);
    // Each calibrate request audits its text once.
    assert_eq!(delta(&after, "epistemic_audit_audits_total", &[]), 4.0);

    // Each compared answer is an audit too.
    let compare = json!({
        "prompt": "What is the capital of Australia?",
        "responses": [
            {"model": "a", "text": "Canberra."},
            {"model": "b", "text": "Sydney."},
            {"model": "c", "text": "It is Canberra, not Sydney."}
        ]
    });
    assert_eq!(
        post_json(&s.url("/v1/compare"), &[key, ip], &compare).status,
        200
    );
    let after = Scrape::take(&s);
    assert_eq!(delta(&after, "epistemic_audit_audits_total", &[]), 7.0);
    assert_eq!(delta(&after, "epistemic_audit_q2_count", &[]), 7.0);
    assert_eq!(
        delta(
            &after,
            "epistemic_audit_http_requests_total",
            &[("route", "/v1/compare"), ("status", "200")]
        ),
        1.0
    );

    // 50 labels of one model_source: the refit that installs its calibrator sets the ECE gauge
    // of the per-model scopes of its tier and task (out-of-fold on the stored labels). The label
    // is `<tier>/<task>/per-model`, never the client-chosen model name (issue 12).
    for i in 0..50 {
        let body = json!({
            "text": format!("The answer is {i}."),
            "prompt": "What is the answer?",
            "model_source": "metrics-model",
            "ground_truth": u8::from(i % 3 == 0),
        });
        let r = post_json(&s.url("/v1/calibrate"), &[key, ip], &body);
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let after = Scrape::take(&s);
    assert_eq!(delta(&after, feedback, &[("kind", "label")]), 52.0);
    assert!(
        !after
            .samples
            .iter()
            .any(|(_, l, _)| l.values().any(|v| v.contains("metrics-model"))),
        "a model name is a label value"
    );
    let gauges: Vec<_> = after
        .samples
        .iter()
        .filter(|(n, l, _)| {
            n == "epistemic_audit_calibration_ece"
                && l.get("scope").is_some_and(|s| s.ends_with("/per-model"))
        })
        .collect();
    assert_eq!(gauges.len(), 1, "{gauges:?}");
    let ece = gauges[0].2;
    assert!((0.0..=1.0).contains(&ece), "ece {ece}");
    // The same figure GET /v1/calibration reports for that model's scope (the only one, so the
    // largest).
    let report = request("GET", &s.url("/v1/calibration"), &[key], None).json();
    let tier_task = gauges[0].1["scope"]
        .trim_end_matches("/per-model")
        .to_string();
    let scope = format!("{tier_task}/metrics-model");
    let row = report["scopes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["scope"] == scope.as_str())
        .unwrap_or_else(|| panic!("{scope} not in {report}"));
    assert_eq!(row["source"], "feedback");
    assert!((row["ece"].as_f64().unwrap() - ece).abs() < 1e-9);
}

#[test]
fn an_unreachable_redis_is_counted_as_limiter_fallbacks() {
    // Nothing listens on port 1: every check falls back to this instance's memory.
    let s = Server::start(
        &[
            ("AG_API_KEY_SECRET", "metrics-key"),
            ("REDIS_URL", "redis://127.0.0.1:1/0"),
        ],
        &[],
    );
    let key = ("X-API-Key", "metrics-key");
    let name = "epistemic_audit_limiter_backend_fallbacks_total";
    let before = Scrape::take(&s).sum(name, &[("backend", "redis")]);
    for _ in 0..3 {
        let r = post_json(
            &s.url("/v1/audit"),
            &[key],
            &json!({"text": "Paris is the capital of France."}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let after = Scrape::take(&s).sum(name, &[("backend", "redis")]);
    assert_eq!(after - before, 3.0);
}
