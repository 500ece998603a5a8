//! Comparisons of two things the sources measure or date each:
//! - alternative questions that compare two things in time ("Who was born first, Anthony Mann
//!   or Roy Rowland?", "Which was founded first, the University of Iowa or the University of
//!   Texas at Austin?"), answered by naming one of them: the sources date each, and the option
//!   they date the other way is contradicted ([`alternative_pick_conflict`]). These are
//!   HotpotQA's comparison questions (Yang et al. 2018, "HotpotQA: A Dataset for Diverse,
//!   Explainable Multi-hop Question Answering"). Both options are named by the sources, so a
//!   lexical alignment supports either answer; the answer is verified as the question's
//!   declarative form ("Anthony Mann was born first", QA2D, Demszky et al. 2018) by reading
//!   the date the sources give each option for the question's event and comparing the years;
//! - a claim that orders two things by a measure ("The African elephant is heavier than the
//!   blue whale") against the quantity the sources state for each
//!   ([`comparative_measure_conflict`]).

use super::*;
use crate::quantity::Dimension;

/// The way an alternative question compares its options in time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Order {
    /// The option dated earlier wins ("first", "earlier", "older").
    Earlier,
    /// The option dated later wins ("later", "younger", "newer").
    Later,
}

/// Words that ask for the option dated earlier; "older" and "oldest" ask by age, which is
/// earlier birth or founding.
const EARLIER_WORDS: &[&str] = &["first", "earlier", "earliest", "sooner", "older", "oldest"];

/// Words that ask for the option dated later.
const LATER_WORDS: &[&str] = &[
    "later", "latest", "younger", "youngest", "newer", "newest", "recent", "recently",
];

/// Words that ask by age: an option's birth or founding is its date.
const AGE_WORDS: &[&str] = &["older", "oldest", "younger", "youngest"];

/// The events a question may date, each as the word beginnings that name it in the question
/// and in the sources (lower case): one group's words date the same event ("founded in 1847",
/// "established in 1847"). Birth is the first group; "launched" dates a release.
const EVENTS: &[&[&str]] = &[
    &["born"],
    &[
        "found",
        "establish",
        "formed",
        "form ",
        "incorporat",
        "organized",
        "organised",
        "chartered",
        "built",
        "construct",
        "inaugurat",
        "opened",
        "created",
    ],
    &[
        "releas",
        "publish",
        "premiered",
        "premiere ",
        "debut",
        "aired",
        "issued",
        "introduc",
        "launch",
    ],
    &["began", "begin", "begun", "start", "commenc"],
    &["ended", "end ", "finish", "conclud"],
];

/// The index in [`EVENTS`] of the group whose word `lower` is, if any.
fn event_of(lower: &str) -> Option<usize> {
    EVENTS.iter().position(|group| {
        group.iter().any(|w| match w.strip_suffix(' ') {
            Some(whole) => lower == whole,
            None => lower.starts_with(w),
        })
    })
}

/// Whether `lower` is a word of event group `event` (or, for `None`, of the birth or founding
/// groups: what a question by age dates).
fn dates_event(lower: &str, event: Option<usize>) -> bool {
    match (event_of(lower), event) {
        (Some(e), Some(asked)) => e == asked,
        (Some(e), None) => e <= 1,
        (None, _) => false,
    }
}

/// A year token: four digits from 1000 to 2099 written without a separator.
fn year_of(t: &Token<'_>) -> Option<u32> {
    (t.is_number && t.raw.len() == 4 && t.raw.bytes().all(|b| b.is_ascii_digit()))
        .then(|| t.raw.parse().ok())
        .flatten()
        .filter(|y| (1000..2100).contains(y))
}

/// `raw` lower case without diacritics: how the words of options and claims are compared.
fn folded(raw: &str) -> Cow<'_, str> {
    fold_diacritics(lower_cow(raw))
}

/// The words of `x` that `y` lacks: what names one of two compared things and not the other.
fn lacking(x: &[String], y: &[String]) -> Vec<String> {
    x.iter().filter(|w| !y.contains(w)).cloned().collect()
}

