//! The samples tier's statistics (DESIGN §2.3): how the audited text relates to K alternative
//! answers sampled from the model for the same prompt, and how the samples relate to each other.
//!
//! Pairwise similarity sim(a,b) ∈ [0,1] is lexical by default ([`crate::similarity`],
//! SelfCheckGPT's n-gram variant, Manakul et al. 2023), computed on the answers *given the
//! prompt* when there is one ([`Profile::given`]: the prompt's words are left out), with "equivalent" meaning
//! sim ≥ [`EQUIVALENT_AT`]. A host with a sentence-embedding model (the semantic tier, DESIGN
//! §2.6) supplies a [`CosineMatrix`] instead ([`PairJudge::Embedding`]): sim(a,b) = the cosine of
//! the answers' embeddings clipped to [0,1], and equivalent means cosine ≥ τ, a threshold fitted
//! on dev data (the trainer; Kuhn et al. cluster by bidirectional entailment, for which cosine ≥ τ
//! stands in) — unless the two answers state different names, numbers or years beyond the prompt
//! ([`crate::grounding::AnswerKeys::conflicts_with`]): then sim = 0 and they are not equivalent,
//! the rule that contradicts a claim whose aligned source names something else (DESIGN §2.1). A
//! sentence embedding alone cannot tell "The capital of France is Lyon." from "… Paris." (cosine
//! 0.75 with all-MiniLM-L6-v2, a paraphrase 0.85). A server-side NLI judge can supply an [`NliMatrix`] instead:
//! then equivalent means bidirectional entailment ≥ ½ (Kuhn, Gal & Farquhar, ICLR 2023) and
//! sim(a,b) = ½·(P(a ⊨ b) + P(b ⊨ a)).
//!
//! Over the samples s_1..s_K and the text y:
//! - G = mean over sample pairs of (1 − equivalent(s_i, s_j)): semantic dispersion, the
//!   Gini–Simpson form of semantic entropy (Kuhn et al. 2023; Farquhar et al., Nature 2024);
//! - SE = −Σ_c p_c ln p_c over greedy equivalence clusters of the samples (each sample joins the
//!   first cluster whose first member it is equivalent to), p_c = |c| / K;
//! - E_y = mean_i (1 − sim(y, s_i)): disagreement of the text with the model (SelfCheckGPT);
//! - S_y = share of samples equivalent to the text (support);
//! - with an NLI judge: D = share of sample pairs judged contradictory (either direction ≥ ½)
//!   and A = max(0, G − D), the dispersion that is not contradiction (aleatoric).

use crate::similarity::{prompt_words, Profile};
use serde::{Deserialize, Serialize};

/// Lexical similarity at or above which two answers count as equivalent (no NLI judge). Two
/// answers sharing half their content words and bigrams say, lexically, the same thing; a
/// reading of SelfCheckGPT's n-gram agreement, not a fitted value.
pub const EQUIVALENT_AT: f64 = 0.5;

/// Pairwise judgements of an NLI model over `[text, s_1, …, s_K]` (index 0 is the text):
/// `entail[i][j]` = P(item i entails item j), `contradict[i][j]` = P(i contradicts j), each a
/// (K+1)×(K+1) matrix of probabilities in [0,1] (diagonal ignored).
#[derive(Debug, Clone, PartialEq)]
pub struct NliMatrix {
    /// P(i ⊨ j).
    pub entail: Vec<Vec<f64>>,
    /// P(i contradicts j).
    pub contradict: Vec<Vec<f64>>,
}

impl NliMatrix {
    /// Checks that both matrices are n×n with probabilities in [0,1].
    ///
    /// # Errors
    /// A message naming the matrix and the offending row or value.
    pub fn check(&self, n: usize) -> Result<(), String> {
        check_square("entail", &self.entail, n, 0.0..=1.0, "a probability")?;
        check_square(
            "contradict",
            &self.contradict,
            n,
            0.0..=1.0,
            "a probability",
        )
    }
}

