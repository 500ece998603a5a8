//! CORS against the real binary (contract "Authentication" rule 9; DESIGN §3; issue 3 item 6):
//! CORS_ORIGINS default none, a list, or `*` (only without credentials); preflight without a
//! key; CORS headers on 401/403 and every other response of an allowed origin; `Vary: Origin`.

mod common;
use common::*;
use serde_json::json;
use std::process::Command;

const APP: &str = "https://app.example.com";
const ALLOWED_HEADERS: [&str; 6] = [
    "X-API-Key",
    "Authorization",
    "Content-Type",
    "X-HF-Token",
    "X-HF-Endpoint",
    "X-Request-ID",
];

fn preflight(s: &Server, path: &str, origin: &str) -> Reply {
    request(
        "OPTIONS",
        &s.url(path),
        &[
            ("Origin", origin),
            ("Access-Control-Request-Method", "POST"),
            ("Access-Control-Request-Headers", "x-api-key, content-type"),
        ],
        None,
    )
}

#[test]
fn default_allows_no_cross_origin_access() {
    let s = Server::start(&[("AG_API_KEY_SECRET", "k")], &[]);
    let r = preflight(&s, "/v1/audit", APP);
    assert_eq!(r.status, 204);
    assert_eq!(r.header("access-control-allow-origin"), None);
    assert_eq!(r.header("access-control-allow-methods"), None);
    let r = request("GET", &s.url("/health"), &[("Origin", APP)], None);
    assert_eq!(r.status, 200);
    assert_eq!(r.header("access-control-allow-origin"), None);
}

#[test]
fn listed_origins_get_cors_headers_on_every_response_including_401_and_403() {
    let s = Server::start(
        &[
            ("AG_API_KEY_SECRET", "k"),
            (
                "CORS_ORIGINS",
                "https://app.example.com, http://localhost:3000",
            ),
        ],
        &[],
    );
    // Preflight: no key needed, methods of the path, the allowed request headers, max age.
    let r = preflight(&s, "/v1/audit", APP);
    assert_eq!(r.status, 204, "{}", r.body);
    assert_eq!(r.header("access-control-allow-origin"), Some(APP));
    assert_eq!(
        r.header("access-control-allow-methods"),
        Some("POST, OPTIONS")
    );
    let allowed = r
        .header("access-control-allow-headers")
        .unwrap()
        .to_ascii_lowercase();
    for h in ALLOWED_HEADERS {
        assert!(
            allowed.contains(&h.to_ascii_lowercase()),
            "{h} not in {allowed}"
        );
    }
    assert_eq!(r.header("access-control-max-age"), Some("600"));
    assert_eq!(r.header("vary"), Some("Origin"));
    assert_eq!(r.header("access-control-allow-credentials"), None);
    let r = preflight(&s, "/v1/batch", "http://localhost:3000");
    assert_eq!(
        r.header("access-control-allow-origin"),
        Some("http://localhost:3000")
    );

    let audit = s.url("/v1/audit");
    let body = json!({"text": "Paris is the capital of France."});
    for (headers, status) in [
        (vec![("Origin", APP)], 401),
        (vec![("Origin", APP), ("X-API-Key", "wrong")], 403),
        (vec![("Origin", APP), ("X-API-Key", "k")], 200),
        (vec![("Origin", APP), ("Authorization", "Bearer k")], 200),
    ] {
        let r = post_json(&audit, &headers, &body);
        assert_eq!(r.status, status, "{}", r.body);
        assert_eq!(
            r.header("access-control-allow-origin"),
            Some(APP),
            "{status}"
        );
        assert_eq!(r.header("vary"), Some("Origin"), "{status}");
        let exposed = r.header("access-control-expose-headers").unwrap();
        assert!(exposed.contains("X-Request-ID") && exposed.contains("Retry-After"));
        assert_eq!(
            r.header("access-control-allow-methods"),
            None,
            "only on preflights"
        );
    }
    for path in ["/", "/health", "/metrics", "/openapi.json", "/nope"] {
        let r = request("GET", &s.url(path), &[("Origin", APP)], None);
        assert_eq!(r.header("access-control-allow-origin"), Some(APP), "{path}");
    }

    // Another origin: no Allow-Origin (the browser blocks the read), still Vary: Origin.
    let r = preflight(&s, "/v1/audit", "https://evil.example");
    assert_eq!(r.status, 204);
    assert_eq!(r.header("access-control-allow-origin"), None);
    assert_eq!(r.header("vary"), Some("Origin"));
    let r = post_json(
        &audit,
        &[("Origin", "https://evil.example"), ("X-API-Key", "k")],
        &body,
    );
    assert_eq!(r.status, 200);
    assert_eq!(r.header("access-control-allow-origin"), None);
    // Same host, other scheme or port: a different origin.
    let r = preflight(&s, "/v1/audit", "http://app.example.com");
    assert_eq!(r.header("access-control-allow-origin"), None);
}

