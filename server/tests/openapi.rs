//! GET /openapi.json against the real binary (issue 3 item 4; contract "Versioning").
//!
//! * The served document and the types cannot diverge: real responses of the running binary —
//!   every documented (path, method, status) that a black-box client can provoke — are validated
//!   (jsonschema crate, JSON Schema 2020-12) against the schema the document gives for that
//!   response, with every object schema made strict (`additionalProperties: false`), so a field
//!   served but not documented fails as well as a documented required field that is missing.
//!   The same is done for an AuditResult made directly by the scorer, for the error bodies built
//!   by `ApiError`, and for every example in the document.
//! * The document passes openapi-spec-validator (PyPI package `openapi-spec-validator`).

mod common;
use common::*;
use epistemic_audit_server::http::error::ApiError;
use serde_json::{json, Value};
use std::collections::BTreeSet;

const KEY: &str = "openapi-test-key";

fn served_doc(s: &Server) -> Value {
    let r = get(&s.url("/openapi.json"));
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("application/json"));
    r.json()
}

/// A JSON Schema 2020-12 document for `schema` whose `#/components/...` references resolve
/// against the (strict) components of `doc`.
fn standalone(doc: &Value, schema: &Value) -> Value {
    let mut components = doc["components"].clone();
    strict_schema(&mut components);
    let mut root = schema.clone();
    strict_schema(&mut root);
    let obj = root.as_object_mut().expect("schema object");
    obj.insert(
        "$schema".into(),
        json!("https://json-schema.org/draft/2020-12/schema"),
    );
    obj.insert("components".into(), components);
    root
}

fn assert_valid(doc: &Value, schema: &Value, instance: &Value, what: &str) {
    let full = standalone(doc, schema);
    let validator = jsonschema::validator_for(&full)
        .unwrap_or_else(|e| panic!("{what}: the served schema does not compile: {e}"));
    let errors: Vec<String> = validator
        .iter_errors(instance)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{what}: the served body does not match the served schema:\n{}\nbody: {instance}",
        errors.join("\n")
    );
}

fn is_valid(doc: &Value, schema: &Value, instance: &Value) -> bool {
    jsonschema::validator_for(&standalone(doc, schema))
        .unwrap()
        .is_valid(instance)
}

fn component(name: &str) -> Value {
    json!({ "$ref": format!("#/components/schemas/{name}") })
}

/// The schema the document gives for `status` of `method path` (application/json content).
fn response_schema(doc: &Value, path: &str, method: &str, status: u16) -> Value {
    let resp = &doc["paths"][path][method]["responses"][status.to_string()];
    assert!(
        resp.is_object(),
        "{method} {path} {status} is not documented"
    );
    assert!(
        resp["description"].as_str().is_some_and(|d| !d.is_empty()),
        "{method} {path} {status} has no description"
    );
    resp["content"]["application/json"]["schema"].clone()
}

