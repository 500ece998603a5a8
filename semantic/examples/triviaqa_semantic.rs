//! Does semantic equivalence of sampled answers carry signal on SmolLM2-135M's TriviaQA answers?
//!
//! A measurement for the samples tier (issue 13, item 2): for each answer of
//! `train/data/triviaqa-smollm2.service.evidence.jsonl` (1 442 rows gathered as the service gathers
//! them, the tiers' training set) and
//! `train/data/triviaqa-smollm2.heldout.evidence.jsonl` (713 rows, held out: questions 1001–1120,
//! then 408–1000) it embeds the answer and
//! its 3 samples with all-MiniLM-L6-v2 and computes, per row:
//!
//! - `agreement`: the mean cosine of the answer with each sample (SelfCheckGPT's consistency idea,
//!   with embeddings instead of n-grams);
//! - `semantic_entropy`: discrete semantic entropy −Σ p_c ln p_c over the cluster shares of
//!   {answer} ∪ samples, clustered greedily: an item joins the first cluster whose first member it
//!   reaches cosine ≥ τ with, else opens a new one (cosine ≥ τ stands in for the bidirectional
//!   entailment of Kuhn et al.);
//! - `answer_cluster_share`: the share of the 4 items in the answer's cluster.
//!
//! Two variants: the answer alone, and "question + answer" (Kuhn et al. judge equivalence in the
//! context of the question; the question is the prompt after its last `Question: `, so the held-out
//! file's instruction line is left out). τ is chosen per variant on the training rows only, from
//! 0.50, 0.55, …, 0.95, by the AUROC of semantic entropy for "incorrect"; `answer_cluster_share`
//! uses the same τ.
//!
//! Printed: AUROC for "incorrect" (label 1) of each statistic, oriented so that a higher value means
//! more doubt (agreement and answer-cluster share negated), on the training and held-out rows, with
//! the mean token log-probability baseline (the answer's mean `logprobs[].logprob`, negated, i.e.
//! the mean NLL) on the same rows; the Hanley–McNeil standard error of each AUROC; the training
//! AUROC of semantic entropy at every τ of the grid; the number of correct answers per set; and the
//! embedding throughput (word pieces per second, `[CLS]`/`[SEP]` included, one thread).
//!
//! Sources:
//! - L. Kuhn, Y. Gal, S. Farquhar. *Semantic Uncertainty: Linguistic Invariances for Uncertainty
//!   Estimation in Natural Language Generation.* ICLR 2023.
//! - S. Farquhar, J. Kossen, L. Kuhn, Y. Gal. *Detecting hallucinations in large language models
//!   using semantic entropy.* Nature 630, 625–630 (2024) (discrete semantic entropy over cluster
//!   shares).
//! - J. A. Hanley, B. J. McNeil. *The meaning and use of the area under a receiver operating
//!   characteristic (ROC) curve.* Radiology 143 (1982) (AUROC = Mann–Whitney U / (n₁n₀); its
//!   standard error).
//!
//! Needs the model (`bash scripts/fetch-minilm.sh`). Run from the workspace root:
//!
//! ```sh
//! cargo run --release -p epistemic-audit-semantic --example triviaqa_semantic -- [--write-cosines] [MODEL_DIR]
//! ```
//!
//! With `--write-cosines` it also writes, for each evidence file `X.evidence.jsonl`, the answer
//! variant's cosine matrices to `X.cosines.jsonl` beside it (one line per row, in order:
//! `{"text": answer, "cosine": [[…]]}` over `[answer, samples…]`, core's
//! `CosineMatrix::of_embeddings`, 6 decimals): the input of the trainer's semantic tier models
//! and of `epistemic-audit eval --from-evidence … --cosines`.
//!
//! `MODEL_DIR` defaults to `models/all-minilm-l6-v2` next to the workspace's `Cargo.toml`. The
//! example sets `CANDLE_NUM_THREADS` and `RAYON_NUM_THREADS` to 1, so the encoder runs on one
//! thread.

#[path = "../tests/model/mod.rs"]
mod model;

use std::path::{Path, PathBuf};
use std::time::Instant;

use epistemic_audit_core::samples::CosineMatrix;
use epistemic_audit_semantic::{Embedder, Embedding};
use serde::Deserialize;

