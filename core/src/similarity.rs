//! Lexical similarity between two answers, the default `sim(a, b)` of the samples tier
//! (DESIGN §2.3) and of cross-model agreement in `/v1/compare`.
//!
//! SelfCheckGPT (Manakul, Liusie & Gales, EMNLP 2023) checks an answer against other samples of
//! the same prompt; its n-gram variant scores the answer's tokens under an n-gram model fitted on
//! the samples. We need a symmetric similarity in [0,1] between two answers, so we use the same
//! evidence — shared unigrams and bigrams — as an overlap F1 (ROUGE-N F-measure, Lin 2004):
//!
//! sim(a, b) = ½·F1₁(a, b) + ½·F1₂(a, b),  F1ₙ = 2·|Gₙ(a) ∩ Gₙ(b)| / (|Gₙ(a)| + |Gₙ(b)|)
//!
//! over multisets of lower-cased word n-grams ([`crate::text::lower_words`]); unigrams skip
//! English function words ([`crate::text::is_stopword`]) so that two unrelated English answers
//! do not look alike through "the", "of" and "is". An order n with no n-grams on either side is
//! left out of the mean; two texts with no words at all are similar (1) when they are equal.
//! Lexical overlap cannot tell a paraphrase from a different claim sharing words; an NLI judge
//! (DESIGN §2.3) would, and none is available offline yet.
//!
//! **Given the prompt.** Answers to one prompt share the prompt's words whether or not they
//! agree ("The capital of France is Paris" / "The capital of France is Lyon"), and a small model
//! often restates the question or the instruction instead of answering. Semantic entropy judges
//! equivalence *in the context of the question* (Kuhn, Gal & Farquhar, ICLR 2023, §3.2: the
//! question is prepended to both answers before the entailment check), so the question's words
//! cannot make two answers equivalent. The lexical analogue used here ([`Profile::given`]):
//! content-word unigrams that occur in the prompt are left out, and so are bigrams whose two
//! words both occur in it; what remains is what the answers add to the prompt. Measured on
//! SmolLM2's TriviaQA answers (README "Evidence tiers"), this is what makes sample agreement
//! informative at all.

use crate::text::{is_stopword, lower_words};
use std::collections::{HashMap, HashSet};

/// Similarity below which two answers count as disagreeing in explanations
/// ("disagrees with N of M other models"). A reading aid, not a fitted threshold.
pub const DISAGREE_BELOW: f64 = 0.2;

fn counts(grams: impl Iterator<Item = String>) -> HashMap<String, u32> {
    let mut m = HashMap::new();
    for g in grams {
        *m.entry(g).or_insert(0) += 1;
    }
    m
}

fn f1(a: &HashMap<String, u32>, b: &HashMap<String, u32>) -> Option<f64> {
    let (na, nb): (u32, u32) = (a.values().sum(), b.values().sum());
    if na + nb == 0 {
        return None;
    }
    let overlap: u32 = a
        .iter()
        .map(|(g, &c)| c.min(b.get(g).copied().unwrap_or(0)))
        .sum();
    Some(2.0 * f64::from(overlap) / f64::from(na + nb))
}

/// The n-gram profile of a text: content-word unigrams and all word bigrams, with counts.
#[derive(Debug, Clone, PartialEq)]
pub struct Profile {
    unigrams: HashMap<String, u32>,
    bigrams: HashMap<String, u32>,
    lower: String,
}

/// The lower-cased words of a prompt, left out of answer profiles by [`Profile::given`]
/// (empty when there is no prompt).
pub fn prompt_words(prompt: Option<&str>) -> HashSet<String> {
    prompt
        .map(lower_words)
        .unwrap_or_default()
        .into_iter()
        .collect()
}

impl Profile {
    /// Builds the profile of `text` on its own (no prompt).
    pub fn of(text: &str) -> Profile {
        Profile::given(text, &HashSet::new())
    }

    /// Builds the profile of `text` as an answer to a prompt with words `prompt` ([`prompt_words`]):
    /// content-word unigrams in `prompt` and bigrams with both words in `prompt` are left out
    /// (module docs, "Given the prompt").
    pub fn given(text: &str, prompt: &HashSet<String>) -> Profile {
        let words = lower_words(text);
        Profile {
            unigrams: counts(
                words
                    .iter()
                    .filter(|w| !is_stopword(w) && !prompt.contains(*w))
                    .cloned(),
            ),
            bigrams: counts(
                words
                    .windows(2)
                    .filter(|w| !(prompt.contains(&w[0]) && prompt.contains(&w[1])))
                    .map(|w| format!("{} {}", w[0], w[1])),
            ),
            lower: crate::text::to_lower(text.trim()),
        }
    }

    /// sim(self, other) ∈ [0,1] (module docs); symmetric, 1 for identical word sequences.
    pub fn similarity(&self, other: &Profile) -> f64 {
        let parts: Vec<f64> = [
            f1(&self.unigrams, &other.unigrams),
            f1(&self.bigrams, &other.bigrams),
        ]
        .into_iter()
        .flatten()
        .collect();
        if parts.is_empty() {
            return if self.lower == other.lower { 1.0 } else { 0.0 };
        }
        parts.iter().sum::<f64>() / parts.len() as f64
    }
}

