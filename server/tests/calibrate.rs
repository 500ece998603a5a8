//! POST /v1/calibrate and GET /v1/calibration against the real binary with the default SQLite
//! store (issue 3, "calibrate"; DESIGN §2.5, §3): labels, notes, 422s, the report, and the
//! durability scenario (500 labels, kill -9, restart).

mod common;
use common::*;
use serde_json::json;

#[test]
fn labels_notes_and_nothing() {
    let s = Server::open();
    let url = s.url("/v1/calibrate");
    let text = "The Eiffel Tower was completed in 1889.";
    for (body, recorded) in [
        (json!({"text": text, "ground_truth": 1}), true),
        (
            json!({"text": text, "ground_truth": 0, "feedback": "wrong year"}),
            true,
        ),
        (json!({"text": text, "feedback": "Incorrect"}), true),
        (json!({"text": text, "feedback": "correct"}), true),
        (json!({"text": text, "feedback": "needs a source"}), true),
        (json!({"text": text, "feedback": "   "}), false),
        (json!({"text": text}), false),
        (
            json!({"text": text, "ground_truth": null, "context": "Built 1887–1889.", "model_source": "m"}),
            false,
        ),
    ] {
        let r = post_json(&url, &[], &body);
        assert_eq!(r.status, 200, "{body}: {}", r.body);
        let v = r.json();
        for k in ["q1", "q2", "height"] {
            let x = v[k].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&x), "{k} {x}");
        }
        assert!(["ACCEPT", "MAYBE", "REFUSED"].contains(&v["verdict"].as_str().unwrap()));
        assert_eq!(v["feedback_recorded"], recorded, "{body}");
        // Fewer than FEEDBACK_REFIT_EVERY labels: the calibrator cannot have changed.
        assert_eq!(v["calibration_adjustment"].as_f64(), Some(0.0), "{body}");
        let mut keys: Vec<_> = v.as_object().unwrap().keys().cloned().collect();
        keys.sort();
        assert_eq!(
            keys,
            [
                "calibration_adjustment",
                "feedback_recorded",
                "height",
                "q1",
                "q2",
                "verdict"
            ]
        );
    }
    // Same height as /v1/audit for the same input (height before the feedback).
    let a = post_json(&s.url("/v1/audit"), &[], &json!({"text": text})).json();
    let c = post_json(&url, &[], &json!({"text": text, "ground_truth": 1})).json();
    assert_eq!(a["height"], c["height"]);
    assert_eq!(a["verdict"], c["verdict"]);

    // Five labels in the anonymous open scope: 1, 0, "Incorrect", "correct", and the last 1.
    let rep = get(&s.url("/v1/calibration")).json();
    let open = rep["scopes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["scope"] == "intrinsic/open/*")
        .unwrap()
        .clone();
    assert_eq!(open["labels"], 5, "{open}");
    assert_eq!(open["source"], "reference", "fewer than 50 labels: {open}");
}

#[test]
fn calibrate_validation_is_422_with_locations() {
    let s = Server::open();
    let url = s.url("/v1/calibrate");
    for (body, field, kind) in [
        (
            json!({"text": "a", "ground_truth": 2}),
            "ground_truth",
            "literal_error",
        ),
        (
            json!({"text": "a", "ground_truth": "1"}),
            "ground_truth",
            "int_type",
        ),
        (
            json!({"text": "a", "ground_truth": true}),
            "ground_truth",
            "int_type",
        ),
        (
            json!({"text": "a", "ground_truth": 0.5}),
            "ground_truth",
            "int_type",
        ),
        (json!({"ground_truth": 1}), "text", "missing"),
        (json!({"text": ""}), "text", "string_too_short"),
        (
            json!({"text": "a", "feedback": "f".repeat(2001)}),
            "feedback",
            "string_too_long",
        ),
        (
            json!({"text": "a", "model_source": "m".repeat(501)}),
            "model_source",
            "string_too_long",
        ),
        (
            json!({"text": "a", "context": "c".repeat(100_001)}),
            "context",
            "string_too_long",
        ),
    ] {
        let r = post_json(&url, &[], &body);
        assert_eq!(r.status, 422, "{body}");
        let d = &r.json()["detail"][0];
        assert_eq!(d["loc"], json!(["body", field]), "{body}");
        assert_eq!(d["type"], kind, "{body}");
    }
    let r = request(
        "POST",
        &url,
        &[("Content-Type", "application/json")],
        Some(b"{"),
    );
    assert_eq!(r.status, 422);
    // Nothing invalid was stored.
    let rep = get(&s.url("/v1/calibration")).json();
    assert_eq!(rep["scopes"].as_array().unwrap().len(), 4);
}

#[test]
fn calibration_report_needs_a_key_and_lists_reference_scopes() {
    let s = Server::start(&[("AG_API_KEY_SECRET", "k")], &[]);
    assert_eq!(get(&s.url("/v1/calibration")).status, 401);
    assert_eq!(
        request(
            "GET",
            &s.url("/v1/calibration"),
            &[("X-API-Key", "nope")],
            None
        )
        .status,
        403
    );
    assert_eq!(
        post_json(&s.url("/v1/calibrate"), &[], &json!({"text": "a"})).status,
        401
    );
    let rep = durability::get_calibration(&s, ("X-API-Key", "k"));
    let scopes = rep["scopes"].as_array().unwrap();
    let names: Vec<_> = scopes
        .iter()
        .map(|s| s["scope"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "intrinsic/open",
            "intrinsic/qa",
            "intrinsic/dialogue",
            "intrinsic/summarization"
        ]
    );
    for sc in scopes {
        assert_eq!(sc["source"], "reference");
        for k in ["n", "method", "ece", "brier", "thresholds", "bins"] {
            assert!(!sc[k].is_null(), "{k} in {sc}");
        }
        let bins = sc["bins"].as_array().unwrap();
        assert_eq!(bins.len(), 15);
        for b in bins {
            for k in ["count", "mean_confidence", "accuracy"] {
                assert!(b[k].is_number(), "{k} in {b}");
            }
        }
    }
    assert_eq!(rep["min_labels_platt"], 50);
}

#[test]
fn calibrate_limit_is_100_per_minute() {
    let s = Server::open();
    let ip = [("X-Forwarded-For", "203.0.113.77")];
    for i in 0..100 {
        let r = post_json(&s.url("/v1/calibrate"), &ip, &json!({"text": "a"}));
        assert_eq!(r.status, 200, "{i}");
    }
    let r = post_json(&s.url("/v1/calibrate"), &ip, &json!({"text": "a"}));
    assert_eq!(r.status, 429);
    assert_eq!(
        r.body,
        r#"{"error":"Rate limit exceeded: 100 per 1 minute"}"#
    );
}

#[test]
fn sqlite_labels_survive_kill_9_and_restart() {
    let db = temp_db_path();
    let model = "durable-sqlite-model";
    durability::run(&[("FEEDBACK_DB_PATH", db.as_str())], model, || {
        let conn = rusqlite::Connection::open(&db).unwrap();
        let mut stmt = conn
            .prepare("SELECT raw_confidence, label FROM feedback WHERE scope = ?1 AND label IS NOT NULL ORDER BY id")
            .unwrap();
        stmt.query_map([durability::scope(model)], |r| {
            Ok((r.get::<_, f64>(0)?, r.get::<_, i64>(1)? == 1))
        })
        .unwrap()
        .collect::<Result<Vec<_>, _>>()
        .unwrap()
    });
    // The parent directory of a nested path is created on start.
    let nested = format!(
        "{}/nested-{}/deeper/f.sqlite3",
        env!("CARGO_TARGET_TMPDIR"),
        uuid_like()
    );
    let _s = Server::start(&[("FEEDBACK_DB_PATH", nested.as_str())], &[]);
    assert!(std::path::Path::new(&nested).is_file());
}

/// DESIGN §2.5, a calibrator per tier × model_source: labels sent with samples are stored in the
/// samples tier's scope (the tier the audit behind them ran in); at 50 labels that scope gets its
/// own Platt calibrator, and samples-tier audits of the model use it while intrinsic audits keep
/// the intrinsic scope.
#[test]
fn labels_with_samples_calibrate_the_samples_tier() {
    let s = Server::start(&[("FEEDBACK_REFIT_EVERY", "25")], &[]);
    let model = "tiered-model";
    let prompt = "Which city is the capital of France?";
    let answers = ["Paris", "Lyon", "Marseille", "Paris, on the Seine", "Nice"];
    for i in 0..50 {
        let text = answers[i % answers.len()];
        let samples: Vec<&str> = (0..3).map(|j| answers[(i + j) % answers.len()]).collect();
        let body = json!({"text": text, "prompt": prompt, "model_source": model,
                          "samples": samples, "ground_truth": u8::from(text.contains("Paris"))});
        let r = post_json(&s.url("/v1/calibrate"), &[], &body);
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(r.json()["feedback_recorded"], true);
    }
    let rep = get(&s.url("/v1/calibration")).json();
    let scopes = rep["scopes"].as_array().unwrap();
    let tier_scope = scopes
        .iter()
        .find(|x| {
            x["scope"].as_str().unwrap().starts_with("samples/") && x["model_source"] == model
        })
        .unwrap_or_else(|| panic!("no samples scope in {rep}"));
    assert_eq!(tier_scope["labels"], 50, "{tier_scope}");
    assert_eq!(tier_scope["source"], "feedback", "{tier_scope}");
    assert!(
        !scopes
            .iter()
            .any(|x| x["scope"].as_str().unwrap().starts_with("intrinsic/")
                && x["model_source"] == model),
        "no intrinsic labels were sent: {rep}"
    );
    let name = tier_scope["scope"].as_str().unwrap();

    let audit = |samples: Option<Vec<&str>>| {
        let mut body = json!({"text": "Paris", "prompt": prompt, "model_source": model});
        if let Some(s) = samples {
            body["samples"] = json!(s);
        }
        post_json(&s.url("/v1/audit"), &[], &body).json()
    };
    let tiered = audit(Some(vec!["Paris", "Lyon", "Paris"]));
    assert_eq!(tiered["metadata"]["tier"], "samples");
    assert_eq!(tiered["metadata"]["calibration"]["scope"], name);
    assert_eq!(tiered["metadata"]["calibration"]["source"], "feedback");
    let plain = audit(None);
    assert_eq!(
        plain["metadata"]["calibration"]["source"], "reference",
        "{plain}"
    );
}