/// Threshold grid for τ: 0.50, 0.55, …, 0.95.
const TAUS: [f64; 10] = [0.50, 0.55, 0.60, 0.65, 0.70, 0.75, 0.80, 0.85, 0.90, 0.95];

/// One token of the answer with its log-probability (other members of the row are ignored).
#[derive(Deserialize)]
struct Token {
    /// Natural-log probability of the token, ≤ 0.
    logprob: f64,
}

/// One row of an evidence file (fields this measurement does not use are ignored).
#[derive(Deserialize)]
struct Row {
    /// The prompt: the question (training file) or an instruction line and `Question: …` (held out).
    prompt: String,
    /// The model's greedy answer.
    text: String,
    /// 1 = incorrect, 0 = correct (SQuAD-normalised alias match).
    label: u8,
    /// Answers sampled at temperature 1 for the same prompt.
    samples: Vec<String>,
    /// The answer's tokens with their log-probabilities.
    logprobs: Vec<Token>,
}

/// How the texts are embedded.
#[derive(Clone, Copy)]
enum Variant {
    /// Each answer (and sample) on its own.
    Answer,
    /// The question, a space, then the answer (or sample).
    QuestionAnswer,
}

impl Variant {
    /// Short name for the tables.
    fn name(self) -> &'static str {
        match self {
            Variant::Answer => "answer",
            Variant::QuestionAnswer => "question+answer",
        }
    }
}

/// The cosines among {answer} ∪ samples of one row: `sim[i][j]`, item 0 the answer.
struct RowSims {
    /// Symmetric matrix of cosines, ones on the diagonal.
    sim: Vec<Vec<f64>>,
}

impl RowSims {
    /// Mean cosine of the answer with each sample.
    fn agreement(&self) -> f64 {
        let n = self.sim.len();
        (1..n).map(|j| self.sim[0][j]).sum::<f64>() / (n - 1) as f64
    }

    /// Greedy clusters at threshold `tau`: item i joins the first cluster whose first member it
    /// reaches cosine ≥ τ with, else opens a new cluster. Returns each item's cluster index.
    fn clusters(&self, tau: f64) -> Vec<usize> {
        let mut leaders: Vec<usize> = Vec::new();
        let mut assignment = Vec::with_capacity(self.sim.len());
        for i in 0..self.sim.len() {
            match leaders.iter().position(|&l| self.sim[i][l] >= tau) {
                Some(c) => assignment.push(c),
                None => {
                    assignment.push(leaders.len());
                    leaders.push(i);
                }
            }
        }
        assignment
    }

    /// Discrete semantic entropy (nats) of the cluster shares and the share of items in the
    /// answer's cluster, at threshold `tau`.
    fn entropy_and_answer_share(&self, tau: f64) -> (f64, f64) {
        let assignment = self.clusters(tau);
        let n = assignment.len();
        let k = assignment.iter().max().map_or(0, |&m| m + 1);
        let mut sizes = vec![0usize; k];
        for &c in &assignment {
            sizes[c] += 1;
        }
        // Sorted so equal partitions give bit-identical entropies (ties in the AUROC stay ties).
        sizes.sort_unstable();
        let entropy = -sizes
            .iter()
            .map(|&s| {
                let p = s as f64 / n as f64;
                p * p.ln()
            })
            .sum::<f64>();
        (
            entropy,
            sizes_of(&assignment, assignment[0]) as f64 / n as f64,
        )
    }
}

/// Number of items assigned to cluster `c`.
fn sizes_of(assignment: &[usize], c: usize) -> usize {
    assignment.iter().filter(|&&a| a == c).count()
}

/// The question of a prompt: the text after its last `Question: `, or the whole prompt.
fn question(prompt: &str) -> &str {
    match prompt.rfind("Question: ") {
        Some(i) => prompt[i + "Question: ".len()..].trim(),
        None => prompt.trim(),
    }
}

/// Reads a JSONL evidence file.
fn read_rows(path: &Path) -> Vec<Row> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            serde_json::from_str(l)
                .unwrap_or_else(|e| panic!("{} line {}: {e}", path.display(), i + 1))
        })
        .collect()
}

/// Embedding work done: word pieces embedded and seconds spent in [`Embedder::embed`].
#[derive(Default)]
struct Throughput {
    /// Word pieces, `[CLS]`/`[SEP]` included.
    pieces: usize,
    /// Wall-clock seconds inside `embed`.
    seconds: f64,
}

