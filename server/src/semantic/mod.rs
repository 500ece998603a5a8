//! The semantic tier in the service (DESIGN §2.6; issue 13, "Serving"): all-MiniLM-L6-v2, loaded at
//! start-up from SEMANTIC_MODEL_DIR, embeds an audit's claims and its source sentences, and the
//! answers of a comparison; core's arithmetic ([`epistemic_audit_core::semantic`]) turns the
//! embeddings into `metadata.semantic`.
//!
//! - **Off by default.** Without SEMANTIC_MODEL_DIR no [`Semantic`] exists and every result says
//!   `metadata.semantic.ran = false` with core's reason ("no sentence-embedding model is loaded").
//! - **Never on the reactor.** Every embedding job runs on tokio's blocking pool, at most
//!   SEMANTIC_MAX_CONCURRENCY at a time (a semaphore; later jobs wait asynchronously).
//! - **Cached.** Source-sentence embeddings are kept in an LRU cache of SEMANTIC_CACHE_ENTRIES
//!   sentences (key: SHA-256 of the sentence text, first 128 bits; ≈ 1.6 KB per entry), so a
//!   context audited again costs only its claims. Claims and compared answers are not cached.
//! - **Samples by meaning.** An audit with samples (the client's or the upstream's) has its text
//!   and samples embedded before it is scored ([`Semantic::sample_cosines`]), and so do a
//!   comparison's answers, which are each other's samples; the scorer then clusters the samples
//!   by meaning and the samples and combined tiers use their semantic models, fitted on dev data
//!   by the trainer (README "Evidence tiers").
//! - **Alignment reported only.** The claim alignment and a comparison's mean agreement do not
//!   change `q1`, `q2`, `height`, the interval or the verdict: a weight fitted on dev data ranks
//!   natural rows backwards (README "Semantic model"), and none is set by hand.
//! - **Failures degrade, never fail the request.** An embedding error or a panicking job leaves the
//!   audit as it was, with `ran = false` and the reason; it is logged.
//!
//! A domain module (README "Layout"): no HTTP; it imports only `support`-level crates and core.

use epistemic_audit_core::grounding::{Claim, SourceSpan};
use epistemic_audit_core::samples::CosineMatrix;
use epistemic_audit_core::semantic::{
    align_claims, alignment_sources, compare_semantic, AuditSources, CompareSemantic, SemanticInfo,
    MODEL,
};
use epistemic_audit_core::SourcesSpan;
use epistemic_audit_semantic::{DistinctTexts, Embedder, Embedding, SemanticError};
use lru::LruCache;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::Semaphore;

/// Default of SEMANTIC_CACHE_ENTRIES: source-sentence embeddings kept (≈ 16 MB).
pub const DEFAULT_CACHE_ENTRIES: usize = 10_000;

/// The semantic tier's settings, checked once at start-up (`config`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SemanticSettings {
    /// SEMANTIC_MODEL_DIR: the directory holding `model.safetensors`, `tokenizer.json` and
    /// `config.json` of all-MiniLM-L6-v2; `None` = the semantic tier is off.
    pub model_dir: Option<PathBuf>,
    /// SEMANTIC_MAX_CONCURRENCY: most embedding jobs at once (at least 1).
    pub max_concurrency: usize,
    /// SEMANTIC_CACHE_ENTRIES: most cached source-sentence embeddings (0 = no cache).
    pub cache_entries: usize,
}

/// The model could not be loaded from SEMANTIC_MODEL_DIR: start-up fails with this message.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// A model file is missing or unreadable.
    #[error("SEMANTIC_MODEL_DIR ({dir}): cannot read {file} ({source}); it must hold all-MiniLM-L6-v2's model.safetensors, tokenizer.json and config.json, as `bash scripts/fetch-minilm.sh` unpacks them")]
    Read {
        /// The directory.
        dir: String,
        /// The file name.
        file: &'static str,
        /// The IO error.
        source: std::io::Error,
    },
    /// The files were read but are not all-MiniLM-L6-v2.
    #[error("SEMANTIC_MODEL_DIR ({dir}): {source}")]
    Model {
        /// The directory.
        dir: String,
        /// What the model crate refused.
        source: SemanticError,
    },
}

