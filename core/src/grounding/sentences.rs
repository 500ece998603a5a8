//! Sentence splitting of answers and sources ([`sentence_spans`], [`source_sentence_spans`]).

use super::*;

/// Whether a dot leader ends at byte `at` of `text` and leads to its line's value: four or
/// more dots before `at`, then, past spaces and tabs, a number (a currency sign before it)
/// that is the last thing on its line ("Subtotal ........ £163.89"; not an ellipsis, "I
/// waited... 20 minutes later it came", [`sentence_spans`]).
fn leader_value_follows(text: &str, at: usize) -> bool {
    if !text[..at].ends_with("....") {
        return false;
    }
    let line = text[at..].split('\n').next().unwrap_or("");
    let value = line.trim().trim_start_matches(['£', '$', '€', '¥']);
    value.starts_with(|c: char| c.is_ascii_digit())
        && value
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, ',' | '.'))
}

/// Byte spans of the sentences of `text`: split after `.`, `!`, `?`, `;` followed by white space
/// (a `.` between digits or after a single capital letter, as in "3.5" or "J. Smith", does not
/// split, nor one that ends an abbreviation the sentence continues after,
/// [`abbreviation_continues`]: "Dr. Mette Holm", "Feb. 15"), after a `.` that joins two
/// sentences without a space ("…in 1989.James Henry Miller was…": the `.` ends a word of two or more characters whose last is a lower-case letter or a
/// digit, and a capitalised word of two or more letters follows; "U.S.A", "Ph.D", "3.5" and a
/// title before a name, "St.Louis", stay whole) or a closing bracket or quote (`"(1970).Alfred"`,
/// `"\"Sing Street\".Sing Street is"`: an upper-case letter and a letter or dot follow; not a
/// call's `"().Field"`), at a point where two sentences were glued by
/// a repeated phrase ([`glued_repeat`]: "Rush has genre ActionAction has examples: Zoom"), and
/// at line breaks; not after a dot leader of four or more dots to the number that ends its
/// line ("Subtotal ........ £163.89", [`leader_value_follows`]). Spans are trimmed; spans
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
            // The last dot of a leader run before a number on its line ("Subtotal
            // ........ £163.89", an invoice's or a contents page's) ends nothing: the number is
            // the line's value.
            '.' if next_ws() && prev_char == '.' && leader_value_follows(text, i + 1) => false,
            '.' if next_ws() => {
                let initial = prev_word_len == 1 && prev_word_cap;
                !(initial
                    || (prev_word_len == 1 && dotted_lower_continues(text, word_start, i))
                    || (prev_word_len >= 2 && abbreviation_continues(text, word_start, i)))
            }
            '.' => {
                let mut after = text[i + 1..].chars();
                let (next, then) = (after.next(), after.next());
                if matches!(prev_char, ')' | '"' | '\u{201d}') {
                    // A paragraph joined after a closing bracket or quote ("… (1970).Alfred
                    // Hitchcock …", "… \"Sing Street\".Sing Street is …", "… Die
                    // Linke).ZÈRTZ is …", "…).A.I. Bezzerides"); not a call's "().".
                    !text[..i].ends_with("()")
                        && next.is_some_and(char::is_uppercase)
                        && then.is_some_and(|c| c.is_alphabetic() || c == '.')
                } else {
                    prev_word_len >= 2
                        && (prev_char.is_lowercase() || prev_char.is_ascii_digit())
                        && !TITLES.contains(&&text[word_start..i])
                        && next.is_some_and(char::is_uppercase)
                        && then.is_some_and(char::is_lowercase)
                }
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
///
/// A context that is one JSON document (a business's record, an API result: data-to-text
/// requests, as RAGTruth's Yelp rows send them; Niu et al. 2024, "RAGTruth", §3.1) is split at its
/// members instead ([`json_member_spans`]): on one line, the whole record would be one sentence,
/// and a claim about the Saturday hours would be aligned to every number of the record at once.
pub fn source_sentence_spans(context: &str) -> Vec<(usize, usize)> {
    if let Some(members) = json_member_spans(context) {
        return members;
    }
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

/// A heading of a source, said of the lines below it: a markdown heading (CommonMark 0.31 §4.2,
/// ATX headings: a line of one to six `#` after at most three spaces, then a space or tab and
/// the heading's text, [`markdown_headings`]), a plain-text title ([`plain_headings`]), a
/// list's lead-in ([`lead_in_headings`]), or a document's label line, which ends the headings
/// before it ([`document_breaks`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Heading {
    /// Byte offset of the line's start.
    pub(super) line: usize,
    /// Byte span of the heading's text (after the `#`s, trimmed, closing `#`s kept; a plain
    /// title's line trimmed; a lead-in's last sentence; empty for a document's label line).
    pub(super) text: (usize, usize),
    /// The number of `#`s, 1 to 6 ([`PLAIN_HEADING_LEVEL`], [`LEAD_IN_LEVEL`],
    /// [`DOCUMENT_LEVEL`] for the others).
    pub(super) level: u8,
    /// The byte offset where its scope ends at the latest ([`lead_in_headings`]: its list's
    /// end); `usize::MAX` for a heading whose scope runs to the next one of its level or above.
    pub(super) until: usize,
}

/// The ATX headings of `context` in order ([`Heading`]). A heading scopes the lines below it
/// until the next heading of its level or above: in a changelog "## [2.3.0] - 2023-01-09" is
/// the version and date of every item of its section, which the items never repeat, as a
/// table's header is of its cells (`tables`). Empty for a source without a line that opens
/// with `#` (tested first, without splitting lines).
pub(super) fn markdown_headings(context: &str) -> Vec<Heading> {
    let mut out = Vec::new();
    if !context.trim_start_matches([' ', '\t']).starts_with('#')
        && !context.contains("\n#")
        && !context.contains("\n #")
    {
        return out;
    }
    let mut line = 0;
    for l in context.split_inclusive('\n') {
        let indent = l.len() - l.trim_start_matches(' ').len();
        let rest = &l[indent..];
        let level = rest.bytes().take_while(|&b| b == b'#').count();
        let after = &rest[level..];
        if indent <= 3 && (1..=6).contains(&level) && after.starts_with([' ', '\t']) {
            let start = line + indent + level + (after.len() - after.trim_start().len());
            let end = line + indent + level + after.trim_end().len();
            if start < end {
                out.push(Heading {
                    line,
                    text: (start, end),
                    level: level as u8,
                    until: usize::MAX,
                });
            }
        }
        line += l.len();
    }
    out
}

/// [`Heading::level`] of a plain-text heading ([`plain_headings`]): below every ATX level, so
/// that a markdown heading ends its section and the next plain heading replaces it.
pub(super) const PLAIN_HEADING_LEVEL: u8 = 7;

/// The most words a plain-text heading line has ([`plain_headings`]).
const PLAIN_HEADING_MAX_WORDS: usize = 8;

/// The words of a title line outside its brackets: a bracketed gloss says what the section
/// covers and does not make the line a sentence ("Zone B (south of Mill Road, including
/// Harbour Estate)" is a title of two words). A bracket the line leaves open encloses nothing
/// (all its words count).
fn title_words(line: &str) -> usize {
    let mut depth = 0usize;
    let mut words = 0;
    let mut in_word = false;
    for c in line.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
        let word_char = !c.is_whitespace() && depth == 0 && c != ')';
        if word_char && !in_word {
            words += 1;
        }
        in_word = word_char;
    }
    // A bracket left open on the line is no gloss: a wrapped sentence's words.
    if depth > 0 {
        return line.split_whitespace().count();
    }
    words
}

