//! The upstream through the real binary (issue 4 items 3–4, issue 6 item 5), against the TGI
//! stand-in of `common/standin.rs` on loopback:
//!
//! * managed mode with the TGI adapter: what is sent (teacher forcing with
//!   `decoder_input_details`, K seeded samples at temperature 1 without truncation, the token as
//!   `Authorization: Bearer`), what comes back (`metadata.upstream`, `upstream_latency_ms`, the
//!   evidence tier), protocol probing and its cache, client-supplied evidence not fetched again;
//! * every fault → 502 `upstream inference call failed: <kind>` within HF_TIMEOUT, no URL or
//!   token in the body, the server healthy after, the failure counted in /metrics;
//! * /v1/batch: items concurrent under UPSTREAM_CONCURRENCY, one failure fails the batch;
//! * BYO-HF: the client's endpoint and token only; the endpoint rules of DESIGN §3 (one header
//!   alone, private address, non-https, host outside ALLOWED_HF_HOSTS, a name resolving to
//!   127.0.0.1) → 400 before any connection.

mod common;
use common::standin::{Fault, StandIn, FAIL_MARKER, MODEL_ID, SAMPLES};
use common::*;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

const PROMPT: &str = "What is the capital of France?";
const TEXT: &str = "The capital of France is Paris.";
const MANAGED_TOKEN: &str = "hf_managed_token_0123456789";
const BYO_TOKEN: &str = "hf_byo_token_9876543210";

fn chatml(prompt: &str) -> String {
    format!("<|im_start|>user\n{prompt}<|im_end|>\n<|im_start|>assistant\n")
}

fn managed(standin: &StandIn, extra: &[(&str, &str)]) -> Server {
    let url = standin.url();
    let mut env = vec![
        ("HF_ENDPOINT_URL", url.as_str()),
        ("HF_TOKEN", MANAGED_TOKEN),
        ("UPSTREAM_SAMPLES", "3"),
        ("UPSTREAM_MAX_TOKENS", "16"),
    ];
    env.extend_from_slice(extra);
    Server::start(&env, &[])
}

fn audit(s: &Server, headers: &[(&str, &str)], body: &Value) -> Reply {
    post_json(&s.url("/v1/audit"), headers, body)
}

/// The 502 body: exactly the fixed sentence with `kind`, and nothing that locates the upstream.
fn assert_upstream_failure(r: &Reply, kind: &str, standin_port: u16) {
    assert_eq!(r.status, 502, "{}", r.body);
    assert_eq!(
        r.json(),
        json!({"detail": format!("upstream inference call failed: {kind}")})
    );
    for secret in [
        "127.0.0.1",
        "localhost",
        &standin_port.to_string(),
        MANAGED_TOKEN,
        BYO_TOKEN,
        "http",
    ] {
        assert!(!r.body.contains(secret), "{secret} in {}", r.body);
    }
}