/// Checks that `m` (named `name` in messages) is n×n with every entry in `range` (NaN never is),
/// else says which row or value is not, and that it is not `what` ("a probability").
fn check_square(
    name: &str,
    m: &[Vec<f64>],
    n: usize,
    range: std::ops::RangeInclusive<f64>,
    what: &str,
) -> Result<(), String> {
    if m.len() != n {
        return Err(format!("{name}: {} rows, expected {n}", m.len()));
    }
    for (i, row) in m.iter().enumerate() {
        if row.len() != n {
            return Err(format!("{name}[{i}]: {} entries, expected {n}", row.len()));
        }
        if let Some(v) = row.iter().find(|v| !range.contains(*v)) {
            return Err(format!("{name}[{i}] holds {v}, not {what}"));
        }
    }
    Ok(())
}

/// Cosines in [-1, 1] of sentence embeddings over `[text, s_1, …, s_K]` (index 0 is the text):
/// `cosine[i][j]` for the (K+1)×(K+1) pairs, symmetric (the diagonal is ignored). Each answer is
/// embedded on its own, without the prompt: with the question prepended every answer of a
/// TriviaQA question fell into one cluster (README "Semantic model").
#[derive(Debug, Clone, PartialEq)]
pub struct CosineMatrix {
    /// cos(e_i, e_j) of the mean-pooled embeddings (Reimers & Gurevych 2019).
    pub cosine: Vec<Vec<f64>>,
}

impl CosineMatrix {
    /// The matrix of pairwise cosines of `embeddings` (`[text, s_1, …, s_K]`), by
    /// [`crate::semantic::cosine`].
    pub fn of_embeddings(embeddings: &[&[f32]]) -> CosineMatrix {
        CosineMatrix {
            cosine: embeddings
                .iter()
                .map(|a| {
                    embeddings
                        .iter()
                        .map(|b| crate::semantic::cosine(a, b))
                        .collect()
                })
                .collect(),
        }
    }

    /// Checks that the matrix is n×n with finite entries in [-1, 1].
    ///
    /// # Errors
    /// A message naming the offending row or value.
    pub fn check(&self, n: usize) -> Result<(), String> {
        check_square("cosine", &self.cosine, n, -1.0..=1.0, "a cosine")
    }

    /// The matrix of the texts at `order` (indices into this matrix, in the new order):
    /// `out[a][b] = cosine[order[a]][order[b]]`. Panics if an index is out of range.
    pub fn select(&self, order: &[usize]) -> CosineMatrix {
        CosineMatrix {
            cosine: order
                .iter()
                .map(|&a| order.iter().map(|&b| self.cosine[a][b]).collect())
                .collect(),
        }
    }
}

/// One line of a cosines file ([`parse_cosine_lines`]).
#[derive(Debug, Deserialize)]
struct CosineLine {
    /// The answer the matrix belongs to.
    text: String,
    /// Cosines over `[text, samples…]`.
    cosine: Vec<Vec<f64>>,
}

/// Parses a cosines file: JSON lines `{"text": answer, "cosine": [[…]]}`, one per row of an
/// evidence file and in its order (blank lines skipped), as the semantic crate's
/// `triviaqa_semantic --write-cosines` writes them for the trainer and `eval --from-evidence
/// --cosines`. `answers[i]` is row i's answer and its number of samples K: line i must name the
/// same answer and hold a (K+1)×(K+1) [`CosineMatrix`].
///
/// # Errors
/// "line N: …" for a line that is not such JSON, names another answer or has a matrix of the
/// wrong shape or range; a message with both counts when the file has another number of lines.
pub fn parse_cosine_lines(
    text: &str,
    answers: &[(&str, usize)],
) -> Result<Vec<CosineMatrix>, String> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    if lines.len() != answers.len() {
        return Err(format!(
            "{} lines, the evidence has {} rows",
            lines.len(),
            answers.len()
        ));
    }
    lines
        .iter()
        .zip(answers)
        .map(|(&(i, l), &(answer, k))| {
            let line = |e: &dyn std::fmt::Display| format!("line {}: {e}", i + 1);
            let c: CosineLine = serde_json::from_str(l).map_err(|e| line(&e))?;
            if c.text != answer {
                return Err(line(&"text differs from the evidence row"));
            }
            let m = CosineMatrix { cosine: c.cosine };
            m.check(k + 1).map_err(|e| line(&e))?;
            Ok(m)
        })
        .collect()
}

