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
//! This module holds the public types and [`analyse_tokens`], which walks the answer's claims;
//! the steps it calls live in submodules, each importing this module's scope (`use super::*`):
//! - what the context is: `context`; sentences and their keys: `sentences`, `markers`, `names`,
//!   `stem`, `key`; the sources' index: `index`; the question: `question`;
//! - contradiction signals of a claim against its aligned sentence: `clauses` (entity anchoring
//!   per clause), `polarity` (negation), `direction` (rose / fell), `numbers`, `dates`, `slots`
//!   (a number, life span or "of" name in the same slot), `agents` (the doer of an action),
//!   `superlatives` (a rank or a singled-out class), `abstention` (an abstention the sources
//!   answer; conversational formulas).

use crate::quantity::{
    is_scale_name, quantities, unit_symbol, written_at, Quantity, AMBIGUOUS_UNIT_WORDS,
};
use crate::text::{
    abbreviated_month, contains_ignore_ascii_case, decade_start, demonym_place, fold_diacritics,
    framing_end, gap, glued_repeat, in_decade, initialism_letters, is_approximated,
    is_common_acronym, is_number_scale, is_stopword, is_unit_symbol, joined_name, lower_cow,
    number_key, number_value, rounds_to, spelled_initialisms, spells_long_form, strip_possessive,
    to_lower, tokens, FastMap, FastSet, Token, APPROXIMATORS,
};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use tinyvec::ArrayVec;

mod abstention;
mod agents;
mod clauses;
mod context;
mod dates;
mod direction;
mod index;
mod key;
mod markers;
mod names;
mod numbers;
mod polarity;
mod question;
mod sentences;
mod slots;
mod stem;
mod superlatives;

