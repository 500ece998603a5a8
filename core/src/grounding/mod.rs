//! Grounding of an answer in its sources (DESIGN §2.0–2.1): what the `context` is (a prompt or
//! sources), the answer split into claims, each claim aligned to its best-supporting source
//! sentence (lexical alignment with idf weights, the sentence-level alignment of SummaC, Laban et
//! al. 2022), contradiction signals (the aligned sentence states a different name, number or date:
//! the entity and number swaps of FactCC, Kryscinski et al. 2020), and question alignment (the
//! source sentences that answer the question should hold the answer's new content).
//!
//! Cost is linear in the lengths of the answer and the sources: sources are indexed once (an
//! inverted index of key tokens over source sentences), and every claim is scored through it.
//!
//! This module holds the public types and [`analyse_tokens`], which walks the answer's claims
//! and sums up their features; `claim` judges one claim (`claim::Request::judge`: the claim's
//! keys, its alignment, then one method per contradiction rule, in the order they are tried).
//! The steps they call live in submodules, each importing this module's scope (`use super::*`):
//! - what the context is: `context`; sentences and their keys: `sentences`, `markers`, `names`,
//!   `stem`, `key`; the sources' index: `index`; the question: `question`;
//! - contradiction signals of a claim against its aligned sentence: `clauses` (entity anchoring
//!   per clause), `polarity` (negation), `direction` (rose / fell), `numbers`, `dates`, `slots`
//!   (a number, life span or "of" name in the same slot), `agents` (the doer of an action),
//!   `superlatives` (a rank or a singled-out class), `pronouns` (a pronoun of the other gender),
//!   `abstention` (an abstention the sources answer; conversational formulas), `comparison` (the
//!   option an alternative question in time asks for, a comparative against stated measures).

use crate::quantity::{
    is_scale_name, quantities, unit_symbol, written_at, Quantity, AMBIGUOUS_UNIT_WORDS,
};
use crate::text::{
    abbreviated_calendar_name, abbreviated_month, approximator_bound, decade_start, demonym_place,
    fold_diacritics, framing_end, gap, glued_repeat, in_decade, initialism_letters,
    is_approximated, is_common_acronym, is_number_scale, is_stopword, is_unit_symbol, joined_name,
    lower_cow, number_key, number_value, rounds_to, spelled_initialisms, spells_long_form,
    strip_possessive, to_lower, tokens, truncate_cow, us_state_of_code, AnyPhrase, FastMap,
    FastSet, Token, APPROXIMATORS,
};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use tinyvec::ArrayVec;

mod abstention;
mod agents;
mod claim;
mod clauses;
mod comparison;
mod context;
mod dates;
mod deontic;
mod direction;
mod index;
mod key;
mod markers;
mod names;
mod numbers;
mod polarity;
mod pronouns;
mod question;
mod sentences;
mod slots;
mod stem;
mod superlatives;
mod tables;

use abstention::*;
use agents::*;
use claim::*;
use clauses::*;
use comparison::*;
pub use context::*;
pub(crate) use dates::*;
use deontic::*;
use direction::*;
use index::*;
pub use key::*;
pub use markers::*;
pub(crate) use names::*;
pub use numbers::*;
use polarity::*;
use pronouns::*;
use question::*;
pub use sentences::*;
use slots::*;
pub(crate) use stem::*;
use superlatives::*;
use tables::*;

/// Where a claim stands with its sources.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum ClaimStatus {
    /// At least [`SUPPORTED_AT`] of its key tokens are in the sources, every name, number and
    /// date of it is, and nothing contradicts it.
    Supported,
    /// Too little of it is found in the sources, or a name, number or date of it is not.
    Unsupported,
    /// Its aligned source sentence states a different name, number or date, or the opposite
    /// polarity.
    Contradicted,
}

/// Share of a claim's key tokens that must be found in the sources for it to count as supported.
pub const SUPPORTED_AT: f64 = 0.75;

