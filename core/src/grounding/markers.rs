//! Citation and list markers, which are no numbers of a claim ([`is_citation_marker`],
//! [`is_list_marker`]).

use super::*;

/// Words that label a retrieved source inside square brackets or parentheses before its number
/// ("[Ref 2]", "(Result 1)"), as retrieval pipelines tag each passage they paste into a context
/// and answers cite them, lower case; those of [`PASSAGE_LABELS`] label one anywhere.
pub(super) const CITATION_LABELS: &[&str] = &[
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
pub(super) const PASSAGE_LABELS: &[&str] = &[
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
pub(super) const CITATION_MAX: usize = 16;

/// Whether `c` may stand between the numbers of a citation ("[2, 3]", "[4–6]").
pub(super) fn citing(c: char) -> bool {
    c.is_ascii_digit() || matches!(c, ',' | ' ' | '-' | '–')
}

/// Whether the word at `i` (offsets in `text`) labels a source before the whole number after it:
/// a word of [`PASSAGE_LABELS`] (any case) anywhere ("Document 2", "(source: Doc 2)"), or of
/// [`CITATION_LABELS`] right after "[" or "(" with the brackets closed after the number or the
/// run of numbers ("[Ref 2]", "(Result 1, 3)").
pub(super) fn is_citation_label(text: &str, toks: &[Token<'_>], i: usize) -> bool {
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
