//! Several instances on one PostgreSQL schema (issue 15, README "Running several instances"):
//! two instances started at the same moment on a fresh schema both come up (the migrations and
//! the schema's creation serialise on an advisory lock); labels sent to one are served by the
//! other within FEEDBACK_REFIT_INTERVAL_SECONDS, and the converged instances give the same height
//! for the same request; SIGTERM stops both without a panic (the synchronous PostgreSQL client is
//! closed off the async runtime). Needs PostgreSQL (TEST_DATABASE_URL, default
//! postgres://postgres@127.0.0.1:5432/test) and FAILS naming it when it is missing.

mod common;
use common::*;
use serde_json::json;
use std::time::{Duration, Instant};

const KEY: (&str, &str) = ("X-API-Key", "k");

fn feedback_n(s: &Server, scope: &str) -> Option<u64> {
    durability::get_calibration(s, KEY)["scopes"]
        .as_array()
        .expect("scopes")
        .iter()
        .find(|e| e["scope"] == scope && e["source"] == "feedback")
        .and_then(|e| e["n"].as_u64())
}

#[test]
fn two_instances_start_together_and_serve_each_others_labels() {
    services::require_postgres();
    let schema = format!("ea_test_{}", uuid_like());
    let _cleanup = services::DropSchema(schema.clone());
    let url = services::postgres_url();
    let env: Vec<(String, String)> = vec![
        ("DATABASE_URL".into(), url),
        ("DATABASE_SCHEMA".into(), schema.clone()),
        ("FEEDBACK_REFIT_INTERVAL_SECONDS".into(), "1".into()),
        ("AG_API_KEY_SECRET".into(), "k".into()),
    ];
    // Both at once, on a schema that does not exist yet.
    let starting: Vec<_> = (0..2)
        .map(|_| {
            let env = env.clone();
            std::thread::spawn(move || {
                let env: Vec<(&str, &str)> =
                    env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
                Server::start(&env, &[])
            })
        })
        .collect();
    let mut servers: Vec<Server> = starting
        .into_iter()
        .map(|t| t.join().expect("both instances come up"))
        .collect();
    let (a, b) = (&servers[0], &servers[1]);

    let model = "shared-model";
    let scope = durability::scope(model);
    let labels = 120usize;
    for i in 0..labels {
        let r = post_json(
            &a.url("/v1/calibrate"),
            &[KEY, ("X-Forwarded-For", &format!("198.18.9.{}", i / 100))],
            &json!({
                "text": format!("Answer {i}: the canal was finished in {} by {} workers.", 1800 + (i * 7) % 200, ["Dutch", "local", "many"][i % 3]),
                "prompt": "Who finished it and when?",
                "model_source": model,
                "ground_truth": u8::from(i % 10 < 7),
            }),
        );
        assert_eq!(r.status, 200, "label {i}: {}", r.body);
    }
    // B never saw a request of this model; within a refit interval (plus the refit) it serves
    // the calibrator of all 120 labels, as A does.
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let (na, nb) = (feedback_n(a, &scope), feedback_n(b, &scope));
        if na == Some(labels as u64) && nb == Some(labels as u64) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "not converged after 20 s: A {na:?}, B {nb:?}; B's log:\n{}",
            b.logs()
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    let req = json!({"text": "The canal was finished in 1850 by Dutch workers.", "prompt": "Who finished it and when?", "model_source": model});
    let ha = post_json(&a.url("/v1/audit"), &[KEY], &req).json();
    let hb = post_json(&b.url("/v1/audit"), &[KEY], &req).json();
    assert_eq!(ha["metadata"]["calibration"]["source"], "feedback", "{ha}");
    assert_eq!(hb["metadata"]["calibration"]["source"], "feedback", "{hb}");
    assert_eq!(ha["height"], hb["height"], "converged instances agree");

    for s in &mut servers {
        s.signal("TERM");
        let status = s
            .wait_exit(Duration::from_secs(15))
            .expect("exits on SIGTERM");
        assert!(status.success(), "{status:?}; log:\n{}", s.logs());
        assert!(!s.logs().contains("panicked"), "{}", s.logs());
    }
}

#[test]
fn a_database_error_names_its_cause() {
    services::require_postgres();
    // A schema name PostgreSQL refuses to create in: a reserved prefix.
    let out = std::process::Command::new(BIN)
        .args(["serve", "--port", "0"])
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DATABASE_URL", services::postgres_url())
        .env("DATABASE_SCHEMA", "pg_ea_reserved")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("42939"),
        "the SQLSTATE and the database's message: {stderr}"
    );
}
