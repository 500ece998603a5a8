//! Grounding of an answer in its sources (DESIGN §2.0–2.1): what the `context` is (a prompt or
//! sources), the answer split into claims, each claim aligned to its best-supporting source
//! sentence (lexical alignment with idf weights, the sentence-level alignment of SummaC, Laban et
//! al. 2022), contradiction signals (the aligned sentence states a different name, number or date:
//! the entity and number swaps of FactCC, Kryscinski et al. 2020), and question alignment (the
//! source sentences that answer the question should hold the answer's new content).
//!
//! Cost is linear in the lengths of the answer and the sources: sources are indexed once (an
//! inverted index of key tokens over source sentences), and every claim is scored through it.

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

/// How the request's `context` was read (DESIGN §2.0), reported as `metadata.context_role`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum ContextRole {
    /// No (non-blank) context was sent.
    #[default]
    None,
    /// The context is a question or instruction with no claims of its own: it is read as the
    /// prompt and the answer is judged as open (ungrounded).
    Prompt,
    /// The context states facts: it is the source the answer is checked against.
    Source,
}

/// Longest context (characters) that can be read as a prompt rather than a source.
pub const MAX_PROMPT_LIKE_CHARS: usize = 600;

/// Words that open a question even without a question mark ("what is the capital of france").
const INTERROGATIVES: &[&str] = &[
    "what", "who", "whom", "whose", "when", "where", "which", "why", "how",
];

/// Verbs (and "please") that open an instruction.
const IMPERATIVES: &[&str] = &[
    "answer",
    "explain",
    "describe",
    "summarize",
    "summarise",
    "write",
    "tell",
    "give",
    "list",
    "name",
    "define",
    "compare",
    "translate",
    "calculate",
    "compute",
    "create",
    "generate",
    "suggest",
    "provide",
    "find",
    "identify",
    "please",
    "state",
    "outline",
    "discuss",
    "recommend",
    "classify",
    "rewrite",
    "paraphrase",
    "convert",
    "show",
    "help",
    "draft",
    "compose",
    "evaluate",
    "analyze",
    "analyse",
    "choose",
    "pick",
    "determine",
];

/// Speaker-turn markers of a conversation transcript, lower case (`[Human]: … [Assistant]: …`, the
/// HaluEval dialogue shape; `User: …`).
pub const SPEAKER_TURNS: &[&str] = &[
    "[human]:",
    "[assistant]:",
    "[user]:",
    "human:",
    "user:",
    "assistant:",
];

/// True when `text` (trimmed) opens with a speaker-turn marker ([`SPEAKER_TURNS`], any case): a
/// conversation transcript.
pub fn opens_with_speaker_turn(text: &str) -> bool {
    let t = text.trim_start().as_bytes();
    SPEAKER_TURNS
        .iter()
        .any(|m| t.len() >= m.len() && t[..m.len()].eq_ignore_ascii_case(m.as_bytes()))
}

/// Reads what the `context` is (DESIGN §2.0): blank → [`ContextRole::None`]; a conversation
/// transcript (it opens with a speaker-turn marker, [`opens_with_speaker_turn`]) →
/// [`ContextRole::Prompt`], whatever its length: its turns are the request the answer replies
/// to, not retrieved sources, and a reply that names what the conversation has not named is
/// ordinary in dialogue, not unsupported; a short text (at most
/// [`MAX_PROMPT_LIKE_CHARS`] characters) every sentence of which is a question (ends with `?`, or
/// opens with a wh-word followed by a lower-case word: "how does …", not "How I Met Your Mother
/// is …") or an instruction (opens with an imperative verb or "please" followed by a lower-case
/// word: "Name the …", not "Will Smith starred …"), optionally after a speaker tag such as
/// `User:` → [`ContextRole::Prompt`]; anything else states claims of its own →
/// [`ContextRole::Source`].
pub fn context_role(context: &str) -> ContextRole {
    let c = context.trim();
    if c.is_empty() {
        return ContextRole::None;
    }
    if opens_with_speaker_turn(c) {
        return ContextRole::Prompt;
    }
    if c.chars().count() > MAX_PROMPT_LIKE_CHARS {
        return ContextRole::Source;
    }
    let spans = sentence_spans(c);
    if spans.is_empty() {
        return ContextRole::Source;
    }
    let all_requests = spans.iter().all(|&(s, e)| is_request(c, s, e));
    if all_requests {
        ContextRole::Prompt
    } else {
        ContextRole::Source
    }
}

/// Whether sentence `c[s..e]` is a request rather than a statement: a question (it ends with `?`,
/// or opens with a wh-word followed by a lower-case word: "how does …", not "How I Met Your
/// Mother is …") or an instruction (it opens with an imperative verb or "please" followed by a
/// lower-case word: "Name the …", not "Will Smith starred …"; or stands alone before a colon:
/// "Summarize:"), optionally after a speaker tag such as `User:` or `Question:`.
///
/// A title is no question: "Where the Heart Is is written by Billie Letts" opens with a wh-word
/// whose next words hold a capitalised function word ("Is", "The", "About": title case) or an
/// article and a capitalised word ("Where the Wild Things Are has genre …"; but a request for a
/// summary, [`asks_for_summary`], is none: "Summarize the Apollo 11 landing."), and
/// "Reg E. Cathey starred in What About Bob?" ends with `?` after a capitalised word in a
/// sentence of six words or more that opens with neither a wh-word (in its first three words),
/// an imperative nor an auxiliary. HaluEval's dialogue knowledge holds such titles; read as
/// questions, they made 32 dev contexts a prompt.
fn is_request(c: &str, s: usize, e: usize) -> bool {
    let sent = c[s..e].trim();
    let toks = tokens(sent);
    // Skip a leading speaker tag ("User:", "[Human]:", "Q:").
    let at = toks
        .iter()
        .position(|t| !SPEAKER_TAGS.contains(&lower_cow(t.raw).as_ref()));
    let words = &toks[at.unwrap_or(toks.len())..];
    let is_cap = |t: &Token<'_>| t.raw.chars().next().is_some_and(char::is_uppercase);
    let lower = |i: usize| words.get(i).map(|t| lower_cow(t.raw));
    let first = lower(0);
    let is_first = |ws: &[&str]| first.as_deref().is_some_and(|w| ws.contains(&w));
    // Title case after the first word: a capitalised function word among the next three, or
    // an article and a capitalised word ("Where the Wild Things Are").
    let titled = words
        .iter()
        .skip(1)
        .take(3)
        .any(|t| is_cap(t) && is_stopword(&lower_cow(t.raw)))
        || (lower(1).is_some_and(|w| matches!(w.as_ref(), "the" | "a" | "an"))
            && words.get(2).is_some_and(is_cap));
    let asks_early = (0..3).any(|i| lower(i).is_some_and(|w| INTERROGATIVES.contains(&w.as_ref())))
        || is_first(IMPERATIVES)
        || is_first(POLAR_OPENERS);
    let ends_in_title = words.len() >= 6 && words.last().is_some_and(is_cap) && !asks_early;
    let ends_q = (c[e..].starts_with('?') || sent.ends_with('?')) && !ends_in_title;
    let opens_request = words.first().is_some_and(|_| {
        // An imperative alone before a colon ("Summarize:") asks for what follows it.
        let next_lower = words
            .get(1)
            .map_or(words.len() == 1 && sent.ends_with(':'), |t| !is_cap(t));
        // A request for a summary is no title: "Summarize the Apollo 11 landing."
        (is_first(INTERROGATIVES) || is_first(IMPERATIVES))
            && next_lower
            && (!titled || asks_for_summary(sent))
    });
    ends_q || opens_request
}

/// Words that tag the speaker of a request or label it before it ("User: …", "[Human]: …", "Q:
/// …", LlamaIndex's "Query: …", "Instruction: …"), lower case: [`is_request`] and
/// [`opens_as_request`] read the words after them.
const SPEAKER_TAGS: &[&str] = &[
    "user",
    "human",
    "q",
    "question",
    "prompt",
    "query",
    "instruction",
    "task",
];

/// Labels that mark a question ("Question: …", "Q: …", "Query: …"), lower case.
const QUESTION_LABELS: &[&str] = &["question", "q", "query"];

/// Labels that open a passage of sources inside a prompt ("Context: …", "Passage: …",
/// "Document 2: …"), lower case.
const SOURCE_LABELS: &[&str] = &[
    "passage",
    "passages",
    "context",
    "document",
    "documents",
    "article",
    "text",
    "source",
    "sources",
    "background",
    "knowledge",
    "reference",
    "excerpt",
    "information",
    "facts",
    "evidence",
];

/// Labels that end such a passage: the request or the answer that follows it ("Question: …").
const REQUEST_LABELS: &[&str] = &[
    "question",
    "questions",
    "q",
    "query",
    "answer",
    "instruction",
    "instructions",
    "task",
    "request",
    "response",
    "claim",
    "summary",
];

/// Shortest passage (characters) a prompt can hold as its sources ([`prompt_passage`]).
const MIN_PROMPT_PASSAGE_CHARS: usize = 40;

/// Shortest unlabelled passage (characters, sentences ending in a full stop) a prompt can hold
/// next to a question that points at it only by "the following" or "given" ([`prompt_passage`]).
const MIN_UNLABELLED_PASSAGE: (usize, usize) = (100, 2);

/// The label a line opens with, lower case, when it is a word (with an optional number, as in
/// "Document 2") followed by a colon: "Context:" → "context".
fn line_label(line: &str) -> Option<String> {
    let t = line.trim_start();
    let word_end = t.find(|c: char| !c.is_alphabetic()).unwrap_or(t.len());
    if word_end == 0 {
        return None;
    }
    let rest = t[word_end..].trim_start();
    let rest = rest
        .trim_start_matches(|c: char| c.is_ascii_digit())
        .trim_start();
    rest.starts_with(':').then(|| t[..word_end].to_lowercase())
}

/// Whether `text` opens with a source label ([`SOURCE_LABELS`], [`line_label`]): "Context: …".
fn opens_with_source_label(text: &str) -> bool {
    line_label(text).is_some_and(|l| SOURCE_LABELS.contains(&l.as_str()))
}

/// Whether the sentence `sent` of `n_tokens` tokens is a bare label: at most three words before
/// a colon that ends it ("Answer:", "Helpful Answer:"), unless a question label opens it and
/// words follow that label ("Question: Summarize:" asks for a summary).
fn is_bare_label(sent: &str, n_tokens: usize) -> bool {
    let labels_a_request = line_label(sent).is_some_and(|l| QUESTION_LABELS.contains(&l.as_str()))
        && sent
            .split_once(':')
            .is_some_and(|(_, rest)| rest.contains(char::is_alphanumeric));
    sent.trim_end().ends_with(':') && n_tokens <= 3 && !labels_a_request
}

/// `e`, the end of a sentence span of `text`, moved past the full stop, "!" or ";" that closes
/// the sentence when the span leaves it out: the punctuation belongs to a passage that ends
/// there.
fn with_closing_punctuation(text: &str, e: usize) -> usize {
    e + text[e..]
        .chars()
        .next()
        .filter(|c| ".!;".contains(*c))
        .map_or(0, char::len_utf8)
}

/// Nouns by which a request points at a passage it comes with ("the passage below", "this
/// article"), lower case.
const PASSAGE_NOUNS: &[&str] = &[
    "passage",
    "passages",
    "context",
    "text",
    "article",
    "document",
    "documents",
    "paragraph",
    "excerpt",
];

/// Words by which a request points at what follows or precedes it ("the following", "given
/// above"), lower case: weaker than a noun of [`PASSAGE_NOUNS`].
const PASSAGE_DEICTICS: &[&str] = &["above", "below", "following", "given"];

/// Whether token `i` of `toks` (byte offsets in `text`) is a deictic word of
/// [`PASSAGE_DEICTICS`] used as one, pointing at a passage: it ends its clause (only
/// punctuation, a line break or the end of `text` follows: "Context information is below.",
/// "Based on the above, …", "the following:") or a noun of [`PASSAGE_NOUNS`] comes next ("the
/// following text"). Before any other word it has its everyday sense and points at nothing:
/// "5,895 metres above sea level", "below zero", "the following year".
fn points_at_passage(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    if !PASSAGE_DEICTICS.contains(&lower_cow(toks[i].raw).as_ref()) {
        return false;
    }
    let end = toks[i].start + toks[i].raw.len();
    match toks.get(i + 1) {
        None => true,
        Some(next) => {
            text[end..next.start].contains(['.', ',', ';', ':', '!', '?', '\n'])
                || PASSAGE_NOUNS.contains(&lower_cow(next.raw).as_ref())
        }
    }
}

/// How a request points at the passage it comes with: by a noun ([`PASSAGE_NOUNS`]), by a
/// deictic word only ([`points_at_passage`]), or not at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Reference {
    None,
    Deictic,
    Noun,
}

/// Whether `request` (a prompt without its passage) asks for what a passage can settle: its
/// first or last sentence of two words or more (the words that frame the passage, not a bare
/// label such as "Helpful Answer:" nor a speaker's line "A: …" quoted in it) is a
/// question (it ends with `?`, opens with a wh-word, with "answer", or carries a "Question:"
/// label) or asks for a summary (it opens with "summarize" or "summarise"); if so, how it points
/// at the passage. A request to transform or continue its input ("Convert this paragraph into a
/// poem", "Name an example of the concept in the document", "How to use the following text to
/// …", which asks for a procedure) asks for new text, not for facts the input states: None.
fn asks_from_passage(request: &str) -> Option<Reference> {
    // Sentences of two words or more: a bare label ("Context:", "Answer:") frames nothing, nor
    // does a speaker's line ("A: What do we do next?").
    let spans: Vec<(usize, usize)> = sentence_spans(request)
        .into_iter()
        .filter(|&(s, e)| {
            let toks = tokens(&request[s..e]);
            toks.len() >= 2
                && !is_bare_label(&request[s..e], toks.len())
                && line_label(&request[s..e]).is_none_or(|l| REQUEST_LABELS.contains(&l.as_str()))
        })
        .collect();
    let framing = spans
        .first()
        .into_iter()
        .chain(spans.last().filter(|_| spans.len() > 1));
    let asks = framing.copied().any(|(s, e)| {
        let toks = tokens(&request[s..e]);
        let first = toks.first().map(|t| lower_cow(t.raw));
        let labelled = first
            .as_deref()
            .is_some_and(|w| QUESTION_LABELS.contains(&w))
            && request[s..e].contains(':');
        let opens = first.as_deref().is_some_and(|w| {
            INTERROGATIVES.contains(&w) || matches!(w, "answer" | "summarize" | "summarise")
        });
        let procedure = first.as_deref() == Some("how")
            && toks.get(1).is_some_and(|t| {
                matches!(
                    lower_cow(t.raw).as_ref(),
                    "to" | "can" | "could" | "should" | "would"
                )
            });
        !procedure
            && (request[s..e].ends_with('?') || request[e..].starts_with('?') || labelled || opens)
    });
    asks.then(|| {
        let toks = tokens(request);
        (0..toks.len())
            .map(|i| {
                if PASSAGE_NOUNS.contains(&lower_cow(toks[i].raw).as_ref()) {
                    Reference::Noun
                } else if points_at_passage(request, &toks, i) {
                    Reference::Deictic
                } else {
                    Reference::None
                }
            })
            .max()
            .unwrap_or(Reference::None)
    })
}

/// The byte span of a passage of sources inside a prompt (DESIGN §2.0), for a request sent
/// without a source `context`: the client put the retrieved passage in the prompt, as it sent it
/// to its model ("Answer using the passage. Passage: … Question: …"). Either
///
/// - **labelled**: the text after a line that opens with a source label ("Context:",
///   "Passage:", "Document 1:", [`SOURCE_LABELS`]) up to the first later line that opens with a
///   request label ("Question:", [`REQUEST_LABELS`]), a speaker turn ([`SPEAKER_TURNS`]) or
///   a question or instruction of its own ([`context_role`] reads the line as a prompt), or the
///   end; or
/// - **unlabelled**: the sentences from the first statement (a sentence that is not a question or
///   instruction) to the last before any speaker turn, when at least one question or instruction lies outside them and
///   points at them: by a noun ("the passage below", [`PASSAGE_NOUNS`]) when they hold a
///   sentence ending in a full stop, by "the following" or "given" alone
///   ([`PASSAGE_DEICTICS`]) when they hold two such sentences and 100 characters: prose, not a
///   list of words or a poem's lines. A prompt that only tells of the asker ("I am planning a
///   trip to Japan. What should I see?") points at no passage.
///
/// Either way the rest of the prompt must ask a question or for a summary
/// ([`asks_from_passage`]): "Rewrite the text as a poem" comes with an input to transform, not
/// with sources to check (on the dev rows of general requests, reading such inputs as sources
/// dropped 28 correct answers' heights, 0.87 → 0.22 and lower). The passage must have at least
/// 40 characters and state facts ([`context_role`] reads it as a source). None for a
/// conversation transcript (its turns are the request).
pub fn prompt_passage(prompt: &str) -> Option<(usize, usize)> {
    // It runs for every audit without source context: a prompt of fewer bytes than a passage
    // needs characters holds none.
    if prompt.len() < MIN_PROMPT_PASSAGE_CHARS {
        return None;
    }
    let any = |_: Reference| true;
    if let Some(span) = labelled_span(prompt) {
        return passage_at(prompt, span, &any);
    }
    if opens_with_speaker_turn(prompt) {
        return None;
    }
    // Unlabelled: the run of statements between the requests, before any speaker turn (a
    // conversation after the passage is the request).
    let spans = sentence_spans(prompt);
    let turn = spans
        .iter()
        .position(|&(s, _)| opens_with_speaker_turn(&prompt[s..]))
        .unwrap_or(spans.len());
    let statement: Vec<bool> = spans
        .iter()
        .enumerate()
        .map(|(i, &(s, e))| i < turn && !is_request(prompt, s, e))
        .collect();
    // A template's words about the passage frame it, at its edges: "Use the following pieces of
    // context to answer the question at the end.", "If you don't know the answer, just say
    // that you don't know.", "Context information is below.", "Helpful Answer:".
    let frames = |i: usize| !statement[i] || frames_passage(prompt, spans[i]);
    let first = (0..turn).find(|&i| !frames(i))?;
    let last = (first..turn).rev().find(|&i| !frames(i))?;
    let outside = first > 0 || last + 1 < spans.len();
    let prose = spans[first..=last]
        .iter()
        .zip(&statement[first..=last])
        .filter(|&(&(s, e), &is_statement)| {
            is_statement && (prompt[s..e].ends_with('.') || prompt[e..].starts_with('.'))
        })
        .count();
    let (mut s, e) = (spans[first].0, spans[last].1);
    // A source label inside the line ("… the passage. Passage: The …") is no part of it, and
    // makes the passage a labelled one.
    let labelled = opens_with_source_label(&prompt[s..e]);
    if labelled {
        s += prompt[s..e].find(':').expect("a label ends with ':'") + 1;
    }
    if !outside {
        return None;
    }
    let chars = prompt[s..e].chars().count();
    // Pointed at by a noun ("the passage below"), one sentence will do; by "the following"
    // alone, it must read as a passage.
    let (min_chars, min_sentences) = MIN_UNLABELLED_PASSAGE;
    let needs = move |r: Reference| {
        labelled
            || r == Reference::Noun && prose >= 1
            || r == Reference::Deictic && prose >= min_sentences && chars >= min_chars
    };
    passage_at(prompt, (s, with_closing_punctuation(prompt, e)), &needs)
}

/// Whether the statement `text[s..e]` speaks of the passage it stands next to rather than
/// stating facts: a bare label ("Helpful Answer:", at most three words before a colon that ends
/// it); or, without a source label of its own ("Passage: The …"), a sentence that names the
/// passage ([`PASSAGE_NOUNS`], [`points_at_passage`]: "Context information is below.", not
/// "… metres above sea level.") or
/// tells the reader how to answer ("If you don't know the answer, just say that you don't
/// know."). Only the edges of a run of statements are tested: a fact that mentions "the text"
/// inside the passage stays in it.
fn frames_passage(text: &str, (s, e): (usize, usize)) -> bool {
    let sent = text[s..e].trim();
    let toks = tokens(sent);
    if is_bare_label(sent, toks.len()) {
        return true;
    }
    if opens_with_source_label(sent) {
        return false;
    }
    let words: Vec<Cow<'_, str>> = toks.iter().map(|t| lower_cow(t.raw)).collect();
    let has = |ws: &[&str]| words.iter().any(|w| ws.contains(&w.as_ref()));
    has(PASSAGE_NOUNS)
        || (0..toks.len()).any(|i| points_at_passage(sent, &toks, i))
        || (has(&["you", "your"]) && has(&["answer", "question", "know", "say"]))
}

/// The passage `s..e` (bytes) of `text`, trimmed, when it has at least
/// [`MIN_PROMPT_PASSAGE_CHARS`] characters and states facts ([`context_role`] reads it as a
/// source) and the rest of `text` asks from it ([`asks_from_passage`], pointing at it as `needs`
/// accepts) or is a conversation (a line opens with a speaker turn: it asks for a reply).
fn passage_at(
    text: &str,
    (s, e): (usize, usize),
    needs: &dyn Fn(Reference) -> bool,
) -> Option<(usize, usize)> {
    let passage = text[s..e].trim();
    let request = format!("{}\n{}", &text[..s], &text[e..]);
    let converses = request.lines().any(opens_with_speaker_turn);
    (passage.chars().count() >= MIN_PROMPT_PASSAGE_CHARS
        && context_role(passage) == ContextRole::Source
        && (converses || asks_from_passage(&request).is_some_and(needs)))
    .then(|| {
        let lead = text[s..e].len() - text[s..e].trim_start().len();
        (s + lead, s + lead + passage.len())
    })
}

/// The byte span of the first labelled passage of `text`, untrimmed: the text after a line that
/// opens with a source label ([`SOURCE_LABELS`]) up to the first later line that opens with a
/// request label ([`REQUEST_LABELS`]), a speaker turn ([`SPEAKER_TURNS`]) or is a question or
/// instruction of its own, or the end; None without a source label.
fn labelled_span(text: &str) -> Option<(usize, usize)> {
    let mut at = 0;
    let mut start = None;
    for line in text.split_inclusive('\n') {
        let is_turn = opens_with_speaker_turn(line);
        let label = line_label(line);
        match (start, label.as_deref()) {
            (None, Some(l)) if SOURCE_LABELS.contains(&l) => {
                start = Some(at + line.find(':').expect("a label ends with ':'") + 1);
            }
            (Some(s), l)
                if is_turn
                    || l.is_some_and(|l| REQUEST_LABELS.contains(&l))
                    || context_role(line) == ContextRole::Prompt =>
            {
                return Some((s, at));
            }
            _ => {}
        }
        at += line.len();
    }
    start.map(|s| (s, text.len()))
}

/// Whether sentence `c[s..e]` asks as a question or instruction around a passage does: it is a
/// request ([`is_request`]) whose first word (after a speaker tag) is a wh-word, an imperative
/// or an auxiliary that opens a yes/no question ("Is …?"), or one that asks for a summary
/// ([`asks_for_summary`]: "TL;DR?", "In brief?"). A statement that ends with a title ("Reg E.
/// Cathey starred in What About Bob?") ends with `?` but asks nothing.
fn opens_as_request(c: &str, s: usize, e: usize) -> bool {
    let toks = tokens(&c[s..e]);
    let first = toks
        .iter()
        .map(|t| lower_cow(t.raw))
        .find(|w| !SPEAKER_TAGS.contains(&w.as_ref()));
    is_request(c, s, e)
        && (first.is_some_and(|w| {
            let w = w.as_ref();
            INTERROGATIVES.contains(&w) || IMPERATIVES.contains(&w) || POLAR_OPENERS.contains(&w)
        }) || asks_for_summary(&c[s..e]))
}

/// What asks for a summary wherever it stands in a request, lower case ("summarize",
/// "summary", "TL;DR?", "the key points", "in brief").
const SUMMARY_CUES: &[&str] = &["summar", "tl;dr", "tldr", "key points", "in brief"];

/// Whether `request` asks for a summary: it holds one of [`SUMMARY_CUES`], ASCII case ignored. A
/// request framed so ("Summarize this article.", "TL;DR?") is answered from the passage it
/// comes with, as a summary ([`crate::features::TaskKind::detect`]).
pub(crate) fn asks_for_summary(request: &str) -> bool {
    // Compared without lower-casing (the cues are ASCII): a prompt may be long.
    SUMMARY_CUES
        .iter()
        .any(|s| contains_ignore_ascii_case(request, s))
}

/// The byte span of the passage of a source `context` sent without a prompt, when the context
/// also carries the request (DESIGN §2.0: a contract-only client sends "passage … question?"):
/// a labelled passage as in [`prompt_passage`] ("Question: …\nContext: …"); else the sentences
/// between the questions or instructions that open and close the context
/// ([`opens_as_request`]) and the template's words about the passage around them
/// ([`frames_passage`]: "Use the following pieces of context to answer …"), up to a speaker
/// turn after them (the conversation a reply continues). None when nothing but passage is
/// there (no question among the edges), or nothing but request.
pub fn context_passage(context: &str) -> Option<(usize, usize)> {
    let any = |_: Reference| true;
    if let Some(span) = labelled_span(context) {
        return passage_at(context, span, &any);
    }
    let spans = sentence_spans(context);
    let turn = spans
        .iter()
        .position(|&(s, _)| opens_with_speaker_turn(&context[s..]))
        .unwrap_or(spans.len());
    // The edges: requests, and a template's words about the passage ([`frames_passage`]);
    // at least one request among them, or a conversation after the passage.
    let asks = |&(s, e): &(usize, usize)| opens_as_request(context, s, e);
    let edge = |sp: &&(usize, usize)| asks(sp) || frames_passage(context, **sp);
    let lead = spans[..turn].iter().take_while(edge).count();
    let trail = spans[lead..turn].iter().rev().take_while(edge).count();
    let last = turn - trail;
    let requested = spans[..lead].iter().chain(&spans[last..turn]).any(asks);
    if lead >= last || !(requested || turn < spans.len()) {
        return None;
    }
    let (s, e) = (
        spans[lead].0,
        with_closing_punctuation(context, spans[last - 1].1),
    );
    (context_role(&context[s..e]) == ContextRole::Source).then_some((s, e))
}

/// Abbreviated titles that stand before a name: "St.Louis", "Dr.Watson" and "Dr. Watson" are one
/// name, in one sentence ([`sentence_spans`]).
const TITLES: &[&str] = &[
    "Mr", "Mrs", "Ms", "Dr", "St", "Mt", "Ft", "Prof", "Gen", "Col", "Lt", "Sgt", "Rev",
];

/// The [`TITLES`] of persons and the honorifics "Sir" and "Dame": written before a name ("Dr.
/// King", "Mrs Dalloway", "Sir Isaac Newton"), they name no entity of their own
/// ([`name_affix`]).
const PERSON_TITLES: &[&str] = &[
    "Mr", "Mrs", "Ms", "Dr", "Prof", "Gen", "Col", "Lt", "Sgt", "Rev", "Sir", "Dame",
];

/// Abbreviations written after a name that name no entity of their own: generational suffixes
/// ("Martin Luther King Jr.") and legal forms of companies ("Apple Inc.", "Tesco plc"), as
/// written ([`name_affix`]). Before a lower-case word their "." ends no sentence ("Apple Inc.
/// is based in Cupertino", [`abbreviation_continues`]).
const NAME_SUFFIXES: &[&str] = &["Jr", "Sr", "Inc", "Ltd", "Corp", "Co", "Plc", "plc", "LLC"];

/// The abbreviated heads of place names and their words: "Mt. Everest" is "Mount Everest",
/// "St. Petersburg" "Saint Petersburg", "Ft. Worth" "Fort Worth" ([`name_head`]).
const NAME_HEADS: &[(&str, &str)] = &[("Ft", "fort"), ("Mt", "mount"), ("St", "saint")];

/// Whether `t` is a word whose first letter is upper case (not a number).
fn capitalised(t: &Token<'_>) -> bool {
    !t.is_number && t.raw.starts_with(char::is_uppercase)
}

/// Whether token `i` of `toks` (offsets in `text`) is a title before a name ([`PERSON_TITLES`],
/// a capitalised word next, after at most a "."), or a suffix after one ([`NAME_SUFFIXES`], after
/// a capitalised word and at most a ","): not keyed, and no part of a name's words.
pub(crate) fn name_affix(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    let raw = toks[i].raw;
    (PERSON_TITLES.contains(&raw)
        && toks.get(i + 1).is_some_and(capitalised)
        && matches!(gap(text, toks, i, i + 1), "" | "."))
        || (NAME_SUFFIXES.contains(&raw)
            && i > 0
            && capitalised(&toks[i - 1])
            && matches!(gap(text, toks, i - 1, i), "" | ","))
}

/// The word an abbreviated head of a place name stands for ([`NAME_HEADS`]: "Mt" → "mount")
/// when token `i` of `toks` (offsets in `text`) is one before a capitalised word, after at most
/// a ".".
pub(crate) fn name_head(text: &str, toks: &[Token<'_>], i: usize) -> Option<&'static str> {
    let full = NAME_HEADS.iter().find(|(a, _)| *a == toks[i].raw)?.1;
    let before_name =
        toks.get(i + 1).is_some_and(capitalised) && matches!(gap(text, toks, i, i + 1), "" | ".");
    before_name.then_some(full)
}

/// Byte spans of the sentences of `text`: split after `.`, `!`, `?`, `;` followed by white space
/// (a `.` between digits or after a single capital letter, as in "3.5" or "J. Smith", does not
/// split, nor one that ends an abbreviation the sentence continues after,
/// [`abbreviation_continues`]: "Dr. Mette Holm", "Feb. 15"), after a `.` that joins two
/// sentences without a space ("…in 1989.James Henry Miller was…": the `.` ends a word of two or more characters whose last is a lower-case letter or a
/// digit, and a capitalised word of two or more letters follows; "U.S.A", "Ph.D", "3.5" and a
/// title before a name, "St.Louis", stay whole), at a point where two sentences were glued by
/// a repeated phrase ([`glued_repeat`]: "Rush has genre ActionAction has examples: Zoom"), and
/// at line breaks. Spans are trimmed; spans
/// without a letter (list numbering such as "1.", stray punctuation) are dropped.
///
/// The joined case is how paragraphs are concatenated in many QA contexts (HotpotQA's, as
/// HaluEval ships them): read as one sentence, the last sentence of one paragraph and the first
/// of the next blur the alignment of a claim to either.
pub fn sentence_spans(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    let push = |s: usize, e: usize, out: &mut Vec<(usize, usize)>| {
        let seg = &text[s..e];
        let lead = seg.len() - seg.trim_start().len();
        let trail = seg.len() - seg.trim_end().len();
        let (s2, e2) = (s + lead, e - trail);
        if s2 < e2 && text[s2..e2].chars().any(char::is_alphabetic) {
            out.push((s2, e2));
        }
    };
    let mut prev_word_len = 0usize;
    let mut prev_word_cap = false;
    let mut prev_char = ' ';
    // Byte offset of the word that ends at the current character (valid while prev_word_len > 0).
    let mut word_start = 0usize;
    for (i, c) in text.char_indices() {
        // Two sentences glued by a repeated phrase ("…genre ActionAction has examples…").
        if i > start
            && ((prev_char.is_lowercase() || matches!(prev_char, ')' | ']')) && c.is_uppercase()
                || (prev_char.is_ascii_digit() && c.is_ascii_digit() && prev_word_len >= 4))
            && glued_repeat(text, i)
        {
            push(start, i, &mut out);
            start = i;
            prev_word_len = 0;
        }
        // Looked at only after punctuation.
        let next_ws = || {
            bytes
                .get(i + c.len_utf8())
                .is_none_or(|b| b.is_ascii_whitespace())
        };
        let split = match c {
            '\n' => true,
            '!' | '?' | ';' => next_ws(),
            '.' if next_ws() => {
                let initial = prev_word_len == 1 && prev_word_cap;
                !(initial || (prev_word_len >= 2 && abbreviation_continues(text, word_start, i)))
            }
            '.' => {
                let mut after = text[i + 1..].chars();
                prev_word_len >= 2
                    && (prev_char.is_lowercase() || prev_char.is_ascii_digit())
                    && !TITLES.contains(&&text[word_start..i])
                    && after.next().is_some_and(char::is_uppercase)
                    && after.next().is_some_and(char::is_lowercase)
            }
            _ => false,
        };
        prev_char = c;
        if c.is_alphanumeric() {
            if prev_word_len == 0 {
                prev_word_cap = c.is_uppercase();
                word_start = i;
            }
            prev_word_len += 1;
        } else {
            if split {
                let e = if c == '\n' { i } else { i + c.len_utf8() };
                push(start, e, &mut out);
                start = i + c.len_utf8();
            }
            prev_word_len = 0;
        }
    }
    push(start, text.len(), &mut out);
    out
}

/// Most words of a record's field label ("Country", "Date of birth") in [`field_line`].
const FIELD_LABEL_MAX_WORDS: usize = 4;

/// Most words of a record's field value ("Reykjavík", "387,800 (2023)") in [`field_line`]:
/// longer is a sentence after a label ("Document 1: The laptop ships with …").
const FIELD_VALUE_MAX_WORDS: usize = 8;

/// Whether `line` (one whole line, trimmed) is a field of a record: "Label: value", a label of
/// at most [`FIELD_LABEL_MAX_WORDS`] words that opens with a letter and holds only letters,
/// digits, spaces and `-()/'&`, then a value of at most [`FIELD_VALUE_MAX_WORDS`] words that
/// does not end a sentence (`.`, `!`, `?`). A speaker's turn ("User: hi",
/// [`opens_with_speaker_turn`]) is no field.
fn field_line(line: &str) -> bool {
    let Some(colon) = line.find(':') else {
        return false;
    };
    let (label, value) = (line[..colon].trim(), line[colon + 1..].trim());
    let words = |s: &str| s.split_whitespace().count();
    label.chars().next().is_some_and(char::is_alphabetic)
        && label
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '(' | ')' | '/' | '\'' | '&'))
        && words(label) <= FIELD_LABEL_MAX_WORDS
        && line[colon + 1..].starts_with(char::is_whitespace)
        && (1..=FIELD_VALUE_MAX_WORDS).contains(&words(value))
        && !value.ends_with(['.', '!', '?'])
        && !opens_with_speaker_turn(line)
}

/// Byte spans of the sentences of a source: [`sentence_spans`], with the consecutive lines of a
/// field–value record joined into one span. Two or more lines in a row (no blank line between)
/// that are each a whole [`field_line`] — an infobox or a fact sheet, "Country: Iceland\n
/// Capital: Reykjavík\nPopulation: 387,800" — describe one entity, so a claim is aligned to the
/// record as a whole, as table fact-checking reads a table row linearised into one sequence of
/// "field is value" pairs (Chen et al. 2020, "TabFact: A Large-scale Dataset for Table-based
/// Fact Verification", §3.1). Read line by line, "Iceland's capital is Reykjavík, and it has
/// about 388,000 inhabitants" would join three sentences and anchor none of its names.
pub fn source_sentence_spans(context: &str) -> Vec<(usize, usize)> {
    let spans = sentence_spans(context);
    // A span that is a whole line of the context and a field of a record.
    let whole_field = |&(s, e): &(usize, usize)| {
        let before = context[..s].trim_end_matches([' ', '\t']);
        let after = context[e..].trim_start_matches([' ', '\t']);
        (before.is_empty() || before.ends_with('\n'))
            && (after.is_empty() || after.starts_with(['\n', '\r']))
            && field_line(&context[s..e])
    };
    let mut out: Vec<(usize, usize)> = Vec::with_capacity(spans.len());
    // Whether the last span of `out` is a field (or a record of fields).
    let mut last_field = false;
    for sp in spans {
        let field = whole_field(&sp);
        match out.last_mut() {
            Some(last)
                if field
                    && last_field
                    && context[last.1..sp.0].chars().filter(|&c| c == '\n').count() == 1 =>
            {
                last.1 = sp.1;
            }
            _ => out.push(sp),
        }
        last_field = field;
    }
    out
}

/// Whether the "." at byte `dot`, after the word that starts at `word_start`, ends an
/// abbreviation the sentence continues after (the abbreviation lists of Punkt, Kiss and
/// Strunk 2006, "Unsupervised Multilingual Sentence Boundary Detection", for the cases that
/// matter here): a title before a capitalised name ("Dr. Mette Holm", "St. Louis"; the
/// [`TITLES`]), a suffix of a name before a lower-case word ("Apple Inc. is …";
/// [`NAME_SUFFIXES`]) or a month abbreviation before a day ("Feb. 15",
/// [`crate::text::month_index`]).
fn abbreviation_continues(text: &str, word_start: usize, dot: usize) -> bool {
    let word = &text[word_start..dot];
    let Some(next) = text[dot + 1..].trim_start().chars().next() else {
        return false;
    };
    (TITLES.contains(&word) && next.is_uppercase())
        || (NAME_SUFFIXES.contains(&word) && next.is_lowercase())
        || (crate::text::abbreviation_month(word).is_some() && next.is_ascii_digit())
}

/// What a key token stands for: its type decides which tokens can contradict it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum KeyKind {
    /// A content word.
    Word,
    /// A capitalised name (word not at a sentence start, or not an ordinary word there).
    Name,
    /// A number that is not a year.
    Number,
    /// A four-digit year 1000–2099.
    Year,
    /// A month or weekday name ("October", "Monday"; [`CALENDAR_NAMES`]): part of a date, so it
    /// conflicts only with another of its kind ("launched in October 2008" does not conflict
    /// with the place "Stockholm" of "founded in 2006 in Stockholm").
    Month,
}

/// The kinds of key that name an entity, number or date: a token of one of them conflicts with
/// another of its kind, in this order of judgment (a claim against its aligned sentence, one
/// answer against another).
const ENTITY_KINDS: [KeyKind; 4] = [
    KeyKind::Name,
    KeyKind::Number,
    KeyKind::Year,
    KeyKind::Month,
];

/// Month and weekday names (lower case, sorted; the months are [`crate::text::MONTH_NAMES`]),
/// keyed as [`KeyKind::Month`] when capitalised as a name.
const CALENDAR_NAMES: &[&str] = &[
    "april",
    "august",
    "december",
    "february",
    "friday",
    "january",
    "july",
    "june",
    "march",
    "may",
    "monday",
    "november",
    "october",
    "saturday",
    "september",
    "sunday",
    "thursday",
    "tuesday",
    "wednesday",
];

/// The month token `i` of `toks` names, lower case: a capitalised month name ("February") or
/// an abbreviation beside a number ([`abbreviated_month`]: "Feb 15").
fn month_at(toks: &[Token<'_>], i: usize) -> Option<&'static str> {
    let raw = toks[i].raw;
    let named = raw.starts_with(|c: char| c.is_ascii_uppercase()).then(|| {
        crate::text::MONTH_NAMES
            .iter()
            .find(|m| raw.eq_ignore_ascii_case(m))
            .copied()
    });
    named.flatten().or_else(|| abbreviated_month(toks, i))
}

/// The day of the month token `i` of `toks` states: a number 1–31 in digits, with or without
/// an ordinal suffix ("15", "15th"); None for other tokens ("2016", "1,200", "3.5").
fn day_at(toks: &[Token<'_>], i: usize) -> Option<u8> {
    let t = toks.get(i).filter(|t| t.is_number)?;
    let d: u8 = t
        .raw
        .trim_end_matches(|c: char| c.is_ascii_alphabetic())
        .parse()
        .ok()?;
    (1..=31).contains(&d).then_some(d)
}

/// A calendar date a text states: its month (lower case), its day of the month, and the byte
/// span of the words that state it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct CalendarDate {
    month: &'static str,
    day: u8,
    span: (usize, usize),
}

/// The calendar dates of `toks` (offsets in `text`): a month ([`month_at`]) with a day
/// ([`day_at`]) right before it ("15 February", "the 15th of February") or right after it
/// ("February 15", "Feb. 15th"). The first day of a range whose last day is so dated is a date
/// of that month too ("2 to 15 February", "February 2–15"). A day is read with its month, not
/// as a number alone: "Jan 15" against "from 2 January until 15 February" recombines the
/// passage's month and day into a date it never states. An ISO date ("2023-04-05",
/// [`crate::text::iso_date_at`]) is a date too.
fn calendar_dates(text: &str, toks: &[Token<'_>]) -> Vec<CalendarDate> {
    // Whether days `a` < `b` are the ends of a range: "2-15", "2–15", "2 to 15", "2 and 15".
    let range = |a: usize, b: usize| {
        (b == a + 1 && matches!(gap(text, toks, a, b), "-" | "–" | "—"))
            || (b == a + 2
                && gap(text, toks, a, b - 1).is_empty()
                && ["to", "and", "through", "or"]
                    .iter()
                    .any(|w| toks[a + 1].raw.eq_ignore_ascii_case(w)))
    };
    let end = |j: usize| toks[j].start + toks[j].raw.len();
    // A day and its month stand with nothing but a space between them ("Feb. 15" a full stop):
    // in "April 14, April 25" the second month's day is 25, not 14.
    let next_to = |a: usize, b: usize| matches!(gap(text, toks, a, b), "" | ".");
    let day = |j: usize| day_at(toks, j).map(|d| (j, d));
    let mut out = Vec::new();
    for i in 0..toks.len() {
        // An ISO date ("2023-04-05", `iso_date_at`) states its month and day.
        if let Some((month, day)) = crate::text::iso_date_at(text, toks, i) {
            out.push(CalendarDate {
                month: crate::text::MONTH_NAMES[month],
                day,
                span: (toks[i].start, end(i + 2)),
            });
        }
        let Some(month) = month_at(toks, i) else {
            continue;
        };
        let before = || {
            let j = i.checked_sub(1)?;
            if next_to(j, i) {
                if let Some(found) = day(j) {
                    return Some(found);
                }
            }
            let k = i.checked_sub(2)?;
            (toks[j].raw.eq_ignore_ascii_case("of") && next_to(k, j) && next_to(j, i))
                .then(|| day(k))
                .flatten()
        };
        let after = || {
            (i + 1 < toks.len() && next_to(i, i + 1))
                .then(|| day(i + 1))
                .flatten()
        };
        let Some((at, d)) = before().or_else(after) else {
            continue;
        };
        out.push(CalendarDate {
            month,
            day: d,
            span: (toks[i.min(at)].start, end(i.max(at))),
        });
        // The range that ends at the day: "2 to 15 February" (before), "February 2–15" (after:
        // the range starts at the day).
        let first = if at < i {
            (at.saturating_sub(2)..at).find_map(|a| day(a).filter(|_| range(a, at)))
        } else {
            (at + 1..(at + 3).min(toks.len())).find_map(|b| day(b).filter(|_| range(at, b)))
        };
        if let Some((j, d)) = first {
            out.push(CalendarDate {
                month,
                day: d,
                span: (toks[i.min(j)].start, end(i.max(j))),
            });
        }
    }
    out
}

/// Weekday names, lower case, from Sunday (the order of [`weekday_of`]).
const WEEKDAYS: [&str; 7] = [
    "sunday",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
];

/// The weekday of a date of the proleptic Gregorian calendar, 0 = Sunday … 6 = Saturday
/// (`month` 1–12, `day` 1–31): Sakamoto's method (comp.lang.c, 1992; the Doomsday rule in the
/// form of a month offset table).
fn weekday_of(year: u32, month: usize, day: u8) -> usize {
    const OFFSETS: [u32; 12] = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];
    let y = if month < 3 { year - 1 } else { year };
    ((y + y / 4 - y / 100 + y / 400 + OFFSETS[month - 1] + u32::from(day)) % 7) as usize
}

/// The indices of the tokens of `toks` (offsets in `text`) that name the weekday of the full
/// date beside them, rightly: "Sunday, July 20, 1969", "Sunday 20 July 1969", "Sunday the 20th
/// of July 1969" (the weekday right before the date, past a comma or "the"; the year right
/// after it, past a comma). A weekday is a function of its date ([`weekday_of`]): an answer that
/// adds it to a date states nothing the date does not, so it is no name found nowhere; a wrong
/// one ("Monday, July 20, 1969") is not among them.
pub(crate) fn dated_weekdays(text: &str, toks: &[Token<'_>]) -> Vec<usize> {
    let is_weekday = |t: &Token<'_>| WEEKDAYS.iter().any(|w| t.raw.eq_ignore_ascii_case(w));
    if !toks.iter().any(is_weekday) {
        return Vec::new();
    }
    let before = |k: usize| matches!(gap(text, toks, k, k + 1), "" | ",");
    full_date_weekdays(text, toks)
        .into_iter()
        .filter_map(|(first, weekday)| {
            let k = first.checked_sub(1)?;
            let k = if before(k) && !toks[k].raw.eq_ignore_ascii_case("the") {
                k
            } else {
                let j = k.checked_sub(1)?;
                (toks[k].raw.eq_ignore_ascii_case("the") && before(j)).then_some(j)?
            };
            (toks[k].raw.starts_with(|c: char| c.is_ascii_uppercase())
                && toks[k].raw.eq_ignore_ascii_case(WEEKDAYS[weekday]))
            .then_some(k)
        })
        .collect()
}

/// The full dates (day, month and year: "July 20, 1969", "20 July 1969") of the tokens `toks`
/// (offsets in `text`), each as (index of its first token, its weekday: an index into
/// [`WEEKDAYS`], [`weekday_of`]). The year stands right after the day and month, past a comma;
/// years before 1583 (the Gregorian calendar's first full year) are left out.
fn full_date_weekdays(text: &str, toks: &[Token<'_>]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for d in calendar_dates(text, toks) {
        let Some(first) = toks.iter().position(|t| t.start == d.span.0) else {
            continue;
        };
        let Some(last) = toks.iter().position(|t| t.start + t.raw.len() == d.span.1) else {
            continue;
        };
        let year = toks
            .get(last + 1)
            .filter(|t| {
                t.is_number
                    && t.raw.len() == 4
                    && matches!(gap(text, toks, last, last + 1), "" | ",")
            })
            .and_then(|t| t.raw.parse::<u32>().ok())
            .filter(|y| (1583..=9999).contains(y));
        let month = crate::text::MONTH_NAMES.iter().position(|m| *m == d.month);
        if let (Some(year), Some(month)) = (year, month) {
            out.push((first, weekday_of(year, month + 1, d.day)));
        }
    }
    out
}

/// A year or percentage of the claim `claim_toks` (offsets in `text`) whose slot the source
/// sentence `sent_toks` (offsets in `context`) fills with other values only: Some((the claim's
/// value, the sentence's first in that slot)). The slot of a year is a lower-case content word
/// (no stopword) and a preposition of time ([`TIME_PREPOSITIONS`]) right before it
/// ([`year_at`]), nothing but spaces between them ("reopened in ___", "formed in ___", "member
/// from ___"): the event the year dates. The slot of a percentage ([`is_percentage`]) is the
/// lower-case content word right before it ("won ___ percent", "rose ___%"), or without one,
/// the first lower-case content word of the "of" phrase after it ("about ___ percent of the
/// Earth's surface" is not "___ percent of all Earth's water"): what the share measures. "It
/// reopened in 2015" against "The library closed for renovation in 2015 and
/// reopened in 2019" dates the reopening by the closing's year, and "It won 8.9% of the vote"
/// against "won 14.8 percent of the vote, up from 8.9 percent" gives the win the earlier
/// share, though the sentence holds both (the number swap of FactCC, Kryscinski et al. 2020,
/// with the swapped number taken from the same sentence). A slot the sentence also fills with
/// the claim's value ("born in 1950 …; his brother was born in 1952") is no conflict. Not other
/// numbers: those of one frame take several values as often as not ("scored 170 in his first
/// outing … but scored just 19 against Glamorgan"), and a unit's conversion stands beside them
/// ("62 miles (100km)").
fn slot_number_swap<'t>(
    (text, claim_toks): (&str, &[Token<'t>]),
    (context, sent_toks): (&str, &[Token<'t>]),
) -> Option<(&'t str, &'t str)> {
    // The slot before year or percentage `i` of `toks` (offsets in `src`): its content word,
    // its preposition ("" for a percentage) and the value, if it has one.
    fn slot<'a>(src: &str, toks: &[Token<'a>], i: usize) -> Option<(&'a str, &'a str, f64)> {
        let content_word = |j: usize| {
            let w = toks[j].raw;
            w.chars().all(|c| c.is_ascii_lowercase())
                && !is_stopword(w)
                && gap(src, toks, j, j + 1).trim().is_empty()
        };
        if let Some(year) = year_at(toks, i).filter(|_| i >= 2) {
            let prep = toks[i - 1].raw;
            let timed = TIME_PREPOSITIONS
                .iter()
                .any(|p| prep.eq_ignore_ascii_case(p));
            return (timed && content_word(i - 2) && gap(src, toks, i - 1, i).trim().is_empty())
                .then_some((toks[i - 2].raw, prep, f64::from(year)));
        }
        if !toks[i].is_number {
            return None;
        }
        let marker = percent_marker(src, toks, i)?;
        let value = number_value(toks[i].raw)?;
        if i > 0 && content_word(i - 1) {
            return Some((toks[i - 1].raw, "", value));
        }
        // With no content word before it ("About 71 percent of the Earth's surface"), what
        // the share is of: the first lower-case content word of the "of" phrase after it,
        // within four words and no punctuation.
        let j = i + 1 + marker;
        if !toks
            .get(j)
            .is_some_and(|t| t.raw.eq_ignore_ascii_case("of"))
        {
            return None;
        }
        (j + 1..(j + 5).min(toks.len()))
            .take_while(|&k| {
                gap(src, toks, k - 1, k)
                    .chars()
                    .all(|c| c.is_whitespace() || c == '\'')
            })
            .find(|&k| {
                let w = toks[k].raw;
                w.len() >= 3 && w.chars().all(|c| c.is_ascii_lowercase()) && !is_stopword(w)
            })
            .map(|k| (toks[k].raw, "of", value))
    }
    for i in 0..claim_toks.len() {
        let Some((head, prep, said)) = slot(text, claim_toks, i) else {
            continue;
        };
        let mut rival = None;
        for j in 0..sent_toks.len() {
            let Some((h, p, stated)) = slot(context, sent_toks, j) else {
                continue;
            };
            if !(h.eq_ignore_ascii_case(head) && p.eq_ignore_ascii_case(prep)) {
                continue;
            }
            if stated == said {
                rival = None;
                break;
            }
            rival = rival.or(Some(sent_toks[j].raw));
        }
        if let Some(stated) = rival {
            return Some((claim_toks[i].raw, stated));
        }
    }
    None
}

/// A number the sentence states as a count or measure of another thing, where the claim states
/// it as a measure of one dimension the sentence gives another value: "It stretches for about 900
/// kilometres" against "… 2,900 individual reefs and 900 islands stretching for over 2,300
/// kilometres" (900 counts the islands; the length is 2,300 km). The number of one quantity moved
/// to another, the number swap of FactCC (Kryscinski et al. 2020) with the swapped number taken
/// from the same sentence; quantities of one dimension compared as Roy, Vieira and Roth (2015)
/// do ([`Quantity::restates`]). For each quantity of the claim (`claim_toks` of `text`,
/// [`quantities`]) whose number the sentence (`sent_toks` of `context`) states, only never as a
/// quantity of that dimension, while it states a quantity of that dimension that the claim's
/// does not restate: Some((the claim's quantity, the sentence's)) as written. None when the
/// sentence states the number with that dimension too, or no other value of it.
fn quantity_number_swap<'c, 's>(
    (text, claim_toks): (&'c str, &[Token<'_>]),
    (context, sent_toks): (&'s str, &[Token<'_>]),
) -> Option<(&'c str, &'s str)> {
    let claim_qs = quantities(text, claim_toks);
    if claim_qs.is_empty() {
        return None;
    }
    let sent_qs = quantities(context, sent_toks);
    for &(i, q) in &claim_qs {
        let Some(key) = number_at(claim_toks, i) else {
            continue;
        };
        let dim = q.dimension();
        // A time or a date is one value however written ("7pm", "19:00"), not a measure.
        if !dim.is_measure() {
            continue;
        }
        // Where the sentence states the claim's number, written as the claim writes it (digits
        // or a word: "7 km" is not stated by "Seventh Avenue"); none of them with the claim's
        // dimension.
        let digits = claim_toks[i].is_number;
        let (mut stated, mut measured) = (false, false);
        for j in 0..sent_toks.len() {
            if sent_toks[j].is_number == digits && number_at(sent_toks, j).is_some_and(|k| k == key)
            {
                stated = true;
                measured |= sent_qs
                    .iter()
                    .any(|(at, s)| *at == j && s.dimension() == dim);
            }
        }
        if !stated || measured {
            continue;
        }
        let rival = sent_qs.iter().find(|(at, s)| {
            s.dimension() == dim
                && !q.restates(s)
                && number_at(sent_toks, *at).is_some_and(|k| k != key)
        });
        if let Some(&(j, _)) = rival {
            return Some((
                written_at(text, claim_toks, i)?,
                written_at(context, sent_toks, j)?,
            ));
        }
    }
    None
}

/// The life span a sentence gives in parentheses after a name, as encyclopaedias write it:
/// "Ada Lovelace (1815–1852)", "Roy Jenkins (11 November 1920 – 5 January 2003)": the tokens
/// of the birth year and of the death year, the two years of one parenthesis with one dash
/// between them. None when the sentence holds no such pair, or more than one.
fn life_span(src: &str, toks: &[Token<'_>]) -> Option<(usize, usize)> {
    let mut found = None;
    for i in 0..toks.len() {
        if year_at(toks, i).is_none() {
            continue;
        }
        // The parenthesis open before the birth year, and its end.
        let end = toks[i].start + toks[i].raw.len();
        let (Some(before), Some(after)) = (src.get(..toks[i].start), src.get(end..)) else {
            continue;
        };
        let open = before.rfind('(').filter(|&o| !before[o..].contains(')'));
        let (Some(_), Some(close)) = (open, after.find(')').map(|c| end + c)) else {
            continue;
        };
        let Some(j) = (i + 1..toks.len())
            .take_while(|&j| toks[j].start < close)
            .find(|&j| year_at(toks, j).is_some())
        else {
            continue;
        };
        let between = &src[end..toks[j].start];
        let dashes = between.matches(['-', '\u{2013}', '\u{2014}']).count();
        if dashes != 1 || between.contains(';') {
            continue;
        }
        if found.is_some() {
            return None;
        }
        found = Some((i, j));
    }
    found
}

/// A birth year given as the death year or a death year as the birth year, against a life span
/// of an aligned sentence ([`life_span`]): "She died in 1815" against "Ada Lovelace
/// (1815–1852) was an English mathematician". The claim's event is a word of [`DEATH_WORDS`]
/// or [`BIRTH_WORDS`] in the claim (`claim_toks` of `text`), or, for a claim that is a bare
/// year, in the question (`question_toks`). Some((the claim's year, the span's year for that
/// event)) when the claim's one year is the span's other year; None otherwise (a year the span
/// does not give is judged as any number is).
fn life_span_swap<'c, 's>(
    (text, claim_toks): (&'c str, &[Token<'_>]),
    question_toks: &[Token<'_>],
    (context, sentences): (&'s str, &[&[Token<'_>]]),
) -> Option<(&'c str, &'s str)> {
    let mut years = (0..claim_toks.len()).filter(|&i| year_at(claim_toks, i).is_some());
    let (Some(at), None) = (years.next(), years.next()) else {
        return None;
    };
    let says = |toks: &[Token<'_>], words: &[&str]| {
        toks.iter()
            .any(|t| words.iter().any(|w| t.raw.eq_ignore_ascii_case(w)))
    };
    let event_in = |toks: &[Token<'_>]| match (says(toks, DEATH_WORDS), says(toks, BIRTH_WORDS)) {
        (true, false) => Some(true),
        (false, true) => Some(false),
        _ => None,
    };
    let bare = claim_toks.len() == 1;
    let died = if bare {
        event_in(question_toks)?
    } else {
        event_in(claim_toks)?
    };
    let year = year_at(claim_toks, at)?;
    sentences.iter().find_map(|toks| {
        let (born_at, died_at) = life_span(context, toks)?;
        let (stated, other) = if died {
            (died_at, born_at)
        } else {
            (born_at, died_at)
        };
        let stated_year = year_at(toks, stated)?;
        if year == stated_year || year_at(toks, other) != Some(year) {
            return None;
        }
        Some((
            run_text(text, &claim_toks[at..=at])?,
            run_text(context, &toks[stated..=stated])?,
        ))
    })
}

/// The text of a run of tokens of `src` (offsets in it), from its first token's start to its
/// last token's end; None for an empty run or offsets outside `src`.
fn run_text<'s>(src: &'s str, run: &[Token<'_>]) -> Option<&'s str> {
    let (first, last) = (run.first()?, run.last()?);
    src.get(first.start..last.start + last.raw.len())
}

/// Words of a claim or question about a death ([`life_span_swap`]).
const DEATH_WORDS: &[&str] = &["died", "die", "dies", "death", "dying"];
/// Words of a claim or question about a birth ([`life_span_swap`]).
const BIRTH_WORDS: &[&str] = &["born", "birth"];

/// The "of" slots of a text: for each "<noun> of [the|a|an] [up to two lower-case words] <Name>"
/// of `toks` (offsets in `src`), the noun, the name (a run of capitalised words with only spaces
/// between: "the daughter of the poet Lord Byron" → ("daughter", [Lord, Byron])) and the
/// capitalised words up to [`OF_SLOT_WINDOW`] tokens after "of" that the same clause holds (a
/// name in apposition: "daughter of Nirvana frontman Kurt Cobain"). The noun is a lower-case
/// content word right before "of".
fn of_slots<'t, 'a>(src: &str, toks: &'t [Token<'a>]) -> Vec<OfSlot<'t, 'a>> {
    let mut out = Vec::new();
    for i in 1..toks.len() {
        if !toks[i].raw.eq_ignore_ascii_case("of") {
            continue;
        }
        let head = toks[i - 1].raw;
        let is_noun = head.len() >= 3
            && head.bytes().all(|b| b.is_ascii_lowercase())
            && !is_stopword(head)
            && gap(src, toks, i - 1, i).is_empty();
        if !is_noun {
            continue;
        }
        let mut j = i + 1;
        if toks.get(j).is_some_and(|t| {
            ["the", "a", "an"]
                .iter()
                .any(|d| t.raw.eq_ignore_ascii_case(d))
        }) {
            j += 1;
        }
        let lower = |t: &Token<'_>| t.raw.bytes().all(|b| b.is_ascii_lowercase());
        let mut k = j;
        while k < toks.len()
            && k < j + 2
            && lower(&toks[k])
            && !is_stopword(toks[k].raw)
            && gap(src, toks, k - 1, k).is_empty()
        {
            k += 1;
        }
        let start = k;
        while k < toks.len() && capitalised(&toks[k]) && gap(src, toks, k - 1, k).is_empty() {
            k += 1;
        }
        if k == start {
            continue;
        }
        // The window: to the first punctuation after the name's run, at most OF_SLOT_WINDOW.
        let mut w = k;
        while w < toks.len() && w <= i + OF_SLOT_WINDOW && gap(src, toks, w - 1, w).is_empty() {
            w += 1;
        }
        out.push((head, &toks[start..k], &toks[i + 1..w]));
    }
    out
}

/// An "of" slot ([`of_slots`]): its noun, its name and the tokens of its window.
type OfSlot<'t, 'a> = (&'a str, &'t [Token<'a>], &'t [Token<'a>]);

/// How many tokens after "of" an "of" slot's window reaches ([`of_slots`]).
const OF_SLOT_WINDOW: usize = 6;

/// A name moved into another name's "of" slot: "She was the daughter of Charles Babbage"
/// against "… her work on Charles Babbage's Analytical Engine. She was the daughter of the poet
/// Lord Byron." The claim's slot ("daughter of", [`of_slots`]) is filled in an aligned sentence
/// (`sentences`, tokens of `context`) by a name none of whose window's capitalised words is a
/// word of the claim slot's window (possessives and curly apostrophes aside), nor a demonym
/// ("of the Spanish club"), and no slot of that noun in the sources (`source_slots`: the
/// [`of_slots`] of `context_tokens`, read on first use and kept for the request's other
/// claims) holds a word of the claim's. The relation-argument swap of FactCC's entity swap (Kryscinski et al.
/// 2020) read on the one syntactic frame "<relation noun> of <name>". Some((the claim's name,
/// the sentence's)) as written.
fn of_slot_name_swap<'c, 's, 't, 'a>(
    (text, claim_toks): (&'c str, &[Token<'_>]),
    (context, context_tokens): (&'s str, &'t [Token<'a>]),
    source_slots: &std::cell::OnceCell<Vec<OfSlot<'t, 'a>>>,
    sentences: &[&[Token<'_>]],
) -> Option<(&'c str, &'s str)> {
    let claim_slots = of_slots(text, claim_toks);
    if claim_slots.is_empty() {
        return None;
    }
    // The name words of a window, as one name is written however its possessive is.
    fn words<'x>(window: &'x [Token<'_>]) -> impl Iterator<Item = &'x str> + 'x {
        window
            .iter()
            .filter(|t| capitalised(t))
            .map(|t| strip_possessive(t.raw))
    }
    let shares = |a: &[Token<'_>], b: &[Token<'_>]| {
        words(a).any(|x| words(b).any(|y| x.eq_ignore_ascii_case(y)))
    };
    // Read once per request, on the first claim with a slot.
    let source_slots = source_slots.get_or_init(|| of_slots(context, context_tokens));
    for (head, name, window) in claim_slots {
        let same = |h: &str| h.eq_ignore_ascii_case(head);
        if source_slots
            .iter()
            .any(|(h, _, w)| same(h) && shares(w, window))
        {
            continue;
        }
        let demonym =
            |n: &[Token<'_>]| n.len() == 1 && demonym_place(&to_lower(n[0].raw)).is_some();
        if demonym(name) {
            continue;
        }
        let rival = sentences.iter().find_map(|toks| {
            of_slots(context, toks)
                .into_iter()
                .find(|(h, n, w)| same(h) && !demonym(n) && !shares(w, window))
        });
        if let Some((_, theirs, _)) = rival {
            return Some((run_text(text, name)?, run_text(context, theirs)?));
        }
    }
    None
}

/// The stem of a word as verb frames compare them: lower-cased, [`normal_form`], then
/// [`inflection_stem`] ("piloted" → "pilot", "wins" → "win").
fn word_stem(raw: &str) -> String {
    inflection_stem(normal_form(lower_cow(raw))).into_owned()
}

/// Words that single one member out of a class ("the first woman to win", "the only person to
/// hold"; [`singled_out_class`]).
const SINGLING_OUT: &[&str] = &["first", "last", "only"];

/// Words that deny a verb of saying in an abstention ([`abstains`]).
const ABSTAIN_NEGATORS: &[&str] = &[
    "not",
    "doesn't",
    "don't",
    "didn't",
    "cannot",
    "can't",
    "doesn’t",
    "don’t",
    "didn’t",
    "can’t",
];

/// Verbs of saying and knowing that an abstention denies ("the passage does not mention",
/// "I don't know"; [`abstains`]).
const ABSTAIN_VERBS: &[&str] = &[
    "mention",
    "mentions",
    "say",
    "says",
    "state",
    "states",
    "specify",
    "specifies",
    "give",
    "gives",
    "provide",
    "provides",
    "include",
    "includes",
    "contain",
    "contains",
    "indicate",
    "indicates",
    "know",
];

/// Participles of an abstention in the passive ("it is not specified"; [`abstains`]).
const ABSTAIN_PARTICIPLES: &[&str] = &[
    "mentioned",
    "specified",
    "stated",
    "given",
    "provided",
    "known",
    "indicated",
    "determined",
];

/// What an abstention says does not answer ("the passage does not mention …"; [`abstains`]).
const ABSTAIN_SOURCES: &[&str] = &[
    "passage",
    "context",
    "text",
    "document",
    "article",
    "source",
    "sources",
    "information",
    "knowledge",
    "i",
];

/// Most tokens of a sentence that [`abstains`] reads.
const ABSTAIN_MAX_TOKENS: usize = 24;

/// Whether a sentence of an answer (`toks`) abstains: it says the sources do not give what was
/// asked ("The passage does not mention when the bridge opened.", "I don't know.", "The
/// designer is not specified."), the no-answer reply of reading comprehension (SQuAD 2.0,
/// Rajpurkar, Jia and Liang 2018). A negator ([`ABSTAIN_NEGATORS`]) followed within three
/// tokens by a verb of saying or knowing ([`ABSTAIN_VERBS`]) in a sentence that names the
/// source or the speaker ([`ABSTAIN_SOURCES`]), or directly by a passive participle
/// ([`ABSTAIN_PARTICIPLES`]), in at most [`ABSTAIN_MAX_TOKENS`] tokens.
fn abstains(toks: &[Token<'_>]) -> bool {
    // Most sentences hold no negator: rejected without lower-casing a token.
    let negates = toks.iter().any(|t| {
        ABSTAIN_NEGATORS
            .iter()
            .any(|n| t.raw.eq_ignore_ascii_case(n))
    });
    if toks.len() > ABSTAIN_MAX_TOKENS || !negates {
        return false;
    }
    let lower: Vec<Cow<'_, str>> = toks.iter().map(|t| lower_cow(t.raw)).collect();
    let names_source = lower.iter().any(|w| ABSTAIN_SOURCES.contains(&w.as_ref()));
    lower.iter().enumerate().any(|(i, w)| {
        ABSTAIN_NEGATORS.contains(&w.as_ref())
            && (lower.get(i + 1).is_some_and(|p| {
                ABSTAIN_PARTICIPLES.contains(&p.as_ref())
                    || (p == "be"
                        && lower
                            .get(i + 2)
                            .is_some_and(|q| ABSTAIN_PARTICIPLES.contains(&q.as_ref())))
            }) || (names_source
                && lower[i + 1..lower.len().min(i + 4)]
                    .iter()
                    .any(|v| ABSTAIN_VERBS.contains(&v.as_ref()))))
    })
}

/// Share of the question's weight a source sentence must hold to answer it
/// ([`answering_sentence`]).
const ANSWERING_SHARE: f64 = 0.5;

/// The source sentence that answers `question`, for judging an abstention ([`abstains`]):
/// among the three sentences that share the most idf weight with the question's keys
/// (with [`bridge_hops`], so "It was opened in 1932" after "The bridge …" is about the
/// bridge), the first that holds at least [`ANSWERING_SHARE`] of the question's weight — a
/// question key the sources lack weighs the largest idf of the sources, as the rarest word
/// — and at least one of the question's content words when it has any, and a key of a kind
/// the question asks for (`kinds`, [`expected_kinds`]; for a date a year or a month, for a
/// count a number) that is no question key. Some((sentence, that key's normal form)); None
/// when no sentence answers (a question the sources leave open, as SQuAD 2.0's unanswerable
/// ones, Rajpurkar et al. 2018, or one they answer over more hops than this reads).
fn answering_sentence(
    index: &SourceIndex<'_>,
    (question, lower_vocab): (&str, &LowerVocab<'_>),
    kinds: &[KeyKind],
) -> Option<(u32, String)> {
    let mut q_keys: Vec<Key<'_>> = sentence_spans(question)
        .into_iter()
        .flat_map(|sp| keys(question, sp, lower_vocab))
        .filter(|k| !k.negation)
        .collect();
    let mut seen = FastSet::default();
    q_keys.retain(|k| seen.insert(k.norm.clone()));
    let rarest = index.idf.iter().copied().fold(0.0, f64::max);
    let ids: Vec<Option<u32>> = q_keys
        .iter()
        .map(|k| index.vocab.get(&k.norm).copied())
        .collect();
    // The question's predicate must be the answering sentence's too: one that holds none of
    // its content words ("cost" of "How much did the Sydney Opera House cost?") may say much
    // of its names and nothing of what was asked.
    let has_words = q_keys.iter().any(|k| k.kind == KeyKind::Word);
    let words: Vec<u32> = q_keys
        .iter()
        .zip(&ids)
        .filter(|(k, _)| k.kind == KeyKind::Word)
        .filter_map(|(_, id)| *id)
        .collect();
    let total: f64 = ids
        .iter()
        .map(|id| id.map_or(rarest, |id| index.idf[id as usize]))
        .sum();
    let q_ids: Vec<u32> = ids.iter().flatten().copied().collect();
    if q_ids.is_empty() || total <= 0.0 {
        return None;
    }
    // A date is answered by a year or a month, not by any number ("300 metres long" does not
    // say when the bridge opened), a count or a measure by a number, not by a year.
    let kinds: &[KeyKind] = if kinds.contains(&KeyKind::Month) {
        &[KeyKind::Year, KeyKind::Month]
    } else if kinds.contains(&KeyKind::Number) {
        &[KeyKind::Number]
    } else {
        kinds
    };
    let mut scores = FastMap::default();
    let firsts = index.best(&q_ids, 3, &mut scores);
    bridge_hops(index, &q_ids, &firsts, &mut scores);
    let mut ranked: Vec<(u32, f64)> = scores.into_iter().collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    ranked
        .into_iter()
        .take(3)
        .filter(|&(s, w)| {
            w >= ANSWERING_SHARE * total && (!has_words || words.iter().any(|&id| index.has(s, id)))
        })
        .find_map(|(s, _)| {
            let (s_ids, s_kinds) = index.sentence(s);
            s_ids
                .iter()
                .zip(s_kinds)
                .find(|(id, k)| kinds.contains(k) && !q_ids.contains(id))
                .map(|(&id, _)| (s, index.norms[id as usize].to_string()))
        })
}

/// Conventional formulas of conversation (phatic expressions: Malinowski 1923, "The Problem of
/// Meaning in Primitive Languages"; the conventional-opening, -closing, thanking and
/// acknowledgement acts of dialogue-act tagging, Jurafsky, Shriberg and Biasca 1997,
/// "Switchboard SWBD-DAMSL Shallow-Discourse-Function Annotation"), as the words they open
/// with, in lower case.
const PHATIC_OPENINGS: &[&[&str]] = &[
    &["sure"],
    &["certainly"],
    &["of", "course"],
    &["absolutely"],
    &["good", "luck"],
    &["hope", "this", "helps"],
    &["hope", "that", "helps"],
    &["i", "hope", "this", "helps"],
    &["i", "hope", "that", "helps"],
    &["let", "me", "know"],
    &["feel", "free"],
    &["happy", "to", "help"],
    &["glad", "to", "help"],
    &["great", "question"],
    &["thanks"],
    &["thank", "you"],
    &["you're", "welcome"],
    &["you’re", "welcome"],
    &["you", "are", "welcome"],
    &["enjoy"],
    &["have", "a", "great"],
    &["have", "a", "nice"],
    &["have", "a", "good"],
    &["no", "problem"],
];

/// Most words of a sentence that [`phatic`] reads as a formula.
const PHATIC_MAX_WORDS: usize = 8;

/// Whether a sentence of an answer (`toks`, its tokens) is a conversational formula that states
/// no fact ("Sure!", "Good luck with your report!", "You're welcome."): it opens with one of
/// [`PHATIC_OPENINGS`], has at most [`PHATIC_MAX_WORDS`] words, and holds no number and no
/// capitalised word after its first but "I" (a name: "Enjoy the Silence is …", "Sure, Nolan
/// directed it" are claims). Such a sentence is no claim, as claim extraction keeps only
/// sentences that state facts (FActScore, Min et al. 2023, §3.1); read as one, it is a claim the
/// sources never support, and it lowered a correct, grounded reply that thanked the user.
fn phatic(toks: &[Token<'_>]) -> bool {
    toks.len() <= PHATIC_MAX_WORDS
        && PHATIC_OPENINGS.iter().any(|f| {
            f.len() <= toks.len()
                && f.iter()
                    .zip(toks)
                    .all(|(w, t)| t.raw.eq_ignore_ascii_case(w))
        })
        && toks
            .iter()
            .skip(1)
            .all(|t| !t.is_number && (t.raw == "I" || !t.raw.starts_with(char::is_uppercase)))
}

/// Superlatives that rank ("the second-largest", "the third most populous"): the adjectives
/// of size, age, speed and standing whose ranks trivia and encyclopaedic sources state, and
/// "most"/"least", which rank by the word after them. Each ends in "st", which
/// [`ranked_superlatives`] tests first.
const RANKED_SUPERLATIVES: &[&str] = &[
    "largest", "biggest", "longest", "highest", "tallest", "oldest", "smallest", "busiest",
    "deepest", "fastest", "heaviest", "richest", "youngest", "shortest", "greatest", "lowest",
    "widest", "hottest", "coldest", "best", "worst", "most", "least",
];

/// Words between a name and the superlative said of it ("Saturn is the second-largest",
/// "Saturn, the second-largest", "Saturn became the …"): copulas and the article.
const RANK_LINKS: &[&str] = &["is", "was", "are", "were", "became", "remains", "the"];

/// Most tokens of a bare answer ("Jupiter", "Target Corporation") that [`rank_swap`] reads
/// with the question's rank.
const RANK_BARE_ANSWER_TOKENS: usize = 4;

/// The ranked superlatives of a sentence (`text`, `toks`) and what each is said of: per
/// superlative of [`RANKED_SUPERLATIVES`] after "the" or a possessive ("its", "Australia's"),
/// its rank — the ordinal before it ("second", "3rd", "third-most"), else 1 —, its word in
/// lower case ("most" with the word after it: "most populous") and the token number of the
/// name it is said of: the capitalised word that ends the name standing right before it, with
/// only a comma, a copula and the article between ("Jupiter is the largest planet", "Saturn,
/// the second-largest"; [`RANK_LINKS`]), or None when no name stands so (the "which" of a
/// question: "What is the second-largest planet?"). "One of the largest" ranks nothing.
fn ranked_superlatives(text: &str, toks: &[Token<'_>]) -> Vec<(u32, String, Option<usize>)> {
    let lower = |j: usize| lower_cow(toks[j].raw);
    let rank_of = |o: &str| -> Option<u32> {
        match o {
            "first" => Some(1),
            "second" => Some(2),
            o => number_word(o)
                .or_else(|| {
                    (o.len() > 2
                        && o.starts_with(|c: char| c.is_ascii_digit())
                        && ["st", "nd", "rd", "th"].iter().any(|s| o.ends_with(s)))
                    .then(|| o.trim_end_matches(char::is_alphabetic))
                })
                .and_then(|d| d.parse::<u32>().ok())
                .filter(|r| (1..=20).contains(r)),
        }
    };
    let mut out = Vec::new();
    for i in 1..toks.len() {
        // Every superlative of the list ends in "st": the others are rejected without
        // lower-casing them.
        let raw = toks[i].raw.as_bytes();
        if raw.len() < 4 || !raw[raw.len() - 2..].eq_ignore_ascii_case(b"st") {
            continue;
        }
        let w = lower(i);
        // "second-largest" is one token; "second largest" two.
        let (joined, sup) = match w.rsplit_once('-') {
            // A prefix that is no ordinal ("ever-largest") ranks nothing.
            Some((pre, post)) if RANKED_SUPERLATIVES.contains(&post) => match rank_of(pre) {
                Some(r) => (Some(r), post),
                None => continue,
            },
            Some(_) => continue,
            None if RANKED_SUPERLATIVES.contains(&w.as_ref()) => (None, w.as_ref()),
            None => continue,
        };
        let word = if matches!(sup, "most" | "least") {
            match toks.get(i + 1) {
                Some(t) if !t.is_number && t.raw.starts_with(char::is_lowercase) => {
                    format!("{sup} {}", lower_cow(t.raw))
                }
                _ => continue,
            }
        } else {
            sup.to_string()
        };
        // The ordinal right before it ("second largest", "third most"), then the determiner.
        let mut at = i - 1;
        let rank = match joined {
            Some(r) => r,
            None => match rank_of(&lower(at)) {
                Some(r) if gap(text, toks, at, at + 1).is_empty() && at > 0 => {
                    at -= 1;
                    r
                }
                Some(_) => continue,
                None => 1,
            },
        };
        let det = lower(at);
        let possessive = det.ends_with("'s") || det.ends_with("’s");
        if !(possessive
            || matches!(
                det.as_ref(),
                "the" | "its" | "their" | "his" | "her" | "which" | "what"
            ))
        {
            continue;
        }
        // "one of the largest", "among the largest": no rank.
        if at >= 1 && matches!(lower(at - 1).as_ref(), "of" | "among") {
            continue;
        }
        // The name it is said of: back over the links to a capitalised word.
        let name =
            |j: usize| toks[j].raw.starts_with(char::is_uppercase) && !is_stopword(&lower(j));
        // (A possessive is the superlative's scope, not what it is said of: "Sydney is
        // Australia's largest city".)
        let (mut said_of, mut j) = (None, at);
        while j > 0 {
            j -= 1;
            if name(j) {
                said_of = Some(j);
                break;
            }
            if !RANK_LINKS.contains(&lower(j).as_ref()) {
                break;
            }
        }
        out.push((rank, word, said_of));
    }
    out
}

/// A rank changed: the claim (`claim_toks` of `text`) says a name holds one rank of a
/// superlative ([`ranked_superlatives`]: "Jupiter is the second-largest planet") where an
/// aligned source sentence (`sentences`, tokens of `context`) gives the same name another rank
/// of it ("Jupiter is the largest planet"), and no aligned sentence gives it the claim's. A
/// claim that names no rank answers the question's (`question_toks` of `question`): "Jupiter."
/// for "What is the second-largest planet?" says Jupiter is the second-largest, of the names
/// the claim states. Superlatives as "which" questions ask them and trivia answers
/// (HotpotQA's "second-largest city", Yang et al. 2018) break a rank swap as a number swap
/// breaks a count. Returns the claim's ranked superlative and the source's, as written.
fn rank_swap<'c>(
    (text, claim_toks): (&'c str, &[Token<'c>]),
    (question, question_toks): (&'c str, &[Token<'c>]),
    (context, sentences): (&str, &[&[Token<'_>]]),
) -> Option<(String, String)> {
    // A name in lower case, without a possessive "'s".
    let name_of = |raw: &str| {
        let l = lower_cow(raw);
        let l = l.trim_end_matches("'s").trim_end_matches("’s");
        l.to_string()
    };
    // What the claim ranks: (rank, superlative, name), or, for a bare answer (a name: at most
    // [`RANK_BARE_ANSWER_TOKENS`] tokens, each capitalised or "of", "the", "and"), the
    // question's rank for each of its names.
    let claim_ranked = ranked_superlatives(text, claim_toks);
    let mut said: Vec<(u32, String, &str)> = claim_ranked
        .iter()
        .filter_map(|(r, w, of)| Some((*r, w.clone(), claim_toks[(*of)?].raw)))
        .collect();
    let bare = claim_toks.len() <= RANK_BARE_ANSWER_TOKENS
        && claim_toks.iter().all(|t| {
            t.raw.starts_with(char::is_uppercase) || matches!(t.raw, "of" | "the" | "and")
        });
    if claim_ranked.is_empty() && bare {
        for (r, w, of) in ranked_superlatives(question, question_toks) {
            if of.is_some() {
                continue;
            }
            for t in claim_toks
                .iter()
                .filter(|t| t.raw.starts_with(char::is_uppercase))
                .filter(|t| !is_stopword(&lower_cow(t.raw)))
            {
                said.push((r, w.clone(), t.raw));
            }
        }
    }
    if said.is_empty() {
        return None;
    }
    let stated: Vec<(u32, String, String)> = sentences
        .iter()
        .flat_map(|toks| {
            ranked_superlatives(context, toks)
                .into_iter()
                .filter_map(|(r, w, of)| Some((r, w, name_of(toks[of?].raw))))
        })
        .collect();
    for (rank, word, raw) in &said {
        let name = name_of(raw);
        let same = |(_, w, n): &&(u32, String, String)| *w == *word && *n == name;
        if stated.iter().filter(same).any(|s| s.0 == *rank) {
            continue;
        }
        if let Some((r, ..)) = stated.iter().find(same) {
            let form = |r: u32| match r {
                1 => word.clone(),
                2 => format!("second {word}"),
                3 => format!("third {word}"),
                r => format!("{r}th {word}"),
            };
            return Some((format!("{raw} {}", form(*rank)), form(*r)));
        }
    }
    None
}

/// The frames "first/last/only <class> to <verb>" of a sentence's tokens (`text` and `toks`): per
/// frame the token numbers of the singling-out word, of the class's head noun (the last of one to
/// three lower-case words, "the first American woman" → woman) and of the verb after "to". The
/// words stand apart by spaces only.
fn singling_frames(text: &str, toks: &[Token<'_>]) -> Vec<(usize, usize, usize)> {
    let word = |t: &Token<'_>| !t.is_number && t.raw.bytes().all(|b| b.is_ascii_alphabetic());
    let mut out = Vec::new();
    for i in 0..toks.len() {
        if !SINGLING_OUT
            .iter()
            .any(|w| toks[i].raw.eq_ignore_ascii_case(w))
        {
            continue;
        }
        for to in i + 2..(i + 5).min(toks.len().saturating_sub(1)) {
            if !(i + 1..to).all(|j| word(&toks[j]) && gap(text, toks, j - 1, j).is_empty()) {
                break;
            }
            if toks[to].raw == "to" && gap(text, toks, to - 1, to).is_empty() {
                let (head, verb) = (&toks[to - 1], &toks[to + 1]);
                if head.raw.bytes().all(|b| b.is_ascii_lowercase())
                    && verb.raw.bytes().all(|b| b.is_ascii_lowercase())
                    && gap(text, toks, to, to + 1).is_empty()
                {
                    out.push((i, to - 1, to + 1));
                }
                break;
            }
        }
    }
    out
}

/// A class changed around a singling-out word (FEVER-style claims, Thorne et al. 2018, "FEVER: a
/// Large-scale Dataset for Fact Extraction and VERification"): the claim says "the first person
/// to win a Nobel Prize" where an aligned source sentence (`sentences`, tokens of `context`)
/// says "the first woman to win a Nobel Prize". Contradicted when the source has the claim's
/// singling-out word and verb (same stem) and what the verb takes (its content words up to a
/// punctuation mark or clause word, at most six tokens) with another head noun, and no aligned
/// sentence states the claim's class so: the first of a narrower class is not the first of a
/// wider one, nor of another. A class that differs only by its modifiers ("the first American woman" and
/// "the first woman"), or whose head is a word of the other ("the first female" and "the first
/// female boxer"), is not judged. Returns the claim's head noun and the source's.
fn singled_out_class<'c, 's>(
    (text, claim_toks): (&'c str, &[Token<'c>]),
    (context, sentences): (&'s str, &[&[Token<'s>]]),
) -> Option<(&'c str, &'s str)> {
    let frames = singling_frames(text, claim_toks);
    if frames.is_empty() {
        return None;
    }
    let norm = |raw: &str| normal_form(lower_cow(raw)).into_owned();
    // What a verb takes: its content words up to the next punctuation mark or clause word
    // (at most six tokens), sorted.
    let object = |text: &str, toks: &[Token<'_>], verb: usize| {
        let mut words = Vec::new();
        for j in verb + 1..(verb + 7).min(toks.len()) {
            let w = lower_cow(toks[j].raw);
            if !gap(text, toks, j - 1, j).is_empty() || FRAME_ENDS.contains(&w.as_ref()) {
                break;
            }
            if !is_stopword(&w) {
                words.push(normal_form(w).into_owned());
            }
        }
        words.sort_unstable();
        words
    };
    let source_frames: Vec<_> = sentences
        .iter()
        .flat_map(|toks| {
            singling_frames(context, toks)
                .into_iter()
                .map(move |f| (*toks, f))
        })
        .collect();
    for (i, head, verb) in frames {
        let said_object = object(text, claim_toks, verb);
        if said_object.is_empty() {
            continue;
        }
        let (said, said_verb) = (norm(claim_toks[head].raw), word_stem(claim_toks[verb].raw));
        // The source frames that single one out the claim's way, of the same predicate.
        let same_predicate = source_frames.iter().filter(|(toks, (si, _, sv))| {
            toks[*si].raw.eq_ignore_ascii_case(claim_toks[i].raw)
                && word_stem(toks[*sv].raw) == said_verb
                && object(context, toks, *sv) == said_object
        });
        // A class word of the one is no other class ("the first female to represent" against
        // "the first female boxer to represent"); a source that states the claim's class
        // anywhere settles it.
        let in_class = |w: &str, (toks, from, to): (&[Token<'_>], usize, usize)| {
            toks[from + 1..=to].iter().any(|t| norm(t.raw) == w)
        };
        let mut rival = None;
        for &(toks, (si, sh, _)) in same_predicate {
            if in_class(&said, (toks, si, sh))
                || in_class(&norm(toks[sh].raw), (claim_toks, i, head))
            {
                rival = None;
                break;
            }
            rival = rival.or(Some(toks[sh].raw));
        }
        if let Some(stated) = rival {
            return Some((claim_toks[head].raw, stated));
        }
    }
    None
}

/// Past-tense forms of common irregular verbs (sorted; [`past_verb`]).
const IRREGULAR_PAST: &[&str] = &[
    "beat", "became", "began", "bought", "brought", "built", "caught", "chose", "drew", "drove",
    "flew", "fought", "gave", "held", "kept", "led", "made", "met", "paid", "ran", "rode", "sang",
    "sent", "shot", "sold", "spent", "spoke", "stole", "struck", "swam", "taught", "threw", "took",
    "won", "wore", "wrote",
];

/// Verbs of taking part (past forms, sorted): many agents hold such a role at once ("Patrick
/// Fugit starred in White Oleander" does not deny that Michelle Pfeiffer did), so another agent
/// is no swap ([`agent_swap`]).
const SHARED_ROLE_VERBS: &[&str] = &[
    "acted",
    "appeared",
    "attended",
    "collaborated",
    "competed",
    "contributed",
    "featured",
    "helped",
    "joined",
    "lived",
    "participated",
    "performed",
    "pictured",
    "played",
    "scored",
    "served",
    "signed",
    "starred",
    "studied",
    "visited",
    "voted",
    "worked",
];

/// Forms of "be" that make a participle after them passive ([`verb_frame`]).
const BE_FORMS: &[&str] = &["was", "were", "is", "are", "been", "being", "be"];

/// Prepositions before a name that make it no verb's subject ("a song by Prince topped the
/// charts"; [`verb_frame`]).
const OBJECT_PREPOSITIONS: &[&str] = &[
    "about", "after", "against", "as", "at", "before", "by", "for", "from", "in", "like", "of",
    "on", "over", "than", "to", "under", "with",
];

/// Words that open another clause or another conjunct, ending a verb's frame ([`verb_frame`]).
const FRAME_ENDS: &[&str] = &[
    "after", "and", "because", "before", "but", "that", "when", "where", "whereas", "which",
    "while", "who", "whom", "whose",
];

/// Whether `raw` reads as a verb in the past tense or a past participle: a lower-case word of
/// five or more letters ending in "ed" (not "eed": "speed", "need"; nor "hundred"), or one of
/// [`IRREGULAR_PAST`].
fn past_verb(raw: &str) -> bool {
    let b = raw.as_bytes();
    if !b.iter().all(u8::is_ascii_lowercase) {
        return false;
    }
    (b.len() >= 5 && raw.ends_with("ed") && !raw.ends_with("eed") && raw != "hundred")
        || IRREGULAR_PAST.binary_search(&raw).is_ok()
}

/// A verb's frame: the names of its agent (in [`normal_form`]) and the tokens of what it says
/// the agent did it to, its other argument ([`verb_frame`]).
#[derive(Debug, PartialEq)]
struct VerbFrame<'k> {
    agent: Vec<&'k str>,
    argument: Vec<usize>,
}

/// The frame of the verb at token `i` of a sentence (`toks`, offsets in `src`; `ks` its
/// [`sentence_keys`]). The agent is the name after "by" when the verb is passive ("The
/// phonograph was invented in 1877 by Thomas Edison": [thomas, edison]; "images produced by
/// Rosalind Franklin and Maurice Wilkins"), else the run of names right before it, with the
/// runs an "and" or a comma joins to it ("Wilbur and Orville Wright made …"). The argument is,
/// for an active verb, the words after it up to a punctuation mark or a word of [`FRAME_ENDS`]
/// ("the first flight" of "Orville piloted the first flight, which lasted …"); for a passive,
/// its subject ("The phonograph"; for a participle with no "be", the words before it back to a
/// stop word: "X-ray diffraction images") and the words between it and "by" ("in 1877"). None
/// when the sentence does not name the agent there: a pronoun or a description before the verb,
/// a passive without "by" and a name, a name that is the object of a preposition ("a song by
/// Prince topped …").
fn verb_frame<'k>(
    src: &str,
    toks: &[Token<'_>],
    ks: &'k [Key<'_>],
    i: usize,
) -> Option<VerbFrame<'k>> {
    let names_at = |j: usize| {
        ks.iter()
            .filter(move |k| k.kind == KeyKind::Name && k.at as usize == j)
            .map(|k| k.norm.as_ref())
    };
    let is_name = |j: usize| names_at(j).next().is_some();
    let word = |j: usize, w: &str| toks.get(j).is_some_and(|t| t.raw.eq_ignore_ascii_case(w));
    let joined = |a: usize, b: usize| gap(src, toks, a, b).is_empty();
    // Words of one name: an initial's full stop joins too ("Joseph E. Levine").
    let in_name = |a: usize, b: usize| {
        joined(a, b) || (gap(src, toks, a, b) == "." && toks[a].raw.chars().count() == 1)
    };
    let ends_frame = |j: usize| FRAME_ENDS.iter().any(|w| word(j, w));
    // A demonym alone is a description ("The Argentinian fractured his fibula"), not a name.
    let described = |agent: &[&str]| agent.len() == 1 && demonym_place(agent[0]).is_some();
    let mut agent = Vec::new();
    // Passive: "by" and a name within the verb's clause, at most four words on.
    let be_before = i > 0 && BE_FORMS.iter().any(|w| word(i - 1, w));
    let by = (i + 1..toks.len().min(i + 6))
        .take_while(|&j| joined(j - 1, j) && !ends_frame(j) && !past_verb(toks[j].raw))
        .find(|&j| word(j, "by"));
    if let Some(by) = by {
        let mut j = by + 1;
        if word(j, "the") && joined(by, j) {
            j += 1;
        }
        // "… by Rosalind Franklin and Maurice Wilkins", "… by A, B and C", and a name in
        // apposition after a role ("by Chicago Blackhawks defenseman Brent Seabrook").
        let at_name = |a: usize, b: usize| b < toks.len() && is_name(b) && in_name(a, b);
        let mut first = true;
        while j < toks.len() && is_name(j) && (first || in_name(j - 1, j)) {
            first = false;
            agent.extend(names_at(j));
            let next = j + 1;
            let and = word(next, "and") && joined(j, next);
            let role = next < toks.len()
                && toks[next].raw.bytes().all(|b| b.is_ascii_lowercase())
                && !is_stopword(toks[next].raw)
                && joined(j, next);
            if (and || role) && at_name(next, next + 1) {
                j = next + 1;
            } else if next < toks.len() && gap(src, toks, j, next) == "," && is_name(next) {
                agent.extend(names_at(next));
                j = next + 1;
            } else {
                j = next;
            }
        }
        if agent.is_empty() || described(&agent) {
            return None;
        }
        // The subject of "was invented", or the noun phrase a participle follows.
        let mut lo = if be_before { i - 1 } else { i };
        while lo > 0 && joined(lo - 1, lo) && !ends_frame(lo - 1) {
            let stop = is_stopword(&lower_cow(toks[lo - 1].raw));
            if !be_before && (stop || i - lo >= 4) {
                break;
            }
            lo -= 1;
        }
        let argument = (lo..by)
            .filter(|&j| j != i && (j + 1 != i || !be_before))
            .collect();
        return Some(VerbFrame { agent, argument });
    }
    if be_before || i == 0 || !joined(i - 1, i) || !is_name(i - 1) {
        return None;
    }
    // Active: the run of names right before the verb, and the runs joined to it.
    let mut j = i;
    loop {
        let end = j;
        while j > 0 && is_name(j - 1) && (j == end || in_name(j - 1, j)) {
            j -= 1;
            agent.extend(names_at(j));
        }
        if j == end {
            break;
        }
        // Runs joined by "and" or a comma: "Wilbur and Orville Wright made …", "Watson, Crick
        // and Wilkins shared …".
        let and = j >= 2 && word(j - 1, "and") && joined(j - 1, j) && joined(j - 2, j - 1);
        if and && is_name(j - 2) {
            j -= 1;
        } else if !(j >= 1 && gap(src, toks, j - 1, j) == "," && is_name(j - 1)) {
            break;
        }
    }
    if j > 0 && joined(j - 1, j) && OBJECT_PREPOSITIONS.iter().any(|w| word(j - 1, w)) {
        return None;
    }
    if described(&agent) {
        return None;
    }
    // (Read backwards: in the text's order again.)
    agent.reverse();
    let argument = (i + 1..toks.len())
        .take_while(|&k| joined(k - 1, k) && !ends_frame(k))
        .collect();
    Some(VerbFrame { agent, argument })
}

/// The agent of a claim's verb swapped for another: "Wilbur Wright piloted it." against "Wilbur
/// and Orville Wright made four brief flights … Orville piloted the first flight", "Alexander
/// Graham Bell invented the phonograph" against "The phonograph was invented in 1877 by Thomas
/// Edison". The claim (`claim_toks`) names the agent of a verb in the past tense at token `i`
/// ([`past_verb`]; `said`, its [`verb_frame`], read by the caller) that is no verb of a role
/// many share ([`SHARED_ROLE_VERBS`]); every frame of that verb in the sources
/// (`sentences`: those holding the verb's word, as (tokens, keys) of `context`, whose tokens are
/// `context_tokens`) names its agent, none of them the claim's nor another part of its name
/// ([`one_entity`]); and one of them has the claim's argument: each content word of the
/// claim's argument is one of the frame's or the question's (`question_toks`), and each of
/// the frame's one of the claim's or the question's ("the first flight", asked about, for
/// "piloted it"), or has the two swapped: the claim's argument names the frame's agent and the
/// frame's the claim's ("Acme Robotics acquired Siemens" against "Acme Robotics was acquired by
/// Siemens"). The sentences come one by one, keyed on demand: the first frame whose agent they
/// leave unnamed ("he piloted …", "was piloted in 1903") ends the search, and nothing is
/// judged: the pronoun may be the claim's name; nor where they state the verb of another
/// argument only ("Arthur C. Clarke wrote 2010" is no swap for "Mark Miller wrote the
/// thriller"). FactCC's entity swap (Kryscinski et al. 2020) on
/// the verb's agent, its semantic role (the "who did it" a reader checks). Some((the claim's
/// agent, the sources', the index in `sentences` of the frame's sentence)), in [`normal_form`].
fn agent_swap<'t, 'a: 't>(
    (claim_toks, i, said): (&[Token<'_>], usize, VerbFrame<'_>),
    question_toks: &[Token<'_>],
    (context, context_tokens): (&str, &[Token<'_>]),
    sentences: impl Iterator<Item = KeyedTokens<'t, 'a>>,
) -> Option<(String, String, usize)> {
    if SHARED_ROLE_VERBS.binary_search(&claim_toks[i].raw).is_ok() {
        return None;
    }
    // The content words of an argument, as stems (names among them, not the agent's).
    let content = |toks: &[Token<'_>], at: &[usize]| -> Vec<String> {
        at.iter()
            .map(|&j| toks[j].raw)
            .filter(|raw| !is_stopword(&lower_cow(raw)))
            .map(word_stem)
            .collect()
    };
    let asked: Vec<String> = question_toks
        .iter()
        .filter(|t| !is_stopword(&lower_cow(t.raw)))
        .map(|t| word_stem(t.raw))
        .collect();
    let claimed = content(claim_toks, &said.argument);
    let held = |w: &String, other: &[String]| other.contains(w) || asked.contains(w);
    let names_in = |agent: &[&str], words: &[String]| {
        agent
            .iter()
            .all(|n| words.iter().any(|w| w == &word_stem(n)))
    };
    let verb = word_stem(claim_toks[i].raw);
    let mut rival = None;
    for (n, (toks, ks)) in sentences.enumerate() {
        for j in
            (0..toks.len()).filter(|&j| past_verb(toks[j].raw) && word_stem(toks[j].raw) == verb)
        {
            let stated = verb_frame(context, toks, &ks, j)?;
            if stated.agent.iter().any(|n| said.agent.contains(n)) {
                return None;
            }
            let theirs = content(toks, &stated.argument);
            let same = claimed.iter().all(|w| held(w, &theirs))
                && theirs.iter().all(|w| held(w, &claimed));
            // Or the two swapped between agent and argument: "Acme acquired Siemens" against
            // "Acme was acquired by Siemens".
            let reversed = names_in(&stated.agent, &claimed) && names_in(&said.agent, &theirs);
            if (same || reversed) && rival.is_none() {
                // The first such frame is the rival: none when its agent and the claim's may
                // be one person.
                if one_entity(context_tokens, &said.agent, &stated.agent) {
                    return None;
                }
                rival = Some((stated.agent.join(" "), n));
            }
        }
    }
    let (stated, n) = rival?;
    Some((said.agent.join(" "), stated, n))
}

/// A sentence's tokens and its [`sentence_keys`].
type KeyedTokens<'t, 'a> = (&'t [Token<'a>], Vec<Key<'a>>);

/// Whether names `said` and `stated` (in [`normal_form`]) can name one entity: a run of
/// capitalised words of `toks` (only spaces between them) holds every one of `said` and one of
/// `stated` ("Bartoli" and "Jose" of "Jose Bartoli"; "Wilbur Wright" and "Orville" are two
/// people: no run holds "Wilbur", "Wright" and "Orville").
fn one_entity(toks: &[Token<'_>], said: &[&str], stated: &[&str]) -> bool {
    let mut i = 0;
    while i < toks.len() {
        if !capitalised(&toks[i]) {
            i += 1;
            continue;
        }
        let mut end = i + 1;
        while end < toks.len()
            && capitalised(&toks[end])
            && toks[end - 1].start + toks[end - 1].raw.len() + 1 == toks[end].start
        {
            end += 1;
        }
        let run: Vec<Cow<'_, str>> = toks[i..end]
            .iter()
            .map(|t| normal_form(fold_diacritics(lower_cow(t.raw))))
            .collect();
        let holds = |n: &&str| run.iter().any(|r| r == n);
        if said.iter().all(holds) && stated.iter().any(holds) {
            return true;
        }
        i = end;
    }
    false
}

/// Prepositions that date an event by the year after them ([`slot_number_swap`]).
const TIME_PREPOSITIONS: &[&str] = &["in", "on", "from", "since", "until", "by", "during"];

/// Number words normalised to digits, so that "twelve" and "12" match.
const NUMBER_WORDS: &[(&str, &str)] = &[
    ("zero", "0"),
    ("one", "1"),
    ("two", "2"),
    ("three", "3"),
    ("four", "4"),
    ("five", "5"),
    ("six", "6"),
    ("seven", "7"),
    ("eight", "8"),
    ("nine", "9"),
    ("ten", "10"),
    ("eleven", "11"),
    ("twelve", "12"),
    ("thirteen", "13"),
    ("fourteen", "14"),
    ("fifteen", "15"),
    ("sixteen", "16"),
    ("seventeen", "17"),
    ("eighteen", "18"),
    ("nineteen", "19"),
    ("twenty", "20"),
    ("thirty", "30"),
    ("forty", "40"),
    ("fifty", "50"),
    ("sixty", "60"),
    ("seventy", "70"),
    ("eighty", "80"),
    ("ninety", "90"),
    // Ordinals name their number ("fourth" = "4th"); "first" and "second" are left out, as
    // "one" is: they are far more often ordinary words ("at first", "a second").
    ("third", "3"),
    ("fourth", "4"),
    ("fifth", "5"),
    ("sixth", "6"),
    ("seventh", "7"),
    ("eighth", "8"),
    ("ninth", "9"),
    ("tenth", "10"),
    ("eleventh", "11"),
    ("twelfth", "12"),
    ("hundred", "100"),
    ("thousand", "1000"),
    ("million", "1000000"),
    ("billion", "1000000000"),
];

/// The shortest and longest words of [`NUMBER_WORDS`], in bytes.
const NUMBER_WORD_MIN_LEN: usize = 3;
const NUMBER_WORD_MAX_LEN: usize = 9;

/// The shapes of the number words: for each length (from [`NUMBER_WORD_MIN_LEN`]) and first
/// letter, a bit per last letter that some number word of that length and first letter ends
/// with. A word of another shape is no number word ("the": no three-letter number word starts
/// with "t" and ends with "e").
const NUMBER_WORD_SHAPES: [[u32; 26]; NUMBER_WORD_MAX_LEN - NUMBER_WORD_MIN_LEN + 1] = {
    let mut shapes = [[0u32; 26]; NUMBER_WORD_MAX_LEN - NUMBER_WORD_MIN_LEN + 1];
    let mut i = 0;
    while i < NUMBER_WORDS.len() {
        let w = NUMBER_WORDS[i].0.as_bytes();
        let (first, last) = ((w[0] - b'a') as usize, w[w.len() - 1] - b'a');
        shapes[w.len() - NUMBER_WORD_MIN_LEN][first] |= 1 << last;
        i += 1;
    }
    shapes
};

/// The digits of a number word of [`NUMBER_WORDS`] ("twelve" → "12", "fourth" → "4"; lower
/// case), None for other words. Callers leave "one" out where it is more often a pronoun.
pub(crate) fn number_word(lower: &str) -> Option<&'static str> {
    // Hashed, built on first use: this runs for every word of the sources.
    static DIGITS_OF: std::sync::OnceLock<FastMap<String, String>> = std::sync::OnceLock::new();
    DIGITS_OF
        .get_or_init(|| {
            let mut map: FastMap<String, String> = NUMBER_WORDS
                .iter()
                .map(|&(w, d)| (w.to_string(), d.to_string()))
                .collect();
            // "twenty-one" … "ninety-nine", "twenty-first" … "ninety-ninth".
            for (tens, t) in NUMBER_WORDS.iter().filter(|(w, _)| w.ends_with("ty")) {
                for (i, (unit, ordinal)) in UNIT_WORDS.iter().enumerate() {
                    let value = (t.parse::<u32>().unwrap_or(0) + i as u32 + 1).to_string();
                    map.insert(format!("{tens}-{unit}"), value.clone());
                    map.insert(format!("{tens}-{ordinal}"), value);
                }
            }
            map
        })
        .get(lower)
        .map(String::as_str)
}

/// The cardinal and ordinal words of one to nine, which follow a tens word in a compound
/// number word ("fifty-six", "twenty-first").
const UNIT_WORDS: [(&str, &str); 9] = [
    ("one", "first"),
    ("two", "second"),
    ("three", "third"),
    ("four", "fourth"),
    ("five", "fifth"),
    ("six", "sixth"),
    ("seven", "seventh"),
    ("eight", "eighth"),
    ("nine", "ninth"),
];

/// The value of two number words written apart that form one number: a tens word and a unit
/// word after it ("fifty six" → "56"), None for other pairs. Both in lower case.
pub(crate) fn spaced_number_words(tens: &str, unit: &str) -> Option<String> {
    let t: u32 = number_word(tens)
        .filter(|_| tens.ends_with("ty"))?
        .parse()
        .ok()?;
    let i = UNIT_WORDS
        .iter()
        .position(|(c, o)| *c == unit || *o == unit)?;
    Some((t + i as u32 + 1).to_string())
}

/// Scale words that multiply the number word written before them ("fifteen hundred", "two
/// million"), with their power of ten.
const WORD_SCALES: &[(&str, u32)] = &[
    ("hundred", 2),
    ("thousand", 3),
    ("million", 6),
    ("billion", 9),
    ("trillion", 12),
];

/// The power of ten of the scale word `toks[j]` ([`WORD_SCALES`]) when a number word stands
/// right before it, one space apart ("fifteen hundred"), None otherwise.
pub(crate) fn word_scale_at(toks: &[Token<'_>], j: usize) -> Option<u32> {
    let (t, prev) = (toks.get(j)?, toks.get(j.checked_sub(1)?)?);
    let power = WORD_SCALES
        .iter()
        .find(|(w, _)| t.raw.eq_ignore_ascii_case(w))?
        .1;
    (t.start == prev.start + prev.raw.len() + 1
        && !prev.is_number
        && may_be_number_word(prev.raw)
        && number_word_at(toks, j - 1).is_some())
    .then_some(power)
}

/// The value of the number word `toks[i]` (whose digits are `digits`) times the scale word after
/// it ("fifteen hundred" → "1500", "two million" → "2000000"), None when none follows: one
/// number, as "1,500" and "2 million" are ([`number_key`]).
pub(crate) fn scaled_number_word(toks: &[Token<'_>], i: usize, digits: &str) -> Option<String> {
    let power = word_scale_at(toks, i + 1)?;
    let mut value = String::with_capacity(digits.len() + power as usize);
    value.push_str(digits);
    value.extend(std::iter::repeat_n('0', power as usize));
    Some(value)
}

/// Whether `raw` (any case) has the shape of a number word ([`NUMBER_WORD_SHAPES`]): its
/// length, first and last letter, or a hyphen (a compound, "fifty-six"). False for most words ("the", "and"), which need no lower-casing
/// and no hash to be told from a number word.
pub(crate) fn may_be_number_word(raw: &str) -> bool {
    if raw.contains('-') {
        // A compound ("fifty-six"), looked up whole.
        return true;
    }
    let b = raw.as_bytes();
    let (Some(&first), Some(&last)) = (b.first(), b.last()) else {
        return false;
    };
    let shapes = NUMBER_WORD_SHAPES.get(b.len().wrapping_sub(NUMBER_WORD_MIN_LEN));
    let f = first.to_ascii_lowercase().wrapping_sub(b'a') as usize;
    let l = last.to_ascii_lowercase().wrapping_sub(b'a') as u32;
    shapes
        .and_then(|s| s.get(f))
        .is_some_and(|m| l < 26 && m & (1 << l) != 0)
}

/// Verbal negation markers ("not", "never", "cannot"; with "-n't", "no longer", negative
/// pronouns and the determiner "no" in [`negation_at`]): a claim and its aligned sentence that
/// differ in them disagree in polarity.
const NEGATIONS: &[&str] = &["not", "never", "cannot"];

/// Negative implicative verbs, lower case, in the forms that take a "to"-infinitive: "X failed
/// to qualify" entails "X did not qualify" (Karttunen 1971, "Implicative Verbs", *Language*
/// 47(2); the implication signatures of MacCartney and Manning 2009, "An extended model of
/// natural logic", §5). Before "to" each negates its clause as "not" does ([`negation_at`]),
/// so a claim that restates one with "not" agrees with it and one that affirms the complement
/// ("qualified") disagrees. Not "declined" or "failed" without "to" ("sales declined",
/// "the bank failed"); a negation right before one cancels it ("don't forget to check", "never
/// failed to win": [`negation_at`]).
const NEGATIVE_IMPLICATIVES: &[&str] = &[
    "fail",
    "fails",
    "failed",
    "failing",
    "refuse",
    "refuses",
    "refused",
    "refusing",
    "decline",
    "declines",
    "declined",
    "declining",
    "neglect",
    "neglects",
    "neglected",
    "neglecting",
    "forget",
    "forgets",
    "forgot",
    "forgetting",
];

/// Light normal form of a word for matching: lower case, possessive `'s` dropped, a plural `s`
/// (`ies` → `y`) dropped from words of 4+ letters (Porter-style step 1a, Porter 1980). `lower` is
/// the word already in lower case; the result borrows from it unless a letter changes.
pub(crate) fn normal_form(lower: Cow<'_, str>) -> Cow<'_, str> {
    let w = if !lower.is_ascii() && lower.contains('’') {
        Cow::Owned(lower.replace('’', "'"))
    } else {
        lower
    };
    let mut end = w.len() - if w.ends_with("'s") { 2 } else { 0 };
    let stem = &w[..end];
    let n = stem.chars().count();
    if n > 4 && stem.ends_with("ies") {
        return Cow::Owned(format!("{}y", &stem[..stem.len() - 3]));
    }
    if n > 3
        && stem.ends_with('s')
        && !stem.ends_with("ss")
        && !stem.ends_with("us")
        && !stem.ends_with("is")
    {
        end -= 1;
    }
    truncate_cow(w, end)
}

/// The first `n` bytes of `w` (a char boundary), borrowed when `w` is and truncated in place when
/// it is owned: no allocation either way.
fn truncate_cow(w: Cow<'_, str>, n: usize) -> Cow<'_, str> {
    match w {
        Cow::Borrowed(b) => Cow::Borrowed(&b[..n]),
        Cow::Owned(mut o) => {
            o.truncate(n);
            Cow::Owned(o)
        }
    }
}

/// Porter's consonant test (Porter 1980, §2): a letter other than a, e, i, o, u, and other than
/// a "y" that follows a consonant.
fn is_consonant(w: &[u8], i: usize) -> bool {
    match w[i] {
        b'a' | b'e' | b'i' | b'o' | b'u' => false,
        b'y' => i == 0 || !is_consonant(w, i - 1),
        _ => true,
    }
}

/// Porter's measure m of `w`: the number of vowel-consonant sequences in [C](VC)^m[V].
fn measure(w: &[u8]) -> usize {
    let mut m = 0;
    let mut prev_vowel = false;
    for i in 0..w.len() {
        let c = is_consonant(w, i);
        if c && prev_vowel {
            m += 1;
        }
        prev_vowel = !c;
    }
    m
}

/// Whether `w` holds a vowel (Porter's *v*).
fn has_vowel(w: &[u8]) -> bool {
    (0..w.len()).any(|i| !is_consonant(w, i))
}

/// Whether `w` ends consonant-vowel-consonant, the last not w, x or y (Porter's *o).
fn ends_cvc(w: &[u8]) -> bool {
    let n = w.len();
    n >= 3
        && is_consonant(w, n - 3)
        && !is_consonant(w, n - 2)
        && is_consonant(w, n - 1)
        && !matches!(w[n - 1], b'w' | b'x' | b'y')
}

/// The inflection steps of the Porter stemmer (Porter 1980, "An algorithm for suffix
/// stripping", steps 1b, 1c, 5a and 5b) on a lower-case ASCII word whose plural
/// [`normal_form`] already dropped: "-ed" and "-ing" after a vowel are removed ("mixed",
/// "mixing" → "mix"; "hopping" → "hop"; "filing" → "file"), a final "y" becomes "i" when a
/// vowel precedes it in the word ("study", "studied" → "studi"), a final "e" goes when the
/// measure allows ("produce", "produced" → "produc") and "ll" becomes "l" at m > 1. The derivational steps 2–4
/// are left out: they join words of different meaning ("general" and "generous"; "university"
/// and "universe") more than they help match a claim to its source. None when the word is
/// unchanged or not ASCII letters.
fn porter_inflection(word: &str) -> Option<Stem> {
    let b = word.as_bytes();
    // Only words that can change (a suffix the steps act on) are copied; the copy lives on the
    // stack (no allocation per word on the hot path), and words longer than it are kept as they are.
    let ends = |s: &[u8]| b.ends_with(s);
    if b.len() < 4
        || b.len() > STEM_MAX
        || !(ends(b"ed") || ends(b"ing") || ends(b"y") || ends(b"e") || ends(b"ll"))
        || !b.iter().all(u8::is_ascii_lowercase)
    {
        return None;
    }
    let mut w: ArrayVec<[u8; STEM_MAX]> = ArrayVec::new();
    w.extend_from_slice(b);
    // Step 1b.
    if w.ends_with(b"eed") {
        if measure(&w[..w.len() - 3]) > 0 {
            w.pop();
        }
    } else {
        let cut = if w.ends_with(b"ed") && has_vowel(&w[..w.len() - 2]) {
            2
        } else if w.ends_with(b"ing") && has_vowel(&w[..w.len() - 3]) {
            3
        } else {
            0
        };
        if cut > 0 {
            w.truncate(w.len() - cut);
            let n = w.len();
            if w.ends_with(b"at") || w.ends_with(b"bl") || w.ends_with(b"iz") {
                w.push(b'e');
            } else if n >= 2
                && w[n - 1] == w[n - 2]
                && is_consonant(&w, n - 1)
                && !matches!(w[n - 1], b'l' | b's' | b'z')
            {
                w.pop();
            } else if measure(&w) == 1 && ends_cvc(&w) {
                w.push(b'e');
            }
        }
    }
    // Step 1c.
    if w.last() == Some(&b'y') && has_vowel(&w[..w.len() - 1]) {
        w.pop();
        w.push(b'i');
    }
    // Step 5a.
    if w.last() == Some(&b'e') {
        let stem = &w[..w.len() - 1];
        let m = measure(stem);
        if m > 1 || (m == 1 && !ends_cvc(stem)) {
            w.pop();
        }
    }
    // Step 5b.
    if w.ends_with(b"ll") && measure(&w) > 1 {
        w.pop();
    }
    let w = w.as_slice();
    if w == b {
        None
    } else if b.starts_with(w) {
        Some(Stem::Prefix(w.len()))
    } else {
        std::str::from_utf8(w)
            .ok()
            .map(|s| Stem::Owned(s.to_string()))
    }
}

/// What [`porter_inflection`] made of a word: a prefix of it (its first `n` bytes; most stems,
/// which then need no allocation), or another string ("conflated" → "conflate" before step 5a,
/// "study" → "studi").
#[derive(Debug, PartialEq)]
enum Stem {
    Prefix(usize),
    Owned(String),
}

/// `norm` (a word in [`normal_form`]) keyed by [`porter_inflection`]: its stem, borrowed or
/// truncated in place when the stem is a prefix of it; `norm` itself when no step applies.
pub(crate) fn inflection_stem(norm: Cow<'_, str>) -> Cow<'_, str> {
    match porter_inflection(&norm) {
        Some(Stem::Prefix(n)) => truncate_cow(norm, n),
        Some(Stem::Owned(stem)) => Cow::Owned(stem),
        None => norm,
    }
}

/// The [`inflection_stem`] of the name `norm` when it differs from `norm` (None for most
/// names, which end in no inflection).
fn changed_stem(norm: &str) -> Option<String> {
    match inflection_stem(Cow::Borrowed(norm)) {
        Cow::Borrowed(b) if b.len() == norm.len() => None,
        stem => Some(stem.into_owned()),
    }
}

/// The longest word [`porter_inflection`] stems, in bytes.
const STEM_MAX: usize = 40;

/// A key token of a text: its normal form, type, byte span and whether it negates.
#[derive(Debug, Clone)]
struct Key<'a> {
    norm: Cow<'a, str>,
    kind: KeyKind,
    negation: bool,
    /// A number stated as approximate ("about 330": `text::is_approximated`).
    approx: bool,
    /// A share stated as a fraction in words ("half of", "a quarter of": `share_at`): found
    /// in the sources by a number within [`SHARE_TOLERANCE`] of it (a percentage, as a rule).
    share: bool,
    /// A number read with its unit ("2.7 kilometres", `quantity::quantities`): found in the
    /// sources by a quantity it restates in another unit ([`SourceIndex::id_of`]).
    qty: Option<Quantity>,
    /// For a name written as a word of a run of capitalised words ("Apollo Lunar Module
    /// Eagle", only spaces between them), the run's number within its sentence, shared by the
    /// run's words: one entity, which a text may name by part of it ("the Eagle"). [`NO_RUN`]
    /// for every other key.
    run: u32,
    /// The index of the key's token among its sentence's tokens (the first, for a key read
    /// from several tokens); 0 for keys a sentence holds without writing them (its gaps, the
    /// initialisms it spells).
    at: u32,
}

/// [`Key::run`] of a key that is no word of a run of capitalised words.
const NO_RUN: u32 = u32::MAX;

/// Words that label a retrieved source inside square brackets or parentheses before its number
/// ("[Ref 2]", "(Result 1)"), as retrieval pipelines tag each passage they paste into a context
/// and answers cite them, lower case; those of [`PASSAGE_LABELS`] label one anywhere.
const CITATION_LABELS: &[&str] = &[
    "ref",
    "reference",
    "result",
    "context",
    "citation",
    "article",
];

/// Words that label a retrieved passage before its number wherever they stand ("[Doc 2]",
/// "(Doc 2)", "According to Document 2, …", "Passage 1:"), lower case: a pipeline's name for a
/// passage, which a text names nothing else by.
const PASSAGE_LABELS: &[&str] = &[
    "doc",
    "docs",
    "document",
    "documents",
    "passage",
    "passages",
    "source",
    "sources",
    "snippet",
    "chunk",
    "excerpt",
];

/// Whether the token at `i` (offsets in `text`) is a citation marker: a whole number inside
/// square brackets that hold only such numbers, commas, dashes and spaces ("[1]", "[2, 3]",
/// "[4–6]"; up to 16 characters either side of the number), as retrieval-augmented answers cite
/// their sources (IEEE reference style); a whole number of a run after a source label ("[Doc 1,
/// 2]", "Document 2", "Documents 2 and 3", [`is_citation_label`]); or that label itself. It points at a source; it
/// states no number and names nothing.
pub fn is_citation_marker(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    let t = &toks[i];
    if !t.is_number {
        return is_citation_label(text, toks, i);
    }
    if !t.raw.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    // The first number of the run this one ends ("1" of "[Doc 1, 2]", "2" of "Documents 2 and
    // 3"), after its label: numbers, and "and" / "or" between two numbers.
    let joins = |j: usize| {
        j > 0
            && toks[j - 1].is_number
            && (toks[j].raw.eq_ignore_ascii_case("and") || toks[j].raw.eq_ignore_ascii_case("or"))
    };
    let first = (0..i)
        .rev()
        .take_while(|&j| toks[j].is_number || joins(j))
        .last()
        .map_or(i, |j| if toks[j].is_number { j } else { j + 1 });
    if first > 0 && is_citation_label(text, toks, first - 1) {
        return true;
    }
    let before = &text[..t.start];
    let after = &text[t.start + t.raw.len()..];
    before
        .chars()
        .rev()
        .take(CITATION_MAX)
        .find(|&c| !citing(c))
        == Some('[')
        && after.chars().take(CITATION_MAX).find(|&c| !citing(c)) == Some(']')
}

/// The longest bracket content [`is_citation_marker`] reads either side of a number, in bytes.
const CITATION_MAX: usize = 16;

/// Whether `c` may stand between the numbers of a citation ("[2, 3]", "[4–6]").
fn citing(c: char) -> bool {
    c.is_ascii_digit() || matches!(c, ',' | ' ' | '-' | '–')
}

/// Whether the word at `i` (offsets in `text`) labels a source before the whole number after it:
/// a word of [`PASSAGE_LABELS`] (any case) anywhere ("Document 2", "(source: Doc 2)"), or of
/// [`CITATION_LABELS`] right after "[" or "(" with the brackets closed after the number or the
/// run of numbers ("[Ref 2]", "(Result 1, 3)").
fn is_citation_label(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    let t = &toks[i];
    let Some(n) = toks.get(i + 1) else {
        return false;
    };
    let is =
        |labels: &[&str]| t.raw.len() <= 9 && labels.iter().any(|l| l.eq_ignore_ascii_case(t.raw));
    let numbered = n.is_number
        && n.raw.bytes().all(|b| b.is_ascii_digit())
        && text[t.start + t.raw.len()..n.start].trim().is_empty();
    if !numbered {
        return false;
    }
    if is(PASSAGE_LABELS) {
        return true;
    }
    let after = &text[n.start + n.raw.len()..];
    is(CITATION_LABELS)
        && text[..t.start].trim_end().ends_with(['[', '('])
        && matches!(
            after.chars().take(CITATION_MAX).find(|&c| !citing(c)),
            Some(']' | ')')
        )
}

/// Whether the token at `i` is a list marker: a number opening a line (or the text) and followed
/// by `.` or `)`, as in "1. First point".
pub fn is_list_marker(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    let t = &toks[i];
    if !t.is_number {
        return false;
    }
    let before = &text[..t.start];
    let line_start = before
        .rsplit('\n')
        .next()
        .is_none_or(|l| l.trim().is_empty());
    let after = &text[t.start + t.raw.len()..];
    line_start
        && (after.starts_with(". ")
            || after.starts_with(") ")
            || after.starts_with(".\n")
            || after.starts_with(')'))
}

/// Key tokens of one sentence `sent` (byte span of `text`): numbers (and number words), names
/// and content words; stopwords and one-letter words are left out, negations are flagged.
/// `lower_vocab` holds words seen in lower case anywhere in the request: a capitalised word at a
/// sentence start that also occurs in lower case is an ordinary word, not a name.
fn keys<'a>(text: &'a str, span: (usize, usize), lower_vocab: &LowerVocab<'_>) -> Vec<Key<'a>> {
    let toks: Vec<Token<'a>> = tokens(&text[span.0..span.1])
        .into_iter()
        .map(|t| Token {
            start: t.start + span.0,
            ..t
        })
        .collect();
    sentence_keys(text, span, &toks, lower_vocab).0
}

/// The tokens of `toks` (the [`tokens`] of a whole text, in order) that lie in the sentence `span`
/// of that text ([`sentence_spans`]). They are the sentence's own tokens: a token never straddles
/// a sentence boundary, since none holds a line break or a `.`, `!`, `?`, `;` followed by white
/// space.
fn span_tokens<'t, 'a>(toks: &'t [Token<'a>], span: (usize, usize)) -> &'t [Token<'a>] {
    let lo = toks.partition_point(|t| t.start < span.0);
    let hi = toks.partition_point(|t| t.start < span.1);
    &toks[lo..hi]
}

impl<'a> Key<'a> {
    /// A name key (not negated, not approximate) with normal form `norm`.
    fn name(norm: Cow<'a, str>) -> Key<'a> {
        Key {
            norm,
            kind: KeyKind::Name,
            negation: false,
            approx: false,
            share: false,
            qty: None,
            run: NO_RUN,
            at: 0,
        }
    }

    /// A content-word key (not negated, not approximate) with normal form `norm`.
    fn word(norm: Cow<'a, str>) -> Key<'a> {
        Key {
            kind: KeyKind::Word,
            ..Key::name(norm)
        }
    }
}

/// Length in bytes of the longest of [`BACK_REFERENCES`]: longer words are skipped unread.
const BACK_REFERENCE_MAX_LEN: usize = 5;

/// Pronouns that refer back to an entity named earlier.
const BACK_REFERENCES: &[&str] = &[
    "it", "its", "he", "his", "him", "she", "her", "hers", "they", "their", "them",
];

/// Whether `toks[i]` (a sentence's tokens), a word in capitals ("WHO", "US"), is an initialism:
/// written among words that are not in capitals (a run of capitals is shouting: "WHO IS IT"),
/// not opening its sentence, and not right after a number ("10 AM").
fn stopword_initialism(toks: &[Token<'_>], i: usize) -> bool {
    let capitals = |t: &Token<'_>| {
        !t.is_number
            && t.raw.chars().nth(1).is_some()
            && t.raw.chars().all(|c| c.is_uppercase() || c == '.')
    };
    i > 0
        && capitals(&toks[i])
        && !(toks[i - 1].is_number || capitals(&toks[i - 1]))
        && !toks.get(i + 1).is_some_and(capitals)
}

/// [`keys`] of a sentence, and whether the sentence refers back to another by a pronoun of
/// [`BACK_REFERENCES`]; `toks` are the sentence's tokens ([`span_tokens`], offsets in `text`).
fn sentence_keys<'a>(
    text: &'a str,
    span: (usize, usize),
    toks: &[Token<'a>],
    lower_vocab: &LowerVocab<'_>,
) -> (Vec<Key<'a>>, bool) {
    let sent = &text[span.0..span.1];
    let mut out: Vec<Key<'a>> = Vec::with_capacity(toks.len());
    let mut refers_back = false;
    let mut runs = NameRuns::default();
    // The sentence's quantities, read on its first number: most sentences hold none.
    let qs = std::cell::OnceCell::new();
    let quantity_of = |i: usize| {
        qs.get_or_init(|| quantities(text, toks))
            .iter()
            .find(|q: &&(usize, Quantity)| q.0 == i)
            .map(|q| q.1)
    };
    // The end of the tokens being skipped: a framing phrase ("Based on the passage, …":
    // `framing_end`), the unit word of a number written apart ("fifty six").
    let mut skip_until = 0;
    // The keys pushed by the token last read are at that token (`Key::at`).
    let (mut placed, mut last) = (0, 0u32);
    for (i, t) in toks.iter().enumerate() {
        for k in &mut out[placed..] {
            k.at = last;
        }
        (placed, last) = (out.len(), i as u32);
        if i < skip_until {
            continue;
        }
        if let Some(end) = framing_end(toks, i) {
            skip_until = end;
            continue;
        }
        if i == 0 {
            // List numbering opening the sentence ("1. …"), judged within the sentence.
            let in_sent = Token {
                start: t.start - span.0,
                ..*t
            };
            if is_list_marker(sent, std::slice::from_ref(&in_sent), 0) {
                continue;
            }
        }
        // "Mt. Everest" is keyed as "Mount Everest" is.
        let lower_word = name_head(text, toks, i).map_or_else(|| lower_cow(t.raw), Cow::Borrowed);
        let lower = lower_word.as_ref();
        refers_back |= lower.len() <= BACK_REFERENCE_MAX_LEN && BACK_REFERENCES.contains(&lower);
        let after_no = i > 0 && toks[i - 1].raw.eq_ignore_ascii_case("no");
        if lower == "longer" && after_no {
            continue;
        }
        if negation_at(text, toks, i) {
            out.push(Key {
                norm: Cow::Borrowed("not"),
                kind: KeyKind::Word,
                negation: true,
                approx: false,
                share: false,
                qty: None,
                run: NO_RUN,
                at: 0,
            });
            continue;
        }
        if is_citation_marker(text, toks, i) {
            continue;
        }
        if t.is_number {
            // The month and day of an ISO date ("2023-04-05", `iso_date_at`) are the month and
            // the day "April 5, 2023" states; its year is a year.
            let iso = |back: usize| {
                i.checked_sub(back)
                    .and_then(|y| crate::text::iso_date_at(text, toks, y))
            };
            if let Some((month, _)) = iso(1) {
                out.push(Key {
                    kind: KeyKind::Month,
                    ..Key::name(Cow::Borrowed(crate::text::MONTH_NAMES[month]))
                });
                continue;
            }
            if let Some((_, day)) = iso(2) {
                out.push(Key {
                    kind: KeyKind::Number,
                    ..Key::name(Cow::Owned(day.to_string()))
                });
                continue;
            }
            // Digits and decimal points, group separators dropped ("1,200.5" → "1200.5"), times
            // a scale word after it ("5.5 million" → "5500000").
            let digits = number_key(toks, i);
            if decade_start(t.raw).is_some() {
                // A decade ("1870s") is found by any year in it (`SourceIndex::id_of`).
                out.push(Key {
                    norm: Cow::Borrowed(t.raw),
                    kind: KeyKind::Year,
                    negation: false,
                    approx: true,
                    share: false,
                    qty: None,
                    run: NO_RUN,
                    at: 0,
                });
                continue;
            }
            // A year is written without a group comma: "1,200 people" is no year.
            let year = digits.len() == 4
                && !t.raw.contains(',')
                && !is_number_scale(toks, i + 1)
                && (digits.starts_with('1') || digits.starts_with("20"))
                && !digits.contains('.');
            out.push(Key {
                norm: digits,
                kind: if year { KeyKind::Year } else { KeyKind::Number },
                negation: false,
                approx: is_approximated(toks, i),
                share: false,
                qty: quantity_of(i),
                run: NO_RUN,
                at: 0,
            });
            if percent_sign_after(text, t) {
                // "52%" states the word "percent" as "52 percent" does.
                out.push(Key::word(Cow::Borrowed(PERCENT)));
            }
            continue;
        }
        // A share in words ("half of", "two thirds of": `share_at`) states a percentage, as
        // "50% of" does: keyed so, as approximate ("half" is "48%" rounded); its numerator
        // word is no number of its own.
        if let Some(percent) = share_at(toks, i) {
            out.push(Key {
                kind: KeyKind::Number,
                approx: true,
                share: true,
                ..Key::name(Cow::Owned(format!("{percent:.0}")))
            });
            out.push(Key::word(Cow::Borrowed(PERCENT)));
            continue;
        }
        if toks.get(i + 1).is_some_and(|n| !n.raw.contains('-'))
            && share_at(toks, i + 1).is_some()
            && number_word(lower).is_some()
        {
            continue;
        }
        if lower == "cent" && i > 0 && toks[i - 1].raw.eq_ignore_ascii_case("per") {
            // "per cent" is "percent".
            out.push(Key::word(Cow::Borrowed(PERCENT)));
            continue;
        }
        if is_number_scale(toks, i) || is_unit_symbol(text, toks, i) || is_scale_name(text, toks, i)
        {
            // Part of the number before it (`number_key`), or its unit ("3.5 GHz", "degrees
            // Celsius"), no name.
            continue;
        }
        if let Some(d) = number_word(lower).filter(|_| !is_fraction(toks, i)) {
            // "fifty six", written apart, is one number.
            let spaced = toks
                .get(i + 1)
                .filter(|n| !n.is_number && text[t.start + t.raw.len()..n.start].trim().is_empty())
                .and_then(|n| spaced_number_words(lower, &lower_cow(n.raw)));
            // "fifteen hundred", a number word and a scale word, is one number too.
            let is_spaced = spaced.is_some();
            if let Some(value) = spaced.or_else(|| scaled_number_word(toks, i, d)) {
                out.push(Key {
                    norm: Cow::Owned(value),
                    kind: KeyKind::Number,
                    negation: false,
                    approx: is_approximated(toks, i),
                    share: false,
                    // The quantities read "six hours" of "fifty six hours": none is kept. They
                    // read "seven million square kilometres" whole.
                    qty: if is_spaced { None } else { quantity_of(i) },
                    run: NO_RUN,
                    at: 0,
                });
                skip_until = i + 2;
                continue;
            }
            if lower != "one" {
                out.push(Key {
                    norm: Cow::Borrowed(d),
                    kind: KeyKind::Number,
                    negation: false,
                    approx: is_approximated(toks, i),
                    share: false,
                    qty: quantity_of(i),
                    run: NO_RUN,
                    at: 0,
                });
            }
            continue;
        }
        // A unit word is keyed by its unit's first word ("kilometres", "kms", "km": "km"), so
        // that a unit is found however the sources or the question write it ("in miles"): a
        // symbol of one or two letters ("m", "km"), a word as often something else
        // ([`AMBIGUOUS_UNIT_WORDS`]: "the second film") and a capitalised one ("Independence
        // Day", "The Wizard of Oz") only right after a number.
        if let Some(symbol) = unit_symbol(lower).filter(|_| {
            let anywhere = lower.len() > 2
                && t.raw.starts_with(|c: char| c.is_lowercase())
                && !AMBIGUOUS_UNIT_WORDS.contains(&lower);
            anywhere
                || (i > 0 && {
                    let prev = &toks[i - 1];
                    prev.is_number
                        || is_number_scale(toks, i - 1)
                        || number_word(&lower_cow(prev.raw)).is_some()
                })
        }) {
            out.push(Key::word(Cow::Borrowed(symbol)));
            continue;
        }
        if is_stopword(lower)
            || lower.chars().nth(1).is_none()
            || approximates_number(toks, i)
            || name_affix(text, toks, i)
        {
            continue;
        }
        // An acronym that is a common noun ("CEO", `text::COMMON_ACRONYMS`) is a content word,
        // found by the same letters in the sources or by what they spell out.
        if is_common_acronym(t.raw) {
            out.push(Key::word(Cow::Owned(
                initialism_letters(t.raw).unwrap_or_else(|| lower.to_string()),
            )));
            continue;
        }
        // An initialism ("U.S", "NASA") is a name keyed by its letters, as the capitalised name
        // it abbreviates is in the source index ([`SourceIndex::build`]).
        if let Some(letters) = initialism_letters(t.raw) {
            out.push(Key {
                run: runs.of(i, text, toks),
                ..Key::name(Cow::Owned(letters))
            });
            continue;
        }
        let cap = t.raw.chars().next().is_some_and(char::is_uppercase);
        // A name joined to a lower-case word ("Hamburg-based", "London-born") is the name and
        // the word: "the Hamburg-based carrier" names Hamburg as "based in Hamburg" does. (Not
        // an ordinary word's prefix: "Non-fiction", "Self-help".)
        if let Some((head, tail)) = cap.then(|| joined_name(t.raw)).flatten() {
            if head.chars().nth(1).is_some() {
                let name = normal_form(fold_diacritics(lower_cow(head)));
                out.push(Key {
                    run: runs.of(i, text, toks),
                    ..Key::name(name)
                });
                let word = normal_form(lower_cow(tail));
                if !is_stopword(&word) {
                    out.push(Key::word(inflection_stem(word)));
                }
                continue;
            }
        }
        // A capitalised word opening the sentence, or opening a turn or a clause after a colon
        // ("[Assistant]: Sure, …", "Note: This …"; `Token::sentence_start`), is a name unless it
        // also occurs in lower case, in this request or as an ordinary word of English text
        // (`lexicon`).
        let opens = i == 0 || t.sentence_start;
        let name = cap
            && (!opens || !(lower_vocab.has_word(lower) || crate::lexicon::is_common_word(lower)))
            && !in_disambiguator(text, toks, i);
        // A capitalised demonym ("Polish") names its place ("Poland"): one key for both; an
        // abbreviated month beside a number ("Feb 15", "15 Sept.") is its month.
        let place = match cap
            .then(|| demonym_place(lower).or_else(|| abbreviated_month(toks, i)))
            .flatten()
        {
            Some(place) => Cow::Borrowed(place),
            None => lower_word,
        };
        // Diacritics aside: "Gaudi" names what "Gaudí" names.
        let norm = normal_form(fold_diacritics(place));
        let name_kind = |norm: &str| {
            if CALENDAR_NAMES.binary_search(&norm).is_ok() {
                KeyKind::Month
            } else {
                KeyKind::Name
            }
        };
        // An ordinary word opening the sentence right before a name, a space between them
        // ("Little Ashby is …", "New Brunswick has …"), may be the name's first word: it is
        // keyed as a name too (as any name is: "American Airlines …" by its place, "america"),
        // so that "Little Ashby" named mid-sentence is found here whole.
        if cap && opens && !name && opens_name_run(text, toks, i, lower_vocab) {
            out.push(Key {
                kind: name_kind(&norm),
                run: runs.of(i, text, toks),
                ..Key::name(norm.clone())
            });
        }
        // A content word is keyed by its Porter stem of inflections ("mixed" = "mixing").
        let norm = if name { norm } else { inflection_stem(norm) };
        let kind = if name {
            name_kind(&norm)
        } else {
            KeyKind::Word
        };
        out.push(Key {
            norm,
            kind,
            negation: false,
            approx: false,
            share: false,
            qty: None,
            run: if name { runs.of(i, text, toks) } else { NO_RUN },
            at: 0,
        });
    }
    for k in &mut out[placed..] {
        k.at = last;
    }
    (out, refers_back)
}

/// Whether token `i` of `toks` (offsets in `text`), a capitalised ordinary word opening its
/// sentence, opens a name there: the word after it, one space on, is capitalised, and the request
/// writes the two mid-sentence, where only a name is capitalised ([`LowerVocab`]: "Little Ashby is
/// a village …" beside "… says Little Ashby is …"; not "Somehow Walt Disney …").
fn opens_name_run(text: &str, toks: &[Token<'_>], i: usize, lower_vocab: &LowerVocab<'_>) -> bool {
    let end = toks[i].start + toks[i].raw.len();
    toks.get(i + 1).is_some_and(|n| {
        !n.is_number
            && !n.sentence_start
            && n.raw.starts_with(char::is_uppercase)
            && text.get(end..n.start) == Some(" ")
            && lower_vocab.has_pair(toks[i].raw, n.raw)
    })
}

/// Whether token `i` of `toks` (offsets in `text`) is a word of a disambiguator: a parenthesis
/// of one to three capitalised ordinary words of English ([`crate::lexicon`]) right after a
/// capitalised word, as titles are told apart ("Titus (Thriller Film)", "Tony Curtis (Football
/// Player)"; Wikipedia's article titles, Wikipedia:Article titles §Disambiguation). It says what
/// kind of thing the name is, so its words are content words, not names of other entities:
/// "Terrell Owens" is no swap for "Football". "(Warsaw)" is a name.
fn in_disambiguator(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    let opens_at = |j: usize| j > 0 && gap(text, toks, j - 1, j).ends_with('(');
    // The text after token k, up to the next token: ")" first closes the parenthesis.
    let closes_at = |k: usize| {
        let end = toks[k].start + toks[k].raw.len();
        let next = toks.get(k + 1).map_or(text.len(), |n| n.start);
        text[end..next].trim_start().starts_with(')')
    };
    let Some(first) = (i.saturating_sub(2)..=i).rev().find(|&j| opens_at(j)) else {
        return false;
    };
    let Some(last) = (i..toks.len().min(first + 3)).find(|&k| closes_at(k)) else {
        return false;
    };
    let cap = |t: &Token<'_>| t.raw.starts_with(char::is_uppercase);
    cap(&toks[first - 1])
        && (first..=last).all(|j| {
            cap(&toks[j])
                && !toks[j].is_number
                && crate::lexicon::is_common_word(&lower_cow(toks[j].raw))
                && (j == first || gap(text, toks, j - 1, j).is_empty())
        })
}

/// [`SourceIndex::stated`]: some occurrence of the key token affirms it.
const STATED_AFFIRMED: u8 = 1;
/// [`SourceIndex::stated`]: some occurrence of the key token lies in a "no" phrase.
const STATED_DENIED: u8 = 2;

/// Whether token `at` of `toks` (offsets in `text`) is the head noun of a phrase that a
/// negating "no" opens ([`negation_word_at`]): right after it, or after one modifier
/// ([`modifier_like`]: "no injuries", "no serious injuries"; not "serious" itself, nor
/// "occurred" in "No injuries occurred"), and that no prepositional phrase restricts within
/// the next two words ([`NOT_PREPOSITIONS`]: "no parking on site"): the determiner "no" denies
/// that any such thing exists (Huddleston & Pullum 2002, ch. 9 §3, non-verbal negation).
fn denied_by_no(text: &str, toks: &[Token<'_>], at: usize) -> bool {
    let is_no = |j: usize| toks[j].raw.eq_ignore_ascii_case("no");
    let plain = |k: usize| !toks[k].is_number && toks[k].raw.starts_with(char::is_lowercase);
    // The head is the word after "no", or the one after that when the first modifies it ("no
    // serious injuries"); a word after the head ("No injuries occurred") is none of the phrase.
    let j = if at >= 1 && is_no(at - 1) {
        let modifies_next = at + 1 < toks.len() && modifier_like(toks[at].raw) && plain(at + 1);
        if modifies_next {
            return false;
        }
        at - 1
    } else if at >= 2 && is_no(at - 2) && plain(at - 1) && modifier_like(toks[at - 1].raw) {
        at - 2
    } else {
        return false;
    };
    // A phrase restricted by a prepositional phrase after its noun ("no parking on site", "no
    // charge for returns") denies the thing only there, not wherever the sources name it.
    let restricted = (at + 1..toks.len().min(at + 3))
        .take_while(|&k| gap(text, toks, k - 1, k).trim().is_empty())
        .any(|k| {
            NOT_PREPOSITIONS
                .iter()
                .any(|p| toks[k].raw.eq_ignore_ascii_case(p))
        });
    !restricted
        && (j..at).all(|k| gap(text, toks, k, k + 1).trim().is_empty())
        && negation_word_at(text, toks, j)
}

/// Endings of English adjectives and participles ("serious", "significant", "reported",
/// "known"), for [`modifier_like`].
const MODIFIER_ENDINGS: &[&str] = &[
    "ous", "ful", "ive", "able", "ible", "al", "ic", "ant", "ent", "less", "ary", "ory", "ed",
    "own",
];

/// Whether a lower-case word reads as a modifier of the noun after it by its ending
/// ([`MODIFIER_ENDINGS`]; derivational suffixes of adjectives, Quirk et al. 1985, App. I) or
/// as one of a few short adjectives that carry none ("major", "minor", "new", "real", "other").
fn modifier_like(raw: &str) -> bool {
    ["major", "minor", "new", "real", "other"]
        .iter()
        .chain(MODIFIER_ENDINGS)
        .any(|e| {
            raw.len() >= e.len()
                && raw.is_char_boundary(raw.len() - e.len())
                && raw[raw.len() - e.len()..].eq_ignore_ascii_case(e)
        })
}

/// Words that deny or withhold what follows them without a negation of the clause: "all escaped
/// injury", "deny there is any connection" (the negative polarity item "any", Ladusaw 1979),
/// "free of", "without", "avoided", "prevented", "zero injuries".
const PRIVATIVES: &[&str] = &[
    "any",
    "escape",
    "escaped",
    "escapes",
    "avoid",
    "avoided",
    "avoids",
    "without",
    "free",
    "lack",
    "lacked",
    "lacks",
    "deny",
    "denied",
    "denies",
    "prevent",
    "prevented",
    "prevents",
    "zero",
];

/// Whether one of the three tokens before token `at` of `toks` is one of [`PRIVATIVES`]: the
/// word at `at` is not affirmed.
fn privative_before(toks: &[Token<'_>], at: usize) -> bool {
    let end = at.min(toks.len());
    toks[end.saturating_sub(3)..end]
        .iter()
        .any(|t| PRIVATIVES.iter().any(|p| t.raw.eq_ignore_ascii_case(p)))
}

/// Whether a sentence (its tokens `toks`, offsets in `text`) opens with a definite description
/// as its subject: "the" or "this", a lower-case word, then an auxiliary ([`AUXILIARIES`]) or a
/// word in "-ed", and no name right after that verb ("The company was founded in 1987 …",
/// "This film starred …"). Such a subject refers to an entity the text has named before (Russell 1905, "On
/// Denoting"; in centering theory the subject continues the backward-looking center, Grosz et
/// al. 1995), as a pronoun does. "The capital of France is Paris" (a phrase follows the noun)
/// and "The capital is Paris" (a name follows the verb) name their own.
fn opens_with_description(text: &str, toks: &[Token<'_>]) -> bool {
    let [det, head, verb, rest @ ..] = toks else {
        return false;
    };
    let lower = |t: &Token<'_>| t.raw.starts_with(|c: char| c.is_lowercase());
    // The cheap tests first: this runs for every sentence of the sources.
    (det.raw.eq_ignore_ascii_case("the") || det.raw.eq_ignore_ascii_case("this"))
        && lower(head)
        && !head.is_number
        && lower(verb)
        && gap(text, toks, 1, 2).trim().is_empty()
        && !is_stopword(&lower_cow(head.raw))
        && {
            let verb_lower = lower_cow(verb.raw);
            AUXILIARIES.contains(&verb_lower.as_ref()) || verb_lower.ends_with("ed")
        }
        && rest
            .first()
            .is_none_or(|t| !t.raw.starts_with(|c: char| c.is_uppercase()))
}

/// The lower-case words a claim (its tokens `toks`) uses after "the" ("the reef", "the
/// tower"), in [`normal_form`]: a definite description that may refer to a named entity by the
/// head of its name ("the Great Barrier Reef"; Russell 1905, "On Denoting").
fn definite_descriptions<'a>(toks: &[Token<'a>]) -> Vec<Cow<'a, str>> {
    toks.windows(2)
        .filter(|w| {
            w[0].raw.eq_ignore_ascii_case("the")
                && !w[1].is_number
                && w[1].raw.starts_with(|c: char| c.is_lowercase())
        })
        .map(|w| normal_form(Cow::Borrowed(w[1].raw)))
        .collect()
}

/// The runs of capitalised names among a claim's keys `ks` ([`Key::run`]), each as the ids of
/// its names in `index` (None for a name the sources lack), in order of their runs.
fn name_runs(ks: &[Key<'_>], index: &SourceIndex<'_>) -> Vec<Vec<Option<u32>>> {
    let mut out: Vec<Vec<Option<u32>>> = Vec::new();
    for k in ks.iter().filter(|k| k.run != NO_RUN) {
        let run = k.run as usize;
        if out.len() <= run {
            out.resize(run + 1, Vec::new());
        }
        out[run].push(index.id_of(k));
    }
    out
}

/// Numbers the runs of capitalised names of one sentence for [`Key::run`], as
/// [`sentence_keys`] meets its name tokens in order.
#[derive(Default)]
struct NameRuns {
    /// The token index of the last name met, and its run.
    last: Option<(usize, u32)>,
    /// Runs numbered so far.
    count: u32,
}

impl NameRuns {
    /// The run of the name at token `i` of `toks` (offsets in `text`): the run of the name
    /// before it when that is token `i − 1` with only white space between them and no
    /// possessive ("Saturday's Australian newspapers" names two things), else a new one.
    fn of(&mut self, i: usize, text: &str, toks: &[Token<'_>]) -> u32 {
        let run = match self.last {
            Some((j, run))
                if j + 1 == i
                    && strip_possessive(toks[j].raw).len() == toks[j].raw.len()
                    && gap(text, toks, j, i).is_empty() =>
            {
                run
            }
            _ => {
                self.count += 1;
                self.count - 1
            }
        };
        self.last = Some((i, run));
        run
    }
}

/// The key of the word "percent", which "%" after a number and "per cent" also state.
const PERCENT: &str = "percent";

/// True when a percent sign follows number token `t` of `text` (at most spaces between: "52%",
/// "52 %").
fn percent_sign_after(text: &str, t: &Token<'_>) -> bool {
    text[t.start + t.raw.len()..]
        .trim_start_matches(' ')
        .starts_with('%')
}

/// Whether the number `toks[i]` (offsets in `text`) is a percentage: "%", "percent" or "per
/// cent" follows it.
pub(crate) fn is_percentage(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    percent_marker(text, toks, i).is_some()
}

/// How many tokens after the number `toks[i]` (offsets in `text`) mark it as a percentage: 1
/// for "percent", 2 for "per cent", 0 for a "%" sign (no token); None when it is no
/// percentage ([`is_percentage`]).
fn percent_marker(text: &str, toks: &[Token<'_>], i: usize) -> Option<usize> {
    let is = |j: usize, w: &str| toks.get(j).is_some_and(|t| t.raw.eq_ignore_ascii_case(w));
    if is(i + 1, PERCENT) {
        Some(1)
    } else if is(i + 1, "per") && is(i + 2, "cent") {
        Some(2)
    } else {
        percent_sign_after(text, &toks[i]).then_some(0)
    }
}

/// Fractions in words with the percentage they state: "half", "a quarter" (25), "three
/// quarters" (75), "a third" (33.3), "two thirds" (66.7), "a fifth" (20), "a tenth" (10); each
/// denominator with the numerators it is read after ("a", "one", or a number word; hyphenated
/// forms, "two-thirds", too).
const FRACTIONS: &[(&str, &[(&str, f64)])] = &[
    ("quarter", &[("a", 25.0), ("one", 25.0), ("three", 75.0)]),
    ("quarters", &[("three", 75.0)]),
    ("third", &[("a", 100.0 / 3.0), ("one", 100.0 / 3.0)]),
    ("thirds", &[("two", 200.0 / 3.0)]),
    ("fifth", &[("a", 20.0), ("one", 20.0)]),
    ("tenth", &[("a", 10.0), ("one", 10.0)]),
];

/// The percentages the fractions in words of `toks` state ([`FRACTIONS`], and "half": 50), for
/// an answer's percentage that restates one ("around 50%" for "about half").
pub(crate) fn fraction_percents(toks: &[Token<'_>]) -> Vec<f64> {
    (0..toks.len())
        .filter_map(|i| fraction_at(toks, i))
        .collect()
}

/// The percentage the fraction in words ending at `toks[i]` states ([`FRACTIONS`], and "half":
/// 50): "two-thirds" as one token, "two thirds" or "a quarter" as two (the denominator is
/// `toks[i]`). None for any other word.
fn fraction_at(toks: &[Token<'_>], i: usize) -> Option<f64> {
    let t = &toks[i];
    if t.raw.eq_ignore_ascii_case("half") {
        return Some(50.0);
    }
    let (numerator, denominator) = match t.raw.split_once('-') {
        Some((n, d)) => (n, d),
        None => (toks[i.checked_sub(1)?].raw, t.raw),
    };
    FRACTIONS
        .iter()
        .find(|(d, _)| denominator.eq_ignore_ascii_case(d))
        .and_then(|(_, ns)| ns.iter().find(|(n, _)| numerator.eq_ignore_ascii_case(n)))
        .map(|&(_, percent)| percent)
}

/// How far, in percentage points, a source's percentage may stand from a share in words that
/// it states (`Key::share`): "a quarter" is said of 24%, "a third" of 31–35%, "half" of 48%.
const SHARE_TOLERANCE: f64 = 2.5;

/// The percentage a share in words states at `toks[i]`: a fraction ([`fraction_at`]) followed
/// by "of" ("half of the respondents", "two thirds of voters"), as "50% of the respondents"
/// states it; not a part of a sequence ("the second half of the season", "the first quarter
/// of 2023"), which follows "the" or an ordinal.
fn share_at(toks: &[Token<'_>], i: usize) -> Option<f64> {
    let percent = fraction_at(toks, i)?;
    let of = toks.get(i + 1)?.raw.eq_ignore_ascii_case("of");
    // The word before the fraction: its numerator's for "a third", "two thirds".
    let first = if toks[i].raw.eq_ignore_ascii_case("half") || toks[i].raw.contains('-') {
        i
    } else {
        i - 1
    };
    let sequence = first
        .checked_sub(1)
        .map(|j| lower_cow(toks[j].raw))
        .is_some_and(|w| w == "the" || ordinal_word(&w));
    (of && !sequence).then_some(percent)
}

/// Whether `w` (lower case) is an ordinal in words or digits ("first", "second", "3rd").
fn ordinal_word(w: &str) -> bool {
    [
        "first", "second", "third", "fourth", "last", "final", "opening",
    ]
    .contains(&w)
        || (w.len() > 2
            && w.starts_with(|c: char| c.is_ascii_digit())
            && ["st", "nd", "rd", "th"].iter().any(|s| w.ends_with(s)))
}

/// The spans between the years of one sentence, in whole years: for every two years `a < b`
/// written in digits in `toks` (a sentence's tokens; four digits, 1000–2100, no scale word
/// after), `b − a` (at least 1). A sentence that dates two events states how far apart they
/// are ("born in 1900 and died in 1950" states that he died at 50; "the Ming dynasty
/// (1368–1644)" that it lasted 276 years): an age or a duration derived so is grounded, not
/// novel. Only years of one sentence are paired (a long source has many
/// years, and the difference of two unrelated ones states nothing); at most the first 12 years of
/// a sentence are paired.
pub fn year_gaps(toks: &[Token<'_>]) -> Vec<u32> {
    let years: Vec<u32> = (0..toks.len())
        .filter_map(|i| year_at(toks, i))
        .take(12)
        .collect();
    distinct_gaps(&years)
}

/// The year the number token `toks[i]` writes, as [`year_gaps`] reads one: four digits,
/// 1000–2100, no group comma ("1,200" is none), no scale word after.
fn year_at(toks: &[Token<'_>], i: usize) -> Option<u32> {
    let t = &toks[i];
    if !t.is_number || t.raw.contains(',') || is_number_scale(toks, i + 1) {
        return None;
    }
    let key = number_key(toks, i);
    (key.len() == 4)
        .then(|| key.parse::<u32>().ok())
        .flatten()
        .filter(|y| (1000..=2100).contains(y))
}

/// Every `|a − b|` of at least 1 between two of `values`, each once, in order of first meeting.
fn distinct_gaps(values: &[u32]) -> Vec<u32> {
    let mut gaps = Vec::new();
    for (i, a) in values.iter().enumerate() {
        for b in &values[i + 1..] {
            let d = a.abs_diff(*b);
            if d >= 1 && !gaps.contains(&d) {
                gaps.push(d);
            }
        }
    }
    gaps
}

/// The differences between two whole numbers of one sentence that are no years: for the first
/// [`NUMBER_GAPS_MAX`] such numbers written in digits in `toks` (a sentence's tokens; no scale
/// word after, no decimal point), every `|a − b|` of at least 1. A sentence that states two
/// counts states their difference as well ("won 11 of its 17 games" states 6 losses, "lost
/// 24-17" a seven-point margin): a number derived so is grounded, as a span between two years
/// is ([`year_gaps`]).
pub fn number_gaps(toks: &[Token<'_>]) -> Vec<u32> {
    let numbers: Vec<u32> = (0..toks.len())
        .filter(|&i| {
            toks[i].is_number && !is_number_scale(toks, i + 1) && year_at(toks, i).is_none()
        })
        .filter_map(|i| number_key(toks, i).parse::<u32>().ok())
        .take(NUMBER_GAPS_MAX)
        .collect();
    distinct_gaps(&numbers)
}

/// The shares of a sentence's numbers that its percentages state: for the first
/// [`NUMBER_GAPS_MAX`] percentages and other numbers that are no years in `toks` (a sentence's
/// tokens, offsets in `text`), every `p % × n`, rounded to a whole number, of at least 10 (a
/// small share, rounded, matches a small number of the answer by chance). A
/// sentence that states a total and a percentage of it states the part as well ("Roughly 30,000
/// climbers attempt the summit each year, and about 45 percent of them reach it" states 13,500
/// who reach it): a number derived so is grounded, as a difference is ([`number_gaps`]).
fn percent_shares(text: &str, toks: &[Token<'_>]) -> Vec<u32> {
    let (mut percents, mut numbers) = (Vec::new(), Vec::new());
    for i in (0..toks.len()).filter(|&i| toks[i].is_number && year_at(toks, i).is_none()) {
        let Some(v) = number_value(&number_key(toks, i)) else {
            continue;
        };
        if is_percentage(text, toks, i) {
            percents.push(v);
        } else {
            numbers.push(v);
        }
    }
    let mut out = Vec::new();
    for p in percents.iter().take(NUMBER_GAPS_MAX) {
        for n in numbers.iter().take(NUMBER_GAPS_MAX) {
            let share = (p * n / 100.0).round();
            if (10.0..=f64::from(u32::MAX)).contains(&share) && !out.contains(&(share as u32)) {
                out.push(share as u32);
            }
        }
    }
    out
}

/// How many whole numbers of a sentence [`number_gaps`] pairs: six give at most 15 differences
/// (a sentence with many numbers, a table or a score line, would state too many by chance).
const NUMBER_GAPS_MAX: usize = 6;

/// What a request writes in lower case, the evidence that a capitalised word is no name or
/// that an ordinary word opening a sentence opens one ([`opens_name_run`]).
#[derive(Debug, Default)]
struct LowerVocab<'a> {
    /// Words that occur in lower case (first letter not upper case) somewhere in the request,
    /// lower-cased (borrowed from the request when they already are).
    words: FastSet<Cow<'a, str>>,
    /// The pairs of capitalised words the request writes mid-sentence one character apart (a
    /// space, as a rule), lower-cased and joined by a space ("little ashby" for "… in Little
    /// Ashby …"; [`joined_lower`]; a word holds no space, so the pair is one string either way
    /// it is split).
    pairs: FastSet<String>,
}

impl<'a> LowerVocab<'a> {
    /// The vocabulary of texts given by their [`tokens`].
    fn of(texts: &[&[Token<'a>]]) -> Self {
        // Sized for every token up front: growing it rehashed every word several times.
        let n = texts.iter().map(|t| t.len()).sum();
        let mut words = FastSet::with_capacity_and_hasher(n, Default::default());
        let mut pairs = FastSet::default();
        for toks in texts {
            for (j, tok) in toks.iter().enumerate() {
                if !tok.is_number && !capitalised(tok) {
                    words.insert(crate::text::lower_cow(tok.raw));
                }
                if let Some(prev) = j.checked_sub(1).map(|p| &toks[p]) {
                    if capitalised(prev)
                        && capitalised(tok)
                        && !prev.sentence_start
                        && !tok.sentence_start
                        && prev.start + prev.raw.len() + 1 == tok.start
                    {
                        pairs.insert(joined_lower(prev.raw, ' ', tok.raw));
                    }
                }
            }
        }
        LowerVocab { words, pairs }
    }

    /// Whether the request writes `lower` (a lower-cased word) in lower case.
    fn has_word(&self, lower: &str) -> bool {
        self.words.contains(lower)
    }

    /// Whether the request writes the words `a` and `b` (as written) mid-sentence as a pair of
    /// capitalised words, in any case.
    fn has_pair(&self, a: &str, b: &str) -> bool {
        !self.pairs.is_empty() && self.pairs.contains(&joined_lower(a, ' ', b))
    }
}

/// Words `a` and `b` lower-cased ([`crate::text::to_lower`]) and joined by `sep`, in one
/// allocation: the key of a pair in [`LowerVocab::pairs`] ("little ashby"), or of a name joined
/// by an en dash ("lincoln-douglas", [`SourceIndex::build`]).
fn joined_lower(a: &str, sep: char, b: &str) -> String {
    let mut key = String::with_capacity(a.len() + b.len() + sep.len_utf8());
    crate::text::push_lower(&mut key, a);
    key.push(sep);
    crate::text::push_lower(&mut key, b);
    key
}

/// The names, numbers and years an answer states beyond its prompt ([`answer_keys`]): what two
/// answers to the same question must share to say the same thing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AnswerKeys {
    /// Normal forms of the stated names, numbers and years, each with its kind.
    keys: Vec<(KeyKind, String)>,
}

impl AnswerKeys {
    /// Whether this answer and `other` state different things of one kind: each states at least
    /// one name (or number, or year) the prompt does not, and they share none of that kind ("The
    /// capital is Paris." against "The capital is Lyon."; "completed in 1889" against "in 1925").
    /// The rule that makes a claim whose aligned source sentence names a different entity, number
    /// or date contradicted (DESIGN §2.1), applied to two answers; it is what a sentence
    /// embedding misses (all-MiniLM-L6-v2 gives those two sentences cosine 0.75, a paraphrase
    /// 0.85).
    pub fn conflicts_with(&self, other: &AnswerKeys) -> bool {
        ENTITY_KINDS.into_iter().any(|kind| {
            fn of(a: &AnswerKeys, kind: KeyKind) -> Vec<&str> {
                a.keys
                    .iter()
                    .filter(|(k, _)| *k == kind)
                    .map(|(_, n)| n.as_str())
                    .collect()
            }
            let (mine, theirs) = (of(self, kind), of(other, kind));
            !mine.is_empty() && !theirs.is_empty() && !mine.iter().any(|m| theirs.contains(m))
        })
    }
}

/// The [`AnswerKeys`] of each of `answers` (answers to `prompt`, when known): the names, numbers
/// (not list numbering) and years of their sentences, as grounding keys them (names by
/// capitalisation, numbers normalised, "twelve" = "12"), leaving out those the prompt states.
pub fn answer_keys(answers: &[&str], prompt: Option<&str>) -> Vec<AnswerKeys> {
    let prompt = prompt.unwrap_or("");
    let toks: Vec<Vec<Token<'_>>> = answers.iter().map(|a| tokens(a)).collect();
    let prompt_toks = tokens(prompt);
    let mut all: Vec<&[Token<'_>]> = toks.iter().map(Vec::as_slice).collect();
    all.push(&prompt_toks);
    let lower_vocab = LowerVocab::of(&all);
    let stated = |text: &str, toks: &[Token<'_>]| -> Vec<(KeyKind, String)> {
        let mut spans = sentence_spans(text);
        if spans.is_empty() && !text.trim().is_empty() {
            // An answer without a letter ("13", "1889") is one sentence of its own.
            spans.push((0, text.len()));
        }
        spans
            .into_iter()
            .flat_map(|sp| sentence_keys(text, sp, span_tokens(toks, sp), &lower_vocab).0)
            .filter(|k| !k.negation && k.kind != KeyKind::Word)
            .map(|k| (k.kind, k.norm.into_owned()))
            .collect()
    };
    let in_prompt: FastSet<String> = stated(prompt, &prompt_toks)
        .into_iter()
        .map(|(_, n)| n)
        .collect();
    answers
        .iter()
        .zip(&toks)
        .map(|(a, t)| AnswerKeys {
            keys: stated(a, t)
                .into_iter()
                .filter(|(_, n)| !in_prompt.contains(n))
                .collect(),
        })
        .collect()
}

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

/// The context indexed for alignment: its sentences' key tokens as ids, an inverted index and
/// idf weights.
struct SourceIndex<'a> {
    spans: Vec<(usize, usize)>,
    /// Key-token ids of every sentence, one after the other: sentence `s` holds
    /// `sent_ids[sent_at[s]..sent_at[s + 1]]`, sorted and deduplicated (one allocation for all
    /// sentences, not one per sentence: a 100 000-character source has about a thousand).
    sent_ids: Vec<u32>,
    /// Kind of each key token, parallel to `sent_ids`.
    sent_kinds: Vec<KeyKind>,
    /// [`Key::run`] of each key token in its sentence, parallel to `sent_ids` (a name stated
    /// twice in a sentence keeps its first).
    sent_runs: Vec<u32>,
    /// The first name id of each inflection stem that differs from its name ("alli" for
    /// "allied"), for [`SourceIndex::id_of`].
    name_stems: FastMap<String, u32>,
    /// Where each sentence's ids start in `sent_ids`; one more entry than sentences.
    sent_at: Vec<usize>,
    /// Whether each sentence holds a negation.
    sent_neg: Vec<bool>,
    /// Whether each sentence holds a negation other than a "without" before a gerund, which
    /// denies only its own clause ([`without_gerund`]), or a negative implicative, which denies
    /// only the verb after it ("…was completed in 2001, but the label refused to release it";
    /// [`NEGATIVE_IMPLICATIVES`]): the sentence's polarity as a whole.
    sent_neg_main: Vec<bool>,
    /// Whether each sentence refers back to another by a pronoun (it, he, she, they, its, …).
    sent_refers_back: Vec<bool>,
    /// For each key-token id, how the sources state it: [`STATED_AFFIRMED`] when some
    /// occurrence is outside a "no" phrase, [`STATED_DENIED`] when some is inside one
    /// ([`denied_by_no`]).
    stated: Vec<u8>,
    /// Whether each sentence opens with such a pronoun ("Its elevation …", "He was born …"):
    /// its subject is the previous sentence's.
    sent_opens_back: Vec<bool>,
    /// Whether each sentence's subject refers to an entity named before it: it opens with a
    /// pronoun of [`BACK_REFERENCES`], with one right after a fronted adverbial that names
    /// nothing ("At seventeen, he joined …"), or with a definite description
    /// ([`opens_with_description`]).
    sent_subject_elsewhere: Vec<bool>,
    /// The [`Key::run`] of each sentence's subject when it is a name: the run of the first name
    /// among its first two key tokens ("The Normans were …", "Mount Everest, on …": a
    /// sentence-initial "Mount" reads as a word), else [`NO_RUN`] ("In 1884 he emigrated …").
    sent_subject: Vec<u32>,
    vocab: FastMap<Cow<'a, str>, u32>,
    norms: Vec<Cow<'a, str>>,
    /// Value and id of every number and date key token, in id order.
    numbers: Vec<(f64, u32)>,
    /// Every number read with its unit (`Key::qty`), its id and its sentence, in order of the
    /// text.
    quantities: Vec<(Quantity, u32, u32)>,
    /// Sentences holding each key-token id, in increasing order: id `i` occurs in
    /// `postings[post_at[i]..post_at[i + 1]]` (compressed sparse rows: one allocation, not one
    /// per distinct word).
    postings: Vec<u32>,
    /// Where each id's sentences start in `postings`; one more entry than ids.
    post_at: Vec<usize>,
    idf: Vec<f64>,
    /// [`year_gaps`] and [`number_gaps`] of every sentence, one after the other
    /// (`Grounding::source_gaps`).
    gaps: Vec<u32>,
    /// The years of the sources ([`SourceIndex::years`]), sorted, found on first use.
    years: std::cell::OnceCell<Vec<u32>>,
    /// The ids of the names of the sources (a key of [`KeyKind::Name`] where the sources first
    /// state it), sorted by normal form, found on first use ([`SourceIndex::clipped_name`]).
    names_by_norm: std::cell::OnceCell<Vec<u32>>,
}

impl<'a> SourceIndex<'a> {
    /// Indexes the sentences of `context` (its [`tokens`] `context_tokens`). A sentence whose
    /// capitalised names spell one of `initialisms` (lower-cased letters, sorted; see
    /// [`spelled_initialisms`])
    /// also holds that initialism as a name key, so "U.S" in an answer finds "United States"; a
    /// hyphenated name also holds its parts as name keys.
    fn build(
        context: &'a str,
        context_tokens: &[Token<'a>],
        lower_vocab: &LowerVocab<'_>,
        initialisms: &[String],
    ) -> SourceIndex<'a> {
        let spans = source_sentence_spans(context);
        let mut vocab: FastMap<Cow<'a, str>, u32> =
            FastMap::with_capacity_and_hasher(context_tokens.len(), Default::default());
        let mut norms = Vec::new();
        let mut sent_ids: Vec<u32> = Vec::new();
        let mut sent_kinds: Vec<KeyKind> = Vec::new();
        let mut sent_runs: Vec<u32> = Vec::new();
        let mut sent_at: Vec<usize> = Vec::with_capacity(spans.len() + 1);
        sent_at.push(0);
        let mut sent_neg = Vec::with_capacity(spans.len());
        let mut sent_neg_main = Vec::with_capacity(spans.len());
        let mut sent_refers_back = Vec::with_capacity(spans.len());
        let mut sent_opens_back = Vec::with_capacity(spans.len());
        let mut sent_subject = Vec::with_capacity(spans.len());
        let mut sent_subject_elsewhere = Vec::with_capacity(spans.len());
        let mut pairs: Vec<(u32, KeyKind, u32)> = Vec::new();
        let mut stated: Vec<u8> = Vec::new();
        let mut name_stems: FastMap<String, u32> = FastMap::default();
        let mut gaps_all = Vec::new();
        let mut quantities = Vec::new();
        for &sp in &spans {
            let toks = span_tokens(context_tokens, sp);
            let (mut ks, refers_back) = sentence_keys(context, sp, toks, lower_vocab);
            // A hyphenated name ("Skłodowska-Curie") also holds its parts: an answer may name
            // her "Marie Curie"; a compound that prefixes a name holds the name
            // ("non-English-language": "English", "pre-Columbian").
            for t in toks.iter().filter(|t| t.raw.contains('-')) {
                let name = t.raw.chars().next().is_some_and(char::is_uppercase);
                ks.extend(
                    t.raw
                        .split('-')
                        .filter(|p| name || p.chars().next().is_some_and(char::is_uppercase))
                        .filter(|p| p.chars().nth(1).is_some() && !is_stopword(&lower_cow(p)))
                        .map(|p| {
                            // A demonym is its place's key, as in `sentence_keys`.
                            let lower = lower_cow(p);
                            let place = demonym_place(&lower).map_or(lower, Cow::Borrowed);
                            Key::name(normal_form(fold_diacritics(place)))
                        }),
                );
            }
            // Names joined by an en dash ("the Lincoln–Douglas debates", "the Michelson–Morley
            // experiment": two tokens) also hold the name hyphenated, as an answer may write
            // it with a hyphen ("the Lincoln-Douglas debates"; one token, one key).
            for w in toks.windows(2) {
                if capitalised(&w[0]) && capitalised(&w[1]) && gap(context, w, 0, 1) == "–" {
                    let joined = joined_lower(w[0].raw, '-', w[1].raw);
                    ks.push(Key::name(normal_form(fold_diacritics(Cow::Owned(joined)))));
                }
            }
            // An initialism that is a stop word in capitals ("WHO", "US": `stopword_initialism`),
            // which `sentence_keys` passes over as a stop word, holds its letters: the key an
            // answer's spelled-out name finds ("World Health Organization", `analyse_tokens`).
            // (Capitals first: lower-casing every capitalised word of a long source to test it
            // for a stop word would allocate per token.)
            ks.extend(
                (0..toks.len())
                    .filter(|&i| stopword_initialism(toks, i))
                    .filter(|&i| is_stopword(&lower_cow(toks[i].raw)))
                    .filter_map(|i| initialism_letters(toks[i].raw))
                    .map(|l| Key::name(Cow::Owned(l))),
            );
            // Initials written apart ("J. K. Rowling": single letters, which are not keyed)
            // also hold their letters joined, the key of an answer's "J.K." or "JK".
            let initial =
                |t: &Token<'_>| t.raw.len() == 1 && t.raw.as_bytes()[0].is_ascii_uppercase();
            let mut k = 0;
            while k < toks.len() {
                // The run of initials from token k to token e, one "." after each.
                let mut e = k;
                if initial(&toks[k]) {
                    while e + 1 < toks.len()
                        && initial(&toks[e + 1])
                        && gap(context, toks, e, e + 1) == "."
                    {
                        e += 1;
                    }
                }
                if e > k
                    && toks.get(e + 1).is_some_and(capitalised)
                    && gap(context, toks, e, e + 1) == "."
                {
                    let letters: String = toks[k..=e]
                        .iter()
                        .map(|t| t.raw.to_ascii_lowercase())
                        .collect();
                    ks.push(Key::name(Cow::Owned(letters)));
                }
                k = e + 1;
            }
            if !initialisms.is_empty() {
                let spelled = spelled_initialisms(context, toks);
                ks.extend(
                    initialisms
                        .iter()
                        .filter(|l| spelled.contains(*l) || spells_long_form(toks, l))
                        .map(|l| Key::name(Cow::Owned(l.clone()))),
                );
            }
            // The spans between its years, the differences between its whole numbers and the
            // shares its percentages state are stated too (`year_gaps`, `number_gaps`,
            // `percent_shares`), as words: found by an answer's number, never a number of the
            // sentence that conflicts with one.
            let mut gaps = year_gaps(toks);
            for d in number_gaps(toks)
                .into_iter()
                .chain(percent_shares(context, toks))
            {
                if !gaps.contains(&d) {
                    gaps.push(d);
                }
            }
            ks.extend(gaps.iter().map(|d| Key {
                norm: Cow::Owned(d.to_string()),
                kind: KeyKind::Word,
                negation: false,
                approx: false,
                share: false,
                qty: None,
                run: NO_RUN,
                at: 0,
            }));
            gaps_all.extend(gaps);
            sent_refers_back.push(refers_back);
            let opens_back = toks.first().is_some_and(|t| {
                let lower = lower_cow(t.raw);
                BACK_REFERENCES.contains(&lower.as_ref())
            });
            sent_opens_back.push(opens_back);
            // … or a pronoun right after a fronted adverbial that names nothing: "At seventeen
            // or eighteen years of age, he joined Plato's Academy …", "In 1884, she emigrated …".
            let fronted_back = (1..toks.len())
                .find(|&j| gap(context, toks, j - 1, j) == ",")
                .is_some_and(|j| {
                    BACK_REFERENCES.contains(&lower_cow(toks[j].raw).as_ref())
                        && !ks
                            .iter()
                            .any(|k| k.kind == KeyKind::Name && (k.at as usize) < j)
                });
            sent_subject_elsewhere
                .push(opens_back || fronted_back || opens_with_description(context, toks));
            sent_subject.push(
                ks.iter()
                    .take(2)
                    .find(|k| k.kind == KeyKind::Name)
                    .map_or(NO_RUN, |k| k.run),
            );
            sent_neg.push(ks.iter().any(|k| k.negation));
            sent_neg_main.push(ks.iter().any(|k| {
                let at = k.at as usize;
                k.negation
                    && !toks[at].raw.eq_ignore_ascii_case("without")
                    && !implicative_at(toks, at)
            }));
            pairs.clear();
            for k in ks.into_iter().filter(|k| !k.negation) {
                // A key seen before is looked up without copying it (`entry` takes its key by
                // value: a lower-cased name is a String).
                let id = match vocab.get(&k.norm) {
                    Some(&id) => id,
                    None => {
                        let id = norms.len() as u32;
                        // A name written in another inflection ("the Allies" for "the Allied
                        // Powers") is found by the stem they share (`SourceIndex::id_of`).
                        if k.kind == KeyKind::Name {
                            if let Some(stem) = changed_stem(&k.norm) {
                                name_stems.entry(stem).or_insert(id);
                            }
                        }
                        norms.push(k.norm.clone());
                        stated.push(0);
                        vocab.insert(k.norm, id);
                        id
                    }
                };
                stated[id as usize] |=
                    if k.kind == KeyKind::Word && denied_by_no(context, toks, k.at as usize) {
                        STATED_DENIED
                    } else {
                        STATED_AFFIRMED
                    };
                if let Some(q) = k.qty {
                    quantities.push((q, id, (sent_at.len() - 1) as u32));
                }
                pairs.push((id, k.kind, k.run));
            }
            pairs.sort_by_key(|p| p.0);
            pairs.dedup_by_key(|p| p.0);
            sent_ids.extend(pairs.iter().map(|p| p.0));
            sent_kinds.extend(pairs.iter().map(|p| p.1));
            sent_runs.extend(pairs.iter().map(|p| p.2));
            sent_at.push(sent_ids.len());
        }
        // Postings by a counting sort of (id, sentence) on id; sentences come in increasing
        // order, and the sort is stable, so each id's sentences stay in increasing order.
        let mut post_at = vec![0usize; norms.len() + 1];
        for &id in &sent_ids {
            post_at[id as usize + 1] += 1;
        }
        for i in 0..norms.len() {
            post_at[i + 1] += post_at[i];
        }
        let mut postings = vec![0u32; sent_ids.len()];
        let mut next = post_at.clone();
        for (si, w) in sent_at.windows(2).enumerate() {
            for &id in &sent_ids[w[0]..w[1]] {
                postings[next[id as usize]] = si as u32;
                next[id as usize] += 1;
            }
        }
        let n = spans.len().max(1) as f64;
        let idf = post_at
            .windows(2)
            .map(|w| (1.0 + n / (w[1] - w[0]).max(1) as f64).ln())
            .collect();
        let numbers = (0..norms.len() as u32)
            .filter(|&id| {
                norms[id as usize]
                    .bytes()
                    .all(|b| b.is_ascii_digit() || b == b'.')
            })
            .filter_map(|id| number_value(&norms[id as usize]).map(|v| (v, id)))
            .collect();
        SourceIndex {
            spans,
            numbers,
            quantities,
            sent_ids,
            sent_kinds,
            sent_runs,
            name_stems,
            sent_at,
            sent_neg,
            sent_neg_main,
            sent_refers_back,
            stated,
            sent_opens_back,
            sent_subject_elsewhere,
            sent_subject,
            vocab,
            norms,
            postings,
            post_at,
            idf,
            gaps: gaps_all,
            years: std::cell::OnceCell::new(),
            names_by_norm: std::cell::OnceCell::new(),
        }
    }

    /// The id of key token `k`: its own, or for a number stated as approximate the first
    /// number of the sources that rounds to it (`text::rounds_to`: "about 20,000" is found as
    /// "21,196"), for a decade the first year of the sources in it ("1870s" by "1876"), for a
    /// name the name of the sources with the same inflection stem ("Allies" by "Allied"), for
    /// a number with a unit the first quantity of the sources it restates in another unit
    /// (`Quantity::restates`: "2.7 kilometres" by "2,737 metres"), for a share in words a
    /// number of the sources within [`SHARE_TOLERANCE`] of it ("a quarter" by "24 per cent");
    /// None when the sources lack it.
    fn id_of(&self, k: &Key<'_>) -> Option<u32> {
        self.vocab
            .get(&k.norm)
            .copied()
            .or_else(|| {
                k.approx
                    .then(|| {
                        self.numbers
                            .iter()
                            .find(|(v, _)| in_decade(*v, &k.norm) || rounds_to(*v, &k.norm))
                            .map(|&(_, id)| id)
                    })
                    .flatten()
            })
            .or_else(|| {
                // A share in words is a rounded percentage: "a quarter" of "24 per cent".
                let share = number_value(&k.norm).filter(|_| k.share)?;
                self.numbers
                    .iter()
                    .find(|(v, _)| (v - share).abs() <= SHARE_TOLERANCE)
                    .map(|&(_, id)| id)
            })
            .or_else(|| {
                let q = k.qty?;
                self.quantities
                    .iter()
                    .find(|(s, _, _)| q.restates(s))
                    .map(|&(_, id, _)| id)
            })
            .or_else(|| {
                // A name in another inflection than the sources' ("Allies" for "Allied").
                if k.kind != KeyKind::Name {
                    return None;
                }
                self.name_stems.get(&changed_stem(&k.norm)?).copied()
            })
    }

    /// The sentences holding key-token `id`, in increasing order.
    fn posting(&self, id: u32) -> &[u32] {
        &self.postings[self.post_at[id as usize]..self.post_at[id as usize + 1]]
    }

    /// The key-token ids of sentence `s` (sorted) and their kinds.
    /// The years the sources state (`KeyKind::Year` keys), each once, found on first use.
    fn years(&self) -> &[u32] {
        self.years.get_or_init(|| {
            let mut years: Vec<u32> = self
                .sent_ids
                .iter()
                .zip(&self.sent_kinds)
                .filter(|(_, k)| **k == KeyKind::Year)
                .filter_map(|(id, _)| self.norms[*id as usize].parse().ok())
                .collect();
            years.sort_unstable();
            years.dedup();
            years
        })
    }

    fn sentence(&self, s: u32) -> (&[u32], &[KeyKind]) {
        let r = self.sent_at[s as usize]..self.sent_at[s as usize + 1];
        (&self.sent_ids[r.clone()], &self.sent_kinds[r])
    }

    /// The sentences sharing the most idf weight with `ids` (best first, at most `k`, score > 0);
    /// `scores` is left holding every sentence's shared weight (with `k` = 0, that is all it computes).
    fn best(&self, ids: &[u32], k: usize, scores: &mut FastMap<u32, f64>) -> Vec<(u32, f64)> {
        self.best_continued(ids, &[], k, scores)
    }

    /// [`SourceIndex::best`], where a sentence that continues `subject` (the claim's subject
    /// names, all of one run, among `ids`) as its own subject ([`SourceIndex::continues_subject`]:
    /// "He is best known for his vlogs" after "Roman Atwood is …") also shares the weight of
    /// those names it lacks: it states them by a pronoun or a description (centering, Grosz et
    /// al. 1995).
    fn best_continued(
        &self,
        ids: &[u32],
        subject: &[u32],
        k: usize,
        scores: &mut FastMap<u32, f64>,
    ) -> Vec<(u32, f64)> {
        scores.clear();
        for &id in ids {
            let w = self.idf[id as usize];
            for &s in self.posting(id) {
                *scores.entry(s).or_default() += w;
            }
        }
        if !subject.is_empty() {
            for (&s, sc) in scores.iter_mut() {
                if self.continues_subject(s, subject) {
                    for &e in subject.iter().filter(|&&e| !self.has(s, e)) {
                        *sc += self.idf[e as usize];
                    }
                }
            }
        }
        if k == 0 {
            return Vec::new();
        }
        // The k best by a strict order (weight descending, then sentence ascending): a selection
        // then a sort of those k, not a sort of every sentence that shares a word.
        let order = |a: &(u32, f64), b: &(u32, f64)| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0));
        let mut v: Vec<(u32, f64)> = scores.iter().map(|(&s, &w)| (s, w)).collect();
        if v.len() > k {
            v.select_nth_unstable_by(k - 1, order);
            v.truncate(k);
        }
        v.sort_by(order);
        v
    }

    /// Entity anchoring of key `e` in a claim (or clause) whose sentence weights are `scores`
    /// (from [`SourceIndex::best_continued`] with the same `subject`) and whose three best sentences are `top3`: the weight the best
    /// sentence holding `e` shares with the rest of the claim (its score less `e`'s own idf),
    /// over the larger of that and the best sentence lacking `e`'s score, in [0,1]; `None` when
    /// no sentence shares anything with the rest. `top3` is in score order, so the best sentence
    /// holding `e` is the first of `top3` that holds it (else a walk of its posting: every
    /// sentence holding it is scored), and the best without it the first of `top3` that lacks it
    /// (else, when all three hold it, a scan of the scores). For a name of the claim's
    /// `subject` (its names' ids, [`SourceIndex::best_continued`]), a sentence that continues
    /// it as its subject ([`SourceIndex::continues_subject`]: "He posts …" after "Roman Atwood
    /// is …") holds it too.
    fn anchoring(
        &self,
        e: u32,
        subject: &[u32],
        top3: &[(u32, f64)],
        scores: &FastMap<u32, f64>,
    ) -> Option<f64> {
        let (w, post) = (self.idf[e as usize], self.posting(e));
        let states = |s: &u32| post.binary_search(s).is_ok();
        let continues = |s: &u32| subject.contains(&e) && self.continues_subject(*s, subject);
        let lacks = |s: &u32| !(states(s) || continues(s));
        let holding = match top3.iter().find(|(s, _)| !lacks(s)) {
            Some(&(_, sc)) => (sc - w).max(0.0),
            None => post
                .iter()
                .filter_map(|s| scores.get(s))
                .map(|sc| sc - w)
                .fold(0.0f64, f64::max),
        };
        let without = match top3.iter().find(|(s, _)| lacks(s)) {
            Some(&(_, sc)) => sc,
            None if top3.len() < 3 => 0.0,
            None => scores
                .iter()
                .filter(|(s, _)| lacks(s))
                .map(|(_, &sc)| sc)
                .fold(0.0f64, f64::max),
        };
        let any = holding.max(without);
        (any > 1e-9).then(|| (holding / any).clamp(0.0, 1.0))
    }

    /// Sentence `s` of `context` (the text this index was built from) as a claim's aligned
    /// source span, with character offsets.
    fn source_span(&self, context: &str, s: u32) -> SourceSpan {
        let (ss, se) = self.spans[s as usize];
        let start = context[..ss].chars().count();
        SourceSpan {
            start,
            end: start + context[ss..se].chars().count(),
            text: context[ss..se].to_string(),
        }
    }

    /// Whether sentence `s` continues the claim's subject, names `ids` (one run of a claim), as
    /// its own subject: its subject refers to an entity named before it
    /// ([`SourceIndex::sent_subject_elsewhere`]), and the sentence before has every one of `ids`
    /// in its subject or continues it so in turn ("Paris is … . Its population is … . It
    /// hosts …"): the subject continues the previous sentence's center (Grosz et al. 1995), not
    /// any entity named earlier ("Salisbury Heights is a suburb … . The City of Tea Tree Gully
    /// is … . The city has …" is no sentence about Salisbury Heights; "D.C. Cab is a film
    /// starring Max Gail, Adam Baldwin, … . He most notably …" is none about Adam Baldwin).
    /// A subject that shares only part of the name ("Rameez Hasan" against "Wasim Hasan Raja
    /// … . His younger brother …") is another entity.
    fn continues_subject(&self, s: u32, ids: &[u32]) -> bool {
        let mut t = s as usize;
        while !ids.is_empty() && t > 0 && self.sent_subject_elsewhere[t] {
            t -= 1;
            if ids.iter().all(|&id| self.subject_is(t, id)) {
                return true;
            }
        }
        false
    }

    /// Whether name `id` is of the run of sentence `t`'s subject ([`SourceIndex::sent_subject`]).
    fn subject_is(&self, t: usize, id: u32) -> bool {
        let run = self.sent_subject[t];
        let (ids, at) = (
            &self.sent_ids[self.sent_at[t]..self.sent_at[t + 1]],
            self.sent_at[t],
        );
        run != NO_RUN
            && ids
                .binary_search(&id)
                .is_ok_and(|j| self.sent_runs[at + j] == run)
    }

    /// Whether the sources state key token `id` only inside a "no" phrase ("No injuries were
    /// reported"): they deny it wherever they name it.
    fn only_denied(&self, id: u32) -> bool {
        self.stated[id as usize] == STATED_DENIED
    }

    fn has(&self, sentence: u32, id: u32) -> bool {
        self.sentence(sentence).0.binary_search(&id).is_ok()
    }

    /// The one name of the sources that `clip` (a name's normal form) begins and is at least
    /// twice as long as: a clipping of it ("the Met" for "the Metropolitan Museum of Art";
    /// Bauer 1983, *English Word-formation*, §10.3, clipping). None when no name of the
    /// sources, or more than one, begins so. A name is a key of [`KeyKind::Name`] where the
    /// sources first state it. A clipping keeps a syllable or two of a longer word: a name
    /// that lacks only a few letters of another is another name ("Aberdeen" is not
    /// "Aberdeenshire", "Weekend" not "Weekender").
    fn clipped_name(&self, clip: &str) -> Option<u32> {
        let names = self.names_by_norm.get_or_init(|| {
            let mut names: Vec<u32> = (0..self.norms.len() as u32)
                .filter(|&id| {
                    self.posting(id).first().is_some_and(|&s| {
                        let (ids, kinds) = self.sentence(s);
                        ids.binary_search(&id)
                            .is_ok_and(|j| kinds[j] == KeyKind::Name)
                    })
                })
                .collect();
            names.sort_unstable_by(|&a, &b| self.norms[a as usize].cmp(&self.norms[b as usize]));
            names
        });
        // The names that begin with `clip` are one run of the sorted list.
        let from = names.partition_point(|&id| self.norms[id as usize].as_ref() < clip);
        let mut found = names[from..]
            .iter()
            .copied()
            .take_while(|&id| self.norms[id as usize].starts_with(clip))
            .filter(|&id| self.norms[id as usize].len() >= 2 * clip.len());
        match (found.next(), found.next()) {
            (Some(id), None) => Some(id),
            _ => None,
        }
    }

    /// Whether name `id` of sentence `s` is a word of a run of capitalised names there that a
    /// claim names by part of it: one of `claim_runs` (the ids of each run of the claim's names)
    /// lies wholly within the run. "the Eagle" names the "Apollo Lunar Module Eagle" of the
    /// sentence, so its "Apollo" is no other name; "Michelle Obama" does not name "Barack Obama".
    /// Whether names `a` and `b` are the whole of one run of capitalised words ([`Key::run`])
    /// of some sentence ("Mary Shelley"; not "Manchester City F.C.", whose "City" a claim's
    /// "United" must not be read as a middle name of).
    fn in_one_run(&self, a: u32, b: u32) -> bool {
        self.posting(a)
            .iter()
            .filter(|s| self.posting(b).binary_search(s).is_ok())
            .any(|&s| {
                let r = self.sent_at[s as usize]..self.sent_at[s as usize + 1];
                let (ids, runs) = (&self.sent_ids[r.clone()], &self.sent_runs[r]);
                let run_of = |id: u32| ids.binary_search(&id).ok().map(|j| runs[j]);
                run_of(a).is_some_and(|ra| {
                    ra != NO_RUN
                        && run_of(b) == Some(ra)
                        && runs.iter().filter(|&&x| x == ra).count() == 2
                })
            })
    }

    /// The ids of the names in the run of capitalised names that holds `id` in sentence `s`
    /// (`id` itself among them; none when `s` does not hold it or holds it outside a run).
    fn run_members(&self, s: u32, id: u32) -> impl Iterator<Item = u32> + '_ {
        let r = self.sent_at[s as usize]..self.sent_at[s as usize + 1];
        let (ids, runs) = (&self.sent_ids[r.clone()], &self.sent_runs[r]);
        let run = ids
            .binary_search(&id)
            .ok()
            .map(|at| runs[at])
            .filter(|&run| run != NO_RUN);
        ids.iter()
            .zip(runs)
            .filter(move |(_, &r)| Some(r) == run)
            .map(|(&m, _)| m)
    }

    fn names_claim_entity(&self, s: u32, id: u32, claim_runs: &[Vec<Option<u32>>]) -> bool {
        let r = self.sent_at[s as usize]..self.sent_at[s as usize + 1];
        let (ids, runs) = (&self.sent_ids[r.clone()], &self.sent_runs[r]);
        let Ok(at) = ids.binary_search(&id) else {
            return false;
        };
        let run = runs[at];
        run != NO_RUN
            && claim_runs.iter().any(|c| {
                !c.is_empty()
                    && c.iter().all(|cid| {
                        cid.is_some_and(|cid| ids.binary_search(&cid).is_ok_and(|j| runs[j] == run))
                    })
            })
    }
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

/// A source sentence keyed for [`question_proximity`]: its number, its keys
/// ([`sentence_keys`]) and its life span ([`life_span`]).
type KeyedSentence<'a> = (u32, Vec<Key<'a>>, Option<(usize, usize)>);

/// Question proximity of the answer's key token `id` of kind `kind` in a source sentence, given
/// by its keys `ks` ([`sentence_keys`]): the
/// distance baseline of MCTest (Richardson, Burges and Renshaw 2013, "MCTest: A Challenge
/// Dataset for the Open-Domain Machine Comprehension of Text", §5: an answer stands near the
/// question's words in the passage), relative to the sentence's rivals. Distances are in tokens
/// ([`Key::at`]) from the nearest occurrence of a question key (`q_ids`); the rivals are the
/// sentence's keys of the same kind (numbers and years are one kind) that are neither question
/// keys nor keys of the answer (`answer_ids`) nor words of a name the question names (a run,
/// [`Key::run`], holding a question key) nor, for a year, a number up to two tokens before it
/// (the day of its date), nor the other year of a life span (`life`, [`life_span`]) the answer's
/// year is one of. When the sentence states the answer's number as a measure (a length,
/// a mass: [`Quantity::dimension`], not a time or a date), its rivals are the numbers it states
/// as measures of that dimension: "2,900 individual reefs" is no rival of "2,300 kilometres" for
/// "How long is the reef?". 1 when the token is at least as near as every
/// rival, else the nearest rival's distance over the token's, in (0,1). None when the sentence
/// holds no question key (it was reached by a bridge) or does not hold the token.
fn question_proximity(
    index: &SourceIndex<'_>,
    ks: &[Key<'_>],
    life: Option<(usize, usize)>,
    (q_ids, answer_ids): (&[u32], &[u32]),
    (id, kind): (u32, KeyKind),
) -> Option<f64> {
    let numeric = |k: KeyKind| matches!(k, KeyKind::Number | KeyKind::Year);
    let (mut q_at, mut a_at, mut rivals) = (Vec::new(), Vec::new(), Vec::new());
    // The runs of names the question names: "Group" of "The Oberoi Group" is no rival.
    let mut q_runs = Vec::new();
    // What the sentence measures with the answer's number, when it states it with a unit.
    let mut measures = None;
    for k in ks.iter().filter(|k| !k.negation) {
        let Some(&kid) = index.vocab.get(&k.norm) else {
            continue;
        };
        if kid == id {
            a_at.push(k.at);
            measures = measures.or(k.qty.map(|q| q.dimension()).filter(|d| d.is_measure()));
        } else if q_ids.contains(&kid) {
            q_at.push(k.at);
            q_runs.push(k.run);
        } else if (k.kind == kind || (numeric(k.kind) && numeric(kind)))
            && !answer_ids.contains(&kid)
        {
            rivals.push((k.at, k.run, k.kind, k.qty.map(|q| q.dimension())));
        }
    }
    // A number the sentence states as a measure (a length: "2,300 kilometres") has for rivals
    // only numbers of that measure: "2,900 individual reefs" or "344,400 square kilometres" do
    // not answer "How long is the reef?".
    if let Some(d) = measures {
        rivals.retain(|r| r.3 == Some(d));
    }
    // Nor, for a year, is a number within two tokens before it: the day of its date ("31" of
    // "born 31 October 1988").
    rivals.retain(|(at, run, k, _)| {
        (*run == NO_RUN || !q_runs.contains(run))
            && !(kind == KeyKind::Year
                && *k == KeyKind::Number
                && a_at.iter().any(|a| a > at && a - at <= 2))
    });
    // The two years of a life span stand equally near the person's name: which of them
    // answers is the event's (`life_span_swap`), not the distance's.
    if let Some((born, died)) = life {
        let (born, died) = (born as u32, died as u32);
        if a_at.contains(&born) || a_at.contains(&died) {
            rivals.retain(|r| r.0 != born && r.0 != died);
        }
    }
    let distance = |at: &u32| q_at.iter().map(|q| q.abs_diff(*at)).min();
    let own = a_at.iter().filter_map(distance).min()?;
    match rivals.iter().filter_map(|(at, ..)| distance(at)).min() {
        Some(rival) if rival < own => Some(f64::from(rival) / f64::from(own)),
        _ => Some(1.0),
    }
}

/// Second hops of question alignment (bridge questions, HotpotQA, Yang et al. 2018): "Where was
/// the singer who composed X born?" is matched by one sentence ("X … by the singer Mark
/// Knopfler") and answered by another that continues it ("He was born in Glasgow"). `scores`
/// holds each sentence's idf weight shared with the question `q_ids`, `firsts` the three best
/// ([`SourceIndex::best`]); for each such sentence `s`, a sentence `t` linked to it — one that names a
/// name of `s` the question does not (the bridge entity), or the sentence right after `s` when
/// it refers back by a pronoun — and that holds question words `s` lacks scores the weight of
/// `s` plus the weight of those words, if that is more than its own. A sentence right after `s`
/// that opens with the pronoun ("Its elevation of 8,849 metres was established …" after "Mount
/// Everest … is Earth's highest mountain") has the subject of `s` (the first name among its
/// first two keys, [`SourceIndex::sent_subject`]): it scores its own weight plus that of the question words
/// of `s` other than names of something else, even without more question words ("They were
/// descended from … Denmark" after "The Normans … gave their name to Normandy" gains nothing
/// for "In what country is Normandy?": "they" are the Normans, not Normandy). One that
/// only mentions `s`'s subject gains nothing: "Sydney is its largest city" after "Canberra is
/// the capital city of Australia" does not answer "What is the capital of Australia?".
fn bridge_hops(
    index: &SourceIndex<'_>,
    q_ids: &[u32],
    firsts: &[(u32, f64)],
    scores: &mut FastMap<u32, f64>,
) {
    let mut raised: Vec<(u32, f64)> = Vec::new();
    for &(s, w) in firsts {
        let next = s + 1;
        let continues = (next as usize) < index.spans.len();
        let (s_ids, s_kinds) = index.sentence(s);
        if continues && index.sent_opens_back[next as usize] {
            // The pronoun stands for the subject of `s`: what `s` says of it counts as said
            // again, the other names of `s` do not.
            let subject = index.sent_subject[s as usize];
            let s_runs = &index.sent_runs[index.sent_at[s as usize]..index.sent_at[s as usize + 1]];
            let inherited: f64 = s_ids
                .iter()
                .zip(s_kinds)
                .zip(s_runs)
                .filter(|&((id, kind), &run)| {
                    (*kind != KeyKind::Name || run == subject)
                        && q_ids.contains(id)
                        && !index.has(next, *id)
                })
                .map(|((&id, _), _)| index.idf[id as usize])
                .sum();
            if inherited > 0.0 {
                let own = scores.get(&next).copied().unwrap_or(0.0);
                raised.push((next, own + inherited));
            }
        }
        // Question words the first sentence lacks, and the names that can bridge from it.
        let rest: Vec<u32> = q_ids
            .iter()
            .copied()
            .filter(|id| s_ids.binary_search(id).is_err())
            .collect();
        if rest.is_empty() {
            continue;
        }
        let mut linked: Vec<u32> = s_ids
            .iter()
            .zip(s_kinds)
            .filter(|(id, k)| **k == KeyKind::Name && !q_ids.contains(id))
            .flat_map(|(id, _)| index.posting(*id).iter().copied())
            .filter(|&t| t != s)
            .collect();
        if continues && index.sent_refers_back[next as usize] {
            linked.push(next);
        }
        linked.sort_unstable();
        linked.dedup();
        for t in linked {
            let more: f64 = rest
                .iter()
                .filter(|&&id| index.has(t, id))
                .map(|&id| index.idf[id as usize])
                .sum();
            if more > 0.0 {
                raised.push((t, w + more));
            }
        }
    }
    for (t, w) in raised {
        let e = scores.entry(t).or_default();
        if w > *e {
            *e = w;
        }
    }
}

/// The unit of the number token or number word `toks[i]`: the word after it (after its scale
/// word, "5 million people"), in [`normal_form`], unless that is a number or a stop word. None
/// for a number with no unit ("in 5 of them", "3%" followed by "in").
fn unit_after<'a>(toks: &[Token<'a>], i: usize) -> Option<Cow<'a, str>> {
    let t = toks.get(unit_index(toks, i))?;
    let lower = lower_cow(t.raw);
    if t.is_number || is_stopword(&lower) || number_word(&lower).is_some() {
        return None;
    }
    Some(normal_form(lower))
}

/// Where the unit of the number `toks[i]` stands: right after it, or after its scale word.
fn unit_index(toks: &[Token<'_>], i: usize) -> usize {
    if is_number_scale(toks, i + 1) {
        i + 2
    } else {
        i + 1
    }
}

/// The key of the number token or number word `toks[i]` ([`number_key`], or the digits of a
/// number word, times the scale word after it: "fifteen hundred" → "1500",
/// [`scaled_number_word`]), None for other tokens and for that scale word.
fn number_at<'a>(toks: &[Token<'a>], i: usize) -> Option<Cow<'a, str>> {
    if toks[i].is_number {
        return Some(number_key(toks, i));
    }
    // The scale word of "fifteen hundred" is part of the number before it.
    let d = number_word_at(toks, i)
        .filter(|_| !is_fraction(toks, i) && word_scale_at(toks, i).is_none())?;
    Some(match scaled_number_word(toks, i, d) {
        Some(value) => Cow::Owned(value),
        None => Cow::Borrowed(d),
    })
}

/// Whether `toks[i]` is a word of an approximator ([`APPROXIMATORS`]: "roughly", "close to")
/// right before a number, in digits or words ("roughly 155 km", "close to fifty"): it states that
/// number as approximate (its key says so, `text::is_approximated`) and is no content word of its
/// own, as "about" is none.
pub(crate) fn approximates_number(toks: &[Token<'_>], i: usize) -> bool {
    let is_number = |j: usize| {
        toks.get(j).is_some_and(|t| {
            t.is_number || (may_be_number_word(t.raw) && number_word_at(toks, j).is_some())
        })
    };
    // Most words have no number within two words after them: that is told without the list.
    if !is_number(i + 1) && !is_number(i + 2) {
        return false;
    }
    // The approximator spelled from token `j` on: Some(its words), one or two.
    let spelled = |a: &str, j: usize| -> Option<usize> {
        let w = toks.get(j)?.raw;
        if !a.get(..w.len())?.eq_ignore_ascii_case(w) {
            return None;
        }
        if a.len() == w.len() {
            return Some(1);
        }
        let second = a.get(w.len()..)?.strip_prefix(' ')?;
        toks.get(j + 1)
            .filter(|t| t.raw.eq_ignore_ascii_case(second))
            .map(|_| 2)
    };
    // Its first word ("close" of "close to 50") or its second ("to").
    APPROXIMATORS.iter().any(|a| match spelled(a, i) {
        Some(1) => is_number(i + 1),
        Some(_) => is_number(i + 2),
        None => i > 0 && spelled(a, i - 1) == Some(2) && is_number(i + 1),
    })
}

/// The digits of the number word `toks[i]` ([`number_word`], "Twelve" → "12"), None for
/// numbers and other words. Lower-cased on the stack: this runs for every word of the aligned
/// sentences and of the sentences with a quantity.
pub(crate) fn number_word_at(toks: &[Token<'_>], i: usize) -> Option<&'static str> {
    let raw = toks[i].raw;
    let mut buf = [0u8; 16];
    let lower = buf.get_mut(..raw.len()).filter(|_| raw.is_ascii())?;
    lower.copy_from_slice(raw.as_bytes());
    lower.make_ascii_lowercase();
    number_word(std::str::from_utf8(lower).ok()?)
}

/// Whether the word `toks[i]` is an ordinal read as a fraction: after "a", "an" or "one" ("a
/// third", "one fifth"); "the third" is an ordinal. A fraction is no number of the text ("cut
/// by roughly a third" does not state 3).
fn is_fraction(toks: &[Token<'_>], i: usize) -> bool {
    let w = toks[i].raw;
    let is = |x: &str| w.eq_ignore_ascii_case(x);
    let ordinal = w
        .len()
        .checked_sub(2)
        .and_then(|at| w.get(at..))
        .is_some_and(|end| end.eq_ignore_ascii_case("th"))
        || is("third")
        || is("second");
    ordinal
        && i > 0
        && ["a", "an", "one"]
            .iter()
            .any(|w| toks[i - 1].raw.eq_ignore_ascii_case(w))
}

/// The claim's number `norm` (its key; the claim's tokens are `claim_toks`) as quantities: for
/// each place the claim states it with a unit ([`unit_after`]), that unit and the words around
/// it ([`words_around`]); empty when the claim gives it no unit.
fn claim_quantities<'a>(claim_toks: &[Token<'a>], norm: &str) -> Quantities<'a> {
    // Only a number some number word writes can stand in a word: the others need no lookup.
    let has_word_form = NUMBER_WORDS.iter().any(|&(_, d)| d == norm);
    (0..claim_toks.len())
        .filter(|&i| {
            (claim_toks[i].is_number || has_word_form)
                && number_at(claim_toks, i).is_some_and(|k| k == norm)
        })
        .filter_map(|i| Some((unit_after(claim_toks, i)?, words_around(claim_toks, i))))
        .collect()
}

/// Units of a number with the content words around each ([`claim_quantities`]).
type Quantities<'a> = Vec<(Cow<'a, str>, Vec<Cow<'a, str>>)>;

/// Quantity comparison by unit (Roy, Vieira and Roth 2015, "Reasoning about Quantities in
/// Natural Language": quantities of one unit with different values do not entail each other):
/// for the claim's number `norm` (its key; the claim's tokens are `claim_toks`, every number of
/// it is in `claim_numbers`, as [`number_at`] keys them; its places with a unit are
/// `quantities`, from [`claim_quantities`]), the first sentence of `aligned` (best first; tokens
/// from `context_tokens`) that states another number of the same unit ([`unit_after`]) and of the
/// same thing (a content word within three tokens of both, [`words_around`]; of any thing when
/// `any_thing`), one the claim does not state as well, with that number's key id in `index`.
/// "sentenced to ten years in prison" meets "sentenced to five years in prison" though the
/// claim's best sentence is another one it joins.
fn same_unit_number(
    index: &SourceIndex<'_>,
    (claim_toks, claim_numbers, norm, quantities): (
        &[Token<'_>],
        &[Cow<'_, str>],
        &str,
        &Quantities<'_>,
    ),
    context_tokens: &[Token<'_>],
    aligned: &[u32],
    any_thing: bool,
) -> Option<(u32, u32)> {
    if quantities.is_empty() {
        return None;
    }
    aligned.iter().find_map(|&t| {
        // Most sentences hold no other number: their keys say so without a scan of their words.
        let (ids, kinds) = index.sentence(t);
        let other_number = ids.iter().zip(kinds).any(|(&id, k)| {
            matches!(k, KeyKind::Number | KeyKind::Year) && index.norms[id as usize] != norm
        });
        if !other_number {
            return None;
        }
        let toks = span_tokens(context_tokens, index.spans[t as usize]);
        (0..toks.len()).find_map(|j| {
            let key = number_at(toks, j)?;
            if key == norm {
                return None;
            }
            let unit = unit_after(toks, j)?;
            // A number the claim states too is the claim's own ("up £12m to £72m"), unless the
            // claim gives it only in other units ("21.5 hours" does not state "21.5 kg").
            if claim_numbers.contains(&key) {
                let units = claim_quantities(claim_toks, &key);
                if units.is_empty() || units.iter().any(|(u, _)| *u == unit) {
                    return None;
                }
            }
            let around = words_around(toks, j);
            quantities
                .iter()
                .any(|(u, w)| *u == unit && (any_thing || w.iter().any(|x| around.contains(x))))
                .then_some(())?;
            Some((t, *index.vocab.get(&key)?))
        })
    })
}

/// The label of the number keyed `norm` ([`number_at`]) at its first place in `toks` (offsets
/// in `text`): the capitalised word right before it, with only a space between, that is not the
/// sentence's first word and names no month or weekday ("Python 3.12", "PEP 695", "Apollo 11";
/// not "June 5", "In 1998"). None when it has no such word or `toks` does not state it.
fn number_label<'a>(text: &str, toks: &[Token<'a>], norm: &str) -> Option<&'a str> {
    let j = (1..toks.len()).find(|&j| {
        (toks[j].is_number || may_be_number_word(toks[j].raw))
            && number_at(toks, j).is_some_and(|k| k == norm)
    })?;
    let before = &toks[j - 1];
    let gap = &text[before.start + before.raw.len()..toks[j].start];
    (gap == " "
        && !before.sentence_start
        && !before.is_number
        && before.raw.starts_with(|c: char| c.is_uppercase())
        && CALENDAR_NAMES
            .binary_search(&lower_cow(before.raw).as_ref())
            .is_err())
    .then_some(before.raw)
}

/// The content words (not stop words, not numbers; in [`normal_form`]) within three tokens of
/// the number `toks[i]`, its own unit ([`unit_after`]) left out: what the quantity is of
/// ("sentenced to ten years in prison" → sentenced, prison).
fn words_around<'a>(toks: &[Token<'a>], i: usize) -> Vec<Cow<'a, str>> {
    let unit_at = unit_index(toks, i);
    (i.saturating_sub(3)..(i + 4).min(toks.len()))
        .filter(|&j| j != i && j != unit_at && !toks[j].is_number && !is_number_scale(toks, j))
        .map(|j| lower_cow(toks[j].raw))
        .filter(|w| !is_stopword(w) && number_word(w).is_none())
        .map(normal_form)
        .collect()
}

/// Words that open a new clause after a comma: conjunctions ("…a dwarf planet, so it is no
/// longer considered a planet"), subordinators of condition, time and place ("Port 8080, unless
/// you set PORT", "…in Warsaw, where she studied"), and the "not" of a contrast ("for the
/// photoelectric effect, not for his theory of relativity" denies only what follows it). "but", "whereas" and "although"
/// open one without a comma too.
const CLAUSE_OPENERS: &[&str] = &[
    "so", "but", "yet", "and", "while", "whereas", "although", "though", "because", "which", "who",
    "not", "unless", "if", "when", "where", "until", "since",
];

/// Subordinating conjunctions that open a sentence with a clause of its own, ended by the first
/// comma ([`clause_ranges`]).
const SUBORDINATORS: &[&str] = &[
    "although", "though", "while", "whereas", "because", "since", "if", "when", "unless",
];

/// Whether "as" at token `i` of `toks` opens a clause: not when it begins "as well as", "as of",
/// "as much/many as", "as far as", "as opposed to" or "as part of", phrases inside a clause.
fn opens_as_clause(toks: &[Token<'_>], i: usize) -> bool {
    !toks.get(i + 1).is_some_and(|n| {
        ["well", "of", "much", "many", "far", "opposed", "part"]
            .iter()
            .any(|w| n.raw.eq_ignore_ascii_case(w))
    })
}

/// The clauses of a source sentence, as ranges of its tokens `toks` (offsets in `text`): a new
/// clause starts at a token of [`CLAUSE_OPENERS`] that follows a comma or colon, or anywhere
/// after the first token at "but", "whereas" or "although", or at a relative pronoun ("that",
/// "which", "who", "whom"): a relative clause has a predicate of its own, so "Python 3.0,
/// released on 3 December 2008, was a major revision … that is not completely
/// backward-compatible" denies only the compatibility, not the release. A sentence that opens
/// with a subordinating conjunction ([`SUBORDINATORS`]) has its main clause after the first
/// comma: "Although they cannot fly, they are excellent swimmers" denies only the flying. A
/// "without" before a gerund opens one too, which ends at the next punctuation: "studied
/// physics without receiving a degree" denies only the degree ([`without_gerund`]). "as" after
/// a comma opens an adverbial clause of reason or time ("Net profit fell …, as costs climbed":
/// the costs' direction is not the profit's), unless it begins a phrase that is no clause
/// ([`opens_as_clause`]). "before" or "after" with a subject and a finite verb opens one
/// anywhere ([`opens_temporal_clause`]).
fn clause_ranges(text: &str, toks: &[Token<'_>]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut in_subordinate = toks
        .first()
        .is_some_and(|t| SUBORDINATORS.contains(&lower_cow(t.raw).as_ref()));
    let mut in_without = false;
    for i in 1..toks.len() {
        let lower = lower_cow(toks[i].raw);
        let gap = gap(text, toks, i - 1, i);
        let after_comma = gap.contains(',') || gap.contains(':');
        let closes_subordinate = in_subordinate && after_comma;
        in_subordinate &= !after_comma;
        // A "without" clause ends at the first punctuation: "(without counting the secret
        // track).Nevermind … was released on …" denies only the counting.
        let closes_without = in_without && gap.contains([',', ';', ':', ')', '.', '!', '?']);
        in_without &= !closes_without;
        let opens_without = is_without_gerund(toks, i);
        in_without |= opens_without;
        let opens = closes_subordinate
            || closes_without
            || opens_without
            || (after_comma && CLAUSE_OPENERS.contains(&lower.as_ref()))
            || (after_comma && lower == "as" && opens_as_clause(toks, i))
            || (after_comma && lower == "with" && opens_absolute(toks, i))
            || opens_temporal_clause(text, toks, i)
            || matches!(
                lower.as_ref(),
                "but" | "whereas" | "although" | "that" | "which" | "who" | "whom"
            );
        if opens {
            out.push(start..i);
            start = i;
        }
    }
    out.push(start..toks.len());
    out
}

/// A clause of a sentence for [`polarity_mismatch`]: whether it negates, and its distinct
/// content words (`KeyKind::Word`) and names (`KeyKind::Name`), each sorted.
struct ClauseKeys<'a> {
    negated: bool,
    words: Vec<Cow<'a, str>>,
    names: Vec<Cow<'a, str>>,
    /// Its direction words ([`directions`]) as (pair, side) of [`DIRECTION_ANTONYMS`].
    dirs: Vec<(usize, usize)>,
    /// How many of `words` and of `names` it states itself (an elliptical clause holds those
    /// of the clause before it too, [`clause_words`]).
    own: (usize, usize),
    /// When every negation of the clause is the determiner "no" (not "no longer"), the words of
    /// the phrases it opens (the two words after it: "There is no charge for returns":
    /// "charge", "for" being no key): the clause denies those things, not its proposition.
    /// Unlike [`denied_by_no`], a phrase restricted by a prepositional phrase counts too: it
    /// is the clause's polarity that is read here, not the thing's.
    denied: Option<Vec<Cow<'a, str>>>,
}

impl ClauseKeys<'_> {
    /// Whether the clause's polarity bears on a clause whose words are `other` (sorted): it is
    /// negated, and not only by a "no" phrase whose words `other` lacks ("There is no charge
    /// for returns" says nothing negative of "Returns are free").
    fn negates_for(&self, other: &[Cow<'_, str>]) -> bool {
        self.negated
            && self
                .denied
                .as_ref()
                .is_none_or(|d| d.iter().any(|w| other.binary_search(w).is_ok()))
    }

    /// Whether this clause states by an antonym what `other`, of the other polarity, denies:
    /// "it is closed on Mondays" against "it is not open on Mondays" (a word of one side of a
    /// pair here, of the other side there, and none of the same side in both).
    fn restates_by_antonym(&self, other: &ClauseKeys<'_>) -> bool {
        self.dirs.iter().any(|&(pair, side)| {
            other.dirs.contains(&(pair, 1 - side)) && !other.dirs.contains(&(pair, side))
        })
    }
}

/// The [`ClauseKeys`] of each clause ([`clause_ranges`]) of a sentence given by its tokens
/// `toks` (offsets in `text`). With `resolve_ellipsis` (a source sentence), a clause that opens
/// with a negation, after a comma or a coordinating conjunction ("Sale items can be exchanged
/// but not refunded", "for the photoelectric effect, not for his theory of relativity"), is
/// elliptical: it denies its words of what the clause before it states, so it holds that
/// clause's words and names too (gapping and stripping, Hankamer 1979; Lobeck 1995, *Ellipsis*),
/// and a claim clause that restates them in full ("Sale items can't be refunded") finds it. A
/// claim's clauses keep their own words: the share of a negated clause's words that the other
/// side states (`polarity_mismatch`) is of the words it denies.
fn clause_words<'a>(
    text: &'a str,
    toks: &[Token<'a>],
    ranges: &[std::ops::Range<usize>],
    lower_vocab: &LowerVocab<'_>,
    resolve_ellipsis: bool,
) -> Vec<ClauseKeys<'a>> {
    let mut out: Vec<ClauseKeys<'a>> = Vec::new();
    for r in ranges {
        let part = &toks[r.clone()];
        let is = |j: usize, ws: &[&str]| {
            part.get(j)
                .is_some_and(|t| ws.iter().any(|w| t.raw.eq_ignore_ascii_case(w)))
        };
        const NEG: &[&str] = &["not", "never"];
        let elliptical =
            resolve_ellipsis && (is(0, NEG) || (is(0, &["but", "and", "yet", "or"]) && is(1, NEG)));
        let Some(mut clause) = clause_keys(text, part, lower_vocab) else {
            continue;
        };
        if let (true, Some(prev)) = (elliptical, out.last()) {
            for (v, from) in [
                (&mut clause.words, &prev.words),
                (&mut clause.names, &prev.names),
            ] {
                v.extend(from.iter().cloned());
                v.sort_unstable();
                v.dedup();
            }
        }
        out.push(clause);
    }
    out
}

/// The [`ClauseKeys`] of one clause, given by its tokens `part` (offsets in `text`); None when it
/// has no token.
fn clause_keys<'a>(
    text: &'a str,
    part: &[Token<'a>],
    lower_vocab: &LowerVocab<'_>,
) -> Option<ClauseKeys<'a>> {
    let (first, last) = (part.first()?, part.last()?);
    let span = (first.start, last.start + last.raw.len());
    let ks = sentence_keys(text, span, part, lower_vocab).0;
    let negated = ks.iter().any(|k| k.negation);
    let denied = ks
        .iter()
        .filter(|k| k.negation)
        .map(|n| {
            let at = n.at as usize;
            // "no longer" negates its clause as "not" does.
            let determiner = part[at].raw.eq_ignore_ascii_case("no")
                && part
                    .get(at + 1)
                    .is_some_and(|t| !t.raw.eq_ignore_ascii_case("longer"));
            determiner.then(|| {
                ks.iter()
                    .filter(|k| {
                        !k.negation
                            && k.kind == KeyKind::Word
                            && (at + 1..=at + 2).contains(&(k.at as usize))
                    })
                    .map(|k| k.norm.clone())
                    .collect::<Vec<_>>()
            })
        })
        .collect::<Option<Vec<Vec<_>>>>()
        .map(|v| v.concat())
        .filter(|d| negated && !d.is_empty());
    let (mut words, mut names) = (Vec::new(), Vec::new());
    for k in ks.into_iter().filter(|k| !k.negation) {
        match k.kind {
            KeyKind::Word => words.push(k.norm),
            KeyKind::Name => names.push(k.norm),
            KeyKind::Number | KeyKind::Year | KeyKind::Month => {}
        }
    }
    for v in [&mut words, &mut names] {
        v.sort_unstable();
        v.dedup();
    }
    let dirs = directions(text, part)
        .iter()
        .map(|d| (d.pair, d.side))
        .collect();
    Some(ClauseKeys {
        negated,
        denied,
        own: (words.len(), names.len()),
        words,
        names,
        dirs,
    })
}

/// The first and last token (indices into the tokens `keys` were read from) of the name run of
/// `key`: the tokens of the keys of its run ([`Key::run`]), or its own token when it is in none.
fn run_extent<'k, 'a: 'k>(
    keys: impl IntoIterator<Item = &'k Key<'a>>,
    key: &Key<'_>,
) -> (usize, usize) {
    let at = key.at as usize;
    if key.run == NO_RUN {
        return (at, at);
    }
    keys.into_iter()
        .filter(|k| k.run == key.run)
        .fold((at, at), |(lo, hi), k| {
            (lo.min(k.at as usize), hi.max(k.at as usize))
        })
}

/// Whether a name of a claim (tokens `run.0..=run.1` of `toks`, offsets in `text`) stands in
/// the slot of a name of a source sentence (likewise): the word right before the two names
/// (past an article) is the same, or the word right after them (case aside; white space only
/// between a name and its neighbour). "born in Glasgow" against "born in Edinburgh" share a
/// slot, "near the border with Kenya" and "the highest mountain in Africa" do not. The entity
/// swap of FactCC (Kryscinski et al. 2020) replaces a name in place, so a swapped name keeps
/// its neighbours.
fn in_name_slot(
    claim: (&str, &[Token<'_>], (usize, usize)),
    sent: (&str, &[Token<'_>], (usize, usize)),
) -> bool {
    /// The word before and the word after a run, when only white space separates them.
    /// An article before the name is passed over ("for the World's Fair" and "on the Champ
    /// de Mars" share no slot).
    fn around<'t>(
        (text, toks, (lo, hi)): (&str, &[Token<'t>], (usize, usize)),
    ) -> (Option<&'t str>, Option<&'t str>) {
        let word_before = |at: usize| {
            at.checked_sub(1)
                .filter(|&b| gap(text, toks, b, at).is_empty())
        };
        let article = |b: usize| {
            ["the", "a", "an"]
                .iter()
                .any(|a| toks[b].raw.eq_ignore_ascii_case(a))
        };
        let before = word_before(lo)
            .and_then(|b| if article(b) { word_before(b) } else { Some(b) })
            .map(|b| toks[b].raw);
        let after = toks
            .get(hi + 1)
            .filter(|_| gap(text, toks, hi, hi + 1).is_empty())
            .map(|t| t.raw);
        (before, after)
    }
    let (cb, ca) = around(claim);
    let (sb, sa) = around(sent);
    let same =
        |a: Option<&str>, b: Option<&str>| a.zip(b).is_some_and(|(a, b)| a.eq_ignore_ascii_case(b));
    same(cb, sb) || same(ca, sa)
}

/// The subject of a one-clause claim (tokens `claim_toks`, offsets in `text`) swapped for the
/// subject of another clause of the source sentence `sent_toks` (offsets in `context`): Some((the
/// claim's subject, the clause's)) when the claim opens with a name the sentence states in one
/// clause while another clause, opening with another name, states the rest of the claim. "Buzz
/// Aldrin stayed in orbit aboard Columbia." against "Neil Armstrong and Buzz Aldrin landed the
/// lunar module, while Michael Collins remained in lunar orbit aboard Columbia" swaps Aldrin for
/// Collins, though the sentence names both (FactCC's entity swap within a sentence, Kryscinski et
/// al. 2020). Clauses are those of [`clause_ranges`] that a contrast opens ("while", "whereas",
/// "but", "although", "though"): a relative clause stays in the clause it modifies ("Phillips,
/// who races in Manchester this weekend, plans to …" has one subject), and so does "and" after a
/// comma, which as often ends a list ("Darcy, 13, and Tilda, 2, …"); the clause that states the
/// claim holds at least two of its content words and more than any other clause, and a clause's
/// subject is the name it opens with, after a conjunction ("while
/// Michael Collins remained …"): a description ("the mother-of-three from Derbyshire") is no
/// name, so nothing is judged.
fn clause_name_swap(
    (text, claim_toks): (&str, &[Token<'_>]),
    (context, sent_toks): (&str, &[Token<'_>]),
    lower_vocab: &LowerVocab<'_>,
) -> Option<(String, String)> {
    if clause_ranges(text, claim_toks).len() != 1 {
        return None;
    }
    let claim = clause_keys(text, claim_toks, lower_vocab)?;
    let said = clause_subject(claim_toks, &claim)?;
    if claim.words.len() < 2 {
        return None;
    }
    // Independent clauses joined by a contrast ("…, while …", "but", "whereas"): a clause
    // opened by another word (a relative pronoun, "and" in a list) stays in the one before.
    let mut ranges: Vec<std::ops::Range<usize>> = Vec::new();
    for r in clause_ranges(context, sent_toks) {
        let contrast = ["while", "whereas", "but", "although", "though"]
            .iter()
            .any(|w| sent_toks[r.start].raw.eq_ignore_ascii_case(w));
        match ranges.last_mut() {
            Some(last) if !contrast => last.end = r.end,
            _ => ranges.push(r),
        }
    }
    if ranges.len() < 2 {
        return None;
    }
    let clauses: Vec<(ClauseKeys<'_>, &[Token<'_>])> = ranges
        .into_iter()
        .filter_map(|r| {
            let part = &sent_toks[r];
            Some((clause_keys(context, part, lower_vocab)?, part))
        })
        .collect();
    let held: Vec<usize> = clauses
        .iter()
        .map(|(c, _)| {
            claim
                .words
                .iter()
                .filter(|w| c.words.binary_search(w).is_ok())
                .count()
        })
        .collect();
    let (best, &most) = held.iter().enumerate().max_by_key(|&(_, h)| *h)?;
    if most < 2 || held.iter().filter(|&&h| h == most).count() > 1 {
        return None;
    }
    let names = |j: usize| &clauses[j].0.names;
    if names(best).binary_search(&said).is_ok()
        || !(0..clauses.len()).any(|j| j != best && names(j).binary_search(&said).is_ok())
    {
        return None;
    }
    let stated = clause_subject(clauses[best].1, &clauses[best].0)?;
    (claim.names.binary_search(&stated).is_err()).then(|| (said.to_string(), stated.to_string()))
}

/// The name a clause (its tokens `toks`, its keys `keys`) opens with, after the conjunctions
/// that open it ([`CLAUSE_OPENERS`], [`SUBORDINATORS`]), in [`normal_form`]; None when its first
/// other word is no name of `keys`.
fn clause_subject<'a>(toks: &[Token<'_>], keys: &ClauseKeys<'a>) -> Option<Cow<'a, str>> {
    let first = toks.iter().find(|t| {
        let lower = lower_cow(t.raw);
        !CLAUSE_OPENERS.contains(&lower.as_ref()) && !SUBORDINATORS.contains(&lower.as_ref())
    })?;
    if !first.raw.starts_with(|c: char| c.is_uppercase()) {
        return None;
    }
    let norm = normal_form(fold_diacritics(lower_cow(first.raw)));
    let at = keys.names.binary_search(&norm).ok()?;
    Some(keys.names[at].clone())
}

/// Whether a claim's polarity disagrees with its sources, judged per clause: the polarity of a
/// proposition attaches to its predicate, so one sentence can affirm one thing and deny another
/// ("In 2006 the IAU reclassified Pluto as a dwarf planet, so it is no longer considered a planet";
/// "Penguins are birds but they cannot fly"). `claim_toks` are the claim's tokens (offsets in
/// `text`; with `flip`, every clause of it is read with the other polarity: a question answered
/// "No"; `claim_clauses` its clauses, [`ClaimClauses`]), `negated` whether it holds a
/// negation, `candidates` the aligned source sentences that carry most of the claim. Each
/// clause of the claim ([`clause_ranges`]) is matched to the source clauses holding most of its content words (names left out: the clauses of one sentence share a
/// subject, often through a pronoun; a clause with no content word, "No, Holly Hunter wasn't in
/// Saving Grace", by its names), ties broken by the share of the source clause's own words it
/// restates; the claim disagrees when, for some clause of it, every best-matched source clause has
/// the other polarity and the affirmed clause holds at least half of the negated one's words (the
/// denied proposition is the one the other side states). When no clause of the claim shares a
/// content word with the sources (a claim of names and numbers only), the claim's polarity is
/// compared with the best sentence's, as a whole.
#[allow(clippy::too_many_arguments)]
fn polarity_mismatch(
    index: &SourceIndex<'_>,
    (text, claim_toks, flip): (&str, &[Token<'_>], bool),
    claim_clauses: &ClaimClauses,
    (context, context_tokens): (&str, &[Token<'_>]),
    lower_vocab: &LowerVocab<'_>,
    candidates: &[u32],
    negated: bool,
) -> bool {
    // Without a negation anywhere every clause is affirmed: nothing can disagree. (A negated
    // claim against affirmed sources still needs its clauses: a negated clause that shares no
    // content word with them is not judged. "…a pain and fever reliever, not an antibiotic"
    // affirms what the sources state and denies what they do not mention.)
    if !negated && !candidates.iter().any(|&t| index.sent_neg[t as usize]) {
        return false;
    }
    let sources: Vec<ClauseKeys<'_>> = candidates
        .iter()
        .flat_map(|&t| {
            let toks = span_tokens(context_tokens, index.spans[t as usize]);
            clause_words(
                context,
                toks,
                &clause_ranges(context, toks),
                lower_vocab,
                true,
            )
        })
        .collect();
    let mut judged = false;
    let ranges = claim_clauses.get_or_init(|| clause_ranges(text, claim_toks));
    for clause in &clause_words(text, claim_toks, ranges, lower_vocab, false) {
        // A clause of names alone ("Holly Hunter wasn't in Saving Grace") is matched by its
        // names: it says nothing else.
        let by_names = clause.words.is_empty();
        let words = if by_names {
            &clause.names
        } else {
            &clause.words
        };
        // Best source clauses by (claim words held, share of the clause's words): compared as
        // held_a * len_b against held_b * len_a, exactly.
        let (mut best, mut agree, mut disagree) = ((0usize, 1usize), false, false);
        for src in &sources {
            // A source clause negated only by a "no" phrase whose words an affirmed claim
            // clause lacks does not deny that clause (`ClauseKeys::negates_for`: "Returns are
            // free" against "There is no charge for returns"). Only that way round: "… has no
            // nickname" denies what the sources affirm by other words, and a negated claim
            // clause still agrees with a negated source clause.
            let claim_neg = clause.negated != flip;
            let src_neg = &if claim_neg {
                src.negated
            } else {
                src.negates_for(&clause.words)
            };
            let src_words = if by_names { &src.names } else { &src.words };
            // (A capitalised word is a name mid-sentence and a content word where it opens a
            // sentence: "Yes, Python 3.0 is …" against "Python 3.0, released in 2008, …"
            // holds "python" too.)
            let held = words
                .iter()
                .filter(|w| src_words.binary_search(w).is_ok())
                .count()
                + if by_names {
                    0
                } else {
                    clause
                        .names
                        .iter()
                        .filter(|n| src.words.binary_search(n).is_ok())
                        .count()
                };
            if held == 0 {
                continue;
            }
            let len = src_words.len();
            let cmp = held.cmp(&best.0).then((held * best.1).cmp(&(best.0 * len)));
            if cmp.is_gt() {
                (best, agree, disagree) = ((held, len), false, false);
            }
            if cmp.is_ge() {
                // A clause of the other polarity disagrees when the other side states at least
                // half of the negated clause's words: "did not publish under her own name during
                // her lifetime" denies the name, not "was published in 1813"; "Warren Bryant
                // was not a CEO" denies all it says.
                let negated_len = match (*src_neg, by_names) {
                    (true, false) => src.own.0,
                    (true, true) => src.own.1,
                    (false, _) => words.len(),
                };
                if *src_neg == claim_neg
                    || 2 * held < negated_len
                    || clause.restates_by_antonym(src)
                {
                    agree = true;
                } else {
                    disagree = true;
                }
            }
        }
        judged |= agree || disagree;
        if disagree && !agree {
            return true;
        }
    }
    !judged && negated != index.sent_neg_main[candidates[0] as usize]
}

/// Whether the clause `toks` (offsets in `text`) holds a negation ([`negation_at`]), as
/// [`sentence_keys`] reads one.
fn negates(text: &str, toks: &[Token<'_>]) -> bool {
    (0..toks.len()).any(|i| negation_at(text, toks, i))
}

/// Whether `toks[i]` (offsets in `text`) negates its clause: a verbal negation ([`NEGATIONS`],
/// "-n't", "no longer"), a negative implicative verb before "to" ([`NEGATIVE_IMPLICATIVES`]:
/// "failed to win"), a negative pronoun ("nobody", "nothing", "none"), or "no" as the
/// determiner of a noun ("no peace treaty was ever concluded"). Not "no" as a yes/no answer
/// (punctuation follows it: "No, it is closed"), nor in "no other" (a superlative restated: "no
/// other river carries as much"), "no more/less than" (a bound), "no doubt" or "no matter";
/// nor "not only"/"not just" (an addition: "not only the largest but also the longest"); nor
/// "no" after "with" ("with no extra benefit": as "without" before a noun, below, an adjunct);
/// nor a negation that "without" follows within its clause, a double negation that affirms
/// ("Pets are not permitted without the landlord's consent" states that they are, with it:
/// "only with consent"; Horn 1989, *A Natural History of Negation*, on "without" as a negative
/// preposition). "without" before a noun is no negation here: it is as often an adjunct
/// ("abandoned without food") as a denial; before a gerund it denies the event
/// ([`without_gerund`]: "without receiving a degree").
fn negation_at(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    negation_word_at(text, toks, i)
        && !without_follows(text, toks, i)
        && !implicative_double_negation(text, toks, i)
}

/// Whether `toks[i]` is a negative implicative before "to" ([`NEGATIVE_IMPLICATIVES`]).
fn implicative_at(toks: &[Token<'_>], i: usize) -> bool {
    toks.get(i + 1)
        .is_some_and(|n| n.raw.eq_ignore_ascii_case("to"))
        && NEGATIVE_IMPLICATIVES
            .iter()
            .any(|n| toks[i].raw.eq_ignore_ascii_case(n))
}

/// Whether the negation `toks[i]` is one of a pair that affirms: a negation within two tokens
/// before a negative implicative, and that implicative ("don't forget to check" is "check";
/// "never failed to win" is "always won"; Karttunen 1971 on negated implicatives).
fn implicative_double_negation(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    if implicative_at(toks, i) {
        (i.saturating_sub(2)..i)
            .any(|j| !implicative_at(toks, j) && negation_word_at(text, toks, j))
    } else {
        (i + 1..(i + 3).min(toks.len())).any(|j| implicative_at(toks, j))
    }
}

/// How many tokens after a negation a cancelling "without" may stand: "cannot enter the building
/// without" is four.
const WITHOUT_WINDOW: usize = 4;

/// Whether "without" follows `toks[i]` (offsets in `text`) within [`WITHOUT_WINDOW`] tokens and
/// no comma, semicolon or colon between them.
fn without_follows(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    for j in i + 1..toks.len().min(i + 1 + WITHOUT_WINDOW) {
        if gap(text, toks, j - 1, j).contains([',', ';', ':']) {
            return false;
        }
        if toks[j].raw.eq_ignore_ascii_case("without") {
            return true;
        }
    }
    false
}

/// Whether `toks[i]` is a "without" that denies an event: a gerund follows it ("studied
/// engineering without receiving a degree": no degree was received; a lower-case word of five
/// letters or more ending in "-ing"), and no negation stands before it within
/// [`WITHOUT_WINDOW`] tokens of its clause (there it cancels that negation: "cannot enter
/// without showing a pass", [`negation_at`]). It opens a clause of its own
/// ([`clause_ranges`]), so what the rest of the sentence affirms stays affirmed. "without"
/// before a noun ("abandoned without food") is an adjunct, no negation.
fn without_gerund(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    if !is_without_gerund(toks, i) {
        return false;
    }
    for j in (i.saturating_sub(WITHOUT_WINDOW)..i).rev() {
        if gap(text, toks, j, j + 1).contains([',', ';', ':']) {
            return true;
        }
        if negation_word_at(text, toks, j) {
            return false;
        }
    }
    true
}

/// Whether `raw` has the form of a gerund or present participle: a lower-case word of five
/// letters or more ending in "-ing" ("receiving", not "king" nor "Reading").
fn gerund_form(raw: &str) -> bool {
    raw.len() >= 5 && raw.ends_with("ing") && raw.bytes().all(|b| b.is_ascii_lowercase())
}

/// Whether "with" at token `i` of `toks` opens an absolute clause, a subject and a participle of
/// its own ("…, with police recovering about £3,000"): a word of [`gerund_form`] (not a
/// preposition such as "including", "during", "according", nor "nothing" and its kin) within
/// the next four tokens.
fn opens_absolute(toks: &[Token<'_>], i: usize) -> bool {
    toks.iter().skip(i + 1).take(4).any(|n| {
        gerund_form(n.raw)
            && !matches!(
                n.raw,
                "including"
                    | "during"
                    | "according"
                    | "regarding"
                    | "concerning"
                    | "following"
                    | "excluding"
                    | "nothing"
                    | "something"
                    | "anything"
                    | "everything"
            )
    })
}

/// Finite verbs that make "before"/"after" a conjunction ([`opens_temporal_clause`]).
const TEMPORAL_CLAUSE_VERBS: &[&str] = &["was", "were", "is", "are", "had", "has", "did"];

/// Whether "before" or "after" at token `i` of `toks` (offsets in `text`) opens a clause of its
/// own, a subject and a finite verb ("three years before the Statue of Liberty was
/// dedicated"), not a prepositional phrase ("before the war", "after 1990"): a verb of
/// [`TEMPORAL_CLAUSE_VERBS`] within the next six tokens, with no punctuation between, and no
/// number right after it. What such a clause dates is its own: a year said of the other
/// clause's event stands apart from it.
fn opens_temporal_clause(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    if !(toks[i].raw.eq_ignore_ascii_case("before") || toks[i].raw.eq_ignore_ascii_case("after"))
        || toks.get(i + 1).is_none_or(|t| t.is_number)
    {
        return false;
    }
    for j in i + 1..(i + 7).min(toks.len()) {
        if !gap(text, toks, j - 1, j).is_empty() {
            return false;
        }
        if TEMPORAL_CLAUSE_VERBS
            .iter()
            .any(|v| toks[j].raw.eq_ignore_ascii_case(v))
        {
            return true;
        }
    }
    false
}

/// Whether `toks[i]` is "without" followed by a gerund ([`gerund_form`]: "without receiving",
/// not "without food").
fn is_without_gerund(toks: &[Token<'_>], i: usize) -> bool {
    toks[i].raw.eq_ignore_ascii_case("without")
        && toks.get(i + 1).is_some_and(|n| gerund_form(n.raw))
}

/// Whether `toks[i]` is a negation word as [`negation_at`] reads one, before a following
/// "without" is considered.
fn negation_word_at(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    // Compared without lower-casing: this runs for every token of the request.
    let raw = toks[i].raw;
    let is = |w: &str| raw.eq_ignore_ascii_case(w);
    let tail = raw.len().checked_sub(3).and_then(|at| raw.get(at..));
    if is("not") {
        // "not only …, but also", "not just": an addition, no denial.
        let next_is = |w: &str| {
            toks.get(i + 1)
                .is_some_and(|n| n.raw.eq_ignore_ascii_case(w))
        };
        return !(next_is("only") || next_is("just") || subclausal_not(text, toks, i));
    }
    if NEGATIONS.iter().any(|n| is(n)) || tail.is_some_and(|t| t.eq_ignore_ascii_case("n't")) {
        return true;
    }
    // Capitalised inside a sentence, it is part of a name ("No Child Left Behind Act").
    let in_name = !toks[i].sentence_start && raw.starts_with(|c: char| c.is_uppercase());
    if in_name {
        return false;
    }
    if is("nobody") || is("nothing") || is("none") {
        return true;
    }
    if implicative_at(toks, i) {
        return true;
    }
    if is("without") {
        return without_gerund(text, toks, i);
    }
    if !is("no") {
        return false;
    }
    // "with no" before a noun is "without" before one: an adjunct, no denial of the clause
    // ("walking was linked to a lower risk, with no extra benefit above 10,000 steps").
    if i > 0
        && toks[i - 1].raw.eq_ignore_ascii_case("with")
        && gap(text, toks, i - 1, i).trim().is_empty()
    {
        return false;
    }
    let Some(next) = toks.get(i + 1).filter(|n| !n.is_number) else {
        return false;
    };
    let gap = &text[toks[i].start + raw.len()..next.start];
    gap.trim().is_empty()
        && !["other", "more", "less", "fewer", "doubt", "matter"]
            .iter()
            .any(|w| next.raw.eq_ignore_ascii_case(w))
}

/// Auxiliary and modal verbs, after which "not" negates the clause ([`subclausal_not`]).
const AUXILIARIES: &[&str] = &[
    "am", "is", "are", "was", "were", "be", "been", "being", "do", "does", "did", "have", "has",
    "had", "can", "could", "will", "would", "shall", "should", "may", "might", "must",
];

/// Prepositions that open the phrase a subclausal "not" denies ([`subclausal_not`]).
const NOT_PREPOSITIONS: &[&str] = &[
    "in", "on", "at", "from", "for", "of", "with", "by", "under", "over", "near", "into", "about",
    "after", "before", "during", "through", "within", "among", "between",
];

/// Whether the "not" at `toks[i]` is subclausal: it denies the prepositional phrase it opens,
/// not its clause ("the first film not in English to win Best Picture" affirms that it won),
/// as when it follows a word other than an auxiliary or modal verb (none of the two words
/// before it is one, nor a contraction of one, "it's") with no punctuation between, and a
/// preposition follows it. After a comma or a coordinator it opens an elliptical clause that
/// denies ([`clause_ranges`]: "…for the photoelectric effect, not for his theory of
/// relativity"; "served in the war but not in the battle"). Clausal negation is marked on the
/// verb group; "not" elsewhere negates a constituent (Huddleston and Pullum 2002, *The Cambridge Grammar of the English
/// Language*, ch. 9 §1, clausal vs subclausal negation).
fn subclausal_not(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    let Some(next) = toks.get(i + 1) else {
        return false;
    };
    if i == 0
        || ["but", "and", "or", "yet", "nor"]
            .iter()
            .any(|c| toks[i - 1].raw.eq_ignore_ascii_case(c))
        || !NOT_PREPOSITIONS
            .iter()
            .any(|p| next.raw.eq_ignore_ascii_case(p))
        || !gap(text, toks, i - 1, i).trim().is_empty()
    {
        return false;
    }
    let auxiliary = |t: &Token<'_>| {
        let raw = t.raw;
        AUXILIARIES.iter().any(|a| raw.eq_ignore_ascii_case(a))
            || [
                "'s", "'re", "'m", "'ll", "'d", "'ve", "’s", "’re", "’m", "’ll", "’d", "’ve",
            ]
            .iter()
            .any(|c| {
                raw.len() > c.len()
                    && raw
                        .get(raw.len() - c.len()..)
                        .is_some_and(|tail| tail.eq_ignore_ascii_case(c))
            })
    };
    !toks[i.saturating_sub(2)..i].iter().any(auxiliary)
}

/// Words of opposite direction: a change or comparison one way ("rose", "higher", "won") and
/// the other ("fell", "lower", "lost"), and attributes that exclude each other ("public",
/// "private"), each pair as its two sides' word forms (lower case).
/// Lexical antonyms of this kind are the contradictions an NLI model must catch from a single
/// word (Glockner, Shwartz and Goldberg 2018, "Breaking NLI Systems with Sentences that Require
/// Simple Lexical Inferences"); words whose other senses are common ("more", "first",
/// "before") are left out, and so are "won"/"lost", whose arguments swap as often as not ("City
/// lost 4-2 to United" against "United's 4-2 win").
const DIRECTION_ANTONYMS: &[(&[&str], &[&str])] = &[
    (&["higher", "highest"], &["lower", "lowest"]),
    (
        &["large", "larger", "largest", "big", "bigger", "biggest"],
        &["small", "smaller", "smallest", "little", "tiny"],
    ),
    (
        &["longer", "longest", "taller", "tallest"],
        &["shorter", "shortest"],
    ),
    (&["older", "oldest"], &["younger", "youngest"]),
    (&["faster", "fastest"], &["slower", "slowest"]),
    (&["heavier", "heaviest"], &["lighter", "lightest"]),
    (
        &["warmer", "warmest", "hotter", "hottest"],
        &["colder", "coldest", "cooler", "coolest"],
    ),
    (&["maximum"], &["minimum"]),
    // Complementary and incompatible attributes (Cruse 1986, *Lexical Semantics*, ch. 9 and
    // 10): one holds only where the other does not ("a state grant" is no "federal grant").
    (&["public"], &["private"]),
    (&["domestic"], &["foreign", "international"]),
    (&["male", "males"], &["female", "females"]),
    (&["northern", "north"], &["southern", "south"]),
    (&["eastern", "east"], &["western", "west"]),
    (&["urban"], &["rural"]),
    (&["indoor", "indoors"], &["outdoor", "outdoors"]),
    (&["federal"], &["state", "provincial"]),
    (&["summer"], &["winter"]),
    (&["acquitted"], &["convicted"]),
    (&["alive"], &["dead"]),
    (&["legal"], &["illegal"]),
    // One scale, the verbs of change each way: "revenue fell 12%" contradicts "a 12% increase",
    // "grew" contradicts "declined", "up 8%" (`directions`: "up"/"down" before a number)
    // contradicts "fell 8%", "raised its guidance" contradicts "cut its guidance".
    (
        &[
            "increase",
            "increases",
            "increased",
            "increasing",
            "rise",
            "rises",
            "rose",
            "risen",
            "rising",
            "grew",
            "grow",
            "grows",
            "growing",
            "grown",
            "gained",
            "climbed",
            "jumped",
            "surged",
            "soared",
            "raised",
            "raises",
            "up",
        ],
        &[
            "decrease",
            "decreases",
            "decreased",
            "decreasing",
            "fall",
            "falls",
            "fell",
            "fallen",
            "falling",
            "declined",
            "decline",
            "declines",
            "declining",
            "dropped",
            "shrank",
            "shrunk",
            "slipped",
            "plunged",
            "plummeted",
            "tumbled",
            "reduced",
            "lowered",
            "cut",
            "cuts",
            "down",
        ],
    ),
    (
        &["open", "opened", "opens", "opening", "reopened"],
        &["closed", "closes", "closing", "shut", "shuts"],
    ),
    (
        &[
            "approve",
            "approves",
            "approved",
            "approving",
            "accept",
            "accepts",
            "accepted",
            "accepting",
            "pass",
            "passes",
            "passed",
        ],
        &["reject", "rejects", "rejected", "rejecting"],
    ),
    // The strength of a force or an effect: "the storm would weaken" against "strengthen".
    (
        &[
            "strengthen",
            "strengthens",
            "strengthened",
            "strengthening",
            "intensify",
            "intensifies",
            "intensified",
            "intensifying",
        ],
        &["weaken", "weakens", "weakened", "weakening"],
    ),
    // A state judged better or worse over time: "the patient's condition improved" against
    // "worsened".
    (
        &["improve", "improves", "improved", "improving"],
        &[
            "worsen",
            "worsens",
            "worsened",
            "worsening",
            "deteriorate",
            "deteriorates",
            "deteriorated",
            "deteriorating",
        ],
    ),
];

/// A claim's clauses ([`clause_ranges`], token ranges of the claim), computed on first use and
/// shared by entity anchoring, [`polarity_mismatch`] and [`direction_conflict`].
type ClaimClauses = std::cell::OnceCell<Vec<std::ops::Range<usize>>>;

/// The share of a claim's (or of one clause's) words its aligned sentences must hold before a
/// direction word of it is compared with theirs ([`direction_conflict`]).
const DIRECTION_CLAUSE_SUPPORT: f64 = 0.6;

/// A direction word of a claim whose opposite ([`DIRECTION_ANTONYMS`]) its aligned source
/// sentences state instead, judged per clause ([`clause_ranges`]): each clause of the claim
/// (`claim_toks`, offsets in `text`) is compared with the clause of the aligned sentences
/// (`sentences`, each its tokens with offsets in `context`, best first) that shares the most of
/// its words (the first on ties), so "revenue fell 3%" conflicts with "revenue rose 3% …, while
/// costs fell 1%", and a claim that joins two sentences ("revenue fell 12%, while net income
/// rose", against "… a 12% increase. Net income fell …") is judged clause by clause against
/// both. Some((the claim's word, the source's)), e.g. ("lower", "higher") for "the air pressure
/// is lower" against "…is higher". `claim_clauses` are the claim's clauses ([`ClaimClauses`]).
/// `claim_supported`: the aligned sentences hold at least
/// [`DIRECTION_CLAUSE_SUPPORT`] of the claim's words; otherwise a clause is judged only when
/// they hold that share of its own content words (at least three; its direction words count
/// as held, their opposite being what is compared), so a claim that adds an unsupported
/// clause ("two people were injured, and the storm was expected to strengthen") still has
/// its supported clause compared ("…would weaken as it moved east on Monday").
fn direction_conflict(
    (text, claim_toks, claim_clauses): (&str, &[Token<'_>], &ClaimClauses),
    (context, sentences): (&str, &[&[Token<'_>]]),
    claim_supported: bool,
) -> Option<(&'static str, &'static str)> {
    // Most claims hold no direction word: one pass over the claim decides that.
    if directions(text, claim_toks).is_empty() {
        return None;
    }
    let src_clauses: Vec<&[Token<'_>]> = sentences
        .iter()
        .flat_map(|toks| {
            clause_ranges(context, toks)
                .into_iter()
                .map(move |r| &toks[r])
        })
        .collect();
    let ranges = claim_clauses.get_or_init(|| clause_ranges(text, claim_toks));
    ranges.iter().find_map(|r| {
        let clause = &claim_toks[r.clone()];
        if !claim_supported {
            let (mut held, mut content) = (0usize, 0usize);
            for t in clause
                .iter()
                .filter(|t| !t.is_number && !is_stopword(&lower_cow(t.raw)))
            {
                content += 1;
                held += usize::from(
                    direction_word(t.raw).is_some()
                        || sentences
                            .iter()
                            .any(|s| s.iter().any(|u| u.raw.eq_ignore_ascii_case(t.raw))),
                );
            }
            if content < 3 || (held as f64) < DIRECTION_CLAUSE_SUPPORT * content as f64 {
                return None;
            }
        }
        // The source clause about the same things: the most words shared with the claim
        // clause, direction words left out (they are what is compared, not what is talked of:
        // "it is open on Mondays" is about Mondays, which "It is closed on Mondays" states, not
        // "The museum is open Tuesday to Sunday"); on a tie, the most shared with them.
        let shared = |src: &[Token<'_>]| {
            let (mut args, mut all) = (0usize, 0usize);
            for t in clause
                .iter()
                .filter(|t| !t.is_number && !is_stopword(&lower_cow(t.raw)))
                .filter(|t| src.iter().any(|u| u.raw.eq_ignore_ascii_case(t.raw)))
            {
                args += usize::from(direction_word(t.raw).is_none());
                all += 1;
            }
            (args, all)
        };
        let (best, n) =
            src_clauses
                .iter()
                .map(|c| (*c, shared(c)))
                .fold(
                    (&[][..], (0, 0)),
                    |acc, x| if x.1 > acc.1 { x } else { acc },
                );
        (n.1 > 0)
            .then(|| direction_pair((text, clause), (context, best)))
            .flatten()
    })
}

/// A direction word of the claim clause `claim_toks` (offsets in `text`) whose opposite
/// ([`DIRECTION_ANTONYMS`]) the source clause `src_toks` (offsets in `context`) states instead:
/// Some((the claim's word, the source's)). Counted only when the claim holds no word of the other
/// side and the source none of the claim's side, when both clauses or neither are negated
/// ([`negates`]), not after "no" ("no longer"), and not capitalised inside a sentence (a name: "the
/// Rose Bowl"). A comparison reversed with its arguments ("A is larger than B" against "B is
/// smaller than A") says the same thing: when both words are followed by "than", they conflict only
/// if the same word follows "than" in both.
fn direction_pair(
    (text, claim_toks): (&str, &[Token<'_>]),
    (context, src_toks): (&str, &[Token<'_>]),
) -> Option<(&'static str, &'static str)> {
    let claim = directions(text, claim_toks);
    if claim.is_empty() {
        return None;
    }
    // A direction denied is the opposite one ("not open" is "closed"): across polarities the
    // clauses are `polarity_mismatch`'s to judge.
    if negates(text, claim_toks) != negates(context, src_toks) {
        return None;
    }
    let src = directions(context, src_toks);
    fn first<'a>(
        found: &[Direction<'a>],
        pair: usize,
        side: usize,
    ) -> Option<(&'static str, Option<&'a str>)> {
        found
            .iter()
            .find(|d| d.pair == pair && d.side == side)
            .map(|d| (d.form, d.than))
    }
    for pair in 0..DIRECTION_ANTONYMS.len() {
        for (mine, theirs) in [(0, 1), (1, 0)] {
            let (Some((said, said_than)), None) =
                (first(&claim, pair, mine), first(&claim, pair, theirs))
            else {
                continue;
            };
            let (Some((stated, stated_than)), None) =
                (first(&src, pair, theirs), first(&src, pair, mine))
            else {
                continue;
            };
            if let (Some(x), Some(y)) = (said_than, stated_than) {
                if lower_cow(x) != lower_cow(y) {
                    continue;
                }
            }
            return Some((said, stated));
        }
    }
    None
}

/// A direction word of a clause ([`DIRECTION_ANTONYMS`]).
struct Direction<'a> {
    /// Its pair's index in [`DIRECTION_ANTONYMS`].
    pair: usize,
    /// Its side of the pair (0 or 1).
    side: usize,
    /// Its form, as the table writes it.
    form: &'static str,
    /// The word after its "than", if "than" follows it.
    than: Option<&'a str>,
}

/// The direction words of the clause `toks` (offsets in `text`), in order, in one pass
/// ([`direction_pair`]'s rules: none after "no", none capitalised inside a sentence; "up" and
/// "down" only as a change of a percentage or of points, [`states_change_by`]; a hyphenated
/// compound by its first word, "east-facing", "large-scale"). Allocates only when one is found.
fn directions<'a>(text: &str, toks: &[Token<'a>]) -> Vec<Direction<'a>> {
    let mut out = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if t.is_number
            || (!t.sentence_start && t.raw.starts_with(|c: char| c.is_uppercase()))
            || (i > 0 && toks[i - 1].raw.eq_ignore_ascii_case("no"))
        {
            continue;
        }
        if matches!(t.raw, "up" | "down" | "Up" | "Down") && !states_change_by(text, toks, i) {
            continue;
        }
        // "a little" is "somewhat", not a size.
        if t.raw.eq_ignore_ascii_case("little")
            && i > 0
            && toks[i - 1].raw.eq_ignore_ascii_case("a")
        {
            continue;
        }
        // A compound's modifier is read as the word: "east-facing", "large-scale".
        let word = match t.raw.split_once('-') {
            Some((head, _)) if !matches!(head, "up" | "down" | "Up" | "Down") => head,
            _ => t.raw,
        };
        if let Some((pair, side, form)) = direction_word(word) {
            let than = toks
                .get(i + 1)
                .filter(|n| n.raw.eq_ignore_ascii_case("than"))
                .and_then(|_| toks.get(i + 2))
                .map(|n| n.raw);
            out.push(Direction {
                pair,
                side,
                form,
                than,
            });
        }
    }
    out
}

/// Whether "up" or "down" at token `i` of `toks` (offsets in `text`) states a change: followed
/// by a percentage or a number of points ("up 8%", "down 3 percent", "up 12 points"). Elsewhere
/// they are particles: "set up", "woke up 14 minutes into the flight", "slowed down".
fn states_change_by(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    let Some(n) = toks.get(i + 1).filter(|n| n.is_number) else {
        return false;
    };
    percent_sign_after(text, n)
        || toks.get(i + 2).is_some_and(|u| {
            matches!(
                lower_cow(u.raw).as_ref(),
                "percent" | "per" | "percentage" | "point" | "points"
            )
        })
}

/// The longest form of [`DIRECTION_ANTONYMS`], in bytes: longer words are no direction word.
const DIRECTION_MAX_LEN: usize = 13;

/// The direction word `raw` is (ASCII case ignored): its pair in [`DIRECTION_ANTONYMS`], its side
/// and its form as the table writes it; a hashed lookup built on first use (this runs for every
/// word of a claim and of the source clauses it is judged against).
fn direction_word(raw: &str) -> Option<(usize, usize, &'static str)> {
    static INDEX: std::sync::OnceLock<FastMap<&'static str, (usize, usize)>> =
        std::sync::OnceLock::new();
    if raw.len() > DIRECTION_MAX_LEN || !raw.is_ascii() {
        return None;
    }
    let mut buf = [0u8; DIRECTION_MAX_LEN];
    let lower = &mut buf[..raw.len()];
    lower.copy_from_slice(raw.as_bytes());
    lower.make_ascii_lowercase();
    let lower = std::str::from_utf8(lower).ok()?;
    let index = INDEX.get_or_init(|| {
        let mut m = FastMap::default();
        for (pair, (a, b)) in DIRECTION_ANTONYMS.iter().enumerate() {
            for (side, forms) in [a, b].into_iter().enumerate() {
                for f in forms.iter() {
                    m.entry(*f).or_insert((pair, side));
                }
            }
        }
        m
    });
    let (&form, &(pair, side)) = index.get_key_value(lower)?;
    Some((pair, side, form))
}

/// Character offset of byte offset `b` in `s`, counting from byte `from` (char offset `at`).
fn char_offset(s: &str, from: usize, at: usize, b: usize) -> usize {
    at + s[from..b].chars().count()
}

/// Auxiliaries that open a polar (yes/no) question.
const POLAR_OPENERS: &[&str] = &[
    "is", "was", "are", "were", "do", "does", "did", "can", "could", "has", "have", "had", "will",
    "would", "should",
];

/// Words of a question that compares two things (HotpotQA's comparison questions: "Are both
/// …", "Did X form before Y?"), whose answer no one sentence states.
const POLAR_COMPARISONS: &[&str] = &[
    "both", "either", "neither", "same", "than", "or", "and", "before", "after", "also",
];

/// The tokens of `question` when it is a polar question about one proposition: it opens with
/// an auxiliary ([`POLAR_OPENERS`]) and compares nothing ([`POLAR_COMPARISONS`]); None for
/// other questions.
fn polar_question(question: &str) -> Option<Vec<Token<'_>>> {
    let is = |raw: &str, ws: &[&str]| ws.iter().any(|w| raw.eq_ignore_ascii_case(w));
    // Cheapest tests first: this runs for every audit with a question.
    let first = question
        .trim_start()
        .split(|c: char| !c.is_alphanumeric())
        .next();
    if !(question.trim_end().ends_with('?') && first.is_some_and(|w| is(w, POLAR_OPENERS))) {
        return None;
    }
    let toks = tokens(question);
    (!toks.iter().any(|t| is(t.raw, POLAR_COMPARISONS))).then_some(toks)
}

/// The question inside a prompt, from its start to the end of the prompt: its last speaker turn
/// for a dialogue (`[Human]: …`), else what follows its last "Question:" (or "Q:", "Query:")
/// label at the start of a line (a retrieval-augmented prompt: "Context: …\nQuestion: …\n
/// Answer:"), else the whole prompt.
fn question_of(prompt: &str) -> &str {
    // ASCII lower-casing keeps byte offsets (full lower-casing can change lengths, e.g. "İ").
    let lower = prompt.to_ascii_lowercase();
    for marker in ["[human]:", "human:", "[user]:", "user:"] {
        if let Some(p) = lower.rfind(marker) {
            return &prompt[p + marker.len()..];
        }
    }
    let mut at = 0;
    let mut found = None;
    for line in prompt.split_inclusive('\n') {
        if line_label(line).is_some_and(|l| QUESTION_LABELS.contains(&l.as_str())) {
            found = Some(at + line.find(':').expect("a label ends with ':'") + 1);
        }
        at += line.len();
    }
    found.map_or(prompt, |p| &prompt[p..])
}

/// The last sentence of `context` that ends with `?` (empty if none).
fn question_in(context: &str) -> &str {
    sentence_spans(context)
        .into_iter()
        .rev()
        .map(|(a, b)| &context[a..b])
        .find(|s| s.ends_with('?'))
        .unwrap_or("")
}

/// Questions that ask for a count or a measure ("How many …", "How tall is Kilimanjaro?"),
/// answered by a number, padded by spaces as [`expected_kinds`] and [`asks_only_value`] look
/// them up.
const COUNT_QUESTIONS: &[&str] = &[
    " how many ",
    " how much ",
    " how long ",
    " how old ",
    " how tall ",
    " how high ",
    " how far ",
    " how big ",
    " how large ",
    " how deep ",
    " how wide ",
    " how heavy ",
    " how fast ",
    " what percentage ",
];

/// `question` lower-cased, its words separated by single spaces and the whole padded by a space
/// at each end, as [`COUNT_QUESTIONS`] and the other question cues are looked up: a question on
/// its own line ("Answer using the passage below.\nHow tall is it?") or wrapped over two reads
/// as the same words as on one.
fn padded_words(question: &str) -> String {
    let mut q = String::with_capacity(question.len() + 2);
    for w in to_lower(question).split_whitespace() {
        q.push(' ');
        q.push_str(w);
    }
    q.push(' ');
    q
}

/// Whether `question` asks for a value and for nothing else: a count or a measure (one of
/// [`COUNT_QUESTIONS`], with neither "which" nor "when") or a date (its asking sentence,
/// [`question_in`], opens with "When", or it says "what year", "which year" or "what date"), and
/// none of "who", "whom", "whose" or "where" ("Where and when was she born?" asks for a place
/// too; "when" inside a question is as often a conjunction).
fn asks_only_value(question: &str) -> bool {
    let q = padded_words(question);
    let asks = |w: &[&str]| w.iter().any(|w| q.contains(w));
    let asking = Some(question_in(question))
        .filter(|s| !s.is_empty())
        .unwrap_or(question);
    let opens_when = asking
        .trim_start()
        .get(..5)
        .is_some_and(|w| w.eq_ignore_ascii_case("when "));
    let measure = asks(COUNT_QUESTIONS) && !asks(&[" which ", " when "]);
    let date = opens_when || asks(&[" what year ", " which year ", " what date "]);
    (measure || date) && !asks(&[" who ", " whom ", " whose ", " where "])
}

/// The noun a question asks for with "which" or "what" ("Which river has the largest
/// discharge?": "river"; "What kind of tree …": "tree"), lower-cased: the word after it, unless
/// that is a stop word ("What is …") or a word of one letter.
fn asked_noun(question: &str) -> Option<String> {
    let toks = tokens(question);
    let lower = |j: usize| toks.get(j).map(|t| lower_cow(t.raw));
    let at = (0..toks.len()).find(|&j| matches!(lower(j).as_deref(), Some("which" | "what")))?;
    let mut j = at + 1;
    if matches!(lower(j).as_deref(), Some("kind" | "type" | "sort"))
        && lower(j + 1).as_deref() == Some("of")
    {
        j += 2;
    }
    let noun = lower(j)?;
    let word = !toks[j].is_number && noun.chars().all(char::is_alphabetic);
    (word && noun.chars().nth(1).is_some() && !is_stopword(&noun)).then(|| noun.into_owned())
}

/// Whether the word `raw` is `noun` (lower-cased), case aside, or its plural in "s" or "es".
fn is_noun_form(raw: &str, noun: &str) -> bool {
    let lower = lower_cow(raw);
    lower == noun
        || lower
            .strip_prefix(noun)
            .is_some_and(|rest| rest == "s" || rest == "es")
}

/// What the question asks for: Some(kinds that answer it) for who / when / how many (how tall,
/// … [`COUNT_QUESTIONS`]) questions.
fn expected_kinds(question: &str) -> Option<&'static [KeyKind]> {
    let q = padded_words(question);
    if COUNT_QUESTIONS.iter().any(|m| q.contains(m)) {
        Some(&[KeyKind::Number, KeyKind::Year])
    } else if q.contains(" what year ") || q.contains(" in which year ") || q.contains(" when ") {
        Some(&[KeyKind::Year, KeyKind::Number, KeyKind::Month])
    } else if q.contains(" who ") || q.contains(" whom ") || q.contains(" whose ") {
        Some(&[KeyKind::Name])
    } else {
        None
    }
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
                    .then(|| answering_sentence(&index, (question, &lower_vocab), kinds))
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
        let mut ids: Vec<Option<u32>> = content.iter().map(|k| index.id_of(k)).collect();
        // A run of two to six names, one of them at least lacking from the sources, whose
        // initials spell an initialism the sources hold ("United States" against "the U.S.
        // state of Texas", "European Union" against "the EU") is that entity: each of its names
        // the sources lack is found as the initialism, as a source run that spells an
        // initialism of the answer is ([`SourceIndex::build`]).
        for i in 0..content.len() {
            let run = content[i].run;
            if content[i].kind != KeyKind::Name
                || run == NO_RUN
                || content[..i].iter().any(|k| k.run == run)
            {
                continue;
            }
            let members: Vec<usize> = (i..content.len())
                .filter(|&j| content[j].run == run)
                .collect();
            if !(2..=6).contains(&members.len())
                || members.iter().any(|&j| content[j].kind != KeyKind::Name)
                || members.iter().all(|&j| ids[j].is_some())
            {
                continue;
            }
            let initials: String = members
                .iter()
                .filter_map(|&j| content[j].norm.chars().next())
                .collect();
            if let Some(&id) = index.vocab.get(initials.as_str()) {
                for &j in &members {
                    ids[j] = ids[j].or(Some(id));
                }
            }
        }
        // The unit word of a number found only as a quantity the sources state in another unit
        // ("2,700 metres" for "2.7 kilometres", `SourceIndex::id_of`) is stated with it: found
        // as that number.
        for j in 0..content.len() {
            if ids[j].is_some() || content[j].kind != KeyKind::Word {
                continue;
            }
            if crate::quantity::unit_symbol(&content[j].norm) != Some(content[j].norm.as_ref()) {
                continue;
            }
            let restated = content.iter().zip(&ids).find(|(n, id)| {
                n.qty.is_some()
                    && id.is_some()
                    && (1..=2).contains(&content[j].at.wrapping_sub(n.at))
                    && !index.vocab.contains_key(&n.norm)
            });
            if let Some((_, &id)) = restated {
                ids[j] = id;
            }
        }
        // A name the sources lack inside a run whose first and last names a run of the sources
        // holds ("Mary Wollstonecraft Shelley" for "Mary Shelley", "John Fitzgerald Kennedy"
        // for "John F. Kennedy") is a middle name of that entity: found as its last name.
        for i in 0..content.len() {
            let run = content[i].run;
            if ids[i].is_some() || content[i].kind != KeyKind::Name || run == NO_RUN {
                continue;
            }
            let members: Vec<usize> = (0..content.len())
                .filter(|&j| content[j].run == run && content[j].kind == KeyKind::Name)
                .collect();
            let (Some(&first), Some(&last)) = (members.first(), members.last()) else {
                continue;
            };
            if let (true, Some(a), Some(b)) = (first < i && i < last, ids[first], ids[last]) {
                if index.in_one_run(a, b) {
                    ids[i] = Some(b);
                }
            }
        }
        // A name the sources lack that opens its run and begins a longer name of a run of the
        // sources holding every other name of its own run ("Tim Roth" for "Timothy Simon
        // Roth", "Chris Evans" for "Christopher Evans"; at least three letters) is that given
        // name shortened: found as it.
        for i in 0..content.len() {
            let (run, norm) = (content[i].run, content[i].norm.as_ref());
            if ids[i].is_some()
                || content[i].kind != KeyKind::Name
                || run == NO_RUN
                || norm.chars().nth(2).is_none()
                || content[..i].iter().any(|k| k.run == run)
            {
                continue;
            }
            let rest: Vec<u32> = (0..content.len())
                .filter(|&j| j != i && content[j].run == run && content[j].kind == KeyKind::Name)
                .map(|j| ids[j])
                .collect::<Option<_>>()
                .unwrap_or_default();
            let Some(&anchor) = rest.first() else {
                continue;
            };
            ids[i] = index.posting(anchor).iter().find_map(|&s| {
                let members: Vec<u32> = index.run_members(s, anchor).collect();
                rest.iter()
                    .all(|r| members.contains(r))
                    .then(|| {
                        members.iter().copied().find(|&m| {
                            let full = index.norms[m as usize].as_ref();
                            full.len() > norm.len() && full.starts_with(norm)
                        })
                    })
                    .flatten()
            });
        }
        // A name the sources lack, alone in its run and of three letters or more, that begins
        // exactly one name of the sources is a clipping of it (`SourceIndex::clipped_name`:
        // "The Met is on Fifth Avenue" against "The Metropolitan Museum of Art is …").
        for i in 0..content.len() {
            let (run, norm) = (content[i].run, content[i].norm.as_ref());
            if ids[i].is_none()
                && content[i].kind == KeyKind::Name
                && norm.chars().nth(2).is_some()
                && (run == NO_RUN
                    || !content
                        .iter()
                        .enumerate()
                        .any(|(j, k)| j != i && k.run == run))
            {
                ids[i] = index.clipped_name(norm);
            }
        }
        let known: Vec<u32> = ids.iter().flatten().copied().collect();
        answer_ids.extend(&known);
        // A number the claim derives from a year it states and a year of the sources ("She
        // joined in 2015, four years before becoming CFO" against "… in 2015. … CFO in 2019")
        // is given as a prompt's token is: `year_gaps` pairs the years of one source sentence,
        // this the claim's own years with the sources'.
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
mod tests {
    use super::*;

    /// Asserts whether the first claim of `text` (with the prompt `q`) is contradicted by `ctx`.
    fn assert_contradicted(text: &str, q: &str, ctx: &str, contradicted: bool) {
        let g = analyse(text, q, ctx);
        assert_eq!(
            g.claims[0].status == ClaimStatus::Contradicted,
            contradicted,
            "{text}: {g:?}"
        );
    }

    #[test]
    fn an_abstention_the_sources_answer_is_contradicted() {
        let q = "When was the bridge opened?";
        let silent = "The bridge spans the river near the old mill. It is 300 metres long and \
                      was designed by Anna Berg.";
        let answers = "The bridge spans the river near the old mill. It was designed by Anna \
                       Berg and opened in 1932.";
        for text in [
            "The passage does not say when the bridge was opened.",
            "I don't know when it opened.",
            "The opening date is not mentioned.",
        ] {
            assert_contradicted(text, q, answers, true);
            assert_contradicted(text, q, silent, false);
        }
        let g = analyse(
            "The context doesn't say when the bridge was opened.",
            q,
            answers,
        );
        assert_eq!(
            g.claims[0].conflicts,
            ["\"not stated\" vs \"1932\""],
            "{g:?}"
        );
        // A question whose predicate the sources never use is not answered by its names.
        let opera = "The Sydney Opera House was designed by Jørn Utzon and opened in 1973. It \
                     hosts more than 1,500 performances each year.";
        assert_contradicted(
            "The passage doesn't say how much it cost to build.",
            "How much did the Sydney Opera House cost?",
            opera,
            false,
        );
        // Who: a name the question does not give.
        let q = "Who designed the bridge?";
        assert_contradicted("The text does not mention the designer.", q, answers, true);
        // An abstention with a contrast states more than silence; a question that asks for
        // no name, date or count is not judged.
        assert_contradicted(
            "I don't know when it opened, but it spans the river.",
            "When was the bridge opened?",
            answers,
            false,
        );
        assert_contradicted(
            "The passage does not say what it is made of.",
            "What is the bridge made of?",
            answers,
            false,
        );
    }

    #[test]
    fn a_conversational_formula_is_no_claim() {
        let ctx = "The Starry Night is an oil-on-canvas painting by Vincent van Gogh, painted in \
                   June 1889.";
        let g = analyse(
            "Sure! It was painted by Vincent van Gogh in 1889. Good luck with your report!",
            "Who painted The Starry Night?",
            ctx,
        );
        assert_eq!(g.claims.len(), 1, "{g:?}");
        assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
        // A formula that names something or states a number is a claim.
        for text in [
            "Sure, Gauguin painted it.",
            "Of course it was painted in 1901.",
            "Enjoy the Silence is a song.",
        ] {
            assert_eq!(analyse(text, "", ctx).claims.len(), 1, "{text}");
        }
        // A reply that is only a formula keeps it as its claim.
        let g = analyse("No problem.", "", ctx);
        assert_eq!(g.claims.len(), 1, "{g:?}");
    }

    #[test]
    fn a_rank_of_a_superlative_changed_is_contradicted() {
        let ctx = "Jupiter is the largest planet in the Solar System. Saturn, the \
                   second-largest, is known for its prominent ring system.";
        let q = "What is the second-largest planet in the Solar System?";
        assert_contradicted("Jupiter.", q, ctx, true);
        assert_contradicted("Saturn.", q, ctx, false);
        assert_contradicted("Saturn is the second largest planet.", "", ctx, false);
        let g = analyse("Jupiter is the second-largest planet.", "", ctx);
        assert_eq!(
            g.claims[0].conflicts,
            ["\"Jupiter second largest\" vs \"largest\""],
            "{g:?}"
        );
        // A possessive is the scope, the name before the copula what the rank is said of.
        let ctx = "Sydney is Australia's largest city. Melbourne is the second-largest.";
        let q = "What is Australia's largest city?";
        assert_contradicted("Melbourne", q, ctx, true);
        assert_contradicted("Sydney", q, ctx, false);
        // "One of the largest" ranks nothing, and a sentence answer takes no rank from the
        // question.
        let ctx = "Lyon is one of the largest cities in France. Paris is the most populous city.";
        assert_contradicted("Lyon", "Which is the second-largest city?", ctx, false);
        assert_contradicted(
            "Paris is in France.",
            "Which is the third most populous city?",
            ctx,
            false,
        );
        assert_contradicted("Paris", "Which is the third most populous city?", ctx, true);
    }

    #[test]
    fn the_fields_of_a_record_are_one_source_sentence() {
        let texts = |t: &'static str| -> Vec<&'static str> {
            source_sentence_spans(t)
                .into_iter()
                .map(|(a, b)| &t[a..b])
                .collect()
        };
        let record = "Country: Iceland\nCapital: Reykjavík\nPopulation: 387,800 (2023)\n\n\
                      Iceland joined NATO in 1949.\nTitle: Report\nIt rained.";
        assert_eq!(
            texts(record),
            [
                "Country: Iceland\nCapital: Reykjavík\nPopulation: 387,800 (2023)",
                "Iceland joined NATO in 1949.",
                "Title: Report",
                "It rained."
            ]
        );
        // Labelled passages, turns of a conversation and lines that end a sentence are no
        // fields.
        for t in [
            "Document 1: The laptop ships with a one-year limited warranty covering parts.\n\
             Document 2: The warranty can be extended to three years for $149 within a month",
            "User: hi there\nAssistant: hello",
            "Note: it opened in 1937.\nSee: the report.",
            "Colour: red\n\nSize: large",
        ] {
            assert_eq!(texts(t).len(), 2, "{t}");
        }
        // A claim that joins the fields is anchored in the record.
        let ctx = "Country: Iceland\nCapital: Reykjavík\nPopulation: 387,800 (2023)\n\
                   Currency: Icelandic króna";
        let good = analyse(
            "Iceland's capital is Reykjavík, and it has about 388,000 inhabitants.",
            "",
            ctx,
        );
        assert_eq!(good.features.entity_anchor_mean, 1.0, "{good:?}");
        assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
        let bad = analyse(
            "Iceland's capital is Reykjavík, and it has about 3.8 million inhabitants.",
            "",
            ctx,
        );
        assert_ne!(bad.claims[0].status, ClaimStatus::Supported, "{bad:?}");
    }

    #[test]
    fn a_clipped_name_is_the_name_it_clips() {
        let ctx = "The Metropolitan Museum of Art is located on Fifth Avenue in New York City. \
                   The New Slains Castle stands near Cruden Bay in Aberdeenshire.";
        let q = "Where is it?";
        assert_contradicted("The Met is on Fifth Avenue in NYC.", q, ctx, false);
        // A name that lacks only a few letters of another is another name.
        assert_contradicted("The New Slains Castle is in Aberdeen.", q, ctx, true);
    }

    #[test]
    fn a_weekday_conflicts_with_a_weekday_or_a_dated_day_not_with_a_month() {
        let ctx = "The council voted on Tuesday to approve the lane. Work starts in March.";
        let q = "Summarize the decision.";
        assert_contradicted(
            "The council approved the lane, with work starting in March.",
            q,
            ctx,
            false,
        );
        assert_contradicted(
            "The council voted on Friday to approve the lane.",
            q,
            ctx,
            true,
        );
        let ctx = "The episode aired on May 5, 2013, on Fox's Animation Domination lineup.";
        let q = "On which day of the week did the episode air?";
        assert_contradicted("The episode aired on a Saturday.", q, ctx, true);
        assert_contradicted("The episode aired on a Sunday.", q, ctx, false);
    }

    #[test]
    fn the_weekday_of_a_stated_date_is_computed_not_looked_up() {
        assert_eq!(WEEKDAYS[weekday_of(1969, 7, 20)], "sunday");
        assert_eq!(WEEKDAYS[weekday_of(2000, 2, 29)], "tuesday");
        assert_eq!(WEEKDAYS[weekday_of(1900, 3, 1)], "thursday");
        let found = |t: &str| {
            let toks = tokens(t);
            dated_weekdays(t, &toks)
                .into_iter()
                .map(|k| toks[k].raw.to_string())
                .collect::<Vec<_>>()
        };
        for t in [
            "It landed on Sunday, July 20, 1969.",
            "It landed on Sunday 20 July 1969.",
            "It landed on Sunday the 20th of July 1969.",
        ] {
            assert_eq!(found(t), ["Sunday"], "{t}");
        }
        // A wrong weekday, or a date without its year, is not computed.
        assert!(found("It landed on Monday, July 20, 1969.").is_empty());
        assert!(found("It landed on Sunday, July 20.").is_empty());
        let apollo = "Apollo 11 landed on July 20, 1969.";
        let g = analyse("On Sunday, July 20, 1969.", "When did it land?", apollo);
        assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
        let g = analyse("On Monday, July 20, 1969.", "When did it land?", apollo);
        assert_ne!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    }

    #[test]
    fn a_date_stated_whole_with_the_claims_own_words_is_no_swap() {
        let apollo = "Apollo 11 launched on July 16, 1969. Neil Armstrong and Buzz Aldrin \
                      landed the lunar module Eagle on July 20. The crew splashed down in the \
                      Pacific on July 24.";
        let q = "When did Apollo 11 land on the Moon?";
        // The claim joins the launch sentence's name and year with the landing's date.
        assert_contradicted("Apollo 11 landed on July 20, 1969.", q, apollo, false);
        assert_contradicted("July 20th, 1969.", q, apollo, false);
        // The launch with the landing's date, and the splashdown's date for the landing.
        assert_contradicted("Apollo 11 launched on July 20, 1969.", q, apollo, true);
        assert_contradicted("Apollo 11 landed on July 24, 1969.", q, apollo, true);
        assert_contradicted("July 24th, 1969.", q, apollo, true);
        assert_contradicted(
            "July 24th, 1969.",
            "When did the crew splash down?",
            apollo,
            false,
        );
    }

    #[test]
    fn a_name_beside_a_measure_is_no_swap_unless_it_takes_a_names_place() {
        let ctx = "Mount Kilimanjaro is a dormant volcano in Tanzania. It is the highest \
                   mountain in Africa, about 5,895 metres above sea level.";
        let q = "How tall is Kilimanjaro?";
        // A place added beside the asked-for height: unsupported, not contradicted.
        let beside = "Kilimanjaro stands about 5,895 metres above sea level, near the border \
                      with Kenya.";
        assert_contradicted(beside, q, ctx, false);
        // The same place where the sentence names Africa: swapped.
        let swapped = "Kilimanjaro stands about 5,895 metres above sea level and is the \
                       highest mountain in Kenya.";
        assert_contradicted(swapped, q, ctx, true);
        // A question that also asks for a place judges every name as before.
        let ada = "Ada Lovelace was an English mathematician, born in London in 1815.";
        assert_contradicted(
            "Paris, 1815.",
            "Where and when was Ada Lovelace born?",
            ada,
            true,
        );
        assert!(asks_only_value("How tall is Kilimanjaro?"));
        assert!(asks_only_value(
            "Answer using the passage below.\nHow tall is Kilimanjaro?"
        ));
        assert!(asks_only_value("How many moons does Mars have?"));
        assert!(asks_only_value("When was the Eiffel Tower completed?"));
        assert!(asks_only_value("In what year did the war end?"));
        assert!(!asks_only_value("Where and when was Ada Lovelace born?"));
        assert!(!asks_only_value(
            "Who was the tallest player, and how tall was he?"
        ));
        assert!(!asks_only_value("Which river is the longest?"));
        assert!(!asks_only_value(
            "What did the crowd do when the band came on?"
        ));
        // A name beside the asked-for date is a detail too.
        let eiffel = "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in \
                      Paris, France. It was completed in 1889 and is 330 metres tall.";
        let q = "When was the Eiffel Tower completed?";
        let good = "The tower was finished in 1889 for the World's Fair.";
        assert_contradicted(good, q, eiffel, false);
        assert_contradicted("The tower was completed in 1925.", q, eiffel, true);
        // A name beside the entity of the kind a "which" question asks for is a detail; in
        // that entity's slot it is a swap.
        let amazon = "The Amazon River in South America is the largest river by discharge \
                      volume of water in the world.";
        let q = "Which river has the largest discharge?";
        let good = "The Amazon carries more water than any other river on Earth.";
        assert_contradicted(good, q, amazon, false);
        assert_contradicted(
            "The Amazon River in Africa has the largest discharge.",
            q,
            amazon,
            true,
        );
        assert_eq!(asked_noun(q).as_deref(), Some("river"));
        assert_eq!(
            asked_noun("What kind of tree is it?").as_deref(),
            Some("tree")
        );
        assert_eq!(asked_noun("What is the capital of Peru?"), None);
    }

    #[test]
    fn answers_conflict_when_they_state_other_names_numbers_or_years() {
        let q = Some("What is the capital of France?");
        let k = answer_keys(
            &[
                "The capital of France is Paris.",
                "Paris.",
                "It is Lyon.",
                "the capital is a large city",
                "France's seat of government is the city of Paris.",
            ],
            q,
        );
        assert!(!k[0].conflicts_with(&k[1]), "{k:?}");
        assert!(k[0].conflicts_with(&k[2]) && k[1].conflicts_with(&k[2]));
        // Stating nothing of a kind conflicts with nothing; France is the prompt's.
        assert!(!k[0].conflicts_with(&k[3]));
        assert!(!k[0].conflicts_with(&k[4]), "{k:?}");
        let y = answer_keys(
            &[
                "It was completed in 1889.",
                "It opened in 1925.",
                "In 1889, for the fair.",
            ],
            Some("When was the Eiffel Tower completed?"),
        );
        assert!(y[0].conflicts_with(&y[1]) && !y[0].conflicts_with(&y[2]));
        let n = answer_keys(&["twelve", "12 of them", "13"], None);
        assert!(
            !n[0].conflicts_with(&n[1]) && n[0].conflicts_with(&n[2]),
            "{n:?}"
        );
    }

    #[test]
    fn word_lists_fit_their_length_bounds() {
        assert_eq!(
            BACK_REFERENCES.iter().map(|w| w.len()).max(),
            Some(BACK_REFERENCE_MAX_LEN)
        );
        let lengths = NUMBER_WORDS.iter().map(|(w, _)| w.len());
        assert_eq!(lengths.clone().min(), Some(NUMBER_WORD_MIN_LEN));
        assert_eq!(lengths.max(), Some(NUMBER_WORD_MAX_LEN));
        for &(w, d) in NUMBER_WORDS {
            assert_eq!(number_word(w), Some(d));
        }
        for &(w, _) in NUMBER_WORDS {
            assert!(
                may_be_number_word(w) && may_be_number_word(&w.to_uppercase()),
                "{w}"
            );
        }
        for w in ["", "a", "the", "The", "and", "fifths", "thre", "thirtee"] {
            assert!(!may_be_number_word(w), "{w}");
        }
        assert_eq!(number_word("tens"), None);
        let forms = DIRECTION_ANTONYMS
            .iter()
            .flat_map(|(a, b)| a.iter().chain(b.iter()));
        assert_eq!(
            forms.clone().map(|f| f.len()).max(),
            Some(DIRECTION_MAX_LEN)
        );
        for (pair, (a, b)) in DIRECTION_ANTONYMS.iter().enumerate() {
            for (side, list) in [a, b].into_iter().enumerate() {
                for f in list.iter() {
                    assert_eq!(direction_word(f), Some((pair, side, *f)), "{f} twice?");
                    assert_eq!(direction_word(&f.to_uppercase()), Some((pair, side, *f)));
                }
            }
        }
        assert_eq!(direction_word("sideways"), None);
    }

    #[test]
    fn questions_and_instructions_are_prompts_facts_are_sources() {
        assert_eq!(
            context_role("What is the capital of France?"),
            ContextRole::Prompt
        );
        assert_eq!(
            context_role("Explain briefly how vaccines work."),
            ContextRole::Prompt
        );
        assert_eq!(context_role("User: who wrote Hamlet"), ContextRole::Prompt);
        assert_eq!(
            context_role("what is the capital of france"),
            ContextRole::Prompt
        );
        assert_eq!(
            context_role("Will Smith starred in Men in Black."),
            ContextRole::Source
        );
        assert_eq!(
            context_role("How I Met Your Mother is a/an TV show"),
            ContextRole::Source
        );
        assert_eq!(context_role("  "), ContextRole::None);
        // A conversation transcript is the request, however long and whatever its turns state.
        let chat = "[Human]: Can you recommend a movie by Christopher Nolan? [Assistant]: Sure, \
                    Inception is a great one. [Human]: Who stars in it?";
        assert_eq!(context_role(chat), ContextRole::Prompt);
        assert_eq!(
            context_role(&format!("  user: {}", "Tell me more. ".repeat(100))),
            ContextRole::Prompt
        );
        assert_eq!(
            context_role("The user: a person who uses the service."),
            ContextRole::Source
        );
        assert_eq!(
            context_role("Paris is the capital of France."),
            ContextRole::Source
        );
        assert_eq!(
            context_role("Paris is the capital of France. What is the capital of France?"),
            ContextRole::Source
        );
        assert_eq!(
            context_role(&"What? ".repeat(200)),
            ContextRole::Source,
            "too long to be a prompt"
        );
        // Titles are no questions; questions that end with a name still are.
        for statement in [
            "Where the Heart Is is written by Billie Letts",
            "Chuck Russell directed The Mask. Reg E. Cathey starred in What About Bob?",
            "Rick Warren wrote The Purpose Driven Life: What on Earth am I Here For?",
            "Where the Wild Things Are has genre Family",
        ] {
            assert_eq!(context_role(statement), ContextRole::Source, "{statement}");
        }
        for question in [
            "what is the capital of france",
            "And which one is older, the Louvre in Paris or the Prado in Madrid?",
            "Is the Eiffel Tower taller than the Statue of Liberty?",
            "Tell me about the tallest tower in Paris?",
            "What About Bob?",
            "the capital of France?",
            "who is John Smith",
        ] {
            assert_eq!(context_role(question), ContextRole::Prompt, "{question}");
        }
    }

    #[test]
    fn context_passage_leaves_out_the_question_around_it() {
        let passage =
            "The Eiffel Tower is a wrought-iron lattice tower in Paris. It was completed in 1889.";
        fn found(c: &str) -> Option<&str> {
            context_passage(c).map(|(s, e)| &c[s..e])
        }
        for c in [
            format!("{passage}\nWhen was it completed?"),
            format!("When was it completed? {passage}"),
            format!("Answer briefly. {passage} Is it in Paris?"),
            format!("{passage}\n[Human]: I am going there. When was it built? [Assistant]:"),
            format!("Question: When was it completed?\nContext: {passage}"),
            format!("Use the following pieces of context to answer the question at the end.\n\n{passage}\n\nQuestion: When was it completed?\nHelpful Answer:"),
            // A request for a summary, however short: "TL;DR?", a bare "Summarize:".
            format!("{passage}\nTL;DR?"),
            format!("Summarize:\n{passage}"),
            format!("{passage}\n\nThe key points, in brief?"),
        ] {
            assert_eq!(found(&c), Some(passage), "{c}");
        }
        // "above", "below", "following", "given" in their everyday sense do not frame the
        // passage: the sentences that use them stay in it; used as deictics, they frame it.
        let kili = "Mount Kilimanjaro is a volcano in Tanzania. It stands about 5,895 metres above sea level.";
        for c in [
            format!("{kili}\nHow tall is Kilimanjaro?"),
            format!("How tall is it? {kili}"),
            format!("Context information is below.\n{kili}\nHow tall is it?"),
            format!("Answer with what is given below.\n{kili}\nHow tall is it?"),
        ] {
            assert_eq!(found(&c), Some(kili), "{c}");
        }
        // A request for a summary that names its subject in capitals.
        let c = format!("{passage}\nSummarize the Eiffel Tower's history.");
        assert_eq!(found(&c), Some(passage));
        let c = "Temperatures fell below zero. The following year the lake froze. How cold was it?";
        assert_eq!(found(c), Some(&c[..c.find(" How").unwrap()]));
        // A context a user or a transcript opens holds its labelled passage.
        let c = format!("[Human]: When was it built?\nKnowledge: {passage}");
        assert_eq!(prompt_passage(&c).map(|(s, e)| &c[s..e]), Some(passage));
        // All passage (a title ending in "?" asks nothing), or all request: no split.
        for c in [
            passage.to_string(),
            format!("{passage} Reg E. Cathey starred in What About Bob?"),
            format!("The text below is from a guide. {passage}"),
            "When was the Eiffel Tower completed? How tall is it?".to_string(),
        ] {
            assert_eq!(found(&c), None, "{c}");
        }
    }

    #[test]
    fn prompt_passage_finds_the_sources_a_prompt_holds() {
        let passage = "The Eiffel Tower is a wrought-iron lattice tower in Paris. It was completed in 1889 and is 330 metres tall.";
        fn found(p: &str) -> Option<&str> {
            prompt_passage(p).map(|(s, e)| &p[s..e])
        }
        // Labelled, on lines of their own, up to the question's label.
        let p = format!("Answer from the context.\nContext: {passage}\nQuestion: When was it completed?\nAnswer:");
        assert_eq!(found(&p), Some(passage));
        // Numbered documents run on to the request label; to the end without one.
        let p = format!("Document 1: {passage}\nDocument 2: It is in the 7th arrondissement.\nQ: How tall is it?");
        assert_eq!(
            found(&p),
            Some(&p[p.find("The").unwrap()..p.find("\nQ:").unwrap()])
        );
        let p = format!("Knowledge:\n{passage}\nWhen was it completed?");
        assert_eq!(found(&p), Some(passage));
        // A dialogue after the knowledge ends it.
        let p = format!("Knowledge: {passage}\n[Human]: How tall is it? [Assistant]:");
        assert_eq!(found(&p), Some(passage));
        // Unlabelled, between an instruction and a question, or with its label inside the line.
        let p = format!("Answer using the passage below. {passage} When was the tower completed?");
        assert_eq!(found(&p), Some(passage));
        let p = format!(
            "Answer using the passage. Passage: {passage} Question: When was it completed?"
        );
        assert_eq!(found(&p), Some(passage));
        let p = format!(
            "Answer using the passage below.\n{passage}\nUser: I am in Paris. How tall is it?"
        );
        assert_eq!(found(&p), Some(passage));
        let p = format!("Summarize the following article:\n{passage}");
        assert_eq!(found(&p), Some(passage));
        // The templates of retrieval libraries: their words about the passage frame it.
        let p = format!("Use the following pieces of context to answer the question at the end. If you don't know the answer, just say that you don't know, don't try to make up an answer.\n\n{passage}\n\nQuestion: When was it completed?\nHelpful Answer:");
        assert_eq!(found(&p), Some(passage));
        let p = format!("Context information is below.\n---------------------\n{passage}\n---------------------\nGiven the context information and not prior knowledge, answer the query.\nQuery: When was it completed?\nAnswer: ");
        assert_eq!(found(&p), Some(passage));
        // The query may be an instruction rather than a question.
        let p = format!("Context information is below.\n---------------------\n{passage}\n---------------------\nGiven the context information and not prior knowledge, answer the query.\nQuery: Summarize in one sentence.\nAnswer: ");
        assert_eq!(found(&p), Some(passage));
        // A bare "Summarize:" after the question label asks too; a bare "Answer:" does not.
        let p = format!("Use the following pieces of context to answer the question at the end.\n\n{passage}\n\nQuestion: Summarize:\nHelpful Answer:");
        assert_eq!(found(&p), Some(passage));
        assert!(is_bare_label("Helpful Answer:", 2) && !is_bare_label("Question: Summarize:", 2));
        // One sentence will do when a noun points at it, not when only "the following" does.
        let one = "Python 3.0, released on 3 December 2008, was a major revision of the language.";
        let p = format!("Answer using the passage below.\n{one}\nWhen was Python 3.0 released?");
        assert_eq!(found(&p), Some(one));
        let p = format!("What should I do about the following? {one}");
        assert_eq!(found(&p), None);
        // Not a passage: all request, a statement too short to be prose, a poem's lines, a label
        // with a stub after it, a conversation, no request beside the statements.
        for p in [
            "What is the capital of France? Answer in one word.".to_string(),
            "I am planning a trip to Japan. What should I see in Kyoto?".to_string(),
            "Edit the poem.\nThe sky was dark, the stars so bright\nI almost fell as I looked up high\nA storm is brewing, I can feel its might".to_string(),
            "Write a joke.\nContext: Interview\nKeywords: cows".to_string(),
            format!("[Human]: {passage} When was it completed?"),
            passage.to_string(),
            format!("Convert this paragraph into a poem.\n{passage}"),
            format!("Name an example of the concept in the document.\nDocument: {passage}"),
            format!("{passage} What should I see first?"),
            format!("Knowledge:\n{passage}"),
            format!("How to use the following text to make a reader sad?\n{passage}"),
            "Identify the context of this conversation.\nA: What do we do before the next step?\nB: We need to get approval from the board of the company.".to_string(),
        ] {
            assert_eq!(found(&p), None, "{p}");
        }
    }

    #[test]
    fn sentences_skip_list_numbers_and_decimals() {
        let t = "1. Water boils at 99.9 degrees. J. Smith said so!\n2) Next point";
        let s: Vec<&str> = sentence_spans(t).iter().map(|&(a, b)| &t[a..b]).collect();
        assert_eq!(
            s,
            [
                "Water boils at 99.9 degrees.",
                "J. Smith said so!",
                "2) Next point"
            ]
        );
    }

    #[test]
    fn paragraphs_joined_without_a_space_split_but_abbreviations_do_not() {
        let t = "He died in 1989.James Henry Miller was a singer.The band formed in the U.S.A. \
                 in 1970 after a Ph.D thesis on 3.5 GHz radios in St.Louis. Él vivió en Bogotá.Después \
                 volvió.";
        let s: Vec<&str> = sentence_spans(t).iter().map(|&(a, b)| &t[a..b]).collect();
        assert_eq!(
            s,
            [
                "He died in 1989.",
                "James Henry Miller was a singer.",
                "The band formed in the U.S.A. in 1970 after a Ph.D thesis on 3.5 GHz radios in St.Louis.",
                "Él vivió en Bogotá.",
                "Después volvió."
            ]
        );
    }

    #[test]
    fn a_title_before_a_name_and_a_month_before_a_day_continue_the_sentence() {
        let t = "The researchers, led by Dr. Mette Holm of Aarhus University, reported it on \
                 Feb. 15 in St. Louis. It ends in Sept. Then it resumes. Ask Dr. who knows.";
        let s: Vec<&str> = sentence_spans(t).iter().map(|&(a, b)| &t[a..b]).collect();
        assert_eq!(
            s,
            [
                "The researchers, led by Dr. Mette Holm of Aarhus University, reported it on \
                 Feb. 15 in St. Louis.",
                "It ends in Sept.",
                "Then it resumes.",
                "Ask Dr.",
                "who knows."
            ]
        );
    }

    #[test]
    fn triples_glued_by_a_repeated_phrase_are_sentences() {
        let t = "Rush has genre ActionAction has examples: ZoomZoom has genre Action. The Story \
                 of Art was released 19501950 was the year of Wicked (Thriller Film)Wicked \
                 (Thriller Film) is starring Michael ParksMichael Parks, with McCartney.";
        let s: Vec<&str> = sentence_spans(t).iter().map(|&(a, b)| &t[a..b]).collect();
        assert_eq!(
            s,
            [
                "Rush has genre Action",
                "Action has examples: Zoom",
                "Zoom has genre Action.",
                "The Story of Art was released 1950",
                "1950 was the year of Wicked (Thriller Film)",
                "Wicked (Thriller Film) is starring Michael Parks",
                "Michael Parks, with McCartney."
            ]
        );
    }

    #[test]
    fn a_swapped_number_contradicts_its_aligned_sentence() {
        let ctx = "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris. It was completed in 1889 as the centrepiece of the World's Fair and is 330 metres tall.";
        let good = analyse(
            "The Eiffel Tower was completed in 1889 and is 330 metres tall.",
            "",
            ctx,
        );
        let bad = analyse(
            "The Eiffel Tower was completed in 1925 and is 150 metres tall.",
            "",
            ctx,
        );
        assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
        assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
        assert!(
            bad.claims[0]
                .conflicts
                .iter()
                .any(|c| c.contains("1925") && c.contains("1889")),
            "{:?}",
            bad.claims[0].conflicts
        );
        assert!(bad.features.novel_conflict_share > 0.0 && good.features.contradicted_share == 0.0);
        let src = bad.claims[0].source.as_ref().unwrap();
        assert_eq!(
            ctx.chars()
                .skip(src.start)
                .take(src.end - src.start)
                .collect::<String>(),
            src.text
        );
        assert!(src.text.starts_with("It was completed in 1889"));
    }

    #[test]
    fn a_definite_description_continues_the_subject_named_before_it() {
        // "The company" is Northwind Traders: its subject is not swapped for "Seattle".
        let ctx = "Northwind Traders is a wholesale food distributor. The company was founded in \
                   1987 by Maria Anders and Thomas Hardy in Seattle. It ships to 40 countries.";
        let good = analyse(
            "Northwind Traders was founded in 1987 by Maria Anders and Thomas Hardy.",
            "",
            ctx,
        );
        assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
        // A name the sentence before does not state is not the description's referent: the
        // swap is still judged.
        let ctx = "Contoso Holdings is an investor. Northwind Traders is a food distributor. \
                   Fabrikam is a maker of toys. The company was founded in 1987 by Maria Anders \
                   and Thomas Hardy in Seattle.";
        let bad = analyse(
            "Northwind Traders was founded in 1987 by Maria Anders and Thomas Hardy.",
            "",
            ctx,
        );
        assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
        // A description equated with a name of its own names its own entity.
        let second = "The capital is Paris, on the Seine.";
        assert!(!opens_with_description(second, &tokens(second)));
        let described = "The company was founded in 1987.";
        assert!(opens_with_description(described, &tokens(described)));
    }

    #[test]
    fn a_word_the_sources_state_only_after_no_is_denied() {
        let ctx = "A fire broke out at a warehouse on Elm Street late on Sunday. Firefighters \
                   brought it under control within two hours. No injuries were reported.";
        let bad = analyse("Two firefighters suffered injuries.", "", ctx);
        assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
        assert!(bad.features.negation_mismatch_share > 0.0);
        // The claim that says so, or withholds the word, is not contradicted.
        for good in [
            "Firefighters controlled the fire, and no injuries were reported.",
            "Everyone escaped injuries.",
        ] {
            let g = analyse(good, "", ctx);
            assert_ne!(
                g.claims[0].status,
                ClaimStatus::Contradicted,
                "{good}: {g:?}"
            );
        }
        // "no longer" denies the verb of its clause, not a thing: "compete" is not denied.
        let ctx = "England will no longer compete in the Victory Shield.";
        let toks = tokens(ctx);
        assert!(!denied_by_no(ctx, &toks, 4));
        let ctx = "There were no serious injuries.";
        assert!(denied_by_no(ctx, &tokens(ctx), 4));
        assert!(!denied_by_no(ctx, &tokens(ctx), 3));
        // The word after the head is no part of the phrase.
        let ctx = "No injuries occurred.";
        assert!(denied_by_no(ctx, &tokens(ctx), 1) && !denied_by_no(ctx, &tokens(ctx), 2));
        // Restricted by a phrase after it, it is denied only there: parking elsewhere is not.
        let ctx = "The hotel has no parking on site. A public garage is two blocks away.";
        assert!(!denied_by_no(ctx, &tokens(ctx), 4));
        let g = analyse("Parking is available at the public garage nearby.", "", ctx);
        assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
        // A "no" phrase denies its own words, not a clause that does not name them; "no longer"
        // still negates its clause.
        let ctx = "There is no charge for returns made within 30 days.";
        let g = analyse("Returns are free within 30 days.", "", ctx);
        assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
        let g = analyse("You pay a charge for returns made within 30 days.", "", ctx);
        assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    }

    #[test]
    fn a_unit_is_found_however_it_is_written() {
        let ctx = "The average distance between the Earth and the Moon is about 384,400 km.";
        let g = analyse(
            "The Moon is about 384,400 kilometres from the Earth on average.",
            "",
            ctx,
        );
        assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
        assert_eq!(g.claims[0].support, 1.0, "{g:?}");
        // A unit the question names ("in miles") is the unit of the answer's number.
        let nile = "The Nile is about 6,650 kilometres long.";
        let n = analyse(
            "Roughly 4,130 miles.",
            "How long is the Nile in miles?",
            nile,
        );
        assert_eq!(n.claims[0].support, 1.0, "{n:?}");
        let bad = analyse(
            "The Moon is about 384,400 miles from the Earth on average.",
            "",
            ctx,
        );
        assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
    }

    #[test]
    fn a_pronoun_subject_anchors_the_name_its_previous_sentence_opens_with() {
        let ctx = "Roman Atwood is a content creator. He is best known for his vlogs, where he \
                   posts updates about his life.";
        let g = analyse("Roman Atwood posts vlogs about his life.", "", ctx);
        assert_eq!(g.features.entity_anchor_mean, 1.0, "{g:?}");
        // So does a pronoun after a fronted adverbial that names nothing.
        let ctx = "Aristotle was an Ancient Greek philosopher. At seventeen or eighteen years of \
                   age, he joined Plato's Academy in Athens and remained there for twenty years.";
        let g = analyse("Aristotle spent time in Athens.", "", ctx);
        assert!(g.features.entity_anchor_mean > 0.5, "{g:?}");
        // "He" continues the film's sentence, whose subject is the film, not the actor.
        let ctx = "D.C. Cab is a 1983 comedy film starring Max Gail and Adam Baldwin. He \
                   portrayed Detective Wojo on the sitcom Barney Miller.";
        let g = analyse(
            "Adam Baldwin portrayed Detective Wojo on Barney Miller.",
            "",
            ctx,
        );
        assert!(g.features.entity_anchor_mean < 1.0, "{g:?}");
        // The sentence that continues the subject is the claim's alignment, so its polarity is
        // the one judged.
        let ctx = "Roman Atwood is a content creator. He is best known for his vlogs, where he \
                   posts updates about his life.";
        let bad = analyse("Roman Atwood has never posted a vlog.", "", ctx);
        assert_eq!(bad.claims[0].conflicts, ["negated vs affirmed"], "{bad:?}");
        // A subject that shares only part of the name is another entity.
        let ctx = "Wasim Hasan Raja was a Pakistani cricketer. His brother Rameez played too.";
        let toks = tokens(ctx);
        let index = SourceIndex::build(ctx, &toks, &LowerVocab::of(&[&toks]), &[]);
        let id = |w: &str| index.vocab[&Cow::Borrowed(w)];
        assert!(index.continues_subject(1, &[id("wasim"), id("hasan"), id("raja")]));
        assert!(!index.continues_subject(1, &[id("hasan"), id("rameez")]));
    }

    #[test]
    fn a_citation_marker_states_no_number() {
        let ctx = "She won the Nobel Prize in Physics in 1903 and the Nobel Prize in Chemistry in \
                   1911.";
        let text =
            "She won the Nobel Prize in Physics in 1903 [1] and in Chemistry in 1911 [1, 2].";
        let g = analyse(text, "", ctx);
        assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
        let toks = tokens(text);
        let cited: Vec<&str> = (0..toks.len())
            .filter(|&i| is_citation_marker(text, &toks, i))
            .map(|i| toks[i].raw)
            .collect();
        assert_eq!(cited, ["1", "1", "2"]);
        // A retrieval pipeline's source label: neither the label nor its number is stated.
        for (t, want) in [
            (
                "[Doc 2] Gigafactory Texas is Tesla's largest factory [source 1].",
                &["Doc", "2", "source", "1"][..],
            ),
            (
                "It is near Austin (Doc 2), says Document 3 [Doc 1, 2] (Ref 4).",
                &["Doc", "2", "Document", "3", "Doc", "1", "2", "Ref", "4"][..],
            ),
            (
                "Per Documents 2 and 3 it opened in 2017 [Doc 1 or 4].",
                &["Documents", "2", "3", "Doc", "1", "4"][..],
            ),
            ("It has 2 and 3 floors.", &[][..]),
            (
                "It makes the Model 3 and Model Y; see Article 5 of the code.",
                &[][..],
            ),
        ] {
            let toks = tokens(t);
            let cited: Vec<&str> = (0..toks.len())
                .filter(|&i| is_citation_marker(t, &toks, i))
                .map(|i| toks[i].raw)
                .collect();
            assert_eq!(cited, want, "{t}");
        }
        // A number in brackets with words is no citation, nor one without brackets.
        for t in [
            "The tower [built 1889] is tall.",
            "It has 3 floors.",
            "Figure [3a] shows it.",
            "The [Model 3] sold well.",
        ] {
            let toks = tokens(t);
            assert!(
                (0..toks.len()).all(|i| !is_citation_marker(t, &toks, i)),
                "{t}"
            );
        }
    }

    #[test]
    fn an_ordinary_word_opening_a_sentence_opens_the_name_the_request_writes_after_it() {
        // "Little" opens the source sentence, where every word is capitalised; the answer writes
        // "Little Ashby" mid-sentence, so the source names the village whole.
        let ctx = "Little Ashby is a village in Leicestershire, England, known for its Norman \
                   church.";
        let g = analyse("The village of Little Ashby is in Leicestershire.", "", ctx);
        assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
        let g = analyse("The village of Little Ashby is in Yorkshire.", "", ctx);
        assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
        // An opening demonym is keyed as a name by its place, as it is anywhere else.
        let g = analyse(
            "American Airlines is headquartered in Fort Worth.",
            "Where is American Airlines headquartered?",
            "The airline American Airlines is headquartered in Fort Worth, Texas.",
        );
        assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
        // Without the request writing the pair mid-sentence, an opening ordinary word stays a
        // word: "Somehow" names nothing.
        let ctx = "Somehow Walt Disney made mice lovable.";
        let toks = tokens(ctx);
        let vocab = LowerVocab::of(&[&toks]);
        assert!(!opens_name_run(ctx, &toks, 0, &vocab));
        let toks_b = tokens("He lives in Little Ashby.");
        let toks_a = tokens("Little Ashby is a village.");
        let vocab = LowerVocab::of(&[&toks_a, &toks_b]);
        assert!(opens_name_run(
            "Little Ashby is a village.",
            &toks_a,
            0,
            &vocab
        ));
    }

    #[test]
    fn a_novel_name_conflicts_with_the_sentence_of_its_own_clause() {
        // The claim's other clause carries most of its words, so its best sentence is the second
        // one; the clause holding the novel name is stated by the first.
        let ctx = "Inception is a 2010 science fiction film written and directed by Christopher \
                   Nolan. It stars Leonardo DiCaprio as a thief who steals information by \
                   entering people's dreams.";
        let bad = analyse(
            "It was written and directed by Steven Spielberg, and Leonardo DiCaprio plays a \
             thief who enters people's dreams.",
            "",
            ctx,
        );
        assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
        assert!(
            bad.claims[0].conflicts.iter().any(|c| c.contains("steven")),
            "{:?}",
            bad.claims[0].conflicts
        );
        let good = analyse(
            "It was written and directed by Christopher Nolan, and Leonardo DiCaprio plays a \
             thief who enters people's dreams.",
            "",
            ctx,
        );
        assert_ne!(good.claims[0].status, ClaimStatus::Contradicted, "{good:?}");
    }

    #[test]
    fn a_novel_date_conflicts_with_the_second_sentence_of_its_aligned_span() {
        // The best sentence names the subject and has no date; the next one, which refers back to
        // it, states the date the answer replaces.
        let ctx = "The Eiffel Tower is a wrought-iron lattice tower in Paris. It was completed in 1889 as the entrance to the World's Fair.";
        let q = "When was the Eiffel Tower completed?";
        let bad = analyse("The Eiffel Tower was completed in 1899.", q, ctx);
        let good = analyse("The Eiffel Tower was completed in 1889.", q, ctx);
        assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
        assert!(
            bad.claims[0]
                .conflicts
                .iter()
                .any(|c| c.contains("1899") && c.contains("1889")),
            "{:?}",
            bad.claims[0].conflicts
        );
        // It cites the sentence that states the date it contradicts.
        assert!(bad.claims[0]
            .source
            .as_ref()
            .unwrap()
            .text
            .starts_with("It was completed in 1889"));
        assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
        // A date the sources lack, with no other date in the aligned span, is unsupported, not
        // contradicted: nothing states another one in its place.
        let undated = analyse(
            "The Eiffel Tower was completed in 1899.",
            q,
            "The Eiffel Tower is a wrought-iron lattice tower in Paris. It was built as the entrance to the World's Fair.",
        );
        assert_ne!(
            undated.claims[0].status,
            ClaimStatus::Contradicted,
            "{undated:?}"
        );
    }

    #[test]
    fn a_name_named_by_part_of_a_longer_name_is_no_other_name() {
        // The claim joins two sentences: "Moon" stands in the first, the rest in the second,
        // whose "Apollo Lunar Module Eagle" the claim names "the Eagle".
        let ctx = "Apollo 11 was the spaceflight that first landed humans on the Moon. \
                   Neil Armstrong and Buzz Aldrin landed the Apollo Lunar Module Eagle on July \
                   20, 1969.";
        let g = analyse(
            "Neil Armstrong and Buzz Aldrin landed the Eagle on the Moon in July 1969.",
            "",
            ctx,
        );
        assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
        // A name swapped within a run that is another entity still conflicts: "Michelle Obama"
        // does not name "Barack Obama".
        let ctx = "Barack Obama signed the Affordable Care Act in 2010.";
        let b = analyse(
            "Michelle Obama signed the Affordable Care Act in 2010.",
            "",
            ctx,
        );
        assert_eq!(b.claims[0].status, ClaimStatus::Contradicted, "{b:?}");
        let b = analyse("Barack Obama signed the Clean Air Act in 2010.", "", ctx);
        assert_eq!(b.claims[0].status, ClaimStatus::Contradicted, "{b:?}");
    }

    #[test]
    fn a_name_written_another_way_supports_its_claim() {
        // Each pair: an answer naming or numbering what the source states in another form, and
        // a swap that must still contradict.
        for (ctx, good, bad) in [
            (
                "The Sagrada Família was designed by the Catalan architect Antoni Gaudí.",
                "Antoni Gaudi designed the Sagrada Familia.",
                "Antoni Pujol designed the Sagrada Familia.",
            ),
            (
                "Marie Skłodowska-Curie was the first woman to win a Nobel Prize.",
                "Marie Curie was the first woman to win a Nobel Prize.",
                "Marie Meitner was the first woman to win a Nobel Prize.",
            ),
            (
                "The United States purchased Alaska from the Russian Empire in 1867.",
                "The U.S. purchased Alaska from the Russian Empire in 1867.",
                "The U.K. purchased Alaska from the Russian Empire in 1867.",
            ),
            (
                "Norway has a population of about 5.5 million people.",
                "Norway has a population of about 5,500,000 people.",
                "Norway has a population of about 7,500,000 people.",
            ),
            (
                "Mars is the fourth planet from the Sun.",
                "Mars is the 4th planet from the Sun.",
                "Mars is the 6th planet from the Sun.",
            ),
            (
                "Bell was granted a patent for the telephone in 1876.",
                "Bell was granted a patent for the telephone in the 1870s.",
                "Bell was granted a patent for the telephone in the 1890s.",
            ),
        ] {
            let (g, b) = (analyse(good, "", ctx), analyse(bad, "", ctx));
            assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{good}: {g:?}");
            assert_eq!(
                b.claims[0].status,
                ClaimStatus::Contradicted,
                "{bad}: {b:?}"
            );
        }
    }

    #[test]
    fn no_longer_negates() {
        let ctx = "In 2006 the International Astronomical Union reclassified Pluto as a dwarf \
                   planet, so it is no longer considered a planet.";
        for good in [
            "Pluto is not considered a planet.",
            "Pluto is no longer considered a planet.",
        ] {
            let g = analyse(good, "Is Pluto a planet?", ctx);
            assert_ne!(
                g.claims[0].status,
                ClaimStatus::Contradicted,
                "{good}: {g:?}"
            );
        }
        let b = analyse(
            "Pluto is still considered a planet.",
            "Is Pluto a planet?",
            ctx,
        );
        assert_eq!(b.claims[0].status, ClaimStatus::Contradicted, "{b:?}");
        assert!(b.features.negation_mismatch_share > 0.0);
    }

    #[test]
    fn with_no_before_a_noun_is_an_adjunct_like_without() {
        let ctx = "A ten-year study found that adults who walked at least 7,000 steps a day had \
                   a 31% lower risk of heart disease. The benefit levelled off above 10,000 steps.";
        let g = analyse(
            "Walking at least 7,000 steps a day was linked to a 31% lower risk of heart \
             disease, with no extra benefit above 10,000 steps.",
            "Summarize the study.",
            ctx,
        );
        assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
        let s = "Adults with no symptoms were not tested.";
        assert!(negates(s, &tokens(s)), "the verbal negation still negates");
        let s = "Adults with no symptoms were tested.";
        assert!(!negates(s, &tokens(s)));
        let s = "No symptoms were found.";
        assert!(negates(s, &tokens(s)));
    }

    #[test]
    fn a_not_that_opens_a_phrase_denies_the_phrase() {
        let ctx =
            "Parasite is a 2019 South Korean film directed by Bong Joon-ho. It won the Palme \
                   d'Or at Cannes and became the first non-English-language film to win the \
                   Academy Award for Best Picture.";
        let g = analyse(
            "It was the first film not in English to win Best Picture.",
            "Did Parasite win any big awards?",
            ctx,
        );
        assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
        for (s, negated) in [
            ("The film was not in English.", true),
            ("It's not in English.", true),
            ("The film was certainly not in English.", true),
            ("A film not in English won.", false),
            ("It won for the effect, not for relativity.", true),
            ("He served in the war but not in the battle.", true),
            ("He decided not to go.", true),
        ] {
            assert_eq!(negates(s, &tokens(s)), negated, "{s}");
        }
        // The name a prefixed compound holds is stated: "English" is not swapped for another.
        let b = analyse(
            "It was the first English film to win Best Picture.",
            "",
            ctx,
        );
        assert!(
            b.claims[0].conflicts.iter().all(|c| !c.contains("palme")),
            "{b:?}"
        );
    }

    #[test]
    fn a_negative_implicative_before_to_negates() {
        let ctx = "Italy failed to qualify for the 2018 World Cup. Sweden, who beat them in a \
                   play-off, reached the quarter-finals.";
        let q = "Did Italy play at the 2018 World Cup?";
        let g = analyse("Italy did not qualify for the 2018 World Cup.", q, ctx);
        assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
        assert_eq!(g.features.negation_mismatch_share, 0.0, "{g:?}");
        let b = analyse("Italy qualified for the 2018 World Cup.", q, ctx);
        assert_eq!(b.claims[0].status, ClaimStatus::Contradicted, "{b:?}");
        // Without "to" the verb is a verb: "sales declined" denies nothing.
        let toks = tokens("Sales declined in 2019.");
        assert!(!negates("Sales declined in 2019.", &toks));
        let toks = tokens("The board declined to comment.");
        assert!(negates("The board declined to comment.", &toks));
        // A negation before one cancels it: "don't forget to" asks to remember.
        for affirmed in [
            "Don't forget to check out the sequel.",
            "She never failed to vote.",
        ] {
            assert!(!negates(affirmed, &tokens(affirmed)), "{affirmed}");
        }
    }

    #[test]
    fn a_negation_that_without_follows_is_a_double_negation() {
        let ctx = "Pets are not permitted without the landlord's written consent. The deposit is \
                   returned within 30 days.";
        let q = "Can I keep a cat?";
        let only_with = analyse("Only with the landlord's written consent.", q, ctx);
        assert_ne!(
            only_with.claims[0].status,
            ClaimStatus::Contradicted,
            "{only_with:?}"
        );
        assert_eq!(only_with.features.negation_mismatch_share, 0.0);
        // "without" alone negates nothing: an adjunct ("abandoned without food").
        let ctx2 = "She rescued the dog from a hillside where it was abandoned without food.";
        let rescued = analyse("She rescued the dog from a hillside.", "", ctx2);
        assert_eq!(rescued.features.negation_mismatch_share, 0.0, "{rescued:?}");
        // A comma ends the negation's reach.
        let toks = tokens("It is not cheap, without doubt.");
        assert!(negates("It is not cheap, without doubt.", &toks));
        let toks = tokens("You cannot enter the building without a badge.");
        assert!(!negates(
            "You cannot enter the building without a badge.",
            &toks
        ));
    }

    #[test]
    fn an_elliptical_negated_clause_denies_of_the_clause_before_it() {
        let ctx = "Unused items can be returned within 30 days. Sale items can be exchanged but \
                   not refunded.";
        let q = "Can I get my money back for a sale item?";
        let good = analyse(
            "Sale items can't be refunded, though you can exchange them.",
            q,
            ctx,
        );
        assert_eq!(good.features.negation_mismatch_share, 0.0, "{good:?}");
        let bad = analyse("Sale items can be refunded like any other item.", q, ctx);
        assert!(bad.features.negation_mismatch_share > 0.0, "{bad:?}");
        let wrong_half = analyse("Sale items cannot be exchanged.", q, ctx);
        assert!(
            wrong_half.features.negation_mismatch_share > 0.0,
            "{wrong_half:?}"
        );
    }

    #[test]
    fn a_number_word_times_a_scale_word_is_one_number() {
        let ctx = "The firm said it would hire 1,500 engineers next year.";
        let q = "How many engineers will it hire?";
        let good = analyse("About fifteen hundred engineers.", q, ctx);
        assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
        let bad = analyse("About five thousand engineers.", q, ctx);
        assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
        assert_eq!(bad.claims[0].conflicts, ["\"5000\" vs \"1500\""]);
        let toks = tokens("two million and one hundred");
        assert_eq!(number_at(&toks, 0).as_deref(), Some("2000000"));
        assert_eq!(number_at(&toks, 1), None);
        assert_eq!(number_at(&toks, 4), None);
        assert_eq!(number_at(&toks, 3).as_deref(), Some("100"));
    }

    #[test]
    fn an_approximator_of_a_number_is_no_content_word() {
        let ctx = "The wall was about 155 kilometres long.";
        let q = "How long was the wall?";
        let g = analyse("Roughly 155 kilometres.", q, ctx);
        assert_eq!(g.claims[0].support, 1.0, "{g:?}");
        let toks = tokens("close to 50, roughly twelve, roughly speaking");
        let approx: Vec<bool> = (0..toks.len())
            .map(|i| approximates_number(&toks, i))
            .collect();
        assert_eq!(
            approx,
            [true, true, false, true, false, false, false],
            "{toks:?}"
        );
    }

    #[test]
    fn a_definite_description_names_the_entity_of_its_head() {
        let ctx = "The Great Barrier Reef stretches for over 2,300 kilometres. It lies off the \
                   coast of Queensland, Australia.";
        let good = "The reef stretches for more than 2,300 kilometres off Queensland.";
        assert_contradicted(good, "", ctx, false);
        // A name of the run the claim does not describe still conflicts.
        let ctx2 = "The Great Barrier Reef lies off Queensland. The Ningaloo Reef lies off \
                    Western Australia.";
        assert_contradicted("The reef lies off Victoria.", "", ctx2, true);
        let toks = tokens("The reef and the 5 towers of the Tower");
        let d: Vec<String> = definite_descriptions(&toks)
            .into_iter()
            .map(|c| c.into_owned())
            .collect();
        assert_eq!(d, ["reef"]);
    }

    #[test]
    fn a_subject_swapped_for_the_subject_of_a_contrasting_clause_contradicts() {
        let ctx = "Neil Armstrong and Buzz Aldrin landed the lunar module Eagle on July 20, while \
                   Michael Collins remained in lunar orbit aboard Columbia.";
        let q = "Which astronaut did not walk on the Moon?";
        let bad = analyse("Buzz Aldrin remained in orbit aboard Columbia.", q, ctx);
        assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
        assert_eq!(bad.claims[0].conflicts, ["\"buzz\" vs \"michael\""]);
        let good = "Michael Collins remained in orbit aboard Columbia.";
        assert_contradicted(good, q, ctx, false);
        // A list's "and" and a relative clause join no independent clauses.
        let ctx2 = "Louisa Smith, 35, a mother to Darcy, 13, and Tilda, 2, was diagnosed with \
                    osteosarcoma last year.";
        let listed = "Louisa Smith was diagnosed with osteosarcoma.";
        assert_contradicted(listed, "", ctx2, false);
    }

    #[test]
    fn a_difference_of_two_whole_numbers_of_a_sentence_is_stated() {
        assert_eq!(
            number_gaps(&tokens("won 11 of its 17 games in 2022")),
            vec![6]
        );
        assert_eq!(number_gaps(&tokens("lost 24-17 to Denver")), vec![7]);
        let t = "In 2023, 30,000 climbers tried and about 45 percent of them reached the top.";
        assert_eq!(percent_shares(t, &tokens(t)), vec![13500]);
        let t = "Turnout was 62% of 1.5 million voters.";
        assert_eq!(percent_shares(t, &tokens(t)), vec![930000]);
        assert!(number_gaps(&tokens("3.5 million and 2 million")).is_empty());
        let ctx = "In the 2022 season, the team won 11 of its 17 games.";
        let g = analyse("They went 11-6.", "How did the team do?", ctx);
        assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
        assert_eq!(g.source_gaps, vec![6]);
    }

    #[test]
    fn a_number_of_another_label_is_another_thing() {
        let ctx = "Python 3.12 was released on October 2, 2023. It removed the distutils package, \
                   which had been deprecated in Python 3.10, and added the syntax of PEP 695.";
        let q = "When was distutils removed from Python?";
        let good = "It was removed in Python 3.12, after being deprecated in 3.10.";
        assert_contradicted(good, q, ctx, false);
        // The same label's number is the value swapped.
        let bad = "The distutils package was deprecated in Python 3.11 and removed.";
        assert_contradicted(bad, q, ctx, true);
        let toks = tokens("It came with PEP 695 in June 5 releases.");
        let text = "It came with PEP 695 in June 5 releases.";
        assert_eq!(number_label(text, &toks, "695"), Some("PEP"));
        assert_eq!(number_label(text, &toks, "5"), None);
    }

    #[test]
    fn a_number_the_claim_states_in_another_unit_is_no_restatement() {
        let ctx = "Armstrong and Aldrin landed on July 20. They spent about 21.5 hours on the \
                   surface and collected 21.5 kg of samples.";
        let claim = |t: &str| analyse(t, "Summarize the landing.", ctx).claims[0].clone();
        let bad =
            claim("They spent about 21.5 hours on the surface and brought back 47 kg of samples.");
        assert_eq!(bad.status, ClaimStatus::Contradicted, "{bad:?}");
        assert_eq!(bad.conflicts, ["\"47\" vs \"21.5\""]);
        let good =
            claim("They spent about 21.5 hours on the surface and collected 21.5 kg of samples.");
        assert_ne!(good.status, ClaimStatus::Contradicted, "{good:?}");
    }

    #[test]
    fn a_span_between_two_years_of_a_sentence_is_stated() {
        let toks = tokens("Victoria reigned from 1837 until her death in 1901, aged 81.");
        assert_eq!(year_gaps(&toks), vec![64]);
        assert_eq!(
            year_gaps(&tokens("Founded in 1066, rebuilt in 1700 and 1750.")),
            vec![634, 684, 50]
        );
        // A dynasty's or an empire's span is longer than a life.
        assert_eq!(
            year_gaps(&tokens(
                "The best-known sections were built by the Ming dynasty (1368–1644)."
            )),
            vec![276]
        );
        assert!(year_gaps(&tokens("Born in 1900.")).is_empty());
        let ctx = "John Smith was born in 1900 and died in 1950 in Boston. He moved there in 1930.";
        let q = "How old was he when he died?";
        let good = analyse("He was 50 when he died.", q, ctx);
        assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
        // Years of two sentences state no span (1950 − 1930), and a wrong age is still novel.
        for bad in ["He was 20 when he died.", "He was 65 when he died."] {
            let b = analyse(bad, q, ctx);
            assert_ne!(b.claims[0].status, ClaimStatus::Supported, "{bad}: {b:?}");
        }
    }

    #[test]
    fn porter_inflection_matches_porters_examples() {
        // Porter (1980), steps 1b, 1c, 5a, 5b; the plural "s" goes first (`normal_form`).
        for (w, stem) in [
            ("plastered", "plaster"),
            ("motoring", "motor"),
            ("conflated", "conflat"),
            ("hopping", "hop"),
            ("tanned", "tan"),
            ("hissing", "hiss"),
            ("fizzed", "fizz"),
            ("failing", "fail"),
            ("filing", "file"),
            ("agreed", "agre"),
            ("happy", "happi"),
            ("probate", "probat"),
            ("controll", "control"),
            ("mixed", "mix"),
            ("mixing", "mix"),
            ("produce", "produc"),
            ("produced", "produc"),
            ("cease", "ceas"),
        ] {
            let got = match porter_inflection(w) {
                Some(Stem::Prefix(n)) => w[..n].to_string(),
                Some(Stem::Owned(o)) => o,
                None => w.to_string(),
            };
            assert_eq!(got, stem, "{w}");
        }
        for w in [
            "bled", "sing", "feed", "fall", "rate", "white", "make", "méxico",
        ] {
            assert_eq!(porter_inflection(w), None, "{w}");
        }
    }

    #[test]
    fn an_inflected_word_supports_its_claim() {
        let ctx = "In the RGB color model, the three primary colors of light are red, green and \
                   blue. Mixing them in equal intensity produces white.";
        let g = analyse(
            "When mixed in equal intensity, they produce white.",
            "What are the primary colors of light?",
            ctx,
        );
        assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    }

    #[test]
    fn polarity_is_judged_per_clause() {
        // One sentence that affirms one thing and denies another: each claim is judged against
        // the clause that states it.
        let cases = [
            (
                "Is Pluto a planet?",
                "Pluto was discovered in 1930 and was long considered the ninth planet. In 2006 \
                 the International Astronomical Union reclassified Pluto as a dwarf planet, so it \
                 is no longer considered a planet.",
                &[
                    "No, Pluto is not considered a planet.",
                    "It has been a dwarf planet since 2006.",
                ][..],
                &[
                    "Yes, Pluto is a planet.",
                    "Pluto is still considered the ninth planet.",
                ][..],
            ),
            (
                "Did Einstein win the Nobel Prize for relativity?",
                "Albert Einstein received the 1921 Nobel Prize in Physics for his explanation of \
                 the photoelectric effect, not for his theory of relativity.",
                &["No, it was awarded for the photoelectric effect."][..],
                &["Yes, he won the 1921 Nobel Prize for his theory of relativity."][..],
            ),
            (
                "Which river is the largest?",
                "The Amazon is the largest river by discharge and the second longest river.",
                &["The Amazon is not only the largest river by discharge but also the second \
                   longest."][..],
                &["The Amazon is not the largest river by discharge."][..],
            ),
            (
                "Can penguins fly?",
                "Penguins are birds, but they cannot fly. They use their wings to swim.",
                &[
                    "Penguins cannot fly.",
                    "Penguins are birds but they can't fly.",
                ][..],
                &["Yes, penguins can fly.", "Penguins are not birds."][..],
            ),
            (
                // A denial of what the sources never mention is no contradiction of them.
                "Is aspirin an antibiotic?",
                "Aspirin, also known as acetylsalicylic acid, is used to reduce pain, fever and \
                 inflammation.",
                &["Aspirin is a pain and fever reliever, not an antibiotic."][..],
                &["Aspirin does not reduce pain or fever."][..],
            ),
            (
                // A clause of names alone is judged by its names.
                "Was Holly Hunter in Saving Grace?",
                "Holly Hunter starred in Saving Grace. It is a fantasy drama.",
                &["Yes, she starred in Saving Grace, a fantasy drama."][..],
                &["No, Holly Hunter wasn't in Saving Grace, but she did star in a fantasy drama."]
                    [..],
            ),
            (
                // A relative clause denies only what it says.
                "When was Python 3.0 released?",
                "Python 3.0, released on 3 December 2008, was a major revision of the language \
                 that is not completely backward-compatible with earlier versions.",
                &["Python 3.0 was released on December 3, 2008."][..],
                &["Python 3.0 is completely backward-compatible with earlier versions."][..],
            ),
            (
                // A word that opens the source sentence is a name where the claim writes it
                // mid-sentence: "Python" is held on both sides.
                "Is Python 3 backward compatible with Python 2?",
                "Python 3.0, released in 2008, was a major revision not completely \
                 backward-compatible with earlier versions.",
                &["No, Python 3.0 was not completely backward-compatible with earlier versions."]
                    [..],
                &["Yes, Python 3.0 is fully backward-compatible with earlier versions."][..],
            ),
            (
                // A sentence opened by a subordinate clause: its main clause after the comma.
                "Can penguins fly?",
                "Penguins are flightless birds. Although they cannot fly, they are excellent \
                 swimmers, using their wings as flippers.",
                &["No, penguins can't fly, but they swim very well using their wings as flippers."]
                    [..],
                &["They are excellent swimmers, and they can fly."][..],
            ),
            (
                // A negation that states much the claim does not denies something else.
                "Who wrote Pride and Prejudice?",
                "Pride and Prejudice is an 1813 novel by Jane Austen, who did not publish under \
                 her own name during her lifetime.",
                &["Jane Austen wrote Pride and Prejudice, which was published in 1813."][..],
                &["Jane Austen published under her own name during her lifetime."][..],
            ),
            (
                // "closed" states what "not open" does.
                "Is the museum open on Mondays?",
                "The City Museum is open Tuesday to Sunday from 10 am to 6 pm. It is not open on \
                 Mondays, except on public holidays.",
                &["No, it is closed on Mondays unless it is a public holiday."][..],
                &["It is open on Mondays, except on public holidays."][..],
            ),
            (
                // The determiner "no" negates; within a name it does not.
                "Did the treaty end the war?",
                "The ceasefire was signed in 1953, but no peace treaty was ever concluded. The No \
                 Gun Ri report was published in 2001.",
                &[
                    "No. Only a ceasefire was signed in 1953; there was never a peace treaty.",
                    "The No Gun Ri report was published in 2001.",
                ][..],
                &["A peace treaty was concluded after the ceasefire."][..],
            ),
        ];
        for (q, ctx, goods, bads) in cases {
            for good in goods {
                let g = analyse(good, q, ctx);
                assert!(
                    g.claims
                        .iter()
                        .all(|c| c.status != ClaimStatus::Contradicted),
                    "{good}: {g:?}"
                );
            }
            for bad in bads {
                let b = analyse(bad, q, ctx);
                assert_eq!(
                    b.claims[0].status,
                    ClaimStatus::Contradicted,
                    "{bad}: {b:?}"
                );
                assert!(b.features.negation_mismatch_share > 0.0, "{bad}");
            }
        }
    }

    #[test]
    fn a_number_spanning_a_year_of_the_claim_and_one_of_the_sources_is_given() {
        let (q, ctx) = (
            "When did she join the company?",
            "Maria joined Globex in 2015 after spending six years at Initech. She became chief \
             financial officer in 2019.",
        );
        for good in [
            "She joined Globex in 2015, four years before becoming CFO.",
            "She joined Globex in 2015, 4 years before becoming CFO.",
        ] {
            let g = analyse(good, q, ctx);
            assert_ne!(
                g.claims[0].status,
                ClaimStatus::Contradicted,
                "{good}: {g:?}"
            );
        }
        // Without the year it counts from, or counting to no year of the sources, it is not.
        let bad = analyse(
            "She joined Globex after spending four years at Initech.",
            q,
            ctx,
        );
        assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
        let bad = analyse(
            "She joined Globex in 2015, five years before becoming CFO.",
            q,
            ctx,
        );
        assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
    }

    #[test]
    fn month_names_are_dates_and_approximate_numbers_keep_their_unit() {
        assert!(CALENDAR_NAMES.windows(2).all(|w| w[0] < w[1]));
        for m in crate::text::MONTH_NAMES {
            assert!(CALENDAR_NAMES.binary_search(&m).is_ok(), "{m}");
        }
        // A month conflicts with months only, not with the place of the aligned sentence.
        let ctx = "Spotify was founded in 2006 in Stockholm by Daniel Ek and Martin Lorentzon. It \
                   launched its service in October 2008.";
        let q = "When was the company founded and by whom?";
        let good = analyse(
            "Spotify was founded by Daniel Ek and Martin Lorentzon in 2006, and it launched in \
             October 2008.",
            q,
            ctx,
        );
        assert!(
            good.claims
                .iter()
                .all(|c| c.status != ClaimStatus::Contradicted),
            "{good:?}"
        );
        let bad = analyse("It launched its service in March 2008.", q, ctx);
        assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
        // An approximate number derived from the sources' is no swap for one of another unit;
        // one of the same unit still is.
        let (q, ctx) = (
            "What share of the vote did she get?",
            "Smith won the election with 54.3 percent of the vote, while her opponent received \
             45.7 percent.",
        );
        let good = analyse(
            "She got 54.3% of the vote, about nine points more than her opponent.",
            q,
            ctx,
        );
        assert!(
            good.claims
                .iter()
                .all(|c| c.status != ClaimStatus::Contradicted),
            "{good:?}"
        );
        let bad = analyse("She got about 60 percent of the vote.", q, ctx);
        assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
    }

    #[test]
    fn a_name_of_the_question_must_stand_in_the_claims_sentence() {
        // The question's subject, stated by the passage, is judged as the claim's own: a claim
        // that puts it beside another sentence's predicate is contradicted.
        let (q, ctx) = (
            "Which company makes the Walkman?",
            "The Walkman is a line of portable audio players designed and marketed by Sony. The \
             Galaxy S series is made by Samsung Electronics.",
        );
        let bad = analyse("The Walkman is made by Samsung.", q, ctx);
        assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
        let good = analyse("The Walkman is made by Sony.", q, ctx);
        assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
    }

    #[test]
    fn clauses_start_at_a_conjunction_after_a_comma_at_but_or_at_a_relative_pronoun() {
        // The first token of each clause.
        fn starts(s: &str) -> Vec<&str> {
            let toks = tokens(s);
            clause_ranges(s, &toks)
                .into_iter()
                .map(|r| toks[r.start].raw)
                .collect()
        }
        let s =
            "Penguins are birds, but they cannot fly, and Romeo and Juliet is a play, not a film";
        assert_eq!(starts(s), ["Penguins", "but", "and", "not"]);
        // So does a subordinator of condition, time or place after a comma.
        let s = "Port 8080, unless you set PORT, and Warsaw, where she studied";
        assert_eq!(starts(s), ["Port", "unless", "and", "where"]);
        // "as" after a comma opens a clause of reason or time, "as well as" does not.
        let s = "Net profit fell, as costs climbed, and sales rose, as well as margins";
        assert_eq!(starts(s), ["Net", "as", "and"]);
        // A relative pronoun opens a clause; so does the main clause after a sentence-initial
        // subordinate one.
        let s = "Although it was late, the album that they did not finish sold well";
        assert_eq!(starts(s), ["Although", "the", "that"]);
    }

    #[test]
    fn the_question_window_tells_the_answer_from_another_name_in_the_passage() {
        let ctx = "Canberra is the capital city of Australia. Sydney is its largest city.";
        let q = "What is the capital of Australia?";
        let good = analyse("Canberra", q, ctx).features;
        let bad = analyse("Sydney", q, ctx).features;
        assert_eq!((good.new_support_share, bad.new_support_share), (1.0, 1.0));
        assert_eq!(good.answer_question_alignment, 1.0);
        // In sentence form the swapped name contradicts the sentence that states the capital.
        let g = analyse("The capital of Australia is Sydney.", q, ctx);
        assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
        assert!(
            g.claims[0].conflicts[0].contains("sydney")
                && g.claims[0].conflicts[0].contains("canberra")
        );
        assert!(bad.answer_question_alignment < 0.5, "{bad:?}");
    }

    #[test]
    fn a_bridge_sentence_answers_the_rest_of_the_question() {
        let ctx =
            "The Princess Bride is a soundtrack album by the singer Mark Knopfler, released in \
            1987. He was born in Glasgow but raised near Newcastle upon Tyne. The album was \
            recorded in London.";
        let q = "Where was the singer who composed The Princess Bride soundtrack born?";
        let good = analyse("Glasgow", q, ctx).features;
        let bad = analyse("London", q, ctx).features;
        assert_eq!(good.answer_question_alignment, 1.0, "{good:?}");
        assert!(bad.answer_question_alignment < 0.5, "{bad:?}");
        // A bridge through a name, not a pronoun.
        let ctx = "The Princess Bride soundtrack was composed by Mark Knopfler. Knopfler grew up \
            in Newcastle and was born in Glasgow. The film was shot in London.";
        let good = analyse("Glasgow", q, ctx).features;
        let bad = analyse("London", q, ctx).features;
        assert_eq!(good.answer_question_alignment, 1.0, "{good:?}");
        assert!(bad.answer_question_alignment < 0.5, "{bad:?}");
    }

    #[test]
    fn a_sentence_that_opens_with_the_pronoun_continues_the_question_sentence() {
        let ctx = "Mount Everest, on the border between Nepal and China, is Earth's highest \
            mountain above sea level. Its elevation of 8,849 metres was established by a 2020 \
            survey. Climbers reach base camp from Lukla.";
        let q = "How high is Mount Everest?";
        let good = analyse("8,849 metres", q, ctx).features;
        let bad = analyse("Lukla", q, ctx).features;
        assert_eq!(good.answer_question_alignment, 1.0, "{good:?}");
        assert!(bad.answer_question_alignment < 0.5, "{bad:?}");
    }

    #[test]
    fn a_scale_word_heading_a_compound_scales_its_number() {
        let ctx = "The mission cost 410 million euros and was delayed twice. A 19th-century \
            roof was restored.";
        for claim in [
            "The 410-million-euro mission was delayed twice.",
            "The mission, a 410 million-euro project, was delayed twice.",
        ] {
            let g = analyse(claim, "", ctx);
            assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{claim}: {g:?}");
        }
        let g = analyse("The 510-million-euro mission was delayed twice.", "", ctx);
        assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    }

    #[test]
    fn an_initialism_in_the_possessive_is_found_spelled_out() {
        let ctx = "The European Space Agency launched its Aurora weather satellite on Wednesday \
            from Kourou, French Guiana.";
        let g = analyse(
            "ESA's Aurora satellite launched on Wednesday from Kourou.",
            "",
            ctx,
        );
        assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    }

    #[test]
    fn a_bare_number_is_a_claim() {
        let ctx = "The tower was completed in 1889. The lift was added in 1925.";
        let q = "When was the tower completed?";
        let good = analyse("1889", q, ctx);
        let bad = analyse("1925", q, ctx);
        let novel = analyse("1887.", q, ctx);
        assert_eq!(good.claims.len(), 1, "{good:?}");
        assert_eq!(good.features.answer_question_alignment, 1.0, "{good:?}");
        assert!(bad.features.answer_question_alignment < 0.5, "{bad:?}");
        // A number the sources lack has no sentence to align with: unsupported, and novel.
        assert_eq!(
            novel.claims[0].status,
            ClaimStatus::Unsupported,
            "{novel:?}"
        );
        assert_eq!(
            novel.features.answer_question_alignment.to_bits(),
            0.0f64.to_bits()
        );
        // Without a digit or a letter there is no claim.
        assert!(analyse("—", q, ctx).claims.is_empty());
    }

    #[test]
    fn without_before_a_gerund_denies_its_own_clause() {
        let ctx = "Tesla studied engineering and physics in the 1870s without receiving a \
            degree. In 1884 he emigrated to the United States.";
        let q = "Did Tesla finish his engineering degree?";
        let status = |text: &str| analyse(text, q, ctx).claims[0].status;
        assert_eq!(
            status("Yes, he received a degree in engineering in the 1870s."),
            ClaimStatus::Contradicted
        );
        assert_ne!(
            status("No, he studied engineering and physics but did not receive a degree."),
            ClaimStatus::Contradicted
        );
        // The rest of the sentence stays affirmed.
        assert_ne!(
            status("Tesla studied engineering and physics in the 1870s."),
            ClaimStatus::Contradicted
        );
        // The clause ends at punctuation: what follows it is affirmed.
        let ctx = "It is the final song on the album Nevermind (without counting the secret \
            track), released on September 24, 1991 by DGC Records.";
        let g = analyse("September 24, 1991", "When was Nevermind released?", ctx);
        assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
        // A "without" that cancels a negation, and one before a noun, deny nothing.
        let ctx = "Visitors cannot enter the building without showing a pass.";
        assert_ne!(
            analyse("Visitors must show a pass to enter.", "", ctx).claims[0].status,
            ClaimStatus::Contradicted
        );
        let ctx = "The crew abandoned the ship without food.";
        assert_ne!(
            analyse("The crew abandoned the ship.", "", ctx).claims[0].status,
            ClaimStatus::Contradicted
        );
    }

    #[test]
    fn the_answer_stands_nearer_the_question_words_than_its_rivals() {
        let ctx = "The Normans descended from Norse raiders and pirates who, under their leader \
            Rollo, agreed to swear fealty to King Charles III of West Francia.";
        let q = "Who was the leader of the Norse raiders?";
        let good = analyse("Rollo", q, ctx).features;
        let bad = analyse("Charles III", q, ctx).features;
        let sentence = analyse("Their leader was King Charles III.", q, ctx).features;
        assert_eq!(good.answer_question_proximity, 1.0, "{good:?}");
        assert!(bad.answer_question_proximity < 0.5, "{bad:?}");
        assert!(sentence.answer_question_proximity < 0.5, "{sentence:?}");
        // Not judged without a question, or for a word that is no name, number or date.
        assert_eq!(
            analyse("Charles III", "", ctx)
                .features
                .answer_question_proximity,
            1.0
        );
        assert_eq!(
            analyse("pirates", q, ctx)
                .features
                .answer_question_proximity,
            1.0
        );
    }

    #[test]
    fn a_name_spelled_out_is_found_by_the_initialism_the_sources_write() {
        let ctx = "Austin is the capital of the U.S. state of Texas. The EU and NASA agreed.";
        let q = "What is the capital of Texas?";
        for good in [
            "It is Austin, a city in the United States.",
            "The European Union agreed.",
        ] {
            let g = analyse(good, q, ctx);
            assert_eq!(g.claims[0].conflicts, Vec::<String>::new(), "{good}: {g:?}");
        }
        // Initials that spell nothing the sources write stay names the sources lack.
        let support = |t: &str| analyse(t, q, ctx).claims[0].support;
        let us = support("It is Austin, a city in the United States.");
        let uk = support("It is Austin, a city in the United Kingdom.");
        assert!(us > uk, "{us} {uk}");
    }

    #[test]
    fn the_unit_of_a_restated_quantity_is_found_with_its_number() {
        let ctx = "The bridge is 2.7 kilometres long and carries six lanes of traffic.";
        let q = "How long is the bridge?";
        let g = analyse("The bridge is 2,700 metres long.", q, ctx);
        assert_eq!(g.claims[0].support, 1.0, "{g:?}");
        let g = analyse("The bridge is 2,700 feet long.", q, ctx);
        assert!(g.claims[0].support < 1.0, "{g:?}");
    }

    #[test]
    fn a_share_in_words_states_a_percentage() {
        let ctx = "In the survey of 2,000 employees, 50% said they preferred fully remote work, \
                   while 24 per cent preferred a hybrid arrangement.";
        let q = "What share of respondents preferred remote work?";
        for good in [
            "Half of them preferred fully remote work.",
            "A quarter of them preferred a hybrid arrangement.",
        ] {
            let g = analyse(good, q, ctx);
            assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{good}: {g:?}");
        }
        for bad in [
            "A third of them preferred fully remote work.",
            "Three quarters of them preferred fully remote work.",
            "Two-thirds of them preferred fully remote work.",
        ] {
            let g = analyse(bad, q, ctx);
            assert_eq!(
                g.claims[0].status,
                ClaimStatus::Contradicted,
                "{bad}: {g:?}"
            );
        }
        // A part of a sequence is no share: "the second half of the year" states no 50%.
        let toks = tokens("in the second half of the year and a third of voters");
        let shares: Vec<Option<f64>> = (0..toks.len()).map(|i| share_at(&toks, i)).collect();
        assert_eq!(shares.iter().flatten().count(), 1, "{shares:?}");
    }

    #[test]
    fn a_direction_is_compared_with_the_clause_about_the_same_things() {
        let ctx = "The museum is open Tuesday to Sunday, 10:00 to 18:00. It is closed on Mondays \
                   and public holidays.";
        let q = "Is the museum open on Mondays?";
        let bad = analyse("Yes, it is open on Mondays from 10:00 to 18:00.", q, ctx);
        assert_eq!(
            bad.claims[0].conflicts,
            ["\"open\" vs \"closed\""],
            "{bad:?}"
        );
        let good = analyse("It is open on Sundays from 10:00 to 18:00.", q, ctx);
        assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
    }

    #[test]
    fn an_iso_date_states_its_month_and_day() {
        let ctx = "Signed: 2023-04-05 by both parties in Geneva.";
        let q = "When was the contract signed?";
        let good = analyse(
            "The contract was signed on April 5, 2023, in Geneva.",
            q,
            ctx,
        );
        assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
        let bad = analyse("The contract was signed on May 4, 2023, in Geneva.", q, ctx);
        assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
        assert!(bad.claims[0]
            .conflicts
            .contains(&"\"may\" vs \"april\"".to_string()));
        // The other way round: an answer's ISO date against a date written out.
        let ctx = "Both parties signed the contract in Geneva on 5 April 2023.";
        let good = analyse("It was signed on 2023-04-05.", q, ctx);
        assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
    }

    #[test]
    fn an_initialism_that_is_a_stop_word_is_found_by_its_name_spelled_out() {
        let ctx = "The WHO panel on antimicrobial resistance is chaired by Dr. Maria Lopez.";
        let q = "Who leads the panel?";
        let g = analyse(
            "Dr. Maria Lopez chairs the World Health Organization panel.",
            q,
            ctx,
        );
        assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
        // A run of capitals is shouting, not initialisms; "AM" after a number is a time.
        let ctx = "Ask us WHO IS IN charge here. The shop opens at 10 AM in Madrid.";
        let g = analyse("The World Health Organization opens in Madrid.", q, ctx);
        assert_ne!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    }

    #[test]
    fn the_pronoun_carries_the_subject_not_the_other_names_of_the_sentence() {
        // "They" are the Normans: the sentence after says nothing of Normandy's country.
        let ctx = "The Normans were the people who in the 10th and 11th centuries gave their \
            name to Normandy, a region in France. They were descended from Norse raiders and \
            pirates from Denmark, Iceland and Norway.";
        let q = "In what country is Normandy located?";
        let good = analyse("France", q, ctx).features;
        let bad = analyse("Denmark", q, ctx).features;
        assert_eq!(good.answer_question_alignment, 1.0, "{good:?}");
        assert!(bad.answer_question_alignment < 0.5, "{bad:?}");
    }

    #[test]
    fn verbs_of_change_and_up_or_down_before_a_number_are_directions() {
        let ctx = "Northwind reported revenue of $2.4 billion, up 8% from a year earlier. It \
                   raised its full-year guidance and said it would open 40 new stores.";
        for (claim, conflict) in [
            ("Northwind's revenue fell 8% to $2.4 billion.", true),
            ("Northwind's revenue grew 8% to $2.4 billion.", false),
            ("It cut its full-year guidance.", true),
            ("It raised its full-year guidance.", false),
        ] {
            let g = analyse(claim, "", ctx);
            assert_eq!(
                g.claims[0].status == ClaimStatus::Contradicted,
                conflict,
                "{claim}: {g:?}"
            );
        }
        // "up" without a percentage or points is a particle.
        for claim in [
            "The handler woke up 14 minutes into the flight, when a bag fell on him.",
            "The company set up a fund that fell in value.",
        ] {
            let g = analyse(
                claim,
                "",
                "The handler woke up 14 minutes into the flight. A bag fell on him. The company \
                 set up a fund that fell in value.",
            );
            assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
        }
    }

    #[test]
    fn a_number_in_another_numbers_slot_is_contradicted() {
        let ctx = "The central library closed for renovation in 2015 and reopened in 2019 with a \
                   new children's wing. Its founder was born in 1950; his brother was born in \
                   1952.";
        let q = "What year did the library reopen?";
        let bad = analyse("It reopened in 2015.", q, ctx);
        assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
        assert_eq!(bad.claims[0].conflicts, ["\"2015\" vs \"2019\""]);
        let good = analyse("It reopened in 2019.", q, ctx);
        assert_ne!(good.claims[0].status, ClaimStatus::Contradicted, "{good:?}");
        // A slot the sentence also fills with the claim's number.
        let g = analyse("Its founder was born in 1950.", "", ctx);
        assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
        // A percentage's slot is the word before it: what the share measures.
        let ctx = "The Green Party won 14.8 percent of the vote, up from 8.9 percent in the \
                   previous election.";
        let q = "What share of the vote did the party win?";
        let bad = analyse("It won 8.9% of the vote.", q, ctx);
        assert_eq!(bad.claims[0].conflicts, ["\"8.9\" vs \"14.8\""], "{bad:?}");
        let good = analyse("It won 14.8% of the vote.", q, ctx);
        assert_ne!(good.claims[0].status, ClaimStatus::Contradicted, "{good:?}");
        // Without a word before it, what the share is of.
        let ctx = "About 71 percent of the Earth's surface is water-covered, and the oceans hold \
                   about 96.5 percent of all Earth's water.";
        let q = "How much of Earth's surface is covered by water?";
        let bad = analyse(
            "Roughly 96.5% of Earth's surface is covered by water.",
            q,
            ctx,
        );
        assert_eq!(bad.claims[0].conflicts, ["\"96.5\" vs \"71\""], "{bad:?}");
        let good = analyse(
            "Roughly 71% of Earth's surface is covered by water.",
            q,
            ctx,
        );
        assert_ne!(good.claims[0].status, ClaimStatus::Contradicted, "{good:?}");
    }

    #[test]
    fn a_number_stated_as_another_quantity_is_contradicted() {
        let ctx = "The Great Barrier Reef is composed of over 2,900 individual reefs and 900 \
                   islands stretching for over 2,300 kilometres over an area of approximately \
                   344,400 square kilometres.";
        let q = "How long is the Great Barrier Reef?";
        let bad = analyse("It stretches for about 900 kilometres.", q, ctx);
        assert_eq!(
            bad.claims[0].conflicts,
            ["\"900 kilometres\" vs \"2,300 kilometres\""],
            "{bad:?}"
        );
        let good = analyse("It stretches for more than 2,300 kilometres.", q, ctx);
        assert_ne!(good.claims[0].status, ClaimStatus::Contradicted, "{good:?}");
        // The counts and the area are no rivals of the length for a question of length.
        assert_eq!(good.features.answer_question_proximity, 1.0, "{good:?}");
        // The number stated with the claim's dimension too, or no other value of it.
        let ctx2 = "The trail has 12 shelters along 12 miles of ridge.";
        let g = analyse("The trail is 12 miles long.", "", ctx2);
        assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
        let ctx3 = "The park has 40 lakes and a visitor centre.";
        let g = analyse("The park is 40 kilometres wide.", "", ctx3);
        assert!(g.claims[0].conflicts.is_empty(), "{g:?}");
        // A time is one value however written: "Seventh Avenue" does not state "7pm".
        let ctx4 = "The main broke around 6:45pm at 13th Street and Seventh Avenue.";
        let g = analyse("The main broke before 7pm.", "", ctx4);
        assert!(g.claims[0].conflicts.is_empty(), "{g:?}");
    }

    #[test]
    fn a_life_spans_years_answer_birth_and_death() {
        let ctx = "Ada Lovelace (1815-1852) was an English mathematician. She is chiefly known \
                   for her work on Charles Babbage's Analytical Engine.";
        let q = "When did Ada Lovelace die?";
        let bad = analyse("She died in 1815.", q, ctx);
        assert_eq!(bad.claims[0].conflicts, ["\"1815\" vs \"1852\""], "{bad:?}");
        let good = analyse("She died in 1852.", q, ctx);
        assert!(good.claims[0].conflicts.is_empty(), "{good:?}");
        // The birth year is no nearer rival of the death year.
        assert_eq!(good.features.answer_question_proximity, 1.0, "{good:?}");
        // A bare year takes its event from the question.
        let bare = analyse("1815", q, ctx);
        assert_eq!(
            bare.claims[0].conflicts,
            ["\"1815\" vs \"1852\""],
            "{bare:?}"
        );
        let born = analyse("1815", "When was Ada Lovelace born?", ctx);
        assert!(born.claims[0].conflicts.is_empty(), "{born:?}");
        // Full dates; a parenthesis with other years ("(2001; 2004)") is no life span.
        let ctx = "Roy Jenkins (11 November 1920 – 5 January 2003) chaired the commission.";
        let bad = analyse("Roy Jenkins was born in 2003.", "", ctx);
        assert_eq!(bad.claims[0].conflicts, ["\"2003\" vs \"1920\""], "{bad:?}");
        let toks = tokens("The albums (2001; 2004) sold well.");
        assert_eq!(life_span("The albums (2001; 2004) sold well.", &toks), None);
        // A year before the parenthesis is no reason to stop looking.
        let text = "In 1990 a plaque honoured Ada Lovelace (1815-1852).";
        let toks = tokens(text);
        let (born, died) = life_span(text, &toks).expect("a life span");
        assert_eq!((toks[born].raw, toks[died].raw), ("1815", "1852"));
    }

    #[test]
    fn verb_lists_are_sorted_for_binary_search() {
        for list in [IRREGULAR_PAST, SHARED_ROLE_VERBS] {
            assert!(list.windows(2).all(|w| w[0] < w[1]), "{list:?}");
        }
        assert!(past_verb("piloted") && past_verb("wrote") && !past_verb("speed"));
        assert!(!past_verb("hundred") && !past_verb("Ted"));
    }

    /// Asserts that the first claim of `text`, audited against `ctx` for the question `q`,
    /// has exactly the conflicts `expected` (none: `&[]`), printing the analysis otherwise.
    fn assert_conflicts(text: &str, q: &str, ctx: &str, expected: &[&str]) {
        let g = analyse(text, q, ctx);
        assert_eq!(g.claims[0].conflicts, expected, "{text}: {g:?}");
    }

    #[test]
    fn a_verbs_agent_swapped_for_the_one_the_sources_name_is_contradicted() {
        let ctx = "On December 17, 1903, Wilbur and Orville Wright made four brief flights at \
                   Kitty Hawk. Orville piloted the first flight, which lasted 12 seconds.";
        let q = "Who piloted the first powered flight?";
        let bad = "Wilbur Wright piloted it.";
        assert_conflicts(bad, q, ctx, &["\"wilbur wright\" vs \"orville\""]);
        for good in [
            "Orville Wright piloted it.",
            "Orville piloted the first flight.",
        ] {
            assert_conflicts(good, q, ctx, &[]);
        }
        // The agent of a passive is the name after "by"; several names are one agent.
        let ctx = "The phonograph was invented in 1877 by Thomas Edison. Watson and Crick \
                   proposed the model, drawing on images produced by Rosalind Franklin and \
                   Maurice Wilkins.";
        let bad = "The images were produced by Watson.";
        let swap = "\"watson\" vs \"rosalind franklin maurice wilkin\"";
        assert_conflicts(bad, "", ctx, &[swap]);
        for good in [
            "Thomas Edison invented the phonograph in 1877.",
            "Maurice Wilkins produced the images.",
            "Crick proposed the model.",
        ] {
            assert_conflicts(good, "", ctx, &[]);
        }
        // Agent and argument swapped.
        let ctx = "In 2016 Acme Robotics was acquired by Siemens for 300 million euros.";
        let bad = "Acme Robotics acquired Siemens in 2016.";
        assert_conflicts(bad, "", ctx, &["\"acme robotic\" vs \"siemen\""]);
        assert_conflicts("Siemens acquired Acme Robotics in 2016.", "", ctx, &[]);
        // An agent the sources leave unnamed may be the claim's: nothing is judged.
        let ctx = "Orville and Wilbur Wright built gliders. He piloted the first flight, and \
                   Orville piloted the second.";
        let g = analyse("Wilbur piloted the first flight.", "", ctx);
        assert!(g.claims[0].conflicts.is_empty(), "{g:?}");
        // A name after a preposition is no agent.
        let ctx = "A song by Prince topped the charts in 1984.";
        let toks = tokens(ctx);
        let ks = keys(ctx, (0, ctx.len()), &LowerVocab::default());
        let topped = toks
            .iter()
            .position(|t| t.raw == "topped")
            .expect("the verb");
        assert_eq!(verb_frame(ctx, &toks, &ks, topped), None);
    }

    #[test]
    fn a_name_in_another_names_of_slot_is_contradicted() {
        let ctx = "Ada Lovelace was an English mathematician. She is chiefly known for her work \
                   on Charles Babbage's Analytical Engine. She was the daughter of the poet Lord \
                   Byron.";
        let q = "Whose daughter was Ada Lovelace?";
        let bad = "She was the daughter of Charles Babbage.";
        assert_conflicts(bad, q, ctx, &["\"Charles Babbage\" vs \"Lord Byron\""]);
        for good in [
            "She was the daughter of the poet Lord Byron.",
            "She was the daughter of Byron.",
            "She was the daughter of Lord Byron's wife.",
        ] {
            assert_conflicts(good, q, ctx, &[]);
        }
        // A name in apposition fills the slot too; a demonym is no name of the slot.
        let ctx = "Frances Bean Cobain is the daughter of Nirvana frontman Kurt Cobain. She is \
                   the head coach of the Spanish club.";
        assert_conflicts("She is the daughter of Kurt Cobain.", "", ctx, &[]);
        // (A novel name against a sentence's place is another rule's conflict.)
        let g = analyse("She is the head coach of Real Madrid.", "", ctx);
        assert!(
            !g.claims[0].conflicts.iter().any(|c| c.contains("Spanish")),
            "{g:?}"
        );
    }

    #[test]
    fn strength_and_condition_are_scales() {
        let ctx = "Storm Helga cut power to 45,000 homes. The national weather service said the \
                   storm would weaken as it moved east on Monday. The patient's condition \
                   improved overnight.";
        for (claim, conflict) in [
            ("The storm was expected to strengthen on Monday.", true),
            ("The storm was expected to weaken on Monday.", false),
            // An unsupported clause does not shield the supported one.
            (
                "Two people were injured, and the storm was expected to strengthen on Monday.",
                true,
            ),
            ("The patient's condition worsened overnight.", true),
            ("The patient's condition improved overnight.", false),
        ] {
            let g = analyse(claim, "", ctx);
            assert_eq!(
                g.claims[0].status == ClaimStatus::Contradicted,
                conflict,
                "{claim}: {g:?}"
            );
        }
    }

    #[test]
    fn a_clause_of_reason_keeps_its_own_direction() {
        // "as … costs climbed" is the costs', not the profit's: "rose" conflicts with "fell".
        let ctx = "Net profit fell to $85 million from $97 million a year earlier, as ingredient \
                   and shipping costs climbed.";
        let g = analyse("Net profit rose to $97 million.", "", ctx);
        assert_eq!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
        let g = analyse("Net profit fell to $85 million as costs climbed.", "", ctx);
        assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
    }

    #[test]
    fn attributes_that_exclude_each_other_conflict() {
        let ctx = "Mayor Lena Ortiz said the plan would cost about 12 million dollars, funded \
                   mostly by a state grant. Christopher Newport University is a public liberal \
                   arts university. The only male rhino lives with two females. It depicts the \
                   view from the east-facing window of his asylum room.";
        for (claim, conflict) in [
            ("The plan is funded mostly by a federal grant.", true),
            ("The plan is funded mostly by a state grant.", false),
            (
                "Christopher Newport University is a private university.",
                true,
            ),
            (
                "Christopher Newport University is a public university.",
                false,
            ),
            // The claim names both sides: nothing is swapped.
            ("As the only male, the rhino lives with two females.", false),
            (
                "It shows the view from the west-facing window of his room.",
                true,
            ),
            (
                "It shows the view from the east-facing window of his room.",
                false,
            ),
        ] {
            let g = analyse(claim, "", ctx);
            assert_eq!(
                g.claims[0].status == ClaimStatus::Contradicted,
                conflict,
                "{claim}: {g:?}"
            );
        }
    }

    #[test]
    fn sizes_in_their_plain_form_are_directions() {
        let ctx = "The town holds a large market every Saturday, with more than 200 stalls.";
        for (claim, conflict) in [
            ("The town holds a small market every Saturday.", true),
            ("The town holds a tiny market every Saturday.", true),
            ("The town holds a big market every Saturday.", false),
            // "a little" is "somewhat".
            ("The market is a little larger every Saturday.", false),
        ] {
            let g = analyse(claim, "", ctx);
            assert_eq!(
                g.claims[0].status == ClaimStatus::Contradicted,
                conflict,
                "{claim}: {g:?}"
            );
        }
    }

    #[test]
    fn a_direction_word_conflicts_with_its_opposite_in_the_aligned_sentence() {
        let ctx = "In the second quarter the company's revenue rose 3 percent to 2.1 billion \
            dollars. Air pressure at sea level is higher than on a mountain top.";
        let status = |text: &str| analyse(text, "", ctx).claims[0].clone();
        assert_eq!(
            status("The company's revenue rose 3 percent in the second quarter.").status,
            ClaimStatus::Supported
        );
        let fell = status("The company's revenue fell 3 percent in the second quarter.");
        assert_eq!(fell.status, ClaimStatus::Contradicted, "{fell:?}");
        assert_eq!(fell.conflicts, ["\"fell\" vs \"rose\""]);
        let lower = status("Air pressure at sea level is lower than on a mountain top.");
        assert_eq!(lower.conflicts, ["\"lower\" vs \"higher\""]);
        // The same comparison with its arguments reversed.
        let reversed = status("Air pressure on a mountain top is lower than at sea level.");
        assert_ne!(reversed.status, ClaimStatus::Contradicted, "{reversed:?}");
        // "no longer" is no length.
        assert_eq!(
            direction_pair(
                (
                    "it is no longer a planet",
                    &tokens("it is no longer a planet")
                ),
                ("it is shorter", &tokens("it is shorter"))
            ),
            None
        );
        // Judged against the clause that states the claim's subject, not a later clause.
        let ctx = "In the second quarter, revenue rose 3% to 2.1 billion dollars, while operating \
            costs fell 1%.";
        let fell = analyse("Revenue fell 3% in the second quarter.", "", ctx);
        assert_eq!(
            fell.claims[0].conflicts,
            ["\"fell\" vs \"rose\""],
            "{fell:?}"
        );
        let costs = analyse("Operating costs fell 1% in the second quarter.", "", ctx);
        assert_ne!(
            costs.claims[0].status,
            ClaimStatus::Contradicted,
            "{costs:?}"
        );
        // A claim that joins two sentences is judged clause by clause against both; "increase"
        // and "fell" are one scale.
        let ctx = "Acme reported revenue of $4.2 billion for 2023, a 12% increase over the prior \
            year. Net income fell to $310 million due to restructuring costs.";
        let q = "Summarize Acme's 2023 results.";
        let good = analyse(
            "Acme's 2023 revenue rose 12% to $4.2 billion, while net income fell to $310 million.",
            q,
            ctx,
        );
        assert_ne!(good.claims[0].status, ClaimStatus::Contradicted, "{good:?}");
        let bad = analyse(
            "Acme's 2023 revenue rose 12% to $4.2 billion, while net income rose to $310 million.",
            q,
            ctx,
        );
        assert_eq!(bad.claims[0].conflicts, ["\"rose\" vs \"fell\""], "{bad:?}");
        let fell = analyse("Acme's revenue fell 12% to $4.2 billion in 2023.", q, ctx);
        assert_eq!(
            fell.claims[0].conflicts,
            ["\"fell\" vs \"increase\""],
            "{fell:?}"
        );
        // A decision and its reverse.
        let ctx = "On Tuesday the city council voted 7-2 to pass the 2025 budget.";
        let rejected = analyse("The council rejected the budget by a 7-2 vote.", "", ctx);
        assert_eq!(
            rejected.claims[0].conflicts,
            ["\"rejected\" vs \"pass\""],
            "{rejected:?}"
        );
        let passed = analyse("The council passed the budget by a 7-2 vote.", "", ctx);
        assert_ne!(
            passed.claims[0].status,
            ClaimStatus::Contradicted,
            "{passed:?}"
        );
    }

    #[test]
    fn a_number_with_a_group_comma_is_no_year() {
        let ctx = "Founded in 2005, the company now employs roughly 1,200 staff across four \
            offices. Last year its revenue grew by 12% to $45 million, and it expects to hire 200 \
            more people in 2024.";
        let g = analyse(
            "The company employs about 1,200 people and its revenue grew to $45 million last year.",
            "",
            ctx,
        );
        assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
        assert_eq!(
            year_gaps(&tokens("from 1,200 to 1,300 people in 1990")),
            Vec::<u32>::new()
        );
    }

    #[test]
    fn a_novel_number_conflicts_with_a_number_of_the_same_unit() {
        let ctx = "A former bank manager was sentenced to five years in prison on Tuesday. A jury \
            found him guilty of fraud last month after a three-week trial.";
        let claim = |t: &str| analyse(t, "Summarize the article.", ctx).claims[0].clone();
        let bad = claim(
            "He was sentenced to ten years in prison after a jury found him guilty of fraud.",
        );
        assert_eq!(bad.status, ClaimStatus::Contradicted, "{bad:?}");
        assert_eq!(bad.conflicts, ["\"10\" vs \"5\""]);
        assert!(bad.source.unwrap().text.contains("five years"));
        let good = claim(
            "He was sentenced to five years in prison after a jury found him guilty of fraud.",
        );
        assert_eq!(good.status, ClaimStatus::Supported, "{good:?}");
        // A quantity of the same unit but of another thing, or a change between two numbers
        // the claim both states, is no conflict.
        let ctx2 = "The kite measured an astonishing 6,000 metres. Fog at the festival was thick.";
        let fog = analyse("Fog at the festival cut visibility to 50 metres.", "", ctx2);
        assert_ne!(fog.claims[0].status, ClaimStatus::Contradicted, "{fog:?}");
        let ctx3 = "Rooney moved up into second place with wealth of 72 million pounds.";
        let up = analyse(
            "Rooney's wealth is up 12 million pounds to 72 million pounds.",
            "",
            ctx3,
        );
        assert_ne!(up.claims[0].status, ClaimStatus::Contradicted, "{up:?}");
        // Another unit is no conflict: nothing states how many appeals he filed.
        let other =
            claim("He filed ten appeals after a jury found him guilty of fraud and sentenced him.");
        assert_ne!(other.status, ClaimStatus::Contradicted, "{other:?}");
    }

    #[test]
    fn a_demonym_supports_its_place_in_a_claim() {
        let g = analyse(
            "Polonium was named after Poland.",
            "",
            "Polonium was named after her native country by the Polish physicist.",
        );
        assert_eq!(g.claims[0].support, 1.0, "{:?}", g.claims);
        assert_eq!(g.claims[0].status, ClaimStatus::Supported);
    }

    #[test]
    fn claims_carry_character_offsets() {
        let text = "Évian is in France. It sits on Lake Geneva.";
        let g = analyse(
            text,
            "",
            "Évian-les-Bains is a town in France on Lake Geneva.",
        );
        assert_eq!(g.claims.len(), 2);
        let c = &g.claims[1];
        assert_eq!(
            text.chars()
                .skip(c.start)
                .take(c.end - c.start)
                .collect::<String>(),
            c.text
        );
        assert_eq!(c.text, "It sits on Lake Geneva.");
    }

    #[test]
    fn a_sentence_has_the_tokens_the_whole_text_has_there() {
        let texts = [
            "In 1999, Hunt Lowry's film earned $1,200.50. It's well-known; isn't it?\n1. First point",
            "Dr. J. Smith met U.S. envoys at 3.5 p.m.! Then: nothing.\n\n- co-op’s rate was 2.5.",
            "ΟΔΟΣ İstanbul don’t 12,000.5;x\ty. ’tis",
            "no punctuation at all",
            "",
        ];
        for text in texts {
            let whole = tokens(text);
            for sp in sentence_spans(text) {
                let own: Vec<(usize, &str, bool)> = tokens(&text[sp.0..sp.1])
                    .iter()
                    .map(|t| (t.start + sp.0, t.raw, t.is_number))
                    .collect();
                let cut: Vec<(usize, &str, bool)> = span_tokens(&whole, sp)
                    .iter()
                    .map(|t| (t.start, t.raw, t.is_number))
                    .collect();
                assert_eq!(own, cut, "{text:?} {sp:?}");
            }
        }
    }

    #[test]
    fn a_name_moved_from_elsewhere_in_the_passage_is_not_anchored() {
        let ctx = "Marie Curie was born in Warsaw in 1867. She died in Passy in 1934.";
        let good = analyse("Marie Curie was born in Warsaw.", "", ctx).features;
        let bad = analyse("Marie Curie was born in Passy.", "", ctx).features;
        assert_eq!(good.entity_anchor_mean, 1.0);
        // Passy's sentence is about Marie Curie ("She …": her names' weight, 2 of the 3 equal
        // weights the best sentence without Passy shares, which also says "born"): 2/3; Marie
        // and Curie stand where the rest of it is said (1 each).
        assert!((bad.entity_anchor_mean - 8.0 / 9.0).abs() < 1e-9, "{bad:?}");
    }

    #[test]
    fn an_abbreviated_month_beside_a_number_is_its_month() {
        let ctx = "The winter sale runs from 2 January until 15 February in all stores.";
        let good = analyse("It ends on Feb 15.", "When does the sale end?", ctx);
        assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
        let bad = analyse("It ends on Mar 15.", "When does the sale end?", ctx);
        assert_ne!(bad.claims[0].status, ClaimStatus::Supported, "{bad:?}");
        // A name that looks like one is no month.
        let toks = tokens("Jan Smith came on 3 Sept.");
        assert_eq!(abbreviated_month(&toks, 0), None);
        assert_eq!(abbreviated_month(&toks, 5), Some("september"));
    }

    #[test]
    fn a_date_recombined_from_the_sources_month_and_day_is_contradicted() {
        let ctx = "The winter sale runs from 2 January until 15 February in all stores. The \
                   summer sale runs on 3 to 9 July.";
        let q = "When does the winter sale end?";
        for good in [
            "It ends on Feb 15.",
            "It ends on February 15th.",
            "It ends on the 15th of February.",
        ] {
            let g = analyse(good, q, ctx);
            assert!(g.claims[0].conflicts.is_empty(), "{good}: {g:?}");
        }
        let b = analyse("It ends on Jan 15.", q, ctx);
        assert_eq!(b.claims[0].status, ClaimStatus::Contradicted, "{b:?}");
        assert_eq!(b.claims[0].conflicts, vec!["\"Jan 15\" vs \"2 January\""]);
        // The first day of a range is dated by the month after its last.
        let g = analyse("The summer sale starts on July 3.", "", ctx);
        assert!(g.claims[0].conflicts.is_empty(), "{g:?}");
        let text = "From 2 to 15 February, then March 3–5 and the 9th of May 2024. April 14, \
                    April 25.";
        let dates: Vec<(&str, u8, &str)> = calendar_dates(text, &tokens(text))
            .into_iter()
            .map(|d| (d.month, d.day, &text[d.span.0..d.span.1]))
            .collect();
        assert_eq!(
            dates,
            vec![
                ("february", 15, "15 February"),
                ("february", 2, "2 to 15 February"),
                ("march", 3, "March 3"),
                ("march", 5, "March 3–5"),
                ("may", 9, "9th of May"),
                ("april", 14, "April 14"),
                ("april", 25, "April 25"),
            ]
        );
    }

    #[test]
    fn a_disambiguator_in_parentheses_names_no_other_entity() {
        let ctx = "Tony Curtis (Football Player) played for the team.";
        let g = analyse(
            "Tony Curtis and Terrell Owens played for the team.",
            "",
            ctx,
        );
        assert!(g.claims[0].conflicts.is_empty(), "{g:?}");
        let toks = tokens("Titus (Thriller Film) and Marie (Warsaw) (born 1867)");
        let words: Vec<bool> = (0..toks.len())
            .map(|i| {
                in_disambiguator(
                    "Titus (Thriller Film) and Marie (Warsaw) (born 1867)",
                    &toks,
                    i,
                )
            })
            .collect();
        assert_eq!(
            words,
            [false, true, true, false, false, false, false, false]
        );
    }

    #[test]
    fn each_clause_of_a_claim_anchors_its_own_names() {
        let ctx = "Marie Curie was born in Warsaw in 1867. She died in Passy in 1934.";
        let joined = "Marie Curie was born in Warsaw in 1867, and she died in Passy in 1934.";
        assert_eq!(analyse(joined, "", ctx).features.entity_anchor_mean, 1.0);
        // The places swapped: each stands away from what its clause says about it. Warsaw's
        // sentence shares nothing else with "she died … in 1934" (0); Passy's is about Marie
        // Curie ("She died …"), 2 of the 4 equal weights of the sentence that says "born in
        // 1867" (1/2). Marie, Curie, 1867 and 1934 stand where theirs is said (1 each).
        let swapped = "Marie Curie was born in Passy in 1867, and she died in Warsaw in 1934.";
        let f = analyse(swapped, "", ctx).features;
        assert!((f.entity_anchor_mean - 4.5 / 6.0).abs() < 1e-9, "{f:?}");
    }

    #[test]
    fn a_before_clause_anchors_its_own_dates() {
        let ctx = "The Statue of Liberty was dedicated on October 28, 1886. The Eiffel Tower \
                   was completed in March 1889 for the World's Fair.";
        let q = "Which is older, the Eiffel Tower or the Statue of Liberty?";
        let right = "The Statue of Liberty is older: it was dedicated in 1886, three years before \
                     the Eiffel Tower was completed in 1889.";
        assert_eq!(analyse(right, q, ctx).features.entity_anchor_mean, 1.0);
        let swapped = "The Eiffel Tower is older: it was completed in 1886, three years before \
                       the Statue of Liberty was dedicated in 1889.";
        let f = analyse(swapped, q, ctx).features;
        assert!(f.entity_anchor_mean < 0.5, "{f:?}");
        // A preposition opens no clause.
        let t = "It opened before the war and closed after 1990.";
        let toks = tokens(t);
        assert_eq!(clause_ranges(t, &toks).len(), 1);
    }

    #[test]
    fn an_absolute_with_clause_anchors_its_own_names() {
        // A summary joins two source sentences by "…, with <subject> <participle> …": each part
        // stands where its own sentence says it.
        let ctx = "Police in Leeds have arrested a man after a series of burglaries at corner \
                   shops. Stolen cigarettes and cash worth around £3,000 were recovered.";
        let joined = "A man has been arrested in Leeds after burglaries at corner shops, with \
                      police recovering about £3,000 of stolen cash.";
        assert_eq!(analyse(joined, "", ctx).features.entity_anchor_mean, 1.0);
        // "with" and a participle-less phrase is no clause: "…, with a population of 3,000".
        let toks = tokens("a town, with a population of 3,000, near Leeds");
        let with = toks.iter().position(|t| t.raw == "with").unwrap();
        assert!(!opens_absolute(&toks, with));
        let toks = tokens("a town, with roads including the A1");
        assert!(!opens_absolute(&toks, with));
    }

    #[test]
    fn the_class_a_claim_singles_one_out_of_must_be_the_sources() {
        let ctx = "Marie Curie was a physicist and chemist. She was the first woman to win a \
                   Nobel Prize and the only person to win Nobel Prizes in two scientific fields.";
        let bad = "Marie Curie was the first person to win a Nobel Prize.";
        assert_conflicts(bad, "", ctx, &["\"person\" vs \"woman\""]);
        for good in [
            "Marie Curie was the first woman to win a Nobel Prize.",
            // Another verb or another object: not the frame the source states.
            "Marie Curie was the first person to discover polonium.",
            "She was the only person to win Nobel Prizes in two scientific fields.",
        ] {
            assert_conflicts(good, "", ctx, &[]);
        }
        // A source that states the claim's class settles it, whatever other classes it
        // singles out; "to win a Nobel Prize twice" is another predicate.
        let ctx = "She was the first woman to win a Nobel Prize, the first person to win a \
                   Nobel Prize twice, and the only person to win it in two sciences.";
        let good = "According to the passage, yes: she was the first woman to win a Nobel Prize.";
        assert_conflicts(
            good,
            "Was she the first woman to win a Nobel Prize?",
            ctx,
            &[],
        );
        assert_conflicts(
            "She was the first man to win a Nobel Prize twice.",
            "",
            ctx,
            &["\"man\" vs \"person\""],
        );
        // A class word of the other ("female" of "female boxer") is no other class.
        let ctx = "Jonas was the first female boxer to represent Britain at the Olympics.";
        assert_conflicts(
            "Jonas was the first female to represent Britain at the Olympics.",
            "",
            ctx,
            &[],
        );
    }

    #[test]
    fn a_number_stated_as_approximate_is_found_when_a_source_number_rounds_to_it() {
        let ctx = "A 2012 survey put the total length of the wall at 21,196 km.";
        let about = analyse(
            "The total length of the wall is more than 20,000 km.",
            "",
            ctx,
        );
        assert_eq!(about.claims[0].support, 1.0, "{about:?}");
        // Without the approximator, or when no source number rounds to it, it is not found.
        let exact = analyse("The total length of the wall is 20,000 km.", "", ctx);
        assert!(exact.claims[0].support < 1.0, "{exact:?}");
        let off = analyse("The total length of the wall is about 30,000 km.", "", ctx);
        assert!(off.claims[0].support < 1.0, "{off:?}");
    }

    #[test]
    fn a_bare_yes_or_no_claims_the_questions_proposition() {
        let ctx = "Marie Curie was the first woman to win a Nobel Prize. She was born in Warsaw.";
        let q = "Was Marie Curie the first woman to win a Nobel Prize?";
        for good in ["Yes.", "Yes, she was."] {
            let g = analyse(good, q, ctx);
            assert!(
                g.claims
                    .iter()
                    .all(|c| c.status != ClaimStatus::Contradicted),
                "{good}: {g:?}"
            );
        }
        for bad in ["No.", "No, she was not.", "No, she wasn't."] {
            let b = analyse(bad, q, ctx);
            assert_eq!(
                b.claims[0].status,
                ClaimStatus::Contradicted,
                "{bad}: {b:?}"
            );
            assert_eq!(b.claims[0].text, bad);
        }
        // The question under its label in a prompt that also holds an instruction.
        let labelled = format!("Answer from the passage.\nQuestion: {q}\nAnswer:");
        let b = analyse("No, she was not.", &labelled, ctx);
        assert_eq!(b.claims[0].status, ClaimStatus::Contradicted, "{b:?}");
        let after = format!("Answer using the passage below. {q}");
        let b = analyse("No, she was not.", &after, ctx);
        assert_eq!(b.claims[0].status, ClaimStatus::Contradicted, "{b:?}");
        let ctx = "Pluto is no longer considered a planet.";
        let q = "Is Pluto considered a planet?";
        assert!(analyse("No.", q, ctx).claims[0].conflicts.is_empty());
        assert!(!analyse("Yes.", q, ctx).claims[0].conflicts.is_empty());
        // A comparison is stated by no one sentence: not judged so.
        let ctx = "The Who are an English rock band. Kings of Leon are an American rock band.";
        let q = "Are both The Who and Kings of Leon American rock bands?";
        assert!(analyse("No.", q, ctx).claims.is_empty());
    }

    #[test]
    fn a_name_joined_to_a_word_is_the_name() {
        let ctx = "Nordwind, based in Hamburg, carried 41 million passengers last year.";
        let good = analyse(
            "The Hamburg-based Nordwind carried 41 million passengers.",
            "",
            ctx,
        );
        assert_eq!(good.claims[0].status, ClaimStatus::Supported, "{good:?}");
        let bad = analyse(
            "The Munich-based Nordwind carried 41 million passengers.",
            "",
            ctx,
        );
        assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
    }

    #[test]
    fn a_middle_name_names_the_same_entity() {
        let ctx = "Frankenstein is an 1818 novel written by English author Mary Shelley.";
        let g = analyse("It was written by Mary Wollstonecraft Shelley.", "", ctx);
        assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
        // Another first name is another person.
        let b = analyse("It was written by Percy Bysshe Shelley.", "", ctx);
        assert_ne!(b.claims[0].status, ClaimStatus::Supported, "{b:?}");
        let ctx = "Tom Cleverley played for Manchester City F.C. in 2010.";
        let b = analyse(
            "Tom Cleverley played for Manchester United F.C. in 2010.",
            "",
            ctx,
        );
        assert_ne!(b.claims[0].status, ClaimStatus::Supported, "{b:?}");
    }

    #[test]
    fn a_shortened_given_name_names_the_same_person() {
        let ctx = "Timothy Simon Roth (born 14 May 1961) is an English actor and director.";
        let g = analyse("Tim Roth is an English actor.", "", ctx);
        assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
        let b = analyse("Tim Roth is an American actor.", "", ctx);
        assert_eq!(b.claims[0].status, ClaimStatus::Contradicted, "{b:?}");
        // Only a given name that opens its run, of three letters or more, and begins the
        // source's name; another first name is another person.
        for other in [
            "Tom Roth is an English actor.",
            "Ti Roth is an English actor.",
        ] {
            let b = analyse(other, "", ctx);
            assert_ne!(b.claims[0].status, ClaimStatus::Supported, "{other}: {b:?}");
        }
    }

    #[test]
    fn names_joined_by_an_en_dash_are_the_hyphenated_name() {
        let ctx = "The Lincoln–Douglas debates were held in seven Illinois congressional \
                   districts in 1858.";
        let g = analyse("The Lincoln-Douglas debates happened in Illinois.", "", ctx);
        assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
        let b = analyse("The Lincoln-Douglas debates happened in Ohio.", "", ctx);
        assert_eq!(b.claims[0].status, ClaimStatus::Contradicted, "{b:?}");
    }

    #[test]
    fn a_sentence_naming_a_person_by_surname_names_the_claims_person() {
        let ctx = "Sarah Jane Hyland (born November 24, 1990) is an American actress. Born in \
                   Manhattan, New York, Hyland attended the Professional Performing Arts School.";
        let g = analyse(
            "Sarah Hyland attended the Professional Performing Arts School.",
            "",
            ctx,
        );
        assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
        // "New Yorker" names New York.
        let g = analyse("Sarah Hyland is a New Yorker.", "", ctx);
        assert_ne!(g.claims[0].status, ClaimStatus::Contradicted, "{g:?}");
        // A surname two people of the sources share names neither alone.
        let one = "Bobby Petrino was born in Lewistown. Raised in Montana, Petrino coached Idaho \
                   from 2013.";
        let claim = "Bobby Petrino coached Idaho from 2013.";
        let g = analyse(claim, "", one);
        assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
        let two = format!("Paul Petrino was born in Helena. {one}");
        let b = analyse(claim, "", &two);
        assert_eq!(b.claims[0].status, ClaimStatus::Contradicted, "{b:?}");
    }

    #[test]
    fn titles_suffixes_abbreviated_heads_and_initials_are_written_forms_of_names() {
        for (claim, ctx) in [
            (
                "Mt. Everest is the highest mountain on Earth.",
                "Mount Everest is Earth's highest mountain above sea level, in the Himalayas.",
            ),
            (
                "The cathedral is in St. Petersburg.",
                "The Kazan Cathedral is located in Saint Petersburg, Russia.",
            ),
            (
                "Harry Potter was written by J.K. Rowling.",
                "Harry Potter is a series of novels written by British author J. K. Rowling.",
            ),
            (
                "Dr. King gave the speech in 1963.",
                "Martin Luther King Jr. delivered the speech on August 28, 1963, in Washington.",
            ),
            (
                "Apple Inc. is based in Cupertino.",
                "Apple is an American technology company headquartered in Cupertino, California.",
            ),
        ] {
            let g = analyse(claim, "", ctx);
            assert_eq!(g.claims.len(), 1, "{claim}: {g:?}");
            assert_ne!(
                g.claims[0].status,
                ClaimStatus::Contradicted,
                "{claim}: {g:?}"
            );
        }
        // The name itself is still judged.
        let ctx = "Mount Everest is Earth's highest mountain above sea level, in the Himalayas.";
        let b = analyse(
            "Mt. Kilimanjaro is Earth's highest mountain above sea level.",
            "",
            ctx,
        );
        assert_eq!(b.claims[0].status, ClaimStatus::Contradicted, "{b:?}");
        let ctx = "Harry Potter is a series of novels written by British author J. K. Rowling.";
        let b = analyse("Harry Potter was written by J.R.R. Tolkien.", "", ctx);
        assert_eq!(b.claims[0].status, ClaimStatus::Contradicted, "{b:?}");
        // "Inc." before a lower-case word ends no sentence; before a capitalised one it does.
        assert_eq!(sentence_spans("Apple Inc. is based in Cupertino.").len(), 1);
        assert_eq!(
            sentence_spans("He joined Apple Inc. The firm grew.").len(),
            2
        );
    }

    #[test]
    fn a_fraction_is_no_ordinal() {
        let ctx =
            "Profit fell to 310 million euros from 450 million euros, shares fell 12 percent.";
        let g = analyse(
            "Profit fell by roughly a third, to 310 million euros.",
            "",
            ctx,
        );
        assert!(g.claims[0].conflicts.is_empty(), "{g:?}");
        let toks = tokens("the third quarter and a third of it");
        assert!(!is_fraction(&toks, 1) && is_fraction(&toks, 5));
    }

    #[test]
    fn compound_number_words_are_one_number() {
        assert_eq!(number_word("fifty-six"), Some("56"));
        assert_eq!(number_word("twenty-first"), Some("21"));
        assert_eq!(number_word("fifty-sixty"), None);
        assert_eq!(spaced_number_words("fifty", "six").as_deref(), Some("56"));
        assert_eq!(spaced_number_words("five", "six"), None);
        let ctx = "The Declaration was signed by 56 delegates.";
        for good in [
            "Fifty-six delegates signed it.",
            "It was signed by fifty six delegates.",
        ] {
            let g = analyse(good, "", ctx);
            assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{good}: {g:?}");
        }
        let bad = analyse("It was signed by fifty-eight delegates.", "", ctx);
        assert_eq!(bad.claims[0].status, ClaimStatus::Contradicted, "{bad:?}");
    }

    #[test]
    fn a_claim_naming_what_the_sources_lack_is_unsupported() {
        let ctx = "The city council of Riverton voted to approve a new public library on Elm \
                   Street. The project will cost $14 million and is expected to open in 2027.";
        let text = "Riverton approved a $14 million library on Elm Street, opening in 2029.";
        let g = analyse(text, "", ctx);
        assert!(g.claims[0].support >= SUPPORTED_AT, "{g:?}");
        assert_eq!(g.claims[0].status, ClaimStatus::Unsupported, "{g:?}");
        let g = analyse(&text.replace("2029", "2027"), "", ctx);
        assert_eq!(g.claims[0].status, ClaimStatus::Supported, "{g:?}");
    }

    #[test]
    fn a_quantity_in_another_unit_is_found_and_a_swapped_unit_contradicts() {
        let ctx = "The Golden Gate Bridge has a total length of 2,737 metres. It opened in 1937.";
        let converted = analyse("The bridge is about 2.7 kilometres long.", "", ctx);
        let wrong = analyse("The bridge is about 4.5 kilometres long.", "", ctx);
        assert!(converted.claims[0].conflicts.is_empty(), "{converted:?}");
        assert!(
            converted.claims[0].support > wrong.claims[0].support,
            "{wrong:?}"
        );
        let swapped = analyse("The bridge is 2,737 feet long.", "", ctx);
        assert_eq!(swapped.claims[0].status, ClaimStatus::Contradicted);
        assert_eq!(
            swapped.claims[0].conflicts,
            ["\"2,737 feet\" vs \"2,737 metres\""]
        );
        let ctx = "It was adopted on July 4, 1776, and signed later.";
        for good in [
            "It was adopted on 1776-07-04.",
            "It was adopted on 07/04/1776.",
        ] {
            let g = analyse(good, "", ctx);
            assert!(g.claims[0].conflicts.is_empty(), "{good}: {g:?}");
        }
        let wrong_day = analyse("It was adopted on 1776-07-05.", "", ctx);
        assert_eq!(wrong_day.claims[0].status, ClaimStatus::Contradicted);
        let ctx = "Saturday 9:00 to 18:00; Sunday closed.";
        let clock = analyse("On Saturday it closes at 6 pm.", "", ctx);
        assert!(clock.claims[0].conflicts.is_empty(), "{clock:?}");
        let late = analyse("On Saturday it closes at 8 pm.", "", ctx);
        assert_eq!(late.claims[0].status, ClaimStatus::Contradicted);
    }

    #[test]
    fn an_ordinary_word_opening_a_sentence_is_no_name() {
        let text = "Eventually Sydney voted.";
        let ks = keys(text, (0, text.len()), &LowerVocab::default());
        // "Eventually", keyed by its stem ("eventualli"), is a word.
        assert_eq!(ks[0].kind, KeyKind::Word, "{ks:?}");
        let text = "Sydney voted.";
        let ks = keys(text, (0, text.len()), &LowerVocab::default());
        assert_eq!(ks[0].kind, KeyKind::Name);
        // A turn or a clause after a colon opens as a sentence does: "Sure" is no name there,
        // "Inception" still is.
        let text = "[Assistant]: Sure, Inception is great.";
        let ks = keys(text, (0, text.len()), &LowerVocab::default());
        let kind_of = |w: &str| ks.iter().find(|k| k.norm == w).map(|k| k.kind);
        assert_eq!(kind_of("sure"), Some(KeyKind::Word), "{ks:?}");
        assert_eq!(kind_of("inception"), Some(KeyKind::Name), "{ks:?}");
    }

    #[test]
    fn a_percent_sign_and_per_cent_state_percent() {
        for text in [
            "Turnout was 52% in May.",
            "Turnout was 52 % in May.",
            "Turnout was 52 per cent in May.",
            "Turnout was 52 percent in May.",
        ] {
            let ks = keys(text, (0, text.len()), &LowerVocab::default());
            assert!(
                ks.iter()
                    .any(|k| k.norm == PERCENT && k.kind == KeyKind::Word),
                "{text}: {ks:?}"
            );
            assert!(ks.iter().any(|k| k.norm == "52"), "{text}: {ks:?}");
        }
        let text = "Turnout was 52 in May.";
        let ks = keys(text, (0, text.len()), &LowerVocab::default());
        assert!(ks.iter().all(|k| k.norm != PERCENT), "{ks:?}");
    }

    #[test]
    fn a_new_name_is_no_conflict_with_a_turns_opening_word() {
        // The reply to a conversation's question names the film's actors; the conversation's
        // "Sure" (after "[Assistant]:") is no name for them to conflict with.
        let ctx = "[Human]: Can you recommend a movie by Christopher Nolan? [Assistant]: Sure, \
                   Inception is a great one. Its score is by Hans Zimmer.";
        let g = analyse(
            "Inception stars Leonardo DiCaprio and Elliot Page.",
            "",
            ctx,
        );
        assert!(
            g.claims[0].conflicts.iter().all(|c| !c.contains("sure")),
            "{g:?}"
        );
    }

    #[test]
    fn analysis_is_total() {
        for s in [
            "",
            " ",
            "\u{0}",
            "1.2.3,,4",
            "ÉÉÉ ééé",
            "a\u{301}",
            "?",
            "1. 2. 3.",
            "İİİ [Human]: who?",
            "ẞ user: İs it? ok.",
        ] {
            let g = analyse(s, s, s);
            assert!(g.claims.iter().all(|c| (0.0..=1.0).contains(&c.support)));
        }
    }
}