/// The plain-text headings of `context` in order, at [`PLAIN_HEADING_LEVEL`]: a line that opens
/// a block (the first line, or one after a blank line), is followed by a line of text, has at
/// most [`PLAIN_HEADING_MAX_WORDS`] words outside brackets ([`title_words`]), a letter, and no
/// sentence punctuation at its end or a colon inside ("4. Secondary caregiver leave",
/// "Directions", "Reporting dashboard", "Zone B (south of Mill Road, including Harbour Estate)").
/// A policy's or a leaflet's sections are titled so, and the title is said of every line
/// below it, as an ATX heading's is ([`markdown_headings`]). A line that opens a list whose
/// next line is an item of the same list ("1. Preheat the oven" before "2. …") is an item,
/// not a heading; a markdown heading, a bullet and a table row are none.
pub(super) fn plain_headings(context: &str) -> Vec<Heading> {
    let mut out = Vec::new();
    if !context.contains('\n') {
        return out;
    }
    let lines = lines_at(context);
    let marker = list_marker;
    for (n, &(start, l)) in lines.iter().enumerate() {
        let text = l.trim();
        let opens_block = n == 0 || lines[n - 1].1.trim().is_empty();
        let Some(&(_, next)) = lines.get(n + 1).filter(|(_, x)| !x.trim().is_empty()) else {
            continue;
        };
        let m = marker(l);
        // A bullet, a table row, a quote, a markdown heading, an item of a list going on, a
        // sentence or a labelled line is no title.
        let bullet = matches!(m, Some(b) if b != b'1');
        let list_goes_on = m.is_some() && marker(next) == m;
        let excluded = text.starts_with(['#', '|', '>'])
            || bullet
            || list_goes_on
            || text.ends_with(['.', '!', '?', ':', ';', ','])
            || text.contains(':');
        let is_heading = opens_block
            && !excluded
            && title_words(text) <= PLAIN_HEADING_MAX_WORDS
            && text.chars().any(char::is_alphabetic);
        if is_heading {
            let from = start + (l.len() - l.trim_start().len());
            out.push(Heading {
                line: start,
                text: (from, from + text.len()),
                level: PLAIN_HEADING_LEVEL,
                until: usize::MAX,
            });
        }
    }
    out
}

