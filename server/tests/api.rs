//! Black-box tests of the HTTP interface (contract 1.1.0, DESIGN §3) against the real binary:
//! GET /, /health, /v1/audit, /v1/batch, 422 shapes, 404/405/413, X-Request-ID, and the
//! evidence tiers with client-supplied samples and log-probabilities (issue 4's acceptance).

mod common;
use common::*;
use serde_json::{json, Value};

fn loc(v: &Value) -> Vec<Value> {
    v["loc"].as_array().unwrap().clone()
}

#[test]
fn root_and_health() {
    let s = Server::open();
    let r = get(&s.url("/"));
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("application/json"));
    let v = r.json();
    assert_eq!(v["name"], "epistemic-audit");
    assert_eq!(v["version"], "1.1.0");
    assert_eq!(v["modes"], json!(["managed", "byo-hf"]));
    assert_eq!(
        v["links"],
        json!({
            "health": "/health",
            "audit": "/v1/audit",
            "batch": "/v1/batch",
            "compare": "/v1/compare",
            "calibrate": "/v1/calibrate",
            "calibration": "/v1/calibration",
            "docs": "/docs",
            "openapi": "/openapi.json",
            "metrics": "/metrics"
        })
    );
    assert_eq!(v["open_mode"], true);

    let v = get(&s.url("/health")).json();
    assert_eq!(v["status"], "ok");
    assert_eq!(v["version"], "1.1.0");
    assert!(v["uptime_seconds"].as_f64().unwrap() >= 0.0);

    // HEAD is answered like GET, without a body.
    let r = request("HEAD", &s.url("/health"), &[], None);
    assert_eq!(r.status, 200);
    assert!(r.body.is_empty());
}

