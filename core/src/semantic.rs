//! The semantic tier's data and arithmetic (DESIGN §2.6): what `metadata.semantic` of an audit and
//! of a comparison hold, and the alignment math over plain `&[f32]` embeddings.
//!
//! Core computes no embedding: the sentence-embedding model (all-MiniLM-L6-v2, crate
//! `epistemic-audit-semantic`, candle) lives outside it. Every host runs the tier the same way:
//! [`alignment_sources`] says whether an audit can be aligned and which source sentences to embed,
//! the host embeds the claims and those sentences, and [`align_claims`] turns the embeddings into
//! `metadata.semantic`; for a comparison the host embeds the answers and calls
//! [`compare_semantic`]. The server (`server/src/semantic`) and the npm package's semantic module
//! (`semantic-wasm`) both do exactly this, so their results agree. Without a model
//! (the npm package without `{ semantic }`, the CLI, a server without SEMANTIC_MODEL_DIR) every
//! result carries
//! [`SemanticInfo::not_run`] with [`REASON_NO_MODEL`].
//!
//! Similarity is the cosine of two mean-pooled sentence embeddings, as Sentence-BERT defines it
//! (N. Reimers, I. Gurevych, *Sentence-BERT: Sentence Embeddings using Siamese BERT-Networks*,
//! EMNLP 2019): in [-1, 1], higher = closer in meaning.
//!
//! **The alignment and the agreement are reported only.** They do not change `q1`, `q2`,
//! `height`, the interval or the verdict of any result, and a weight is never set by hand. The
//! weight a fit on dev data gives was measured (`semantic/examples/grounded_support.rs`, README
//! "Semantic model"): on style-controlled rows semantic support adds up to 0.055 AUROC to the
//! lexical support features, on HaluEval's natural rows it ranks backwards (fluent hallucinations
//! restate the source), so none is used. The samples are another matter: a host that embeds an
//! audit's text and samples (or a comparison's answers, [`crate::compare::compare_judged`])
//! passes their cosines to the scorer
//! ([`crate::samples::SampleJudge::Embedding`], [`crate::samples::CosineMatrix::of_embeddings`]),
//! whose semantic samples models were fitted on them (README "Evidence tiers").

use crate::grounding::{source_sentence_spans, SourceSpan};
use crate::types::{SourceField, SourcesSpan};
use serde::{Deserialize, Serialize};

/// Name of the sentence-embedding model of the semantic tier.
pub const MODEL: &str = "all-MiniLM-L6-v2";

/// `reason` when no sentence-embedding model is loaded (the default everywhere but a server started
/// with SEMANTIC_MODEL_DIR).
pub const REASON_NO_MODEL: &str = "no sentence-embedding model is loaded";
/// `reason` when the audit has no source passages: the context is absent, blank or was read as a
/// prompt, and the prompt held no passage (`metadata.sources` is absent).
pub const REASON_NO_SOURCES: &str =
    "no source passages: the context is absent or was read as a prompt, and the prompt holds no passage";
/// `reason` when the context is a source but the answer has no claim to align (no content words).
pub const REASON_NO_CLAIMS: &str = "the answer has no claims to align";
/// `reason` when the source holds no sentence with a letter.
pub const REASON_NO_SOURCE_SENTENCES: &str = "the context has no sentences to align to";

/// `metadata.semantic` of an audit: whether the semantic tier ran and, when it did, each claim of
/// `metadata.claims` aligned to the source sentence closest in meaning.
///
/// Reported only: it does not change `q1`, `q2`, `height` or the verdict (a weight fitted on dev
/// data ranks natural rows backwards; module docs).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SemanticInfo {
    /// Whether the claims were embedded and aligned.
    pub ran: bool,
    /// The sentence-embedding model: "all-MiniLM-L6-v2".
    pub model: String,
    /// Why the tier did not run (absent when it ran): no model loaded, no source passages, no
    /// claims, or an embedding failure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Word pieces (`[CLS]`/`[SEP]` included, each text truncated at 256) of the claims and source
    /// sentences the alignment used, whether embedded now or read from the server's cache; 0 when
    /// it did not run.
    pub word_pieces: u64,
    /// One entry per claim of `metadata.claims`, in the same order (empty when it did not run).
    #[serde(default)]
    pub claims: Vec<SemanticClaim>,
}

impl SemanticInfo {
    /// A result saying the tier did not run, and why.
    pub fn not_run(reason: &str) -> SemanticInfo {
        SemanticInfo {
            ran: false,
            model: MODEL.into(),
            reason: Some(reason.into()),
            word_pieces: 0,
            claims: Vec::new(),
        }
    }
}