/// The lines of `context` (each with its line break) and the byte offset where each starts.
pub(super) fn lines_at(context: &str) -> Vec<(usize, &str)> {
    context
        .split_inclusive('\n')
        .scan(0, |at, l| {
            let start = *at;
            *at += l.len();
            Some((start, l))
        })
        .collect()
}

/// The kind of list marker a line opens with: `b'1'` for digits and "." or ")", the bullet
/// character for "-", "*" or "+" before a space, `b'*'` for "•" or "–"; None for a line that
/// opens no list item.
fn list_marker(l: &str) -> Option<u8> {
    let t = l.trim_start();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    match (digits, t.as_bytes().get(digits)) {
        (1.., Some(b'.' | b')')) => Some(b'1'),
        (0, Some(&b)) if matches!(b, b'-' | b'*' | b'+') && t[1..].starts_with(' ') => Some(b),
        _ if t.starts_with('•') || t.starts_with('–') => Some(b'*'),
        _ => None,
    }
}

/// [`Heading::level`] of a list's lead-in line ([`lead_in_headings`]): below a plain heading,
/// whose title stays said of the list's items too.
pub(super) const LEAD_IN_LEVEL: u8 = 8;

/// [`Heading::level`] of a document's label line ([`document_breaks`]): above every heading,
/// so that a new document ends every section of the one before.
pub(super) const DOCUMENT_LEVEL: u8 = 0;

/// The most words a list's lead-in line has ([`lead_in_headings`]).
const LEAD_IN_MAX_WORDS: usize = 12;