#[test]
fn served_responses_match_the_served_schemas() {
    let s = Server::start(&[("AG_API_KEY_SECRET", KEY)], &[]);
    let small = Server::start(&[("AG_API_KEY_SECRET", KEY)], &["--max-body-bytes", "64"]);
    let doc = served_doc(&s);
    let key = ("X-API-Key", KEY);
    let ip = ("X-Forwarded-For", "198.51.100.31");
    let mut covered: BTreeSet<(String, String, u16)> = BTreeSet::new();
    let mut check = |path: &str, method: &str, r: Reply| {
        let schema = response_schema(&doc, path, method, r.status);
        assert_valid(
            &doc,
            &schema,
            &r.json(),
            &format!("{method} {path} {}", r.status),
        );
        covered.insert((path.to_string(), method.to_string(), r.status));
    };

    check("/", "get", get(&s.url("/")));
    check("/health", "get", get(&s.url("/health")));
    let audit = json!({
        "text": "No, I do not think Hunt Lowry was involved in A Walk to Remember. However, he produced White Oleander, released in 1999.",
        "prompt": "[Human]: Is A Walk to Remember the one with Hunt Lowry?",
        "context": "A Walk to Remember is produced by Hunt Lowry.",
        "model_source": "test-model"
    });
    let r = post_json(&s.url("/v1/audit"), &[key, ip], &audit);
    assert_eq!(r.status, 200, "{}", r.body);
    check("/v1/audit", "post", r);
    let items = json!({"items": [{"text": "Paris is the capital of France."}, audit]});
    let r = post_json(&s.url("/v1/batch"), &[key, ip], &items);
    assert_eq!(r.status, 200, "{}", r.body);
    check("/v1/batch", "post", r);
    let compare = json!({
        "prompt": "What is the capital of Australia?",
        "responses": [
            {"model": "gpt-4o", "text": "The capital of Australia is Canberra."},
            {"model": "llama-3-8b", "text": "The capital of Australia is Sydney."}
        ]
    });
    let r = post_json(&s.url("/v1/compare"), &[key, ip], &compare);
    assert_eq!(r.status, 200, "{}", r.body);
    check("/v1/compare", "post", r);
    let mut duplicate = compare.clone();
    duplicate["responses"][1]["model"] = json!(" gpt-4o ");
    let r = post_json(&s.url("/v1/compare"), &[key, ip], &duplicate);
    assert_eq!(r.status, 400, "{}", r.body);
    check("/v1/compare", "post", r);
    for body in [
        json!({"text": "The capital of Australia is Canberra.", "model_source": "openapi-test", "ground_truth": 1}),
        json!({"text": "The capital of Australia is Canberra.", "feedback": "nice wording"}),
        json!({"text": "The capital of Australia is Canberra."}),
    ] {
        let r = post_json(&s.url("/v1/calibrate"), &[key, ip], &body);
        assert_eq!(r.status, 200, "{}", r.body);
        check("/v1/calibrate", "post", r);
    }
    let r = request("GET", &s.url("/v1/calibration"), &[key, ip], None);
    assert_eq!(r.status, 200, "{}", r.body);
    check("/v1/calibration", "get", r);
    let r = request("GET", &s.url("/v1/calibration"), &[ip], None);
    assert_eq!(r.status, 401);
    check("/v1/calibration", "get", r);
    let r = request(
        "GET",
        &s.url("/v1/calibration"),
        &[("X-API-Key", "wrong"), ip],
        None,
    );
    assert_eq!(r.status, 403);
    check("/v1/calibration", "get", r);
    for path in ["/v1/audit", "/v1/batch", "/v1/compare", "/v1/calibrate"] {
        check(
            path,
            "post",
            post_json(&s.url(path), &[ip], &json!({"text": "a"})),
        );
        check(
            path,
            "post",
            post_json(
                &s.url(path),
                &[("X-API-Key", "wrong"), ip],
                &json!({"text": "a"}),
            ),
        );
        check(
            path,
            "post",
            post_json(&s.url(path), &[key, ip], &json!({"text": 5, "items": [{}]})),
        );
        let big = json!({"text": "x".repeat(200), "items": [{"text": "x".repeat(200)}]});
        check(path, "post", post_json(&small.url(path), &[key, ip], &big));
    }
    // BYO-HF: one header alone → 400; an upstream that refuses connections → 502.
    let down = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        format!("http://127.0.0.1:{}", l.local_addr().unwrap().port())
    };
    let failing = Server::start(
        &[
            ("AG_API_KEY_SECRET", KEY),
            ("HF_ENDPOINT_URL", down.as_str()),
            ("HF_TIMEOUT", "2"),
        ],
        &[],
    );
    for (path, body) in [
        ("/v1/audit", json!({"text": "Paris."})),
        ("/v1/batch", json!({"items": [{"text": "Paris."}]})),
        (
            "/v1/calibrate",
            json!({"text": "Paris.", "ground_truth": 1}),
        ),
    ] {
        let r = post_json(&s.url(path), &[key, ip, ("X-HF-Token", "hf_x")], &body);
        assert_eq!(r.status, 400, "{}", r.body);
        check(path, "post", r);
        let r = post_json(&failing.url(path), &[key, ip], &body);
        assert_eq!(r.status, 502, "{}", r.body);
        check(path, "post", r);
    }

    let one = json!({"items": [{"text": "Paris."}]});
    let limited = ("X-Forwarded-For", "198.51.100.32");
    let r = loop {
        let r = post_json(&s.url("/v1/batch"), &[key, limited], &one);
        if r.status != 200 {
            break r;
        }
    };
    assert_eq!(r.status, 429);
    check("/v1/batch", "post", r);
    let r = loop {
        let r = post_json(
            &s.url("/v1/audit"),
            &[key, limited],
            &json!({"text": "Paris."}),
        );
        if r.status != 200 {
            break r;
        }
    };
    assert_eq!(r.status, 429);
    check("/v1/audit", "post", r);
    // Invalid bodies count against the limit too (contract "Limits"), and are quicker to answer.
    for path in ["/v1/compare", "/v1/calibrate"] {
        let r = loop {
            let r = post_json(&s.url(path), &[key, limited], &json!({}));
            if r.status != 422 {
                break r;
            }
        };
        assert_eq!(r.status, 429, "{path}");
        check(path, "post", r);
    }

    // The overload 503 (MAX_IN_FLIGHT_REQUESTS) on every operation that documents it: one
    // request whose body never comes holds the only place.
    let busy = Server::start(
        &[
            ("AG_API_KEY_SECRET", KEY),
            ("MAX_IN_FLIGHT_REQUESTS", "1"),
            ("BODY_READ_TIMEOUT_SECONDS", "60"),
        ],
        &[],
    );
    let mut stalled = std::net::TcpStream::connect(("127.0.0.1", busy.port)).unwrap();
    std::io::Write::write_all(
        &mut stalled,
        b"POST /v1/audit HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
    )
    .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !get(&busy.url("/metrics"))
        .body
        .lines()
        .any(|l| l == "epistemic_audit_in_flight_requests 1")
    {
        assert!(
            std::time::Instant::now() < deadline,
            "the stalled request never became in flight"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            if op["responses"].get("503").is_none() || path == "/openapi.json" {
                continue;
            }
            let body = (method == "post").then_some(&b"{}"[..]);
            let r = request(&method.to_uppercase(), &busy.url(path), &[key], body);
            assert_eq!(r.status, 503, "{method} {path}: {}", r.body);
            assert_eq!(r.header("retry-after"), Some("1"), "{method} {path}");
            check(path, method, r);
        }
    }
    drop(stalled);

    // Every documented JSON response was produced and checked, except 500 (no black-box way
    // to make scoring fail; its body is checked below from `ApiError`).
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            for (status, resp) in op["responses"].as_object().unwrap() {
                let status: u16 = status.parse().unwrap();
                if resp["content"].get("application/json").is_none() || status == 500 {
                    continue;
                }
                if path == "/openapi.json" {
                    continue; // the document itself, checked by openapi-spec-validator
                }
                assert!(
                    covered.contains(&(path.clone(), method.clone(), status)),
                    "{method} {path} {status} is documented but not exercised by this test"
                );
            }
        }
    }

    // Bodies of other statuses, and what the scorer and ApiError build directly.
    let r = get(&s.url("/nope"));
    assert_eq!(r.status, 404);
    assert_valid(&doc, &component("DetailError"), &r.json(), "404");
    let r = request("DELETE", &s.url("/v1/audit"), &[], None);
    assert_valid(&doc, &component("DetailError"), &r.json(), "405");
    let internal = ApiError::internal("Audit failed", "cause").body();
    assert_valid(
        &doc,
        &response_schema(&doc, "/v1/audit", "post", 500),
        &internal,
        "500 from ApiError",
    );
    let limited = ApiError::RateLimited {
        limit: 50,
        retry_after_secs: 3,
    }
    .body();
    assert_valid(
        &doc,
        &component("RateLimitError"),
        &limited,
        "429 from ApiError",
    );
    let scorer = epistemic_audit_core::Scorer::embedded();
    for req in [
        epistemic_audit_core::AuditRequest {
            text: "I am not sure, but it may be Canberra.".into(),
            prompt: Some("What is the capital of Australia?".into()),
            ..Default::default()
        },
        epistemic_audit_core::AuditRequest {
            text: "The summary says the company grew.".into(),
            context: Some("The company grew by 5% in 2020. ".repeat(60)),
            model_source: Some("m".into()),
            ..Default::default()
        },
    ] {
        for mode in [
            epistemic_audit_core::Mode::Managed,
            epistemic_audit_core::Mode::ByoHf,
            epistemic_audit_core::Mode::Local,
        ] {
            let result = serde_json::to_value(scorer.audit(&req, mode, 12.5)).unwrap();
            assert_valid(
                &doc,
                &component("AuditResult"),
                &result,
                "AuditResult from the scorer",
            );
            // The check has teeth: an undocumented field, a missing field or a wrong type fails.
            let schema = component("AuditResult");
            let mut extra = result.clone();
            extra["surprise"] = json!(1);
            assert!(!is_valid(&doc, &schema, &extra));
            let mut nested = result.clone();
            nested["metadata"]["calibration"]["surprise"] = json!(1);
            assert!(!is_valid(&doc, &schema, &nested));
            let mut missing = result.clone();
            missing.as_object_mut().unwrap().remove("height");
            assert!(!is_valid(&doc, &schema, &missing));
            let mut wrong = result.clone();
            wrong["verdict"] = json!("PERHAPS");
            assert!(!is_valid(&doc, &schema, &wrong));
        }
    }
}

