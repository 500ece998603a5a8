//! The semantic tier served by the real binary (issue 13, "Serving"; DESIGN §2.6; README
//! "Semantic tier in the service").
//!
//! The tests that load all-MiniLM-L6-v2 need its files, as the semantic crate's tests do
//! (`semantic/tests/model`): the directory is `EA_MINILM_DIR`, else `models/all-minilm-l6-v2`
//! where `bash scripts/fetch-minilm.sh` unpacks it. When neither holds the model they **fail**
//! with what to run — they never pass silently without it (CI sets
//! `EA_MINILM_DIR=$(bash scripts/fetch-minilm.sh | tail -n1)`).

mod common;
#[allow(dead_code)]
#[path = "../../semantic/tests/model/mod.rs"]
mod model;

use common::*;
use epistemic_audit_core::Scorer;
use serde_json::{json, Value};

/// The model directory; panics, saying what to run, when it lacks the model's files.
fn model_dir() -> String {
    let dir = model::model_dir();
    for f in ["model.safetensors", "tokenizer.json", "config.json"] {
        assert!(
            dir.join(f).is_file(),
            "{} has no {f}. The semantic model all-MiniLM-L6-v2 is needed: run \
             `bash scripts/fetch-minilm.sh` from the repository root, or set EA_MINILM_DIR to a \
             directory holding model.safetensors, tokenizer.json and config.json.",
            dir.display()
        );
    }
    dir.to_string_lossy().into_owned()
}

fn with_model() -> Server {
    let dir = model_dir();
    Server::start(&[("SEMANTIC_MODEL_DIR", dir.as_str())], &[])
}

const PASSAGE: &str = "The Amazon River flows through Brazil, Peru and Colombia. \
    The Amazon is the largest river in the world by discharge volume of water. \
    Its basin covers about seven million square kilometres. \
    The Nile is often cited as the longest river on Earth. \
    Manaus is the largest city on the Amazon.";

fn paraphrase() -> Value {
    json!({
        "text": "No other river carries as much water as the Amazon.",
        "context": PASSAGE
    })
}

/// The value of the series `name` (with its labels) in the Prometheus text `text`.
fn series(text: &str, name: &str) -> f64 {
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.trim().parse().ok())
        .unwrap_or_else(|| panic!("{name} not in\n{text}"))
}

/// The characters `start..end` of `s` (offsets in Unicode scalar values).
fn chars(s: &str, start: usize, end: usize) -> String {
    s.chars().skip(start).take(end - start).collect()
}

fn assert_semantic_off(v: &Value, reason_part: &str) {
    let s = &v["metadata"]["semantic"];
    assert_eq!(s["ran"], false, "{s}");
    assert_eq!(s["model"], "all-MiniLM-L6-v2", "{s}");
    let reason = s["reason"]
        .as_str()
        .unwrap_or_else(|| panic!("no reason: {s}"));
    assert!(reason.contains(reason_part), "{reason}");
    assert_eq!(s["word_pieces"], 0);
    assert_eq!(s["claims"], json!([]));
}

/// The numbers the semantic tier must not touch (it is reported only).
fn scores(v: &Value) -> Value {
    json!([
        v["q1"],
        v["q2"],
        v["height"],
        v["verdict"],
        v["confidence_interval"],
        v["explanation"],
        v["metadata"]["raw_confidence"],
        v["metadata"]["claims"]
    ])
}