/// What decides whether two answers are equivalent.
#[derive(Debug, Clone, Copy)]
pub enum PairJudge<'a> {
    /// Lexical similarity given the prompt, equivalent at ≥ [`EQUIVALENT_AT`].
    Lexical,
    /// An NLI judge's matrix: bidirectional entailment ≥ ½.
    Nli(&'a NliMatrix),
    /// Sentence-embedding cosines: equivalent at cosine ≥ `equivalent_at` (τ).
    Embedding {
        /// The cosines over `[text, samples…]`.
        cosine: &'a CosineMatrix,
        /// τ in [-1, 1].
        equivalent_at: f64,
    },
}

/// How a host asks the scorer to compare the samples ([`crate::scorer::Scorer::audit_judged`]):
/// lexically, by an NLI judge's matrix, or by the cosines of the semantic tier's sentence
/// embeddings (the scorer adds its fitted τ to make a [`PairJudge`]).
#[derive(Debug, Clone, Copy)]
pub enum SampleJudge<'a> {
    /// Lexical similarity given the prompt.
    Lexical,
    /// An NLI judge's pairwise matrix over `[text, samples…]`.
    Nli(&'a NliMatrix),
    /// Embedding cosines over `[text, samples…]`.
    Embedding(&'a CosineMatrix),
}

/// Which judge a [`PairTable`] was built with (a malformed matrix falls back to lexical).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Equivalence {
    /// Lexical similarity (SelfCheckGPT's n-gram variant).
    Lexical,
    /// An NLI judge's bidirectional entailment.
    Nli,
    /// Cosine of all-MiniLM-L6-v2 sentence embeddings (the semantic tier).
    Embedding,
}

/// Pairwise similarity, equivalence and (with NLI) contradiction over `[text, samples…]`,
/// computed once so that statistics of any resample cost O(K²) lookups.
#[derive(Debug, Clone)]
pub struct PairTable {
    sim: Vec<Vec<f64>>,
    equivalent: Vec<Vec<bool>>,
    contradicts: Option<Vec<Vec<bool>>>,
    equivalence: Equivalence,
}

impl PairTable {
    /// Builds the table of `text` and `samples`, answers to `prompt` (if known), as `judge` says:
    /// lexically, from an NLI matrix or from embedding cosines (a matrix must be (K+1)×(K+1); an
    /// inconsistent one is ignored in favour of lexical similarity, and
    /// [`PairTable::equivalence`] says so).
    pub fn new(
        text: &str,
        samples: &[String],
        prompt: Option<&str>,
        judge: PairJudge<'_>,
    ) -> PairTable {
        let n = samples.len() + 1;
        let (nli, embedding) = match judge {
            PairJudge::Lexical => (None, None),
            PairJudge::Nli(m) => (Some(m).filter(|m| m.check(n).is_ok()), None),
            PairJudge::Embedding {
                cosine,
                equivalent_at,
            } => (
                None,
                Some((cosine, equivalent_at)).filter(|(c, _)| c.check(n).is_ok()),
            ),
        };
        let equivalence = match (nli, embedding) {
            (Some(_), _) => Equivalence::Nli,
            (None, Some(_)) => Equivalence::Embedding,
            (None, None) => Equivalence::Lexical,
        };
        // Answers that state different names, numbers or years are not equivalent by embedding.
        let stated = match equivalence {
            Equivalence::Embedding => {
                let answers: Vec<&str> = std::iter::once(text)
                    .chain(samples.iter().map(String::as_str))
                    .collect();
                crate::grounding::answer_keys(&answers, prompt)
            }
            Equivalence::Lexical | Equivalence::Nli => Vec::new(),
        };
        let mut sim = vec![vec![1.0; n]; n];
        let mut equivalent = vec![vec![true; n]; n];
        let mut contradicts = nli.map(|_| vec![vec![false; n]; n]);
        let profiles: Vec<Profile> = match equivalence {
            Equivalence::Nli | Equivalence::Embedding => Vec::new(),
            Equivalence::Lexical => {
                let words = prompt_words(prompt);
                std::iter::once(text)
                    .chain(samples.iter().map(String::as_str))
                    .map(|t| Profile::given(t, &words))
                    .collect()
            }
        };
        for i in 0..n {
            for j in (i + 1)..n {
                let (s, eq, contra) = match (nli, embedding) {
                    (Some(m), _) => (
                        0.5 * (m.entail[i][j] + m.entail[j][i]),
                        m.entail[i][j] >= 0.5 && m.entail[j][i] >= 0.5,
                        m.contradict[i][j] >= 0.5 || m.contradict[j][i] >= 0.5,
                    ),
                    (None, Some(_)) if stated[i].conflicts_with(&stated[j]) => (0.0, false, false),
                    (None, Some((c, tau))) => {
                        let cos = 0.5 * (c.cosine[i][j] + c.cosine[j][i]);
                        (cos.clamp(0.0, 1.0), cos >= tau, false)
                    }
                    (None, None) => {
                        let s = profiles[i].similarity(&profiles[j]);
                        (s, s >= EQUIVALENT_AT, false)
                    }
                };
                sim[i][j] = s;
                sim[j][i] = s;
                equivalent[i][j] = eq;
                equivalent[j][i] = eq;
                if let Some(c) = contradicts.as_mut() {
                    c[i][j] = contra;
                    c[j][i] = contra;
                }
            }
        }
        PairTable {
            sim,
            equivalent,
            contradicts,
            equivalence,
        }
    }