#[test]
fn audit_returns_a_valid_result() {
    let s = Server::open();
    let r = post_json(
        &s.url("/v1/audit"),
        &[],
        &json!({
            "text": "The Eiffel Tower is in Paris and was completed in 1889.",
            "context": "The Eiffel Tower, completed in 1889, stands on the Champ de Mars in Paris.",
            "model_source": "test-model"
        }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_valid_audit(&v);
    for key in [
        "q1",
        "q2",
        "height",
        "ece",
        "brier",
        "verdict",
        "confidence_interval",
        "explanation",
        "metadata",
        "mode",
        "upstream_latency_ms",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    // Text only (every usage example of the contract) and unknown fields are fine.
    let r = post_json(
        &s.url("/v1/audit"),
        &[],
        &json!({"text": "I think it might be around 42.", "extra": true}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_valid_audit(&r.json());
    // No Content-Type at all is read as JSON too.
    let r = request(
        "POST",
        &s.url("/v1/audit"),
        &[],
        Some(br#"{"text":"Water boils at 100 C at sea level."}"#),
    );
    assert_eq!(r.status, 200, "{}", r.body);
}

/// Issue 4, acceptance 1, through HTTP with the shipped weights: samples that contradict the
/// text raise q2 and lower height compared with samples that agree, and the explanation says
/// so; the same for log-probabilities with a very unlikely token. Batch items score alike.
#[test]
fn supplied_evidence_moves_q2_and_height_and_is_explained() {
    let s = Server::open();
    let audit = |extra: Value| {
        let mut body = json!({"text": "Paris", "prompt": "Which city is the capital of France?"});
        body.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        let r = post_json(&s.url("/v1/audit"), &[], &body);
        assert_eq!(r.status, 200, "{}", r.body);
        r.json()
    };
    let agree = audit(json!({"samples": ["Paris", "Paris.", "It is Paris", "Paris", "Paris"]}));
    let contra = audit(json!({"samples": ["Lyon", "Marseille", "Berlin", "Nice", "Madrid"]}));
    for v in [&agree, &contra] {
        assert_eq!(v["metadata"]["tier"], "samples");
        assert_eq!(v["mode"], "managed");
    }
    let f = |v: &Value, k: &str| v[k].as_f64().unwrap();
    assert!(
        f(&contra, "q2") > f(&agree, "q2"),
        "q2 {} vs {}",
        contra["q2"],
        agree["q2"]
    );
    assert!(
        f(&contra, "height") < f(&agree, "height"),
        "height {} vs {}",
        contra["height"],
        agree["height"]
    );
    let said = contra["explanation"].as_str().unwrap();
    assert!(said.contains("5 of 5 disagree with the text"), "{said}");
    assert!(
        said.contains("mean lexical disagreement 1.00 with the 5 samples"),
        "{said}"
    );
    assert!(
        agree["explanation"]
            .as_str()
            .unwrap()
            .contains("support it"),
        "{}",
        agree["explanation"]
    );

    let token = |t: &str, lp: f64| json!({"token": t, "logprob": lp, "top_logprobs": []});
    let likely = audit(json!({"logprobs": [token("Par", -0.2), token("is", -0.1)]}));
    let unlikely = audit(json!({"logprobs": [token("Par", -0.2), token("is", -12.0)]}));
    assert_eq!(unlikely["metadata"]["tier"], "logprobs");
    assert!(
        f(&unlikely, "q2") > f(&likely, "q2"),
        "q2 {} vs {}",
        unlikely["q2"],
        likely["q2"]
    );
    assert!(
        f(&unlikely, "height") < f(&likely, "height"),
        "height {} vs {}",
        unlikely["height"],
        likely["height"]
    );
    let said = unlikely["explanation"].as_str().unwrap();
    assert!(
        said.contains("weakest \"is\" (token 2, p = 0.000)"),
        "{said}"
    );

    // /v1/batch scores the same request the same way.
    let b = post_json(
        &s.url("/v1/batch"),
        &[],
        &json!({"items": [{"text": "Paris", "prompt": "Which city is the capital of France?",
                           "samples": ["Lyon", "Marseille", "Berlin", "Nice", "Madrid"]}]}),
    )
    .json();
    assert_eq!(b["audits"][0]["q2"], contra["q2"]);
    assert_eq!(b["audits"][0]["height"], contra["height"]);
}

#[test]
fn batch_of_three_with_summary() {
    let s = Server::open();
    let items = json!([
        {"text": "Paris is the capital of France."},
        {"text": "The moon is made of cheese, according to NASA's 1969 report.", "context": "Apollo 11 landed in 1969."},
        {"text": "I am not sure, but it may be Canberra.", "prompt": "What is the capital of Australia?"}
    ]);
    let r = post_json(&s.url("/v1/batch"), &[], &json!({ "items": items }));
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    let audits = v["audits"].as_array().unwrap();
    assert_eq!(audits.len(), 3);
    audits.iter().for_each(assert_valid_audit);
    let sum = &v["summary"];
    assert_eq!(sum["total"], 3);
    let counted: u64 = ["accept", "maybe", "refused"]
        .iter()
        .map(|k| sum[k].as_u64().unwrap())
        .sum();
    assert_eq!(counted, 3);
    let mean_h: f64 = audits
        .iter()
        .map(|a| a["height"].as_f64().unwrap())
        .sum::<f64>()
        / 3.0;
    assert!((sum["avg_height"].as_f64().unwrap() - mean_h).abs() < 1e-9);
    for k in ["avg_q1", "avg_q2", "avg_height"] {
        assert!((0.0..=1.0).contains(&sum[k].as_f64().unwrap()), "{k}");
    }
    assert!(sum["processing_time_ms"].as_f64().unwrap() >= 0.0);
    // Same answer via /v1/audit → same result (order preserved, deterministic scorer).
    let single = post_json(&s.url("/v1/audit"), &[], &items[1]).json();
    assert_eq!(single["height"], audits[1]["height"]);
}

#[test]
fn validation_errors_have_the_contract_shape() {
    let s = Server::open();
    let audit = s.url("/v1/audit");
    let batch = s.url("/v1/batch");
    let check = |r: Reply| -> Vec<Value> {
        assert_eq!(r.status, 422, "{}", r.body);
        let v = r.json();
        let detail = v["detail"]
            .as_array()
            .unwrap_or_else(|| panic!("detail array: {v}"))
            .clone();
        assert!(!detail.is_empty());
        for d in &detail {
            assert!(d["msg"].is_string() && d["type"].is_string(), "{d}");
            let l = loc(d);
            assert_eq!(l[0], "body");
            assert!(l.iter().all(|x| x.is_string() || x.is_u64()), "{d}");
        }
        detail
    };

    // Bad JSON.
    let d = check(request(
        "POST",
        &audit,
        &[("Content-Type", "application/json")],
        Some(b"{\"text\": "),
    ));
    assert_eq!(d[0]["type"], "json_invalid");
    assert_eq!(loc(&d[0]), vec![json!("body")]);
    // Body not an object.
    let d = check(post_json(&audit, &[], &json!(["text"])));
    assert_eq!(loc(&d[0]), vec![json!("body")]);
    // Missing text.
    let d = check(post_json(&audit, &[], &json!({"context": "c"})));
    assert_eq!(loc(&d[0]), vec![json!("body"), json!("text")]);
    assert_eq!(d[0]["type"], "missing");
    // Wrong types, all reported.
    let d = check(post_json(
        &audit,
        &[],
        &json!({"text": 5, "context": ["x"], "model_source": {}}),
    ));
    let locs: Vec<_> = d.iter().map(loc).collect();
    for f in ["text", "context", "model_source"] {
        assert!(
            locs.contains(&vec![json!("body"), json!(f)]),
            "{f} in {locs:?}"
        );
    }
    assert!(d.iter().all(|e| e["type"] == "string_type"));
    // Empty and too-long text; too-long context.
    let d = check(post_json(&audit, &[], &json!({"text": ""})));
    assert_eq!(d[0]["type"], "string_too_short");
    let d = check(post_json(&audit, &[], &json!({"text": "x".repeat(20_001)})));
    assert_eq!(
        (loc(&d[0]), d[0]["type"].clone()),
        (vec![json!("body"), json!("text")], json!("string_too_long"))
    );
    assert_eq!(
        post_json(&audit, &[], &json!({"text": "x".repeat(20_000)})).status,
        200
    );
    let d = check(post_json(
        &audit,
        &[],
        &json!({"text": "a", "context": "c".repeat(100_001)}),
    ));
    assert_eq!(loc(&d[0]), vec![json!("body"), json!("context")]);
    // Wrong Content-Type.
    let d = check(request(
        "POST",
        &audit,
        &[("Content-Type", "text/plain")],
        Some(br#"{"text":"a"}"#),
    ));
    assert_eq!(loc(&d[0]), vec![json!("body")]);

    // Batch: 101 items, 0 items, missing items, item errors with their index.
    let items: Vec<_> = (0..101)
        .map(|i| json!({"text": format!("answer {i}")}))
        .collect();
    let d = check(post_json(&batch, &[], &json!({ "items": items })));
    assert_eq!(
        (loc(&d[0]), d[0]["type"].clone()),
        (vec![json!("body"), json!("items")], json!("too_long"))
    );
    let d = check(post_json(&batch, &[], &json!({"items": []})));
    assert_eq!(d[0]["type"], "too_short");
    let d = check(post_json(&batch, &[], &json!({})));
    assert_eq!(
        (loc(&d[0]), d[0]["type"].clone()),
        (vec![json!("body"), json!("items")], json!("missing"))
    );
    let d = check(post_json(&batch, &[], &json!({"items": "nope"})));
    assert_eq!(d[0]["type"], "list_type");
    let d = check(post_json(
        &batch,
        &[],
        &json!({"items": [{"text": "ok"}, {"text": 1}, {}, "x"]}),
    ));
    let locs: Vec<_> = d.iter().map(loc).collect();
    assert!(
        locs.contains(&vec![
            json!("body"),
            json!("items"),
            json!(1),
            json!("text")
        ]),
        "{locs:?}"
    );
    assert!(
        locs.contains(&vec![
            json!("body"),
            json!("items"),
            json!(2),
            json!("text")
        ]),
        "{locs:?}"
    );
    assert!(
        locs.contains(&vec![json!("body"), json!("items"), json!(3)]),
        "{locs:?}"
    );
    // 100 items is fine.
    let items: Vec<_> = (0..100)
        .map(|i| json!({"text": format!("answer number {i}")}))
        .collect();
    let r = post_json(&batch, &[], &json!({ "items": items }));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["summary"]["total"], 100);
}

#[test]
fn unknown_paths_and_wrong_methods() {
    let s = Server::open();
    for path in [
        "/nope",
        "/v1/audit/",
        "/v1/calibrations",
        "/metrics/",
        "/docsx",
    ] {
        for method in ["GET", "POST"] {
            let r = request(
                method,
                &s.url(path),
                &[],
                if method == "POST" { Some(b"{}") } else { None },
            );
            assert_eq!(r.status, 404, "{method} {path}");
            assert_eq!(r.json(), json!({"detail": "Not Found"}));
            assert!(r.header("x-request-id").is_some());
        }
    }
    // A file the docs page does not have.
    let r = get(&s.url("/docs/no-such-asset.js"));
    assert_eq!(r.status, 404);
    assert_eq!(r.json(), json!({"detail": "Not Found"}));
    for path in ["/metrics", "/openapi.json", "/docs"] {
        let r = request("POST", &s.url(path), &[], Some(b"{}"));
        assert_eq!(r.status, 405, "POST {path}");
        assert_eq!(r.header("allow"), Some("GET, HEAD, OPTIONS"));
    }
    let r = get(&s.url("/v1/audit"));
    assert_eq!(r.status, 405);
    assert_eq!(r.json(), json!({"detail": "Method Not Allowed"}));
    assert_eq!(r.header("allow"), Some("POST, OPTIONS"));
    let r = request("DELETE", &s.url("/v1/batch"), &[], None);
    assert_eq!(r.status, 405);
    let r = request("POST", &s.url("/health"), &[], Some(b"{}"));
    assert_eq!(
        (r.status, r.header("allow")),
        (405, Some("GET, HEAD, OPTIONS"))
    );
    let r = request("OPTIONS", &s.url("/v1/audit"), &[], None);
    assert_eq!((r.status, r.header("allow")), (204, Some("POST, OPTIONS")));
}

#[test]
fn oversized_bodies_get_413() {
    let s = Server::open();
    let nine_mib = 9 * 1024 * 1024;
    let mut body = br#"{"text":""#.to_vec();
    body.resize(nine_mib, b'a');
    body.extend_from_slice(br#""}"#);
    // With Content-Length: refused before buffering, answered after discarding the rest.
    let r = request(
        "POST",
        &s.url("/v1/audit"),
        &[("Content-Type", "application/json")],
        Some(&body),
    );
    assert_eq!(r.status, 413, "{}", r.body);
    assert!(r.json()["detail"].as_str().unwrap().contains("8388608"));
    // Chunked (no length): refused once the running total passes 8 MiB.
    let r = request_chunked(
        "POST",
        &s.url("/v1/batch"),
        &[("Content-Type", "application/json")],
        &body[..],
    );
    assert_eq!(r.status, 413, "{}", r.body);
    // The server is fine afterwards.
    assert_eq!(get(&s.url("/health")).status, 200);
    // A body just under the limit is read (and then fails validation as too long a text).
    let mut ok = br#"{"text":""#.to_vec();
    ok.resize(8 * 1024 * 1024 - 2, b'a');
    ok.extend_from_slice(br#""}"#);
    let r = request(
        "POST",
        &s.url("/v1/audit"),
        &[("Content-Type", "application/json")],
        Some(&ok),
    );
    assert_eq!(r.status, 422, "{}", &r.body[..r.body.len().min(300)]);
}

#[test]
fn request_ids_on_every_response() {
    let s = Server::open();
    let r = get(&s.url("/health"));
    let id = r.header("x-request-id").expect("generated id");
    assert_eq!(id.len(), 36, "uuid: {id}");
    let r = request(
        "GET",
        &s.url("/"),
        &[("X-Request-ID", "trace-abc-123")],
        None,
    );
    assert_eq!(r.header("x-request-id"), Some("trace-abc-123"));
    let long = "x".repeat(200);
    let r = request("GET", &s.url("/"), &[("X-Request-ID", &long)], None);
    assert_ne!(r.header("x-request-id"), Some(long.as_str()));
    let r = post_json(
        &s.url("/v1/audit"),
        &[("X-Request-ID", "req-7")],
        &json!({"text": 1}),
    );
    assert_eq!((r.status, r.header("x-request-id")), (422, Some("req-7")));
    // The access log has one JSON line for it, with the fields and without the body.
    let logs = s.logs_once("\"req-7\"");
    let line = logs
        .lines()
        .find(|l| l.contains("\"req-7\""))
        .unwrap_or_else(|| panic!("no access line:\n{logs}"));
    let v: Value = serde_json::from_str(line).unwrap();
    assert_eq!(v["method"], "POST");
    assert_eq!(v["path"], "/v1/audit");
    assert_eq!(v["status"], 422);
    assert_eq!(v["client_ip"], "127.0.0.1");
    assert!(v["latency_ms"].as_f64().is_some());
}