/// A span of the context: character offsets (Unicode scalar values, end exclusive) and its text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SourceSpan {
    /// First character of the span in `context`.
    pub start: usize,
    /// One past its last character.
    pub end: usize,
    /// The source sentence.
    pub text: String,
}

/// One claim of the answer and how its sources bear on it (`metadata.claims`, DESIGN §2.1).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Claim {
    /// First character of the claim in `text` (Unicode scalar values).
    pub start: usize,
    /// One past its last character.
    pub end: usize,
    /// The claim's text.
    pub text: String,
    /// Share in [0,1] of the claim's key tokens (content words, names, numbers) found in the
    /// prompt or context.
    pub support: f64,
    /// Share in [0,1] of its key tokens found in the prompt or in the two best-aligned source
    /// sentences.
    pub aligned_support: f64,
    /// Supported, unsupported or contradicted.
    pub status: ClaimStatus,
    /// The best-aligned source sentence, if any shares a key token with the claim; for a claim
    /// contradicted by a name, number or date, the sentence that states the one it contradicts
    /// (the second aligned sentence when the conflict is found there).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub source: Option<SourceSpan>,
    /// What contradicts it: `"1925" vs "1889"` pairs (the claim's token, the source's token).
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub conflicts: Vec<String>,
    /// Whether it contradicts itself rather than a source: a weekday its own date does not
    /// fall on, a value outside the reference range it gives. `source` is then the closest
    /// sentence, which states none of the conflict. Written only when true.
    #[serde(skip_serializing_if = "std::ops::Not::not", default)]
    pub contradicts_itself: bool,
}

/// Aggregate grounding features of an answer (inputs of the grounded task models).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GroundingFeatures {
    /// Lowest claim support in [0,1] (1 without claims).
    pub claim_support_min: f64,
    /// Mean claim support in [0,1].
    pub claim_support_mean: f64,
    /// Lowest aligned support in [0,1].
    pub aligned_support_min: f64,
    /// Share of claims contradicted by their aligned sentence.
    pub contradicted_share: f64,
    /// Share of claims with a name, number or date found nowhere in the sources while their
    /// aligned sentence holds another of the same type.
    pub novel_conflict_share: f64,
    /// Share of claims whose polarity (negation) differs from their aligned sentence.
    pub negation_mismatch_share: f64,
    /// Share of the answer's new key tokens (not in the prompt) found in the context (1 when the
    /// answer adds nothing to the prompt).
    pub new_support_share: f64,
    /// Question alignment of the answer in [0,1]: for each new key token of the answer, the idf
    /// weight the best source sentence holding it shares with the question, relative to the best
    /// sentence overall, averaged (a token absent from the passage scores 0); 1 without a
    /// question or without new tokens. A name the passage mentions elsewhere scores low.
    pub answer_question_alignment: f64,
    /// Whether the answer's new content is of the kind the question asks for (1), not (0), or
    /// the question does not say (0.5): who → a name, when/what year → a date, how many/much → a
    /// number.
    pub answer_type_match: f64,
    /// Question proximity in [0,1] ([`question_proximity`]): for each new name, number or date
    /// of the answer that the question-aligned sentence holding it also holds question words,
    /// 1 when it stands nearest to them among that sentence's tokens of its kind, else the
    /// nearest one's distance over its own; the best over the answer's tokens (the one that
    /// answers; the others may add detail), 1 when none can be judged. "Rollo" in
    /// "… under their leader Rollo, agreed to swear fealty to King Charles III" answers "Who
    /// led them?"; "Charles III" scores 1/8.
    pub answer_question_proximity: f64,
    /// Entity anchoring in [0,1]: for each name, number or date of a claim that the sources hold
    /// (and the prompt does not), how well the best source sentence holding it carries the rest
    /// of its clause of the claim ([`clause_ranges`]; the whole claim when the clause holds
    /// nothing else the sources hold) — the idf weight of the clause's other key tokens it
    /// shares — relative to the best sentence overall; the mean over the answer's such tokens
    /// (1 when none can be judged). A claim that joins two source sentences, one per clause,
    /// is anchored in both.
    /// The mean, not the minimum: a correct long answer has some claim that joins two sentences,
    /// and the minimum over many tokens falls with length (it REFUSED a correct RAG answer).
    /// A name or number moved from elsewhere in the passage (an intrinsic swap, FactCC,
    /// Kryscinski et al. 2020) stands away from what its claim says about it and scores low.
    pub entity_anchor_mean: f64,
}