/// The words of an option that name it: its alphabetic words of two letters or more that are
/// no stop words, lower case without diacritics.
fn option_words(toks: &[Token<'_>]) -> Vec<String> {
    toks.iter()
        .filter(|t| {
            !t.is_number && t.raw.chars().nth(1).is_some() && !is_stopword(&lower_cow(t.raw))
        })
        .map(|t| folded(t.raw).into_owned())
        .collect()
}

/// Words of each of two options, in the question's order.
type PerOption = [Vec<String>; 2];

/// The words of each of two options ([`option_words`]) and, of each, the words the other lacks
/// ([`lacking`]): what names it and not the other. `None` when either names nothing the other
/// does not.
fn option_sets(options: [&[Token<'_>]; 2]) -> Option<(PerOption, PerOption)> {
    let words = options.map(option_words);
    let distinct = [lacking(&words[0], &words[1]), lacking(&words[1], &words[0])];
    (!distinct.iter().any(Vec::is_empty)).then_some((words, distinct))
}

/// The words of a claim (its tokens `toks`), each [`folded`].
fn folded_words(toks: &[Token<'_>]) -> Vec<String> {
    toks.iter().map(|t| folded(t.raw).into_owned()).collect()
}

/// The last "or" of `question` (its tokens `toks`) and the end of the option after it: the
/// first token after a "?", ".", "," or ";" (the question's length when none follows).
fn last_or(question: &str, toks: &[Token<'_>]) -> Option<(usize, usize)> {
    let or = toks
        .iter()
        .rposition(|t| t.raw.eq_ignore_ascii_case("or"))?;
    let end = (or + 1..toks.len())
        .find(|&i| gap_before(question, toks, i).contains(['?', '.', ',', ';']))
        .unwrap_or(toks.len());
    Some((or, end))
}

/// The text of `question` between token `i` of its tokens `toks` and the one before (from the
/// question's start for the first): where a comma or a question mark shows.
fn gap_before<'q>(question: &'q str, toks: &[Token<'_>], i: usize) -> &'q str {
    let from = i
        .checked_sub(1)
        .map_or(0, |p| toks[p].start + toks[p].raw.len());
    &question[from..toks[i].start]
}

/// An alternative question that compares two options in time, read from `question` (its
/// tokens `toks`): the order that wins, the event dated (an index in [`EVENTS`], `None` for
/// age: birth or founding), and each option's tokens.
struct Alternative<'q, 'a> {
    order: Order,
    event: Option<usize>,
    options: [&'q [Token<'a>]; 2],
}

/// Reads the last "…, A or B?" of `question` (tokens `toks`): the comparison word and the
/// event word stand before A, A follows a comma or colon (or the comparison word), B runs from
/// "or" to the end of the question. `None` when it compares in no time order, names no event
/// and asks by no age, or either option is empty or longer than eight words.
fn alternative<'q, 'a>(question: &str, toks: &'q [Token<'a>]) -> Option<Alternative<'q, 'a>> {
    let (or, end) = last_or(question, toks)?;
    let gap_before = |i: usize| gap_before(question, toks, i);
    let lower = |i: usize| lower_cow(toks[i].raw);
    let compares = |i: usize| {
        let w = lower(i);
        if EARLIER_WORDS.contains(&w.as_ref()) {
            Some(Order::Earlier)
        } else if LATER_WORDS.contains(&w.as_ref()) {
            Some(Order::Later)
        } else {
            None
        }
    };
    let word = (0..or).find(|&i| compares(i).is_some())?;
    let start = (word + 1..or)
        .rev()
        .find(|&i| gap_before(i).contains([',', ':']))
        .unwrap_or(word + 1);
    let order = compares(word)?;
    // One order only: "Which came first and which later, …" compares both ways.
    if (0..start).any(|i| compares(i).is_some_and(|o| o != order)) {
        return None;
    }
    let events: Vec<usize> = (0..start).filter_map(|i| event_of(&lower(i))).collect();
    let event = match events.as_slice() {
        [e, rest @ ..] if rest.iter().all(|r| r == e) => Some(*e),
        [] if AGE_WORDS.contains(&lower(word).as_ref()) => None,
        _ => return None,
    };
    let options = [&toks[start..or], &toks[or + 1..end]];
    options
        .iter()
        .all(|o| (1..=8).contains(&o.len()))
        .then_some(Alternative {
            order,
            event,
            options,
        })
}

/// How many of `words` (lower case without diacritics) the tokens `toks` hold.
fn named_count(toks: &[Token<'_>], words: &[String]) -> usize {
    words
        .iter()
        .filter(|w| toks.iter().any(|t| folded(t.raw).as_ref() == w.as_str()))
        .count()
}

/// The sentences of the sources that name a thing by `words` (its words that `other`, the
/// thing it is compared with, lacks): the first sentence holding at least half of them, the
/// most any sentence holds, and at most half of `other` ("Mount Kilimanjaro rises …" names
/// Kilimanjaro, not "Mount Kenya"), and the last sentence it runs on into (the next one, when
/// the first was cut there at a semicolon or inside a bracket and the next names neither).
/// `None` when no sentence names it so.
fn naming_sentences(
    (context, context_tokens): (&str, &[Token<'_>]),
    index: &SourceIndex<'_>,
    words: &[String],
    other: &[String],
) -> Option<(usize, usize)> {
    let sentence = |s: usize| span_tokens(context_tokens, index.spans[s]);
    let counts: Vec<usize> = (0..index.spans.len())
        .map(|s| named_count(sentence(s), words))
        .collect();
    let most = counts.iter().copied().max()?;
    if most == 0 || 2 * most < words.len() {
        return None;
    }
    // A sentence naming the other thing too (more than half of its words) compares them.
    let names_other = |s: usize| 2 * named_count(sentence(s), other) > other.len();
    let first = (0..counts.len()).find(|&s| counts[s] == most && !names_other(s))?;
    let next = first + 1;
    let cut = &context[index.spans[first].0..index.spans.get(next).map_or(context.len(), |n| n.0)];
    let goes_on = next < index.spans.len()
        && counts[next] == 0
        && !names_other(next)
        && (cut.trim_end().ends_with(';') || cut.matches('(').count() > cut.matches(')').count());
    Some((first, if goes_on { next } else { first }))
}

/// The year the sources give option `words` for `event` (as [`dates_event`] reads it), and
/// the sentence that states it. Read first in the sentences naming the option
/// ([`naming_sentences`]). A year
/// of the event is the first within ten tokens after a word of the event and before a word of
/// another event ("Construction began in 1882" dates a beginning, not an opening); a birth (or an age)
/// is also dated by the first year of a life span in brackets ("(7 May 1896 – 16 November
/// 1982)"; a bracket of one year may date a death), a release (or an age) by a year after an
/// article ("is a 1981 documentary film"). Then in the sentence after, by a word of the event,
/// when it refers back to the option (a pronoun or a definite description as its subject, or
/// a participle of the event opening it: "Founded in 1847, it is …") and names neither
/// option. `None` when no sentence names the option so, or none of them dates the event.
fn dated(
    (context, context_tokens): (&str, &[Token<'_>]),
    index: &SourceIndex<'_>,
    words: &[String],
    other: &[String],
    event: Option<usize>,
) -> Option<(u32, u32)> {
    let sentence = |s: usize| span_tokens(context_tokens, index.spans[s]);
    let (first, last) = naming_sentences((context, context_tokens), index, words, other)?;
    let naming = span_tokens(context_tokens, (index.spans[first].0, index.spans[last].1));
    // A year after a word of the event, before any word of another event ("Construction
    // began in 1882" dates no opening).
    let after_event = |toks: &[Token<'_>]| {
        (0..toks.len())
            .filter(|&i| dates_event(&lower_cow(toks[i].raw), event))
            .find_map(|i| {
                toks[i + 1..toks.len().min(i + 11)]
                    .iter()
                    .take_while(|t| {
                        let w = lower_cow(t.raw);
                        event_of(&w).is_none() || dates_event(&w, event)
                    })
                    .find_map(year_of)
            })
    };
    let in_naming = after_event(naming).or_else(|| {
        if event.is_none_or(|e| e == 0) {
            // The first year of the first bracket holding two: a life span
            // ("(7 May 1896 – 16 November 1982)"). A bracket of one year may date a death.
            let (mut depth, mut years) = (0usize, Vec::new());
            let mut at = index.spans[first].0;
            for t in naming {
                let gap = &context[at..t.start];
                depth += gap.matches('(').count();
                if gap.contains(')') {
                    depth = depth.saturating_sub(gap.matches(')').count());
                    if years.len() >= 2 {
                        break;
                    }
                    years.clear();
                }
                at = t.start + t.raw.len();
                if depth > 0 {
                    years.extend(year_of(t));
                }
            }
            if years.len() >= 2 {
                return years.first().copied();
            }
        }
        // A work's year before its kind: "This Is Elvis is a 1981 documentary film".
        if event.is_none_or(|e| e == 2) {
            return (1..naming.len())
                .find(|&i| matches!(lower_cow(naming[i - 1].raw).as_ref(), "a" | "an"))
                .and_then(|i| year_of(&naming[i]));
        }
        None
    });
    if let Some(y) = in_naming {
        return Some((y, first as u32));
    }
    // The sentence after, when it refers back to the option.
    let after = last + 1;
    (after < index.spans.len()
        && named_count(sentence(after), words) == 0
        && named_count(sentence(after), other) == 0
        && (index.sent_subject_elsewhere[after]
            || sentence(after)
                .first()
                .is_some_and(|t| dates_event(&lower_cow(t.raw), event))))
    .then(|| after_event(sentence(after)).map(|y| (y, after as u32)))
    .flatten()
}

/// The conflict text of an alternative question answered with option `pick` where the
/// sources make option `winner` answer it: each option as the question writes it, lower
/// case, without quotes or a leading "the" (`"roy rowland" vs "anthony mann"`).
fn picked_vs(question: &str, options: [&[Token<'_>]; 2], pick: usize, winner: usize) -> String {
    let name = |a: usize| {
        let toks = options[a];
        let (from, to) = (
            toks[0].start,
            toks[toks.len() - 1].start + toks[toks.len() - 1].raw.len(),
        );
        let text = question[from..to].trim_start_matches(['"', '\'']);
        let text = text
            .strip_prefix("the ")
            .or_else(|| text.strip_prefix("The "))
            .unwrap_or(text);
        to_lower(text.trim_end_matches(['"', '\'']))
    };
    format!("\"{}\" vs \"{}\"", name(pick), name(winner))
}

/// The conflict of a claim that answers an alternative question in time by naming the option
/// the sources date the other way: "Roy Rowland" to "Who was born first, Anthony Mann or Roy
/// Rowland?" against sources dating Mann's birth 1906 and Rowland's 1908 gives `"roy rowland"
/// vs "anthony mann"`, with the sentence that dates the option the sources make win.
///
/// `question` and `question_toks`: the question and its tokens; `claim_toks`: the first claim's
/// tokens. The claim must name one option only (a word of it the other lacks; then no "before"
/// or "after"), or one before "than", "before" or "after" and the other after it ("Tomas Berg
/// was born earlier than Ada Lindqvist" picks Berg, as "… before Ada Lindqvist" does; "…
/// after Ada Lindqvist" picks Lindqvist), hold no negation and no word of the other order
/// ("… was founded later"); the sources must date both options
/// for the question's event ([`dated`]) in different years. `None` otherwise.
pub(super) fn alternative_pick_conflict(
    (question, question_toks): (&str, &[Token<'_>]),
    claim_toks: &[Token<'_>],
    (context, context_tokens): (&str, &[Token<'_>]),
    index: &SourceIndex<'_>,
) -> Option<(String, u32)> {
    let alt = alternative(question, question_toks)?;
    let (_, distinct) = option_sets(alt.options)?;
    let claim = folded_words(claim_toks);
    let names = |a: usize, part: &[String]| distinct[a].iter().any(|w| part.contains(w));
    // The word that orders the options when the claim names both: "than" after the
    // question's own comparative, or "before" / "after", which state the order themselves.
    let pivots: Vec<usize> = (0..claim.len())
        .filter(|&i| matches!(claim[i].as_str(), "than" | "before" | "after"))
        .collect();
    let orders_itself = pivots.iter().any(|&i| claim[i] != "than");
    let pick = match (names(0, &claim), names(1, &claim)) {
        (true, false) if !orders_itself => 0,
        (false, true) if !orders_itself => 1,
        // Both named: the one compared with the other ("A was founded earlier than B", "A
        // was founded before B": A is picked; "A was founded after B": B is).
        (true, true) => {
            let [pivot] = pivots[..] else {
                return None;
            };
            let (before, after) = claim.split_at(pivot);
            let first_named = match [
                names(0, before),
                names(1, before),
                names(0, after),
                names(1, after),
            ] {
                [true, false, false, true] => 0,
                [false, true, true, false] => 1,
                _ => return None,
            };
            let states = match claim[pivot].as_str() {
                "before" => Order::Earlier,
                "after" => Order::Later,
                _ => alt.order,
            };
            if states == alt.order {
                first_named
            } else {
                1 - first_named
            }
        }
        _ => return None,
    };
    let other_order = match alt.order {
        Order::Earlier => LATER_WORDS,
        Order::Later => EARLIER_WORDS,
    };
    if claim.iter().any(|w| {
        other_order.contains(&w.as_str()) || matches!(w.as_str(), "not" | "never" | "no" | "n't")
    }) {
        return None;
    }
    let source = (context, context_tokens);
    let (y0, s0) = dated(source, index, &distinct[0], &distinct[1], alt.event)?;
    let (y1, s1) = dated(source, index, &distinct[1], &distinct[0], alt.event)?;
    if y0 == y1 || s0 == s1 {
        return None;
    }
    let winner = match (alt.order, y0 < y1) {
        (Order::Earlier, true) | (Order::Later, false) => 0,
        _ => 1,
    };
    if pick == winner {
        return None;
    }
    Some((
        picked_vs(question, alt.options, pick, winner),
        [s0, s1][winner],
    ))
}

/// Words that make an alternative question compare its options by degree, count or time
/// ("Which is farther north, …", "Who directed more movies, …"), which no property stated of
/// one option answers: [`alternative_property_conflict`] leaves such questions to the rules
/// that read dates and measures.
const DEGREE_WORDS: &[&str] = &[
    "more", "less", "fewer", "most", "least", "farther", "further", "higher", "lower", "greater",
    "closer", "nearer", "wider", "deeper", "richer", "better", "worse", "same",
];

/// The conflict of a claim that answers an alternative question of property ("Which band
/// describes themselves as a \"minimalist rock trio\", Sunrise Avenue or Shellac?") by naming
/// the option the sources do not state it of. The question's property is its content words
/// before the options (no stop word, no word of either option), each compared by its
/// [`word_stem`]; each option's passage runs from the first sentence naming it
/// ([`naming_sentences`]) to the sentence before the first naming the other (or the sources'
/// end): HotpotQA's contexts hold one paragraph per option (Yang et al. 2018). The option
/// whose passage holds at least two of the property's words that the other's lacks, while
/// the other's holds none the first lacks, is the one the property is stated of; a first
/// claim naming only the other option, with no negation ("Sunrise Avenue was a minimalist
/// rock trio") gives `"sunrise avenue" vs "shellac"` and the sentence of the winning passage
/// holding most of its words. This verifies the answer as the question's declarative form
/// (QA2D, Demszky et al. 2018) by what each option's passage states.
///
/// `None` for a question that compares by degree or time ([`DEGREE_WORDS`], the words of
/// [`Order`], a measure comparative: other rules read those), whose options do not end it
/// after a comma or colon, either option empty or longer than eight words, a claim naming
/// both options or neither, or passages that do not tell the options apart so.
pub(super) fn alternative_property_conflict(
    (question, question_toks): (&str, &[Token<'_>]),
    claim_toks: &[Token<'_>],
    (context, context_tokens): (&str, &[Token<'_>]),
    index: &SourceIndex<'_>,
) -> Option<(String, u32)> {
    let toks = question_toks;
    let (or, end) = last_or(question, toks)?;
    // The options end the question: "…, A or B?".
    if end < toks.len() {
        return None;
    }
    let start = (1..or)
        .rev()
        .find(|&i| gap_before(question, toks, i).contains([',', ':']))?;
    let options = [&toks[start..or], &toks[or + 1..]];
    if !options.iter().all(|o| (1..=8).contains(&o.len())) {
        return None;
    }
    let head = &toks[..start];
    if head.iter().any(|t| {
        let w = lower_cow(t.raw);
        let w = w.as_ref();
        DEGREE_WORDS.contains(&w)
            || EARLIER_WORDS.contains(&w)
            || LATER_WORDS.contains(&w)
            || MEASURE_COMPARATIVES.iter().any(|(c, _, _)| *c == w)
    }) {
        return None;
    }
    let (words, distinct) = option_sets(options)?;
    let mut property: Vec<String> = Vec::new();
    for t in head {
        if t.raw.chars().nth(1).is_none() || crate::text::is_stopword_raw(t.raw) {
            continue;
        }
        let f = folded(t.raw);
        if words.iter().any(|o| o.iter().any(|w| *w == f.as_ref())) {
            continue;
        }
        let stem = word_stem(&f);
        if !property.contains(&stem) {
            property.push(stem);
        }
    }
    // A bit per property word below; no question of HotpotQA's has more than 64.
    if !(2..=64).contains(&property.len()) {
        return None;
    }
    // The claim names one option only, and asserts it.
    let claim = folded_words(claim_toks);
    if claim.iter().any(|w| {
        matches!(
            w.as_str(),
            "not" | "never" | "no" | "n't" | "neither" | "nor"
        )
    }) {
        return None;
    }
    let names = |a: usize| distinct[a].iter().any(|w| claim.contains(w));
    let pick = match (names(0), names(1)) {
        (true, false) => 0,
        (false, true) => 1,
        _ => return None,
    };
    let source = (context, context_tokens);
    let first = [
        naming_sentences(source, index, &distinct[0], &distinct[1])?.0,
        naming_sentences(source, index, &distinct[1], &distinct[0])?.0,
    ];
    if first[0] == first[1] {
        return None;
    }
    let passage = |a: usize| {
        let end = if first[1 - a] > first[a] {
            first[1 - a]
        } else {
            index.spans.len()
        };
        first[a]..end
    };
    // Which property words each sentence of the two passages holds, as a bit set.
    let held = |s: usize| -> u64 {
        span_tokens(context_tokens, index.spans[s])
            .iter()
            .filter(|t| !t.is_number || t.raw.len() == 4)
            .fold(0u64, |bits, t| {
                let stem = word_stem(&folded(t.raw));
                match property.iter().position(|p| *p == stem) {
                    Some(i) => bits | 1 << i,
                    None => bits,
                }
            })
    };
    let per_sentence: [Vec<(usize, u64)>; 2] =
        [0, 1].map(|a| passage(a).map(|s| (s, held(s))).collect());
    let union = |a: usize| per_sentence[a].iter().fold(0u64, |u, (_, b)| u | b);
    let (u0, u1) = (union(0), union(1));
    let only = [u0 & !u1, u1 & !u0];
    let winner = match (only[0].count_ones(), only[1].count_ones()) {
        (n, 0) if n >= 2 => 0,
        (0, n) if n >= 2 => 1,
        _ => return None,
    };
    if pick == winner {
        return None;
    }
    let sentence = per_sentence[winner]
        .iter()
        .max_by_key(|(s, b)| ((b & only[winner]).count_ones(), std::cmp::Reverse(*s)))
        .map(|(s, _)| *s as u32)?;
    Some((picked_vs(question, options, pick, winner), sentence))
}

/// Comparatives that order two things by a measure, each with its dimension (`None`: any one
/// measure the sources give both, for "larger" and "smaller") and whether the thing before
/// "than" has the greater value.
const MEASURE_COMPARATIVES: &[(&str, Option<Dimension>, bool)] = &[
    ("heavier", Some(Dimension::Mass), true),
    ("lighter", Some(Dimension::Mass), false),
    ("taller", Some(Dimension::Length), true),
    ("longer", Some(Dimension::Length), true),
    ("shorter", Some(Dimension::Length), false),
    ("faster", Some(Dimension::Speed), true),
    ("slower", Some(Dimension::Speed), false),
    ("hotter", Some(Dimension::Temperature), true),
    ("warmer", Some(Dimension::Temperature), true),
    ("colder", Some(Dimension::Temperature), false),
    ("cooler", Some(Dimension::Temperature), false),
    ("larger", None, true),
    ("bigger", None, true),
    ("smaller", None, false),
];

/// The conflict of a claim that orders two things by a measure the sources state for each
/// ("The African elephant is heavier than the blue whale" against "The blue whale can weigh up
/// to 190 tonnes …" and "The African elephant … weighs up to about 6 tonnes"): the measure
/// comparative right before "than" ([`MEASURE_COMPARATIVES`]), the thing before it (the claim's
/// words before its verb, no stop word) and the one after "than" (up to the clause's end) are
/// each found in the sentences naming it ([`naming_sentences`], by the words the other lacks),
/// which must state exactly one quantity of the comparative's dimension (of one measure
/// dimension for "larger" and "smaller", the same for both); the claim is contradicted when
/// those values order the two the other way. Returns the conflict (`"heavier" vs "6 t < 190
/// t"`, the values in the dimension's base unit) and the sentence stating the claim's subject's
/// value. `None` for a claim without such a comparative, with a negation, or either thing not
/// named or measured so.
pub(super) fn comparative_measure_conflict(
    (claim_text, claim_toks): (&str, &[Token<'_>]),
    (context, context_tokens): (&str, &[Token<'_>]),
    index: &SourceIndex<'_>,
) -> Option<(String, u32)> {
    let than = claim_toks
        .iter()
        .position(|t| t.raw.eq_ignore_ascii_case("than"))?;
    let comparative = lower_cow(claim_toks.get(than.checked_sub(1)?)?.raw);
    let &(word, dimension, greater) = MEASURE_COMPARATIVES
        .iter()
        .find(|(w, _, _)| *w == comparative.as_ref())?;
    let lower = folded_words(claim_toks);
    if lower
        .iter()
        .any(|w| matches!(w.as_str(), "not" | "never" | "no" | "n't" | "nor"))
    {
        return None;
    }
    // The subject: the words before the first verb of being ("is", "was", "weighs" is no
    // verb of being and leaves the subject unread).
    let verb = (0..than).find(|&i| {
        matches!(
            lower[i].as_str(),
            "is" | "was" | "are" | "were" | "be" | "been" | "grows" | "grew" | "stands" | "runs"
        )
    })?;
    // The object: the words after "than" up to the clause's end.
    let end = (than + 1..claim_toks.len())
        .find(|&i| {
            let prev = &claim_toks[i - 1];
            claim_text[prev.start + prev.raw.len()..claim_toks[i].start].contains([',', ';', ':'])
                || matches!(
                    lower[i].as_str(),
                    "and" | "but" | "which" | "while" | "because"
                )
        })
        .unwrap_or(claim_toks.len());
    let (a, b) = (
        option_words(&claim_toks[..verb]),
        option_words(&claim_toks[than + 1..end]),
    );
    let (a, b) = (lacking(&a, &b), lacking(&b, &a));
    if a.is_empty() || b.is_empty() {
        return None;
    }
    let source = (context, context_tokens);
    let measured = |words: &[String], other: &[String]| -> Option<(Quantity, u32)> {
        let (first, last) = naming_sentences(source, index, words, other)?;
        let mut found = index.quantities.iter().filter(|(q, _, s)| {
            (first..=last).contains(&(*s as usize))
                && q.dimension().is_measure()
                && dimension.is_none_or(|d| q.dimension() == d)
        });
        let (q, _, s) = found.next()?;
        found.next().is_none().then_some((*q, *s))
    };
    let (qa, sa) = measured(&a, &b)?;
    let (qb, sb) = measured(&b, &a)?;
    if qa.dimension() != qb.dimension() || sa == sb || qa.base == qb.base {
        return None;
    }
    if (qa.base > qb.base) == greater {
        return None;
    }
    let symbol = match qa.dimension() {
        Dimension::Length => "m",
        Dimension::Area => "m²",
        Dimension::Mass => "kg",
        Dimension::Duration => "s",
        Dimension::Temperature => "K",
        Dimension::Volume => "L",
        Dimension::Speed => "m/s",
        Dimension::TimeOfDay | Dimension::Date => return None,
    };
    let value = |v: f64| format!("{} {symbol}", (v * 1000.0).round() / 1000.0);
    let order = if qa.base < qb.base { "<" } else { ">" };
    Some((
        format!(
            "\"{word}\" vs \"{} {order} {}\"",
            value(qa.base),
            value(qb.base)
        ),
        sa,
    ))
}