#[test]
fn a_paraphrased_claim_is_aligned_to_its_source_sentence_and_no_score_changes() {
    let s = with_model();
    let plain = Server::open();
    let r = post_json(&s.url("/v1/audit"), &[], &paraphrase());
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_valid_audit(&v);
    let sem = &v["metadata"]["semantic"];
    assert_eq!(sem["ran"], true, "{sem}");
    assert_eq!(sem["model"], "all-MiniLM-L6-v2");
    assert!(sem.get("reason").is_none(), "{sem}");
    assert!(sem["word_pieces"].as_u64().unwrap() > 20, "{sem}");
    let claims = sem["claims"].as_array().unwrap();
    assert_eq!(
        claims.len(),
        v["metadata"]["claims"].as_array().unwrap().len()
    );
    let c = &claims[0];
    assert_eq!(c["claim"], 0);
    let text = c["source"]["text"].as_str().unwrap();
    assert_eq!(
        text, "The Amazon is the largest river in the world by discharge volume of water.",
        "{sem}"
    );
    let (start, end) = (
        c["source"]["start"].as_u64().unwrap() as usize,
        c["source"]["end"].as_u64().unwrap() as usize,
    );
    assert_eq!(chars(PASSAGE, start, end), text, "offsets into the context");
    let cosine = c["cosine"].as_f64().unwrap();
    assert!((-1.0..=1.0).contains(&cosine) && cosine > 0.5, "{cosine}");

    // Reported only: every score is what the server without the model says.
    let p = post_json(&plain.url("/v1/audit"), &[], &paraphrase()).json();
    assert_eq!(scores(&v), scores(&p));
    assert_semantic_off(&p, "no sentence-embedding model");

    // The second time the context's sentences come from the cache: the same alignment and word
    // pieces; the cosine equal up to float rounding (the claim is batched with other texts, or
    // alone, and padding changes the last bits).
    let again = post_json(&s.url("/v1/audit"), &[], &paraphrase()).json();
    let a = &again["metadata"]["semantic"];
    assert_eq!(a["word_pieces"], sem["word_pieces"]);
    assert_eq!(a["claims"][0]["source"], c["source"]);
    let drift = (a["claims"][0]["cosine"].as_f64().unwrap() - cosine).abs();
    assert!(drift < 1e-5, "{drift}");

    // The served document describes metadata.semantic (strictly: no undocumented member).
    let doc = get(&s.url("/openapi.json")).json();
    let schema = &doc["components"]["schemas"]["SemanticInfo"];
    assert!(schema["properties"]["claims"].is_object(), "{schema}");
    assert_valid_against(&doc, "AuditResult", &v);
}

#[test]
fn samples_are_compared_by_embedding_and_the_semantic_samples_model_scores_them() {
    let s = with_model();
    let plain = Server::open();
    let req = json!({
        "text": "The capital of France is Paris.",
        "prompt": "What is the capital of France?",
        "samples": [
            "Paris is the capital of France.",
            "France's seat of government is the city of Paris.",
            "It is Lyon."
        ]
    });
    let before = get(&s.url("/metrics")).body;
    let r = post_json(&s.url("/v1/audit"), &[], &req);
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    let p = post_json(&plain.url("/v1/audit"), &[], &req).json();
    let (m, pm) = (&v["metadata"], &p["metadata"]);
    assert_eq!(m["samples_equivalence"], "embedding", "{m}");
    assert_eq!(pm["samples_equivalence"], "lexical", "{pm}");
    assert_eq!(m["tier"], "samples");
    // The semantic model's τ and inputs are reported; the lexical result has no τ.
    // (τ is fitted from the trainer's grid, 0.30, 0.35, …, 0.95.)
    let tau = m["features"]["equivalent_at"].as_f64().unwrap();
    assert!((0.3..=0.95).contains(&tau), "{tau}");
    assert!(pm["features"].get("equivalent_at").is_none());
    // Two samples say what the text says (Paris), one does not (Lyon: another name, whatever
    // its cosine): 2 of 3 by meaning. The text against the samples (E_y) stays lexical.
    let support = m["features"]["semantic_support"].as_f64().unwrap();
    assert!((support - 2.0 / 3.0).abs() < 1e-9, "{m}");
    assert!(pm["features"].get("semantic_support").is_none());
    assert_eq!(
        m["features"]["disagreement"],
        pm["features"]["disagreement"]
    );
    // The semantic samples model moves q2 exactly when the shipped one weighs the semantic
    // disagreement (the trainer keeps it only beyond one standard error, README "Evidence tiers";
    // every other input and weight is then the lexical model's).
    assert_eq!(
        v["q2"] != p["q2"],
        Scorer::embedded().semantic_weighs_meaning(),
        "{} vs {}",
        v["q2"],
        p["q2"]
    );
    let why = v["explanation"].as_str().unwrap();
    assert!(why.contains("clustered by meaning"), "{why}");
    let after = get(&s.url("/metrics")).body;
    let count = |text: &str| {
        series(
            text,
            r#"epistemic_audit_semantic_results_total{kind="samples",ran="true"}"#,
        )
    };
    assert_eq!(count(&after) - count(&before), 1.0, "{after}");
    // A text repeated among the samples is embedded once: "[CLS] paris . [SEP]" and the text's
    // nine word pieces, not 9 + 3 × 4.
    let pieces = |t: &str| series(t, "epistemic_audit_semantic_word_pieces_total");
    let repeated = json!({
        "text": "The capital of France is Paris.",
        "samples": ["Paris.", "Paris.", "Paris."]
    });
    let r = post_json(&s.url("/v1/audit"), &[], &repeated).json();
    assert_eq!(r["metadata"]["samples_equivalence"], "embedding");
    let again = get(&s.url("/metrics")).body;
    assert_eq!(pieces(&again) - pieces(&after), 13.0, "{again}");
    // Without samples nothing is embedded for them and the field is absent.
    let none = post_json(&s.url("/v1/audit"), &[], &json!({"text": "Paris."})).json();
    assert!(none["metadata"].get("samples_equivalence").is_none());
    let doc = get(&s.url("/openapi.json")).json();
    assert_valid_against(&doc, "AuditResult", &v);
}

