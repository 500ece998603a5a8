//! Which of the upstream's tokens are the audited text's.
//!
//! Teacher forcing sends `prefix + text` and gets back one entry per token of the whole input
//! (TGI `details.prefill`, OpenAI `logprobs.tokens` with `echo`), sometimes followed by the one
//! generated token. The text is a suffix of the input, so its tokens are found by walking back
//! from the end of the input's tokens until their strings cover the text ([`align_suffix`]).
//! Token strings are not always the text verbatim: TGI decodes SentencePiece pieces one by one
//! (leading spaces are lost), llama.cpp drops the bytes of a character split over two tokens,
//! special tokens decode to "". The walk therefore compares at three levels, the first that
//! matches wins: exact; without whitespace (and `▁`); without whitespace and non-ASCII
//! characters. A token that straddles the prefix/text boundary is included.

use std::ops::Range;

#[derive(Clone, Copy)]
enum Level {
    Exact,
    NoSpace,
    AsciiNoSpace,
}

fn normalize(s: &str, level: Level) -> std::borrow::Cow<'_, str> {
    match level {
        Level::Exact => std::borrow::Cow::Borrowed(s),
        Level::NoSpace => s
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '▁')
            .collect::<String>()
            .into(),
        Level::AsciiNoSpace => s
            .chars()
            .filter(|c| c.is_ascii() && !c.is_ascii_whitespace())
            .collect::<String>()
            .into(),
    }
}

/// The range of `tokens` that spells `text` at the end of the input, allowing up to
/// `max_trailing` tokens after it (generated ones); trailing tokens that decode to "" (special
/// tokens) are left out of the range. `None` when no level matches (the text cannot be located).
pub fn align_suffix(tokens: &[&str], text: &str, max_trailing: usize) -> Option<Range<usize>> {
    let n = tokens.len();
    for level in [Level::Exact, Level::NoSpace, Level::AsciiNoSpace] {
        let target = normalize(text, level);
        if target.is_empty() {
            continue;
        }
        let norm: Vec<std::borrow::Cow<'_, str>> =
            tokens.iter().map(|t| normalize(t, level)).collect();
        for drop in 0..=max_trailing.min(n) {
            let end = n - drop;
            let mut start = end;
            let mut covered = 0usize;
            while start > 0 && covered < target.len() {
                start -= 1;
                covered += norm[start].len();
            }
            if covered < target.len() {
                continue;
            }
            let joined: String = norm[start..end].concat();
            if joined.ends_with(target.as_ref()) {
                let mut end = end;
                while end > start + 1 && tokens[end - 1].is_empty() {
                    end -= 1;
                }
                return Some(start..end);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_suffix_with_and_without_a_generated_token() {
        let toks = [
            "user", "\n", "Q", "?", "", "\n", "The", " capital", " is", " Paris", ".",
        ];
        assert_eq!(align_suffix(&toks, "The capital is Paris.", 2), Some(6..11));
        let with_gen = ["x", "\n", "The", " capital", " is", " Paris", ".", "\n"];
        assert_eq!(
            align_suffix(&with_gen, "The capital is Paris.", 2),
            Some(2..7)
        );
        let with_eos = ["x", "\n", "Paris", ".", ""];
        assert_eq!(align_suffix(&with_eos, "Paris.", 2), Some(2..4));
        // No trailing allowance: a generated token makes the exact match fail, the
        // whitespace-free level then includes it (TGI prefill never has one).
        assert_eq!(
            align_suffix(&with_gen, "The capital is Paris.", 0),
            Some(2..8)
        );
    }

    #[test]
    fn straddling_first_token_is_included() {
        let toks = ["assistant", "\nThe", " end"];
        assert_eq!(align_suffix(&toks, "The end", 0), Some(1..3));
    }

    #[test]
    fn sentencepiece_pieces_without_spaces() {
        // TGI's prefill for Llama decodes pieces alone: "request" lost its leading space.
        let toks = ["<s>", "Test", "request"];
        assert_eq!(align_suffix(&toks, "Test request", 0), Some(1..3));
        assert_eq!(align_suffix(&toks, "request", 0), Some(2..3));
    }

    #[test]
    fn split_multibyte_characters() {
        // llama.cpp drops the bytes of "🙂" split over two tokens.
        let toks = ["\n", "Hi", " ", "", "", " there"];
        assert_eq!(align_suffix(&toks, "Hi 🙂 there", 0), Some(1..6));
    }

    #[test]
    fn unlocatable_text() {
        assert_eq!(align_suffix(&["a", "b"], "xyz", 2), None);
        assert_eq!(align_suffix(&[], "x", 2), None);
        assert_eq!(align_suffix(&["a"], "   ", 0), None);
    }
}
