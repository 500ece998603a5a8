//! Key tokens of a sentence: names, numbers, dates and content words with their normal forms
//! ([`Key`], [`sentence_keys`], [`LowerVocab`]), name runs, and the keys of reference answers
//! ([`AnswerKeys`]).

use super::*;

/// What a key token stands for: its type decides which tokens can contradict it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum KeyKind {
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
pub(super) const ENTITY_KINDS: [KeyKind; 4] = [
    KeyKind::Name,
    KeyKind::Number,
    KeyKind::Year,
    KeyKind::Month,
];

/// A key token of a text: its normal form, type, byte span and whether it negates.
#[derive(Debug, Clone)]
pub(super) struct Key<'a> {
    pub(super) norm: Cow<'a, str>,
    pub(super) kind: KeyKind,
    pub(super) negation: bool,
    /// A number stated as approximate ("about 330": `text::is_approximated`).
    pub(super) approx: bool,
    /// The bound an approximator of it states ("over 1,000": at least; "up to 12": at most,
    /// [`crate::text::approximator_bound`]): a number of the sources found for it rounds to it
    /// and keeps to that side of it ([`SourceIndex::id_of`]).
    pub(super) bound: Option<crate::text::Bound>,
    /// A share stated as a fraction in words ("half of", "a quarter of": `share_at`): found
    /// in the sources by a number within [`SHARE_TOLERANCE`] of it (a percentage, as a rule).
    pub(super) share: bool,
    /// A number read with its unit ("2.7 kilometres", `quantity::quantities`): found in the
    /// sources by a quantity it restates in another unit ([`SourceIndex::id_of`]).
    pub(super) qty: Option<Quantity>,
    /// For a name written as a word of a run of capitalised words ("Apollo Lunar Module
    /// Eagle", only spaces between them), the run's number within its sentence, shared by the
    /// run's words: one entity, which a text may name by part of it ("the Eagle"). [`NO_RUN`]
    /// for every other key.
    pub(super) run: u32,
    /// The index of the key's token among its sentence's tokens (the first, for a key read
    /// from several tokens); 0 for keys a sentence holds without writing them (its gaps, the
    /// initialisms it spells).
    pub(super) at: u32,
}

/// [`Key::run`] of a key that is no word of a run of capitalised words.
pub(super) const NO_RUN: u32 = u32::MAX;

/// Key tokens of one sentence `sent` (byte span of `text`): numbers (and number words), names
/// and content words; stopwords and one-letter words are left out, negations are flagged.
/// `lower_vocab` holds words seen in lower case anywhere in the request: a capitalised word at a
/// sentence start that also occurs in lower case is an ordinary word, not a name.
pub(super) fn keys<'a>(
    text: &'a str,
    span: (usize, usize),
    lower_vocab: &LowerVocab<'_>,
) -> Vec<Key<'a>> {
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
pub(super) fn span_tokens<'t, 'a>(toks: &'t [Token<'a>], span: (usize, usize)) -> &'t [Token<'a>] {
    let lo = toks.partition_point(|t| t.start < span.0);
    let hi = toks.partition_point(|t| t.start < span.1);
    &toks[lo..hi]
}

