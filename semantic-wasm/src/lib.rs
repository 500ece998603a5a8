//! WebAssembly binding of [`epistemic_audit_semantic`]: all-MiniLM-L6-v2 sentence embeddings in Node
//! and the browser (DESIGN.md §2.6), and the semantic tier of an audit or a comparison computed
//! from them exactly as the HTTP service computes it (core's [`epistemic_audit_core::semantic`]). A
//! separate module from the intrinsic one, loaded only when the semantic tier is asked for (the npm
//! package's `epistemic-audit/semantic` entry wraps it).
//!
//! JavaScript API:
//! ```js
//! const model = new SemanticModel(weights, tokenizer, config); // Uint8Arrays of model.safetensors,
//!                                                              // tokenizer.json, config.json
//! const v = model.embed(["a sentence", "another"]);           // Float32Array, n × 384, row-major
//! model.dim;                                                   // 384
//! model.tokenCount("a sentence");                              // word pieces the model reads
//! model.align(claims, "context", 0, 120, prompt, context);     // metadata.semantic of an audit
//!                                                              // (its metadata.sources)
//! model.agreement(["model-a", "model-b"], [textA, textB]);     // metadata.semantic of a comparison
//! ```
//! Each row of `embed`'s result is a unit-length vector: the dot product of two rows is their
//! cosine similarity. Errors are thrown as JavaScript `Error`s named `SemanticError` with a `kind`
//! property: `"weights"`, `"tokenizer"`, `"config"`, `"inference"`, or the argument at fault
//! (`"sources"`, `"agreement"`).

#![warn(missing_docs)]

use epistemic_audit_core::grounding::SourceSpan;
use epistemic_audit_core::samples::CosineMatrix;
use epistemic_audit_core::semantic::{
    align_claims, alignment_sources, compare_semantic, AuditSources, CompareSemantic, SemanticInfo,
};
use epistemic_audit_core::{SourceField, SourcesSpan};
use epistemic_audit_semantic::{DistinctTexts, Embedder, Embedding, SemanticError, DIM};
use lru::LruCache;
use serde::Serialize;
use std::cell::RefCell;
use std::collections::HashMap;
use std::num::NonZeroUsize;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// Default size of the source-sentence cache: as the server's SEMANTIC_CACHE_ENTRIES (≈ 1.6 KB per
/// sentence, ≈ 16 MB when full).
pub const DEFAULT_CACHE_ENTRIES: usize = 10_000;

/// A JavaScript `Error` named `SemanticError` with `kind` naming the input or step that failed.
fn error(kind: &str, message: &str) -> JsValue {
    let err = js_sys::Error::new(message);
    err.set_name("SemanticError");
    let _ = js_sys::Reflect::set(&err, &"kind".into(), &kind.into());
    err.into()
}

/// [`error`] for a [`SemanticError`]: `kind` is `"weights"`, `"tokenizer"`, `"config"` or
/// `"inference"`.
fn js_error(e: SemanticError) -> JsValue {
    let kind = match e {
        SemanticError::Weights(_) => "weights",
        SemanticError::Tokenizer(_) => "tokenizer",
        SemanticError::Config(_) => "config",
        SemanticError::Inference(_) => "inference",
    };
    error(kind, &e.to_string())
}

/// Serialises to plain JSON-compatible JS values (objects, not Maps; absent `Option`s omitted).
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| error("inference", &format!("cannot return the result: {e}")))
}

/// One embedded text and its word pieces (with `[CLS]`/`[SEP]`, at most 256).
struct Embedded {
    embedding: Embedding,
    word_pieces: u64,
}

/// all-MiniLM-L6-v2 loaded into this module's memory (about 91 MB of weights, plus a transient copy
/// of the bytes passed in while loading), with an LRU cache of source-sentence embeddings.
#[wasm_bindgen]
pub struct SemanticModel {
    embedder: Embedder,
    /// Source sentences already embedded, keyed by their text; `None` = no cache.
    cache: Option<RefCell<LruCache<String, Rc<Embedded>>>>,
}

impl SemanticModel {
    /// Embeds `texts` in one call of the model, with each one's word-piece count.
    fn embed_counted(&self, texts: &[&str]) -> Result<Vec<Rc<Embedded>>, SemanticError> {
        Ok(self
            .embedder
            .embed_counted(texts)?
            .into_iter()
            .map(|(embedding, word_pieces)| {
                Rc::new(Embedded {
                    embedding,
                    word_pieces: word_pieces as u64,
                })
            })
            .collect())
    }