/// Embeds the answer and samples of every row in one call and returns each row's cosine matrix.
fn row_sims(
    embedder: &Embedder,
    rows: &[Row],
    variant: Variant,
    throughput: &mut Throughput,
) -> Vec<RowSims> {
    let mut texts: Vec<String> = Vec::new();
    let mut spans: Vec<(usize, usize)> = Vec::with_capacity(rows.len());
    for row in rows {
        let start = texts.len();
        for item in std::iter::once(&row.text).chain(&row.samples) {
            texts.push(match variant {
                Variant::Answer => item.clone(),
                Variant::QuestionAnswer => format!("{} {}", question(&row.prompt), item),
            });
        }
        spans.push((start, texts.len()));
    }
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let started = Instant::now();
    let embedded = embedder.embed_counted(&refs).expect("embedding failed");
    throughput.seconds += started.elapsed().as_secs_f64();
    throughput.pieces += embedded.iter().map(|(_, n)| n).sum::<usize>();
    let embeddings: Vec<Embedding> = embedded.into_iter().map(|(e, _)| e).collect();
    spans
        .iter()
        .map(|&(a, b)| {
            let items = &embeddings[a..b];
            let slices: Vec<&[f32]> = items.iter().map(Embedding::as_slice).collect();
            RowSims {
                sim: CosineMatrix::of_embeddings(&slices).cosine,
            }
        })
        .collect()
}

/// Writes the answer variant's cosine matrices of `rows` beside `evidence`
/// (`X.evidence.jsonl` → `X.cosines.jsonl`), one JSON line per row.
fn write_cosine_file(evidence: &Path, rows: &[Row], sims: &[RowSims]) {
    let name = evidence
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let path = evidence.with_file_name(name.replace(".evidence.jsonl", ".cosines.jsonl"));
    let mut out = String::new();
    for (row, m) in rows.iter().zip(sims) {
        let matrix: Vec<String> = m
            .sim
            .iter()
            .map(|r| {
                let cells: Vec<String> = r.iter().map(|c| format!("{c:.6}")).collect();
                format!("[{}]", cells.join(","))
            })
            .collect();
        out.push_str(&format!(
            "{{\"text\":{},\"cosine\":[{}]}}\n",
            serde_json::to_string(&row.text).expect("a string serialises"),
            matrix.join(",")
        ));
    }
    std::fs::write(&path, out).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    println!("wrote {}", path.display());
}

/// AUROC of `scores` for the positive class (`positive[i]`), by the rank (Mann–Whitney) formula
/// with tied scores given their average rank (a tie between a positive and a negative counts ½).
/// NaN when either class is empty.
fn auroc(scores: &[f64], positive: &[bool]) -> f64 {
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by(|&a, &b| scores[a].total_cmp(&scores[b]));
    let mut ranks = vec![0f64; scores.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i + 1;
        while j < order.len() && scores[order[j]] == scores[order[i]] {
            j += 1;
        }
        // Ranks i+1 ..= j share their mean.
        let mean_rank = (i + 1 + j) as f64 / 2.0;
        for &k in &order[i..j] {
            ranks[k] = mean_rank;
        }
        i = j;
    }
    let n_pos = positive.iter().filter(|&&p| p).count() as f64;
    let n_neg = positive.len() as f64 - n_pos;
    let rank_sum: f64 = ranks
        .iter()
        .zip(positive)
        .filter(|(_, &p)| p)
        .map(|(r, _)| r)
        .sum();
    (rank_sum - n_pos * (n_pos + 1.0) / 2.0) / (n_pos * n_neg)
}

/// Hanley–McNeil (1982) standard error of an AUROC `a` with `n_pos` positives and `n_neg`
/// negatives.
fn auroc_se(a: f64, n_pos: usize, n_neg: usize) -> f64 {
    let (n1, n0) = (n_pos as f64, n_neg as f64);
    let q1 = a / (2.0 - a);
    let q2 = 2.0 * a * a / (1.0 + a);
    ((a * (1.0 - a) + (n1 - 1.0) * (q1 - a * a) + (n0 - 1.0) * (q2 - a * a)) / (n1 * n0)).sqrt()
}