#[test]
fn compare_calibrate_and_calibration_get_the_same_cors_treatment() {
    let s = Server::start(&[("AG_API_KEY_SECRET", "k"), ("CORS_ORIGINS", APP)], &[]);
    for (path, methods) in [
        ("/v1/compare", "POST, OPTIONS"),
        ("/v1/calibrate", "POST, OPTIONS"),
        ("/v1/calibration", "GET, HEAD, OPTIONS"),
    ] {
        let r = preflight(&s, path, APP);
        assert_eq!(r.status, 204, "{path}: preflight needs no key");
        assert_eq!(r.header("access-control-allow-origin"), Some(APP), "{path}");
        assert_eq!(
            r.header("access-control-allow-methods"),
            Some(methods),
            "{path}"
        );
    }
    let compare = json!({"prompt": "Q?", "responses": [
        {"model": "a", "text": "Paris."}, {"model": "a", "text": "Lyon."}]});
    let calibrate = json!({"text": "Paris.", "ground_truth": 1});
    for (path, body, headers, status) in [
        ("/v1/compare", &compare, vec![("Origin", APP)], 401),
        (
            "/v1/compare",
            &compare,
            vec![("Origin", APP), ("X-API-Key", "wrong")],
            403,
        ),
        (
            "/v1/compare",
            &compare,
            vec![("Origin", APP), ("X-API-Key", "k")],
            400,
        ),
        ("/v1/calibrate", &calibrate, vec![("Origin", APP)], 401),
        (
            "/v1/calibrate",
            &calibrate,
            vec![("Origin", APP), ("X-API-Key", "k")],
            200,
        ),
    ] {
        let r = post_json(&s.url(path), &headers, body);
        assert_eq!(r.status, status, "{path}: {}", r.body);
        assert_eq!(
            r.header("access-control-allow-origin"),
            Some(APP),
            "{path} {status}"
        );
        assert_eq!(r.header("vary"), Some("Origin"), "{path} {status}");
    }
    for (headers, status) in [
        (vec![("Origin", APP)], 401),
        (vec![("Origin", APP), ("X-API-Key", "k")], 200),
    ] {
        let r = request("GET", &s.url("/v1/calibration"), &headers, None);
        assert_eq!(r.status, status, "{}", r.body);
        assert_eq!(
            r.header("access-control-allow-origin"),
            Some(APP),
            "{status}"
        );
    }
}

#[test]
fn star_allows_any_origin_without_credentials() {
    let s = Server::start(&[("AG_API_KEY_SECRET", "k"), ("CORS_ORIGINS", "*")], &[]);
    let r = preflight(&s, "/v1/batch", "https://anyone.example");
    assert_eq!(r.status, 204);
    assert_eq!(r.header("access-control-allow-origin"), Some("*"));
    assert_eq!(r.header("access-control-allow-credentials"), None);
    let r = post_json(
        &s.url("/v1/batch"),
        &[("Origin", "https://anyone.example")],
        &json!({}),
    );
    assert_eq!(r.status, 401);
    assert_eq!(r.header("access-control-allow-origin"), Some("*"));
}

#[test]
fn credentials_are_sent_only_to_listed_origins_when_enabled() {
    let s = Server::start(
        &[
            ("CORS_ORIGINS", APP),
            ("CORS_ALLOW_CREDENTIALS", "true"),
            ("CORS_MAX_AGE_SECONDS", "60"),
        ],
        &[],
    );
    let r = preflight(&s, "/v1/audit", APP);
    assert_eq!(r.header("access-control-allow-credentials"), Some("true"));
    assert_eq!(r.header("access-control-max-age"), Some("60"));
}

#[test]
fn star_with_credentials_and_bad_origins_are_refused_at_start_up() {
    for (env, want) in [
        (
            vec![("CORS_ORIGINS", "*"), ("CORS_ALLOW_CREDENTIALS", "true")],
            "only without credentials",
        ),
        (vec![("CORS_ORIGINS", "app.example.com")], "not an origin"),
        (
            vec![("CORS_ORIGINS", "*,https://a.example")],
            "cannot be combined",
        ),
    ] {
        let mut cmd = Command::new(BIN);
        cmd.args(["serve", "--port", "0"]);
        for var in SETTINGS_ENV {
            cmd.env_remove(var);
        }
        let out = cmd.envs(env.iter().copied()).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{env:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(want), "{env:?}: {err}");
    }
}
