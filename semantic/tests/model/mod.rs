//! Loading the fetched all-MiniLM-L6-v2 for the semantic crate's parity test, bench and example
//! (the crate itself takes bytes and does no IO). Included by `tests/parity.rs` as a module and by
//! `benches/embed.rs` and `examples/triviaqa_semantic.rs` through `#[path]`.

use epistemic_audit_semantic::Embedder;
use std::path::{Path, PathBuf};

/// The model directory: `EA_MINILM_DIR`, else `<workspace>/models/all-minilm-l6-v2`, where
/// `scripts/fetch-minilm.sh` unpacks it.
pub fn model_dir() -> PathBuf {
    match std::env::var_os("EA_MINILM_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../models/all-minilm-l6-v2"),
    }
}

/// Reads `model.safetensors`, `tokenizer.json` and `config.json` from `dir` and builds the
/// embedder. Panics, saying what to run, when a file is missing or the model does not load.
pub fn load_from(dir: &Path) -> Embedder {
    let read = |name: &str| {
        let path = dir.join(name);
        std::fs::read(&path).unwrap_or_else(|e| {
            panic!(
                "cannot read {} ({e}). The semantic model all-MiniLM-L6-v2 is needed: run \
                 `bash scripts/fetch-minilm.sh` from the repository root, or set EA_MINILM_DIR to \
                 a directory holding model.safetensors, tokenizer.json and config.json.",
                path.display()
            )
        })
    };
    Embedder::from_bytes(
        &read("model.safetensors"),
        &read("tokenizer.json"),
        &read("config.json"),
    )
    .expect("the fetched all-MiniLM-L6-v2 loads")
}