#[test]
fn every_example_matches_its_schema_and_the_request_types() {
    let s = Server::open();
    let doc = served_doc(&s);
    let mut n = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            if let Some(content) = op["requestBody"]["content"]["application/json"].as_object() {
                let example = &content["example"];
                assert!(
                    !example.is_null(),
                    "{method} {path}: request example missing"
                );
                assert_valid(
                    &doc,
                    &content["schema"],
                    example,
                    &format!("{method} {path} request example"),
                );
                // The example is accepted by the server, i.e. by the request types' validation.
                let r = request(
                    &method.to_uppercase(),
                    &s.url(path),
                    &[("Content-Type", "application/json")],
                    Some(example.to_string().as_bytes()),
                );
                assert_eq!(r.status, 200, "{method} {path} example refused: {}", r.body);
                n += 1;
            }
            for (status, resp) in op["responses"].as_object().unwrap() {
                if let Some(content) = resp["content"]["application/json"].as_object() {
                    if let Some(example) = content.get("example") {
                        assert_valid(
                            &doc,
                            &content["schema"],
                            example,
                            &format!("{method} {path} {status} example"),
                        );
                        n += 1;
                    }
                }
            }
        }
    }
    for (name, schema) in doc["components"]["schemas"].as_object().unwrap() {
        if let Some(example) = schema.get("example") {
            assert_valid(&doc, &component(name), example, &format!("{name} example"));
            n += 1;
        }
    }
    assert!(n >= 15, "only {n} examples checked");
}