impl Default for SemanticInfo {
    fn default() -> Self {
        SemanticInfo::not_run(REASON_NO_MODEL)
    }
}

/// One claim's semantic alignment: the source sentence whose embedding has the highest cosine with
/// the claim's (ties: the earliest sentence).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SemanticClaim {
    /// Index of the claim in `metadata.claims`.
    pub claim: usize,
    /// The source sentence: character offsets into `context` (Unicode scalar values, end
    /// exclusive) and its text.
    pub source: SourceSpan,
    /// Cosine in [-1, 1] of the claim's and the sentence's embeddings (Reimers & Gurevych 2019).
    pub cosine: f64,
}

/// `metadata.semantic` of a comparison: cross-model agreement in meaning between the answers.
///
/// Reported only: it does not change any answer's `q2`, `height`, verdict or rank.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CompareSemantic {
    /// Whether the answers were embedded.
    pub ran: bool,
    /// The sentence-embedding model: "all-MiniLM-L6-v2".
    pub model: String,
    /// Why it did not run (absent when it ran).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Word pieces of the answers embedded (each truncated at 256); 0 when it did not run.
    pub word_pieces: u64,
    /// `pairwise[i][j]`: cosine in [-1, 1] of the embeddings of answers i and j, in request order
    /// (1 on the diagonal up to rounding); empty when it did not run.
    #[serde(default)]
    pub pairwise: Vec<Vec<f64>>,
    /// Per answer, in request order: its mean cosine with the other answers (empty when it did not
    /// run).
    #[serde(default)]
    pub answers: Vec<SemanticAgreement>,
}

impl CompareSemantic {
    /// A result saying the comparison's semantic agreement was not computed, and why.
    pub fn not_run(reason: &str) -> CompareSemantic {
        CompareSemantic {
            ran: false,
            model: MODEL.into(),
            reason: Some(reason.into()),
            word_pieces: 0,
            pairwise: Vec::new(),
            answers: Vec::new(),
        }
    }
}

impl Default for CompareSemantic {
    fn default() -> Self {
        CompareSemantic::not_run(REASON_NO_MODEL)
    }
}

/// One answer's semantic agreement with the others of a comparison.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SemanticAgreement {
    /// Model name.
    pub model: String,
    /// Mean cosine in [-1, 1] of this answer's embedding with each other answer's.
    pub agreement: f64,
}

/// The sentences of a source `context` as spans with character offsets (Unicode scalar values):
/// the same sentence split as the lexical alignment ([`crate::grounding::source_sentence_spans`]:
/// a field–value record is one sentence).
pub fn source_sentences(context: &str) -> Vec<SourceSpan> {
    let (mut byte_at, mut char_at) = (0usize, 0usize);
    source_sentence_spans(context)
        .into_iter()
        .map(|(s, e)| {
            let start = char_at + context[byte_at..s].chars().count();
            let end = start + context[s..e].chars().count();
            (byte_at, char_at) = (e, end);
            SourceSpan {
                start,
                end,
                text: context[s..e].to_string(),
            }
        })
        .collect()
}

/// Cosine similarity of two vectors in [-1, 1], computed in `f64`: `a·b / (|a| |b|)`, 0 when either
/// is zero (Reimers & Gurevych 2019 compare mean-pooled sentence embeddings this way). Vectors of
/// different lengths are compared over the shorter one.
pub fn cosine(a: &[f32], b: &[f32]) -> f64 {
    let (mut ab, mut aa, mut bb) = (0f64, 0f64, 0f64);
    for (&x, &y) in a.iter().zip(b) {
        let (x, y) = (f64::from(x), f64::from(y));
        ab += x * y;
        aa += x * x;
        bb += y * y;
    }
    if aa == 0.0 || bb == 0.0 {
        0.0
    } else {
        (ab / (aa.sqrt() * bb.sqrt())).clamp(-1.0, 1.0)
    }
}

/// The source whose embedding has the highest cosine with `claim`, and that cosine; ties go to the
/// earliest source. `None` when there are no sources.
pub fn best_source(claim: &[f32], sources: &[&[f32]]) -> Option<(usize, f64)> {
    let mut best: Option<(usize, f64)> = None;
    for (i, s) in sources.iter().enumerate() {
        let c = cosine(claim, s);
        if best.is_none_or(|(_, b)| c > b) {
            best = Some((i, c));
        }
    }
    best
}