/// One audit to align: its claims (`metadata.claims`), how its context was read and the context.
#[derive(Debug, Clone)]
pub struct AlignJob {
    /// The claims, in `metadata.claims` order.
    pub claims: Vec<Claim>,
    /// `metadata.sources`: where the sources lie in the request, if it has any.
    pub sources: Option<SourcesSpan>,
    /// The request's `prompt`.
    pub prompt: Option<String>,
    /// The request's `context`.
    pub context: Option<String>,
}

impl AlignJob {
    /// The sources its claims were checked against (core's [`AuditSources::of`]).
    fn sources(&self) -> AuditSources<'_> {
        AuditSources::of(
            self.sources,
            self.prompt.as_deref(),
            self.context.as_deref(),
        )
    }
}

/// A cached source-sentence embedding and its word-piece count.
struct Cached {
    embedding: Arc<Embedding>,
    word_pieces: u64,
}

/// The loaded model, its bound on concurrent jobs and the source-sentence cache. Shared in an
/// [`Arc`] by every request.
pub struct Semantic {
    embedder: Arc<Embedder>,
    cache: Option<Mutex<LruCache<u128, Arc<Cached>>>>,
    permits: Arc<Semaphore>,
    hits: AtomicU64,
    misses: AtomicU64,
    word_pieces: AtomicU64,
}

/// Counts of the semantic tier's work since start-up, read by `GET /metrics`
/// (`epistemic_audit_semantic_*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SemanticStats {
    /// Source sentences served from the cache.
    pub cache_hits: u64,
    /// Source sentences not in the cache (embedded).
    pub cache_misses: u64,
    /// Sentences in the cache now (at most SEMANTIC_CACHE_ENTRIES).
    pub cache_entries: u64,
    /// Word pieces run through the model (claims, uncached source sentences, compared answers;
    /// `[CLS]`/`[SEP]` included): the model's actual work, of which ≈ 21 MFLOP each.
    pub word_pieces: u64,
}

impl std::fmt::Debug for Semantic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Semantic")
            .field("model", &MODEL)
            .finish_non_exhaustive()
    }
}

/// Key of a sentence in the cache: the first 128 bits of the SHA-256 of its text.
fn key(text: &str) -> u128 {
    let digest = Sha256::digest(text.as_bytes());
    let mut b = [0u8; 16];
    b.copy_from_slice(&digest[..16]);
    u128::from_le_bytes(b)
}