/// sim(a, b) of two texts ([`Profile::similarity`]).
pub fn similarity(a: &str, b: &str) -> f64 {
    Profile::of(a).similarity(&Profile::of(b))
}

/// How one answer agrees with the other answers to the same prompt.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Agreement {
    /// Mean similarity to the other answers, in [0,1].
    pub agreement: f64,
    /// Number of other answers (M).
    pub others: usize,
    /// Of which with similarity below [`DISAGREE_BELOW`] (N).
    pub disagreeing: usize,
}

/// Agreement of each text with all the others (index-aligned with `texts`), as answers to
/// `prompt`: the mean pairwise similarity of their [`Profile::given`] profiles (SelfCheckGPT's
/// "agreement with the samples", the other answers acting as samples). With fewer than two
/// texts every agreement is 1 with 0 others.
pub fn agreements(texts: &[&str], prompt: Option<&str>) -> Vec<Agreement> {
    let words = prompt_words(prompt);
    let profiles: Vec<Profile> = texts.iter().map(|t| Profile::given(t, &words)).collect();
    let m = texts.len();
    let mut sim = vec![vec![1.0; m]; m];
    for i in 0..m {
        for j in i + 1..m {
            let s = profiles[i].similarity(&profiles[j]);
            sim[i][j] = s;
            sim[j][i] = s;
        }
    }
    (0..m)
        .map(|i| {
            let others: Vec<f64> = (0..m).filter(|&j| j != i).map(|j| sim[i][j]).collect();
            Agreement {
                agreement: if others.is_empty() {
                    1.0
                } else {
                    others.iter().sum::<f64>() / others.len() as f64
                },
                others: others.len(),
                disagreeing: others.iter().filter(|&&s| s < DISAGREE_BELOW).count(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identical_disjoint_and_partial() {
        assert_eq!(
            similarity(
                "Paris is the capital of France.",
                "paris is the CAPITAL of france"
            ),
            1.0
        );
        assert_eq!(similarity("Paris is lovely.", "Berlin hosts trains."), 0.0);
        let s = similarity(
            "The capital of France is Paris.",
            "Paris is the capital of France.",
        );
        assert!(s > 0.5 && s < 1.0, "{s}");
        // Function words alone do not make answers similar (unigram part is 0).
        assert!(similarity("It is the one of them.", "Of the many it is.") < 0.5);
        // Symmetric.
        let (a, b) = (
            "The Eiffel Tower was finished in 1889.",
            "It was completed in 1889 in Paris.",
        );
        assert_eq!(similarity(a, b), similarity(b, a));
    }

    #[test]
    fn hand_computed_f1() {
        // a: unigrams {paris, capital}, bigrams {paris is, is capital}
        // b: unigrams {paris, city},    bigrams {paris is, is city}
        // F1₁ = 2·1/4 = 0.5, F1₂ = 2·1/4 = 0.5 → 0.5
        assert!((similarity("Paris is capital", "Paris is city") - 0.5).abs() < 1e-12);
    }

    #[test]
    fn empty_texts() {
        assert_eq!(similarity("...", "..."), 1.0);
        assert_eq!(similarity("...", "!!!"), 0.0);
        assert_eq!(similarity("", "word"), 0.0);
    }

    #[test]
    fn agreement_is_the_mean_over_the_others() {
        let t = [
            "Paris is the capital of France.",
            "The capital of France is Paris.",
            "Berlin hosts trains.",
        ];
        let a = agreements(&t, None);
        assert_eq!(a.len(), 3);
        assert!(a[0].agreement > a[2].agreement);
        assert_eq!(a[2].agreement, 0.0);
        assert_eq!((a[2].others, a[2].disagreeing), (2, 2));
        assert_eq!((a[0].others, a[0].disagreeing), (2, 1));
        let expect = (similarity(t[0], t[1]) + similarity(t[0], t[2])) / 2.0;
        assert!((a[0].agreement - expect).abs() < 1e-12);
        assert_eq!(
            agreements(&["x"], None)[0],
            Agreement {
                agreement: 1.0,
                others: 0,
                disagreeing: 0
            }
        );
    }

    #[test]
    fn the_prompt_words_do_not_make_answers_agree() {
        let prompt = Some("What is the capital of France?");
        let w = prompt_words(prompt);
        let (paris, lyon) = (
            "The capital of France is Paris.",
            "The capital of France is Lyon.",
        );
        // On their own the two answers share most of their words …
        assert!(similarity(paris, lyon) > 0.5);
        // … as answers to the question they share nothing: "capital", "france" and the
        // bigrams inside the question are left out; "is paris" and "is lyon" remain.
        assert_eq!(
            Profile::given(paris, &w).similarity(&Profile::given(lyon, &w)),
            0.0
        );
        // A restatement and a bare answer agree on the answer: unigrams {paris} / {paris}
        // (F1₁ = 1), bigrams {"is paris"} / {} (F1₂ = 0) → ½, equivalent at the samples
        // tier's threshold of ½.
        let s = Profile::given(paris, &w).similarity(&Profile::given("Paris", &w));
        assert_eq!(s, 0.5);
        let a = agreements(&[paris, "Paris, of course.", lyon], prompt);
        assert!(a[0].agreement > a[2].agreement);
    }
}
