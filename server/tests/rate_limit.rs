//! Rate limits against the real binary (contract "Limits"; DESIGN §3). The window's expiry is
//! tested in `limits.rs` with an injectable clock; here: the 101st audit and the 21st batch
//! within a minute get the exact 429, per client IP as seen through trusted proxies.

mod common;
use common::*;
use serde_json::json;

#[test]
fn hundred_and_first_audit_from_one_ip_is_429() {
    let s = Server::open();
    let audit = s.url("/v1/audit");
    let body = json!({"text": "Paris is the capital of France."});
    let ip = [("X-Forwarded-For", "203.0.113.7")];
    for i in 0..100 {
        let r = post_json(&audit, &ip, &body);
        assert_eq!(
            r.status,
            200,
            "request {} got {}: {}",
            i + 1,
            r.status,
            r.body
        );
    }
    let r = post_json(&audit, &ip, &body);
    assert_eq!(r.status, 429);
    assert_eq!(
        r.body,
        r#"{"error":"Rate limit exceeded: 100 per 1 minute"}"#
    );
    let retry: u64 = r
        .header("retry-after")
        .expect("Retry-After")
        .parse()
        .unwrap();
    assert!((1..=60).contains(&retry), "Retry-After {retry}");
    assert!(r.header("x-request-id").is_some());

    // Another client (another forwarded address) has its own pool; batch is a separate pool.
    assert_eq!(
        post_json(&audit, &[("X-Forwarded-For", "203.0.113.8")], &body).status,
        200
    );
    assert_eq!(
        post_json(&s.url("/v1/batch"), &ip, &json!({"items": [body]})).status,
        200
    );
    // /health is never limited.
    for _ in 0..120 {
        assert_eq!(request("GET", &s.url("/health"), &ip, None).status, 200);
    }
    // X-Real-IP is honoured from a trusted peer when X-Forwarded-For is absent.
    assert_eq!(
        post_json(&audit, &[("X-Real-IP", "203.0.113.7")], &body).status,
        429
    );
}

#[test]
fn twenty_first_batch_is_429_whatever_the_batch_size() {
    let s = Server::open();
    let batch = s.url("/v1/batch");
    let ip = [("X-Forwarded-For", "198.51.100.20")];
    let items: Vec<_> = (0..5)
        .map(|i| json!({"text": format!("answer {i}")}))
        .collect();
    for i in 0..20 {
        let r = post_json(&batch, &ip, &json!({ "items": items }));
        assert_eq!(r.status, 200, "batch {}: {}", i + 1, r.body);
    }
    let r = post_json(&batch, &ip, &json!({ "items": items }));
    assert_eq!(r.status, 429);
    assert_eq!(
        r.body,
        r#"{"error":"Rate limit exceeded: 20 per 1 minute"}"#
    );
    assert!(r.header("retry-after").is_some());
    // Malformed bodies from a limited client are refused by the limiter, not parsed.
    let r = request("POST", &batch, &ip, Some(b"{oops"));
    assert_eq!(r.status, 429);
    // A large body is discarded so that the client still reads the 429 (no connection reset).
    let item = json!({"text": "x".repeat(9_000), "context": "y".repeat(4_000)});
    let big = json!({ "items": vec![item; 100] });
    let r = post_json(&batch, &ip, &big);
    assert_eq!(r.status, 429);
}

#[test]
fn forwarded_headers_from_untrusted_peers_are_ignored() {
    // No trusted proxy: every request counts as 127.0.0.1 whatever X-Forwarded-For says.
    let s = Server::start(&[("TRUSTED_PROXIES", "none")], &[]);
    let batch = s.url("/v1/batch");
    let body = json!({"items": [{"text": "Paris."}]});
    for i in 0..20 {
        let xff = format!("192.0.2.{i}");
        assert_eq!(
            post_json(&batch, &[("X-Forwarded-For", &xff)], &body).status,
            200
        );
    }
    let r = post_json(&batch, &[("X-Forwarded-For", "192.0.2.200")], &body);
    assert_eq!(r.status, 429);
}

#[test]
fn unauthenticated_requests_do_not_use_up_the_quota() {
    let s = Server::start(&[("AG_API_KEY_SECRET", "k")], &[]);
    let batch = s.url("/v1/batch");
    let body = json!({"items": [{"text": "Paris."}]});
    let ip = ("X-Forwarded-For", "198.51.100.99");
    for _ in 0..30 {
        assert_eq!(post_json(&batch, &[ip], &body).status, 401);
    }
    assert_eq!(
        post_json(&batch, &[ip, ("X-API-Key", "k")], &body).status,
        200
    );
}
