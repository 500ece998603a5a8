//! Intrinsic-tier features of an answer (DESIGN §2.1): grounding in the prompt and context
//! (shares of content words, numbers and capitalised names found there; novel numbers and names),
//! hedging and certainty markers, specificity, length, repetition, and the task kind; plus hashed
//! word uni- and bigrams of the answer and of the prompt (the "hashing trick", Weinberger et al.
//! 2009) that the trained model turns into tf-idf vectors.

use crate::grounding::{
    analyse_tokens, approximates_number, context_passage, context_role, difference_from_given,
    fraction_percents, inflection_stem, is_citation_marker, is_list_marker, is_percentage,
    may_be_number_word, normal_form, number_word, one_by_article, percent_of_stated,
    prompt_passage, ratio_percent, scaled_number_word, spaced_number_words, sum_of_stated,
    ContextRole, Grounding,
};
use crate::quantity::{is_scale_name, quantities, unit_symbol, Dimension};
use crate::text::{
    abbreviated_calendar_name, demonym_counterpart, fnv1a, fold_diacritics_char, framing_end,
    in_decade, initialism_letters, is_approximated, is_common_acronym, is_number_scale,
    is_stopword, is_unit_symbol, iso_date_at, joined_name, lower_cow, name_initials, number_key,
    number_value, numeric_date_months, rounds_to, spelled_initialisms, spells_long_form,
    strip_possessive, to_lower, tokens, us_state_code, FastSet, PhraseGroup, Token, FNV_OFFSET,
    MONTH_NAMES,
};
use crate::types::{SourceField, SourcesSpan};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// What kind of task the answer responds to. Each kind has its own model, calibrator and
/// thresholds: base rates and useful signals differ between them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum TaskKind {
    /// No grounding context: an open question or instruction (trained on HaluEval general).
    Open,
    /// Question answered from a context passage (HaluEval QA).
    Qa,
    /// Next turn of a dialogue grounded in knowledge (HaluEval dialogue).
    Dialogue,
    /// Summary of the context document (HaluEval summarization).
    Summarization,
}

impl TaskKind {
    /// All kinds, in the order of the embedded models.
    pub const ALL: [TaskKind; 4] = [
        TaskKind::Open,
        TaskKind::Qa,
        TaskKind::Dialogue,
        TaskKind::Summarization,
    ];

    /// The wire name, e.g. "qa".
    pub fn as_str(self) -> &'static str {
        match self {
            TaskKind::Open => "open",
            TaskKind::Qa => "qa",
            TaskKind::Dialogue => "dialogue",
            TaskKind::Summarization => "summarization",
        }
    }

    /// Routes a request by the shape of its evidence:
    /// no (non-blank) context → `Open`; a prompt with a speaker-turn marker (`[Human]:`, `User:`,
    /// `Assistant:` …) → `Dialogue`; a prompt asking to summarise, or no prompt and a context of
    /// 1500+ characters → `Summarization`; otherwise `Qa`.
    pub fn detect(prompt: Option<&str>, context: Option<&str>) -> TaskKind {
        let context = context.map(str::trim).unwrap_or("");
        if context.is_empty() {
            return TaskKind::Open;
        }
        let prompt = prompt.map(str::trim).unwrap_or("");
        let lower = to_lower(prompt);
        if crate::grounding::SPEAKER_TURNS
            .iter()
            .any(|t| lower.contains(t))
        {
            return TaskKind::Dialogue;
        }
        if crate::grounding::asks_for_summary(&lower)
            || (prompt.is_empty() && context.chars().count() >= 1500)
        {
            return TaskKind::Summarization;
        }
        TaskKind::Qa
    }
}

/// Names of the dense features, in vector order. Units: `log_*` are ln(1 + count);
/// `*_share` are fractions in [0,1]; flags are 0/1.
pub const DENSE_NAMES: [&str; 39] = [
    "log_chars",
    "log_words",
    "ends_terminal",
    "log_line_breaks",
    "log_numbers",
    "log_novel_numbers",
    "novel_number_share",
    "log_names",
    "log_novel_names",
    "novel_name_share",
    "content_support_share",
    "log_unsupported_content_words",
    "bigram_support_share",
    "text_in_source",
    "log_hedges",
    "log_certainty",
    "ai_disclaimer",
    "log_negations",
    "type_token_ratio",
    "repeated_trigram_share",
    "log_years",
    "log_quantities",
    "log_attributions",
    "prompt_openness",
    "log_prompt_chars",
    "log_context_chars",
    "length_ratio",
    "prompt_word_share",
    "claim_support_min",
    "claim_support_mean",
    "aligned_support_min",
    "contradicted_claim_share",
    "novel_conflict_share",
    "negation_mismatch_share",
    "new_support_share",
    "answer_question_alignment",
    "answer_type_match",
    "entity_anchor_mean",
    "answer_question_proximity",
];

/// The dense features a grounded kind (qa, dialogue, summarization) may use: measures of support
/// by the sources only, none that identifies the writer (length, punctuation, hedging, wording),
/// DESIGN §2.1 "Style invariance". The trainer fits every other dense weight of a grounded kind
/// to zero and gives it no n-grams.
///
/// Each comes with the sign its weight on the "hallucinated" logit must have (+1: more of it
/// raises doubt; −1: more of it is support and lowers doubt). The trainer fits the weights under
/// these signs, so no support measure can ever count against an answer, whatever the
/// collinearity of the training data. Left out: whether the whole answer, or its word pairs,
/// stand verbatim in the sources (they mark an extractive writer; a correct abstractive answer is
/// not less supported for being reworded) and the count of unsupported content words (it grows
/// with length, so it marks a verbose writer; the share of supported words stays).
pub const GROUNDED_FEATURES: [(&str, f64); 16] = [
    ("log_novel_numbers", 1.0),
    ("novel_number_share", 1.0),
    ("log_novel_names", 1.0),
    ("novel_name_share", 1.0),
    ("content_support_share", -1.0),
    ("claim_support_min", -1.0),
    ("claim_support_mean", -1.0),
    ("aligned_support_min", -1.0),
    ("contradicted_claim_share", 1.0),
    ("novel_conflict_share", 1.0),
    ("negation_mismatch_share", 1.0),
    ("new_support_share", -1.0),
    ("answer_question_alignment", -1.0),
    ("answer_type_match", -1.0),
    ("entity_anchor_mean", -1.0),
    ("answer_question_proximity", -1.0),
];

/// Number of dense features.
pub const N_DENSE: usize = DENSE_NAMES.len();

/// Hash namespaces of the n-gram features.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Namespace {
    /// Word uni- and bigrams of the answer.
    Text = 0,
    /// Word uni- and bigrams of the prompt.
    Prompt = 1,
}

/// log2 of the number of hash buckets for n-grams.
pub const HASH_BITS: u32 = 18;

/// Words that state a quantity in prose (counted with currency and percent signs).
pub const QUANTITY_WORDS: &[&str] = &["percent", "million", "billion", "thousand"];

/// The prompt's phrase lists, matched in one pass ([`PhraseGroup`], compiled on first use):
/// open cues, closed cues.
static PROMPT_CUES: PhraseGroup<2> = PhraseGroup::of([OPEN_CUES, CLOSED_CUES]);

/// The answer's phrase lists, matched in one pass: hedges, certainty markers, disclaimers,
/// quantity words, attributions.
static TEXT_MARKERS: PhraseGroup<5> =
    PhraseGroup::of([HEDGES, CERTAINTY, DISCLAIMERS, QUANTITY_WORDS, ATTRIBUTIONS]);

/// Hedging markers (epistemic modality) counted in the answer.
pub const HEDGES: &[&str] = &[
    "may",
    "might",
    "could",
    "possibly",
    "perhaps",
    "probably",
    "likely",
    "unlikely",
    "i think",
    "i believe",
    "not sure",
    "uncertain",
    "approximately",
    "roughly",
    "around",
    "it seems",
    "appears to",
    "suggests",
    "generally",
    "typically",
    "often",
    "sometimes",
    "some",
    "estimated",
];

/// Certainty markers counted in the answer.
pub const CERTAINTY: &[&str] = &[
    "definitely",
    "certainly",
    "always",
    "never",
    "undoubtedly",
    "clearly",
    "in fact",
    "actually",
    "obviously",
    "of course",
    "absolutely",
    "guaranteed",
    "proven",
    "exactly",
    "indeed",
    "all",
    "every",
];

/// Phrases with which assistants disclaim or refuse.
pub const DISCLAIMERS: &[&str] = &[
    "as an ai",
    "language model",
    "i cannot",
    "i can't",
    "i'm sorry",
    "i am sorry",
    "i don't have",
    "i do not have",
    "unable to",
    "not able to",
];

/// Attribution to sources, a common locus of fabricated facts.
pub const ATTRIBUTIONS: &[&str] = &[
    "according to",
    "study",
    "studies",
    "research",
    "survey",
    "report",
    "reported",
    "founded",
    "born",
    "invented",
    "discovered",
    "published",
    "released",
    "established",
];

/// Cues of open-ended requests (many valid answers).
pub const OPEN_CUES: &[&str] = &[
    "write",
    "create",
    "generate",
    "compose",
    "describe",
    "explain",
    "suggest",
    "imagine",
    "brainstorm",
    "list",
    "examples",
    "example",
    "story",
    "poem",
    "opinion",
    "ideas",
    "tips",
    "ways",
    "design",
    "how can",
    "what are some",
    "recommend",
    "come up with",
    "essay",
    "summarize",
    "summarise",
    "rewrite",
    "paraphrase",
    "any",
];

/// Cues of closed, factoid requests (one right answer).
pub const CLOSED_CUES: &[&str] = &[
    "who",
    "when",
    "where",
    "which",
    "what year",
    "how many",
    "how much",
    "name the",
    "is it true",
    "capital of",
    "define",
    "calculate",
    "convert",
    "translate",
    "what is the",
    "what was the",
    "did",
    "does",
    "is the",
    "correct",
    "true or false",
];