    /// The judge the table was built with.
    pub fn equivalence(&self) -> Equivalence {
        self.equivalence
    }

    /// Number of samples K in the table.
    pub fn k(&self) -> usize {
        self.sim.len() - 1
    }

    /// Statistics over all samples.
    pub fn stats(&self) -> SampleStats {
        let all: Vec<usize> = (1..=self.k()).collect();
        self.stats_of(&all)
    }

    /// Statistics over the samples at `picks` (1-based indices into the table, repeats allowed:
    /// a bootstrap resample). `picks` must not be empty.
    pub fn stats_of(&self, picks: &[usize]) -> SampleStats {
        let k = picks.len();
        let kf = k as f64;
        let disagreement = picks.iter().map(|&i| 1.0 - self.sim[0][i]).sum::<f64>() / kf;
        let supporting = picks.iter().filter(|&&i| self.equivalent[0][i]).count();
        let disagreeing = picks
            .iter()
            .filter(|&&i| self.sim[0][i] < crate::similarity::DISAGREE_BELOW)
            .count();
        let (mut pairs, mut unequal, mut contra) = (0usize, 0usize, 0usize);
        for a in 0..k {
            for b in (a + 1)..k {
                pairs += 1;
                let (i, j) = (picks[a], picks[b]);
                if !self.equivalent[i][j] {
                    unequal += 1;
                }
                if self.contradicts.as_ref().is_some_and(|c| c[i][j]) {
                    contra += 1;
                }
            }
        }
        let dispersion = if pairs == 0 {
            0.0
        } else {
            unequal as f64 / pairs as f64
        };
        let contradiction = self.contradicts.as_ref().map(|_| {
            if pairs == 0 {
                0.0
            } else {
                contra as f64 / pairs as f64
            }
        });
        // Greedy clustering: each sample joins the first cluster whose first member it matches.
        let mut heads: Vec<usize> = Vec::new();
        let mut sizes: Vec<usize> = Vec::new();
        for &i in picks {
            match heads.iter().position(|&h| self.equivalent[h][i]) {
                Some(c) => sizes[c] += 1,
                None => {
                    heads.push(i);
                    sizes.push(1);
                }
            }
        }
        let semantic_entropy = sizes
            .iter()
            .map(|&s| s as f64 / kf)
            .map(|p| -p * p.ln())
            .sum::<f64>()
            .max(0.0);
        SampleStats {
            k,
            dispersion,
            semantic_entropy,
            clusters: sizes.len(),
            disagreement: disagreement.clamp(0.0, 1.0),
            support: supporting as f64 / kf,
            supporting,
            disagreeing,
            contradiction,
            aleatoric: contradiction.map(|d| (dispersion - d).max(0.0)),
            semantic_support: None,
        }
    }
}