#[test]
fn tgi_adapter_end_to_end_in_managed_mode() {
    let tgi = StandIn::tgi();
    let s = managed(&tgi, &[("UPSTREAM_PROTOCOL", "tgi")]);
    let r = audit(&s, &[], &json!({"text": TEXT, "prompt": PROMPT}));
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(v["mode"], "managed");
    assert_eq!(
        v["metadata"]["upstream"],
        json!({"protocol": "tgi", "model": MODEL_ID, "k": 3, "logprobs": true})
    );
    assert!(v["upstream_latency_ms"].as_f64().unwrap() > 0.0);
    // Both kinds of evidence reached the scorer, which picks the tier from them.
    assert_eq!(v["metadata"]["tier"], "combined", "{v}");

    let reqs = tgi.requests();
    assert_eq!(
        reqs.iter().filter(|r| r.path == "/info").count(),
        1,
        "model id read once"
    );
    for r in &reqs {
        assert_eq!(
            r.headers.get("authorization").map(String::as_str),
            Some(format!("Bearer {MANAGED_TOKEN}").as_str()),
            "{} {}",
            r.method,
            r.path
        );
    }
    let gens = tgi.generations();
    assert_eq!(gens.len(), 4, "1 teacher forcing + K = 3 samples");
    let forced: Vec<_> = gens
        .iter()
        .filter(|g| g.body["parameters"]["decoder_input_details"] == json!(true))
        .collect();
    assert_eq!(forced.len(), 1);
    assert_eq!(
        forced[0].body["inputs"],
        json!(format!("{}{TEXT}", chatml(PROMPT)))
    );
    assert_eq!(forced[0].body["parameters"]["details"], json!(true));
    assert_eq!(forced[0].body["parameters"]["max_new_tokens"], json!(1));
    let samples: Vec<_> = gens
        .iter()
        .filter(|g| g.body["parameters"]["do_sample"] == json!(true))
        .collect();
    assert_eq!(samples.len(), 3);
    let seeds: BTreeSet<u64> = samples
        .iter()
        .map(|g| g.body["parameters"]["seed"].as_u64().unwrap())
        .collect();
    assert_eq!(seeds, BTreeSet::from([1, 2, 3]));
    for g in &samples {
        let p = &g.body["parameters"];
        assert_eq!(g.body["inputs"], json!(chatml(PROMPT)));
        assert_eq!(p["temperature"], json!(1.0));
        assert_eq!(p["max_new_tokens"], json!(16));
        for truncation in ["top_k", "top_p", "typical_p"] {
            assert!(p.get(truncation).is_none(), "{truncation} sent: {p}");
        }
    }

    // The endpoint is known now: a second audit does not ask /info again.
    let r = audit(&s, &[], &json!({"text": "Lyon.", "prompt": PROMPT}));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        tgi.requests().iter().filter(|r| r.path == "/info").count(),
        1
    );
    assert!(!s.logs().contains(MANAGED_TOKEN));
    let metrics = get(&s.url("/metrics")).body;
    assert!(
        metrics.contains(r#"epistemic_audit_upstream_calls_total{mode="managed"} 9"#),
        "1 /info + 2 × 4 /generate:\n{metrics}"
    );
}

#[test]
fn auto_protocol_probes_once_and_picks_tgi() {
    let tgi = StandIn::tgi();
    let s = managed(&tgi, &[("UPSTREAM_PROTOCOL", "auto")]);
    for _ in 0..2 {
        let r = audit(&s, &[], &json!({"text": TEXT, "prompt": PROMPT}));
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(r.json()["metadata"]["upstream"]["protocol"], "tgi");
    }
    let reqs = tgi.requests();
    assert_eq!(reqs.iter().filter(|r| r.path == "/info").count(), 1);
    assert_eq!(reqs.iter().filter(|r| r.path == "/v1/models").count(), 0);
}