/// The lead-in lines of the lists of `context`, as headings at [`LEAD_IN_LEVEL`] whose scope
/// ends with their list ([`Heading::until`]): a line of at most [`LEAD_IN_MAX_WORDS`] words
/// that ends in a colon and is no list item, table row, quote or markdown heading itself,
/// right above a line that opens a list item ([`list_marker`]); its list runs over the lines
/// after it that open an item of the same kind or continue one (indented), up to a blank line
/// or any other line. The lead-in's last sentence is said of each item, as a title is of the
/// lines below it ([`plain_headings`]): "From 1 July 2024:" dates "• We're removing the £1.50
/// cash fee …", which never repeats the date. (A lead-in that denies or excepts, "Not
/// covered:", lends its items no keys: `SourceIndex::build`.)
pub(super) fn lead_in_headings(context: &str) -> Vec<Heading> {
    let mut out = Vec::new();
    if !context.contains(':') {
        return out;
    }
    let lines = lines_at(context);
    for (n, &(start, l)) in lines.iter().enumerate() {
        let text = l.trim();
        let Some(kind) = lines.get(n + 1).and_then(|(_, next)| list_marker(next)) else {
            continue;
        };
        if !text.ends_with(':')
            || text.starts_with(['#', '|', '>'])
            || list_marker(l).is_some()
            || text.split_whitespace().count() > LEAD_IN_MAX_WORDS
        {
            continue;
        }
        let list_end = lines[n + 1..]
            .iter()
            .take_while(|(_, x)| {
                !x.trim().is_empty() && (list_marker(x) == Some(kind) || x.starts_with([' ', '\t']))
            })
            .last()
            .map_or(start + l.len(), |(at, x)| at + x.len());
        // Its last sentence only ("The fee was £1.50 until June. From 1 July 2024:").
        let last = text[..text.len() - 1].rfind(". ").map_or(0, |p| p + 2);
        let from = start + (l.len() - l.trim_start().len()) + last;
        out.push(Heading {
            line: start,
            text: (from, from + text.len() - last),
            level: LEAD_IN_LEVEL,
            until: list_end,
        });
    }
    out
}

/// The lines of `context` that open a new document of several pasted together, with its label
/// and number ("[Document 2] Letter to customers …", "Document 2:", "(Source 3)", "Passage 4 —
/// …", "Document 1 (Title: …)": a word of `PASSAGE_LABELS`, any case, after any "[" or "(",
/// then a number that a bracket, a colon, a dash or the line's end follows; not "Sources 5 and
/// 6 agree"), as headings at [`DOCUMENT_LEVEL`] with no text, when the context holds two or
/// more: each ends every section of the document before it (the "effective 1 January 2024" of
/// document 1's title is not said of document 2's letter), though not a title above the first.
pub(super) fn document_breaks(context: &str) -> Vec<Heading> {
    let mut out = Vec::new();
    for (start, l) in lines_at(context) {
        let t = l.trim_start().trim_start_matches(['[', '(']);
        let word_end = t.find(|c: char| !c.is_alphabetic()).unwrap_or(t.len());
        let rest = t[word_end..].trim_start_matches(' ');
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let after = rest[digits..].trim_end();
        let labelled = word_end > 0
            && PASSAGE_LABELS
                .iter()
                .any(|w| t[..word_end].eq_ignore_ascii_case(w))
            && digits > 0
            && (after.is_empty()
                || after.starts_with([']', ')', '(', ':', '—', '–'])
                || after.starts_with(" (")
                || [" —", " –", " - "].iter().any(|d| after.starts_with(d)));
        if labelled {
            out.push(Heading {
                line: start,
                text: (start, start),
                level: DOCUMENT_LEVEL,
                until: usize::MAX,
            });
        }
    }
    // One labelled line is a line of one text ("Source 2: the ministry said …"), not a
    // second document.
    if out.len() < 2 {
        out.clear();
    }
    out
}

