//! What the `context` is (DESIGN §2.0): a prompt, sources, or a request with a passage
//! ([`context_role`], [`prompt_passage`], [`context_passage`]).

use super::*;

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
pub(super) const INTERROGATIVES: &[&str] = &[
    "what", "who", "whom", "whose", "when", "where", "which", "why", "how",
];

/// Whether the word `w` (lower case) is a wh-word ([`INTERROGATIVES`]), also as users type
/// it contracted ("what's", "who’d", "where're") or without the apostrophe ("whats", "hows").
pub(super) fn is_interrogative(w: &str) -> bool {
    let stem = match w.split_once(['\'', '’']) {
        Some((stem, _)) => stem,
        None => w.strip_suffix('s').unwrap_or(w),
    };
    INTERROGATIVES.contains(&w) || INTERROGATIVES.contains(&stem)
}

/// Whether `text` points at a question ("question" or "query" after a word that picks out
/// one already there: "the", "this", "my", "user's", "customer's", "original", "search", …)
/// but asks none of its own ([`asks_a_question`]): "Answer the question using the context."
/// points at a question sent elsewhere, in the context. A word that introduces a new one
/// ([`NEW_QUESTION_WORDS`]: "Generate a question …", "Write one question …", "Ask a follow-up
/// query") or makes "question" a verb ("I question whether …") points at none, and "Summarize
/// the context." names none.
pub fn refers_to_question(text: &str) -> bool {
    let toks = tokens(text);
    toks.windows(2).any(|w| {
        matches!(lower_cow(w[1].raw).as_ref(), "question" | "query")
            && !NEW_QUESTION_WORDS.contains(&lower_cow(w[0].raw).as_ref())
            && !w[0].is_number
    }) && !asks_a_question(text)
}

/// Words before "question" or "query" that introduce a new one or make it a verb, lower case
/// ([`refers_to_question`]): indefinite determiners and quantifiers ("a question", "one
/// more question"), verbs that make one ("generate question"), and subject pronouns ("I
/// question", "they query").
const NEW_QUESTION_WORDS: &[&str] = &[
    "a",
    "an",
    "one",
    "another",
    "new",
    "more",
    "some",
    "any",
    "single",
    "follow-up",
    "up",
    "generate",
    "write",
    "ask",
    "create",
    "pose",
    "formulate",
    "compose",
    "draft",
    "make",
    "suggest",
    "propose",
    "i",
    "we",
    "you",
    "they",
    "he",
    "she",
    "it",
];

/// Whether `text` asks a question of its own: one of its sentences ends with `?` or opens
/// with a wh-word ([`is_interrogative`], after a speaker tag such as "Question:"), or a
/// wh-word opens what follows a colon after "question" or "query" ("Answer the question: who
/// built it"; not "Note: when the context lacks the answer, …").
pub fn asks_a_question(text: &str) -> bool {
    sentence_spans(text).iter().any(|&(s, e)| {
        let sent = text[s..e].trim_end();
        sent.ends_with('?')
            || text[e..].starts_with('?')
            || std::iter::once(sent)
                .chain(
                    sent.split_once(':')
                        .filter(|(before, _)| {
                            let last = before.rsplit(|c: char| !c.is_alphanumeric()).next();
                            last.is_some_and(|w| {
                                w.eq_ignore_ascii_case("question")
                                    || w.eq_ignore_ascii_case("query")
                            })
                        })
                        .map(|(_, after)| after),
                )
                .any(|part| first_word(part).is_some_and(|w| is_interrogative(&w)))
    })
}

/// The first word of `sentence` after any speaker tag ([`SPEAKER_TAGS`]: "User:",
/// "Question:"), lower case; None when it has none.
fn first_word(sentence: &str) -> Option<Cow<'_, str>> {
    tokens(sentence)
        .iter()
        .map(|t| lower_cow(t.raw))
        .find(|w| !SPEAKER_TAGS.contains(&w.as_ref()))
}

