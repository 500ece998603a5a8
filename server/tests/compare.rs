//! POST /v1/compare against the real binary (issue 3, "compare"; DESIGN §3): response shape,
//! ranking order, 400 for duplicate models, 422 for schema errors, 50/minute.

mod common;
use common::*;
use serde_json::{json, Value};

fn body() -> Value {
    json!({
        "prompt": "What is the capital of Australia?",
        "responses": [
            {"model": "model-a", "text": "The capital of Australia is Canberra."},
            {"model": "model-b", "text": "Canberra is the capital city of Australia."},
            {"model": "model-c", "text": "Sydney, founded in 1788 by Arthur Phillip, has been the capital since 1901."}
        ]
    })
}

#[test]
fn compare_ranks_models_and_summarises() {
    let s = Server::open();
    let r = post_json(&s.url("/v1/compare"), &[], &body());
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(v["prompt"], "What is the capital of Australia?");
    let comps = v["comparisons"].as_array().unwrap();
    assert_eq!(comps.len(), 3);
    for (c, m) in comps.iter().zip(["model-a", "model-b", "model-c"]) {
        assert_eq!(c["model"], m, "request order");
        for k in ["q1", "q2", "height", "ece", "brier", "agreement"] {
            let x = c[k].as_f64().unwrap_or_else(|| panic!("{k} in {c}"));
            assert!((0.0..=1.0).contains(&x), "{k} {x}");
        }
        assert!(["ACCEPT", "MAYBE", "REFUSED"].contains(&c["verdict"].as_str().unwrap()));
        assert!(
            c["explanation"].as_str().unwrap().contains("Samples: "),
            "{c}"
        );
    }
    // The outlier agrees least with the others.
    assert!(comps[2]["agreement"].as_f64() < comps[0]["agreement"].as_f64());
    let ranking = v["ranking"].as_array().unwrap();
    assert_eq!(ranking.len(), 3);
    // Ranks start at 1 and never fall; answers within each other's uncertainty share one
    // (standard competition ranking: 1, 1, 3).
    for (i, e) in ranking.iter().enumerate() {
        let rank = e["rank"].as_u64().unwrap();
        assert!(rank >= 1 && rank <= i as u64 + 1, "{ranking:?}");
        if i > 0 {
            assert!(rank >= ranking[i - 1]["rank"].as_u64().unwrap());
        }
        let mut keys: Vec<_> = e.as_object().unwrap().keys().cloned().collect();
        keys.sort();
        assert_eq!(
            keys,
            [
                "confidence_interval",
                "height",
                "model",
                "q2",
                "rank",
                "tied_with_best",
                "verdict"
            ]
        );
    }
    assert_eq!(ranking[0]["rank"], 1);
    assert_eq!(ranking[0]["tied_with_best"], true);
    // Ranked by q2 ascending, then ECE, then q1.
    let q2 = |m: &Value| {
        comps.iter().find(|c| c["model"] == *m).unwrap()["q2"]
            .as_f64()
            .unwrap()
    };
    for w in ranking.windows(2) {
        assert!(q2(&w[0]["model"]) <= q2(&w[1]["model"]), "{ranking:?}");
    }
    assert_eq!(v["best_model"], ranking[0]["model"]);
    let sum = &v["summary"];
    assert_eq!(sum["total_models"], 3);
    assert_eq!(sum["best_model"], v["best_model"]);
    assert_eq!(sum["best_q2"], ranking[0]["q2"]);
    let q2s: Vec<f64> = comps.iter().map(|c| c["q2"].as_f64().unwrap()).collect();
    let avg = q2s.iter().sum::<f64>() / 3.0;
    assert!((sum["avg_q2"].as_f64().unwrap() - avg).abs() < 1e-9);
    let range =
        q2s.iter().cloned().fold(f64::MIN, f64::max) - q2s.iter().cloned().fold(f64::MAX, f64::min);
    assert!((sum["q2_range"].as_f64().unwrap() - range).abs() < 1e-9);
    assert!(sum["processing_time_ms"].as_f64().unwrap() >= 0.0);
    // The summary says whether the first place is decisive, and who ties with it.
    let tied: Vec<&Value> = ranking
        .iter()
        .filter(|e| e["tied_with_best"] == true)
        .map(|e| &e["model"])
        .collect();
    assert_eq!(
        sum["tied_models"]
            .as_array()
            .unwrap()
            .iter()
            .collect::<Vec<_>>(),
        tied
    );
    assert_eq!(sum["decisive"], tied.len() == 1);
}