#[test]
fn document_lists_every_endpoint_header_and_security_scheme() {
    let s = Server::open();
    let doc = served_doc(&s);
    assert_eq!(doc["openapi"], "3.1.0");
    assert_eq!(doc["info"]["version"], "1.1.0");
    let paths: BTreeSet<&str> = doc["paths"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        paths,
        BTreeSet::from([
            "/",
            "/health",
            "/docs",
            "/openapi.json",
            "/metrics",
            "/v1/audit",
            "/v1/batch",
            "/v1/compare",
            "/v1/calibrate",
            "/v1/calibration"
        ])
    );
    let schemes = &doc["components"]["securitySchemes"];
    assert_eq!(schemes["api_key"]["type"], "apiKey");
    assert_eq!(schemes["api_key"]["in"], "header");
    assert_eq!(schemes["api_key"]["name"], "X-API-Key");
    assert_eq!(schemes["bearer"]["type"], "http");
    assert_eq!(schemes["bearer"]["scheme"], "bearer");
    for (path, method, statuses) in [
        (
            "/v1/audit",
            "post",
            &[
                "200", "400", "401", "403", "413", "422", "429", "500", "502",
            ][..],
        ),
        (
            "/v1/batch",
            "post",
            &[
                "200", "400", "401", "403", "413", "422", "429", "500", "502",
            ],
        ),
        (
            "/v1/compare",
            "post",
            &["200", "400", "401", "403", "413", "422", "429", "500"],
        ),
        (
            "/v1/calibrate",
            "post",
            &["200", "401", "403", "413", "422", "429", "500"],
        ),
        ("/v1/calibration", "get", &["200", "401", "403", "500"]),
    ] {
        let op = &doc["paths"][path][method];
        assert_eq!(
            op["security"],
            json!([{"api_key": []}, {"bearer": []}]),
            "{path}"
        );
        for status in statuses.iter().copied() {
            let resp = &op["responses"][status];
            assert!(resp.is_object(), "{path} {status}");
            assert!(
                resp["headers"]["X-Request-ID"].is_object(),
                "{path} {status} X-Request-ID"
            );
        }
        if method == "post" {
            assert!(op["responses"]["429"]["headers"]["Retry-After"].is_object());
        }
        assert!(op["responses"]["401"]["headers"]["WWW-Authenticate"].is_object());
        assert!(op["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["name"] == "X-Request-ID" && p["in"] == "header"));
    }
    for path in ["/", "/health", "/docs", "/openapi.json", "/metrics"] {
        assert!(
            doc["paths"][path]["get"]["security"].is_null(),
            "{path} is public"
        );
    }
    // The BYO-HF headers are documented where the server reads them, and only there.
    for (path, method) in [
        ("/v1/audit", "post"),
        ("/v1/batch", "post"),
        ("/v1/calibrate", "post"),
    ] {
        let params = doc["paths"][path][method]["parameters"].as_array().unwrap();
        for name in ["X-HF-Endpoint", "X-HF-Token"] {
            assert!(
                params.iter().any(|p| p["name"] == name
                    && p["in"] == "header"
                    && p["required"] != json!(true)),
                "{path} {name}"
            );
        }
    }
    assert!(
        !doc["paths"]["/v1/compare"]
            .to_string()
            .contains("X-HF-Token"),
        "/v1/compare"
    );
    let text = get(&s.url("/metrics"))
        .header("content-type")
        .map(str::to_owned);
    assert_eq!(
        doc["paths"]["/metrics"]["get"]["responses"]["200"]["content"]
            .as_object()
            .unwrap()
            .keys()
            .next()
            .map(String::as_str),
        text.as_deref()
    );
}

/// openapi-spec-validator (PyPI) on the served document; it detects the 3.1 dialect itself.
const SPEC_VALIDATOR: &str = r#"
import json, sys
from openapi_spec_validator import validate
doc = json.loads(sys.stdin.read())
validate(doc)
print("valid OpenAPI", doc["openapi"])
"#;

#[test]
fn openapi_spec_validator_accepts_the_served_document() {
    let s = Server::open();
    let body = get(&s.url("/openapi.json")).body;
    let out = python3(
        "openapi_spec_validator",
        "openapi-spec-validator",
        SPEC_VALIDATOR,
        body.as_bytes(),
    );
    assert_eq!(out.trim(), "valid OpenAPI 3.1.0");
}