/// Everything extracted from one request: dense features, n-gram hashes and the evidence strings
/// the explanation cites.
#[derive(Debug, Clone, PartialEq)]
pub struct Extracted {
    /// Task kind from [`TaskKind::detect`].
    pub kind: TaskKind,
    /// Dense feature values in [`DENSE_NAMES`] order.
    pub dense: [f64; N_DENSE],
    /// `(bucket, term count)` for each hashed n-gram, by namespace, buckets < 2^[`HASH_BITS`].
    pub ngrams: Vec<(Namespace, Vec<(u32, f64)>)>,
    /// Numbers in the answer that appear nowhere in the prompt or context.
    pub novel_numbers: Vec<String>,
    /// Capitalised names in the answer that appear nowhere in the prompt or context.
    pub novel_names: Vec<String>,
    /// Hedging markers found.
    pub hedges: Vec<String>,
    /// Certainty markers found.
    pub certainty: Vec<String>,
    /// Number of numbers and names in the answer.
    pub n_numbers: usize,
    /// Number of capitalised names in the answer.
    pub n_names: usize,
    /// Content words of the answer (non-stopwords) and how many of them the sources hold.
    pub content_words: (usize, usize),
    /// Whether there was any prompt or context to check against.
    pub has_source: bool,
    /// How the request's `context` was read (DESIGN §2.0).
    pub context_role: ContextRole,
    /// Whether there are sources: a context passage (not a prompt), or a passage of the prompt.
    pub has_context: bool,
    /// Where the sources lie in the request ([`Resolved::sources`], `metadata.sources`); the
    /// claims' `source` spans are offsets in that field.
    pub sources: Option<SourcesSpan>,
    /// Claims of the answer aligned to the context, and their aggregate features.
    pub grounding: Grounding,
}

impl Extracted {
    /// Whether the sources are a passage of the prompt (`metadata.sources.field` = "prompt").
    pub fn passage_in_prompt(&self) -> bool {
        self.sources.is_some_and(|s| s.field == SourceField::Prompt)
    }

    /// Dense features as a name → value map (for `metadata.features`).
    pub fn dense_map(&self) -> BTreeMap<Cow<'static, str>, f64> {
        DENSE_NAMES
            .iter()
            .zip(self.dense.iter())
            .map(|(n, v)| (Cow::Borrowed(*n), *v))
            .collect()
    }
}

fn ln1p(x: usize) -> f64 {
    (x as f64).ln_1p()
}

/// Hash bucket of an n-gram (words joined by a space) in a namespace.
pub fn bucket(ns: Namespace, gram: &str) -> u32 {
    let h = fnv1a(fnv1a(FNV_OFFSET, &[ns as u8, 0xff]), gram.as_bytes());
    (h >> (64 - HASH_BITS)) as u32
}

/// Term counts of hashed word uni- and bigrams of `words`, sorted by bucket. A bigram's bucket is
/// that of its words joined by a space ([`bucket`]), hashed without building the joined string
/// (FNV-1a is a streaming hash).
pub fn hashed_ngrams<S: AsRef<str>>(ns: Namespace, words: &[S]) -> Vec<(u32, f64)> {
    let seed = fnv1a(FNV_OFFSET, &[ns as u8, 0xff]);
    let top = |h: u64| (h >> (64 - HASH_BITS)) as u32;
    let mut counts: Vec<(u32, f64)> = Vec::with_capacity(2 * words.len());
    for (i, w) in words.iter().enumerate() {
        let h = fnv1a(seed, w.as_ref().as_bytes());
        counts.push((top(h), 1.0));
        if let Some(next) = words.get(i + 1) {
            counts.push((top(fnv1a(fnv1a(h, b" "), next.as_ref().as_bytes())), 1.0));
        }
    }
    counts.sort_unstable_by_key(|c| c.0);
    counts.dedup_by(|later, first| {
        let same = later.0 == first.0;
        if same {
            first.1 += later.1;
        }
        same
    });
    counts
}