use abstention::*;
use agents::*;
use clauses::*;
pub use context::*;
pub(crate) use dates::*;
use direction::*;
use index::*;
pub use key::*;
pub use markers::*;
pub(crate) use names::*;
pub use numbers::*;
use polarity::*;
use question::*;
pub use sentences::*;
use slots::*;
pub(crate) use stem::*;
use superlatives::*;

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
    /// The spans in whole years between two years of one source sentence ([`year_gaps`]) and
    /// the differences between two of its whole numbers ([`number_gaps`]), over every sentence
    /// of the sources (empty without sources): the ages, durations and differences the sources
    /// state without writing them.
    pub source_gaps: Vec<u32>,
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
        .filter(|t| !is_stopword(&lower_cow(t.raw)))
        .filter_map(|t| initialism_letters(t.raw))
        .collect();
    initialisms.sort_unstable();
    initialisms.dedup();
    let index = SourceIndex::build(context, context_tokens, &lower_vocab, &initialisms);
    // The prompt's keys, and the names of its question (its last speaker turn in a dialogue,
    // `question_of`): the sentences from the question's start on.
    let question_from = prompt.len() - question_of(prompt).len();
    let mut prompt_keys: FastSet<Cow<'_, str>> = FastSet::default();
    let mut question_names: FastSet<Cow<'_, str>> = FastSet::default();
    // The ids of the question's words the sources hold: what a claim without words of its own
    // (a bare date) is an answer about.
    let mut question_words: Vec<u32> = Vec::new();
    for sp in sentence_spans(prompt) {
        let ks = sentence_keys(prompt, sp, span_tokens(prompt_tokens, sp), &lower_vocab).0;
        for k in ks.into_iter().filter(|k| !k.negation) {
            if k.kind == KeyKind::Name && sp.1 > question_from {
                question_names.insert(k.norm.clone());
            }
            if k.kind == KeyKind::Word && sp.1 > question_from {
                question_words.extend(index.id_of(&k));
            }
            prompt_keys.insert(k.norm);
        }
    }
    let mut scores = FastMap::default();
    // The calendar dates of the sources, each with the sentence that states it, found once
    // when a claim states a date.
    let source_dates = std::cell::OnceCell::new();
    let stated_dates = || -> &Vec<(u32, CalendarDate)> {
        source_dates.get_or_init(|| {
            index
                .spans
                .iter()
                .enumerate()
                .flat_map(|(t, &sp)| {
                    calendar_dates(context, span_tokens(context_tokens, sp))
                        .into_iter()
                        .map(move |c| (t as u32, c))
                })
                .collect()
        })
    };
    // Sentence weights of one clause of a claim (entity anchoring).
    let mut clause_scores = FastMap::default();
    let mut claims = Vec::new();
    let (mut contradicted, mut novel_conflicts, mut neg_mismatch) = (0usize, 0usize, 0usize);
    let mut new_total = 0usize;
    let mut new_found = 0usize;
    let mut new_keys: Vec<(u32, KeyKind)> = Vec::new();
    // Every key id of the answer found in the sources.
    let mut answer_ids: Vec<u32> = Vec::new();
    let mut new_missing_kinds: Vec<KeyKind> = Vec::new();
    let (mut anchor_sum, mut anchor_n) = (0.0f64, 0usize);
    let (mut byte_at, mut char_at) = (0usize, 0usize);
    // A yes/no question (`polar_question`) and its tokens, for a bare "Yes." or "No, it is
    // not." answer, which claims the question's proposition (QA2D's declarative form of a
    // question and its answer, Demszky et al. 2018, for polar questions).
    let question = if prompt.trim().is_empty() {
        question_in(context)
    } else {
        question_of(prompt)
    };
    // Its last sentence that asks: "Answer using the passage below. … Was it …?"
    let polar = polar_question(question_in(question));
    // Whether it asks for a count, a measure or a date and for nothing else (`asks_only_value`).
    let asks_no_name = asks_only_value(question);
    // The noun of a "which …" or "what …" question ("Which river …?": "river", `asked_noun`).
    let asked_noun = asked_noun(question);
    // The question's tokens, read when a claim is a bare year (`life_span_swap`), and the
    // sources' "of" slots, read on the first claim with one (`of_slot_name_swap`).
    let question_toks = std::cell::OnceCell::new();
    let source_slots = std::cell::OnceCell::new();
    // What the question asks for (a name, a date, a count: `expected_kinds`), read when a
    // claim abstains.
    let asked_kinds = expected_kinds(question);
    // What number answers it, when it asks for a count or a measure (`asked_measure`).
    let measure = asked_measure(&padded_words(question));
    let claim_spans = claim_spans(text);
    // Whether the answer says something beyond conversational formulas (`phatic`): when it
    // says nothing else, its formula is kept as its claim.
    let states_more = claim_spans
        .iter()
        .any(|&sp| !phatic(span_tokens(text_tokens, sp)));
    for (n_sent, sp) in claim_spans.into_iter().enumerate() {
        let (mut ks, _) = sentence_keys(text, sp, span_tokens(text_tokens, sp), &lower_vocab);
        // The weekday of a date the claim states is no key of its own (`dated_weekdays`).
        let weekdays = dated_weekdays(text, span_tokens(text_tokens, sp));
        ks.retain(|k| k.kind != KeyKind::Month || !weekdays.contains(&(k.at as usize)));
        // The claim's text and tokens: the answer sentence's, or for a bare yes/no answer the
        // question's, with its polarity flipped by "No".
        let (mut claim_text, mut claim_toks) = (text, span_tokens(text_tokens, sp));
        // (A question's proposition is judged by its polarity alone: its names and numbers are
        // the question's, not the answer's.)
        let (mut flip, mut polar_claim) = (false, false);
        if let (0, Some(q_toks)) = (n_sent, &polar) {
            let reply = claim_toks.first().map(|t| lower_cow(t.raw));
            let bare = ks.iter().all(|k| k.negation);
            if bare && matches!(reply.as_deref(), Some("yes" | "no")) {
                flip = reply.as_deref() == Some("no");
                polar_claim = true;
                (claim_text, claim_toks) = (question, &q_toks[..]);
                ks = sentence_keys(question, (0, question.len()), q_toks, &lower_vocab).0;
            }
        }
        // A conversational formula ("Sure!", "Good luck with your report!") states no fact.
        if !polar_claim && states_more && phatic(claim_toks) {
            continue;
        }
        // An abstention ("The passage does not say when it opened.") to a question that asks
        // for a name, a date or a count, when a sentence of the sources answers it
        // (`answering_sentence`), is contradicted by that sentence (below, when no other
        // conflict is found). One the sources do not answer is judged as any claim is: whether
        // they are silent cannot be told from word overlap on a multi-hop question (HaluEval's
        // questions all have an answer in their knowledge; read as silent, "Tory Dickson's
        // father is not known." rose from 0.001 to 0.708). An abstention without a contrast
        // only: "I do not know when they were released, but The Sea Inside is a mystery"
        // states more than the sources' silence.
        let abstention_answered = match (polar_claim, asked_kinds) {
            (false, Some(kinds)) => {
                // (Tested after `abstains`, which rejects most claims without lower-casing.)
                let contrasts = || {
                    claim_toks.iter().any(|t| {
                        ["but", "although", "though", "however", "yet", "whereas"]
                            .iter()
                            .any(|c| t.raw.eq_ignore_ascii_case(c))
                    })
                };
                (abstains(claim_toks) && !contrasts())
                    .then(|| answering_sentence(&index, (question, &lower_vocab), kinds, measure))
                    .flatten()
            }
            _ => None,
        };
        let negated = ks.iter().any(|k| k.negation) != flip;
        // The claim's clauses ([`clause_ranges`]), computed once, when entity anchoring,
        // polarity or direction first needs them.
        let claim_clauses: ClaimClauses = std::cell::OnceCell::new();
        let content: Vec<&Key> = ks.iter().filter(|k| !k.negation).collect();
        let mut seen = FastSet::default();
        let content: Vec<&Key> = content
            .into_iter()
            .filter(|k| seen.insert(k.norm.as_ref()))
            .collect();
        if content.is_empty() {
            continue;
        }
        let mut ids = index.claim_ids(&content);
        index.one_by_article(&content, claim_toks, (context, context_tokens), &mut ids);
        let known: Vec<u32> = ids.iter().flatten().copied().collect();
        answer_ids.extend(&known);
        // A number the claim derives from a year it states and a year of the sources ("She
        // joined in 2015, four years before becoming CFO" against "… in 2015. … CFO in 2019")
        // is given as a prompt's token is: `year_gaps` pairs the years of one source sentence,
        // this the claim's own years with the sources'. So is a percentage it derives from two
        // numbers it states that the sources hold ("84 of the 120 members, or 70 percent",
        // `ratio_percent`).
        let claim_years: Vec<u32> = content
            .iter()
            .zip(&ids)
            .filter(|(k, id)| k.kind == KeyKind::Year && id.is_some())
            .filter_map(|(k, _)| k.norm.parse().ok())
            .collect();
        let in_prompt: Vec<bool> = content
            .iter()
            .zip(&ids)
            .map(|(k, id)| {
                prompt_keys.contains(&k.norm)
                    || (id.is_none()
                        && k.kind == KeyKind::Number
                        && !claim_years.is_empty()
                        && k.norm.parse::<u32>().is_ok_and(|d| {
                            d > 0
                                && index
                                    .years()
                                    .iter()
                                    .any(|&y| claim_years.iter().any(|&c| c.abs_diff(y) == d))
                        }))
                    || (id.is_none()
                        && k.kind == KeyKind::Number
                        && ratio_percent(claim_text, claim_toks, k.at as usize, |v| {
                            index.numbers.iter().any(|&(n, _)| n == v)
                        }))
            })
            .collect();
        let found = ids
            .iter()
            .zip(&in_prompt)
            .filter(|(id, p)| id.is_some() || **p)
            .count();
        let support = found as f64 / content.len() as f64;
        for ((k, id), p) in content.iter().zip(&ids).zip(&in_prompt) {
            if !*p {
                new_total += 1;
                if let Some(id) = id {
                    new_found += 1;
                    new_keys.push((*id, k.kind));
                } else {
                    new_missing_kinds.push(k.kind);
                }
            }
        }
        // The name the claim opens with, its subject, is held by a sentence whose subject
        // refers to an entity named before it (`SourceIndex::continues_subject`): "The
        // company was founded in 1987 by …" states "Northwind Traders was founded in 1987
        // by …" when an earlier sentence names Northwind Traders; "He posts …" anchors
        // "Roman Atwood posts …" after "Roman Atwood is …".
        let subject_run = ks
            .iter()
            .find(|k| !k.negation)
            .filter(|k| {
                k.kind == KeyKind::Name
                    && (k.at == 0 || (k.at == 1 && claim_toks[0].raw.eq_ignore_ascii_case("the")))
            })
            .map_or(NO_RUN, |k| k.run);
        // The ids the sources give the keys of a clause of the claim (a range of its tokens).
        let clause_ids_of = |r: &std::ops::Range<usize>| -> Vec<u32> {
            content
                .iter()
                .zip(&ids)
                .filter(|(k, _)| r.contains(&(k.at as usize)))
                .filter_map(|(_, id)| *id)
                .collect()
        };
        // The ids of the claim's subject names that the sources state.
        let subject_ids: Vec<u32> = content
            .iter()
            .zip(&ids)
            .filter(|(k, _)| {
                subject_run != NO_RUN && k.kind == KeyKind::Name && k.run == subject_run
            })
            .filter_map(|(_, id)| *id)
            .collect();
        // The three best sentences: the first two are the claim's alignment, the third lets
        // entity anchoring find the best sentence without a given token in O(1) in most cases.
        let top3 = index.best_continued(&known, &subject_ids, 3, &mut scores);
        let top = &top3[..top3.len().min(2)];
        // Entity anchoring (GroundingFeatures::entity_anchor_mean), clause by clause: an entity
        // is anchored by the rest of its own clause, so a claim that joins two source sentences
        // ("… originated in the Ethiopian highlands, though it was first traded in Yemen") has
        // each name stand where its clause is said. A claim of one clause uses the claim's
        // `top3` and `scores`; each clause of several scores the sentences again by its own ids,
        // and one that says nothing else the sources hold ("…, but in Charlotte") is elliptical:
        // the whole claim anchors its entity.
        let anchored = |k: &&Key, id: &Option<u32>, p: &bool| {
            id.is_some() && !*p && ENTITY_KINDS.contains(&k.kind)
        };
        let any_anchored = content
            .iter()
            .zip(&ids)
            .zip(&in_prompt)
            .any(|((k, id), p)| anchored(k, id, p));
        let clauses: &[std::ops::Range<usize>] = if any_anchored {
            claim_clauses.get_or_init(|| clause_ranges(claim_text, claim_toks))
        } else {
            &[]
        };
        for r in clauses {
            let in_clause = |k: &&Key| clauses.len() == 1 || r.contains(&(k.at as usize));
            let keyed = || content.iter().zip(&ids).zip(&in_prompt);
            if !keyed().any(|((k, id), p)| in_clause(k) && anchored(k, id, p)) {
                continue;
            }
            let (clause_top3, clause_subject);
            let (whole_top3, whole_scores) = (&top3, &scores);
            // The clause's sentence weights, with the claim's subject names when the clause
            // holds them (`SourceIndex::best_continued`), as anchoring reads them.
            let (top3, scores, subject) = if clauses.len() == 1 {
                (whole_top3, whole_scores, &subject_ids)
            } else {
                let clause_ids = clause_ids_of(r);
                clause_subject = subject_ids
                    .iter()
                    .copied()
                    .filter(|e| clause_ids.contains(e))
                    .collect::<Vec<u32>>();
                clause_top3 =
                    index.best_continued(&clause_ids, &clause_subject, 3, &mut clause_scores);
                (&clause_top3, &clause_scores, &clause_subject)
            };
            for ((k, id), p) in keyed() {
                if !(in_clause(k) && anchored(k, id, p)) {
                    continue;
                }
                let e = id.unwrap_or_default();
                let ratio = index.anchoring(e, subject, top3, scores).or_else(|| {
                    (clauses.len() > 1)
                        .then(|| index.anchoring(e, &subject_ids, whole_top3, whole_scores))
                        .flatten()
                });
                if let Some(ratio) = ratio {
                    anchor_sum += ratio;
                    anchor_n += 1;
                }
            }
        }
        let (mut aligned_support, mut conflicts, mut source, mut novel_conflict) =
            (support, Vec::new(), None, false);
        // A name, number or date that neither the sources nor the prompt state leaves the
        // claim unsupported however many of its words they hold ("…, opening in 2029").
        let names_novel_entity = content
            .iter()
            .zip(&ids)
            .zip(&in_prompt)
            .any(|((k, id), p)| id.is_none() && !*p && ENTITY_KINDS.contains(&k.kind));
        let mut status = if support >= SUPPORTED_AT && !names_novel_entity {
            ClaimStatus::Supported
        } else {
            ClaimStatus::Unsupported
        };
        if let Some(&(s, _)) = top.first() {
            // The share of the claim's key tokens that the prompt or one of `sentences` holds.
            let share_in = |sentences: &[u32]| {
                let held = ids
                    .iter()
                    .zip(&in_prompt)
                    .filter(|(id, p)| {
                        **p || id.is_some_and(|id| sentences.iter().any(|&t| index.has(t, id)))
                    })
                    .count();
                held as f64 / content.len() as f64
            };
            // A name of the question that the passage also states is judged as the claim's
            // own: the sentence that carries the claim must hold it ("The iPhone is made by
            // Samsung" against "The Galaxy S series is made by Samsung"). Other tokens of the
            // prompt count as held (an answer restates its question; a reply may name what
            // earlier turns of a dialogue did).
            let in_sent: Vec<bool> = content
                .iter()
                .zip(&ids)
                .zip(&in_prompt)
                .map(|((k, id), p)| match id {
                    Some(id)
                        if subject_run != NO_RUN
                            && k.kind == KeyKind::Name
                            && k.run == subject_run
                            && index.continues_subject(s, &subject_ids) =>
                    {
                        true
                    }
                    Some(id) if question_names.contains(&k.norm) => index.has(s, *id),
                    Some(id) => *p || index.has(s, *id),
                    None => *p,
                })
                .collect();
            // Aligned support: the best two sentences together (a claim may join two sentences
            // about one subject); conflicts are judged against the best one alone.
            let top_ids: Vec<u32> = top.iter().map(|&(t, _)| t).collect();
            aligned_support = share_in(&top_ids);
            let local_support =
                in_sent.iter().filter(|b| **b).count() as f64 / content.len() as f64;
            // How well the sentence matches the rest of the claim: shared non-entity tokens.
            let mut claim_ids = known.clone();
            claim_ids.sort_unstable();
            // The sentence stating the first conflicting name, number or date.
            let mut conflict_sentence = None;
            // The claim's tokens, and its numbers ([`number_at`]), found once when a quantity
            // needs them.
            let claim_numbers = std::cell::OnceCell::new();
            let claim_numbers = || -> &[Cow<'_, str>] {
                claim_numbers.get_or_init(|| {
                    (0..claim_toks.len())
                        .filter_map(|i| number_at(claim_toks, i))
                        .collect::<Vec<_>>()
                })
            };
            // The claim's calendar dates, found once when a date rule needs them.
            let claim_dates = std::cell::OnceCell::new();
            let claim_dates = || -> &[CalendarDate] {
                claim_dates.get_or_init(|| calendar_dates(claim_text, claim_toks))
            };
            // The claim's words (ids of its word keys the sources hold; for a claim without
            // any, its question's) and those of them the aligned sentence holds, found once
            // when a claim's number conflicts: whether the day of the claim's date that key
            // `i` is, a sentence other than the aligned one states with its month, with all of
            // the latter words and one more of the former (above, in the loop).
            let claim_words = std::cell::OnceCell::new();
            let claim_words = || {
                claim_words.get_or_init(|| {
                    let mut words: Vec<u32> = content
                        .iter()
                        .zip(&ids)
                        .filter(|(k, _)| k.kind == KeyKind::Word)
                        .filter_map(|(_, id)| *id)
                        .collect();
                    if words.is_empty() {
                        words.clone_from(&question_words);
                    }
                    let (in_s, not_in_s): (Vec<u32>, Vec<u32>) =
                        words.iter().partition(|&&w| index.has(s, w));
                    (words.is_empty(), in_s, not_in_s)
                })
            };
            let day_stated_elsewhere = |i: usize| {
                let at = claim_toks[content[i].at as usize].start;
                let Some(d) = claim_dates()
                    .iter()
                    .find(|d| d.span.0 <= at && at < d.span.1)
                else {
                    return false;
                };
                let (no_words, words_in_s, words_not_in_s) = claim_words();
                stated_dates().iter().any(|&(t, c)| {
                    t != s
                        && (c.month, c.day) == (d.month, d.day)
                        && words_in_s.iter().all(|&w| index.has(t, w))
                        && (*no_words || words_not_in_s.iter().any(|&w| index.has(t, w)))
                })
            };
            let entity_kinds: &[KeyKind] = if polar_claim { &[] } else { &ENTITY_KINDS };
            for &kind in entity_kinds {
                // A name the sentence lacks but names by another part of the claim's run, which
                // a run of the sources holds whole, is there: "Born in Manhattan, Hyland
                // attended …" names the "Sarah Hyland" of "Sarah Jane Hyland is …". The part
                // stands alone in the sentence and is no ordinary word (a surname, not the
                // "Dog" of "Bavarian Mountain Dog"), and names one entity of the sources.
                let named_by_part = |i: usize| {
                    let (Some(id), run) = (ids[i], content[i].run) else {
                        return false;
                    };
                    run != NO_RUN
                        && (0..content.len()).any(|j| {
                            j != i
                                && content[j].run == run
                                && in_sent[j]
                                && !crate::lexicon::is_common_word(&content[j].norm)
                                && ids[j].is_some_and(|mate| {
                                    // Every longer run of the sources with the part holds the
                                    // name, and one does: "Petrino" alone is ambiguous beside
                                    // "Paul Petrino" and "Vincent Petrino".
                                    let longer = |t: u32| {
                                        let members: Vec<u32> =
                                            index.run_members(t, mate).collect();
                                        (members.len() >= 2).then(|| members.contains(&id))
                                    };
                                    let runs =
                                        index.posting(mate).iter().filter_map(|&t| longer(t));
                                    index.run_members(s, mate).count() == 1
                                        && runs.clone().all(|holds| holds)
                                        && runs.clone().any(|holds| holds)
                                })
                        })
                };
                let missing: Vec<(usize, bool)> = content
                    .iter()
                    .enumerate()
                    .filter(|(i, k)| {
                        k.kind == kind
                            && !in_sent[*i]
                            && !(kind == KeyKind::Name && named_by_part(*i))
                    })
                    .map(|(i, _)| (i, ids[i].is_none()))
                    .collect();
                if missing.is_empty() {
                    continue;
                }
                // The sentence's tokens of this kind that neither the claim nor the prompt holds.
                let others_in = |t: u32| -> Vec<u32> {
                    let (sent_ids, sent_kinds) = index.sentence(t);
                    sent_ids
                        .iter()
                        .zip(sent_kinds)
                        .filter(|(id, k)| {
                            **k == kind
                                && claim_ids.binary_search(id).is_err()
                                && !prompt_keys.contains(&index.norms[**id as usize])
                        })
                        .map(|(id, _)| *id)
                        .collect()
                };
                let novel = missing.iter().find(|m| m.1).map(|m| m.0);
                // The day of a date the sources state whole (month and day) in another sentence
                // that is the claim's own for it: that sentence holds every word of the claim
                // the aligned one holds, and a word of the claim the aligned one lacks (a bare
                // "July 20th, 1969." is read with its question's words: "When did Apollo 11
                // land …?" asks for the date of "landed"). The claim joins two sentences:
                // "Apollo 11 landed on July 20, 1969" against "Apollo 11 launched on July 16,
                // 1969. … landed the lunar module Eagle on July 20 …"; "launched on July 20"
                // still conflicts. (Any name, number or year so stated elsewhere: on the dev
                // QA rows 147 hallucinated answers lost a conflict and no correct one; years
                // and numbers alone, 9 and none — a bridge question's wrong hop is a sentence
                // with the claim's verb and value and another subject.)
                if novel.is_none()
                    && kind == KeyKind::Number
                    && missing.iter().all(|&(i, _)| day_stated_elsewhere(i))
                {
                    continue;
                }
                // A number stated as approximate with a unit ("about nine points more", "about
                // 2.7 kilometres") that no number of the sources rounds to (`SourceIndex::id_of`)
                // is often derived or converted from them: it conflicts only with a number of
                // its own unit ("about 60 percent" against "54.3 percent"), not with any number
                // of the sentence.
                let approx_quantities = novel
                    .filter(|&i| kind == KeyKind::Number && content[i].approx)
                    .map(|i| (i, claim_quantities(claim_toks, &content[i].norm)))
                    .filter(|(_, q)| !q.is_empty());
                let (mut other, mut stated_in) = match &approx_quantities {
                    Some((i, q)) => {
                        let claim = (claim_toks, claim_numbers(), content[*i].norm.as_ref(), q);
                        let found = same_unit_number(&index, claim, context_tokens, &[s], true);
                        (found.map(|(_, id)| vec![id]).unwrap_or_default(), s)
                    }
                    None => (others_in(s), s),
                };
                // A name, number or date found nowhere in the sources conflicts with one the
                // aligned span states in its place: the best sentence, or else the second of
                // the claim's two aligned sentences when that one continues a subject named
                // elsewhere (it refers back by a pronoun): "The Eiffel Tower was completed in
                // 1899" against "The Eiffel Tower is a … tower. It was completed in 1889".
                if other.is_empty() && novel.is_some() && approx_quantities.is_none() {
                    if let Some(&t) = top_ids
                        .get(1)
                        .filter(|&&t| index.sent_refers_back[t as usize])
                    {
                        (other, stated_in) = (others_in(t), t);
                    }
                }
                // … or the sentence that states the rest of its own clause, when the claim joins
                // clauses the sources state apart: every other key of that clause the sources
                // hold, at least two ("It was written and directed by Steven Spielberg, and
                // Leonardo DiCaprio plays a thief …" against "… written and directed by
                // Christopher Nolan. It stars Leonardo DiCaprio as a thief …").
                if let (true, None, Some(i)) = (other.is_empty(), &approx_quantities, novel) {
                    let clauses =
                        claim_clauses.get_or_init(|| clause_ranges(claim_text, claim_toks));
                    let at = content[i].at as usize;
                    let clause_ids = clauses
                        .iter()
                        .find(|r| clauses.len() > 1 && r.contains(&at))
                        .map(clause_ids_of)
                        .filter(|c| c.len() >= 2);
                    if let Some(clause_ids) = clause_ids {
                        let best = index.best(&clause_ids, 1, &mut clause_scores);
                        if let Some(&(t, _)) = best.first().filter(|(t, _)| {
                            *t != s && clause_ids.iter().all(|&id| index.has(*t, id))
                        }) {
                            (other, stated_in) = (others_in(t), t);
                        }
                    }
                }
                // A number found nowhere conflicts with another number of the same unit in
                // either aligned sentence ("ten years in prison" against "…sentenced to five
                // years in prison", when the claim joins that sentence with another).
                // (A number stated as approximate or as a bound without a unit, "over 25,000",
                // is left to the rounding of `SourceIndex::id_of`.)
                let exact = novel.filter(|&i| !content[i].approx || approx_quantities.is_some());
                if let (true, KeyKind::Number, Some(i)) = (other.is_empty(), kind, exact) {
                    let norm = &content[i].norm;
                    let quantities = claim_quantities(claim_toks, norm);
                    if let Some((t, id)) = same_unit_number(
                        &index,
                        (claim_toks, claim_numbers(), norm, &quantities),
                        context_tokens,
                        &top_ids,
                        false,
                    ) {
                        (other, stated_in) = (vec![id], t);
                    }
                }
                // A number named by a label ("Python 3.12", "PEP 695", "Boeing 747") is an
                // identifier of the thing the label names: another label's number is another
                // thing, not the value swapped.
                if kind == KeyKind::Number && !other.is_empty() {
                    let i = novel.unwrap_or(missing[0].0);
                    if let Some(label) = number_label(claim_text, claim_toks, &content[i].norm) {
                        let sent = span_tokens(context_tokens, index.spans[stated_in as usize]);
                        other.retain(|&o| {
                            number_label(context, sent, &index.norms[o as usize])
                                .is_none_or(|l| l.eq_ignore_ascii_case(label))
                        });
                    }
                }
                // A weekday is no swap for a month, nor a month for a weekday: "construction
                // starting in March" does not conflict with "voted on Tuesday" (both are
                // `KeyKind::Month`, the calendar names of a date). A weekday against a
                // sentence that states full dates is judged by their weekdays
                // ([`full_date_weekdays`]): "aired on a Saturday" against "aired on May 5,
                // 2013" (a Sunday) conflicts with the date's month.
                if kind == KeyKind::Month && !other.is_empty() {
                    let i = novel.unwrap_or(missing[0].0);
                    let norm = content[i].norm.as_ref();
                    let is_weekday =
                        |o: &u32| WEEKDAYS.contains(&index.norms[*o as usize].as_ref());
                    match WEEKDAYS.iter().position(|w| *w == norm) {
                        Some(w) => {
                            let sent = span_tokens(context_tokens, index.spans[stated_in as usize]);
                            let days = full_date_weekdays(context, sent);
                            if days.is_empty() || days.iter().any(|d| d.1 == w) {
                                other.retain(is_weekday);
                            }
                        }
                        None => other.retain(|o| !is_weekday(o)),
                    }
                }
                // A name of a run the claim names by part of it is that same entity.
                // So is a name of a run whose word the claim uses as a definite description
                // ("the reef" for "the Great Barrier Reef", "the tower" for "the Eiffel Tower").
                if kind == KeyKind::Name && !other.is_empty() {
                    let claim_runs = name_runs(&ks, &index);
                    let described = definite_descriptions(claim_toks);
                    other.retain(|&o| {
                        !index.names_claim_entity(stated_in, o, &claim_runs)
                            && !index
                                .run_members(stated_in, o)
                                .any(|m| described.iter().any(|d| *d == index.norms[m as usize]))
                    });
                }
                if other.is_empty() {
                    continue;
                }
                // A name, number or date swapped for another one of the sources counts when the
                // sentence alone carries most of the claim (≥ 60 % of its key tokens); below that
                // the claim may join two sentences about one subject. A name is judged so only
                // against a self-contained sentence: one that refers back by a pronoun ("It was
                // completed in 1889") names its subject elsewhere.
                // A number of the sources swapped for another one is the same quantity with
                // another value: when the claim states it with a unit, only a number of that
                // unit and thing in the sentence replaces it (`same_unit_number`): "employs
                // 1,200 people" is not swapped by "revenue grew by 12%".
                if novel.is_none() && kind == KeyKind::Number {
                    let norm = &content[missing[0].0].norm;
                    let quantities = claim_quantities(claim_toks, norm);
                    if !quantities.is_empty() {
                        let claim = (claim_toks, claim_numbers(), norm.as_ref(), &quantities);
                        match same_unit_number(&index, claim, context_tokens, &[s], false) {
                            Some((_, id)) => other = vec![id],
                            None => continue,
                        }
                    }
                }
                // In the answer to a question that asks for a count, a measure or a date ("How
                // tall is Kilimanjaro?", `asks_only_value`), or that names, as the sentence
                // does, an entity of the kind a "which" question asks for (below), a name found
                // nowhere is a detail beside the answer, not the answer: it stands in the place
                // of a name of the sentence only when one of its neighbouring words is that
                // name's (`in_name_slot`). "… near the border with Kenya" adds a place beside
                // "the highest mountain in Africa"; "the highest mountain in Kenya" swaps it. A
                // claim that is its name alone is judged as before, and so is every name
                // otherwise: in a bridge question's answer ("Fiona Shaw is from the United
                // Kingdom.") the supported name is the bridge and the novel one the answer.
                if let (KeyKind::Name, Some(i)) = (kind, novel) {
                    let claim_run = run_extent(content.iter().copied(), content[i]);
                    let bare = content.iter().all(|k| {
                        let at = k.at as usize;
                        claim_run.0 <= at && at <= claim_run.1
                    });
                    if !bare && (asks_no_name || asked_noun.is_some()) {
                        let sp = index.spans[stated_in as usize];
                        let sent = span_tokens(context_tokens, sp);
                        let (sent_keys, _) = sentence_keys(context, sp, sent, &lower_vocab);
                        // The claim names first, as the sentence does, an entity of the kind
                        // the question asks for, the kind's noun another word of the
                        // sentence's name ("Which river …?": "the Amazon", which the sentence
                        // calls "the Amazon River"): the answer is there, and a novel name
                        // after it is a detail.
                        let answers_as_asked = asked_noun.as_deref().is_some_and(|noun| {
                            (0..content.len()).any(|j| {
                                let at = content[j].at as usize;
                                content[j].kind == KeyKind::Name
                                    && at < claim_run.0
                                    && ids[j].is_some_and(|id| index.has(stated_in, id))
                                    && !question_names.contains(&content[j].norm)
                                    && !prompt_keys.contains(&content[j].norm)
                                    && sent_keys
                                        .iter()
                                        .filter(|k| {
                                            k.kind == KeyKind::Name && k.norm == content[j].norm
                                        })
                                        .any(|k| {
                                            let (lo, hi) = run_extent(&sent_keys, k);
                                            (lo..=hi).any(|t| {
                                                t != k.at as usize
                                                    && is_noun_form(sent[t].raw, noun)
                                            })
                                        })
                            })
                        });
                        if asks_no_name || answers_as_asked {
                            other.retain(|&o| {
                                sent_keys
                                    .iter()
                                    .filter(|k| k.kind == kind && k.norm == index.norms[o as usize])
                                    .any(|k| {
                                        in_name_slot(
                                            (claim_text, claim_toks, claim_run),
                                            (context, sent, run_extent(&sent_keys, k)),
                                        )
                                    })
                            });
                            if other.is_empty() {
                                continue;
                            }
                        }
                    }
                }
                let self_contained = kind != KeyKind::Name || !index.sent_refers_back[s as usize];
                if novel.is_some() || (local_support >= 0.6 && self_contained) {
                    novel_conflict |= novel.is_some();
                    conflict_sentence = conflict_sentence.or(Some(stated_in));
                    let i = novel.unwrap_or(missing[0].0);
                    conflicts.push(format!(
                        "\"{}\" vs \"{}\"",
                        content[i].norm, index.norms[other[0] as usize]
                    ));
                }
            }
            // A number the sources state, but in another unit of the same dimension ("2,737
            // feet" against "2,737 metres", `Quantity::unit_swapped`): every quantity of the
            // sources with that number is so, none of them does the claim restate, and one
            // stands in an aligned sentence (a small number, "two", is often stated elsewhere
            // of something else: "two days before" does not swap "from two months old").
            for (k, id) in content.iter().zip(&ids).filter(|_| !polar_claim) {
                let (Some(q), Some(id)) = (k.qty, *id) else {
                    continue;
                };
                let mut stated = index.quantities.iter().filter(|(_, i, _)| *i == id);
                let Some(&(_, _, t)) = stated.clone().find(|(_, _, t)| top_ids.contains(t)) else {
                    continue;
                };
                if !stated.all(|(sq, _, _)| q.unit_swapped(sq)) {
                    continue;
                }
                // Cited as written: "2,737 feet" vs "2,737 metres".
                let written = |in_text: &str, toks: &[Token<'_>]| {
                    (0..toks.len())
                        .filter(|&j| number_at(toks, j).is_some_and(|n| n == k.norm))
                        .find_map(|j| written_at(in_text, toks, j))
                        .unwrap_or(&k.norm)
                        .to_string()
                };
                let sent = span_tokens(context_tokens, index.spans[t as usize]);
                conflicts.push(format!(
                    "\"{}\" vs \"{}\"",
                    written(text, claim_toks),
                    written(context, sent)
                ));
                conflict_sentence = conflict_sentence.or(Some(t));
            }
            // A name swapped within the best sentence, for another of the clause that states
            // the rest of the claim (`clause_name_swap`), when no other conflict was found.
            if conflicts.is_empty() && local_support >= 0.6 && !polar_claim {
                let sent = span_tokens(context_tokens, index.spans[s as usize]);
                if let Some((said, stated)) =
                    clause_name_swap((claim_text, claim_toks), (context, sent), &lower_vocab)
                {
                    conflicts.push(format!("\"{said}\" vs \"{stated}\""));
                    conflict_sentence = conflict_sentence.or(Some(s));
                }
            }
            // Polarity is judged per clause of the aligned sentences (`polarity_mismatch`).
            let candidates: Vec<u32> = top_ids
                .iter()
                .copied()
                .filter(|&t| t == s || share_in(&[t]) >= 0.6)
                .collect();
            if local_support >= 0.6
                && polarity_mismatch(
                    &index,
                    (claim_text, claim_toks, flip),
                    &claim_clauses,
                    (context, context_tokens),
                    &lower_vocab,
                    &candidates,
                    negated,
                )
            {
                neg_mismatch += 1;
                conflicts.push(if negated {
                    "negated vs affirmed".to_string()
                } else {
                    "affirmed vs negated".to_string()
                });
            } else if !negated && !polar_claim && conflicts.is_empty() {
                // A word the claim affirms that the sources state only in a "no" phrase ("two
                // firefighters were injured" against "No injuries were reported"): they deny it
                // wherever they name it, whichever sentence the rest of the claim aligns to.
                let denied = content.iter().zip(&ids).find_map(|(k, id)| {
                    id.filter(|&id| {
                        k.kind == KeyKind::Word
                            && index.only_denied(id)
                            && !privative_before(claim_toks, k.at as usize)
                    })
                });
                if let Some(id) = denied {
                    neg_mismatch += 1;
                    conflicts.push("affirmed vs negated".to_string());
                    conflict_sentence = conflict_sentence.or(index.posting(id).first().copied());
                }
            }
            // Judged against the two aligned sentences, so gated on what they hold together
            // (of the claim, or of the clause judged).
            // The aligned sentences' tokens, best first, for the rules below that read them.
            let aligned: Vec<&[Token<'_>]> = top_ids
                .iter()
                .map(|&t| span_tokens(context_tokens, index.spans[t as usize]))
                .collect();
            if !polar_claim {
                let claim_supported = aligned_support >= DIRECTION_CLAUSE_SUPPORT;
                if let Some((said, stated)) = direction_conflict(
                    (claim_text, claim_toks, &claim_clauses),
                    (context, &aligned),
                    claim_supported,
                ) {
                    conflicts.push(format!("\"{said}\" vs \"{stated}\""));
                }
            }
            // A date the sources never state, recombined from theirs: a date of an aligned
            // sentence has its month or its day, not both ("Jan 15" against "from 2 January
            // until 15 February"; `calendar_dates`).
            if conflicts.is_empty() && aligned_support >= 0.6 && !polar_claim {
                for &d in claim_dates() {
                    let stated = stated_dates();
                    if stated
                        .iter()
                        .any(|(_, c)| (c.month, c.day) == (d.month, d.day))
                    {
                        continue;
                    }
                    let rival = stated.iter().find(|(t, c)| {
                        top_ids.contains(t) && ((c.month == d.month) != (c.day == d.day))
                    });
                    if let Some(&(t, c)) = rival {
                        conflicts.push(format!(
                            "\"{}\" vs \"{}\"",
                            &claim_text[d.span.0..d.span.1],
                            &context[c.span.0..c.span.1]
                        ));
                        conflict_sentence = conflict_sentence.or(Some(t));
                        break;
                    }
                }
            }
            // A number the best sentence states in another slot, and another number in the
            // claim's slot (`slot_number_swap`: "It reopened in 2015" against "closed … in 2015
            // and reopened in 2019").
            if conflicts.is_empty() && local_support >= 0.6 && !polar_claim {
                let sent = span_tokens(context_tokens, index.spans[s as usize]);
                let swapped = slot_number_swap((claim_text, claim_toks), (context, sent))
                    .or_else(|| quantity_number_swap((claim_text, claim_toks), (context, sent)));
                if let Some((said, stated)) = swapped {
                    conflicts.push(format!("\"{said}\" vs \"{stated}\""));
                    conflict_sentence = conflict_sentence.or(Some(s));
                }
            }
            // A name in another name's "of" slot of an aligned sentence (`of_slot_name_swap`:
            // "the daughter of Charles Babbage" against "the daughter of the poet Lord Byron"),
            // or a life span's birth year given as the death year, or the reverse
            // (`life_span_swap`: "She died in 1815" against "Ada Lovelace (1815–1852)").
            if conflicts.is_empty() && !polar_claim {
                let claim = (claim_text, claim_toks);
                let swapped =
                    of_slot_name_swap(claim, (context, context_tokens), &source_slots, &aligned)
                        .or_else(|| {
                            let question_toks = question_toks.get_or_init(|| tokens(question));
                            life_span_swap(claim, question_toks, (context, &aligned))
                        });
                if let Some((said, stated)) = swapped {
                    conflicts.push(format!("\"{said}\" vs \"{stated}\""));
                }
            }
            // The class a claim singles one out of, changed (`singled_out_class`: "the first
            // person to win" against "the first woman to win").
            if conflicts.is_empty() && !polar_claim {
                let swapped = singled_out_class((claim_text, claim_toks), (context, &aligned));
                if let Some((said, stated)) = swapped {
                    conflicts.push(format!("\"{said}\" vs \"{stated}\""));
                }
            }
            // A universal claim against an exception of the sentence that carries it
            // (`universal_excepted`: "open every day" against "open daily, except on Mondays").
            if conflicts.is_empty() && local_support >= 0.6 && !polar_claim {
                if let Some((said, stated)) = universal_excepted(claim_toks, aligned[0]) {
                    conflicts.push(format!("\"{said}\" vs \"{stated}\""));
                }
            }
            // A rank of a superlative changed (`rank_swap`: "Jupiter." for "What is the
            // second-largest planet?" against "Jupiter is the largest planet").
            if conflicts.is_empty() && !polar_claim {
                let question_toks = question_toks.get_or_init(|| tokens(question));
                let swapped = rank_swap(
                    (claim_text, claim_toks),
                    (question, question_toks),
                    (context, &aligned),
                );
                if let Some((said, stated)) = swapped {
                    conflicts.push(format!("\"{said}\" vs \"{stated}\""));
                }
            }
            // A verb's agent swapped for the one the sources name (`agent_swap`: "Wilbur Wright
            // piloted it" against "Orville piloted the first flight").
            if conflicts.is_empty() && !polar_claim {
                for (k, id) in content.iter().zip(&ids) {
                    let (Some(id), KeyKind::Word) = (*id, k.kind) else {
                        continue;
                    };
                    let at = k.at as usize;
                    if !claim_toks.get(at).is_some_and(|t| past_verb(t.raw)) {
                        continue;
                    }
                    let Some(frame) = verb_frame(claim_text, claim_toks, &ks, at) else {
                        continue;
                    };
                    // Keyed one by one: the first frame with an unnamed agent ends the search.
                    let sentences = index.posting(id).iter().map(|&t| {
                        let sp = index.spans[t as usize];
                        let toks = span_tokens(context_tokens, sp);
                        (toks, sentence_keys(context, sp, toks, &lower_vocab).0)
                    });
                    let question_toks = question_toks.get_or_init(|| tokens(question));
                    let swapped = agent_swap(
                        (claim_toks, at, frame),
                        question_toks,
                        (context, context_tokens),
                        sentences,
                    );
                    if let Some((said, stated, n)) = swapped {
                        conflicts.push(format!("\"{said}\" vs \"{stated}\""));
                        conflict_sentence = conflict_sentence.or(Some(index.posting(id)[n]));
                        break;
                    }
                }
            }
            // A contradicted claim cites the sentence that states what it contradicts.
            source = Some(index.source_span(context, conflict_sentence.unwrap_or(s)));
        }
        if let (true, Some((s, key))) = (conflicts.is_empty(), &abstention_answered) {
            conflicts.push(format!("\"not stated\" vs \"{key}\""));
            source = Some(index.source_span(context, *s));
        }
        if !conflicts.is_empty() {
            status = ClaimStatus::Contradicted;
            contradicted += 1;
            novel_conflicts += usize::from(novel_conflict);
        }
        let start = char_offset(text, byte_at, char_at, sp.0);
        let end = char_offset(text, sp.0, start, sp.1);
        (byte_at, char_at) = (sp.1, end);
        claims.push(Claim {
            start,
            end,
            text: text[sp.0..sp.1].to_string(),
            support,
            aligned_support,
            status,
            source,
            conflicts,
        });
    }
    let n = claims.len();
    let mut f = GroundingFeatures::default();
    if n > 0 {
        f.claim_support_min = claims.iter().map(|c| c.support).fold(1.0, f64::min);
        f.claim_support_mean = claims.iter().map(|c| c.support).sum::<f64>() / n as f64;
        f.aligned_support_min = claims.iter().map(|c| c.aligned_support).fold(1.0, f64::min);
        f.contradicted_share = contradicted as f64 / n as f64;
        f.novel_conflict_share = novel_conflicts as f64 / n as f64;
        f.negation_mismatch_share = neg_mismatch as f64 / n as f64;
    }
    if anchor_n > 0 {
        f.entity_anchor_mean = anchor_sum / anchor_n as f64;
    }
    if new_total > 0 {
        f.new_support_share = new_found as f64 / new_total as f64;
    }
    // Question alignment: the sentences that best match the question should hold the answer.
    // Without a prompt, a question asked inside the context ("…? ") is the question.
    let q_ids: Vec<u32> = sentence_spans(question)
        .into_iter()
        .flat_map(|sp| keys(question, sp, &lower_vocab))
        .filter_map(|k| index.vocab.get(&k.norm).copied())
        .collect();
    if !q_ids.is_empty() && new_total > 0 {
        // Each new token scores the question alignment of the best-matching sentence that holds
        // it, relative to the best-matching sentence overall (0 when the passage lacks it).
        let firsts = index.best(&q_ids, 3, &mut scores);
        bridge_hops(&index, &q_ids, &firsts, &mut scores);
        let top = scores.values().copied().fold(0.0, f64::max);
        if top > 0.0 {
            // (Summed by `fold`, not `sum`, whose empty sum is −0.0, printed as such in the
            // features.)
            let mut sum = 0.0;
            // Within the best sentence, the answer's names, numbers and dates should stand
            // nearer the question's words than the sentence's other ones of their kind: the
            // best of them (the one that answers; the others may add detail, "… while working
            // at St Mary's Hospital in London").
            let mut nearest = None;
            let mut keyed: Vec<KeyedSentence<'_>> = Vec::new();
            for &(id, kind) in &new_keys {
                // The best-matching sentence holding the token (the first of equals).
                let score = |s: &u32| scores.get(s).copied().unwrap_or(0.0);
                let best = index
                    .posting(id)
                    .iter()
                    .copied()
                    .max_by(|a, b| score(a).total_cmp(&score(b)).then(b.cmp(a)));
                let w = best.map_or(0.0, |s| score(&s).max(0.0));
                sum += w / top;
                let Some(s) = best.filter(|_| w > 0.0 && ENTITY_KINDS.contains(&kind)) else {
                    continue;
                };
                // Each sentence is keyed once, however many of the answer's tokens it holds.
                let at = match keyed.iter().position(|(t, ..)| *t == s) {
                    Some(at) => at,
                    None => {
                        let sp = index.spans[s as usize];
                        let toks = span_tokens(context_tokens, sp);
                        let ks = sentence_keys(context, sp, toks, &lower_vocab).0;
                        keyed.push((s, ks, life_span(context, toks)));
                        keyed.len() - 1
                    }
                };
                let (_, ks, span) = &keyed[at];
                let judged =
                    question_proximity(&index, ks, *span, (&q_ids, &answer_ids), (id, kind));
                if let Some(p) = judged {
                    nearest = Some(nearest.map_or(p, |n: f64| n.max(p)));
                }
            }
            f.answer_question_alignment = sum / new_total as f64;
            if let Some(p) = nearest {
                f.answer_question_proximity = p;
            }
        }
    }
    if let Some(kinds) = asked_kinds {
        let any_new = new_total > 0;
        let typed = new_keys
            .iter()
            .map(|k| k.1)
            .chain(new_missing_kinds.iter().copied())
            .any(|k| kinds.contains(&k));
        f.answer_type_match = if !any_new {
            0.5
        } else if typed {
            1.0
        } else {
            0.0
        };
    }
    Grounding {
        claims,
        features: f,
        source_gaps: index.gaps,
    }
}

#[cfg(test)]
mod tests;
