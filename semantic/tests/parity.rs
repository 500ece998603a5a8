//! Parity with an independent implementation: every sentence of `fixtures/minilm_reference.json`
//! (made by `fixtures/make_reference.py`: pure-Python BERT tokenizer + numpy forward pass; see
//! `fixtures/README.md`) must embed to cosine ≥ 0.999 with its reference embedding, with the same
//! number of word pieces.
//!
//! Needs the model: `bash scripts/fetch-minilm.sh` (into `models/all-minilm-l6-v2`), or a directory
//! named by `EA_MINILM_DIR`. Without it the test fails, saying so; it never skips silently.

mod model;

use epistemic_audit_semantic::{Embedder, Embedding, DIM, MAX_SEQ_LEN};
use serde::Deserialize;

const MIN_COSINE: f32 = 0.999;

#[derive(Deserialize)]
struct Reference {
    max_seq_length: usize,
    dim: usize,
    sentences: Vec<Sentence>,
}

#[derive(Deserialize)]
struct Sentence {
    text: String,
    tokens: usize,
    embedding: Vec<f32>,
}

fn load() -> Embedder {
    let dir = model::model_dir();
    let started = std::time::Instant::now();
    let embedder = model::load_from(&dir);
    eprintln!(
        "loaded all-MiniLM-L6-v2 from {} in {:.2?}",
        dir.display(),
        started.elapsed()
    );
    embedder
}

fn reference() -> Reference {
    let text = include_str!("fixtures/minilm_reference.json");
    serde_json::from_str(text).expect("fixtures/minilm_reference.json parses")
}

/// One test, so the 91 MB model loads once.
#[test]
fn embeddings_match_the_independent_reference() {
    let reference = reference();
    assert_eq!(reference.dim, DIM);
    assert_eq!(reference.max_seq_length, MAX_SEQ_LEN);
    let embedder = load();

    // All sentences in one call: exercises sorting, batching and padding.
    let texts: Vec<&str> = reference
        .sentences
        .iter()
        .map(|s| s.text.as_str())
        .collect();
    let started = std::time::Instant::now();
    let got = embedder.embed(&texts).expect("embedding succeeds");
    eprintln!(
        "embedded {} texts in {:.2?}",
        texts.len(),
        started.elapsed()
    );
    assert_eq!(got.len(), texts.len());

    let mut failures = Vec::new();
    let mut min = (f32::INFINITY, "");
    let mut max_diff = 0f32;
    for (s, e) in reference.sentences.iter().zip(&got) {
        let want = Embedding::try_from(s.embedding.as_slice()).expect("384 numbers");
        let cos = e.cosine(&want);
        let norm = e.dot(e).sqrt();
        let diff = e
            .as_slice()
            .iter()
            .zip(want.as_slice())
            .map(|(a, b)| (a - b).abs())
            .fold(0f32, f32::max);
        max_diff = max_diff.max(diff);
        let tokens = embedder.token_count(&s.text).unwrap();
        eprintln!(
            "1-cos {:.1e}  max|Δ| {diff:.1e}  |e| {norm:.6}  {tokens:3} word pieces  {:?}",
            1.0 - f64::from(cos),
            truncate(&s.text)
        );
        if cos < min.0 {
            min = (cos, &s.text);
        }
        if cos < MIN_COSINE || tokens != s.tokens || (norm - 1.0).abs() > 1e-4 {
            failures.push(format!(
                "{:?}: cosine {cos:.6} (need ≥ {MIN_COSINE}), {tokens} word pieces (reference {}), norm {norm:.6}",
                truncate(&s.text),
                s.tokens
            ));
        }
    }
    eprintln!(
        "minimum cosine against the reference: {:.9} (1 - {:.1e}; {:?}); largest component difference {max_diff:.1e}",
        min.0,
        1.0 - f64::from(min.0),
        truncate(min.1)
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));

    // Alone or in a batch, a text embeds the same (padding is masked out).
    for (i, s) in reference.sentences.iter().enumerate() {
        let alone = embedder.embed(&[s.text.as_str()]).unwrap().remove(0);
        let cos = alone.cosine(&got[i]);
        assert!(
            cos > 0.99999,
            "{:?} alone vs in a batch: {cos}",
            truncate(&s.text)
        );
    }

    // The paraphrase pair is closer than a sentence about something else.
    let river = &got[0];
    let discharge = &got[1];
    let guitar = &got[4];
    assert!(river.cosine(discharge) > river.cosine(guitar) + 0.3);

    assert!(embedder.embed(&[]).unwrap().is_empty());
}

/// sentence-transformers' quickstart prints this cosine matrix for all-MiniLM-L6-v2 (README and
/// documentation): a second, published reference.
#[test]
fn reproduces_the_published_similarity_matrix() {
    let embedder = load();
    let e = embedder
        .embed(&[
            "The weather is lovely today.",
            "It's so sunny outside!",
            "He drove to the stadium.",
        ])
        .unwrap();
    let expected = [
        [1.0000f32, 0.6660, 0.1046],
        [0.6660, 1.0000, 0.1411],
        [0.1046, 0.1411, 1.0000],
    ];
    for i in 0..3 {
        for j in 0..3 {
            let got = e[i].cosine(&e[j]);
            assert!(
                (got - expected[i][j]).abs() < 1e-3,
                "similarity[{i}][{j}] = {got:.4}, published {:.4}",
                expected[i][j]
            );
        }
    }
}

fn truncate(text: &str) -> String {
    text.chars().take(40).collect()
}
