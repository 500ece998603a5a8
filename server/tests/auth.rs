//! Authentication against the real binary (contract "Authentication"; DESIGN §3).

mod common;
use common::*;
use serde_json::json;

const SECRET: &str = "test-secret-6f1c0d";

#[test]
fn key_required_when_secret_is_set() {
    let s = Server::start(&[("AG_API_KEY_SECRET", SECRET)], &[]);
    let audit = s.url("/v1/audit");
    let body = json!({"text": "Paris is the capital of France."});

    let r = post_json(&audit, &[], &body);
    assert_eq!(r.status, 401);
    let v = r.json();
    assert_eq!(v["error"], "unauthorized");
    assert!(v["message"].is_string());
    assert!(r.header("x-request-id").is_some());

    let r = post_json(&audit, &[("X-API-Key", "wrong")], &body);
    assert_eq!(r.status, 403);
    let v = r.json();
    assert_eq!(v["error"], "forbidden");
    assert!(v["message"].is_string());

    let r = post_json(&audit, &[("X-API-Key", SECRET)], &body);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_valid_audit(&r.json());

    let bearer = format!("Bearer {SECRET}");
    let r = post_json(&audit, &[("Authorization", &bearer)], &body);
    assert_eq!(r.status, 200, "{}", r.body);

    // X-API-Key takes precedence over Authorization.
    let r = post_json(
        &audit,
        &[("X-API-Key", "wrong"), ("Authorization", &bearer)],
        &body,
    );
    assert_eq!(r.status, 403);
    let r = post_json(&audit, &[("Authorization", "Bearer wrong")], &body);
    assert_eq!(r.status, 403);
    let r = post_json(
        &audit,
        &[("Authorization", &format!("Basic {SECRET}"))],
        &body,
    );
    assert_eq!(r.status, 401);

    // Batch too.
    let batch = s.url("/v1/batch");
    let items = json!({"items": [{"text": "a b c"}]});
    assert_eq!(post_json(&batch, &[], &items).status, 401);
    assert_eq!(post_json(&batch, &[("X-API-Key", "x")], &items).status, 403);
    assert_eq!(
        post_json(&batch, &[("X-API-Key", SECRET)], &items).status,
        200
    );

    // A large body without a key still gets its 401 (the body is discarded, not parsed).
    let item = json!({"text": "x".repeat(9_000)});
    let big = json!({ "items": vec![item; 100] });
    assert_eq!(post_json(&batch, &[], &big).status, 401);

    // Auth happens before body validation: a malformed body without a key is 401, not 422.
    let r = request("POST", &audit, &[], Some(b"{not json"));
    assert_eq!(r.status, 401);

    // Public endpoints need no key; OPTIONS neither; unknown paths are 404 not 401.
    for path in ["/", "/health", "/docs", "/openapi.json", "/metrics"] {
        assert_eq!(get(&s.url(path)).status, 200, "{path}");
    }
    assert_eq!(get(&s.url("/")).json()["open_mode"], false);
    assert_eq!(request("OPTIONS", &audit, &[], None).status, 204);
    assert_eq!(get(&s.url("/nope")).status, 404);

    // The secret never shows up in bodies or logs (read once the last request's line is in).
    let logs = s.logs_once("\"/nope\"");
    assert!(!logs.contains(SECRET), "secret leaked into logs:\n{logs}");
    assert!(!logs.contains("OPEN MODE"));
}

#[test]
fn open_mode_without_secret() {
    let s = Server::open();
    let r = post_json(
        &s.url("/v1/audit"),
        &[],
        &json!({"text": "Paris is the capital of France."}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    // Any key is ignored in open mode.
    let r = post_json(
        &s.url("/v1/audit"),
        &[("X-API-Key", "whatever")],
        &json!({"text": "Paris."}),
    );
    assert_eq!(r.status, 200);
    assert_eq!(get(&s.url("/")).json()["open_mode"], true);
    // A warning at start-up.
    let logs = s.logs_once("OPEN MODE");
    let warn = logs
        .lines()
        .find(|l| l.contains("OPEN MODE"))
        .unwrap_or_else(|| panic!("no open-mode warning:\n{logs}"));
    assert!(warn.contains("\"WARN\""), "{warn}");
}

#[test]
fn blank_secret_is_open_mode() {
    let s = Server::start(&[("AG_API_KEY_SECRET", "")], &[]);
    assert_eq!(
        post_json(&s.url("/v1/audit"), &[], &json!({"text": "Paris."})).status,
        200
    );
}

#[test]
fn secret_from_the_command_line() {
    let s = Server::start(&[], &["--api-key-secret", SECRET]);
    assert_eq!(
        post_json(&s.url("/v1/audit"), &[], &json!({"text": "Paris."})).status,
        401
    );
    assert_eq!(
        post_json(
            &s.url("/v1/audit"),
            &[("X-API-Key", SECRET)],
            &json!({"text": "Paris."})
        )
        .status,
        200
    );
}