/// Statistics of K samples against the audited text (module docs for the formulas).
#[derive(Debug, Clone, PartialEq)]
pub struct SampleStats {
    /// Number of samples K.
    pub k: usize,
    /// G: share of sample pairs that are not equivalent, in [0,1] (0 when K = 1).
    pub dispersion: f64,
    /// SE over greedy clusters, nats, in [0, ln K].
    pub semantic_entropy: f64,
    /// Number of clusters.
    pub clusters: usize,
    /// E_y: mean (1 − sim(text, sample)), in [0,1].
    pub disagreement: f64,
    /// S_y: share of samples equivalent to the text, in [0,1].
    pub support: f64,
    /// Samples equivalent to the text.
    pub supporting: usize,
    /// Samples with similarity to the text below [`crate::similarity::DISAGREE_BELOW`].
    pub disagreeing: usize,
    /// D: share of sample pairs judged contradictory (NLI judge only).
    pub contradiction: Option<f64>,
    /// A = max(0, G − D) (NLI judge only).
    pub aleatoric: Option<f64>,
    /// Share in [0,1] of samples that say what the text says *by meaning* (embedding cosine ≥ τ
    /// and no conflicting names, numbers or years): only when the samples were also clustered by
    /// meaning (`tiers::Evidence::stats_of`), else `None`.
    pub semantic_support: Option<f64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn agreeing_samples_support_the_text() {
        let t = PairTable::new(
            "The Eiffel Tower is in Paris",
            &s(&[
                "The Eiffel Tower is in Paris",
                "The Eiffel Tower is in Paris, France",
            ]),
            None,
            PairJudge::Lexical,
        );
        let st = t.stats();
        assert_eq!((st.k, st.supporting, st.clusters), (2, 2, 1));
        assert_eq!(st.dispersion, 0.0);
        assert_eq!(st.semantic_entropy, 0.0);
        assert!(st.disagreement < 0.3, "{st:?}");
        assert_eq!(st.contradiction, None);
    }

    #[test]
    fn contradicting_samples_raise_disagreement_and_entropy() {
        let text = "The Eiffel Tower is in Paris";
        let t = PairTable::new(
            text,
            &s(&[
                "It stands in Rome, Italy",
                "Berlin hosts that landmark",
                "London, England",
            ]),
            None,
            PairJudge::Lexical,
        );
        let st = t.stats();
        assert_eq!((st.supporting, st.disagreeing, st.clusters), (0, 3, 3));
        assert_eq!(st.dispersion, 1.0);
        assert!((st.semantic_entropy - 3f64.ln()).abs() < 1e-12);
        assert!(st.disagreement > 0.9);
        // Resampling with repeats: one sample three times is one cluster with no dispersion.
        let r = t.stats_of(&[2, 2, 2]);
        assert_eq!((r.k, r.clusters, r.dispersion), (3, 1, 0.0));
    }

    #[test]
    fn nli_matrix_defines_equivalence_and_contradiction() {
        // text, s1 (paraphrase of text), s2 (contradicts both)
        let e = vec![
            vec![1.0, 0.9, 0.0],
            vec![0.8, 1.0, 0.1],
            vec![0.0, 0.1, 1.0],
        ];
        let c = vec![
            vec![0.0, 0.0, 0.9],
            vec![0.0, 0.0, 0.7],
            vec![0.9, 0.6, 0.0],
        ];
        let m = NliMatrix {
            entail: e,
            contradict: c,
        };
        let t = PairTable::new("a", &s(&["b", "c"]), None, PairJudge::Nli(&m));
        let st = t.stats();
        assert_eq!((st.supporting, st.clusters), (1, 2));
        assert_eq!(
            (st.dispersion, st.contradiction, st.aleatoric),
            (1.0, Some(1.0), Some(0.0))
        );
        // A malformed matrix falls back to lexical similarity.
        let bad = NliMatrix {
            entail: vec![vec![2.0; 3]; 3],
            contradict: vec![vec![0.0; 3]; 3],
        };
        assert!(bad.check(3).is_err());
        assert_eq!(
            PairTable::new("a", &s(&["b", "c"]), None, PairJudge::Nli(&bad))
                .stats()
                .contradiction,
            None
        );
    }