/// Byte spans of the members of `context` when it is one JSON document (RFC 8259; an object
/// or array, checked by parsing it with `serde_json`), None otherwise. The members are the
/// text between the structural characters `{`, `}`, `[`, `]` and `,` outside strings; the
/// consecutive short members of one object or array — a value of at most
/// [`FIELD_VALUE_MAX_WORDS`] words: `"city": "Mesa", "state": "AZ"`, the days of `"hours"` —
/// are one record, joined as [`source_sentence_spans`] joins the lines of a fact sheet
/// (TabFact's linearised row); a longer value (a review's text) is split into its sentences by
/// [`sentence_spans`]. A member that is only a key before a nested object or array
/// (`"hours": {`) names no fact and ends the record before it; so does the nested container.
pub(super) fn json_member_spans(context: &str) -> Option<Vec<(usize, usize)>> {
    let body = context.trim();
    if !(body.starts_with('{') && body.ends_with('}')
        || body.starts_with('[') && body.ends_with(']'))
    {
        return None;
    }
    serde_json::from_str::<serde::de::IgnoredAny>(body).ok()?;
    let mut out: Vec<(usize, usize)> = Vec::new();
    // Whether the last span of `out` is a short member (or a record of them) that a short
    // member after the next "," joins.
    let mut open_record = false;
    let mut member = |s: usize, e: usize, after_comma: bool, out: &mut Vec<(usize, usize)>| {
        let piece = &context[s..e];
        let spans = sentence_spans(piece);
        let key_only = piece.trim_end().ends_with(':');
        let short = !key_only
            && spans.len() == 1
            && piece.split_whitespace().count() <= FIELD_VALUE_MAX_WORDS + 1;
        if key_only || spans.is_empty() {
            open_record = false;
            return;
        }
        match out.last_mut() {
            Some(last) if short && open_record && after_comma => last.1 = s + spans[0].1,
            _ => out.extend(spans.iter().map(|&(x, y)| (s + x, s + y))),
        }
        open_record = short;
    };
    let (mut start, mut in_string, mut escaped, mut after_comma) = (0, false, false, false);
    for (i, b) in context.bytes().enumerate() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'{' | b'}' | b'[' | b']' | b',' => {
                member(start, i, after_comma, &mut out);
                start = i + 1;
                after_comma = b == b',';
            }
            _ => {}
        }
    }
    member(start, context.len(), after_comma, &mut out);
    Some(out)
}

/// Whether the "." at byte `dot`, after the word that starts at `word_start`, ends an
/// abbreviation the sentence continues after (the abbreviation lists of Punkt, Kiss and
/// Strunk 2006, "Unsupervised Multilingual Sentence Boundary Detection", for the cases that
/// matter here): a title before a capitalised name ("Dr. Mette Holm", "St. Louis"; the
/// [`TITLES`]), a suffix of a name before a lower-case word ("Apple Inc. is …";
/// [`NAME_SUFFIXES`]), a lower-case abbreviation before a lower-case word
/// ([`LOWER_ABBREVIATIONS`]), a month abbreviation before a day ("Feb. 15",
/// [`crate::text::month_index`]) or a number sign before its number ("near no. 40",
/// [`NUMBER_SIGNS`]).
pub(super) fn abbreviation_continues(text: &str, word_start: usize, dot: usize) -> bool {
    let word = &text[word_start..dot];
    let Some(next) = text[dot + 1..].trim_start().chars().next() else {
        return false;
    };
    (TITLES.contains(&word) && next.is_uppercase())
        || (NAME_SUFFIXES.contains(&word) && next.is_lowercase())
        || (LOWER_ABBREVIATIONS.contains(&word)
            && (next.is_lowercase() || next.is_ascii_digit() || matches!(next, ',' | ')')))
        || ((crate::text::abbreviation_month(word).is_some() || NUMBER_SIGNS.contains(&word))
            && next.is_ascii_digit())
}