#[test]
fn without_a_prompt_the_text_is_scored_unconditionally_and_nothing_is_sampled() {
    let tgi = StandIn::tgi();
    let s = managed(&tgi, &[("UPSTREAM_PROTOCOL", "tgi")]);
    let r = audit(&s, &[], &json!({"text": TEXT}));
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(v["metadata"]["upstream"]["k"], 0);
    assert_eq!(v["metadata"]["upstream"]["logprobs"], true);
    assert_eq!(v["metadata"]["tier"], "logprobs");
    let gens = tgi.generations();
    assert_eq!(gens.len(), 1);
    assert_eq!(
        gens[0].body["inputs"],
        json!(TEXT),
        "no template, no prompt"
    );

    // Context alone is the prompt.
    let r = audit(
        &s,
        &[],
        &json!({"text": TEXT, "context": "France's capital is Paris."}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["metadata"]["upstream"]["k"], 3);
    assert!(tgi
        .generations()
        .iter()
        .any(|g| g.body["inputs"] == json!(chatml("France's capital is Paris."))));
}

#[test]
fn client_evidence_is_not_fetched_again() {
    let tgi = StandIn::tgi();
    let s = managed(&tgi, &[("UPSTREAM_PROTOCOL", "tgi")]);
    let logprobs = json!([{"token": "Paris", "logprob": -0.1, "top_logprobs": []},
                          {"token": ".", "logprob": -0.2}]);
    let full =
        json!({"text": "Paris.", "prompt": PROMPT, "samples": ["Paris."], "logprobs": logprobs});
    let r = audit(&s, &[], &full);
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert!(v["metadata"].get("upstream").is_none(), "{v}");
    assert_eq!(v["upstream_latency_ms"], json!(0.0));
    assert_eq!(v["metadata"]["tier"], "combined");
    assert!(tgi.requests().is_empty(), "nothing asked of the upstream");

    let r = audit(
        &s,
        &[],
        &json!({"text": "Paris.", "prompt": PROMPT, "samples": ["Paris.", "Lyon."]}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        r.json()["metadata"]["upstream"],
        json!({"protocol": "tgi", "model": MODEL_ID, "k": 0, "logprobs": true})
    );
    assert_eq!(tgi.generations().len(), 1, "teacher forcing only");
}

#[test]
fn every_upstream_fault_is_a_502_within_the_timeout_and_the_server_stays_healthy() {
    let cases = [
        (Fault::Hang, "timeout", "timeout"),
        (Fault::SlowBody, "timeout", "timeout"),
        (Fault::Reset, "connection reset", "connection"),
        (Fault::Status500, "HTTP status 500", "status"),
        (Fault::InvalidJson, "invalid JSON", "invalid_response"),
        (Fault::Huge, "response too large", "too_large"),
        (Fault::HugeChunked, "response too large", "too_large"),
    ];
    for (fault, kind, reason) in cases {
        let tgi = StandIn::start(fault, Duration::ZERO);
        let s = managed(&tgi, &[("UPSTREAM_PROTOCOL", "tgi"), ("HF_TIMEOUT", "1")]);
        let started = Instant::now();
        let r = audit(&s, &[], &json!({"text": TEXT, "prompt": PROMPT}));
        let took = started.elapsed();
        assert_upstream_failure(&r, kind, tgi.port);
        // HF_TIMEOUT is 1 s per request; the hanging and trickling upstreams would take minutes.
        assert!(took < Duration::from_secs(15), "{fault:?}: {took:?}");
        assert_eq!(get(&s.url("/health")).status, 200, "{fault:?}");
        let again = audit(&s, &[], &json!({"text": "Paris."}));
        assert_eq!(
            again.status, 502,
            "{fault:?}: still failing, still answering"
        );
        let metrics = get(&s.url("/metrics")).body;
        let series = format!(
            r#"epistemic_audit_upstream_failures_total{{mode="managed",reason="{reason}"}}"#
        );
        assert!(metrics.contains(&series), "{fault:?}: {series} missing");
        assert!(!s.logs().contains(MANAGED_TOKEN), "{fault:?}");
    }

    // Nothing listening: connect error (after one retry).
    let closed = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let url = format!("http://127.0.0.1:{closed}");
    let s = Server::start(
        &[("HF_ENDPOINT_URL", url.as_str()), ("HF_TIMEOUT", "1")],
        &[],
    );
    let r = audit(&s, &[], &json!({"text": TEXT}));
    assert_upstream_failure(&r, "connect", closed);
    assert_eq!(get(&s.url("/health")).status, 200);
}

#[test]
fn batch_items_run_concurrently_under_the_bound_and_one_failure_fails_the_batch() {
    let tgi = StandIn::start(Fault::None, Duration::from_millis(150));
    let s = managed(
        &tgi,
        &[
            ("UPSTREAM_PROTOCOL", "tgi"),
            ("UPSTREAM_CONCURRENCY", "2"),
            ("UPSTREAM_SAMPLES", "2"),
        ],
    );
    let items: Vec<Value> = (0..4)
        .map(|i| json!({"text": format!("{} ({i})", SAMPLES[i]), "prompt": PROMPT}))
        .collect();
    let r = post_json(&s.url("/v1/batch"), &[], &json!({ "items": items }));
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    for a in v["audits"].as_array().unwrap() {
        assert_eq!(a["metadata"]["upstream"]["k"], 2, "{a}");
        assert_eq!(a["metadata"]["upstream"]["logprobs"], true);
        assert!(a["upstream_latency_ms"].as_f64().unwrap() > 0.0);
    }
    assert_eq!(tgi.generations().len(), 4 * 3);
    // 12 requests of 150 ms: concurrent (more than one at a time), never above the bound.
    assert_eq!(tgi.max_in_flight(), 2);

    let mut failing = items.clone();
    failing[2]["text"] = json!(format!("Paris. {FAIL_MARKER}"));
    let r = post_json(&s.url("/v1/batch"), &[], &json!({ "items": failing }));
    assert_upstream_failure(&r, "HTTP status 500", tgi.port);
}

#[test]
fn compare_never_calls_the_upstream() {
    let tgi = StandIn::tgi();
    let s = managed(&tgi, &[("UPSTREAM_PROTOCOL", "tgi")]);
    let body = json!({"prompt": PROMPT, "responses": [
        {"model": "a", "text": "Paris."}, {"model": "b", "text": "Lyon."}]});
    let r = post_json(&s.url("/v1/compare"), &[], &body);
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(tgi.requests().is_empty());
}

#[test]
fn byo_mode_uses_only_the_clients_endpoint_and_token() {
    let managed_tgi = StandIn::tgi();
    let byo_tgi = StandIn::tgi();
    let s = managed(
        &managed_tgi,
        &[
            ("UPSTREAM_PROTOCOL", "tgi"),
            ("UPSTREAM_ALLOW_LOOPBACK_HTTP", "true"),
            ("ALLOWED_HF_HOSTS", "127.0.0.1"),
        ],
    );
    let endpoint = byo_tgi.url();
    let headers = [
        ("X-HF-Endpoint", endpoint.as_str()),
        ("X-HF-Token", BYO_TOKEN),
    ];
    let r = audit(&s, &headers, &json!({"text": TEXT, "prompt": PROMPT}));
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(v["mode"], "byo-hf");
    assert_eq!(v["metadata"]["upstream"]["protocol"], "tgi");
    assert!(v["upstream_latency_ms"].as_f64().unwrap() > 0.0);
    assert!(
        managed_tgi.requests().is_empty(),
        "the managed endpoint was not used"
    );
    let reqs = byo_tgi.requests();
    assert!(!reqs.is_empty());
    for r in &reqs {
        assert_eq!(
            r.headers.get("authorization").map(String::as_str),
            Some(format!("Bearer {BYO_TOKEN}").as_str())
        );
    }
    let r = post_json(
        &s.url("/v1/batch"),
        &headers,
        &json!({"items": [{"text": TEXT, "prompt": PROMPT}, {"text": "Lyon."}]}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.json()["audits"]
        .as_array()
        .unwrap()
        .iter()
        .all(|a| a["mode"] == "byo-hf"));
    assert!(managed_tgi.requests().is_empty());
    let metrics = get(&s.url("/metrics")).body;
    assert!(
        metrics.contains(r#"epistemic_audit_audits_total{mode="byo-hf""#),
        "{metrics}"
    );
    assert!(!metrics.contains(r#"epistemic_audit_upstream_calls_total{mode="byo-hf"} 0"#));
    assert!(!s.logs().contains(BYO_TOKEN));
}

/// Every refused endpoint is refused before any connection: the loopback listener named by the
/// `localhost` case sees none, and no other case names a reachable address.
#[test]
fn byo_endpoint_rules_give_400_before_connecting() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let localhost = format!("https://localhost:{port}/");
    let plain = Server::open();
    let private_allowed = Server::start(&[("ALLOWED_HF_HOSTS", "10.0.0.1")], &[]);
    let localhost_allowed = Server::start(&[("ALLOWED_HF_HOSTS", "localhost")], &[]);
    let body = json!({"text": TEXT, "prompt": PROMPT});
    type Case<'a> = (&'a Server, Vec<(&'a str, &'a str)>, &'a str);
    let cases: Vec<Case> = vec![
        (
            &plain,
            vec![("X-HF-Token", BYO_TOKEN)],
            "X-HF-Endpoint header is missing",
        ),
        (
            &plain,
            vec![("X-HF-Endpoint", "https://api.huggingface.co/")],
            "X-HF-Token header is missing",
        ),
        (
            &plain,
            vec![
                ("X-HF-Endpoint", "https://10.0.0.1/"),
                ("X-HF-Token", BYO_TOKEN),
            ],
            "Invalid X-HF-Endpoint: the host is not in ALLOWED_HF_HOSTS",
        ),
        (
            &private_allowed,
            vec![
                ("X-HF-Endpoint", "https://10.0.0.1/"),
                ("X-HF-Token", BYO_TOKEN),
            ],
            "Invalid X-HF-Endpoint: the host resolves to a private address",
        ),
        (
            &plain,
            vec![
                ("X-HF-Endpoint", "http://api.huggingface.co/"),
                ("X-HF-Token", BYO_TOKEN),
            ],
            "Invalid X-HF-Endpoint: the scheme must be https",
        ),
        (
            &plain,
            vec![
                ("X-HF-Endpoint", "https://example.com/"),
                ("X-HF-Token", BYO_TOKEN),
            ],
            "Invalid X-HF-Endpoint: the host is not in ALLOWED_HF_HOSTS",
        ),
        (
            &localhost_allowed,
            vec![
                ("X-HF-Endpoint", localhost.as_str()),
                ("X-HF-Token", BYO_TOKEN),
            ],
            "Invalid X-HF-Endpoint: the host resolves to a loopback address",
        ),
    ];
    for (server, headers, detail) in &cases {
        for path in ["/v1/audit", "/v1/batch"] {
            let b = if path == "/v1/batch" {
                json!({ "items": [body.clone()] })
            } else {
                body.clone()
            };
            let r = post_json(&server.url(path), headers, &b);
            assert_eq!(r.status, 400, "{path} {headers:?}: {}", r.body);
            let got = r.json()["detail"].as_str().unwrap().to_string();
            assert!(got.starts_with(detail), "{path} {headers:?}: {got}");
            for leak in [
                BYO_TOKEN,
                "10.0.0.1",
                "localhost",
                "example.com",
                "huggingface.co/",
            ] {
                assert!(!got.contains(leak), "{leak} in {got}");
            }
        }
    }
    assert!(
        matches!(listener.accept(), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock),
        "a refused endpoint was connected to"
    );
    for s in [&plain, &private_allowed, &localhost_allowed] {
        assert!(!s.logs().contains(BYO_TOKEN));
    }
}

#[test]
fn hf_timeout_above_60_seconds_is_refused_at_start_up() {
    let out = std::process::Command::new(BIN)
        .args(["serve", "--port", "0"])
        .env("HF_TIMEOUT", "61")
        .env("FEEDBACK_DB_PATH", temp_db_path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("HF_TIMEOUT") || err.contains("hf-timeout"),
        "{err}"
    );
    let out = std::process::Command::new(BIN)
        .args(["serve", "--port", "0"])
        .env("HF_ENDPOINT_URL", "ftp://user:pw@host/")
        .env("FEEDBACK_DB_PATH", temp_db_path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("HF_ENDPOINT_URL") && !err.contains("pw@"),
        "{err}"
    );
}