/// Cross-model agreement of n answers' embeddings: the n×n matrix of pairwise cosines and, per
/// answer, its mean cosine with the other n − 1 (0 when n = 1).
pub fn agreement(embeddings: &[&[f32]]) -> (Vec<Vec<f64>>, Vec<f64>) {
    let n = embeddings.len();
    let mut m = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in i..n {
            let c = cosine(embeddings[i], embeddings[j]);
            m[i][j] = c;
            m[j][i] = c;
        }
    }
    let means = (0..n)
        .map(|i| {
            if n < 2 {
                0.0
            } else {
                (0..n).filter(|&j| j != i).map(|j| m[i][j]).sum::<f64>() / (n - 1) as f64
            }
        })
        .collect();
    (m, means)
}

/// The sources an audit's claims were checked against, as its request and its result say
/// (DESIGN §2.0): the passage of the request's `context` or `prompt` that `metadata.sources`
/// marks, or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AuditSources<'a> {
    /// The source text, if any.
    pub text: Option<&'a str>,
    /// Character offset of `text` in its request field: added to the offsets of its sentences,
    /// which then point into the field.
    pub offset: usize,
}

impl<'a> AuditSources<'a> {
    /// The sources of an audit whose `metadata.sources` is `sources`, sent with `prompt` and
    /// `context`. A span beyond its field (a result paired with another request) gives none.
    pub fn of(
        sources: Option<SourcesSpan>,
        prompt: Option<&'a str>,
        context: Option<&'a str>,
    ) -> AuditSources<'a> {
        let none = AuditSources {
            text: None,
            offset: 0,
        };
        let Some(span) = sources else {
            return none;
        };
        let field = match span.field {
            SourceField::Prompt => prompt,
            SourceField::Context => context,
        };
        let Some(field) = field else {
            return none;
        };
        let mut at = field.char_indices().map(|(i, _)| i).chain([field.len()]);
        let start = at.nth(span.start);
        let end = start.and(at.nth(span.end.saturating_sub(span.start + 1)));
        match (start, end) {
            (Some(a), Some(b)) if span.start < span.end => AuditSources {
                text: Some(&field[a..b]),
                offset: span.start,
            },
            _ => none,
        }
    }
}

/// Whether the claims of an audit can be aligned and, if so, the source sentences to align them
/// to ([`source_sentences`] of the sources, in order, their offsets in the request field the
/// sources came from).
///
/// `claim_count` is the number of claims in `metadata.claims`, `sources` what
/// [`AuditSources::of`] found.
///
/// # Errors
/// The `reason` for [`SemanticInfo::not_run`], checked in this order: [`REASON_NO_SOURCES`] when
/// there are no sources or they are blank, [`REASON_NO_CLAIMS`] when `claim_count` is 0,
/// [`REASON_NO_SOURCE_SENTENCES`] when the sources split into no sentence.
pub fn alignment_sources(
    claim_count: usize,
    sources: AuditSources<'_>,
) -> Result<Vec<SourceSpan>, &'static str> {
    let text = sources.text.unwrap_or("");
    if text.trim().is_empty() {
        return Err(REASON_NO_SOURCES);
    }
    if claim_count == 0 {
        return Err(REASON_NO_CLAIMS);
    }
    let mut sentences = source_sentences(text);
    if sentences.is_empty() {
        return Err(REASON_NO_SOURCE_SENTENCES);
    }
    for s in &mut sentences {
        s.start += sources.offset;
        s.end += sources.offset;
    }
    Ok(sentences)
}

/// `metadata.semantic` of an audit that ran: claim `i` (embedding `claims[i]`, in `metadata.claims`
/// order) is aligned to the sentence of `sentences` whose embedding (`sources[j]` for
/// `sentences[j]`) has the highest cosine with its own ([`best_source`]; ties: the earliest).
///
/// `word_pieces` is reported as is: the word pieces of the claims and source sentences embedded.
/// Embeddings are any equal-length vectors (all-MiniLM-L6-v2's are 384 unit-length `f32`s).
///
/// # Panics
/// When `sources` and `sentences` differ in length (a caller's bug: each sentence needs its
/// embedding).
pub fn align_claims(
    sentences: &[SourceSpan],
    claims: &[&[f32]],
    sources: &[&[f32]],
    word_pieces: u64,
) -> SemanticInfo {
    assert_eq!(
        sentences.len(),
        sources.len(),
        "one embedding per source sentence"
    );
    let aligned = claims
        .iter()
        .enumerate()
        .filter_map(|(i, claim)| {
            best_source(claim, sources).map(|(s, cosine)| SemanticClaim {
                claim: i,
                source: sentences[s].clone(),
                cosine,
            })
        })
        .collect();
    SemanticInfo {
        ran: true,
        model: MODEL.into(),
        reason: None,
        word_pieces,
        claims: aligned,
    }
}

