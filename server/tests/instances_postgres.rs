//! Several instances on one PostgreSQL schema (issue 15, README "Running several instances"):
//! two instances started at the same moment on a fresh schema both come up (the migrations and
//! the schema's creation serialise on an advisory lock); labels sent to one are served by the
//! other within FEEDBACK_REFIT_INTERVAL_SECONDS, and the converged instances give the same height
//! for the same request, and `/v1/calibration` names the same stored labels (`fitted_on`) on both;
//! SIGTERM stops both without a panic; kill -9 of one instance during concurrent calibrations on both
//! loses no acknowledged label, and the other keeps serving. Needs PostgreSQL (TEST_DATABASE_URL, default
//! postgres://postgres@127.0.0.1:5432/test) and FAILS naming it when it is missing.

mod common;
use common::*;
use serde_json::json;
use std::time::{Duration, Instant};

const KEY: (&str, &str) = ("X-API-Key", "k");

/// The `/v1/calibration` entry of `scope` when a feedback calibrator serves it.
fn feedback_scope(s: &Server, scope: &str) -> Option<serde_json::Value> {
    durability::get_calibration(s, KEY)["scopes"]
        .as_array()
        .expect("scopes")
        .iter()
        .find(|e| e["scope"] == scope && e["source"] == "feedback")
        .cloned()
}

fn feedback_n(s: &Server, scope: &str) -> Option<u64> {
    feedback_scope(s, scope).and_then(|e| e["n"].as_u64())
}

/// Waits (at most 20 s) until every server in `servers` serves the feedback calibrator of
/// `scope` fitted on `n` labels; fails with what each serves and their logs.
fn wait_until_all_serve(servers: &[&Server], scope: &str, n: u64) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let served: Vec<Option<u64>> = servers.iter().map(|s| feedback_n(s, scope)).collect();
        if served.iter().all(|&m| m == Some(n)) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "after 20 s the instances serve {served:?} labels of {n}; logs:\n{}",
            servers
                .iter()
                .map(|s| s.logs())
                .collect::<Vec<_>>()
                .join("\n---\n")
        );
        std::thread::sleep(Duration::from_millis(200));
    }
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
    wait_until_all_serve(&[a, b], &scope, labels as u64);
    let req = json!({"text": "The canal was finished in 1850 by Dutch workers.", "prompt": "Who finished it and when?", "model_source": model});
    let ha = post_json(&a.url("/v1/audit"), &[KEY], &req).json();
    let hb = post_json(&b.url("/v1/audit"), &[KEY], &req).json();
    assert_eq!(ha["metadata"]["calibration"]["source"], "feedback", "{ha}");
    assert_eq!(hb["metadata"]["calibration"]["source"], "feedback", "{hb}");
    assert_eq!(ha["height"], hb["height"], "converged instances agree");
    // Both say which stored labels their calibrator was fitted on: the same 120.
    let (fa, fb) = (
        feedback_scope(a, &scope).unwrap()["fitted_on"].clone(),
        feedback_scope(b, &scope).unwrap()["fitted_on"].clone(),
    );
    assert_eq!(fa, fb, "the same labels on both instances");
    assert_eq!(fa["n"], labels as u64, "{fa}");
    assert!(
        fa["last_id"].as_i64().unwrap() - fa["first_id"].as_i64().unwrap() >= labels as i64 - 1,
        "{fa}"
    );

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

/// POSTs one label to `url`; `Some(())` when the server acknowledged it (200,
/// `feedback_recorded`), `None` when the instance is gone (connection refused or reset) or
/// refused it.
fn send_label(url: &str, ip: &str, text: &str, correct: bool) -> Option<()> {
    let body = json!({"text": text, "prompt": "Who finished it and when?", "model_source": "kill-model", "ground_truth": u8::from(correct)});
    match ureq::post(url)
        .set("Content-Type", "application/json")
        .set(KEY.0, KEY.1)
        .set("X-Forwarded-For", ip)
        .send_string(&body.to_string())
    {
        Ok(r) if r.status() == 200 => {
            let v: serde_json::Value = serde_json::from_str(&r.into_string().ok()?).ok()?;
            assert_eq!(v["feedback_recorded"], true, "{v}");
            Some(())
        }
        _ => None,
    }
}

#[test]
fn kill_9_of_one_instance_during_concurrent_calibrations_loses_no_acknowledged_label() {
    let mut admin = services::require_postgres();
    let schema = format!("ea_test_{}", uuid_like());
    let _cleanup = services::DropSchema(schema.clone());
    let url = services::postgres_url();
    let env = [
        ("DATABASE_URL", url.as_str()),
        ("DATABASE_SCHEMA", schema.as_str()),
        ("FEEDBACK_REFIT_INTERVAL_SECONDS", "1"),
        ("AG_API_KEY_SECRET", "k"),
    ];
    let mut a = Server::start(&env, &[]);
    let b = Server::start(&env, &[]);
    let per_thread = 60usize;
    let a_acked = std::sync::atomic::AtomicUsize::new(0);
    let (url_a, url_b) = (a.url("/v1/calibrate"), b.url("/v1/calibrate"));
    let acknowledged: Vec<String> = std::thread::scope(|s| {
        let mut handles = Vec::new();
        // Two clients on A, two on B, each with its own address (100 calibrations/min per IP).
        for t in 0..4usize {
            let (target, a_acked) = (if t < 2 { &url_a } else { &url_b }, &a_acked);
            handles.push(s.spawn(move || {
                let mut acked = Vec::new();
                for i in 0..per_thread {
                    let text = format!("Label {t}-{i}: the canal was finished in {}.", 1800 + i);
                    match send_label(target, &format!("198.18.10.{t}"), &text, i % 3 != 0) {
                        Some(_) => {
                            if t < 2 {
                                a_acked.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                            }
                            acked.push(text);
                        }
                        None if t < 2 => break, // A is gone
                        None => panic!("B refused label {t}-{i} while A was being killed"),
                    }
                }
                acked
            }));
        }
        // Kill A mid-stream, without a shutdown handler.
        let deadline = Instant::now() + Duration::from_secs(60);
        while a_acked.load(std::sync::atomic::Ordering::SeqCst) < 30 {
            assert!(Instant::now() < deadline, "A acknowledged too few labels");
            std::thread::sleep(Duration::from_millis(5));
        }
        a.signal("KILL");
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("client thread"))
            .collect()
    });
    a.wait_exit(Duration::from_secs(10)).expect("A was killed");
    let from_b = acknowledged
        .iter()
        .filter(|t| t.starts_with("Label 2-") || t.starts_with("Label 3-"))
        .count();
    assert_eq!(
        from_b,
        2 * per_thread,
        "B acknowledged every label sent to it"
    );
    let from_a = acknowledged.len() - from_b;
    assert!(
        (30..2 * per_thread).contains(&from_a),
        "A was killed mid-stream: it acknowledged {from_a}"
    );
    let stored: std::collections::HashSet<String> = admin
        .query(&format!("SELECT text FROM {schema}.feedback"), &[])
        .unwrap()
        .iter()
        .map(|r| r.get::<_, String>(0))
        .collect();
    let lost: Vec<&String> = acknowledged
        .iter()
        .filter(|t| !stored.contains(*t))
        .collect();
    assert!(lost.is_empty(), "acknowledged but not stored: {lost:?}");
    // B keeps serving, and serves the calibrator of every stored label (A's too) within an
    // interval.
    let scope = durability::scope("kill-model");
    wait_until_all_serve(&[&b], &scope, stored.len() as u64);
}