/// One evidence file: its rows' labels, baseline and cosine matrices per variant.
struct Set {
    /// Name for the tables.
    name: &'static str,
    /// `true` where the answer is incorrect (label 1).
    incorrect: Vec<bool>,
    /// Mean token NLL of each answer (the negated mean log-probability).
    mean_nll: Vec<f64>,
    /// Cosine matrices, indexed like [`VARIANTS`].
    sims: Vec<Vec<RowSims>>,
}

impl Set {
    /// "AUROC ± SE" of `scores` on this set.
    fn cell(&self, scores: &[f64]) -> String {
        let a = auroc(scores, &self.incorrect);
        let n_pos = self.incorrect.iter().filter(|&&p| p).count();
        let se = auroc_se(a, n_pos, self.incorrect.len() - n_pos);
        format!("{a:.3} ± {se:.3}")
    }

    /// Doubt-oriented statistics of variant `v` at threshold `tau`: (−agreement, semantic entropy,
    /// −answer-cluster share) per row.
    fn stats(&self, v: usize, tau: f64) -> [Vec<f64>; 3] {
        let sims = &self.sims[v];
        let agreement = sims.iter().map(|s| -s.agreement()).collect();
        let (entropy, share): (Vec<f64>, Vec<f64>) = sims
            .iter()
            .map(|s| {
                let (h, share) = s.entropy_and_answer_share(tau);
                (h, -share)
            })
            .unzip();
        [agreement, entropy, share]
    }
}

/// The two embedding variants, in table order.
const VARIANTS: [Variant; 2] = [Variant::Answer, Variant::QuestionAnswer];