    #[test]
    fn embedding_cosines_define_equivalence_at_the_threshold() {
        // "The capital is Paris" and "Paris it is" say what the text says in other words; the
        // third sample ("Lyon") names another city, which makes it disagree whatever its cosine.
        let c = CosineMatrix {
            cosine: vec![
                vec![1.0, 0.9, 0.8, 0.2],
                vec![0.9, 1.0, 0.7, 0.1],
                vec![0.8, 0.7, 1.0, -0.1],
                vec![0.2, 0.1, -0.1, 1.0],
            ],
        };
        let judge = PairJudge::Embedding {
            cosine: &c,
            equivalent_at: 0.75,
        };
        let t = PairTable::new(
            "Paris, the capital",
            &s(&["The capital is Paris", "Paris it is", "Lyon"]),
            None,
            judge,
        );
        assert_eq!(t.equivalence(), Equivalence::Embedding);
        let st = t.stats();
        // text ≡ s1 (0.9), ≡ s2 (0.8), not s3 (0.2); s1–s2 at 0.7 < τ: clusters {s1}, {s2}, {s3}.
        assert_eq!((st.supporting, st.clusters), (2, 3));
        assert!(
            (st.disagreement - (0.1 + 0.2 + 1.0) / 3.0).abs() < 1e-12,
            "{st:?}"
        );
        assert!((st.semantic_entropy - 3f64.ln()).abs() < 1e-12);
        // One resampled sample: disagreement is 1 − its cosine; a malformed matrix falls back to
        // lexical similarity.
        assert!((t.stats_of(&[2]).disagreement - 0.2).abs() < 1e-12);
        let bad = CosineMatrix {
            cosine: vec![vec![1.0; 3]; 3],
        };
        let fallback = PairTable::new(
            "a",
            &s(&["b", "c", "d"]),
            None,
            PairJudge::Embedding {
                cosine: &bad,
                equivalent_at: 0.75,
            },
        );
        assert_eq!(fallback.equivalence(), Equivalence::Lexical);
    }

    #[test]
    fn answers_stating_other_names_are_not_equivalent_whatever_their_cosine() {
        // MiniLM's cosines for these: a sentence embedding cannot tell Lyon from Paris.
        let c = CosineMatrix {
            cosine: vec![
                vec![1.0, 0.85, 0.75],
                vec![0.85, 1.0, 0.62],
                vec![0.75, 0.62, 1.0],
            ],
        };
        let t = PairTable::new(
            "The capital of France is Paris.",
            &s(&[
                "France's seat of government is the city of Paris.",
                "The capital of France is Lyon.",
            ]),
            Some("What is the capital of France?"),
            PairJudge::Embedding {
                cosine: &c,
                equivalent_at: 0.4,
            },
        );
        let st = t.stats();
        assert_eq!((st.supporting, st.clusters), (1, 2), "{st:?}");
        assert!(
            (st.disagreement - (0.15 + 1.0) / 2.0).abs() < 1e-12,
            "{st:?}"
        );
    }

    #[test]
    fn cosine_matrix_of_embeddings_is_symmetric_with_unit_diagonal() {
        let (a, b) = ([1.0f32, 0.0], [0.6f32, 0.8]);
        let m = CosineMatrix::of_embeddings(&[&a, &b]);
        assert!(m.check(2).is_ok());
        assert!((m.cosine[0][1] - 0.6).abs() < 1e-6 && m.cosine[0][1] == m.cosine[1][0]);
        assert!((m.cosine[0][0] - 1.0).abs() < 1e-12);
    }

    #[test]
    fn cosine_lines_must_match_their_rows() {
        let file = "{\"text\":\"Paris\",\"cosine\":[[1,0.5],[0.5,1]]}\n\n";
        let m = parse_cosine_lines(file, &[("Paris", 1)]).unwrap();
        assert_eq!(m[0].cosine[0][1], 0.5);
        let e = parse_cosine_lines(file, &[("Lyon", 1)]).unwrap_err();
        assert!(e.starts_with("line 1: text differs"), "{e}");
        let e = parse_cosine_lines(file, &[("Paris", 2)]).unwrap_err();
        assert!(e.contains("line 1: cosine: 2 rows, expected 3"), "{e}");
        let e = parse_cosine_lines(file, &[("Paris", 1), ("Lyon", 1)]).unwrap_err();
        assert_eq!(e, "1 lines, the evidence has 2 rows");
    }
}