impl Semantic {
    /// Reads `model.safetensors`, `tokenizer.json` and `config.json` from `dir` and loads the model
    /// (blocking: ≈ 91 MB read; call it off the reactor).
    ///
    /// # Errors
    /// [`LoadError`], naming SEMANTIC_MODEL_DIR and what is wrong.
    pub fn load(
        dir: &Path,
        max_concurrency: usize,
        cache_entries: usize,
    ) -> Result<Self, LoadError> {
        let shown = dir.display().to_string();
        let read = |file: &'static str| {
            std::fs::read(dir.join(file)).map_err(|source| LoadError::Read {
                dir: shown.clone(),
                file,
                source,
            })
        };
        let weights = read("model.safetensors")?;
        let tokenizer = read("tokenizer.json")?;
        let config = read("config.json")?;
        let embedder = Embedder::from_bytes(&weights, &tokenizer, &config)
            .map_err(|source| LoadError::Model { dir: shown, source })?;
        Ok(Self::from_embedder(
            embedder,
            max_concurrency,
            cache_entries,
        ))
    }

    /// Wraps an already loaded model.
    pub fn from_embedder(embedder: Embedder, max_concurrency: usize, cache_entries: usize) -> Self {
        Semantic {
            embedder: Arc::new(embedder),
            cache: NonZeroUsize::new(cache_entries).map(|n| Mutex::new(LruCache::new(n))),
            permits: Arc::new(Semaphore::new(max_concurrency.max(1))),
            hits: AtomicU64::new(0),
            misses: AtomicU64::new(0),
            word_pieces: AtomicU64::new(0),
        }
    }

    /// What the tier has done since start-up ([`SemanticStats`]).
    pub fn stats(&self) -> SemanticStats {
        SemanticStats {
            cache_hits: self.hits.load(Ordering::Relaxed),
            cache_misses: self.misses.load(Ordering::Relaxed),
            cache_entries: self.cache_len() as u64,
            word_pieces: self.word_pieces.load(Ordering::Relaxed),
        }
    }

    /// Empties the source-sentence cache (benchmarks of the cold path).
    pub fn clear_cache(&self) {
        if let Some(c) = &self.cache {
            c.lock().unwrap_or_else(|p| p.into_inner()).clear();
        }
    }

    /// Runs `job` on the blocking pool holding one of SEMANTIC_MAX_CONCURRENCY permits (waiting
    /// asynchronously for one).
    ///
    /// # Errors
    /// The reason to report when the job panicked (logged) or the service is shutting down.
    async fn blocking<T, F>(self: &Arc<Self>, job: F) -> Result<T, String>
    where
        F: FnOnce(&Semantic) -> T + Send + 'static,
        T: Send + 'static,
    {
        let permit = Arc::clone(&self.permits)
            .acquire_owned()
            .await
            .map_err(|_| "the service is shutting down".to_string())?;
        let me = Arc::clone(self);
        match tokio::task::spawn_blocking(move || {
            let out = job(&me);
            drop(permit);
            out
        })
        .await
        {
            Ok(out) => Ok(out),
            Err(e) => {
                tracing::error!(error = %e, "semantic embedding job failed");
                Err("embedding failed: the embedding job did not finish".into())
            }
        }
    }

    /// [`Semantic::align_blocking`] on the blocking pool (module docs).
    pub async fn align(self: &Arc<Self>, jobs: Vec<AlignJob>) -> Vec<SemanticInfo> {
        let n = jobs.len();
        match self.blocking(move |s| s.align_blocking(&jobs)).await {
            Ok(out) => out,
            Err(reason) => vec![SemanticInfo::not_run(&reason); n],
        }
    }

    /// [`Semantic::agreement_blocking`] on the blocking pool (module docs).
    pub async fn agreement(
        self: &Arc<Self>,
        models: Vec<String>,
        texts: Vec<String>,
    ) -> CompareSemantic {
        match self
            .blocking(move |s| s.agreement_blocking(&models, &texts))
            .await
        {
            Ok(out) => out,
            Err(reason) => CompareSemantic::not_run(&reason),
        }
    }

    /// `metadata.semantic` of each audit, on the calling thread: for an audit whose context is a
    /// source, every claim is embedded, every source sentence
    /// ([`epistemic_audit_core::semantic::source_sentences`]) is read from the cache or embedded
    /// (all audits' texts in one call of the model, so they share batches), and each claim is
    /// aligned to the sentence of highest cosine (core's [`align_claims`]). Audits without sources
    /// or claims get `ran = false` with core's reason ([`alignment_sources`]).
    pub fn align_blocking(&self, jobs: &[AlignJob]) -> Vec<SemanticInfo> {
        enum Plan {
            Skip(&'static str),
            Run {
                claims: std::ops::Range<usize>,
                sentences: Vec<SourceSpan>,
                keys: Vec<u128>,
            },
        }
        let mut texts: Vec<&str> = Vec::new();
        let mut found: HashMap<u128, Arc<Cached>> = HashMap::new();
        let mut pending: HashMap<u128, usize> = HashMap::new();
        let mut plans = Vec::with_capacity(jobs.len());
        // Sentence texts live in `plans`; their indices into `texts` are filled in below, once
        // `plans` no longer moves.
        let mut pending_order: Vec<(usize, usize)> = Vec::new();
        for (j, job) in jobs.iter().enumerate() {
            let sentences = match alignment_sources(job.claims.len(), job.sources()) {
                Ok(sentences) => sentences,
                Err(reason) => {
                    plans.push(Plan::Skip(reason));
                    continue;
                }
            };
            let keys: Vec<u128> = sentences.iter().map(|s| key(&s.text)).collect();
            for (i, k) in keys.iter().enumerate() {
                if found.contains_key(k) || pending.contains_key(k) {
                    continue;
                }
                match self.cached(*k) {
                    Some(c) => {
                        found.insert(*k, c);
                    }
                    None => {
                        pending.insert(*k, usize::MAX);
                        pending_order.push((j, i));
                    }
                }
            }
            let start = texts.len();
            texts.extend(job.claims.iter().map(|c| c.text.as_str()));
            plans.push(Plan::Run {
                claims: start..texts.len(),
                sentences,
                keys,
            });
        }
        for &(j, i) in &pending_order {
            if let Plan::Run {
                sentences, keys, ..
            } = &plans[j]
            {
                pending.insert(keys[i], texts.len());
                texts.push(&sentences[i].text);
            }
        }
        self.hits.fetch_add(found.len() as u64, Ordering::Relaxed);
        self.misses
            .fetch_add(pending.len() as u64, Ordering::Relaxed);

        let embedded = match self.embed_counted(&texts) {
            Ok(e) => e,
            Err(e) => {
                tracing::warn!(error = %e, "semantic alignment failed");
                let reason = format!("embedding failed: {e}");
                return plans
                    .iter()
                    .map(|p| match p {
                        Plan::Skip(r) => SemanticInfo::not_run(r),
                        Plan::Run { .. } => SemanticInfo::not_run(&reason),
                    })
                    .collect();
            }
        };
        for (k, &at) in &pending {
            let c = Arc::clone(&embedded[at]);
            self.store(*k, Arc::clone(&c));
            found.insert(*k, c);
        }

        plans
            .into_iter()
            .map(|plan| match plan {
                Plan::Skip(reason) => SemanticInfo::not_run(reason),
                Plan::Run {
                    claims,
                    sentences,
                    keys,
                } => {
                    let source: Vec<&Arc<Cached>> = keys.iter().map(|k| &found[k]).collect();
                    let source_vecs: Vec<&[f32]> =
                        source.iter().map(|c| c.embedding.as_slice()).collect();
                    let claim_vecs: Vec<&[f32]> = claims
                        .clone()
                        .map(|t| embedded[t].embedding.as_slice())
                        .collect();
                    let word_pieces = source.iter().map(|c| c.word_pieces).sum::<u64>()
                        + claims.map(|t| embedded[t].word_pieces).sum::<u64>();
                    align_claims(&sentences, &claim_vecs, &source_vecs, word_pieces)
                }
            })
            .collect()
    }

    /// [`Semantic::sample_cosines_blocking`] on the blocking pool (module docs). A failed job
    /// leaves every audit to lexical sample comparison.
    pub async fn sample_cosines(
        self: &Arc<Self>,
        answers: Vec<Option<Vec<String>>>,
    ) -> Vec<Option<CosineMatrix>> {
        let n = answers.len();
        match self
            .blocking(move |s| s.sample_cosines_blocking(&answers))
            .await
        {
            Ok(out) => out,
            Err(_) => vec![None; n],
        }
    }

    /// The samples tier's embedding cosines, on the calling thread: for each audit with samples,
    /// `answers[i]` = `[text, samples…]`; each distinct text of all audits is embedded once (in
    /// one call of the model; not cached across requests, as claims are not: sampled answers
    /// repeat within a request — "Paris." three times — more than across requests) and core's
    /// [`CosineMatrix::of_embeddings`] gives the pairwise cosines; `None` where there are no
    /// samples. On an embedding error (logged) every entry is `None`, and those audits compare
    /// their samples lexically (`metadata.samples_equivalence` says so).
    pub fn sample_cosines_blocking(
        &self,
        answers: &[Option<Vec<String>>],
    ) -> Vec<Option<CosineMatrix>> {
        // Each audit's texts as indices into the distinct texts.
        let mut distinct = DistinctTexts::default();
        let at: Vec<Option<Vec<usize>>> = answers
            .iter()
            .map(|a| Some(a.as_ref()?.iter().map(|t| distinct.index(t)).collect()))
            .collect();
        if distinct.texts().is_empty() {
            return vec![None; answers.len()];
        }
        let embedded = match self.embed_counted(distinct.texts()) {
            Ok(e) => e,
            Err(e) => {
                tracing::warn!(error = %e, "semantic sample comparison failed");
                return vec![None; answers.len()];
            }
        };
        at.iter()
            .map(|ix| {
                let vecs: Vec<&[f32]> = ix
                    .as_ref()?
                    .iter()
                    .map(|&i| embedded[i].embedding.as_slice())
                    .collect();
                Some(CosineMatrix::of_embeddings(&vecs))
            })
            .collect()
    }

    /// `metadata.semantic` of a comparison, on the calling thread: each answer embedded (truncated
    /// at 256 word pieces), the pairwise cosines and each answer's mean cosine with the others
    /// (core's [`compare_semantic`]).
    pub fn agreement_blocking(&self, models: &[String], texts: &[String]) -> CompareSemantic {
        let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
        let embedded = match self.embed_counted(&refs) {
            Ok(e) => e,
            Err(e) => {
                tracing::warn!(error = %e, "semantic agreement failed");
                return CompareSemantic::not_run(&format!("embedding failed: {e}"));
            }
        };
        let vecs: Vec<&[f32]> = embedded.iter().map(|c| c.embedding.as_slice()).collect();
        let word_pieces = embedded.iter().map(|c| c.word_pieces).sum();
        compare_semantic(models, &vecs, word_pieces)
    }

    /// Embeds `texts` in one call of the model, with each one's word-piece count (added to
    /// [`SemanticStats::word_pieces`]).
    fn embed_counted(&self, texts: &[&str]) -> Result<Vec<Arc<Cached>>, SemanticError> {
        let embedded = self.embedder.embed_counted(texts)?;
        let total: usize = embedded.iter().map(|(_, n)| n).sum();
        self.word_pieces.fetch_add(total as u64, Ordering::Relaxed);
        Ok(embedded
            .into_iter()
            .map(|(e, word_pieces)| {
                Arc::new(Cached {
                    embedding: Arc::new(e),
                    word_pieces: word_pieces as u64,
                })
            })
            .collect())
    }

    fn cached(&self, k: u128) -> Option<Arc<Cached>> {
        let cache = self.cache.as_ref()?;
        let mut c = cache.lock().unwrap_or_else(|p| p.into_inner());
        c.get(&k).cloned()
    }

    fn store(&self, k: u128, v: Arc<Cached>) {
        if let Some(cache) = &self.cache {
            cache.lock().unwrap_or_else(|p| p.into_inner()).put(k, v);
        }
    }

    /// Sentences in the cache now.
    fn cache_len(&self) -> usize {
        self.cache
            .as_ref()
            .map_or(0, |c| c.lock().unwrap_or_else(|p| p.into_inner()).len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_stable_and_distinct() {
        assert_eq!(key("The Amazon."), key("The Amazon."));
        assert_ne!(key("The Amazon."), key("The Amazon"));
    }

    #[test]
    fn a_missing_directory_is_refused_naming_the_setting() {
        let dir = std::env::temp_dir().join("ea-no-such-minilm-dir");
        let e = Semantic::load(&dir, 1, 10).unwrap_err();
        let msg = e.to_string();
        assert!(msg.contains("SEMANTIC_MODEL_DIR"), "{msg}");
        assert!(msg.contains("model.safetensors"), "{msg}");
        assert!(msg.contains("fetch-minilm.sh"), "{msg}");
    }

    #[test]
    fn files_that_are_not_the_model_are_refused_naming_the_setting() {
        let dir = std::env::temp_dir().join(format!("ea-bad-minilm-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for f in ["model.safetensors", "tokenizer.json", "config.json"] {
            std::fs::write(dir.join(f), b"not a model").unwrap();
        }
        let e = Semantic::load(&dir, 1, 10).unwrap_err();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(matches!(e, LoadError::Model { .. }), "{e}");
        assert!(e.to_string().contains("SEMANTIC_MODEL_DIR"), "{e}");
        assert!(e.to_string().contains("config.json"), "{e}");
    }
}