/// Capitalised names: runs of capitalised words not at a sentence start (a sentence-initial
/// capital is ambiguous), a run ending at a possessive ("Babbage's"), plus all-caps acronyms of
/// 2+ letters but the common nouns of [`crate::text::COMMON_ACRONYMS`] ("CEO"); a unit symbol
/// after a number or a degree sign ("100 °C", "3.5 GHz", [`is_unit_symbol`]) is none, nor is a
/// scale abbreviation joined to a number ("$4.2M", `text::is_number_scale`). `toks` are the
/// [`tokens`] of `text`.
fn names(text: &str, toks: &[Token<'_>]) -> Vec<String> {
    capitalised_runs(text, toks, false)
        .into_iter()
        .map(|(s, e)| text[s..e].to_string())
        .collect()
}

/// The byte spans of the runs of capitalised words of [`names`]; with `at_sentence_start`, also
/// of those that open a sentence ("Tesla, Inc. delivered …"), as the names a source states whole.
fn capitalised_runs(
    text: &str,
    toks: &[Token<'_>],
    at_sentence_start: bool,
) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let t = toks[i];
        let cap = !t.is_number
            && t.raw.chars().next().is_some_and(char::is_uppercase)
            && !is_common_acronym(t.raw);
        if cap
            && (at_sentence_start || !t.sentence_start)
            && !matches!(t.raw, "I" | "I'm" | "I've" | "I'd" | "I'll")
            && !is_unit_symbol(text, toks, i)
            && !is_number_scale(toks, i)
            && !is_scale_name(text, toks, i)
            && !is_citation_marker(text, toks, i)
            && !crate::grounding::name_affix(text, toks, i)
            && crate::grounding::name_head(text, toks, i).is_none()
        {
            // A possessive ends a name: "Charles Babbage's Analytical Engine" names two things,
            // each of which the sources may state ("… Charles Babbage's proposed computer, the
            // Analytical Engine").
            let mut j = i + 1;
            while j < toks.len()
                && !toks[j].is_number
                && !toks[j].sentence_start
                && toks[j].raw.chars().next().is_some_and(char::is_uppercase)
                && !is_common_acronym(toks[j].raw)
                && !crate::grounding::name_affix(text, toks, j)
                && strip_possessive(toks[j - 1].raw).len() == toks[j - 1].raw.len()
                && crate::text::gap(text, toks, j - 1, j).is_empty()
            {
                j += 1;
            }
            out.push((toks[i].start, toks[j - 1].start + toks[j - 1].raw.len()));
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

/// Whether the normalised name `norm` is two or more names of `whole` (their
/// [`PhraseSet::hash`]es, [`SourceNames::whole`]) one after the other: "tesla model y" of
/// "tesla" and "model y" (a maker and its product, "Tesla Model Y" against "Tesla, Inc.
/// delivered … The Model Y was …"). A name the sources state only as part of a longer one is
/// not whole: "barack trump" is not made of "barack obama" and "donald trump".
fn joins_whole_names(norm: &str, whole: &nohash_hasher::IntSet<u64>) -> bool {
    let words: Vec<&str> = norm.split_whitespace().collect();
    if words.len() < 2 || whole.is_empty() {
        return false;
    }
    // reach[j]: words[..j] splits into names of `whole` (reach[0] trivially).
    let mut reach = vec![false; words.len() + 1];
    reach[0] = true;
    for j in 1..=words.len() {
        reach[j] = (0..j).any(|i| {
            reach[i]
                && (i, j) != (0, words.len())
                && whole.contains(&PhraseSet::hash(words[i..j].iter().copied()))
        });
    }
    reach[words.len()]
}

/// The first and last word of the name at byte span `span` of `text` (its [`tokens`] `toks`)
/// when it has a middle word: "Mary Wollstonecraft Shelley" → "Mary Shelley", which names the
/// same entity when the sources state it as a whole name (grounding finds a middle name so
/// too); "The Iron Throne" is no "The Throne" (a stop word first). A capitalised word
/// opening the sentence right before the run, which the run leaves out, is its first word. None
/// for a name of fewer than three words.
fn first_and_last(text: &str, toks: &[Token<'_>], span: (usize, usize)) -> Option<String> {
    let at = toks.iter().position(|t| t.start == span.0)?;
    let opener = at
        .checked_sub(1)
        .map(|j| toks[j])
        .filter(|t| {
            !t.is_number
                && t.raw.starts_with(|c: char| c.is_uppercase())
                && text[t.start + t.raw.len()..span.0].trim().is_empty()
        })
        .map(|t| t.start);
    let name = strip_possessive(&text[opener.unwrap_or(span.0)..span.1]);
    let words: Vec<&str> = name.split(' ').filter(|w| !w.is_empty()).collect();
    (words.len() >= 3 && !crate::text::is_stopword_raw(words[0]))
        .then(|| format!("{} {}", words[0], words[words.len() - 1]))
}

/// `name` with each of its words (split at spaces) that `replace` rewrites (given the word's
/// index, the word and the number of words) replaced; None when it rewrites none: the name as
/// grounding keys it ([`name_heads`], [`name_tails`]).
fn rewritten_words<'n>(
    name: &'n str,
    replace: impl Fn(usize, &'n str, usize) -> Option<&'n str>,
) -> Option<String> {
    let count = name.split(' ').count();
    let mut changed = false;
    let words: Vec<&str> = name
        .split(' ')
        .enumerate()
        .map(|(k, w)| match replace(k, w, count) {
            Some(r) => {
                changed = true;
                r
            }
            None => w,
        })
        .collect();
    changed.then(|| words.join(" "))
}

/// `name` with the lower-case tail of each word that joins a name to a word dropped
/// ("Hamburg-based Nordwind" → "Hamburg Nordwind", `text::joined_name`): the name it holds, as
/// grounding keys it. None when no word has such a tail.
fn name_heads(name: &str) -> Option<String> {
    rewritten_words(name, |_, w, _| joined_name(w).map(|(head, _)| head))
}

/// `name` with each abbreviated tail of a street name after its first word spelled out ("Elm
/// Ave" → "Elm avenue", `grounding::NAME_TAILS`; "St" only as the last word): the name
/// grounding keys it as. None when no word is such a tail.
fn name_tails(name: &str) -> Option<String> {
    rewritten_words(name, |k, w, count| {
        let short = w.trim_end_matches('.');
        let &(a, full) = crate::grounding::NAME_TAILS
            .iter()
            .find(|(a, _)| *a == short)?;
        // ("St" before a word is a saint's: "Charlie St. Cloud".)
        (k > 0 && (a != "St" || k + 1 == count)).then_some(full)
    })
}

/// Words that, inside a place name, tell it from another place ("North East Lincolnshire",
/// "New South Wales", "Upper Austria"), normalised: a name without them is another name.
const PLACE_QUALIFIERS: &[&str] = &[
    "central", "east", "eastern", "great", "greater", "little", "lower", "new", "north",
    "northern", "south", "southern", "upper", "west", "western",
];

/// The names the sources state, found once per audit when a name of the answer is not stated
/// as it stands, from one pass over each run of capitalised words of the sources
/// ([`capitalised_runs`], sentence openers included, possessive stripped, normalised).
struct SourceNames {
    /// The [`PhraseSet::hash`] of each run's words after its leading stopwords ("The Model Y"
    /// states "Model Y"), for [`joins_whole_names`].
    whole: nohash_hasher::IntSet<u64>,
    /// The [`PhraseSet::hash`] of the first and the last word of each run of three words or more
    /// (after its leading stopwords): a name given without its middle ("Professor Lin" for
    /// "Professor Mei Lin", "John Kennedy" for "John Fitzgerald Kennedy") names that entity.
    first_last: nohash_hasher::IntSet<u64>,
    /// The runs' words keyed by Porter's inflection steps ([`push_inflected`]), each run followed
    /// by a word no name holds so that no phrase spans two runs: "the Allies" is stated by "the
    /// Allied Powers" (as grounding's `SourceIndex::id_of` finds it), but not by an ordinary word
    /// ("Hunting" by "hunt").
    inflected: PhraseSet,
}

impl SourceNames {
    /// The names of `sources` (each a text and its [`tokens`]). One buffer for every run's
    /// normalised words.
    fn of(sources: &[(&str, &[Token<'_>])]) -> SourceNames {
        let mut whole = nohash_hasher::IntSet::default();
        let mut first_last = nohash_hasher::IntSet::default();
        let (mut runs, mut buf) = (String::new(), String::new());
        for &(src, toks) in sources {
            for (s, e) in capitalised_runs(src, toks, true) {
                buf.clear();
                normalise_into(strip_possessive(&src[s..e]), &mut buf);
                let mut words = buf
                    .split_whitespace()
                    .skip_while(|w| is_stopword(w))
                    .peekable();
                if words.peek().is_some() {
                    whole.insert(PhraseSet::hash(words.clone()));
                }
                let named: Vec<&str> = words.collect();
                // Not when a middle word tells a place from another ("North East Lincolnshire"
                // is not North Lincolnshire).
                if let [first, middle @ .., last] = named.as_slice() {
                    if !middle.is_empty() && !middle.iter().any(|w| PLACE_QUALIFIERS.contains(w)) {
                        first_last.insert(PhraseSet::hash([*first, *last]));
                    }
                }
                push_inflected(&buf, &mut runs);
                runs.push_str("| ");
            }
        }
        SourceNames {
            whole,
            first_last,
            inflected: PhraseSet::of(&runs),
        }
    }

    /// Whether the sources state the normalised name `norm` in another inflection.
    fn states_inflected(&self, norm: &str) -> bool {
        let mut out = String::with_capacity(norm.len());
        push_inflected(norm, &mut out);
        self.inflected.contains(&out)
    }
}

/// The words of `norm` ([`normalised`]) keyed by Porter's inflection steps (grounding's
/// `inflection_stem` after its `normal_form`), each followed by a space, appended to `out`.
fn push_inflected(norm: &str, out: &mut String) {
    for w in norm.split_whitespace() {
        out.push_str(&inflection_stem(normal_form(Cow::Borrowed(w))));
        out.push(' ');
    }
}

/// Whether the sources state the normalised name `norm` in the other number: its last word's
/// singular ("Sundays" by "Sunday", by grounding's [`normal_form`], Porter's step 1a) or its
/// plural with "s" ("American" by "Americans"), as grounding's keys match them.
fn plural_stated(source_grams: &PhraseSet, norm: &str) -> bool {
    let mut words: Vec<&str> = norm.split_whitespace().collect();
    let Some(&last) = words.last() else {
        return false;
    };
    let singular = normal_form(Cow::Borrowed(last));
    if singular != last {
        *words.last_mut().expect("non-empty") = &singular;
        if source_grams.contains_words(&words) {
            return true;
        }
    }
    let plural = format!("{last}s");
    *words.last_mut().expect("non-empty") = &plural;
    source_grams.contains_words(&words)
}

/// Lower-cased text with all runs of non-alphanumerics collapsed to one space, padded by spaces,
/// so that `contains(" word ")` is a whole-word test.
fn normalised(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    normalise_into(s, &mut out);
    out
}

/// [`normalised`], appended to `out`.
fn normalise_into(s: &str, out: &mut String) {
    out.push(' ');
    let mut space = true;
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
            space = false;
        } else if c.is_alphanumeric() {
            // Diacritics folded, as in grounding's keys ("Gaudí" = "Gaudi").
            for l in c.to_lowercase() {
                fold_diacritics_char(l, |d| out.push(d));
            }
            space = false;
        } else if !space {
            out.push(' ');
            space = true;
        }
    }
    if !space {
        out.push(' ');
    }
}

/// Prompt openness in [0,1]: Laplace-smoothed share of open-ended cues among open and closed cues
/// in the prompt, (1 + open) / (2 + open + closed); dialogue prompts add one open cue,
/// summarisation requests one closed cue (the content is fixed by the document). With no prompt,
/// the same share is taken over the answer's hedging vs certainty markers.
pub fn prompt_openness(prompt: &str, kind: TaskKind, hedges: usize, certainty: usize) -> f64 {
    let lower = to_lower(prompt);
    if lower.trim().is_empty() {
        return (1.0 + hedges as f64) / (2.0 + (hedges + certainty) as f64);
    }
    let [open_cues, closed_cues] = PROMPT_CUES.find_each(&lower);
    let mut open: usize = open_cues.iter().map(|(_, n)| n).sum();
    let mut closed: usize = closed_cues.iter().map(|(_, n)| n).sum();
    match kind {
        TaskKind::Dialogue => open += 1,
        TaskKind::Summarization => closed += 1,
        _ => {}
    }
    (1.0 + open as f64) / (2.0 + (open + closed) as f64)
}

/// Extracts all intrinsic features of `text` given optional `prompt` and `context`.
pub fn extract(text: &str, prompt: Option<&str>, context: Option<&str>) -> Extracted {
    let Resolved {
        prompt,
        context,
        role,
        sources,
    } = resolve_context(prompt, context);
    let (prompt, context) = (prompt.as_str(), context.as_str());
    let kind = TaskKind::detect(Some(prompt), Some(context));
    let source = format!("{prompt}\n{context}");
    let source_norm = normalised(&source);
    let source_grams = PhraseSet::of(&source_norm);
    let has_source = !source.trim().is_empty();

    let toks = tokens(text);
    let words: Vec<Cow<'_, str>> = toks.iter().map(|t| lower_cow(t.raw)).collect();
    let n_words = words.len();
    let lower = to_lower(text);

    // Numbers and their grounding.
    // List numbering ("1. …") is layout and a citation marker ("[1]") a pointer to a source,
    // not numbers the answer states.
    let numbers: Vec<usize> = toks
        .iter()
        .enumerate()
        .filter(|(i, t)| {
            t.is_number && !is_list_marker(text, &toks, *i) && !is_citation_marker(text, &toks, *i)
        })
        .map(|(i, _)| i)
        .collect();
    // The words of `source` (prompt, line break, context): those of the prompt and the context,
    // as a line break ends every token.
    let prompt_tokens = tokens(prompt);
    let context_tokens = tokens(context);
    // Capitalised names and their grounding.
    // The weekday of a date the answer states is no name of its own
    // (`grounding::dated_weekdays`: "Sunday, July 20, 1969").
    let weekdays: Vec<(usize, usize)> = crate::grounding::dated_weekdays(text, &toks)
        .into_iter()
        .map(|k| (toks[k].start, toks[k].start + toks[k].raw.len()))
        .collect();
    let mut name_spans = capitalised_runs(text, &toks, false);
    name_spans.retain(|sp| !weekdays.contains(sp));
    let all_names: Vec<String> = name_spans
        .iter()
        .map(|&(s, e)| text[s..e].to_string())
        .collect();
    // Initialisms the sources state ("US", "U.S") or spell out ("United States"), found once
    // and only when a name of the answer is an initialism (and, for one of three letters or
    // more, a long form inside the words, "ultraviolet B": `spells_long_form`).
    let written = std::cell::OnceCell::new();
    let written = || {
        written.get_or_init(|| {
            prompt_tokens
                .iter()
                .chain(&context_tokens)
                .filter_map(|t| initialism_letters(t.raw))
                .collect::<FastSet<String>>()
        })
    };
    let spelled = std::cell::OnceCell::new();
    let spelled = || {
        spelled.get_or_init(|| {
            let mut set = spelled_initialisms(prompt, &prompt_tokens);
            set.extend(spelled_initialisms(context, &context_tokens));
            set.extend(written().iter().cloned());
            set
        })
    };
    // Names the sources state with a hyphenated part of theirs left out: "Marie Skłodowska-Curie"
    // also states "Marie Curie" and "Marie Skłodowska" (normalised, found once when needed).
    let part_names = std::cell::OnceCell::new();
    let part_names = || {
        part_names.get_or_init(|| {
            let mut set: FastSet<String> = FastSet::default();
            for (src, toks) in [(prompt, &prompt_tokens), (context, &context_tokens)] {
                for name in names(src, toks).iter().filter(|n| n.contains('-')) {
                    let words: Vec<&str> = name.split(' ').collect();
                    for (i, word) in words.iter().enumerate() {
                        for part in word.split('-') {
                            let mut with_part = words.clone();
                            with_part[i] = part;
                            set.insert(normalised(&with_part.join(" ")).trim().to_string());
                        }
                    }
                }
            }
            set
        })
    };
    // The months of the dates in digits the sources state ("2023-04-05": April; "13/03/2025":
    // March, and both months of one that reads both ways, `numeric_date_months`), found once
    // when needed: an answer's "April 5, 2023" or "13 March" names no month they lack.
    let iso_months = std::cell::OnceCell::new();
    let iso_months = || {
        iso_months.get_or_init(|| {
            [(prompt, &prompt_tokens), (context, &context_tokens)]
                .into_iter()
                .flat_map(|(src, toks)| {
                    (0..toks.len()).flat_map(|i| {
                        iso_date_at(src, toks, i)
                            .map(|(m, _)| m)
                            .into_iter()
                            .chain(numeric_date_months(src, toks, i).into_iter().flatten())
                    })
                })
                .collect::<Vec<usize>>()
        })
    };
    // The months and weekdays the sources write abbreviated in a date ("Thurs 8–10am",
    // "15 Sept"; `abbreviated_calendar_name`): an answer names them in full ("Thursday").
    let abbreviated = std::cell::OnceCell::new();
    let abbreviated = || {
        abbreviated.get_or_init(|| {
            [&prompt_tokens, &context_tokens]
                .into_iter()
                .flat_map(|toks| (0..toks.len()).filter_map(|i| abbreviated_calendar_name(toks, i)))
                .collect::<Vec<&'static str>>()
        })
    };
    // Claims aligned to the sources (grounding's `analyse_tokens`); its spans between years
    // are source numbers below.
    let mut grounding = analyse_tokens(
        (text, &toks),
        (prompt, &prompt_tokens),
        (context, &context_tokens),
    );
    // A passage of a field: its sentences are cited where they stand in the field.
    if let Some(offset) = sources.map(|s| s.start).filter(|&o| o > 0) {
        for source in grounding
            .claims
            .iter_mut()
            .filter_map(|c| c.source.as_mut())
        {
            source.start += offset;
            source.end += offset;
        }
    }

    // A possessive ("Marie Curie's") names what the bare name names.
    let bare = |n: &str| normalised(strip_possessive(n));
    // The names the sources state (`SourceNames`), found once, when a name of the answer is not
    // stated as it stands.
    let source_names = std::cell::OnceCell::new();
    let source_names = || {
        source_names.get_or_init(|| {
            SourceNames::of(&[(prompt, &prompt_tokens), (context, &context_tokens)])
        })
    };
    let novel_names: Vec<String> = all_names
        .iter()
        .zip(&name_spans)
        .filter(|(n, &span)| {
            // A place is grounded by its demonym and the reverse ("Poland" by "Polish"), an
            // initialism by the name it abbreviates or by another form of it ("US" for "U.S").
            let b = bare(n);
            let initialism = initialism_letters(strip_possessive(n));
            !source_grams.contains(&b)
                && !plural_stated(&source_grams, &b)
                && !part_names().contains(b.trim())
                && !demonym_counterpart(b.trim())
                    .is_some_and(|c| source_grams.contains(&normalised(c)))
                // A state by its postal code ("Michigan" by "MI"), written as a code.
                && !us_state_code(b.trim()).is_some_and(|code| {
                    prompt_tokens.iter().chain(&context_tokens).any(|t| t.raw == code)
                })
                && !initialism.is_some_and(|l| {
                    spelled().contains(&l)
                        || spells_long_form(&context_tokens, &l)
                        || spells_long_form(&prompt_tokens, &l)
                })
                // The reverse: a name spelled out, found by the initialism the sources write
                // ("United Kingdom" for "UK", as `grounding::analyse_tokens` finds its claims).
                && !name_initials(strip_possessive(n)).is_some_and(|l| written().contains(&l))
                && !MONTH_NAMES
                    .iter()
                    .position(|m| *m == b.trim())
                    .is_some_and(|m| iso_months().contains(&m))
                && !joins_whole_names(&b, &source_names().whole)
                && !source_names().states_inflected(&b)
                && !source_names()
                    .first_last
                    .contains(&PhraseSet::hash(b.split_whitespace()))
                && !name_heads(strip_possessive(n))
                    .is_some_and(|h| source_grams.contains(&normalised(&h)))
                && !name_tails(strip_possessive(n))
                    .is_some_and(|h| source_grams.contains(&normalised(&h)))
                // A month or weekday the sources abbreviate ("Thurs 8–10am") by its full name.
                && !abbreviated().contains(&b.trim())
                // An abbreviated month of a date ("Feb 15") by its month ("15 February"), an
                // abbreviated weekday ("Fri 18 July") by its weekday ("Friday, 18 July").
                && !toks
                    .iter()
                    .position(|t| t.start == span.0 && t.start + t.raw.len() == span.1)
                    .and_then(|i| abbreviated_calendar_name(&toks, i))
                    .is_some_and(|m| source_grams.contains(&normalised(m)))
                // The month of a date the answer derives ("4 May, one week after … 27 April":
                // grounding's `shown_date_offsets`).
                && !grounding.shown_arithmetic.contains(&span.0)
                && !first_and_last(text, &toks, span).is_some_and(|h| {
                    let h = normalised(&h);
                    source_names()
                        .whole
                        .contains(&PhraseSet::hash(h.split_whitespace()))
                })
        })
        .map(|(n, _)| n.clone())
        .collect();

    // Content-word and bigram support.
    // A number is novel when the sources do not state it, as written or with the same value
    // ("5,500,000" is stated by "5.5 million": `number_key`); one stated as approximate
    // ("about 330", "more than 20,000") is not novel when a number of the sources rounds to it.
    // A decade ("1870s") is stated by any year of the sources in it. The sources' numbers,
    // written in digits or as number words ("two", "fourth"; grounding's `number_word`), and the
    // spans between two years of one source sentence (grounding's `year_gaps`: "born in 1900 and
    // died in 1950" states 50) and the differences between two of its whole numbers that stand
    // next to each other (`number_gaps`: "won 11 of its 17 games" states 6), the days between two
    // dates (`date_gaps`) and the years counted from one ("Four years later", `counted_years`),
    // and, when the question asks for a computation, the differences, sums and complements of
    // the sources' numbers (`computed_numbers`), are parsed once, and only when a number needs
    // them.
    let source_numbers = std::cell::OnceCell::new();
    let source_numbers = || -> &Vec<f64> {
        source_numbers.get_or_init(|| {
            [&prompt_tokens, &context_tokens]
                .into_iter()
                .flat_map(|toks| {
                    (0..toks.len()).filter_map(|i| {
                        if toks[i].is_number {
                            return number_value(&number_key(toks, i));
                        }
                        // Most words have no number word's shape: not lower-cased, not hashed.
                        if !may_be_number_word(toks[i].raw) {
                            return None;
                        }
                        let w = lower_cow(toks[i].raw);
                        // "fifty six" states 56 (and its second word 6).
                        let spaced = || {
                            let next = toks.get(i + 1).filter(|n| !n.is_number)?;
                            spaced_number_words(&w, &lower_cow(next.raw))?.parse().ok()
                        };
                        // "fifteen hundred" states 1500 (grounding's `scaled_number_word`).
                        number_word(&w).filter(|_| w != "one").and_then(|d| {
                            spaced()
                                .or_else(|| scaled_number_word(toks, i, d)?.parse().ok())
                                .or_else(|| d.parse().ok())
                        })
                    })
                })
                .chain(grounding.source_gaps.iter().map(|&d| f64::from(d)))
                .chain(grounding.source_computed.iter().copied())
                .collect()
        })
    };
    // A number that spans a year the answer states (and the sources hold) and another year
    // of the sources is derived from them, as grounding reads it ("joined in 2015, 4 years
    // before becoming CFO" against "… CFO in 2019").
    let is_year = |v: f64| v.fract() == 0.0 && (1000.0..=2100.0).contains(&v);
    let answer_years: Vec<f64> = numbers
        .iter()
        .filter(|&&i| toks[i].raw.len() == 4)
        .filter_map(|&i| number_value(&number_key(&toks, i)))
        .filter(|&v| is_year(v) && source_numbers().contains(&v))
        .collect();
    let spans_years = |v: f64| {
        v >= 1.0
            && answer_years.iter().any(|&a| {
                source_numbers()
                    .iter()
                    .any(|&y| is_year(y) && (y - a).abs() == v)
            })
    };
    // A number with a unit is stated by a quantity of the sources it restates in another unit
    // ("2.7 kilometres" by "2,737 metres": `Quantity::restates`), as grounding finds it.
    let answer_quantities = std::cell::OnceCell::new();
    let answer_quantity = |i: usize| {
        answer_quantities
            .get_or_init(|| quantities(text, &toks))
            .iter()
            .find(|q| q.0 == i)
            .map(|q| q.1)
    };
    let source_quantities = std::cell::OnceCell::new();
    let source_quantities = || {
        source_quantities.get_or_init(|| {
            let mut qs = quantities(prompt, &prompt_tokens);
            qs.extend(quantities(context, &context_tokens));
            qs
        })
    };
    let converted = |i: usize| {
        answer_quantity(i).is_some_and(|q| source_quantities().iter().any(|(_, s)| q.restates(s)))
    };
    // A time of day the answer computes from the sources: a time of day of theirs plus or minus
    // a duration of theirs ("be checked in by 10:40" from "the 11:00 sailing" and "closes 20
    // minutes before"; "arrive at 11:35" from "11:00" and "Crossing time: 35 minutes"), to the
    // minute.
    let clock_derived = |i: usize| {
        let Some(q) = answer_quantity(i).filter(|q| q.dimension() == Dimension::TimeOfDay) else {
            return false;
        };
        let of = |d: Dimension| {
            source_quantities()
                .iter()
                .filter(move |s| s.1.dimension() == d)
        };
        of(Dimension::TimeOfDay).any(|t| {
            of(Dimension::Duration).any(|d| {
                [1.0, -1.0].iter().any(|sign| {
                    let hours = (t.1.base + sign * d.1.base / 3600.0).rem_euclid(24.0);
                    let gap = (hours - q.base).abs();
                    gap.min(24.0 - gap) < 1.0 / 120.0
                })
            })
        })
    };
    let source_fractions = std::cell::OnceCell::new();
    let source_fractions = || {
        source_fractions.get_or_init(|| {
            let mut f = fraction_percents(&prompt_tokens);
            f.extend(fraction_percents(&context_tokens));
            f
        })
    };
    // The numbers of the prompt in digits: the user's own ("delivered 10 days ago").
    let prompt_numbers = std::cell::OnceCell::new();
    let prompt_numbers = || -> &[f64] {
        prompt_numbers.get_or_init(|| {
            (0..prompt_tokens.len())
                .filter(|&i| prompt_tokens[i].is_number)
                .filter_map(|i| number_value(&number_key(&prompt_tokens, i)))
                .collect::<Vec<f64>>()
        })
    };
    // A number the sources hold (the operands of a ratio or a total the answer computes).
    let held = |v: f64| source_numbers().contains(&v);
    let grounded = !context.trim().is_empty();
    let novel_numbers: Vec<String> = numbers
        .iter()
        .map(|&i| (i, toks[i].raw))
        .filter(|&(i, n)| {
            let key = number_key(&toks, i);
            let stated = source_grams.contains(&normalised(n))
                || match number_value(&key) {
                    Some(v) => source_numbers().contains(&v) || spans_years(v),
                    // A number with no value, a version ("4.8.0"): stated where the sources
                    // write it, with or without its "v" ("## v4.8.0", `text::version_prefix_at`).
                    None => [&prompt_tokens, &context_tokens].iter().any(|ts| {
                        (0..ts.len()).any(|j| ts[j].is_number && number_key(ts, j) == key)
                    }),
                };
            let rounded = || source_numbers().iter().any(|&m| rounds_to(m, &key));
            let decade = || source_numbers().iter().any(|&m| in_decade(m, n));
            // A percentage restating a fraction in words ("around 50%" for "about half").
            let fraction = || {
                is_percentage(text, &toks, i)
                    && source_fractions().iter().any(|&m| {
                        number_value(&key) == Some(m)
                            || (is_approximated(&toks, i) && rounds_to(m, &key))
                    })
            };
            // A percentage of two numbers the answer states ("84 of the 120, or 70 percent").
            let ratio = || ratio_percent(text, &toks, i, held);
            // A total of numbers the answer states ("€20: €12 for the adult and €8 …"), against
            // a context: the numbers of a bare question (an arithmetic problem) sum to many
            // results, right and wrong.
            let sum = || grounded && sum_of_stated(text, &toks, i, held);
            // A product or a quotient the answer shows ("7.5 ml … 4 doses … 30 ml a day"),
            // or an equation it writes out ("5 days × 250 km = 1,250 km"), as grounding reads
            // them (`shown_products`, `stated_equations`).
            let product = || grounding.shown_arithmetic.contains(&toks[i].start);
            // A share of a number the answer states ("15% … on your $89 order that's $13.35"),
            // and a rule's number applied to the user's ("within the next 4 days … the 14-day
            // window" to "delivered 10 days ago"), against a context as a total is.
            let applied = || {
                grounded
                    && (percent_of_stated(text, &toks, i, held)
                        || difference_from_given(text, &toks, i, held, prompt_numbers()))
            };
            // A one stated by an article ("1 tbsp" for "a tablespoon", `one_by_article`).
            let article = || {
                one_by_article((text, &toks), i, (context, &context_tokens))
                    || one_by_article((text, &toks), i, (prompt, &prompt_tokens))
            };
            !(stated
                || decade()
                || (is_approximated(&toks, i) && rounded())
                || converted(i)
                || clock_derived(i)
                || fraction()
                || ratio()
                || sum()
                || product()
                || applied()
                || article())
        })
        .map(|(_, n)| n.to_string())
        .collect();
    let mut source_words: FastSet<Cow<'_, str>> = prompt_tokens
        .iter()
        .chain(&context_tokens)
        .map(|t| lower_cow(t.raw))
        .collect();
    // "%" and "per cent" state the word "percent" (grounding's keys read them so too).
    if source.contains('%') || source_grams.contains_words(&["per", "cent"]) {
        source_words.insert(Cow::Borrowed("percent"));
    }
    // Content words, framing phrases left out ("Based on the passage, …": `framing_end`), and
    // with a context, so are the approximators of numbers ("roughly 155 km": grounding's
    // `approximates_number`; answering a prompt alone, a hedge of the answer's own).
    let mut framing = vec![false; toks.len()];
    let mut i = 0;
    while i < toks.len() {
        match framing_end(&toks, i) {
            Some(end) => {
                framing[i..end].fill(true);
                i = end;
            }
            None => {
                framing[i] = grounded && approximates_number(&toks, i);
                i += 1;
            }
        }
    }
    let content: Vec<(usize, &str)> = words
        .iter()
        .zip(&framing)
        .enumerate()
        .filter(|(_, (_, f))| !**f)
        .map(|(j, (w, _))| (j, w.as_ref()))
        .filter(|(_, w)| !is_stopword(w) && w.chars().nth(1).is_some())
        .collect();
    // The number and unit words of a quantity that restates one of the sources in another unit
    // ("2,700 metres" for "2.7 kilometres": `converted`) are words the sources state.
    let mut restated = vec![false; toks.len()];
    for &i in numbers.iter().filter(|&&i| converted(i)) {
        restated[i] = true;
        for j in (i + 1..toks.len().min(i + 3)).take_while(|&j| unit_symbol(&words[j]).is_some()) {
            restated[j] = true;
        }
    }
    let supported = content
        .iter()
        .filter(|(j, w)| source_words.contains(*w) || restated[*j])
        .count();
    // A bigram is supported when its two words occur consecutively in the sources (words never
    // hold white space, so the pair is the phrase's word list).
    let n_bigrams = words.len().saturating_sub(1);
    let bigram_supported = words
        .windows(2)
        .filter(|w| source_grams.contains_words(&[w[0].as_ref(), w[1].as_ref()]))
        .count();
    let text_norm = normalised(text);
    let text_in_source =
        has_source && !text_norm.trim().is_empty() && source_norm.contains(&text_norm);

    // Style markers.
    let [hedges, certainty, disclaimers, quantity_words, attribution_phrases] =
        TEXT_MARKERS.find_each(&lower);
    let n_hedges: usize = hedges.iter().map(|(_, n)| n).sum();
    let n_certain: usize = certainty.iter().map(|(_, n)| n).sum();
    let disclaimer = !disclaimers.is_empty();
    let negations = words
        .iter()
        .filter(|w| {
            matches!(w.as_ref(), "not" | "no" | "never" | "none" | "nor") || w.ends_with("n't")
        })
        .count();
    let distinct: FastSet<&str> = words.iter().map(|w| w.as_ref()).collect();
    let n_trigrams = words.len().saturating_sub(2);
    let distinct_tri: FastSet<(&str, &str, &str)> = words
        .windows(3)
        .map(|w| (w[0].as_ref(), w[1].as_ref(), w[2].as_ref()))
        .collect();
    let repeated_tri = if n_trigrams == 0 {
        0.0
    } else {
        1.0 - distinct_tri.len() as f64 / n_trigrams as f64
    };
    let years = numbers
        .iter()
        .map(|&i| toks[i].raw)
        .filter(|n| {
            n.len() == 4
                && n.chars().all(|c| c.is_ascii_digit())
                && matches!(&n[..2], "15" | "16" | "17" | "18" | "19" | "20")
        })
        .count();
    let quantities = quantity_words.iter().map(|(_, n)| n).sum::<usize>()
        + text.matches(['$', '€', '£', '%']).count();
    let attributions: usize = attribution_phrases.iter().map(|(_, n)| n).sum();
    let last = text.trim_end().chars().next_back();
    let ends_terminal = last.is_some_and(|c| {
        matches!(
            c,
            '.' | '!' | '?' | ')' | '"' | '\'' | '`' | ']' | '*' | '”' | '…'
        )
    });
    let prompt_lower_words: Vec<Cow<'_, str>> =
        prompt_tokens.iter().map(|t| lower_cow(t.raw)).collect();
    let prompt_words: FastSet<&str> = prompt_lower_words.iter().map(|w| w.as_ref()).collect();
    let prompt_share = if n_words == 0 {
        0.0
    } else {
        words
            .iter()
            .filter(|w| prompt_words.contains(w.as_ref()))
            .count() as f64
            / n_words as f64
    };
    let text_chars = text.chars().count();
    let context_chars = context.chars().count();

    let g = grounding.features;
    let share = |a: usize, b: usize| if b == 0 { 0.0 } else { a as f64 / b as f64 };
    let dense = [
        ln1p(text_chars),
        ln1p(n_words),
        f64::from(u8::from(ends_terminal)),
        ln1p(text.matches('\n').count()),
        ln1p(numbers.len()),
        ln1p(novel_numbers.len()),
        share(novel_numbers.len(), numbers.len()),
        ln1p(all_names.len()),
        ln1p(novel_names.len()),
        share(novel_names.len(), all_names.len()),
        // Nothing to check is nothing unsupported: an empty set counts as fully supported.
        if content.is_empty() {
            1.0
        } else {
            share(supported, content.len())
        },
        ln1p(content.len() - supported),
        if n_bigrams == 0 {
            1.0
        } else {
            share(bigram_supported, n_bigrams)
        },
        f64::from(u8::from(text_in_source)),
        ln1p(n_hedges),
        ln1p(n_certain),
        f64::from(u8::from(disclaimer)),
        ln1p(negations),
        if n_words == 0 {
            0.0
        } else {
            distinct.len() as f64 / n_words as f64
        },
        repeated_tri,
        ln1p(years),
        ln1p(quantities),
        ln1p(attributions),
        prompt_openness(prompt, kind, n_hedges, n_certain),
        ln1p(prompt.chars().count()),
        ln1p(context_chars),
        ((1 + text_chars) as f64 / (1 + context_chars) as f64).ln(),
        prompt_share,
        g.claim_support_min,
        g.claim_support_mean,
        g.aligned_support_min,
        g.contradicted_share,
        g.novel_conflict_share,
        g.negation_mismatch_share,
        g.new_support_share,
        g.answer_question_alignment,
        g.answer_type_match,
        g.entity_anchor_mean,
        g.answer_question_proximity,
    ];
    let ngrams = vec![
        (Namespace::Text, hashed_ngrams(Namespace::Text, &words)),
        (
            Namespace::Prompt,
            hashed_ngrams(Namespace::Prompt, &prompt_lower_words),
        ),
    ];
    Extracted {
        kind,
        dense,
        ngrams,
        novel_numbers,
        novel_names,
        hedges: hedges.iter().map(|(p, _)| p.to_string()).collect(),
        certainty: certainty.iter().map(|(p, _)| p.to_string()).collect(),
        n_numbers: numbers.len(),
        n_names: all_names.len(),
        content_words: (content.len(), supported),
        has_source,
        context_role: role,
        has_context: !context.trim().is_empty(),
        sources,
        grounding,
    }
}

/// The prompt and sources an audit uses ([`resolve_context`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Resolved {
    /// The request the answer replies to: the sent `prompt` and the parts of the request around
    /// the sources (a `context` read as a question, the question around a passage).
    pub prompt: String,
    /// The sources: the sent `context` when it states facts (without a question around it),
    /// else the passage of the prompt, if any, else empty.
    pub context: String,
    /// How the sent `context` was read (DESIGN §2.0).
    pub role: ContextRole,
    /// Where `context` lies in the request (`metadata.sources`); None without sources.
    pub sources: Option<SourcesSpan>,
}

/// The prompt and sources an audit uses, and how the context was read (DESIGN §2.0):
/// - a context that states facts is the sources; sent without a prompt, or with one that asks
///   no question of its own but speaks of one ("Answer the question using the context.",
///   [`crate::grounding::refers_to_question`]), a question or instruction before or after its
///   passage, or a conversation after it, is the prompt (after the prompt sent, if any: a
///   contract-only client's "passage … question?", [`crate::grounding::context_passage`]);
/// - a conversation transcript in the context that the request asks from ("Based on the chat,
///   explain …", sent as `prompt` or on a line of the context;
///   [`crate::grounding::conversation_sources`]) is the sources, the request the prompt;
/// - a context that is a question or instruction ([`ContextRole::Prompt`]) becomes the prompt
///   (appended to an explicit prompt), unless it holds a passage ("[Human]: … Knowledge: …",
///   [`crate::grounding::prompt_passage`]), which is then the sources (and the role
///   [`ContextRole::Source`]: the context gave them);
/// - without source context, a passage the prompt holds ("Context: … Question: …",
///   [`crate::grounding::prompt_passage`]) is the sources and the rest of the prompt the
///   prompt: a client that sends its model's whole retrieval-augmented prompt as `prompt` is
///   judged as one that sends the passage as `context`.
pub fn resolve_context(prompt: Option<&str>, context: Option<&str>) -> Resolved {
    let prompt = prompt.unwrap_or("");
    let context = context.unwrap_or("");
    let role = context_role(context);
    let join = |a: &str, b: &str| {
        if b.is_empty() {
            a.to_string()
        } else if a.trim().is_empty() {
            b.to_string()
        } else {
            format!("{a}\n{b}")
        }
    };
    // The passage `a..b` (bytes) of `text`, held by `field`, as the sources; the rest of the
    // text, in order, between `before` and `after`, as the prompt.
    let split =
        |field: SourceField, text: &str, (a, b): (usize, usize), before: &str, after: &str| {
            let start = text[..a].chars().count();
            let rest = join(&text[..a], text[b..].trim());
            Resolved {
                prompt: join(&join(before, &rest), after),
                context: text[a..b].to_string(),
                role,
                sources: Some(SourcesSpan {
                    field,
                    start,
                    end: start + text[a..b].chars().count(),
                }),
            }
        };
    // A transcript that the request asks from ("Based on the chat, explain …", "Summarize the
    // conversation above.") is the sources, not the request a reply continues.
    if let Some(span) = crate::grounding::conversation_sources(prompt, context) {
        return Resolved {
            role: ContextRole::Source,
            ..split(SourceField::Context, context, span, prompt, "")
        };
    }
    let question = match role {
        ContextRole::Source => {
            // Also beside a prompt that speaks of a question and asks none ("Answer the
            // question using the context."): the question it speaks of is the one in the
            // context.
            if prompt.trim().is_empty() || crate::grounding::refers_to_question(prompt) {
                if let Some(span) = context_passage(context) {
                    return split(SourceField::Context, context, span, prompt, "");
                }
            }
            return Resolved {
                prompt: prompt.to_string(),
                context: context.to_string(),
                role,
                sources: Some(SourcesSpan {
                    field: SourceField::Context,
                    start: 0,
                    end: context.chars().count(),
                }),
            };
        }
        // As sent when it is the whole prompt, trimmed when it follows one.
        ContextRole::Prompt if prompt.trim().is_empty() => context,
        ContextRole::Prompt => context.trim(),
        ContextRole::None => "",
    };
    if let Some(span) = prompt_passage(prompt) {
        return split(SourceField::Prompt, prompt, span, "", question);
    }
    if role == ContextRole::Prompt {
        // A request in the context that holds a passage too ("[Human]: … \n\n<knowledge>"):
        // the context gives the sources, so it was read as (holding) sources.
        if let Some(span) = prompt_passage(context) {
            return Resolved {
                role: ContextRole::Source,
                ..split(SourceField::Context, context, span, prompt, "")
            };
        }
    }
    Resolved {
        prompt: join(prompt, question),
        context: String::new(),
        role,
        sources: None,
    }
}

/// The word n-grams (n ≤ [`PhraseSet::MAX_N`]) of a normalised source string, hashed, so that
/// "does this phrase occur in the sources" costs O(phrase length) instead of a scan of the
/// sources (DESIGN §2.7: cost linear in length).
struct PhraseSet {
    /// FNV-1a hashes of the n-grams, kept as they are (they are hashes already: no second
    /// hashing by SipHash on every insert and lookup).
    grams: nohash_hasher::IntSet<u64>,
}

impl PhraseSet {
    const MAX_N: usize = 4;

    /// FNV-1a of the words, each followed by a space (the hash of a phrase of the set).
    fn hash<'w>(words: impl IntoIterator<Item = &'w str>) -> u64 {
        words
            .into_iter()
            .fold(FNV_OFFSET, |h, w| fnv1a(fnv1a(h, w.as_bytes()), b" "))
    }

    /// All n-grams (n ≤ MAX_N) of the words of `norm` (a [`normalised`] string).
    fn of(norm: &str) -> PhraseSet {
        // A normalised string separates its words by single spaces: their count sizes the set.
        let spaces = norm.bytes().filter(|&b| b == b' ').count();
        let mut grams = nohash_hasher::IntSet::with_capacity_and_hasher(
            spaces * Self::MAX_N,
            nohash_hasher::BuildNoHashHasher::default(),
        );
        // open[k] is the hash state of the (k + 1)-gram that ends at the last word read; the
        // n-gram ending at the next word continues the (n − 1)-gram's state (`hash` folds word
        // by word), so each word is hashed once per n-gram length (4 word hashes per position
        // instead of 1 + 2 + 3 + 4) and no list of the words is kept.
        let mut open = [FNV_OFFSET; Self::MAX_N];
        let mut read = 0;
        for w in norm.split_whitespace() {
            read = (read + 1).min(Self::MAX_N);
            for k in (1..read).rev() {
                open[k] = fnv1a(fnv1a(open[k - 1], w.as_bytes()), b" ");
                grams.insert(open[k]);
            }
            open[0] = fnv1a(fnv1a(FNV_OFFSET, w.as_bytes()), b" ");
            grams.insert(open[0]);
        }
        PhraseSet { grams }
    }

    /// Whether the words of the normalised `phrase` occur consecutively in the sources (phrases
    /// longer than MAX_N words: every MAX_N-word window occurs). An empty phrase is contained.
    fn contains(&self, phrase: &str) -> bool {
        let words: Vec<&str> = phrase.split_whitespace().collect();
        self.contains_words(&words)
    }

    /// Whether `words` (as [`Self::contains`] splits a phrase) occur consecutively in the sources.
    fn contains_words(&self, words: &[&str]) -> bool {
        if words.len() <= Self::MAX_N {
            return words.is_empty() || self.grams.contains(&Self::hash(words.iter().copied()));
        }
        words
            .windows(Self::MAX_N)
            .all(|w| self.grams.contains(&Self::hash(w.iter().copied())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phrase_lists_are_distinct_lower_case_phrases() {
        // PhraseGroup::find_each counts each phrase as its own scan would only for such lists.
        for list in PROMPT_CUES.lists().into_iter().chain(TEXT_MARKERS.lists()) {
            let mut seen = std::collections::HashSet::new();
            for p in list {
                assert!(!p.is_empty() && *p == p.to_lowercase(), "{p:?}");
                assert!(seen.insert(*p), "{p:?} twice");
            }
        }
    }

    #[test]
    fn a_scale_joined_to_a_number_is_no_name() {
        let text = "The council sent the $4.2M plan back; a $1.5M grant depends on it.";
        let toks = tokens(text);
        assert!(names(text, &toks).is_empty(), "{:?}", names(text, &toks));
        let text = "The council met Mr Ortiz about the M4 motorway.";
        assert!(!names(text, &tokens(text)).is_empty());
    }

    #[test]
    fn percent_is_stated_by_a_percent_sign_or_per_cent() {
        let text = "About 52 percent of voters supported it.";
        for ctx in [
            "The measure passed with 52% of the vote.",
            "It passed with 52 per cent.",
        ] {
            let x = extract(text, Some("How many supported it?"), Some(ctx));
            let y = extract(
                text,
                Some("How many supported it?"),
                Some("It passed with 52 of the vote."),
            );
            assert_eq!(x.content_words.1, y.content_words.1 + 1, "{ctx}");
        }
    }

    #[test]
    fn routes_by_evidence_shape() {
        assert_eq!(
            TaskKind::detect(Some("Who wrote Hamlet?"), None),
            TaskKind::Open
        );
        assert_eq!(
            TaskKind::detect(Some("Who wrote Hamlet?"), Some("  ")),
            TaskKind::Open
        );
        assert_eq!(
            TaskKind::detect(Some("Who wrote Hamlet?"), Some("Hamlet is a play.")),
            TaskKind::Qa
        );
        assert_eq!(
            TaskKind::detect(Some("[Human]: hi [Assistant]: hello"), Some("k")),
            TaskKind::Dialogue
        );
        assert_eq!(
            TaskKind::detect(Some("Summarize the document."), Some("doc")),
            TaskKind::Summarization
        );
        assert_eq!(
            TaskKind::detect(None, Some(&"long document. ".repeat(200))),
            TaskKind::Summarization
        );
        // A contract-only client's request for a summary, before or after the passage, is the
        // prompt (`resolve_context`), so the answer is judged as a summary of the passage.
        let passage = "The council voted 7 to 2 on Tuesday to build a library. It opens in 2027.";
        for ctx in [
            format!("{passage}\nTL;DR?"),
            format!("{passage}\n\nTL;DR"),
            format!("Summarize:\n{passage}"),
        ] {
            let r = resolve_context(None, Some(&ctx));
            assert_eq!(r.context, passage, "{ctx}");
            assert_eq!(
                TaskKind::detect(Some(&r.prompt), Some(&r.context)),
                TaskKind::Summarization,
                "{ctx}"
            );
        }
    }

    #[test]
    fn a_prompt_that_points_at_the_question_takes_it_from_the_context() {
        let passage = "The council voted 7 to 2 on Tuesday to build a library. It opens in 2027.";
        let ctx = format!("{passage}\nI live nearby. When does the library open?");
        let r = resolve_context(Some("Answer the question using the context."), Some(&ctx));
        assert_eq!(r.context, passage);
        assert_eq!(
            r.prompt,
            "Answer the question using the context.\nI live nearby. When does the library open?"
        );
        // A prompt that asks its own question, or only asks for a summary, keeps the context
        // whole.
        for prompt in ["When does it open?", "Summarize the article."] {
            let r = resolve_context(Some(prompt), Some(&ctx));
            assert_eq!(r.context, ctx, "{prompt}");
        }
    }

    #[test]
    fn a_transcript_the_request_asks_from_is_the_sources() {
        let chat = "User: My blender arrived with a cracked jug.\nAgent: A free replacement jug \
                    ships within 3 business days.";
        let prompt = "Based on the chat, explain to the customer what happens next.";
        let sent = resolve_context(Some(prompt), Some(chat));
        assert_eq!(
            (sent.role, sent.context.as_str(), sent.prompt.as_str()),
            (ContextRole::Source, chat, prompt)
        );
        // A contract-only client's request after the transcript: the same reading.
        let r = resolve_context(None, Some(&format!("{chat}\n\n{prompt}")));
        assert_eq!(
            (r.role, r.context, r.prompt),
            (sent.role, sent.context, sent.prompt)
        );
        // Knowledge after a transcript is the sources, and the context was read as holding them.
        let knowledge = "The store ships replacement jugs within 3 business days of a return.";
        let r = resolve_context(
            None,
            Some(&format!("{chat}\nUser: When will it ship?\n\n{knowledge}")),
        );
        assert_eq!(
            (r.role, r.context.as_str()),
            (ContextRole::Source, knowledge)
        );
        // A transcript alone, or with a request for its next turn, is the request.
        for prompt in [None, Some("Continue this conversation as the agent.")] {
            let r = resolve_context(prompt, Some(chat));
            assert_eq!((r.role, r.context.as_str()), (ContextRole::Prompt, ""));
        }
    }

    #[test]
    fn an_approximate_number_is_novel_only_when_no_source_number_rounds_to_it() {
        let ctx = Some("A 2012 survey put the total length of the wall at 21,196 km.");
        let e = extract("It stretches more than 20,000 kilometres.", None, ctx);
        assert!(e.novel_numbers.is_empty(), "{:?}", e.novel_numbers);
        let e = extract("It stretches 20,000 kilometres.", None, ctx);
        assert_eq!(e.novel_numbers, vec!["20,000"]);
        let e = extract("It stretches about 30,000 kilometres.", None, ctx);
        assert_eq!(e.novel_numbers, vec!["30,000"]);
    }

    #[test]
    fn a_version_is_stated_with_or_without_its_v() {
        let ctx = Some("## v4.8.0 — 2024-03-12\n- Dropped Python 3.8.\n## v4.7.2\n- Fixed a leak.");
        let e = extract(
            "The leak was fixed in 4.7.2; 4.8.0 drops Python 3.8.",
            None,
            ctx,
        );
        assert!(e.novel_numbers.is_empty(), "{:?}", e.novel_numbers);
        let e = extract("The leak was fixed in v4.7.3.", None, ctx);
        assert_eq!(e.novel_numbers, vec!["4.7.3"]);
    }

    #[test]
    fn an_age_derived_from_two_years_of_a_sentence_is_not_novel() {
        let ctx = "John Smith was born in 1900 and died in 1950 in Boston. He moved there in 1930.";
        let q = "How old was he when he died?";
        let e = extract("He was 50 when he died.", Some(q), Some(ctx));
        assert!(e.novel_numbers.is_empty(), "{:?}", e.novel_numbers);
        let e = extract("He was 20 when he died.", Some(q), Some(ctx));
        assert_eq!(e.novel_numbers, vec!["20"]);
    }

    #[test]
    fn a_quantity_the_sources_state_in_another_unit_is_no_novel_number() {
        let ctx = Some("Preheat the oven to 200 °C. The flight takes 13 hours and 30 minutes.");
        let e = extract("Preheat it to 392 degrees Fahrenheit.", None, ctx);
        assert!(e.novel_numbers.is_empty(), "{:?}", e.novel_numbers);
        // "Celsius" after "degrees" is a unit, no name.
        let e = extract("Preheat it to 200 degrees Celsius.", None, ctx);
        assert!(e.novel_names.is_empty(), "{:?}", e.novel_names);
        let e = extract("The flight takes 13.5 hours, not 14.5 hours.", None, ctx);
        assert_eq!(e.novel_numbers, vec!["14.5"]);
    }

    #[test]
    fn a_middle_name_is_no_novel_name() {
        let ctx = Some("Frankenstein is an 1818 novel written by English author Mary Shelley.");
        for text in [
            "Mary Wollstonecraft Shelley wrote it.",
            "It was written by Mary Wollstonecraft Shelley.",
        ] {
            let e = extract(text, None, ctx);
            assert!(e.novel_names.is_empty(), "{text}: {:?}", e.novel_names);
        }
        let e = extract("It was written by Percy Bysshe Shelley.", None, ctx);
        assert_eq!(e.novel_names, vec!["Percy Bysshe Shelley"]);
    }

    #[test]
    fn a_name_joined_to_a_word_is_stated_by_the_name() {
        let ctx = Some("Nordwind, based in Hamburg, carried 41 million passengers last year.");
        let e = extract(
            "The Hamburg-based airline carried 41 million people.",
            None,
            ctx,
        );
        assert!(e.novel_names.is_empty(), "{:?}", e.novel_names);
        let e = extract(
            "The Munich-based airline carried 41 million people.",
            None,
            ctx,
        );
        assert_eq!(e.novel_names, vec!["Munich-based"]);
    }

    #[test]
    fn a_name_without_its_middle_names_the_entity() {
        let ctx = Some(
            "Physics is chaired by Professor Mei Lin. John Fitzgerald Kennedy won in 1960. It \
             lies in North East Lincolnshire.",
        );
        for (answer, novel) in [
            ("Physics is chaired by Professor Lin.", Vec::<String>::new()),
            ("John Kennedy won in 1960.", vec![]),
            (
                "It lies in North Lincolnshire.",
                vec!["North Lincolnshire".to_string()],
            ),
            (
                "Physics is chaired by Professor Chen.",
                vec!["Professor Chen".to_string()],
            ),
        ] {
            assert_eq!(extract(answer, None, ctx).novel_names, novel, "{answer}");
        }
    }

    #[test]
    fn a_percentage_restating_a_fraction_in_words_is_stated() {
        let ctx = Some(
            "About half of the 8,000 employees work remotely; two-thirds of them are engineers.",
        );
        let q = Some("How many employees work remotely?");
        for (answer, novel) in [
            ("Around 50% of the 8,000 staff work remotely.", vec![]),
            ("About 67 percent of them are engineers.", vec![]),
            ("Around 80% of the 8,000 staff work remotely.", vec!["80"]),
            // A count is no percentage: half of 8,000 is not 50.
            ("Around 50 of the 8,000 staff work remotely.", vec!["50"]),
        ] {
            assert_eq!(extract(answer, q, ctx).novel_numbers, novel, "{answer}");
        }
    }

    #[test]
    fn novel_numbers_and_names_are_those_missing_from_the_sources() {
        let e = extract(
            "Hunt Lowry also produced White Oleander in 1999 and 2002.",
            Some("Is that one with Hunt Lowry?"),
            Some("A Walk to Remember (2002) is produced by Hunt Lowry."),
        );
        assert_eq!(e.novel_numbers, vec!["1999"]);
        assert_eq!(e.novel_names, vec!["White Oleander"]);
        assert_eq!(e.kind, TaskKind::Qa);
        let i = DENSE_NAMES
            .iter()
            .position(|n| *n == "novel_number_share")
            .unwrap();
        assert!((e.dense[i] - 0.5).abs() < 1e-12);
    }

    #[test]
    fn a_time_of_day_computed_from_a_time_and_a_duration_of_the_sources_is_no_novel_number() {
        let ctx = Some(
            "Saturday: 08:30, 11:00, 14:20. Crossing time: 35 minutes. Check-in closes 20 \
             minutes before departure for vehicles.",
        );
        let q = Some("When must I check in for the 11:00 boat, and when do I arrive?");
        let e = extract("Check in by 10:40; you arrive at about 11:35.", q, ctx);
        assert!(e.novel_numbers.is_empty(), "{:?}", e.novel_numbers);
        // Neither 11:00 ± 20 or 35 minutes, nor another time of the sources ± one.
        let e = extract("Check in by 10:30; you arrive at about 11:55.", q, ctx);
        assert_eq!(e.novel_numbers, vec!["10:30", "11:55"]);
    }

    #[test]
    fn a_possessive_ends_a_name() {
        let ctx = Some(
            "Lovelace worked on Charles Babbage's proposed mechanical computer, the Analytical \
             Engine.",
        );
        let e = extract(
            "She wrote for Charles Babbage's Analytical Engine.",
            None,
            ctx,
        );
        assert!(e.novel_names.is_empty(), "{:?}", e.novel_names);
        let e = extract(
            "She wrote for Charles Babbage's Difference Engine.",
            None,
            ctx,
        );
        assert_eq!(e.novel_names, vec!["Difference Engine"]);
    }

    #[test]
    fn a_name_made_of_names_the_sources_state_whole_is_stated() {
        let ctx = Some("Tesla, Inc. delivered 1.81 million vehicles. The Model Y sold best.");
        let e = extract("The best seller was the Tesla Model Y.", None, ctx);
        assert!(e.novel_names.is_empty(), "{:?}", e.novel_names);
        let ctx = Some("Donald Trump won in 2016. Barack Obama won in 2008.");
        let e = extract("In 2016 Barack Trump won.", None, ctx);
        assert_eq!(e.novel_names, vec!["Barack Trump"]);
    }

    #[test]
    fn a_name_in_another_inflection_is_stated() {
        let ctx = "It ended the war between Germany and the Allied Powers.";
        let claim = "The treaty ended the war between Germany and the Allies.";
        let e = extract(claim, None, Some(ctx));
        assert!(e.novel_names.is_empty(), "{:?}", e.novel_names);
        let g = crate::grounding::analyse(claim, "", ctx);
        assert!(g.claims[0].conflicts.is_empty(), "{g:?}");
        let e = extract(
            "It ended the war between Germany and the Axis.",
            None,
            Some(ctx),
        );
        assert_eq!(e.novel_names, vec!["Axis"]);
    }

    #[test]
    fn a_common_noun_acronym_is_no_name() {
        let ctx = Some("Tesla, Inc. is led by its chief executive, Elon Musk.");
        let e = extract("Elon Musk is Tesla's CEO.", None, ctx);
        assert!(e.novel_names.is_empty(), "{:?}", e.novel_names);
        let e = extract("Elon Musk heads Tesla and NASA.", None, ctx);
        assert_eq!(e.novel_names, vec!["NASA"]);
    }

    #[test]
    fn a_place_is_grounded_by_its_demonym() {
        let e = extract(
            "Polonium was named after Poland, in the French style.",
            None,
            Some("A Polish chemist who lived in France named polonium."),
        );
        assert!(e.novel_names.is_empty(), "{:?}", e.novel_names);
        let e = extract(
            "Polonium was named after Germany.",
            None,
            Some("A Polish chemist who lived in France named polonium."),
        );
        assert_eq!(e.novel_names, vec!["Germany"]);
        // A city's demonym names the city.
        let ctx = Some("Antonio Vivaldi was born in Venice in 1678.");
        let e = extract("Vivaldi was a Venetian composer.", None, ctx);
        assert!(e.novel_names.is_empty(), "{:?}", e.novel_names);
        let e = extract("Vivaldi was a Viennese composer.", None, ctx);
        assert_eq!(e.novel_names, vec!["Viennese"]);
    }

    #[test]
    fn an_abbreviated_month_of_a_date_is_grounded_by_its_month() {
        let ctx = Some("The winter sale runs from 2 January until 15 February.");
        assert!(extract("It ends on Feb 15.", None, ctx)
            .novel_names
            .is_empty());
        assert_eq!(
            extract("It ends on Mar 15.", None, ctx).novel_names,
            vec!["Mar"]
        );
    }

    #[test]
    fn a_weekday_the_sources_abbreviate_is_grounded_by_its_full_name() {
        let ctx = Some("Gas engineer coming Thurs 8–10am for the boiler service.");
        let e = extract("He is coming on Thursday between 8 and 10am.", None, ctx);
        assert!(e.novel_names.is_empty(), "{:?}", e.novel_names);
        let e = extract("He is coming on Tuesday between 8 and 10am.", None, ctx);
        assert_eq!(e.novel_names, vec!["Tuesday"]);
    }

    #[test]
    fn a_unit_restated_in_another_unit_is_a_supported_word() {
        let ctx = Some("The bridge is 2.7 kilometres long and carries six lanes of traffic.");
        let e = extract("The bridge is 2,700 metres long.", None, ctx);
        assert_eq!(e.content_words, (4, 4), "{e:?}");
        // Another length is no restatement: its number and unit stay words the sources lack.
        let e = extract("The bridge is 2,900 metres long.", None, ctx);
        assert_eq!(e.content_words, (4, 2), "{e:?}");
    }

    #[test]
    fn the_month_of_an_iso_date_is_no_novel_name() {
        let ctx = Some("Signed: 2023-04-05 by both parties in Geneva.");
        let e = extract("It was signed on April 5, 2023, in Geneva.", None, ctx);
        assert!(e.novel_names.is_empty(), "{:?}", e.novel_names);
        let e = extract("It was signed on May 4, 2023, in Geneva.", None, ctx);
        assert_eq!(e.novel_names, vec!["May"]);
    }

    #[test]
    fn a_name_in_the_other_number_is_grounded() {
        let ctx = Some("Opening hours: Sunday 10 AM to 6 PM. Many Americans shop there.");
        let e = extract("It is open on Sundays, and an American owns it.", None, ctx);
        assert!(e.novel_names.is_empty(), "{:?}", e.novel_names);
        let e = extract("It is open on Mondays.", None, ctx);
        assert_eq!(e.novel_names, vec!["Mondays"]);
    }

    #[test]
    fn an_initialism_is_grounded_by_the_name_it_abbreviates() {
        let ctx = Some("The United States purchased Alaska from the Russian Empire in 1867.");
        let e = extract("The U.S. bought it from Russia in 1867.", None, ctx);
        assert!(e.novel_names.is_empty(), "{:?}", e.novel_names);
        let e = extract("The US bought it from Russia in 1867.", None, ctx);
        assert!(e.novel_names.is_empty(), "{:?}", e.novel_names);
        let e = extract("The U.K. bought it from Russia in 1867.", None, ctx);
        assert_eq!(e.novel_names, vec!["U.K"]);
        // A pronoun "us" in the source is no "US".
        let e = extract(
            "The U.S. bought it.",
            None,
            Some("They told us about Alaska."),
        );
        assert_eq!(e.novel_names, vec!["U.S"]);
        // A long form may give an initialism letters from inside its words.
        let ctx =
            Some("Vitamin D is produced in the skin when it is exposed to ultraviolet B light.");
        let e = extract("Your skin makes it when exposed to UVB light.", None, ctx);
        assert!(e.novel_names.is_empty(), "{:?}", e.novel_names);
        let e = extract("Your skin makes it when exposed to UVA light.", None, ctx);
        assert_eq!(e.novel_names, vec!["UVA"]);
    }

    #[test]
    fn a_name_spelled_out_is_grounded_by_the_initialism_the_sources_write() {
        let ctx = Some("Big Ben is the clock tower of the Palace of Westminster in London, UK.");
        let e = extract("Big Ben is in London, in the United Kingdom.", None, ctx);
        assert!(e.novel_names.is_empty(), "{:?}", e.novel_names);
        // Initials that spell nothing the sources write stay names the sources lack.
        let e = extract("Big Ben is in London, in the United States.", None, ctx);
        assert_eq!(e.novel_names, vec!["United States"]);
    }

    #[test]
    fn a_number_or_name_written_another_way_is_not_novel() {
        let e = extract(
            "About 5,500,000 people live in Norway.",
            None,
            Some("Norway has a population of about 5.5 million people."),
        );
        assert!(e.novel_numbers.is_empty(), "{:?}", e.novel_numbers);
        let e = extract(
            "It was designed by Antoni Gaudi.",
            None,
            Some("The Sagrada Família was designed by the architect Antoni Gaudí."),
        );
        assert!(e.novel_names.is_empty(), "{:?}", e.novel_names);
        let e = extract(
            "About 6,500,000 people live in Norway.",
            None,
            Some("Norway has a population of about 5.5 million people."),
        );
        assert_eq!(e.novel_numbers, vec!["6,500,000"]);
        let ctx = Some("Mars has two small moons and is the fourth planet, named in the 1870s.");
        let e = extract("Mars has 2 moons; it is the 4th planet.", None, ctx);
        assert!(e.novel_numbers.is_empty(), "{:?}", e.novel_numbers);
        let e = extract("The moons were found in 1877.", None, ctx);
        assert_eq!(e.novel_numbers, vec!["1877"]);
        let ctx = Some("The moons were found in 1877.");
        let e = extract("They were found in the 1870s, not the 1880s.", None, ctx);
        assert_eq!(e.novel_numbers, vec!["1880s"]);
    }

    #[test]
    fn grounded_text_scores_full_support() {
        let e = extract(
            "Delhi",
            Some("Which city?"),
            Some("Its head office is in Delhi."),
        );
        let i = DENSE_NAMES
            .iter()
            .position(|n| *n == "text_in_source")
            .unwrap();
        assert_eq!(e.dense[i], 1.0);
        let j = DENSE_NAMES
            .iter()
            .position(|n| *n == "content_support_share")
            .unwrap();
        assert_eq!(e.dense[j], 1.0);
    }

    #[test]
    fn openness_separates_open_from_factoid_prompts() {
        let open = prompt_openness("Write a poem about the sea", TaskKind::Open, 0, 0);
        let closed = prompt_openness(
            "Who was the first president of the USA?",
            TaskKind::Open,
            0,
            0,
        );
        assert!(open > 0.5 && closed < 0.5, "{open} {closed}");
    }

    #[test]
    fn extraction_is_total_on_odd_input() {
        for s in [
            "",
            " ",
            "\u{0}",
            "1.2.3,,4",
            "ÉÉÉ ééé",
            "a\u{301}",
            &"x".repeat(20000),
        ] {
            let e = extract(s, Some(s), Some(s));
            assert!(e.dense.iter().all(|v| v.is_finite()));
        }
    }

    #[test]
    fn buckets_are_stable_across_builds() {
        // Fixed values: a change here invalidates the embedded weights (retrain).
        assert_eq!(
            bucket(Namespace::Text, "the"),
            bucket(Namespace::Text, "the")
        );
        assert_ne!(
            bucket(Namespace::Text, "the"),
            bucket(Namespace::Prompt, "the")
        );
        assert!(bucket(Namespace::Text, "paris") < (1 << HASH_BITS));
    }
}
