//! Issue 2 acceptance: every row of halueval-general.dev.jsonl audited through POST /v1/batch
//! (chunks of 100) yields a valid intrinsic-tier result.

mod common;
use common::*;
use serde_json::{json, Value};
use std::io::BufRead;

#[test]
fn every_halueval_general_row_gets_a_valid_result() {
    let path = data_file("halueval-general.dev.jsonl");
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("cannot open {path}: {e}"));
    let rows: Vec<Value> = std::io::BufReader::new(file)
        .lines()
        .map(|l| l.unwrap())
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(&l).unwrap())
        .collect();
    assert_eq!(rows.len(), 3163, "the dev file changed");

    let s = Server::open();
    let url = s.url("/v1/batch");
    let mut verdicts = std::collections::HashMap::new();
    for (chunk_no, chunk) in rows.chunks(100).enumerate() {
        let items: Vec<Value> = chunk
            .iter()
            .map(|r| {
                let mut item = json!({ "text": r["text"] });
                for k in ["context", "prompt"] {
                    if r[k].is_string() {
                        item[k] = r[k].clone();
                    }
                }
                item
            })
            .collect();
        // One forwarded address per chunk keeps every client under the batch limit of 20/min.
        let xff = format!("10.77.{}.{}", chunk_no / 250, chunk_no % 250 + 1);
        let r = post_json(
            &url,
            &[("X-Forwarded-For", &xff)],
            &json!({ "items": items }),
        );
        assert_eq!(
            r.status,
            200,
            "chunk {chunk_no}: {}",
            &r.body[..r.body.len().min(500)]
        );
        let v = r.json();
        let audits = v["audits"].as_array().unwrap();
        assert_eq!(audits.len(), chunk.len());
        for (a, row) in audits.iter().zip(chunk) {
            std::panic::catch_unwind(|| assert_valid_audit(a))
                .unwrap_or_else(|_| panic!("invalid result for row {}: {a}", row["id"]));
            *verdicts
                .entry(a["verdict"].as_str().unwrap().to_string())
                .or_insert(0u32) += 1;
        }
        assert_eq!(v["summary"]["total"].as_u64(), Some(chunk.len() as u64));
    }
    assert_eq!(verdicts.values().sum::<u32>(), 3163);
    eprintln!("verdicts over halueval-general: {verdicts:?}");
}