impl Default for GroundingFeatures {
    fn default() -> Self {
        GroundingFeatures {
            claim_support_min: 1.0,
            claim_support_mean: 1.0,
            aligned_support_min: 1.0,
            contradicted_share: 0.0,
            novel_conflict_share: 0.0,
            negation_mismatch_share: 0.0,
            new_support_share: 1.0,
            answer_question_alignment: 1.0,
            answer_type_match: 0.5,
            answer_question_proximity: 1.0,
            entity_anchor_mean: 1.0,
        }
    }
}

/// The analysis of an answer against its sources.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Grounding {
    /// Per-claim results, in text order.
    pub claims: Vec<Claim>,
    /// Aggregate features.
    pub features: GroundingFeatures,
    /// The spans in whole years between two years of one source sentence ([`year_gaps`]), the
    /// differences between two of its whole numbers next to each other ([`number_gaps`]), the
    /// shares its percentages state ([`percent_shares`]), the days between its dates and those
    /// of the sentence before ([`date_gaps`]) and the years it counts from the last year told
    /// ([`counted_years`]: "Four years later"), over every sentence of the sources (empty
    /// without sources): the ages, durations, differences and years the sources state without
    /// writing them.
    pub source_gaps: Vec<u32>,
    /// When the prompt asks for a number computed from the sources (a difference, a total, a
    /// complement: `asks_computation`), the differences and sums of their numbers and the
    /// complements of their percentages (`computed_numbers`); empty otherwise.
    pub source_computed: Vec<f64>,
    /// The byte offsets in the answer of the numbers its shown arithmetic derives (and of the
    /// month of a date it derives): products
    /// and quotients of two numbers of one sentence or the one before it, from numbers of the
    /// sources and the user's (`shown_products`), the days it counts between two of its dates
    /// (`shown_date_gaps`), the time between two of its times of day (`shown_clock_gaps`), a
    /// measure that two of one source sentence's differ or sum to, one restated in its sentence
    /// (`shown_measure_differences`), a
    /// date it counts days or weeks from another (`shown_date_offsets`), and the results of equations it writes out
    /// over known operands (`stated_equations`: "5 days × 250 km = 1,250 km") with the
    /// operands of later equations that restate them, and the other arithmetic
    /// `Request::read_answer` reads (differences, bracketed results, totals of the results
    /// before them, amounts restated per another period, shares of derived amounts, derived
    /// numbers stated again); empty without sources.
    pub shown_arithmetic: Vec<usize>,
}

/// The spans of an answer's claims: its sentences ([`sentence_spans`]), or, for an answer of
/// digits without a letter ("1889", "24-10", "7,500"), the whole answer trimmed: a bare
/// number answers the question as a claim does ("When was it completed?" "1889.").
fn claim_spans(text: &str) -> Vec<(usize, usize)> {
    let spans = sentence_spans(text);
    if !spans.is_empty() || !text.bytes().any(|b| b.is_ascii_digit()) {
        return spans;
    }
    let lead = text.len() - text.trim_start().len();
    vec![(lead, lead + text.trim().len())]
}

/// Character offset of byte offset `b` in `s`, counting from byte `from` (char offset `at`).
fn char_offset(s: &str, from: usize, at: usize, b: usize) -> usize {
    at + s[from..b].chars().count()
}

/// Analyses `text` against `prompt` and `context` (sources). Without a context every claim is
/// unsupported by sources and the features keep their neutral defaults (the open kind does not
/// use them). Linear in the lengths of the three strings (module docs).
pub fn analyse(text: &str, prompt: &str, context: &str) -> Grounding {
    analyse_tokens(
        (text, &tokens(text)),
        (prompt, &tokens(prompt)),
        (context, &tokens(context)),
    )
}

