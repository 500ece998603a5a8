//! WebAssembly binding of [`epistemic_audit_semantic`]: all-MiniLM-L6-v2 sentence embeddings in Node
//! and the browser (DESIGN.md §2.6). A separate module from the intrinsic one, loaded only when the
//! semantic tier is asked for.
//!
//! JavaScript API:
//! ```js
//! const model = new SemanticModel(weights, tokenizer, config); // Uint8Arrays of model.safetensors,
//!                                                              // tokenizer.json, config.json
//! const v = model.embed(["a sentence", "another"]);           // Float32Array, n × 384, row-major
//! model.dim;                                                   // 384
//! model.tokenCount("a sentence");                              // word pieces the model reads
//! ```
//! Each row of `embed`'s result is a unit-length vector: the dot product of two rows is their
//! cosine similarity. Errors are thrown as JavaScript `Error`s named `SemanticError` with a `kind`
//! property: `"weights"`, `"tokenizer"`, `"config"` or `"inference"`.

#![warn(missing_docs)]

use epistemic_audit_semantic::{Embedder, SemanticError, DIM};
use wasm_bindgen::prelude::*;

/// A JavaScript `Error` named `SemanticError`, `kind` naming which input or step failed.
fn js_error(e: SemanticError) -> JsValue {
    let kind = match e {
        SemanticError::Weights(_) => "weights",
        SemanticError::Tokenizer(_) => "tokenizer",
        SemanticError::Config(_) => "config",
        SemanticError::Inference(_) => "inference",
    };
    let err = js_sys::Error::new(&e.to_string());
    err.set_name("SemanticError");
    let _ = js_sys::Reflect::set(&err, &"kind".into(), &kind.into());
    err.into()
}

/// all-MiniLM-L6-v2 loaded into this module's memory (about 91 MB of weights, plus a transient copy
/// of the bytes passed in while loading).
#[wasm_bindgen]
pub struct SemanticModel {
    embedder: Embedder,
}

#[wasm_bindgen]
impl SemanticModel {
    /// Loads the model from the bytes of `model.safetensors`, `tokenizer.json` and `config.json`
    /// (as unpacked by `scripts/fetch-minilm.sh`). Throws a `SemanticError` naming the bad input.
    #[wasm_bindgen(constructor)]
    pub fn new(weights: &[u8], tokenizer: &[u8], config: &[u8]) -> Result<SemanticModel, JsValue> {
        Embedder::from_bytes(weights, tokenizer, config)
            .map(|embedder| SemanticModel { embedder })
            .map_err(js_error)
    }

    /// Embeds `texts` (an array of strings): a Float32Array of `texts.length × 384` numbers,
    /// row-major, row i the unit-length embedding of `texts[i]` (mean pooling + L2 normalisation;
    /// texts truncated to 256 word pieces).
    pub fn embed(&self, texts: Vec<String>) -> Result<Vec<f32>, JsValue> {
        let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
        let embeddings = self.embedder.embed(&refs).map_err(js_error)?;
        let mut out = Vec::with_capacity(embeddings.len() * DIM);
        for e in &embeddings {
            out.extend_from_slice(e.as_slice());
        }
        Ok(out)
    }

    /// Width of an embedding: 384.
    #[wasm_bindgen(getter)]
    pub fn dim(&self) -> usize {
        DIM
    }

    /// Number of word pieces the model reads for `text` (with `[CLS]`/`[SEP]`, at most 256).
    #[wasm_bindgen(js_name = tokenCount)]
    pub fn token_count(&self, text: &str) -> Result<usize, JsValue> {
        self.embedder.token_count(text).map_err(js_error)
    }
}