fn main() {
    // One encoder thread: candle reads these the first time it multiplies.
    std::env::set_var("CANDLE_NUM_THREADS", "1");
    std::env::set_var("RAYON_NUM_THREADS", "1");

    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let write_cosines = args.iter().any(|a| a == "--write-cosines");
    let model_dir = args
        .iter()
        .find(|a| *a != "--write-cosines")
        .map_or_else(model::model_dir, PathBuf::from);
    let embedder = model::load_from(&model_dir);

    let mut throughput = Throughput::default();
    let mut sets = Vec::new();
    for (name, file) in [
        (
            "train",
            "train/data/triviaqa-smollm2.service.evidence.jsonl",
        ),
        (
            "held-out",
            "train/data/triviaqa-smollm2.heldout.evidence.jsonl",
        ),
    ] {
        let rows = read_rows(&root.join(file));
        let incorrect: Vec<bool> = rows.iter().map(|r| r.label == 1).collect();
        let mean_nll = rows
            .iter()
            .map(|r| {
                -r.logprobs.iter().map(|t| t.logprob).sum::<f64>() / r.logprobs.len().max(1) as f64
            })
            .collect();
        let sims: Vec<Vec<RowSims>> = VARIANTS
            .iter()
            .map(|&v| row_sims(&embedder, &rows, v, &mut throughput))
            .collect();
        if write_cosines {
            write_cosine_file(&root.join(file), &rows, &sims[0]);
        }
        let n_correct = incorrect.iter().filter(|&&i| !i).count();
        let samples: usize = rows.iter().map(|r| r.samples.len()).sum();
        println!(
            "{name}: {} rows, {n_correct} correct, {} incorrect, {samples} samples ({file})",
            rows.len(),
            rows.len() - n_correct
        );
        sets.push(Set {
            name,
            incorrect,
            mean_nll,
            sims,
        });
    }
    println!(
        "embedding: {} word pieces in {:.1} s = {:.0} word pieces/s (one thread)\n",
        throughput.pieces,
        throughput.seconds,
        throughput.pieces as f64 / throughput.seconds
    );

    // τ per variant: the grid value with the highest training AUROC of semantic entropy (the
    // smallest such τ on a tie).
    let train = &sets[0];
    let mut chosen = Vec::new();
    println!("training AUROC of semantic entropy by τ:");
    println!("| τ | {} |", VARIANTS.map(Variant::name).join(" | "));
    println!("|---:|---:|---:|");
    let grid: Vec<Vec<f64>> = VARIANTS
        .iter()
        .enumerate()
        .map(|(v, _)| {
            TAUS.iter()
                .map(|&tau| auroc(&train.stats(v, tau)[1], &train.incorrect))
                .collect()
        })
        .collect();
    for (t, tau) in TAUS.iter().enumerate() {
        println!("| {tau:.2} | {:.3} | {:.3} |", grid[0][t], grid[1][t]);
    }
    for (v, variant) in VARIANTS.iter().enumerate() {
        let best = (0..TAUS.len()).fold(0, |b, t| if grid[v][t] > grid[v][b] { t } else { b });
        println!(
            "chosen τ ({}): {:.2} (training AUROC {:.3})",
            variant.name(),
            TAUS[best],
            grid[v][best]
        );
        chosen.push(TAUS[best]);
    }

    println!("\nAUROC for \"incorrect\" (higher statistic = more doubt), ± Hanley–McNeil SE:");
    println!(
        "| statistic | variant | τ | {} | {} |",
        sets[0].name, sets[1].name
    );
    println!("|---|---|---:|---:|---:|");
    let names = ["−agreement", "semantic entropy", "−answer_cluster_share"];
    for (v, variant) in VARIANTS.iter().enumerate() {
        let stats: Vec<[Vec<f64>; 3]> = sets.iter().map(|s| s.stats(v, chosen[v])).collect();
        for (k, name) in names.iter().enumerate() {
            let tau = if k == 0 {
                "–".to_string()
            } else {
                format!("{:.2}", chosen[v])
            };
            println!(
                "| {name} | {} | {tau} | {} | {} |",
                variant.name(),
                sets[0].cell(&stats[0][k]),
                sets[1].cell(&stats[1][k])
            );
        }
    }
    println!(
        "| mean token NLL (baseline) | – | – | {} | {} |",
        sets[0].cell(&sets[0].mean_nll),
        sets[1].cell(&sets[1].mean_nll)
    );

    println!(
        "\nby class (correct / incorrect): mean agreement, mean clusters of 4 at the chosen τ"
    );
    for set in &sets {
        for (v, variant) in VARIANTS.iter().enumerate() {
            let mean_by = |f: &dyn Fn(&RowSims) -> f64, correct: bool| {
                let xs: Vec<f64> = set.sims[v]
                    .iter()
                    .zip(&set.incorrect)
                    .filter(|(_, &i)| i != correct)
                    .map(|(s, _)| f(s))
                    .collect();
                xs.iter().sum::<f64>() / xs.len() as f64
            };
            let agreement = |s: &RowSims| s.agreement();
            let clusters = |s: &RowSims| {
                s.clusters(chosen[v])
                    .iter()
                    .max()
                    .map_or(0.0, |&m| m as f64 + 1.0)
            };
            println!(
                "{} {}: agreement {:.3} / {:.3}, clusters {:.2} / {:.2}",
                set.name,
                variant.name(),
                mean_by(&agreement, true),
                mean_by(&agreement, false),
                mean_by(&clusters, true),
                mean_by(&clusters, false)
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auroc_counts_ties_half() {
        let pos = [true, false, true, false];
        assert_eq!(auroc(&[1.0, 0.0, 2.0, -1.0], &pos), 1.0);
        assert_eq!(auroc(&[0.0, 1.0, -1.0, 2.0], &pos), 0.0);
        assert_eq!(auroc(&[1.0, 1.0, 1.0, 1.0], &pos), 0.5);
        // Positives 2, 1; negatives 1, 0: pairs (2,1) (2,0) (1,0) win, (1,1) ties -> 3.5 / 4.
        assert_eq!(auroc(&[2.0, 1.0, 1.0, 0.0], &pos), 0.875);
    }

    #[test]
    fn greedy_clusters_follow_first_members() {
        let sims = RowSims {
            sim: vec![
                vec![1.0, 0.9, 0.2, 0.8],
                vec![0.9, 1.0, 0.1, 0.3],
                vec![0.2, 0.1, 1.0, 0.1],
                vec![0.8, 0.3, 0.1, 1.0],
            ],
        };
        assert_eq!(sims.clusters(0.7), vec![0, 0, 1, 0]);
        let (h, share) = sims.entropy_and_answer_share(0.7);
        assert!((h - -(0.75f64 * 0.75f64.ln() + 0.25 * 0.25f64.ln())).abs() < 1e-12);
        assert_eq!(share, 0.75);
        assert_eq!(sims.clusters(0.95), vec![0, 1, 2, 3]);
    }
}