#[test]
fn duplicate_model_names_are_400() {
    let s = Server::open();
    let mut b = body();
    b["responses"][2]["model"] = json!("model-a");
    let r = post_json(&s.url("/v1/compare"), &[], &b);
    assert_eq!(r.status, 400, "{}", r.body);
    let d = r.json()["detail"].as_str().unwrap().to_string();
    assert!(d.contains("model-a") && d.contains("Duplicate"), "{d}");
}

#[test]
fn schema_errors_are_422_with_locations() {
    let s = Server::open();
    let url = s.url("/v1/compare");
    let one = json!([{"model": "a", "text": "x"}]);
    let eleven: Vec<Value> = (0..11)
        .map(|i| json!({"model": format!("m{i}"), "text": "x"}))
        .collect();
    for (b, loc, kind) in [
        (
            json!({"prompt": "q", "responses": one}),
            json!(["body", "responses"]),
            "too_short",
        ),
        (
            json!({"prompt": "q", "responses": eleven}),
            json!(["body", "responses"]),
            "too_long",
        ),
        (
            json!({"responses": [{"model": "a", "text": "x"}, {"model": "b", "text": "y"}]}),
            json!(["body", "prompt"]),
            "missing",
        ),
        (
            json!({"prompt": "p".repeat(20_001), "responses": [{"model": "a", "text": "x"}, {"model": "b", "text": "y"}]}),
            json!(["body", "prompt"]),
            "string_too_long",
        ),
        (
            json!({"prompt": "q", "responses": [{"model": "a", "text": "x"}, {"model": "", "text": "y"}]}),
            json!(["body", "responses", 1, "model"]),
            "string_too_short",
        ),
        (
            json!({"prompt": "q", "responses": [{"model": "a", "text": "x"}, {"model": "b"}]}),
            json!(["body", "responses", 1, "text"]),
            "missing",
        ),
        (
            json!({"prompt": "q", "responses": [{"model": "a", "text": "x"}, {"model": "m".repeat(501), "text": "y"}]}),
            json!(["body", "responses", 1, "model"]),
            "string_too_long",
        ),
        (
            json!({"prompt": "q", "responses": [{"model": "a", "text": "x"}, {"model": "b", "text": "t".repeat(20_001)}]}),
            json!(["body", "responses", 1, "text"]),
            "string_too_long",
        ),
    ] {
        let r = post_json(&url, &[], &b);
        assert_eq!(r.status, 422, "{loc}");
        let d = &r.json()["detail"][0];
        assert_eq!((&d["loc"], d["type"].as_str().unwrap()), (&loc, kind));
    }
}

#[test]
fn compare_needs_a_key_and_is_limited_to_50_per_minute() {
    let s = Server::start(&[("AG_API_KEY_SECRET", "k")], &[]);
    let url = s.url("/v1/compare");
    assert_eq!(post_json(&url, &[], &body()).status, 401);
    assert_eq!(post_json(&url, &[("X-API-Key", "x")], &body()).status, 403);
    let small = json!({"prompt": "", "responses": [{"model": "a", "text": "x"}, {"model": "b", "text": "y"}]});
    let h = [("X-API-Key", "k"), ("X-Forwarded-For", "203.0.113.50")];
    for i in 0..50 {
        assert_eq!(post_json(&url, &h, &small).status, 200, "{i}");
    }
    let r = post_json(&url, &h, &small);
    assert_eq!(r.status, 429);
    assert_eq!(
        r.body,
        r#"{"error":"Rate limit exceeded: 50 per 1 minute"}"#
    );
}
