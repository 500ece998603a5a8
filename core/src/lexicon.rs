//! Ordinary words: a lexicon that tells a capitalised word opening a sentence ("Officials say …",
//! "Comes after …") from a name ("Sydney is …").
//!
//! A capital letter marks a name except at a sentence start, where every word has one. There the
//! request itself often settles it (the word also occurs in lower case: `grounding`'s lower-case
//! vocabulary), but a short answer or summary sentence may open with a word its sources never use
//! in lower case, and such a word was read as a name the sources lack: a "novel name" and a claim
//! conflict on correct summaries (17 % of the claims of 300 correct HaluEval summaries were marked
//! contradicted, most by an opening word). This lexicon holds the words that occur written in lower
//! case in at least [`MIN_GROUPS`] dev groups (`shared/data/halueval-*.dev.jsonl`); the trainer
//! writes it (`train/src/lexicon.rs`, `weights/common_words.txt`, one word per line, sorted by
//! bytes), so the rule is learnt from text, not listed by hand. Names are almost never written in
//! lower case ("sydney", "paris" and "london" occur in none of the dev groups).

use std::sync::OnceLock;

/// How many distinct dev groups must write a word in lower case for it to count as ordinary.
pub const MIN_GROUPS: usize = 10;

/// The lexicon file: lower-case words, one per line, sorted by bytes (written by the trainer).
pub const COMMON_WORDS: &str = include_str!("weights/common_words.txt");

/// The lexicon's words as a sorted slice, split once per process.
fn words() -> &'static [&'static str] {
    static WORDS: OnceLock<Vec<&'static str>> = OnceLock::new();
    WORDS.get_or_init(|| COMMON_WORDS.lines().filter(|w| !w.is_empty()).collect())
}

/// Whether `lower` (a lower-cased word) is an ordinary word of English text: one written in lower
/// case in at least [`MIN_GROUPS`] dev groups. Binary search; no allocation after the first call.
pub fn is_common_word(lower: &str) -> bool {
    words().binary_search(&lower).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lexicon_is_sorted_lower_case_and_unique() {
        let w = words();
        assert!(w.len() > 1000, "{}", w.len());
        assert!(w.windows(2).all(|p| p[0] < p[1]));
        assert!(w.iter().all(|x| !x.chars().any(char::is_uppercase)));
    }

    #[test]
    fn ordinary_words_are_in_it_and_place_names_are_not() {
        for w in ["officials", "eventually", "comes", "found"] {
            assert!(is_common_word(w), "{w}");
        }
        for w in ["sydney", "canberra", "paris", "london"] {
            assert!(!is_common_word(w), "{w}");
        }
    }
}