/// Lower-case abbreviations that a sentence goes on after when a lower-case word, a digit, a
/// comma or a closing bracket follows ("(incl. dark-mode variants)", "approx. 40 km", "cats
/// vs. dogs"), as Punkt does not split after an abbreviation before a lower-case word (Kiss
/// and Strunk 2006, §2); before a capital they end it ("… and so on, etc. The next …").
const LOWER_ABBREVIATIONS: &[&str] = &[
    "approx", "ca", "cf", "esp", "etc", "excl", "incl", "resp", "viz", "vs",
];

/// Whether the "." at byte `dot` closes a lower-case dotted abbreviation ("a.m.", "p.m.",
/// "e.g.", "i.e."; the one letter at `letter` follows another letter's ".") that the
/// sentence continues after: a lower-case word, a digit or punctuation comes next ("opens at
/// 7 a.m. and closes at 6 p.m.", "fruit, e.g. apples"), as Punkt does not split after an
/// abbreviation before a lower-case word (Kiss and Strunk 2006, §2). Before a capital it ends
/// the sentence ("… at 5 p.m. The shop …").
fn dotted_lower_continues(text: &str, letter: usize, dot: usize) -> bool {
    let b = text.as_bytes();
    letter >= 2
        && b[letter].is_ascii_lowercase()
        && b[letter - 1] == b'.'
        && b[letter - 2].is_ascii_lowercase()
        && text[dot + 1..]
            .trim_start()
            .chars()
            .next()
            .is_some_and(|c| c.is_lowercase() || c.is_ascii_digit() || matches!(c, ',' | ';' | ')'))
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
    fn paragraphs_joined_after_a_bracket_or_a_quote_split_but_a_call_does_not() {
        let t = "It starred Danny Dyer (2004).David Hobson wrote \"Sing Street\".Sing Street is a \
                 film (the Armenian Academy Award).A.I. Bezzerides was a writer. Call f().Field now.";
        let s: Vec<&str> = sentence_spans(t).iter().map(|&(a, b)| &t[a..b]).collect();
        assert_eq!(
            s,
            [
                "It starred Danny Dyer (2004).",
                "David Hobson wrote \"Sing Street\".",
                "Sing Street is a film (the Armenian Academy Award).",
                "A.I. Bezzerides was a writer.",
                "Call f().Field now."
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
    fn a_lower_case_dotted_abbreviation_before_a_lower_case_word_continues_the_sentence() {
        let t = "It opens at 7 a.m. and closes at 6 p.m. on weekdays, e.g. today. Come at 5 p.m. \
                 The shop is busy.";
        let s: Vec<&str> = sentence_spans(t).iter().map(|&(a, b)| &t[a..b]).collect();
        assert_eq!(
            s,
            [
                "It opens at 7 a.m. and closes at 6 p.m. on weekdays, e.g. today.",
                "Come at 5 p.m.",
                "The shop is busy."
            ]
        );
    }

    #[test]
    fn a_json_document_is_split_into_records_of_short_members_and_long_values() {
        let c = r#"{"name": "Hernandez Auto Care", "city": "Mesa", "state": "AZ", "hours": {"Monday": "7:30-17:30", "Saturday": "8:0-13:0"}, "stars": 4.0, "reviews": [{"text": "Honest mechanics. Will be back, \"really\"."}]}"#;
        let s: Vec<&str> = source_sentence_spans(c)
            .iter()
            .map(|&(a, b)| &c[a..b])
            .collect();
        assert_eq!(
            s,
            [
                r#""name": "Hernandez Auto Care", "city": "Mesa", "state": "AZ""#,
                r#""Monday": "7:30-17:30", "Saturday": "8:0-13:0""#,
                r#""stars": 4.0"#,
                r#""text": "Honest mechanics."#,
                r#"Will be back, \"really\".""#,
            ]
        );
        // Not JSON (or not one document): sentences as before.
        for t in [
            "{not json}",
            "{\"a\": 1} and more",
            "Plain text. Two sentences.",
        ] {
            assert_eq!(json_member_spans(t), None, "{t}");
        }
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
