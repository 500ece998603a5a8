//! Normal forms and inflection stems of words ([`normal_form`], [`inflection_stem`]; Porter 1980).

use super::*;

/// The stem of a word as verb frames compare them: lower-cased, [`normal_form`], then
/// [`inflection_stem`] ("piloted" → "pilot", "wins" → "win").
pub(super) fn word_stem(raw: &str) -> String {
    inflection_stem(normal_form(lower_cow(raw))).into_owned()
}

/// Light normal form of a word for matching: lower case, possessive `'s` dropped, a plural `s`
/// (`ies` → `y`) dropped from words of 4+ letters (Porter-style step 1a, Porter 1980). `lower` is
/// the word already in lower case; the result borrows from it unless a letter changes.
pub(crate) fn normal_form(lower: Cow<'_, str>) -> Cow<'_, str> {
    let w = if !lower.is_ascii() && lower.contains('’') {
        Cow::Owned(lower.replace('’', "'"))
    } else {
        lower
    };
    let mut end = w.len() - if ends_with(w.as_bytes(), b"'s") { 2 } else { 0 };
    let stem = &w.as_bytes()[..end];
    // Only a word ending in "s" can change: its letters are counted only then.
    if stem.last() != Some(&b's') {
        return truncate_cow(w, end);
    }
    let n = w[..end].chars().count();
    if n > 4 && ends_with(stem, b"ies") {
        return Cow::Owned(format!("{}y", &w[..end - 3]));
    }
    if n > 3 && !ends_with(stem, b"ss") && !ends_with(stem, b"us") && !ends_with(stem, b"is") {
        end -= 1;
    }
    truncate_cow(w, end)
}

/// Whether `w` ends with `suffix`, compared byte by byte: `[u8]::ends_with` calls `memcmp`
/// for the two or three bytes of a suffix, which cost more than the comparison on the hot
/// path (every word of the sources is put in normal form).
#[inline(always)]
pub(super) fn ends_with(w: &[u8], suffix: &[u8]) -> bool {
    let Some(tail) = w.len().checked_sub(suffix.len()).map(|k| &w[k..]) else {
        return false;
    };
    let mut i = 0;
    while i < suffix.len() {
        if tail[i] != suffix[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Porter's consonant test (Porter 1980, §2): a letter other than a, e, i, o, u, and other than
/// a "y" that follows a consonant.
pub(super) fn is_consonant(w: &[u8], i: usize) -> bool {
    match w[i] {
        b'a' | b'e' | b'i' | b'o' | b'u' => false,
        b'y' => i == 0 || !is_consonant(w, i - 1),
        _ => true,
    }
}

/// Porter's measure m of `w`: the number of vowel-consonant sequences in [C](VC)^m[V].
pub(super) fn measure(w: &[u8]) -> usize {
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
pub(super) fn has_vowel(w: &[u8]) -> bool {
    (0..w.len()).any(|i| !is_consonant(w, i))
}

/// Whether `w` ends consonant-vowel-consonant, the last not w, x or y (Porter's *o).
pub(super) fn ends_cvc(w: &[u8]) -> bool {
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
pub(super) fn porter_inflection(word: &str) -> Option<Stem> {
    let b = word.as_bytes();
    // Only words that can change (a suffix the steps act on) are copied; the copy lives on the
    // stack (no allocation per word on the hot path), and words longer than it are kept as they are.
    let ends = |s: &[u8]| ends_with(b, s);
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
    if ends_with(&w, b"eed") {
        if measure(&w[..w.len() - 3]) > 0 {
            w.pop();
        }
    } else {
        let cut = if ends_with(&w, b"ed") && has_vowel(&w[..w.len() - 2]) {
            2
        } else if ends_with(&w, b"ing") && has_vowel(&w[..w.len() - 3]) {
            3
        } else {
            0
        };
        if cut > 0 {
            w.truncate(w.len() - cut);
            let n = w.len();
            if ends_with(&w, b"at") || ends_with(&w, b"bl") || ends_with(&w, b"iz") {
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
    if ends_with(&w, b"ll") && measure(&w) > 1 {
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
pub(super) enum Stem {
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
pub(super) fn changed_stem(norm: &str) -> Option<String> {
    match inflection_stem(Cow::Borrowed(norm)) {
        Cow::Borrowed(b) if b.len() == norm.len() => None,
        stem => Some(stem.into_owned()),
    }
}

/// The longest word [`porter_inflection`] stems, in bytes.
pub(super) const STEM_MAX: usize = 40;