/// Verbs (and "please") that open an instruction.
pub(super) const IMPERATIVES: &[&str] = &[
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
/// "Summarize:"; or opens with "can you", "could you" …, "?" or not: "can you pull out the key
/// stuff from this"; or follows a clause opening with "based", "using", "according", "given"
/// or "from", [`FRAMING_OPENERS`]: "Based on this chat, list what …"; or asks to recast the
/// text: "Turn this into a numbered list"), optionally after a speaker tag such as
/// `User:` or `Question:`.
///
/// A title is no question: "Where the Heart Is is written by Billie Letts" opens with a wh-word
/// whose next words hold a capitalised function word ("Is", "The", "About": title case) or an
/// article and a capitalised word ("Where the Wild Things Are has genre …"; but a request for a
/// summary, [`asks_for_summary`], is none: "Summarize the Apollo 11 landing."), and
/// "Reg E. Cathey starred in What About Bob?" ends with `?` after a capitalised word in a
/// sentence of six words or more that has no wh-word among its first three words or after a
/// comma ([`is_interrogative`]: "what's" is one; after a comma only when the sentence does
/// not end in title case, [`ends_in_title_case`], or opens with a clause that names what it
/// works from, [`FRAMING_OPENERS`]: "According to the passage, who directed Gone With The
/// Wind?"), no auxiliary after such a comma ("Hey, do
/// you know who painted The Starry Night?"), no lower-case wh-word before an auxiliary ("…
/// what will I pay incl VAT?"; the last two, too, only when it does not end in title case),
/// and opens with neither an imperative nor an auxiliary. HaluEval's dialogue knowledge holds such titles; read as
/// questions, they made 32 dev contexts a prompt.
pub(super) fn is_request(c: &str, s: usize, e: usize) -> bool {
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
        .any(|t| is_cap(t) && crate::text::is_stopword_raw(t.raw))
        || (lower(1).is_some_and(|w| matches!(w.as_ref(), "the" | "a" | "an"))
            && words.get(2).is_some_and(is_cap));
    // A wh-word among the first three words, or opening a clause after a comma ("If I catch
    // the 09:15 from Leeds, what time do I get into Newcastle?", "According to the passage,
    // what were …?").
    // (Not when the sentence ends in a title: "…, who is pursued by his psychiatrist in What
    // About Bob?" is a statement whose relative clause opens with "who".)
    // A clause that frames the question by its source ("According to the passage, who
    // directed Gone With The Wind?") is no statement's subject: there the title is the
    // question's object.
    let framed = is_first(FRAMING_OPENERS);
    let after_comma = |i: usize| {
        sent[..words[i].start].trim_end().ends_with(',') && (framed || !ends_in_title_case(words))
    };
    // Also an auxiliary after a comma ("Hey, do you know who painted The Starry Night?") and a
    // lower-case wh-word before an auxiliary anywhere ("Im a member, if I book a full pass
    // around mid August what will I pay incl VAT?").
    // (Neither when the sentence ends in title case: "…, who is pursued by … in What About
    // Bob?")
    let is_aux = |i: usize| lower(i).is_some_and(|w| POLAR_OPENERS.contains(&w.as_ref()));
    let asks_early = (0..words.len()).any(|i| {
        let wh = lower(i).is_some_and(|w| is_interrogative(&w));
        (wh && (i < 3 || after_comma(i)))
            || (is_aux(i) && after_comma(i))
            || (wh && !is_cap(&words[i]) && is_aux(i + 1) && !ends_in_title_case(words))
    }) || is_first(IMPERATIVES)
        || is_first(POLAR_OPENERS);
    let ends_in_title = words.len() >= 6 && words.last().is_some_and(is_cap) && !asks_early;
    let ends_q = (c[e..].starts_with('?') || sent.ends_with('?')) && !ends_in_title;
    let opens_request = words.first().is_some_and(|_| {
        // An imperative alone before a colon ("Summarize:") asks for what follows it.
        let next_lower = words
            .get(1)
            .map_or(words.len() == 1 && sent.ends_with(':'), |t| !is_cap(t));
        // A request for a summary is no title: "Summarize the Apollo 11 landing."
        (first.as_deref().is_some_and(is_interrogative) || is_first(IMPERATIVES))
            && next_lower
            && (!titled || asks_for_summary(sent))
    });
    // A request put as a question without its "?" ("can you pull out the key stuff from
    // this"), and an instruction after a clause that names what it works from ("Based on this
    // chat, list what the agent committed to.", "Using the text, explain …").
    let asks_you = is_first(&["can", "could", "would", "will"])
        && lower(1).is_some_and(|w| matches!(w.as_ref(), "you" | "u"));
    let instructs_after = framed
        && (1..words.len()).any(|i| {
            sent[..words[i].start].trim_end().ends_with(',')
                && lower(i).is_some_and(|w| IMPERATIVES.contains(&w.as_ref()))
                // Its object opens as one does ("list what …", "explain the …"): "According to
                // the report, state revenue fell" and "list prices rose" state facts.
                && lower(i + 1).is_some_and(|w| {
                    is_interrogative(&w) || OBJECT_OPENERS.contains(&w.as_ref())
                })
        });
    // A request to recast the text ("Turn this into a short numbered list …", "Make it into
    // a table"): a verb of change, a pronoun for the text and "into". Not "Turn the dough out
    // onto a rack", a recipe's own step.
    let recasts = is_first(&["turn", "make", "change", "put"])
        && lower(1).is_some_and(|w| matches!(w.as_ref(), "this" | "it" | "these" | "that"))
        && (2..words.len()).any(|i| lower(i).is_some_and(|w| w == "into"));
    ends_q || opens_request || asks_you || instructs_after || recasts
}

/// Words that open a clause naming what a request works from ("Based on this chat, …",
/// "Using the text, …", "According to the passage, …"), lower case ([`is_request`]).
const FRAMING_OPENERS: &[&str] = &["based", "using", "according", "given", "from"];

/// Words that open an instruction's object ("list what …", "explain the …", "name three …",
/// "explain to the customer …"), lower case: after a clause such as "Based on this chat," they
/// tell an imperative from a noun ("state revenue", "list prices").
const OBJECT_OPENERS: &[&str] = &[
    "the", "a", "an", "all", "each", "every", "any", "this", "these", "those", "that", "it",
    "them", "its", "their", "my", "your", "our", "his", "her", "me", "us", "two", "three", "four",
    "five", "some", "one", "to",
];

/// Whether the run of capitalised words that ends `words` holds a capitalised function word
/// after its first ("What About Bob", "Where the Heart Is"): the sentence ends in a title, not
/// in a name ("Newcastle", "New York").
fn ends_in_title_case(words: &[Token<'_>]) -> bool {
    let run = words
        .iter()
        .rev()
        .take_while(|t| t.raw.starts_with(char::is_uppercase))
        .count();
    words[words.len() - run..]
        .iter()
        .skip(1)
        .any(|t| crate::text::is_stopword_raw(t.raw))
}

/// Words that tag the speaker of a request or label it before it ("User: …", "[Human]: …", "Q:
/// …", LlamaIndex's "Query: …", "Instruction: …"), lower case: [`is_request`] and
/// [`opens_as_request`] read the words after them.
pub(super) const SPEAKER_TAGS: &[&str] = &[
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
pub(super) const QUESTION_LABELS: &[&str] = &["question", "q", "query"];

/// Labels that open a passage of sources inside a prompt ("Context: …", "Passage: …",
/// "Document 2: …"), lower case.
pub(super) const SOURCE_LABELS: &[&str] = &[
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

/// Labels of a request that asks ("Question:", "User query:", "### Instruction"), lower case:
/// the only ones that label when other words come before them ([`label_at`]; "Executive
/// summary:" and "Final answer:" open a document's own lines).
pub(super) const ASKING_LABELS: &[&str] = &[
    "question",
    "questions",
    "query",
    "instruction",
    "instructions",
    "task",
    "request",
];

/// Labels that end such a passage: the request or the answer that follows it ("Question: …").
pub(super) const REQUEST_LABELS: &[&str] = &[
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
pub(super) const MIN_PROMPT_PASSAGE_CHARS: usize = 40;

/// Shortest unlabelled passage (characters, sentences ending in a full stop) a prompt can hold
/// next to a question that points at it only by "the following" or "given" ([`prompt_passage`]).
pub(super) const MIN_UNLABELLED_PASSAGE: (usize, usize) = (100, 2);

/// The label a line opens with, lower case ([`label_at`]): "Context:" → "context".
pub(super) fn line_label(line: &str) -> Option<String> {
    label_at(line).map(|(label, _)| label)
}

/// The label a line opens with, lower case, and the byte offset in `line` where the text it
/// labels starts. A label is
/// - a word (with an optional number, as in "Document 2") followed by a colon: "Context:" →
///   "context" (spaces of any kind may stand before the colon, as in French "Question :");
/// - two or three words so followed whose last asks ([`ASKING_LABELS`]: "User question:" →
///   "question") or labels sources ([`SOURCE_LABELS`]) with nothing after it on its line
///   ("Retrieved documents:" → "documents"; "Booking reference: LH-30917" is a record's field,
///   "Executive summary: …" and "Final answer: …" a document's own words);
/// - either written in bold or as a markdown heading ("**Context:**", "## Context:"), or a
///   heading alone on its line of one word that is such a label or of two or three whose last
///   is a label of sources or asks ("### Context", "### User question": the labelled text
///   starts on the next line);
/// - an XML-style tag alone or opening the line whose name (its last part after "_" or "-") is
///   such a label: "<context>", "<document index=\"1\">", "<user_question>" (the text it labels
///   ends at its closing tag: [`labelled_span`], [`closing_tag_in`]).
///
/// Prompt templates write their passages and questions in all these forms (LangChain and
/// LlamaIndex with colons, chat prompts with headings or tags).
pub(super) fn label_at(line: &str) -> Option<(String, usize)> {
    let known = |w: &str| SOURCE_LABELS.contains(&w) || REQUEST_LABELS.contains(&w);
    let lead = line.len() - line.trim_start().len();
    let t = &line[lead..];
    if t.starts_with('<') {
        let (name, closing) = tag_at(t)?;
        let after = lead + 1 + name.len();
        let close = after + line[after..].find('>')?;
        let attributes = &line[after..close];
        let last = name
            .rsplit(['_', '-'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        return (!closing
            && known(&last)
            && (attributes.is_empty() || attributes.starts_with(' ')))
        .then(|| (last, close + 1));
    }
    // Spaces within the line (a heading's line ends it; "\r" before its "\n" ends it too).
    let spaces = |s: &'_ str| -> usize {
        s.len()
            - s.trim_start_matches(|c: char| c.is_whitespace() && !matches!(c, '\n' | '\r'))
                .len()
    };
    // A heading's "#"s, or bold's "**" / "__" (not a list's single "*").
    let heading = t.starts_with('#');
    let bold = ["**", "__"].into_iter().find(|b| t.starts_with(b));
    let words_start = match (heading, bold) {
        (true, _) => t.trim_start_matches('#').trim_start(),
        (false, Some(b)) => &t[b.len()..],
        (false, None) => t,
    };
    let w_at = lead + t.len() - words_start.len();
    let w = &line[w_at..];
    let mut words = 0;
    let mut at = 0;
    loop {
        let end = w[at..]
            .find(|c: char| !c.is_alphabetic())
            .map_or(w.len(), |n| at + n);
        if end == at || words == 3 {
            return None;
        }
        words += 1;
        let rest = &w[end + spaces(&w[end..])..];
        let number = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let rest = &rest[number..];
        let rest = &rest[spaces(rest)..];
        let after = w.len() - rest.len();
        // Bold closes before or after the colon ("**Context**:", "**Context:**"); a lone
        // "*" or "**" is no decoration without the bold that opens it ("Note*:").
        let undecorated = bold.and_then(|b| rest.strip_prefix(b)).unwrap_or(rest);
        let label = || w[at..end].to_lowercase();
        if let Some(body) = undecorated.strip_prefix(':') {
            let label = label();
            let body = bold.and_then(|b| body.strip_prefix(b)).unwrap_or(body);
            // Words before a label of sources label a field of a record when text follows on
            // their line ("Booking reference: LH-30917", "Contact information: …"); a
            // template's "Retrieved documents:" ends its line.
            let alone = body.lines().next().unwrap_or("").trim().is_empty();
            let labels = words == 1
                || ASKING_LABELS.contains(&label.as_str())
                || (alone && SOURCE_LABELS.contains(&label.as_str()));
            return labels.then(|| (label, w_at + w.len() - body.len()));
        }
        if heading && undecorated.lines().next().unwrap_or("").trim().is_empty() {
            let label = label();
            let labels = if words == 1 {
                known(&label)
            } else {
                ASKING_LABELS.contains(&label.as_str()) || SOURCE_LABELS.contains(&label.as_str())
            };
            return labels.then(|| (label, w_at + w.len() - undecorated.len()));
        }
        // Further words; a number only after the last ("Document 2:", not "Top 10 documents:").
        if number == 0 && rest.starts_with(|c: char| c.is_alphabetic()) && after > end {
            at = after;
        } else {
            return None;
        }
    }
}

/// The byte offset in `text` of the first closing tag of the XML-style tag `name`
/// ("</context>", "</context >"), ASCII case ignored; None without one.
pub(super) fn closing_tag_in(text: &str, name: &str) -> Option<usize> {
    text.match_indices("</").map(|(i, _)| i).find(|&i| {
        let rest = &text[i + 2..];
        rest.get(..name.len())
            .is_some_and(|n| n.eq_ignore_ascii_case(name))
            && rest[name.len()..].starts_with(|c: char| c == '>' || c.is_whitespace())
    })
}

/// The name of the XML-style tag `line` opens with, and whether it is a closing one:
/// "<document index=\"1\">" → ("document", false), "</context>" → ("context", true).
pub(super) fn tag_at(line: &str) -> Option<(&str, bool)> {
    let t = line.trim_start().strip_prefix('<')?;
    let (t, closing) = t.strip_prefix('/').map_or((t, false), |t| (t, true));
    let end = t
        .find(|c: char| !(c.is_ascii_alphabetic() || c == '_' || c == '-'))
        .unwrap_or(t.len());
    (end > 0).then(|| (&t[..end], closing))
}

/// Whether `text` opens with a source label ([`SOURCE_LABELS`], [`line_label`]): "Context: …".
pub(super) fn opens_with_source_label(text: &str) -> bool {
    line_label(text).is_some_and(|l| SOURCE_LABELS.contains(&l.as_str()))
}

/// Whether the sentence `sent` of `n_tokens` tokens is a bare label: at most three words before
/// a colon that ends it ("Answer:", "Helpful Answer:"), unless a question label opens it and
/// words follow that label ("Question: Summarize:" asks for a summary).
pub(super) fn is_bare_label(sent: &str, n_tokens: usize) -> bool {
    let labels_a_request = line_label(sent).is_some_and(|l| QUESTION_LABELS.contains(&l.as_str()))
        && sent
            .split_once(':')
            .is_some_and(|(_, rest)| rest.contains(char::is_alphanumeric));
    sent.trim_end().ends_with(':') && n_tokens <= 3 && !labels_a_request
}

/// `e`, the end of a sentence span of `text`, moved past the full stop, "!" or ";" that closes
/// the sentence when the span leaves it out: the punctuation belongs to a passage that ends
/// there.
pub(super) fn with_closing_punctuation(text: &str, e: usize) -> usize {
    e + text[e..]
        .chars()
        .next()
        .filter(|c| ".!;".contains(*c))
        .map_or(0, char::len_utf8)
}

/// Nouns by which a request points at a passage it comes with ("the passage below", "this
/// article"), lower case.
pub(super) const PASSAGE_NOUNS: &[&str] = &[
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
pub(super) const PASSAGE_DEICTICS: &[&str] = &["above", "below", "following", "given"];

/// Whether token `i` of `toks` (byte offsets in `text`) is a deictic word of
/// [`PASSAGE_DEICTICS`] used as one, pointing at a passage: it ends its clause (only
/// punctuation, a line break or the end of `text` follows: "Context information is below.",
/// "Based on the above, …", "the following:") or a noun of [`PASSAGE_NOUNS`] comes next ("the
/// following text"). Before any other word it has its everyday sense and points at nothing:
/// "5,895 metres above sea level", "below zero", "the following year".
pub(super) fn points_at_passage(text: &str, toks: &[Token<'_>], i: usize) -> bool {
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
pub(super) enum Reference {
    None,
    Deictic,
    Noun,
}

/// Whether `request` (a prompt without its passage) asks for what a passage can settle: its
/// first or last sentence of two words or more (the words that frame the passage, not a bare
/// label such as "Helpful Answer:" nor a speaker's line "A: …" quoted in it) is a
/// question (it ends with `?`, opens with a wh-word, with "answer", or carries a "Question:"
/// label) or asks for a summary (it opens with "summarize" or "summarise"), or any of its
/// sentences opens with a question label with words anywhere after it ([`label_at`]: "User
/// question: …", "### Question\nTell me …"); if so, how it points
/// at the passage. A request to transform or continue its input ("Convert this paragraph into a
/// poem", "Name an example of the concept in the document", "How to use the following text to
/// …", which asks for a procedure) asks for new text, not for facts the input states: None.
pub(super) fn asks_from_passage(request: &str) -> Option<Reference> {
    // Sentences of two words or more: a bare label ("Context:", "Answer:") frames nothing, nor
    // does a speaker's line ("A: What do we do next?").
    let sentences = sentence_spans(request);
    let spans: Vec<(usize, usize)> = sentences
        .iter()
        .copied()
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
            is_interrogative(w) || matches!(w, "answer" | "summarize" | "summarise")
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
    // A question labelled as one anywhere in the request asks, when words follow its label
    // (in its sentence or later ones)
    // ("…\n\nUser question: How heavy is the X2? I need to carry it on a hike.": neither
    // framing sentence asks; "### Question\nTell me about the reef.", a heading).
    let labelled_question = sentences.iter().any(|&(s, e)| {
        label_at(&request[s..e]).is_some_and(|(l, body)| {
            QUESTION_LABELS.contains(&l.as_str())
                && request[s + body..].contains(char::is_alphanumeric)
        })
    });
    (asks || labelled_question).then(|| {
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
/// 40 characters and state facts ([`context_role`] reads it as a source). In a conversation
/// transcript (its turns are the request) only a labelled passage or one after its last blank
/// line ([`knowledge_after_transcript`]) is found.
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
        return knowledge_after_transcript(prompt);
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
    let label = label_at(&prompt[s..e]).filter(|(l, _)| SOURCE_LABELS.contains(&l.as_str()));
    let labelled = label.is_some();
    if let Some((_, body)) = label {
        s += body;
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

/// The byte span of an unlabelled passage after a conversation transcript (a client that sends
/// the conversation and then the knowledge it retrieved, "[Human]: … [Assistant]: …\n\n<the
/// knowledge>"): the text after the transcript's last blank line (empty or of spaces only), or
/// after the line of its last turn when that turn is the user's ("…\nUser: When was it
/// recorded?\n<the knowledge>", also with an empty "Assistant:" turn after it, left for the
/// reply; then its first line may open with no label but of sources: "Agent: …" is a
/// speaker's turn), when no line of it opens with a speaker turn ([`SPEAKER_TURNS`]) and it is
/// a passage ([`is_passage`]: at least 40 characters that state facts). None otherwise. (Facts
/// a user pasted into a turn on lines of their own are sources the reply is checked against
/// too.)
pub(super) fn knowledge_after_transcript(text: &str) -> Option<(usize, usize)> {
    let end = text.trim_end().len();
    // After the last blank line ("\n\n", "\r\n\r\n", or a line of spaces), or after the
    // line of the last turn when that turn is the user's.
    let mut at = 0;
    let mut blank = None;
    let mut asked = None;
    for line in text[..end].split_inclusive('\n') {
        at += line.len();
        if line.trim().is_empty() && at > line.len() {
            blank = Some(at);
        }
        if opens_with_speaker_turn(line) {
            // An empty turn left for the reply ("…? [Assistant]:", or "Assistant:" on a line
            // of its own after the question) keeps the question before it.
            let lower = line.trim_end().to_ascii_lowercase();
            let slot = ["[assistant]:", "assistant:"]
                .iter()
                .find_map(|m| lower.strip_suffix(m))
                .map(str::trim_end);
            let said = slot.unwrap_or(&lower);
            asked = if said.is_empty() {
                asked.filter(|&a| a == at - line.len()).map(|_| at)
            } else {
                // (The line's last turn: "[Human]: …? [Assistant]: Which one?" ends the
                // assistant's.)
                let assistant = SPEAKER_TURNS
                    .iter()
                    .filter_map(|m| said.rfind(m).map(|p| (p, m)))
                    .max()
                    .is_some_and(|(_, m)| m.contains("assistant"));
                (!assistant).then_some(at)
            };
        }
    }
    let cut = blank.max(asked)?;
    let block = &text[cut..end];
    // Without a blank line, a first line labelled otherwise than as sources is the reply of a
    // speaker this transcript's markers do not know ("Agent: No, shipping is free."), not
    // knowledge.
    let unknown_speaker = || {
        let first = block.trim_start().lines().next().unwrap_or("");
        line_label(first).is_some_and(|l| !SOURCE_LABELS.contains(&l.as_str()))
            || names_a_role(first)
    };
    (!block.lines().any(opens_with_speaker_turn)
        && (blank >= asked || !unknown_speaker())
        && is_passage(block))
    .then(|| trimmed_span(text, (cut, end)))
}

/// Nouns that name a conversation a request can point at, lower case
/// ([`works_from_conversation`]).
const CONVERSATION_NOUNS: &[&str] = &[
    "chat",
    "conversation",
    "transcript",
    "dialogue",
    "dialog",
    "exchange",
    "thread",
    "discussion",
    "messages",
    "chatlog",
];

/// Words that make a conversation noun after them one at hand ("the chat", "this support
/// conversation", "the exchange above"), lower case ([`works_from_conversation`]).
const AT_HAND: &[&str] = &[
    "the",
    "this",
    "that",
    "above",
    "below",
    "following",
    "preceding",
    "earlier",
    "our",
    "my",
    "your",
];

/// Whether `request` asks from a conversation at hand, as from sources: it names one (a
/// conversation noun, [`CONVERSATION_NOUNS`], with "the", "this", "above" … among the three
/// words before it, [`AT_HAND`]: "Based on the chat", "this support conversation") and works
/// from it, by a clause that names what it works from ([`FRAMING_OPENERS`] before the noun:
/// "Based on the chat, explain …", "Using this transcript, …"), by asking for a summary
/// ([`asks_for_summary`]: "Summarize the conversation above.") or by asking a question of it
/// ([`asks_a_question`]: "What did the agent promise in the chat?"). "Continue this
/// conversation as the agent." asks for a reply, which may bring facts the conversation has
/// not named (DESIGN §2.0); "Can I chat with someone?" names no conversation at hand.
pub fn works_from_conversation(request: &str) -> bool {
    let toks = tokens(request);
    let words: Vec<Cow<'_, str>> = toks.iter().map(|t| lower_cow(t.raw)).collect();
    let named = (0..words.len()).find(|&i| {
        CONVERSATION_NOUNS.contains(&words[i].as_ref())
            && words[i.saturating_sub(3)..i]
                .iter()
                .any(|w| AT_HAND.contains(&w.as_ref()))
    });
    named.is_some_and(|n| {
        words[..n]
            .iter()
            .any(|w| FRAMING_OPENERS.contains(&w.as_ref()))
            || asks_for_summary(request)
            || asks_a_question(request)
    })
}

/// The byte span, trimmed, of a conversation transcript that the request asks from as from
/// sources (DESIGN §2.0): the context holds a transcript (from its first line that opens with
/// a speaker turn, [`SPEAKER_TURNS`], to its end), and the sent `prompt`, the lines of the
/// context before the transcript, or a last line of the context that opens with no speaker
/// turn and asks ([`is_message_line`]) work from it ([`works_from_conversation`]: "Based on
/// the chat, explain to the customer what happens next.", "Summarize the conversation above.").
/// That last line is left out of the span; lines before the transcript must all ask. None
/// otherwise: a transcript alone is the request a reply continues, and knowledge after it is
/// found by [`knowledge_after_transcript`].
pub fn conversation_sources(prompt: &str, context: &str) -> Option<(usize, usize)> {
    let mut lines = lines_at(context);
    lines.retain(|(_, l)| !l.trim().is_empty());
    let first_turn = lines.iter().position(|(_, l)| opens_with_speaker_turn(l))?;
    let lead = &lines[..first_turn];
    if !lead.iter().all(|(_, l)| is_message_line(l)) {
        return None;
    }
    let (last_at, last) = *lines.last()?;
    let trailing = lines.len() > first_turn + 1
        && !opens_with_speaker_turn(last)
        && is_message_line(last)
        && works_from_conversation(last);
    let end = if trailing { last_at } else { context.len() };
    let asked = trailing
        || works_from_conversation(prompt)
        || lead.iter().any(|(_, l)| works_from_conversation(l));
    asked.then(|| trimmed_span(context, (lines[first_turn].0, end)))
}

/// Nouns of the roles that speak in a support or service conversation, lower case
/// ([`names_a_role`]): "Support Agent:", "Sales Rep:", "Customer Service Advisor:".
const ROLE_NOUNS: &[&str] = &[
    "agent",
    "assistant",
    "bot",
    "rep",
    "representative",
    "advisor",
    "adviser",
    "operator",
    "staff",
    "customer",
    "client",
    "user",
    "human",
    "guest",
    "host",
    "moderator",
    "specialist",
    "associate",
    "doctor",
    "nurse",
    "patient",
    "pharmacist",
    "tutor",
    "student",
    "caller",
];

/// Whether `line` opens with a speaker's name of two or three capitalised words whose last
/// names a role ([`ROLE_NOUNS`]) and a colon with text after it: "Support Agent: No, shipping
/// is free." is a turn of a speaker whose marker [`SPEAKER_TURNS`] does not list (a one-word
/// "Agent:" is a label, [`line_label`]); "Refund Policy: Items can be returned …" is a
/// document's line.
fn names_a_role(line: &str) -> bool {
    let Some((head, rest)) = line.trim_start().split_once(':') else {
        return false;
    };
    let words: Vec<&str> = head.split(' ').collect();
    (2..=3).contains(&words.len())
        && words.iter().all(|w| {
            w.starts_with(|c: char| c.is_uppercase()) && w.chars().all(char::is_alphabetic)
        })
        && words
            .last()
            .is_some_and(|w| ROLE_NOUNS.contains(&w.to_lowercase().as_str()))
        && !rest.trim().is_empty()
}

/// The byte span `s..e` of `text` without the whitespace at its ends.
fn trimmed_span(text: &str, (s, e): (usize, usize)) -> (usize, usize) {
    let part = &text[s..e];
    let lead = part.len() - part.trim_start().len();
    (s + lead, s + part.trim_end().len())
}

/// Whether the statement `text[s..e]` speaks of the passage it stands next to rather than
/// stating facts: a bare label ("Helpful Answer:", at most three words before a colon that ends
/// it); or, without a source label of its own ("Passage: The …"), a sentence that names the
/// passage ([`PASSAGE_NOUNS`], [`points_at_passage`]: "Context information is below.", not
/// "… metres above sea level.") or
/// tells the reader how to answer ("If you don't know the answer, just say that you don't
/// know."). Only the edges of a run of statements are tested: a fact that mentions "the text"
/// inside the passage stays in it.
pub(super) fn frames_passage(text: &str, (s, e): (usize, usize)) -> bool {
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
pub(super) fn passage_at(
    text: &str,
    (s, e): (usize, usize),
    needs: &dyn Fn(Reference) -> bool,
) -> Option<(usize, usize)> {
    let passage = text[s..e].trim();
    let request = format!("{}\n{}", &text[..s], &text[e..]);
    let converses = request.lines().any(opens_with_speaker_turn);
    (is_passage(passage) && (converses || asks_from_passage(&request).is_some_and(needs)))
        .then(|| trimmed_span(text, (s, e)))
}

/// The byte span of the first labelled passage of `text`, untrimmed: the text after a line that
/// opens with a source label ([`SOURCE_LABELS`], [`label_at`]) up to the first later line that
/// opens with a request label ([`REQUEST_LABELS`]; a heading of a request that does not ask,
/// "## Summary", only when nothing follows it: before more text it heads a section of the
/// document), a speaker turn ([`SPEAKER_TURNS`]) or is a question or instruction of its own —
/// unless an answer follows that question (a frequently-asked-questions entry, "Q: Can I
/// return it?\nA: Yes, …", is the sources' own: [`answered_faq`]) — or the end; None without a
/// source label. A passage opened by an XML-style tag ends at its closing tag instead
/// ([`closing_tag_in`]: "</context>", on the same line or a later one; tags of documents inside
/// it stay in it), unless another tag of sources follows it after blank lines only (sibling
/// "<document>"s are one passage); a tag never closed ends as a label does.
pub(super) fn labelled_span(text: &str) -> Option<(usize, usize)> {
    let lines = lines_at(text);
    let sources = |label: &Option<(String, usize)>| {
        label
            .as_ref()
            .is_some_and(|(l, _)| SOURCE_LABELS.contains(&l.as_str()))
    };
    // Where the closing tag of the tag that opened the passage ("<documents>") is: the
    // passage's end, unless a sibling tag of sources follows it.
    let mut start = None;
    let mut closing: Option<usize> = None;
    for (i, &(at, line)) in lines.iter().enumerate() {
        let label = label_at(line);
        let Some(s) = start else {
            if let (true, Some((_, body))) = (sources(&label), &label) {
                start = Some(at + body);
                closing = tag_close(text, at, line, *body);
            }
            continue;
        };
        if let Some(end) = closing {
            // Still inside the tag (its closing tag is on this line or a later one).
            if end >= at {
                continue;
            }
            if line.trim().is_empty() {
                continue;
            }
            let sibling = tag_at(line).is_some_and(|(_, closing)| !closing) && sources(&label);
            let Some((_, body)) = label.filter(|_| sibling) else {
                return Some((s, end));
            };
            closing = tag_close(text, at, line, body);
            continue;
        }
        let requested = label.as_ref().is_some_and(|(l, _)| {
            REQUEST_LABELS.contains(&l.as_str())
                && (ASKING_LABELS.contains(&l.as_str())
                    || !line.trim_start().starts_with('#')
                    || lines[i + 1..].iter().all(|(_, l)| l.trim().is_empty()))
        });
        let ends =
            opens_with_speaker_turn(line) || requested || context_role(line) == ContextRole::Prompt;
        if ends && !answered_faq(&lines[i..]) {
            return Some((s, at));
        }
    }
    start.map(|s| (s, closing.unwrap_or(text.len())))
}

/// Where (byte offset in `text`) the closing tag is of the XML-style tag `line` opens (at byte
/// `at` of `text`; the labelled text from byte `body` of the line): on this line
/// ("<context>…</context>") or a later one. None when the line opens no tag or the tag never
/// closes (the passage then ends as after a label).
fn tag_close(text: &str, at: usize, line: &str, body: usize) -> Option<usize> {
    let (name, _) = tag_at(line)?;
    closing_tag_in(&text[at + body..], name).map(|c| at + body + c)
}

/// Whether the first of `lines` (each with its byte offset) is a question answered in place,
/// as in a list of frequently asked questions: it ends with `?` and the next non-blank line
/// is labelled as an answer with words after the label ("A: Yes, within 30 days.") or, unless
/// the question is labelled ("Question:", "Q:", "Query:": [`ASKING_LABELS`],
/// [`QUESTION_LABELS`]), states something without a label. A speaker's turn ("User: …?") is
/// no such entry. A template's "Question: …?\nAnswer:" (or "Helpful Answer:") or
/// a question followed by another request or label is no such entry.
fn answered_faq(lines: &[(usize, &str)]) -> bool {
    let Some(((_, question), rest)) = lines.split_first() else {
        return false;
    };
    let Some((_, next)) = rest.iter().find(|(_, l)| !l.trim().is_empty()) else {
        return false;
    };
    // A question labelled "Question:" or "Query:" with a plain line after it is the user's,
    // with a note of their own ("Question: How heavy is it?\nI need to carry it.").
    let asks = label_at(question).is_some_and(|(l, _)| {
        ASKING_LABELS.contains(&l.as_str()) || QUESTION_LABELS.contains(&l.as_str())
    });
    // A speaker's turn is the request, whatever follows it.
    question.trim_end().ends_with('?')
        && !opens_with_speaker_turn(question)
        && match label_at(next) {
            Some(_) => labels_an_answer(next),
            // (A bare label such as LangChain's "Helpful Answer:" states nothing.)
            None => {
                let next = next.trim();
                !asks
                    && context_role(next) == ContextRole::Source
                    && !opens_with_speaker_turn(next)
                    && !is_bare_label(next, tokens(next).len())
            }
        }
}

/// Whether the first non-blank line after byte `at` of `text` is labelled as an answer with
/// words after the label ("A: Yes, within 30 days.", "Answer: Only assistance dogs …"): what
/// ends at `at` is a question the sources answer in place, an entry of a list of frequently
/// asked questions ([`answered_faq`]), not the user's question.
fn answered_below(text: &str, at: usize) -> bool {
    let rest = &text[at..];
    // The rest of the line `at` ends in, then the next non-blank line.
    let after_line = rest.find('\n').map_or("", |n| &rest[n + 1..]);
    after_line
        .lines()
        .find(|l| !l.trim().is_empty())
        .is_some_and(labels_an_answer)
}

/// Whether `line` is labelled as an answer ("A:", "Answer:") with words after the label: an
/// answer given in place, not a template's empty "Answer:" slot.
fn labels_an_answer(line: &str) -> bool {
    label_at(line).is_some_and(|(label, body)| {
        matches!(label.as_str(), "a" | "answer") && line[body..].contains(char::is_alphanumeric)
    })
}

/// Whether sentence `c[s..e]` asks as a question or instruction around a passage does: it is a
/// request ([`is_request`]) whose first word (after a speaker tag) is a wh-word, an imperative
/// or an auxiliary that opens a yes/no question ("Is …?"), or one that asks for a summary
/// ([`asks_for_summary`]: "TL;DR?", "In brief?"). A statement that ends with a title ("Reg E.
/// Cathey starred in What About Bob?") ends with `?` but asks nothing.
pub(super) fn opens_as_request(c: &str, s: usize, e: usize) -> bool {
    let first = first_word(&c[s..e]);
    is_request(c, s, e)
        && (first.is_some_and(|w| {
            let w = w.as_ref();
            is_interrogative(w) || IMPERATIVES.contains(&w) || POLAR_OPENERS.contains(&w)
        }) || asks_for_summary(&c[s..e]))
}

/// What asks for a summary wherever it stands in a request, lower case ("summarize",
/// "summary", "TL;DR?", "the key points", "in brief").
pub(super) const SUMMARY_CUES: &[&str] = &["summar", "tl;dr", "tldr", "key points", "in brief"];

/// Whether `request` asks for a summary: it holds one of [`SUMMARY_CUES`], ASCII case ignored. A
/// request framed so ("Summarize this article.", "TL;DR?") is answered from the passage it
/// comes with, as a summary ([`crate::features::TaskKind::detect`]).
pub(crate) fn asks_for_summary(request: &str) -> bool {
    // Compared without lower-casing (the cues are ASCII), in one pass: a prompt may be long.
    static CUES: AnyPhrase = AnyPhrase::of(SUMMARY_CUES);
    CUES.occurs_in(request)
}

/// The byte span of the passage of a source `context` sent without a prompt, when the context
/// also carries the request (DESIGN §2.0: a contract-only client sends "passage … question?"):
/// a labelled passage as in [`prompt_passage`] ("Question: …\nContext: …"); else the sentences
/// between the questions or instructions that open and close the context
/// ([`opens_as_request`]) and the template's words about the passage around them
/// ([`frames_passage`]: "Use the following pieces of context to answer …"), up to a speaker
/// turn after them (the conversation a reply continues). When the context's last or first line
/// is the user's message ([`passage_beside_message`]: "I need to make this for 6 people. Can
/// you scale the ingredients? Just the quantities, please."), that whole line is left out too,
/// not only its question: the statements about the asker around it are no sources. None when
/// nothing but passage is there (no question among the edges nor a message line), or nothing
/// but request.
pub fn context_passage(context: &str) -> Option<(usize, usize)> {
    match (
        passage_between_requests(context),
        passage_beside_message(context),
    ) {
        (Some((s, e)), Some((ms, me))) => {
            let (a, b) = (s.max(ms), e.min(me));
            let passage = context.get(a..b).unwrap_or("");
            Some(if is_passage(passage) { (a, b) } else { (s, e) })
        }
        (by_sentences, by_line) => by_sentences.or(by_line),
    }
}

/// Whether `text` (trimmed) can be a passage of sources: at least
/// [`MIN_PROMPT_PASSAGE_CHARS`] characters that state facts ([`context_role`] reads it as a
/// source).
fn is_passage(text: &str) -> bool {
    let text = text.trim();
    text.chars().count() >= MIN_PROMPT_PASSAGE_CHARS && context_role(text) == ContextRole::Source
}

/// The passage of [`context_passage`] read by sentences: a labelled one, or the sentences
/// between the requests and framing words at the context's edges.
fn passage_between_requests(context: &str) -> Option<(usize, usize)> {
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
    // (A question answered on the next line, "Question: Is there parking?\nAnswer: Yes, …",
    // is an entry of the sources' list of frequently asked questions, not the user's.)
    let asks =
        |&(s, e): &(usize, usize)| opens_as_request(context, s, e) && !answered_below(context, e);
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

/// The passage of a source `context` whose last or first line is the user's message rather
/// than part of the sources (DESIGN §2.0: a contract-only client appends or prepends what the
/// user typed to the retrieved passage): a line that asks ([`is_message_line`]) or is typed as
/// a search query ([`typed_query`]: "average salary of a physical therapist in ohio"), often among
/// statements about the asker ("Our tenancy ended on Friday 28 June and we handed the keys
/// back that day. By when does the landlord have to tell us …?"), which the sentence edges of
/// [`passage_between_requests`] miss. When both lines ask, the first is the message if only
/// it speaks in the first person ([`first_person`]), else the last. The rest
/// must be a passage ([`is_passage`]). Returns the passage's byte span, trimmed; None
/// otherwise.
fn passage_beside_message(context: &str) -> Option<(usize, usize)> {
    let start = context.len() - context.trim_start().len();
    let end = context.trim_end().len();
    if start >= end {
        return None;
    }
    let body = &context[start..end];
    let last = body
        .rfind('\n')
        .map(|n| (start + n + 1, end, (start, start + n)));
    let first = body
        .find('\n')
        .map(|n| (start, start + n, (start + n + 1, end)));
    let asks = |&(ls, le, rest): &(usize, usize, (usize, usize))| {
        (is_message_line(&context[ls..le]) && !answered_below(context, le))
            || typed_query(&context[ls..le], &context[rest.0..rest.1])
    };
    let message = match (last.filter(asks), first.filter(asks)) {
        // Both edges ask (the sources may end with a question of their own, "Missed
        // collection? Report it online …", or open with one as a title): the first line when
        // only it speaks in the first person, else the last (where a client that appends the
        // question puts it).
        (Some(l), Some(f)) => {
            let speaks =
                |&(ls, le, _): &(usize, usize, (usize, usize))| first_person(&context[ls..le]);
            if speaks(&f) && !speaks(&l) {
                Some(f)
            } else {
                Some(l)
            }
        }
        (l, f) => l.or(f),
    };
    message.and_then(|(_, _, span)| {
        is_passage(&context[span.0..span.1]).then(|| trimmed_span(context, span))
    })
}

/// Whether `text` speaks in the first person: it holds "I", "me", "my", "we", "our" or "us" as
/// a word (any case; "I'm", "we'd" too), except "US" in capitals (the country) and "I" right
/// after a capitalised word inside a sentence, a space between them (a regnal or ordinal
/// numeral: "World War I", "Elizabeth I"; "Can I …" opens its sentence and speaks, "Dear
/// John, I …" has a comma between, and a month or a weekday is no name a numeral follows:
/// "In March I moved").
fn first_person(text: &str) -> bool {
    let toks = tokens(text);
    toks.iter().enumerate().any(|(i, t)| {
        let w = lower_cow(t.raw);
        let w = w
            .split_once(['\'', '’'])
            .map_or(w.as_ref(), |(stem, _)| stem);
        let numeral = t.raw == "I"
            && i >= 2
            && toks[i - 1].raw.starts_with(char::is_uppercase)
            && text[toks[i - 1].start + toks[i - 1].raw.len()..t.start]
                .chars()
                .all(|c| c == ' ')
            && !text[toks[i - 2].start + toks[i - 2].raw.len()..toks[i - 1].start]
                .contains(['.', '?', '!', ':', '\n'])
            && month_at(&toks, i - 1).is_none()
            && !names_weekday(&toks[i - 1]);
        match w {
            "i" => !numeral,
            "us" => t.raw != "US",
            _ => matches!(w, "me" | "my" | "we" | "our"),
        }
    })
}

/// Whether `line` reads as a user's message that asks something ([`passage_beside_message`]):
/// at most [`MAX_PROMPT_LIKE_CHARS`] characters, not a speaker turn, not labelled as anything
/// but a request ("Question: …" is one; "A: …", "Note: …" are not), no later sentence
/// labelled as an answer (a frequently-asked-questions line "Q: Can I return it? A: Yes, …" is
/// the sources' own), and one of its sentences is a question or an instruction
/// ([`is_request`]).
fn is_message_line(line: &str) -> bool {
    let line = line.trim();
    if line.is_empty()
        || line.chars().count() > MAX_PROMPT_LIKE_CHARS
        || opens_with_speaker_turn(line)
        || line_label(line).is_some_and(|l| !REQUEST_LABELS.contains(&l.as_str()))
    {
        return false;
    }
    let spans = sentence_spans(line);
    let answered = spans
        .iter()
        .skip(1)
        .any(|&(s, _)| matches!(line_label(&line[s..]).as_deref(), Some("a" | "answer")));
    // (A summary cue in a title is none: "Policy Schedule Summary"; "TL;DR" alone on its line
    // asks for one whatever its capitals.)
    let bare_tldr = || {
        let cue = line.trim_end_matches(['?', ':', '!', '.']).trim();
        cue.eq_ignore_ascii_case("tl;dr") || cue.eq_ignore_ascii_case("tldr")
    };
    !answered
        && (spans.iter().any(|&(s, e)| is_request(line, s, e))
            || (asks_for_summary(line) && (!title_like(line) || bare_tldr())))
}

/// Whether `line`, an edge line of a context whose other lines are `rest`, is written as a
/// user types into a search box or a chat, unlike the document beside it: three to twelve
/// words that open with a letter, no capital letter, no colon and no closing punctuation
/// ("minimum wage in washington state 2023", "dvd returned 4 days late, what's the fine"),
/// while no line of `rest` is so written (words in lower case without closing punctuation: an
/// ingredient list's "salt and pepper to taste" stands among "2 cups flour"; a table's rule
/// "|---|---|" has no words). A search
/// engine's query is the question of the passages retrieved for it (the MS MARCO queries,
/// Nguyen et al. 2016, are so written).
fn typed_query(line: &str, rest: &str) -> bool {
    let plain = |l: &str| {
        let l = l.trim();
        l.chars().any(char::is_alphabetic)
            && !l.chars().any(|c| c.is_uppercase() || c == ':')
            && !l.ends_with(['.', '!', '?', ';', ',', ')', '"', '\''])
    };
    let line = line.trim();
    (3..=12).contains(&line.split_whitespace().count())
        && line.starts_with(char::is_alphabetic)
        && plain(line)
        && !rest.lines().any(plain)
}

/// Whether `line` reads as a heading: no full stop, question or exclamation mark at its end
/// and at least half of its words capitalised ("PawSure Pet Insurance – Policy Schedule
/// Summary").
fn title_like(line: &str) -> bool {
    let toks = tokens(line);
    let capitalised = toks
        .iter()
        .filter(|t| t.raw.chars().next().is_some_and(char::is_uppercase))
        .count();
    !line.trim_end().ends_with(['.', '?', '!']) && 2 * capitalised >= toks.len()
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn wh_words_contracted_or_without_apostrophe_are_interrogatives() {
        for w in [
            "what", "what's", "what’s", "whats", "who'd", "where're", "hows", "whose",
        ] {
            assert!(is_interrogative(w), "{w}");
        }
        for w in ["whatever", "showing", "wheat", "is", "s"] {
            assert!(!is_interrogative(w), "{w}");
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
            // Typed as a search query or a hurried chat line.
            format!("{passage}\neiffel tower completion year"),
            format!("{passage}\nvisiting in may, when was it completed"),
            format!("eiffel tower height and year\n{passage}"),
        ] {
            assert_eq!(found(&c), Some(passage), "{c}");
        }
        // Not a line written as the document's others are: an ingredient list's last item.
        let recipe = "Lemon cake. Beat the butter and sugar, then fold in the flour.\n\
                      2 cups flour\n1 cup sugar\nzest of two lemons";
        assert_eq!(found(recipe), None);
        // "above", "below", "following", "given" in their everyday sense do not frame the
        // passage: the sentences that use them stay in it; used as deictics, they frame it.
        let kili =
            "Mount Kilimanjaro is a volcano in Tanzania. It stands about 5,895 metres above sea level.";
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
        // A user's message on a line of its own after or before the passage: statements about
        // the asker around its question, which the sentence edges miss.
        for c in [
            format!("{passage}\nWe visit in May. Is it open then? There are four of us."),
            format!("{passage}\n\nI need to tell my class. In what year was it completed?"),
            format!("We visit in May, my son loves towers. When was it finished?\n{passage}"),
            // Wh-words as users type them, or after a clause: still questions, though they end
            // with a capitalised word; and a request for a summary.
            format!("{passage}\nWhat's the height of the Eiffel Tower?"),
            format!("{passage}\nIf we go in May, whats the best time to visit the Eiffel Tower?"),
            format!("{passage}\ncan u summarise this in a couple of sentences"),
        ] {
            assert_eq!(found(&c), Some(passage), "{c}");
        }
        // A last line of the sources that only states, or a frequently-asked question answered
        // on its own line, is no message; nor is a title that names a summary: no split.
        for c in [
            format!("{passage}\nIt is 330 metres tall. Millions visit it every year."),
            format!("{passage}\nQ: Can I climb it? A: Yes, the stairs go to the second floor."),
            format!("Eiffel Tower Visitor Summary\n{passage}"),
        ] {
            assert_eq!(found(&c), None, "{c}");
        }
        let c = format!("We visit in May. Is it open then?\n{passage}\nTickets? Buy them online.");
        let message_first = &c[c.find('\n').unwrap() + 1..];
        assert_eq!(found(&c), Some(message_first), "{c}");
        // When both edges ask and the first does not speak in the first person, the last line
        // is the message.
        let c =
            format!("It opens daily. Is it open?\n{passage}\nWhen was it built, and is it tall?");
        let message_last = &c[..c.rfind('\n').unwrap()];
        assert_eq!(found(&c), Some(message_last), "{c}");
    }

    #[test]
    fn prompt_passage_finds_the_sources_a_prompt_holds() {
        let passage = "The Eiffel Tower is a wrought-iron lattice tower in Paris. It was completed in 1889 and is 330 metres tall.";
        fn found(p: &str) -> Option<&str> {
            prompt_passage(p).map(|(s, e)| &p[s..e])
        }
        // Labelled, on lines of their own, up to the question's label.
        let p = format!(
            "Answer from the context.\nContext: {passage}\nQuestion: When was it completed?\nAnswer:"
        );
        assert_eq!(found(&p), Some(passage));
        // Numbered documents run on to the request label; to the end without one.
        let p = format!(
            "Document 1: {passage}\nDocument 2: It is in the 7th arrondissement.\nQ: How tall is it?"
        );
        assert_eq!(
            found(&p),
            Some(&p[p.find("The").unwrap()..p.find("\nQ:").unwrap()])
        );
        let p = format!("Knowledge:\n{passage}\nWhen was it completed?");
        assert_eq!(found(&p), Some(passage));
        // A dialogue after the knowledge ends it.
        let p = format!("Knowledge: {passage}\n[Human]: How tall is it? [Assistant]:");
        assert_eq!(found(&p), Some(passage));
        // Chat prompts' forms: XML-style tags, markdown headings, bold labels, labels of two
        // words (a question among statements after its label asks).
        for p in [
            format!("<context>\n{passage}\n</context>\n\n<question>\nTell me about it.\n</question>"),
            format!("### Context\n{passage}\n\n### Question\nTell me about it."),
            format!("**Context:**\n{passage}\n\n**Question:** Tell me about it."),
            format!("You are a helpful assistant. Answer from the documents below.\n\nRetrieved documents:\n{passage}\n\nUser question: How tall is it? I need it for a quiz."),
        ] {
            assert_eq!(found(&p).map(str::trim), Some(passage), "{p}");
        }
        // Documents inside a tag of documents: all of them, with their own tags.
        let p = format!("<documents>\n<document index=\"1\">\n{passage}\n</document>\n<document index=\"2\">\nIt is in Paris.\n</document>\n</documents>\nWhen was it completed?");
        let inner = &p[p.find("<document ").unwrap()..p.find("</documents>").unwrap()];
        assert_eq!(found(&p).map(str::trim), Some(inner.trim()), "{p}");
        assert_eq!(label_at("Booking reference: LH-30917"), None);
        assert_eq!(label_at("* Price: £5").map(|(l, _)| l), None);
        assert_eq!(label_at("<div>"), None);
        assert_eq!(
            label_at("<user_question>Why?"),
            Some(("question".into(), 15))
        );
        // Knowledge after a conversation and a blank line; not a turn after one.
        let p = format!(
            "[Human]: I am in Paris. [Assistant]: Lovely! [Human]: How tall is it?\n\n{passage}\n"
        );
        assert_eq!(found(&p), Some(passage));
        let p = format!("[Human]: How tall is it?\n\n[Assistant]: {passage}");
        assert_eq!(found(&p), None);
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
    fn tags_labels_and_answered_questions_bound_a_labelled_passage() {
        let a =
            "The Eiffel Tower is a wrought-iron lattice tower in Paris. It was completed in 1889.";
        let b = "The tower was designed by the engineering company of Gustave Eiffel.";
        fn found(p: &str) -> Option<&str> {
            prompt_passage(p).map(|(s, e)| &p[s..e])
        }
        // Sibling documents, each in its own tag, are one passage; a tag opened and closed on
        // one line ends there.
        let p = format!("<document index=\"1\">\n{a}\n</document>\n\n<document index=\"2\">\n{b}\n</document>\nWho designed the tower?");
        let both = &p[p.find("The Eiffel").unwrap()..p.rfind("\n</document>").unwrap()];
        assert_eq!(found(&p), Some(both), "{p}");
        let p = format!("<context>{a}</context>\nQuestion: When was it completed?");
        assert_eq!(found(&p), Some(a), "{p}");
        // A tag's text ends at its closing tag, not at a question inside it.
        let p = format!(
            "<context>\n{a}\nQ: Can I climb it?\n</context>\nQuestion: When was it completed?"
        );
        assert_eq!(
            found(&p),
            Some(&p[10..p.find("\n</context>").unwrap()]),
            "{p}"
        );
        // A document's own "Executive summary:" and "## Summary" before more text stay in it;
        // "Final answer:" and "Note*:" are no labels, "Question\u{a0}:" is one.
        let p = format!(
            "Context:\nExecutive summary: {a}\n## Summary\n{b}\nQuestion: Who designed it?"
        );
        assert_eq!(found(&p), Some(&p[9..p.find("\nQuestion").unwrap()]), "{p}");
        // A heading of the summary asked for, with nothing after it, ends the article.
        let p = format!("### Article\n{a}\n\n### Summary\n");
        let span = labelled_span(&p).map(|(s, e)| p[s..e].trim());
        assert_eq!(span, Some(a), "{p}");
        assert_eq!(label_at("Final answer: 42"), None);
        assert_eq!(label_at("Note*: prices change"), None);
        assert_eq!(label_at("Top 10 documents:"), None);
        assert_eq!(
            label_at("**Context**: x").map(|(l, _)| l),
            Some("context".into())
        );
        assert_eq!(
            label_at("Question\u{a0}: Who?"),
            Some(("question".into(), "Question\u{a0}:".len()))
        );
        // An answered question inside the passage (a list of frequently asked questions) is
        // the sources' own; a template's "Question: …?\nAnswer:" ends it.
        let p = format!("Context:\n{a}\nQ: Can I climb it?\nA: Yes, the stairs go to the second floor.\n{b}\nQuestion: Can visitors climb it?");
        assert_eq!(found(&p), Some(&p[9..p.find("\nQuestion").unwrap()]), "{p}");
        // A user's turn or labelled question with a note after it is the request.
        for q in [
            "User: How tall is it?\nI need it for a school project.",
            "Q: How tall is it?\nThanks in advance.",
        ] {
            let p = format!("Context:\n{a}\n{q}");
            assert_eq!(found(&p), Some(a), "{p}");
        }
        for answer in ["Answer:", "Helpful Answer:"] {
            let p = format!("Context:\n{a}\nQuestion: When was it completed?\n{answer}");
            assert_eq!(found(&p), Some(a), "{p}");
        }
        // Knowledge after a transcript's last blank line, written with CRLF or a line of spaces,
        // or on the line after the user's question; not after the assistant's question.
        for gap in [
            "\r\n\r\n",
            "\n   \n",
            "\n",
            " [Assistant]:\n",
            "\nAssistant:\n",
        ] {
            let p = format!(
                "[Human]: I am in Paris. [Assistant]: Lovely! [Human]: How tall is it?{gap}{a}"
            );
            assert_eq!(found(&p), Some(a), "{p:?}");
        }
        for p in [
            format!("[Human]: How tall is it? [Assistant]: Which tower?\n{a}"),
            format!("User: How tall is it?\nAgent: {a}"),
            format!("User: How tall is it?\nSupport Agent: {a}"),
            format!("User: How tall is it?\nCustomer Service Advisor: {a}"),
        ] {
            assert_eq!(found(&p), None, "{p}");
        }
    }

    #[test]
    fn prompts_that_point_at_a_question_and_speakers_in_the_first_person() {
        assert!(refers_to_question("Answer the question using the context."));
        assert!(refers_to_question("Reply to the user's query in one line."));
        assert!(!refers_to_question("Generate a question from the context."));
        for p in [
            "Reply to the customer's question in two sentences.",
            "Answer the original question using the documents.",
            "Answer the search query from the results.",
        ] {
            assert!(refers_to_question(p), "{p}");
        }
        for p in [
            "Write one question a student could answer from the passage.",
            "Ask a follow-up query about the order.",
            "I question whether the context is complete.",
            "List 3 questions about the text.",
        ] {
            assert!(!refers_to_question(p), "{p}");
        }
        assert!(!refers_to_question("Answer the question: who built it"));
        assert!(!refers_to_question("Summarize the context."));
        assert!(first_person("Can I climb it?") && first_person("We fly to the US in May."));
        assert!(!first_person("When did World War I end?"));
        assert!(!first_person("Under Elizabeth I the navy grew."));
        for t in [
            "Dear John, I paid twice.",
            "In March I moved flat.",
            "On Monday I was out.",
        ] {
            assert!(first_person(t), "{t}");
        }
        assert!(!first_person("Which firms in the US make it?"));
        // A relative clause after a comma asks nothing when the sentence ends in a title.
        let c =
            "Bill Murray plays a patient, who is pursued by his psychiatrist in What About Bob?";
        assert!(!is_request(c, 0, c.len()));
        for c in [
            "If I catch the 09:15 from Leeds, what time do I get into Newcastle?",
            "Hey, do you know who painted The Starry Night?",
            "Im a member, if I book a full pass around mid August what will I pay incl VAT?",
            "can you pull out the key stuff from this - pay, location and deadline",
            "Based on this chat, list what the agent committed to for the customer.",
            "According to the passage, who directed Gone With The Wind?",
            "Turn this into a short numbered list of steps for me, keep the times.",
        ] {
            assert!(is_request(c, 0, c.len()), "{c}");
        }
        for c in [
            "Based on the results, researchers concluded the drug works.",
            "According to the report, state revenue fell 4% in 2023.",
            "From 2019 to 2021, list prices rose 12%.",
            "Turn the dough out onto a floured board.",
            "Put it in the oven for 20 minutes.",
        ] {
            assert!(!is_request(c, 0, c.len()), "{c}");
        }
        assert!(refers_to_question(
            "Answer the user's question using the context. Note: when the context lacks the \
             answer, say you don't know."
        ));
        // A tagged question ends at its closing tag.
        assert_eq!(
            question_of("<context>\nx\n</context>\n<question>\nHow tall is it?\n</question>\n")
                .trim(),
            "How tall is it?"
        );
        // Where it starts, with text after its closing tag.
        let p =
            "<question>\nHow tall is it?\n</question>\n<instructions>\nCite it.\n</instructions>";
        assert_eq!(question_span(p), (10, p.find("</question>").unwrap()));
    }

    #[test]
    fn a_transcript_the_request_asks_from_is_the_sources() {
        let chat = "User: My blender arrived with a cracked jug.\nAgent: I can send a free \
                    replacement jug within 3 business days.\nUser: Is shipping free?\nAgent: \
                    Yes, both ways.";
        for request in [
            "Based on the chat, explain to the customer what happens next.",
            "Summarize this conversation in two sentences.",
            "What did the agent promise in the chat?",
            "Using the transcript above, list what the agent committed to.",
        ] {
            assert!(works_from_conversation(request), "{request}");
            // Sent as the prompt: the whole transcript.
            assert_eq!(conversation_sources(request, chat), Some((0, chat.len())));
            // On a line of the context after it, or before it.
            let ctx = format!("{chat}\n\n{request}");
            assert_eq!(
                conversation_sources("", &ctx),
                Some((0, chat.len())),
                "{ctx}"
            );
            let ctx = format!("{request}\n{chat}");
            let at = request.len() + 1;
            assert_eq!(
                conversation_sources("", &ctx),
                Some((at, ctx.len())),
                "{ctx}"
            );
        }
        // A reply that continues the conversation may bring facts of its own; a conversation
        // not at hand is none; a transcript alone is the request.
        for request in [
            "Continue this conversation as the agent.",
            "Can I chat with someone about my order?",
            "",
        ] {
            assert!(!works_from_conversation(request), "{request}");
            assert_eq!(conversation_sources(request, chat), None, "{request}");
        }
        // Text before the transcript that does not ask is no request around it.
        let ctx = format!("Order 58213 shipped on 3 May.\n{chat}\nSummarize the chat above.");
        assert_eq!(conversation_sources("", &ctx), None);
        // "explain to …" after a framing clause is an instruction.
        let c = "Based on the chat, explain to the customer what happens next.";
        assert!(is_request(c, 0, c.len()));
    }

    #[test]
    fn a_question_answered_below_it_is_the_sources_own() {
        let faq = "Question: Can I bring my dog into the museum?\nAnswer: Only assistance dogs \
                   are allowed inside.\nQuestion: Is there parking?\nAnswer: Yes, 120 spaces at \
                   £5 per day.";
        // The user's question after or before the list, typed or asked: the list whole.
        for (ctx, at) in [
            (format!("{faq}\nhow much is parking at the museum"), 0),
            (format!("Can I park there, and how much is it?\n{faq}"), 38),
        ] {
            assert_eq!(context_passage(&ctx), Some((at, at + faq.len())), "{ctx}");
        }
        assert!(answered_below(faq, faq.find('\n').unwrap()));
        assert!(!answered_below(
            "Is there parking?\nWe have 120 spaces.",
            17
        ));
    }
}