#[test]
fn without_sources_the_tier_says_why_it_did_not_run() {
    let s = with_model();
    let r = post_json(
        &s.url("/v1/audit"),
        &[],
        &json!({"text": "Canberra is the capital of Australia."}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_semantic_off(&r.json(), "no source passages");
    // A context that is a question is a prompt, not a source.
    let r = post_json(
        &s.url("/v1/audit"),
        &[],
        &json!({"text": "Canberra.", "context": "What is the capital of Australia?"}),
    );
    assert_semantic_off(&r.json(), "no source passages");
}

#[test]
fn a_passage_in_the_prompt_is_aligned_where_it_stands_in_the_prompt() {
    let s = with_model();
    let prompt = format!("Answer from the context.\nContext: {PASSAGE}\nQuestion: Which river carries the most water?");
    let body =
        json!({"text": "No other river carries as much water as the Amazon.", "prompt": prompt});
    let r = post_json(&s.url("/v1/audit"), &[], &body);
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    let md = &v["metadata"];
    let at = prompt[..prompt.find("The Amazon").unwrap()].chars().count() as u64;
    assert_eq!(md["sources"]["field"], "prompt", "{md}");
    assert_eq!(md["sources"]["start"], at, "{md}");
    let sem = &md["semantic"];
    assert_eq!(sem["ran"], true, "{sem}");
    let c = &sem["claims"][0]["source"];
    let text = c["text"].as_str().unwrap();
    assert_eq!(
        text,
        "The Amazon is the largest river in the world by discharge volume of water."
    );
    let (start, end) = (
        c["start"].as_u64().unwrap() as usize,
        c["end"].as_u64().unwrap() as usize,
    );
    assert_eq!(chars(&prompt, start, end), text, "offsets into the prompt");
    let doc = get(&s.url("/openapi.json")).json();
    assert_valid_against(&doc, "AuditResult", &v);
}

#[test]
fn batch_items_are_aligned_each_against_its_own_context() {
    let s = with_model();
    let body = json!({"items": [
        paraphrase(),
        {"text": "Paris is in France."},
        {"text": "Water boils at 100 degrees at sea level.",
         "context": "At sea level, water boils at 100 degrees Celsius. Ice melts at 0 degrees."}
    ]});
    let r = post_json(&s.url("/v1/batch"), &[], &body);
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    let a = v["audits"].as_array().unwrap();
    assert_eq!(a[0]["metadata"]["semantic"]["ran"], true);
    assert!(a[0]["metadata"]["semantic"]["claims"][0]["source"]["text"]
        .as_str()
        .unwrap()
        .contains("discharge"));
    assert_semantic_off(&a[1], "no source passages");
    assert_eq!(a[2]["metadata"]["semantic"]["ran"], true);
    assert!(a[2]["metadata"]["semantic"]["claims"][0]["source"]["text"]
        .as_str()
        .unwrap()
        .contains("boils"));

    // GET /metrics counts the tier's work: 2 items ran and 1 did not, 7 source sentences were
    // embedded (PASSAGE's five, the water context's two); the same batch again finds them cached.
    let before = get(&s.url("/metrics")).body;
    assert_eq!(
        series(
            &before,
            r#"epistemic_audit_semantic_results_total{kind="align",ran="true"}"#
        ),
        2.0
    );
    assert_eq!(
        series(
            &before,
            r#"epistemic_audit_semantic_results_total{kind="align",ran="false"}"#
        ),
        1.0
    );
    assert_eq!(
        series(
            &before,
            r#"epistemic_audit_semantic_cache_lookups_total{result="miss"}"#
        ),
        7.0
    );
    assert_eq!(
        series(
            &before,
            r#"epistemic_audit_semantic_cache_lookups_total{result="hit"}"#
        ),
        0.0
    );
    assert_eq!(
        series(&before, "epistemic_audit_semantic_cache_entries"),
        7.0
    );
    let pieces = series(&before, "epistemic_audit_semantic_word_pieces_total");
    assert!(pieces > 20.0, "{before}");
    assert_eq!(post_json(&s.url("/v1/batch"), &[], &body).status, 200);
    let after = get(&s.url("/metrics")).body;
    assert_eq!(
        series(
            &after,
            r#"epistemic_audit_semantic_cache_lookups_total{result="hit"}"#
        ),
        7.0
    );
    assert_eq!(
        series(
            &after,
            r#"epistemic_audit_semantic_cache_lookups_total{result="miss"}"#
        ),
        7.0
    );
    assert_eq!(
        series(
            &after,
            r#"epistemic_audit_semantic_job_duration_seconds_count{kind="align"}"#
        ),
        2.0
    );
    let claims_only = series(&after, "epistemic_audit_semantic_word_pieces_total") - pieces;
    assert!(
        claims_only > 0.0 && claims_only < pieces,
        "the second batch embeds its claims only"
    );
}

#[test]
fn compare_scores_each_answers_samples_by_meaning_as_an_audit_and_reports_agreement() {
    let s = with_model();
    let plain = Server::open();
    let body = json!({
        "prompt": "What is the capital of Australia?",
        "responses": [
            {"model": "model-a", "text": "The capital of Australia is Canberra."},
            {"model": "model-b", "text": "Canberra is the capital city of Australia."},
            {"model": "model-c", "text": "I love cooking pasta with fresh tomatoes on Sundays."}
        ]
    });
    let v = post_json(&s.url("/v1/compare"), &[], &body).json();
    let sem = &v["metadata"]["semantic"];
    assert_eq!(sem["ran"], true, "{v}");
    assert!(sem["word_pieces"].as_u64().unwrap() > 10);
    let m = sem["pairwise"].as_array().unwrap();
    assert_eq!(m.len(), 3);
    for (i, row) in m.iter().enumerate() {
        let row = row.as_array().unwrap();
        assert_eq!(row.len(), 3);
        assert!((row[i].as_f64().unwrap() - 1.0).abs() < 1e-4);
        for (j, x) in row.iter().enumerate() {
            let x = x.as_f64().unwrap();
            assert!((-1.0..=1.0).contains(&x));
            assert_eq!(x, m[j][i].as_f64().unwrap(), "symmetric");
        }
    }
    let answers = sem["answers"].as_array().unwrap();
    let agreement = |k: usize| answers[k]["agreement"].as_f64().unwrap();
    assert_eq!(answers[2]["model"], "model-c");
    assert!(
        agreement(2) < agreement(0) && agreement(2) < agreement(1),
        "{sem}"
    );
    let mean0 = (m[0][1].as_f64().unwrap() + m[0][2].as_f64().unwrap()) / 2.0;
    assert!((agreement(0) - mean0).abs() < 1e-12);

    // Each answer is scored as /v1/audit scores it with the other answers as its samples: by
    // meaning, with the semantic samples models.
    let texts: Vec<&str> = (0..3)
        .map(|i| body["responses"][i]["text"].as_str().unwrap())
        .collect();
    for (i, c) in v["comparisons"].as_array().unwrap().iter().enumerate() {
        let audit = json!({
            "text": texts[i],
            "prompt": body["prompt"],
            "model_source": body["responses"][i]["model"],
            "samples": (0..3).filter(|&j| j != i).map(|j| texts[j]).collect::<Vec<_>>(),
        });
        let a = post_json(&s.url("/v1/audit"), &[], &audit).json();
        assert_eq!(a["metadata"]["samples_equivalence"], "embedding", "{a}");
        for k in ["q1", "q2", "height"] {
            let (x, y) = (c[k].as_f64().unwrap(), a[k].as_f64().unwrap());
            // The same texts embedded in another order: equal up to float rounding.
            assert!(
                (x - y).abs() < 1e-6,
                "answer {i} {k}: compare {x}, audit {y}"
            );
        }
    }
    // The off-topic answer is last either way; without the model the samples are compared
    // lexically: the explanation no longer counts agreement by meaning, and the scores differ
    // when the shipped semantic samples model weighs it.
    let p = post_json(&plain.url("/v1/compare"), &[], &body).json();
    assert_eq!(p["metadata"]["semantic"]["ran"], false);
    let last = |r: &Value| r["ranking"].as_array().unwrap().last().unwrap()["model"].clone();
    assert_eq!(last(&v), "model-c", "{}", v["ranking"]);
    assert_eq!(last(&p), "model-c", "{}", p["ranking"]);
    let said = |r: &Value| {
        r["comparisons"][1]["explanation"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    assert!(said(&v).contains("By meaning"), "{}", said(&v));
    assert!(!said(&p).contains("By meaning"), "{}", said(&p));
    assert_eq!(
        v["comparisons"][1]["q2"] != p["comparisons"][1]["q2"],
        Scorer::embedded().semantic_weighs_meaning()
    );
    let doc = get(&s.url("/openapi.json")).json();
    assert_valid_against(&doc, "CompareResponse", &v);
    assert_valid_against(&doc, "CompareResponse", &p);
}

#[test]
fn an_unusable_model_directory_stops_start_up_naming_the_setting() {
    for dir in [
        "/nonexistent/minilm".to_string(),
        env!("CARGO_MANIFEST_DIR").to_string(), // exists, holds no model
    ] {
        let out = std::process::Command::new(BIN)
            .args(["serve", "--host", "127.0.0.1", "--port", "0"])
            .env("SEMANTIC_MODEL_DIR", &dir)
            .env("FEEDBACK_DB_PATH", temp_db_path())
            .env("LOG_FORMAT", "text")
            .stdin(std::process::Stdio::null())
            .output()
            .expect("run the binary");
        assert!(
            !out.status.success(),
            "started with SEMANTIC_MODEL_DIR={dir}"
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("SEMANTIC_MODEL_DIR"), "{stderr}");
        assert!(stderr.contains("fetch-minilm.sh"), "{stderr}");
        assert!(
            !String::from_utf8_lossy(&out.stdout).contains("listening on"),
            "it must not serve"
        );
    }
    // Unset: the tier is off and the server serves.
    let s = Server::open();
    let logs = s.logs_once("SEMANTIC_MODEL_DIR is not set");
    assert!(logs.contains("semantic tier off"), "{logs}");
}

/// Validates `value` against the served schema `name`, strictly (every object schema with
/// `additionalProperties: false`, as `tests/openapi.rs` does).
fn assert_valid_against(doc: &Value, name: &str, value: &Value) {
    let mut components = doc["components"].clone();
    strict_schema(&mut components);
    let full = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$ref": format!("#/components/schemas/{name}"),
        "components": components,
    });
    let validator = jsonschema::validator_for(&full).expect("a valid JSON Schema");
    let errors: Vec<String> = validator
        .iter_errors(value)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{name}: {errors:?}\n{value}");
}
