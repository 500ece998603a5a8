//! Titles, suffixes, heads and tails of names ([`name_affix`], [`name_head`], [`name_tail`]).

use super::*;

/// Abbreviated titles that stand before a name: "St.Louis", "Dr.Watson" and "Dr. Watson" are one
/// name, in one sentence ([`sentence_spans`]).
pub(super) const TITLES: &[&str] = &[
    "Mr", "Mrs", "Ms", "Dr", "St", "Mt", "Ft", "Prof", "Gen", "Col", "Lt", "Sgt", "Rev",
];

/// The [`TITLES`] of persons and the honorifics "Sir" and "Dame": written before a name ("Dr.
/// King", "Mrs Dalloway", "Sir Isaac Newton"), they name no entity of their own
/// ([`name_affix`]).
pub(super) const PERSON_TITLES: &[&str] = &[
    "Mr", "Mrs", "Ms", "Dr", "Prof", "Gen", "Col", "Lt", "Sgt", "Rev", "Sir", "Dame",
];

/// Abbreviations written after a name that name no entity of their own: generational suffixes
/// ("Martin Luther King Jr.") and legal forms of companies ("Apple Inc.", "Tesco plc"), as
/// written ([`name_affix`]). Before a lower-case word their "." ends no sentence ("Apple Inc.
/// is based in Cupertino", [`abbreviation_continues`]).
pub(super) const NAME_SUFFIXES: &[&str] =
    &["Jr", "Sr", "Inc", "Ltd", "Corp", "Co", "Plc", "plc", "LLC"];

/// The abbreviated heads of place names and their words: "Mt. Everest" is "Mount Everest",
/// "St. Petersburg" "Saint Petersburg", "Ft. Worth" "Fort Worth" ([`name_head`]).
pub(super) const NAME_HEADS: &[(&str, &str)] = &[("Ft", "fort"), ("Mt", "mount"), ("St", "saint")];

/// The abbreviated tails of street names and their words: "Elm Ave" is "Elm Avenue", "Quarry
/// Rd." "Quarry Road", "Mill St" "Mill Street" ([`name_tail`], and `features` for the names
/// an answer adds).
pub(crate) const NAME_TAILS: &[(&str, &str)] = &[
    ("Ave", "avenue"),
    ("Blvd", "boulevard"),
    ("Hwy", "highway"),
    ("Ln", "lane"),
    ("Pkwy", "parkway"),
    ("Rd", "road"),
    ("Sq", "square"),
    ("St", "street"),
];

/// Whether `t` is a word whose first letter is upper case (not a number).
pub(super) fn capitalised(t: &Token<'_>) -> bool {
    !t.is_number && t.raw.starts_with(char::is_uppercase)
}

/// Whether token `i` of `toks` (offsets in `text`) is a title before a name ([`PERSON_TITLES`],
/// a capitalised word next, after at most a "."), or a suffix after one ([`NAME_SUFFIXES`], after
/// a capitalised word and at most a ","): not keyed, and no part of a name's words.
pub(crate) fn name_affix(text: &str, toks: &[Token<'_>], i: usize) -> bool {
    let raw = toks[i].raw;
    // The neighbour is tested before the lists are scanned: most words have no capitalised one.
    (toks.get(i + 1).is_some_and(capitalised)
        && PERSON_TITLES.contains(&raw)
        && matches!(gap(text, toks, i, i + 1), "" | "."))
        || (i > 0
            && capitalised(&toks[i - 1])
            && NAME_SUFFIXES.contains(&raw)
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

/// The word an abbreviated tail of a street name stands for ([`NAME_TAILS`]: "Ave" →
/// "avenue") when token `i` of `toks` (offsets in `text`) is one right after a capitalised
/// word or an ordinal ("Elm Ave", "5th Ave"; spaces between). "St" is a street's only when no
/// capitalised word follows it after at most a "." ("St. Louis" is a saint's, [`name_head`]).
pub(crate) fn name_tail(text: &str, toks: &[Token<'_>], i: usize) -> Option<&'static str> {
    let (short, full) = *NAME_TAILS.iter().find(|(a, _)| *a == toks[i].raw)?;
    let ordinal =
        |t: &Token<'_>| t.is_number && ["st", "nd", "rd", "th"].iter().any(|e| t.raw.ends_with(e));
    // (`gap` trims spaces: "" is a space or none.)
    let after_name = i > 0
        && (capitalised(&toks[i - 1]) || ordinal(&toks[i - 1]))
        && gap(text, toks, i - 1, i).is_empty();
    // A saint's name follows "St" ("St. Louis", "Charlie St. Cloud"; so may a new sentence:
    // "Mill St. It opened …" stays a saint's, as before).
    let head = short == "St"
        && toks.get(i + 1).is_some_and(capitalised)
        && matches!(gap(text, toks, i, i + 1), "" | ".");
    (after_name && !head).then_some(full)
}
