//! Prints the full audit result (JSON, one line each) of every row of the JSONL files given on the
//! command line (`text`, optional `prompt` and `context`), to check that a refactoring of the
//! feature extraction leaves every number, claim and explanation unchanged: run it before and after
//! and compare the outputs byte for byte.
//!
//! `cargo run --release -p epistemic-audit-core --example digest -- ../shared/data/*.dev.jsonl > before.jsonl`

use epistemic_audit_core::{AuditRequest, Mode, Scorer};
use std::io::{BufRead, BufWriter, Write};

fn main() {
    let scorer = Scorer::embedded();
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for path in std::env::args().skip(1) {
        let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for line in std::io::BufReader::new(file).lines() {
            let line = line.expect("readable line");
            let row: serde_json::Value = serde_json::from_str(&line).expect("JSON row");
            let field = |k: &str| row.get(k).and_then(|v| v.as_str()).map(String::from);
            let req = AuditRequest {
                text: field("text").unwrap_or_default(),
                prompt: field("prompt"),
                context: field("context"),
                ..Default::default()
            };
            let r = scorer.audit(&req, Mode::Local, 0.0);
            writeln!(
                out,
                "{}",
                serde_json::to_string(&r).expect("results serialise")
            )
            .expect("stdout");
        }
    }
}