    /// [`SemanticModel::align`] on Rust values: the server's alignment of one audit
    /// (`server/src/semantic`), with the same batch order — the claims, then the source sentences
    /// not in the cache, in order of first appearance — so the embeddings come out the same.
    fn align_info(&self, claims: &[String], sources: AuditSources<'_>) -> SemanticInfo {
        let sentences: Vec<SourceSpan> = match alignment_sources(claims.len(), sources) {
            Ok(s) => s,
            Err(reason) => return SemanticInfo::not_run(reason),
        };
        let mut found: HashMap<&str, Rc<Embedded>> = HashMap::new();
        let mut texts: Vec<&str> = claims.iter().map(String::as_str).collect();
        let mut pending: HashMap<&str, usize> = HashMap::new();
        for s in &sentences {
            let t = s.text.as_str();
            if found.contains_key(t) || pending.contains_key(t) {
                continue;
            }
            match self
                .cache
                .as_ref()
                .and_then(|c| c.borrow_mut().get(t).cloned())
            {
                Some(e) => {
                    found.insert(t, e);
                }
                None => {
                    pending.insert(t, texts.len());
                    texts.push(t);
                }
            }
        }
        let embedded = match self.embed_counted(&texts) {
            Ok(e) => e,
            Err(e) => return SemanticInfo::not_run(&format!("embedding failed: {e}")),
        };
        for (t, &at) in &pending {
            if let Some(cache) = &self.cache {
                cache
                    .borrow_mut()
                    .put(t.to_string(), Rc::clone(&embedded[at]));
            }
            found.insert(t, Rc::clone(&embedded[at]));
        }
        let source: Vec<&Rc<Embedded>> =
            sentences.iter().map(|s| &found[s.text.as_str()]).collect();
        let source_vecs: Vec<&[f32]> = source.iter().map(|e| e.embedding.as_slice()).collect();
        let claim_vecs: Vec<&[f32]> = embedded[..claims.len()]
            .iter()
            .map(|e| e.embedding.as_slice())
            .collect();
        let word_pieces = source.iter().map(|e| e.word_pieces).sum::<u64>()
            + embedded[..claims.len()]
                .iter()
                .map(|e| e.word_pieces)
                .sum::<u64>();
        align_claims(&sentences, &claim_vecs, &source_vecs, word_pieces)
    }

    /// [`SemanticModel::agreement`] on Rust values (the server's computation).
    fn agreement_info(&self, models: &[String], texts: &[String]) -> CompareSemantic {
        let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
        let embedded = match self.embed_counted(&refs) {
            Ok(e) => e,
            Err(e) => return CompareSemantic::not_run(&format!("embedding failed: {e}")),
        };
        let vecs: Vec<&[f32]> = embedded.iter().map(|e| e.embedding.as_slice()).collect();
        compare_semantic(models, &vecs, embedded.iter().map(|e| e.word_pieces).sum())
    }
}

#[wasm_bindgen]
impl SemanticModel {
    /// Loads the model from the bytes of `model.safetensors`, `tokenizer.json` and `config.json`
    /// (as unpacked by `scripts/fetch-minilm.sh`). `cacheEntries` (optional, default 10 000; 0 =
    /// no cache) bounds the source sentences whose embeddings are kept for later audits against
    /// the same context. Throws a `SemanticError` naming the bad input.
    #[wasm_bindgen(constructor)]
    pub fn new(
        weights: &[u8],
        tokenizer: &[u8],
        config: &[u8],
        cache_entries: Option<u32>,
    ) -> Result<SemanticModel, JsValue> {
        let embedder = Embedder::from_bytes(weights, tokenizer, config).map_err(js_error)?;
        let entries = cache_entries.map_or(DEFAULT_CACHE_ENTRIES, |n| n as usize);
        Ok(SemanticModel {
            embedder,
            cache: NonZeroUsize::new(entries).map(|n| RefCell::new(LruCache::new(n))),
        })
    }

    /// Embeds `texts` (an array of strings): a Float32Array of `texts.length × 384` numbers,
    /// row-major, row i the unit-length embedding of `texts[i]` (mean pooling + L2 normalisation;
    /// texts truncated to 256 word pieces). Not cached.
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