/// `metadata.semantic` of a comparison that ran: `embeddings[i]` is the embedding of the answer of
/// `models[i]` (request order); the result holds the pairwise cosines and each answer's mean cosine
/// with the others ([`agreement`]), and `word_pieces` as given (those of the answers embedded).
///
/// # Panics
/// When `models` and `embeddings` differ in length.
pub fn compare_semantic<S: AsRef<str>>(
    models: &[S],
    embeddings: &[&[f32]],
    word_pieces: u64,
) -> CompareSemantic {
    assert_eq!(
        models.len(),
        embeddings.len(),
        "one embedding per compared answer"
    );
    let (pairwise, means) = agreement(embeddings);
    CompareSemantic {
        ran: true,
        model: MODEL.into(),
        reason: None,
        word_pieces,
        pairwise,
        answers: models
            .iter()
            .zip(means)
            .map(|(m, agreement)| SemanticAgreement {
                model: m.as_ref().to_string(),
                agreement,
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cosine_is_bounded_and_zero_safe() {
        assert!((cosine(&[1.0, 0.0], &[2.0, 0.0]) - 1.0).abs() < 1e-12);
        assert!((cosine(&[1.0, 0.0], &[-1.0, 0.0]) + 1.0).abs() < 1e-12);
        assert_eq!(cosine(&[1.0, 0.0], &[0.0, 3.0]), 0.0);
        assert_eq!(cosine(&[0.0, 0.0], &[1.0, 1.0]), 0.0);
        assert_eq!(cosine(&[], &[]), 0.0);
    }

    #[test]
    fn best_source_takes_the_highest_cosine_and_the_first_of_ties() {
        let claim = [1.0f32, 0.0];
        let a = [0.0f32, 1.0];
        let b = [0.8f32, 0.6];
        let c = [0.8f32, 0.6];
        let (i, cos) = best_source(&claim, &[&a, &b, &c]).unwrap();
        assert_eq!(i, 1);
        assert!((cos - 0.8).abs() < 1e-6);
        assert_eq!(best_source(&claim, &[]), None);
        // A negative best is still the best.
        let (i, cos) = best_source(&claim, &[&[-1.0, 0.0], &[-1.0, 1.0]]).unwrap();
        assert_eq!(i, 1);
        assert!(cos < 0.0);
    }

    #[test]
    fn agreement_is_symmetric_with_means_over_the_others() {
        let a = [1.0f32, 0.0];
        let b = [0.0f32, 1.0];
        let c = [1.0f32, 1.0];
        let (m, means) = agreement(&[&a, &b, &c]);
        assert_eq!(m.len(), 3);
        for (i, row) in m.iter().enumerate() {
            assert!((row[i] - 1.0).abs() < 1e-12);
            for (j, x) in row.iter().enumerate() {
                assert_eq!(*x, m[j][i]);
            }
        }
        let s = std::f64::consts::FRAC_1_SQRT_2;
        assert!((means[0] - (0.0 + s) / 2.0).abs() < 1e-6);
        assert!((means[2] - s).abs() < 1e-6);
        let (_, one) = agreement(&[&a]);
        assert_eq!(one, vec![0.0]);
        let (m, none) = agreement(&[]);
        assert!(m.is_empty() && none.is_empty());
    }

    #[test]
    fn source_sentences_carry_character_offsets() {
        let ctx = "Ça va. The Amazon is the largest river by discharge volume. Ok?";
        let spans = source_sentences(ctx);
        assert_eq!(spans.len(), 3);
        for s in &spans {
            let text: String = ctx.chars().skip(s.start).take(s.end - s.start).collect();
            assert_eq!(text, s.text);
        }
        assert_eq!(spans[0].text, "Ça va.");
        assert!(spans[1].text.starts_with("The Amazon"));
    }

    #[test]
    fn not_run_names_the_model_and_the_reason() {
        let s = SemanticInfo::default();
        assert!(!s.ran);
        assert_eq!(s.model, MODEL);
        assert_eq!(s.reason.as_deref(), Some(REASON_NO_MODEL));
        let v = serde_json::to_value(&s).unwrap();
        assert_eq!(v["ran"], false);
        assert_eq!(v["claims"], serde_json::json!([]));
        let c = serde_json::to_value(CompareSemantic::not_run(REASON_NO_MODEL)).unwrap();
        assert_eq!(c["reason"], REASON_NO_MODEL);
    }

    #[test]
    fn alignment_sources_says_why_it_cannot_run() {
        let text = "The Amazon is the largest river by discharge volume. It is in Brazil.";
        let whole = |t: &str| {
            Some(SourcesSpan {
                field: SourceField::Context,
                start: 0,
                end: t.chars().count(),
            })
        };
        let of = |context: Option<&'static str>| {
            AuditSources::of(context.and_then(whole), None, context)
        };
        assert_eq!(
            alignment_sources(1, AuditSources::of(None, None, Some(text))),
            Err(REASON_NO_SOURCES)
        );
        assert_eq!(alignment_sources(1, of(Some("  "))), Err(REASON_NO_SOURCES));
        assert_eq!(alignment_sources(1, of(None)), Err(REASON_NO_SOURCES));
        assert_eq!(alignment_sources(0, of(Some(text))), Err(REASON_NO_CLAIMS));
        assert_eq!(alignment_sources(0, of(Some("..."))), Err(REASON_NO_CLAIMS));
        assert_eq!(
            alignment_sources(2, of(Some(text))).unwrap(),
            source_sentences(text)
        );
    }

    #[test]
    fn a_passage_of_a_field_is_aligned_where_it_stands() {
        let prompt = "Réponds. Context: The Amazon is the largest river by discharge volume. It is in Brazil.\nQuestion: Where is it?";
        let passage = "The Amazon is the largest river by discharge volume. It is in Brazil.";
        let start = prompt[..prompt.find("The").unwrap()].chars().count();
        let span = SourcesSpan {
            field: SourceField::Prompt,
            start,
            end: start + passage.chars().count(),
        };
        let sources = AuditSources::of(Some(span), Some(prompt), None);
        assert_eq!(sources.text, Some(passage));
        let sentences = alignment_sources(1, sources).unwrap();
        let chars: Vec<char> = prompt.chars().collect();
        assert_eq!(sentences.len(), 2);
        for s in &sentences {
            assert_eq!(chars[s.start..s.end].iter().collect::<String>(), s.text);
        }
        // The same passage sent as the context, with the question around it.
        let sources = AuditSources::of(
            Some(SourcesSpan {
                field: SourceField::Context,
                ..span
            }),
            None,
            Some(prompt),
        );
        assert_eq!(sources.text, Some(passage));
        // A span its field cannot hold, or no such field: no sources.
        let beyond = SourcesSpan {
            start: 5,
            end: chars.len() + 1,
            ..span
        };
        assert_eq!(
            AuditSources::of(Some(beyond), Some(prompt), None).text,
            None
        );
        assert_eq!(AuditSources::of(Some(span), None, Some(prompt)).text, None);
    }

    #[test]
    fn align_claims_picks_each_claims_best_sentence() {
        let sentences = source_sentences("First one. Second one. Third one.");
        assert_eq!(sentences.len(), 3);
        let (a, b, c) = ([1.0f32, 0.0], [0.0f32, 1.0], [0.6f32, 0.8]);
        let info = align_claims(&sentences, &[&b, &a], &[&a, &b, &c], 42);
        assert!(info.ran && info.reason.is_none());
        assert_eq!(info.word_pieces, 42);
        assert_eq!(info.claims.len(), 2);
        assert_eq!(
            (info.claims[0].claim, &info.claims[0].source),
            (0, &sentences[1])
        );
        assert_eq!(
            (info.claims[1].claim, &info.claims[1].source),
            (1, &sentences[0])
        );
        assert!((info.claims[0].cosine - 1.0).abs() < 1e-12);
    }

    #[test]
    fn compare_semantic_names_each_answer() {
        let (a, b) = ([1.0f32, 0.0], [0.6f32, 0.8]);
        let c = compare_semantic(&["m1", "m2"], &[&a, &b], 7);
        assert!(c.ran && c.reason.is_none());
        assert_eq!(c.word_pieces, 7);
        assert_eq!(c.answers[0].model, "m1");
        assert!((c.answers[1].agreement - 0.6).abs() < 1e-6);
        assert!((c.pairwise[0][1] - 0.6).abs() < 1e-6);
    }
}
