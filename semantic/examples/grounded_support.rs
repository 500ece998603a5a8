//! Semantic support of grounded answers, per training row: the measurement behind the question
//! "does all-MiniLM-L6-v2 alignment add signal to the lexical support features?" (issue 13, item 2,
//! first bullet; DESIGN §2.6).
//!
//! Reads the JSONL that `cargo run --release -p epistemic-audit-train -- --dump FILE` writes (one
//! line per grounded training row: its out-of-fold height, label, origin, text, prompt, context)
//! and writes one line per row with, for the audit's claims (`metadata.claims`, core's claim split)
//! aligned to the context's sentences (`core::semantic::source_sentences`) by the cosine of their
//! mean-pooled, L2-normalised embeddings (Sentence-BERT, Reimers & Gurevych 2019):
//!
//! - `sem_min`: the lowest best-sentence cosine over the claims (the weakest claim's support);
//! - `sem_mean`: the mean best-sentence cosine over the claims;
//! - `sem_answer`: the best-sentence cosine of the whole answer;
//! - `ran`: whether the alignment ran (the context is a source and the answer has claims; the
//!   other values are 0 when it did not).
//!
//! Source-sentence embeddings are cached by text, so rows that share a passage embed it once.
//!
//! ```sh
//! cargo run --release -p epistemic-audit-semantic --example grounded_support -- DUMP OUT [MODEL_DIR]
//! ```

#[path = "../tests/model/mod.rs"]
mod model;

use std::collections::HashMap;
use std::io::{BufRead, Write};

use epistemic_audit_core::semantic::{alignment_sources, best_source, AuditSources};
use epistemic_audit_core::{AuditRequest, Mode, Scorer};
use epistemic_audit_semantic::Embedding;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (dump, out) = (&args[1], &args[2]);
    let dir = args
        .get(3)
        .map(std::path::PathBuf::from)
        .unwrap_or_else(model::model_dir);
    let embedder = model::load_from(&dir);
    let scorer = Scorer::embedded();
    let mut cache: HashMap<String, Embedding> = HashMap::new();
    let mut w = std::io::BufWriter::new(std::fs::File::create(out).expect("output file"));
    let reader = std::io::BufReader::new(std::fs::File::open(dump).expect("dump file"));
    let started = std::time::Instant::now();
    for (n, line) in reader.lines().enumerate() {
        let line = line.expect("readable dump");
        let row: serde_json::Value = serde_json::from_str(&line).expect("a JSON row");
        let text = row["text"].as_str().unwrap_or("").to_string();
        let prompt = row["prompt"].as_str().map(str::to_string);
        let context = row["context"].as_str().map(str::to_string);
        let req: AuditRequest = serde_json::from_value(serde_json::json!({
            "text": text, "prompt": prompt, "context": context,
        }))
        .expect("a valid request");
        let result = scorer.audit(&req, Mode::Local, 0.0);
        let md = &result.metadata;
        let sources = AuditSources::of(md.sources, prompt.as_deref(), context.as_deref());
        let plan = alignment_sources(md.claims.len(), sources);
        let (mut sem_min, mut sem_mean, mut sem_answer, mut ran) = (0.0, 0.0, 0.0, false);
        if let Ok(sentences) = plan {
            let missing: Vec<&str> = sentences
                .iter()
                .map(|s| s.text.as_str())
                .filter(|t| !cache.contains_key(*t))
                .collect();
            let mut uniq = missing.clone();
            uniq.sort_unstable();
            uniq.dedup();
            if !uniq.is_empty() {
                let embs = embedder.embed(&uniq).expect("embedding");
                for (t, e) in uniq.iter().zip(embs) {
                    cache.insert((*t).to_string(), e);
                }
            }
            let sources: Vec<&[f32]> = sentences
                .iter()
                .map(|s| cache[&s.text].as_slice())
                .collect();
            let mut texts: Vec<&str> = md.claims.iter().map(|c| c.text.as_str()).collect();
            texts.push(text.as_str());
            let embs = embedder.embed(&texts).expect("embedding");
            let best: Vec<f64> = embs
                .iter()
                .map(|e| best_source(e.as_slice(), &sources).map_or(0.0, |(_, c)| c))
                .collect();
            let claims = &best[..best.len() - 1];
            sem_min = claims.iter().copied().fold(f64::INFINITY, f64::min);
            sem_mean = claims.iter().sum::<f64>() / claims.len() as f64;
            sem_answer = best[best.len() - 1];
            ran = true;
        }
        let v = serde_json::json!({
            "kind": row["kind"], "origin": row["origin"], "wrong": row["wrong"],
            "height": row["height"], "group": row["group"],
            "sem_min": sem_min, "sem_mean": sem_mean, "sem_answer": sem_answer, "ran": ran,
            "x": row["x"],
        });
        writeln!(w, "{v}").expect("write");
        if n % 2000 == 0 {
            eprintln!(
                "{n} rows, {:.0} s, {} cached sentences",
                started.elapsed().as_secs_f64(),
                cache.len()
            );
        }
    }
}