    /// `metadata.semantic` of an audit, as the HTTP service computes it: `claims` are the texts of
    /// the audit's `metadata.claims` (in order); `sourcesField`, `sourcesStart`, `sourcesEnd` its
    /// `metadata.sources` (`field` "prompt" or "context", or null/undefined when the audit has
    /// none); `prompt` and `context` the request's (or null/undefined). The sources are the
    /// passage of that field (core's `AuditSources::of`). Each claim is embedded, each sentence
    /// of the sources (core's sentence split) is read from the cache or embedded, and each claim
    /// is aligned to the sentence of highest cosine. Returns `{ran, model, reason?, word_pieces,
    /// claims: [{claim, source: {start, end, text}, cosine}]}`; when it cannot run (no sources,
    /// no claims, no sentences, or the model failed) `ran` is false with the `reason`, like the
    /// service. Throws a `SemanticError` of kind `"sources"` for any other field.
    pub fn align(
        &self,
        claims: Vec<String>,
        sources_field: Option<String>,
        sources_start: Option<usize>,
        sources_end: Option<usize>,
        prompt: Option<String>,
        context: Option<String>,
    ) -> Result<JsValue, JsValue> {
        let field = match sources_field.as_deref() {
            None => None,
            Some("prompt") => Some(SourceField::Prompt),
            Some("context") => Some(SourceField::Context),
            Some(other) => {
                return Err(error(
                    "sources",
                    &format!(
                        "the sources' field must be \"prompt\" or \"context\" (metadata.sources.field of an audit), got {other:?}"
                    ),
                ))
            }
        };
        let span = field.map(|field| SourcesSpan {
            field,
            start: sources_start.unwrap_or(0),
            end: sources_end.unwrap_or(0),
        });
        let sources = AuditSources::of(span, prompt.as_deref(), context.as_deref());
        to_js(&self.align_info(&claims, sources))
    }

    /// `metadata.semantic` of a comparison, as the HTTP service computes it: `texts[i]` is the
    /// answer of `models[i]` (request order); each is embedded (truncated at 256 word pieces).
    /// Returns `{ran, model, reason?, word_pieces, pairwise: n×n cosines, answers: [{model,
    /// agreement}]}` (agreement: mean cosine with the other answers). Throws a `SemanticError` of
    /// kind `"agreement"` when the two arrays differ in length.
    pub fn agreement(&self, models: Vec<String>, texts: Vec<String>) -> Result<JsValue, JsValue> {
        if models.len() != texts.len() {
            return Err(error(
                "agreement",
                &format!(
                    "agreement needs one text per model: {} models, {} texts",
                    models.len(),
                    texts.len()
                ),
            ));
        }
        to_js(&self.agreement_info(&models, &texts))
    }

    /// The samples tier's embedding cosines, as the HTTP service computes them for an audit with
    /// samples: `answers` is `[text, samples…]` (or a comparison's texts); each distinct text is
    /// embedded once (`DistinctTexts`; not cached; truncated at 256 word pieces) and core's
    /// `CosineMatrix::of_embeddings` gives the (K+1)×(K+1) cosines in [-1, 1], returned
    /// row-major as a Float64Array of (K+1)² numbers, the input of the main
    /// module's `auditJudged`. Throws a `SemanticError` of kind `"answers"` when `answers` holds
    /// fewer than two texts, or of the model's kind when embedding fails.
    #[wasm_bindgen(js_name = sampleCosines)]
    pub fn sample_cosines(&self, answers: Vec<String>) -> Result<Vec<f64>, JsValue> {
        if answers.len() < 2 {
            return Err(error(
                "answers",
                "sampleCosines needs the text and at least one sample",
            ));
        }
        // Each distinct text is embedded once, as the service does ("Paris." three times is
        // one embedding, repeated in the matrix).
        let mut distinct = DistinctTexts::default();
        let at: Vec<usize> = answers.iter().map(|a| distinct.index(a)).collect();
        let embeddings = self.embedder.embed(distinct.texts()).map_err(js_error)?;
        let vecs: Vec<&[f32]> = at.iter().map(|&i| embeddings[i].as_slice()).collect();
        Ok(CosineMatrix::of_embeddings(&vecs)
            .cosine
            .into_iter()
            .flatten()
            .collect())
    }

    /// Source sentences in the cache now.
    #[wasm_bindgen(getter, js_name = cacheSize)]
    pub fn cache_size(&self) -> usize {
        self.cache.as_ref().map_or(0, |c| c.borrow().len())
    }

    /// Empties the source-sentence cache (the next audit of a context embeds its sentences again).
    #[wasm_bindgen(js_name = clearCache)]
    pub fn clear_cache(&self) {
        if let Some(c) = &self.cache {
            c.borrow_mut().clear();
        }
    }
}
