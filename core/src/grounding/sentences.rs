//! Sentence splitting of answers and sources ([`sentence_spans`], [`source_sentence_spans`]).

use super::*;

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
        // Most characters continue a word in lower-case ASCII: no glue point (that needs an
        // upper-case letter or a digit here), no punctuation, the word goes on.
        if prev_word_len > 0 && c.is_ascii_lowercase() {
            prev_char = c;
            prev_word_len += 1;
            continue;
        }
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
pub(super) const FIELD_LABEL_MAX_WORDS: usize = 4;

/// Most words of a record's field value ("Reykjavík", "387,800 (2023)") in [`field_line`]:
/// longer is a sentence after a label ("Document 1: The laptop ships with …").
pub(super) const FIELD_VALUE_MAX_WORDS: usize = 8;

/// Whether `line` (one whole line, trimmed) is a field of a record: "Label: value", a label of
/// at most [`FIELD_LABEL_MAX_WORDS`] words that opens with a letter and holds only letters,
/// digits, spaces and `-()/'&`, then a value of at most [`FIELD_VALUE_MAX_WORDS`] words that
/// does not end a sentence (`.`, `!`, `?`). A speaker's turn ("User: hi",
/// [`opens_with_speaker_turn`]) is no field.
pub(super) fn field_line(line: &str) -> bool {
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
/// [`NAME_SUFFIXES`]), a month abbreviation before a day ("Feb. 15",
/// [`crate::text::month_index`]) or a number sign before its number ("near no. 40",
/// [`NUMBER_SIGNS`]).
pub(super) fn abbreviation_continues(text: &str, word_start: usize, dot: usize) -> bool {
    let word = &text[word_start..dot];
    let Some(next) = text[dot + 1..].trim_start().chars().next() else {
        return false;
    };
    (TITLES.contains(&word) && next.is_uppercase())
        || (NAME_SUFFIXES.contains(&word) && next.is_lowercase())
        || ((crate::text::abbreviation_month(word).is_some() || NUMBER_SIGNS.contains(&word))
            && next.is_ascii_digit())
}

/// Abbreviations written before a number they label ("No. 40", "Vol. 3", "Fig. 2", "pp. 12",
/// "Art. 5"): the sentence continues after their ".".
const NUMBER_SIGNS: &[&str] = &[
    "No", "no", "Nos", "nos", "Vol", "vol", "Fig", "fig", "pp", "Art", "art",
];

#[cfg(test)]
mod tests {
    use super::*;

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
        let t = "The lights near no. 40 are out. See Fig. 2 and pp. 12-14. Say no. Then go.";
        let s: Vec<&str> = sentence_spans(t).iter().map(|&(a, b)| &t[a..b]).collect();
        assert_eq!(
            s,
            [
                "The lights near no. 40 are out.",
                "See Fig. 2 and pp. 12-14.",
                "Say no.",
                "Then go."
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
}