impl<'a> Key<'a> {
    /// A name key (not negated, not approximate) with normal form `norm`.
    pub(super) fn name(norm: Cow<'a, str>) -> Key<'a> {
        Key {
            norm,
            kind: KeyKind::Name,
            negation: false,
            approx: false,
            bound: None,
            share: false,
            qty: None,
            run: NO_RUN,
            at: 0,
        }
    }

    /// A content-word key (not negated, not approximate) with normal form `norm`.
    pub(super) fn word(norm: Cow<'a, str>) -> Key<'a> {
        Key {
            kind: KeyKind::Word,
            ..Key::name(norm)
        }
    }
}

/// Length in bytes of the longest of [`BACK_REFERENCES`]: longer words are skipped unread.
pub(super) const BACK_REFERENCE_MAX_LEN: usize = 5;

/// Pronouns that refer back to an entity named earlier.
pub(super) const BACK_REFERENCES: &[&str] = &[
    "it", "its", "he", "his", "him", "she", "her", "hers", "they", "their", "them",
];

/// Whether `toks[i]` (a sentence's tokens), a word in capitals ("WHO", "US"), is an initialism:
/// written among words that are not in capitals (a run of capitals is shouting: "WHO IS IT"),
/// not opening its sentence, and not right after a number ("10 AM").
pub(super) fn stopword_initialism(toks: &[Token<'_>], i: usize) -> bool {
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

/// Whether `toks[i]` is a word in capitals (two letters or more, none lower case) that is
/// shouted rather than an initialism by its form: longer than six letters ("CONFIRMATION"), or
/// next to an English word of three letters or more in capitals ("HOTEL BOOKING", "CLICK
/// HERE"), as a heading or a warning set in capitals writes every word. Its capitals are no
/// mark of a name ([`sentence_keys`]).
pub(super) fn shouted_word(toks: &[Token<'_>], i: usize) -> bool {
    let letters = |t: &Token<'_>, n: usize| t.raw.chars().filter(|c| c.is_alphabetic()).nth(n);
    let capitals = |t: &Token<'_>| {
        !t.is_number && letters(t, 1).is_some() && !t.raw.chars().any(char::is_lowercase)
    };
    // A neighbour shouts when it is an English word of three letters or more set in capitals
    // ("BOOKING", "HERE"), not an initialism ("US" of "US CHIPS Act", "HIV" of "HIV/AIDS").
    let shouting = |t: &Token<'_>| {
        capitals(t) && letters(t, 2).is_some() && {
            let lower = lower_cow(t.raw);
            crate::lexicon::is_common_word(&lower) || is_stopword(&lower)
        }
    };
    capitals(&toks[i])
        && (letters(&toks[i], 6).is_some()
            || (i > 0 && shouting(&toks[i - 1]))
            || toks.get(i + 1).is_some_and(shouting))
}

/// [`keys`] of a sentence, and whether the sentence refers back to another by a pronoun of
/// [`BACK_REFERENCES`]; `toks` are the sentence's tokens ([`span_tokens`], offsets in `text`).
pub(super) fn sentence_keys<'a>(
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
        // "Mt. Everest" is keyed as "Mount Everest" is, "Elm Ave" as "Elm Avenue".
        let lower_word = name_tail(text, toks, i)
            .or_else(|| name_head(text, toks, i))
            .map_or_else(|| lower_cow(t.raw), Cow::Borrowed);
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
                bound: None,
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
                    bound: None,
                    share: false,
                    qty: None,
                    run: NO_RUN,
                    at: 0,
                });
                continue;
            }
            // A year is written without a group comma: "1,200 people" is no year.
            let year = digits.len() == 4
                && !crate::text::has_byte(t.raw, b',')
                && !is_number_scale(toks, i + 1)
                && (digits.starts_with('1') || digits.starts_with("20"))
                && !digits.contains('.');
            out.push(Key {
                norm: digits,
                kind: if year { KeyKind::Year } else { KeyKind::Number },
                negation: false,
                approx: is_approximated(toks, i),
                bound: approximator_bound(toks, i),
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
                bound: None,
                share: true,
                ..Key::name(Cow::Owned(format!("{percent:.0}")))
            });
            out.push(Key::word(Cow::Borrowed(PERCENT)));
            continue;
        }
        if toks
            .get(i + 1)
            .is_some_and(|n| !crate::text::has_byte(n.raw, b'-'))
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
                    bound: approximator_bound(toks, i),
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
                    bound: approximator_bound(toks, i),
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
        // A word set in capitals among capitals (a heading or a warning: "BOOKING
        // CONFIRMATION", "KEEP OUT OF REACH"), or too long for an initialism, is no name by its
        // capitals: as a word opening a sentence, it is an ordinary word when the request writes
        // it in lower case or English text does ([`shouted_word`]).
        if shouted_word(toks, i)
            && (lower_vocab.has_word(lower) || crate::lexicon::is_common_word(lower))
        {
            out.push(Key::word(inflection_stem(normal_form(lower_word))));
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
            && (!opens
                || !(lower_vocab.has_word(lower)
                    || crate::lexicon::is_common_word(lower)
                    || opening_gerund(toks, i, lower, lower_vocab)))
            && !in_disambiguator(text, toks, i);
        // A capitalised demonym ("Polish") names its place ("Poland"): one key for both; an
        // abbreviated month beside a number ("Feb 15", "15 Sept.") is its month, an
        // abbreviated weekday before one ("Fri 18 July") its weekday.
        let place = match cap
            .then(|| demonym_place(lower).or_else(|| abbreviated_calendar_name(toks, i)))
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
            bound: None,
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
pub(super) fn opens_name_run(
    text: &str,
    toks: &[Token<'_>],
    i: usize,
    lower_vocab: &LowerVocab<'_>,
) -> bool {
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
pub(super) fn in_disambiguator(text: &str, toks: &[Token<'_>], i: usize) -> bool {
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
pub(super) const STATED_AFFIRMED: u8 = 1;
/// [`SourceIndex::stated`]: some occurrence of the key token lies in a "no" phrase.
pub(super) const STATED_DENIED: u8 = 2;

/// Whether token `at` of `toks` (offsets in `text`) is the head noun of a phrase that a
/// negating "no" opens: right after it, or after one modifier
/// ([`modifier_like`]: "no injuries", "no serious injuries"; not "serious" itself, nor
/// "occurred" in "No injuries occurred"), or the head of the "of"-complement of a noun of
/// evidence that "no" opens ([`evidence_complement`]: "arson" in "no evidence of arson");
/// and that no prepositional phrase restricts within the next two words
/// ([`NOT_PREPOSITIONS`]: "no parking on site"): the determiner "no" denies that any such
/// thing exists (Huddleston & Pullum 2002, ch. 9 §3, non-verbal negation).
pub(super) fn denied_by_no(text: &str, toks: &[Token<'_>], at: usize) -> bool {
    // A phrase restricted by a prepositional phrase after its noun ("no parking on site", "no
    // charge for returns") denies the thing only there, not wherever the sources name it.
    let restricted = || {
        (at + 1..toks.len().min(at + 3))
            .take_while(|&k| gap(text, toks, k - 1, k).trim().is_empty())
            .any(|k| {
                NOT_PREPOSITIONS
                    .iter()
                    .any(|p| toks[k].raw.eq_ignore_ascii_case(p))
            })
    };
    let complement = || {
        (at.saturating_sub(EVIDENCE_REACH)..at).any(|j| {
            toks[j].raw.eq_ignore_ascii_case("no")
                && evidence_complement(text, toks, j) == Some(at)
                && negation_word_at(text, toks, j)
        })
    };
    // (The restriction last: this runs for every word of the sources, few of them after "no".)
    (heads_no_phrase(text, toks, at) || complement()) && !restricted()
}

/// Whether token `at` of `toks` is the head noun right after a negating "no", or after one
/// modifier of it ([`denied_by_no`], before the phrase's restriction is read).
fn heads_no_phrase(text: &str, toks: &[Token<'_>], at: usize) -> bool {
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
    (j..at).all(|k| gap(text, toks, k, k + 1).trim().is_empty()) && negation_word_at(text, toks, j)
}

/// Nouns of evidence or occurrence whose "of"-complement a negating "no" denies with them
/// ([`evidence_complement`]: "no evidence of arson", "no sign of damage", "no reports of
/// injuries", "no record of payment"), lower case.
pub(super) const EVIDENCE_NOUNS: &[&str] = &[
    "evidence",
    "sign",
    "signs",
    "trace",
    "traces",
    "indication",
    "indications",
    "proof",
    "record",
    "records",
    "report",
    "reports",
    "case",
    "cases",
];

/// The most tokens from a "no" to the head of its evidence noun's complement ([`denied_by_no`]:
/// "no clear evidence of deliberate arson" is five).
const EVIDENCE_REACH: usize = 5;

/// The head of the "of"-complement of a noun of evidence ([`EVIDENCE_NOUNS`]) that the "no" at
/// token `no` of `toks` (offsets in `text`) opens, right after it or after one modifier ("no
/// evidence of arson", "no clear sign of damage"): the word after "of", or the one after that
/// when the first modifies it ("no evidence of deliberate arson": "arson"). None when no such
/// noun or no "of" follows, or punctuation parts them. "No" quantifies over its whole noun
/// phrase: that there is no evidence of arson is what the sources say of arson, and an answer
/// that asserts arson affirms what they deny (the negative determiner's scope is its noun
/// phrase, complement included; Huddleston & Pullum 2002, ch. 9 §3). The sources need not
/// prove the absence: an answer stating what they report no sign of is not supported by them.
pub(super) fn evidence_complement(text: &str, toks: &[Token<'_>], no: usize) -> Option<usize> {
    let is = |k: usize, w: &str| toks.get(k).is_some_and(|t| t.raw.eq_ignore_ascii_case(w));
    let plain = |k: usize| {
        toks.get(k)
            .is_some_and(|t| !t.is_number && t.raw.starts_with(char::is_lowercase))
    };
    let noun = (no + 1..=no + 2).find(|&k| EVIDENCE_NOUNS.iter().any(|w| is(k, w)))?;
    if noun == no + 2 && !(plain(no + 1) && modifier_like(toks[no + 1].raw)) {
        return None;
    }
    let of = noun + 1;
    let head = if plain(of + 1) && modifier_like(toks[of + 1].raw) && plain(of + 2) {
        of + 2
    } else {
        of + 1
    };
    (is(of, "of") && plain(head) && (no..head).all(|k| gap(text, toks, k, k + 1).trim().is_empty()))
        .then_some(head)
}

/// Endings of English adjectives and participles ("serious", "significant", "reported",
/// "known"), for [`modifier_like`].
pub(super) const MODIFIER_ENDINGS: &[&str] = &[
    "ous", "ful", "ive", "able", "ible", "al", "ic", "ant", "ent", "less", "ary", "ory", "ed",
    "own",
];

/// Whether a lower-case word reads as a modifier of the noun after it by its ending
/// ([`MODIFIER_ENDINGS`]; derivational suffixes of adjectives, Quirk et al. 1985, App. I) or
/// as one of a few short adjectives that carry none ("major", "minor", "new", "real", "other").
pub(super) fn modifier_like(raw: &str) -> bool {
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
pub(super) const PRIVATIVES: &[&str] = &[
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
pub(super) fn privative_before(toks: &[Token<'_>], at: usize) -> bool {
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
pub(super) fn opens_with_description(text: &str, toks: &[Token<'_>]) -> bool {
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
        && !crate::text::is_stopword_raw(head.raw)
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
pub(super) fn definite_descriptions<'a>(toks: &[Token<'a>]) -> Vec<Cow<'a, str>> {
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
pub(super) fn name_runs(ks: &[Key<'_>], index: &SourceIndex<'_>) -> Vec<Vec<Option<u32>>> {
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
pub(super) struct NameRuns {
    /// The token index of the last name met, and its run.
    pub(super) last: Option<(usize, u32)>,
    /// Runs numbered so far.
    pub(super) count: u32,
}

impl NameRuns {
    /// The run of the name at token `i` of `toks` (offsets in `text`): the run of the name
    /// before it when that is token `i − 1` with only white space between them and no
    /// possessive ("Saturday's Australian newspapers" names two things), else a new one.
    pub(super) fn of(&mut self, i: usize, text: &str, toks: &[Token<'_>]) -> u32 {
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

/// Finite verbs and auxiliaries that follow a subject ("Manning threw", "Harding was"), lower
/// case: after a capitalised "-ing" word they make it a name, not a gerund ([`opening_gerund`]).
const AFTER_SUBJECT: &[&str] = &[
    "is", "was", "are", "were", "has", "had", "have", "will", "would", "can", "could", "did",
    "does", "do", "may", "might", "must", "should", "shall",
];

/// Whether the capitalised word `toks[i]` opening a sentence (`lower`, lower case) is a gerund
/// the request writes as a verb in lower case: it ends in "-ing", its inflection stem
/// ([`inflection_stem`]) is one the request writes in lower case ("register", "registers" or
/// "registered" for "Registering"), and the token after it is a number or a lower-case
/// function word that is no finite verb ([`AFTER_SUBJECT`]), as a gerund's object or adjunct
/// opens ("Registering on 20 August puts you in …", "Adding 4 seats …"); a surname in "-ing"
/// is followed by its verb ("Manning threw", "Harding was").
fn opening_gerund(toks: &[Token<'_>], i: usize, lower: &str, lower_vocab: &LowerVocab<'_>) -> bool {
    if lower.len() < 6 || !lower.ends_with("ing") {
        return false;
    }
    let gerund_after = toks.get(i + 1).is_some_and(|n| {
        n.is_number || {
            let next = lower_cow(n.raw);
            !capitalised(n) && is_stopword(&next) && !AFTER_SUBJECT.contains(&next.as_ref())
        }
    });
    gerund_after && {
        let stem = inflection_stem(Cow::Borrowed(lower));
        stem.len() >= 3
            && lower_vocab.words.iter().any(|w| {
                w.starts_with(stem.as_ref())
                    && w.as_ref() != lower
                    && inflection_stem(normal_form(Cow::Borrowed(w.as_ref()))) == stem
            })
    }
}

/// What a request writes in lower case, the evidence that a capitalised word is no name or
/// that an ordinary word opening a sentence opens one ([`opens_name_run`]).
#[derive(Debug, Default)]
pub(super) struct LowerVocab<'a> {
    /// Words that occur in lower case (first letter not upper case) somewhere in the request,
    /// lower-cased (borrowed from the request when they already are).
    pub(super) words: FastSet<Cow<'a, str>>,
    /// The pairs of capitalised words the request writes mid-sentence one character apart (a
    /// space, as a rule), lower-cased and joined by a space ("little ashby" for "… in Little
    /// Ashby …"; [`joined_lower`]; a word holds no space, so the pair is one string either way
    /// it is split).
    pub(super) pairs: FastSet<String>,
}

impl<'a> LowerVocab<'a> {
    /// The vocabulary of texts given by their [`tokens`].
    pub(super) fn of(texts: &[&[Token<'a>]]) -> Self {
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
    pub(super) fn has_word(&self, lower: &str) -> bool {
        self.words.contains(lower)
    }

    /// Whether the request writes the words `a` and `b` (as written) mid-sentence as a pair of
    /// capitalised words, in any case.
    pub(super) fn has_pair(&self, a: &str, b: &str) -> bool {
        !self.pairs.is_empty() && self.pairs.contains(&joined_lower(a, ' ', b))
    }
}

/// Words `a` and `b` lower-cased ([`crate::text::to_lower`]) and joined by `sep`, in one
/// allocation: the key of a pair in [`LowerVocab::pairs`] ("little ashby"), or of a name joined
/// by an en dash ("lincoln-douglas", [`SourceIndex::build`]).
pub(super) fn joined_lower(a: &str, sep: char, b: &str) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