/// [`analyse`] of texts already split into their [`tokens`]: each of `text`, `prompt` and
/// `context` is the string and its tokens (one tokenisation per input for the whole audit).
/// Each claim is judged by [`claim::Request::judge`]; the features sum them up.
pub fn analyse_tokens(
    (text, text_tokens): (&str, &[Token<'_>]),
    (prompt, prompt_tokens): (&str, &[Token<'_>]),
    (context, context_tokens): (&str, &[Token<'_>]),
) -> Grounding {
    if context.trim().is_empty() {
        return Grounding::default();
    }
    let lower_vocab = LowerVocab::of(&[text_tokens, prompt_tokens, context_tokens]);
    // Initialisms of the answer and the prompt, which the context may spell out.
    let mut initialisms: Vec<String> = text_tokens
        .iter()
        .chain(prompt_tokens)
        .filter(|t| !crate::text::is_stopword_raw(t.raw))
        .filter_map(|t| initialism_letters(t.raw))
        .collect();
    initialisms.sort_unstable();
    initialisms.dedup();
    let computed = asks_computation(prompt);
    let scale = scale_factor(prompt, prompt_tokens, context_tokens);
    let index = SourceIndex::build(
        context,
        context_tokens,
        &lower_vocab,
        &initialisms,
        computed,
        scale,
    );
    let mut req = Request::new(
        (prompt, prompt_tokens),
        (context, context_tokens),
        &index,
        &lower_vocab,
    );
    let claim_spans = claim_spans(text);
    req.read_answer(text, text_tokens, &claim_spans);
    let (mut scratch, mut tally) = (Scratch::default(), Tally::default());
    let mut claims = Vec::new();
    let (mut byte_at, mut char_at) = (0usize, 0usize);
    // Whether the answer says something beyond conversational formulas (`phatic`): when it
    // says nothing else, its formula is kept as its claim.
    let states_more = claim_spans
        .iter()
        .any(|&sp| !phatic(span_tokens(text_tokens, sp)));
    for (n_sent, sp) in claim_spans.into_iter().enumerate() {
        let toks = span_tokens(text_tokens, sp);
        let judged = req.judge(
            (text, sp, toks),
            n_sent == 0,
            states_more,
            &mut scratch,
            &mut tally,
        );
        let Some(judged) = judged else {
            continue;
        };
        let start = char_offset(text, byte_at, char_at, sp.0);
        let end = char_offset(text, sp.0, start, sp.1);
        (byte_at, char_at) = (sp.1, end);
        claims.push(Claim {
            start,
            end,
            text: text[sp.0..sp.1].to_string(),
            support: judged.support,
            aligned_support: judged.aligned_support,
            status: judged.status,
            source: judged.source,
            conflicts: judged.conflicts,
            contradicts_itself: judged.contradicts_itself,
        });
    }
    let n = claims.len();
    let mut f = GroundingFeatures::default();
    if n > 0 {
        f.claim_support_min = claims.iter().map(|c| c.support).fold(1.0, f64::min);
        f.claim_support_mean = claims.iter().map(|c| c.support).sum::<f64>() / n as f64;
        f.aligned_support_min = claims.iter().map(|c| c.aligned_support).fold(1.0, f64::min);
        f.contradicted_share = tally.contradicted as f64 / n as f64;
        f.novel_conflict_share = tally.novel_conflicts as f64 / n as f64;
        f.negation_mismatch_share = tally.neg_mismatch as f64 / n as f64;
    }
    if tally.anchor_n > 0 {
        f.entity_anchor_mean = tally.anchor_sum / tally.anchor_n as f64;
    }
    if tally.new_total > 0 {
        f.new_support_share = tally.new_found as f64 / tally.new_total as f64;
    }
    req.answer_features(text, &tally, &mut scratch.scores, &mut f);
    Grounding {
        shown_arithmetic: req.shown_arithmetic().to_vec(),
        claims,
        features: f,
        source_gaps: index.gaps,
        source_computed: index.computed,
    }
}

#[cfg(test)]
mod tests;
