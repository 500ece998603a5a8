//! `/v1/compare` (DESIGN §3 "Compare"): several models' answers to one prompt, each audited with
//! the others as its samples, then ranked.
//!
//! Per answer: an audit of `text` with the request's `prompt` (no context, so the task kind is
//! `open`) whose samples are the answer's own supplied `samples` followed by the *other* answers
//! (cross-model agreement as a samples-tier signal, after SelfCheckGPT, Manakul et al. 2023), and
//! whose logprobs are its supplied `logprobs`: tier `samples` or `combined`
//! ([`crate::tiers`]). The samples are compared lexically ([`compare`]), or by meaning when the
//! host has the semantic tier's sentence embeddings ([`compare_judged`]: one cosine matrix over
//! [`answer_texts`], from which each answer's `[text, samples…]` matrix is taken, so the samples
//! and combined tiers use their semantic models exactly as an audit with those samples does).
//! `agreement` = mean lexical similarity to the other answers
//! ([`crate::similarity::agreements`]). Ranking: q2 ascending, then ECE ascending, then q1 ascending, then
//! request order. Deterministic; no clock (the caller fills `summary.processing_time_ms`).

use crate::recalibration::CalibrationRegistry;
use crate::samples::{CosineMatrix, SampleJudge};
use crate::scorer::Scorer;
use crate::similarity::agreements;
use crate::types::{
    AuditRequest, CompareMetadata, CompareRequest, CompareResponse, CompareSummary, Mode,
    ModelComparison, RankingEntry,
};
use std::collections::HashSet;

/// Checks what the schema cannot express: model names must be distinct (compared exactly, after
/// trimming surrounding whitespace). Returns the HTTP 400 message otherwise.
///
/// # Errors
/// `"Duplicate model name in responses: \"NAME\" (responses[i] and responses[j])"`.
pub fn check_distinct_models(req: &CompareRequest) -> Result<(), String> {
    let mut seen: Vec<(&str, usize)> = Vec::new();
    let mut names = HashSet::new();
    for (i, r) in req.responses.iter().enumerate() {
        let name = r.model.trim();
        if !names.insert(name) {
            let first = seen.iter().find(|(n, _)| *n == name).map_or(0, |&(_, j)| j);
            return Err(format!("Duplicate model name in responses: {name:?} (responses[{first}] and responses[{i}])"));
        }
        seen.push((name, i));
    }
    Ok(())
}

/// The texts a comparison's cosine matrix ([`compare_judged`]) is over, in its order: every
/// response's `text` in request order, then every response's own `samples`, response by response
/// in request order. For n responses with K_i samples each, n + ΣK_i texts.
pub fn answer_texts(req: &CompareRequest) -> Vec<&str> {
    let texts = req.responses.iter().map(|r| r.text.as_str());
    let samples = req
        .responses
        .iter()
        .flat_map(|r| r.samples.iter().flatten().map(String::as_str));
    texts.chain(samples).collect()
}

/// The audit request of answer `i` of `req` (module docs): its text with the request's prompt
/// (none when blank), its own samples followed by the other answers as samples, its logprobs.
/// `order` receives the indices into [`answer_texts`] of its `[text, samples…]`.
fn answer_request(req: &CompareRequest, i: usize, order: &mut Vec<usize>) -> AuditRequest {
    let n = req.responses.len();
    let r = &req.responses[i];
    // Where response i's own samples start in `answer_texts`.
    let own_at = n + req.responses[..i]
        .iter()
        .map(|o| o.samples.as_ref().map_or(0, Vec::len))
        .sum::<usize>();
    let own = r.samples.as_ref().map_or(0, Vec::len);
    order.clear();
    order.push(i);
    order.extend(own_at..own_at + own);
    order.extend((0..n).filter(|&j| j != i));
    // The other answers are samples for this one (DESIGN §3 "Compare"), after the answer's own
    // supplied samples.
    let mut samples: Vec<String> = r.samples.clone().unwrap_or_default();
    samples.extend(
        req.responses
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != i)
            .map(|(_, o)| o.text.clone()),
    );
    AuditRequest {
        text: r.text.clone(),
        context: None,
        prompt: Some(req.prompt.clone()).filter(|p| !p.trim().is_empty()),
        model_source: Some(r.model.clone()),
        samples: Some(samples).filter(|s| !s.is_empty()),
        logprobs: r.logprobs.clone(),
    }
}

/// Audits and ranks the answers of a validated, duplicate-free request (module docs), comparing
/// the samples lexically. `summary.processing_time_ms` is 0 here; the caller sets its measured
/// wall time.
pub fn compare(
    scorer: &Scorer,
    req: &CompareRequest,
    mode: Mode,
    registry: &CalibrationRegistry,
) -> CompareResponse {
    compare_judged(scorer, req, mode, registry, None)
}

/// As [`compare`], with the samples of every answer compared by the semantic tier's sentence
/// embeddings when `cosines` is given: the cosine matrix over [`answer_texts`] (n + ΣK_i square,
/// entries in [-1, 1], as [`CosineMatrix::of_embeddings`] makes it). Answer i is then audited as
/// [`Scorer::audit_judged`] with [`SampleJudge::Embedding`] of the rows and columns of its
/// `[text, own samples…, other answers…]`: the samples are clustered by meaning and its samples
/// and combined tiers use their semantic models (DESIGN §2.6), so two answers that say the same
/// in other words agree. A matrix of another shape is not used (each audit's
/// `metadata.samples_equivalence` would say "lexical"); hosts check it first with
/// [`CosineMatrix::check`] and the length of [`answer_texts`].
pub fn compare_judged(
    scorer: &Scorer,
    req: &CompareRequest,
    mode: Mode,
    registry: &CalibrationRegistry,
    cosines: Option<&CosineMatrix>,
) -> CompareResponse {
    let texts: Vec<&str> = req.responses.iter().map(|r| r.text.as_str()).collect();
    let prompt = Some(req.prompt.as_str()).filter(|p| !p.trim().is_empty());
    let agree = agreements(&texts, prompt);
    let cosines = cosines.filter(|m| m.check(answer_texts(req).len()).is_ok());
    let mut order = Vec::new();
    let comparisons: Vec<ModelComparison> = req
        .responses
        .iter()
        .zip(&agree)
        .enumerate()
        .map(|(i, (r, a))| {
            let audit_req = answer_request(req, i, &mut order);
            let own = cosines.map(|m| m.select(&order));
            let judge = own
                .as_ref()
                .map_or(SampleJudge::Lexical, SampleJudge::Embedding);
            let res = scorer.audit_judged(&audit_req, mode, 0.0, registry, judge);
            ModelComparison {
                model: r.model.clone(),
                q1: res.q1,
                q2: res.q2,
                height: res.height,
                ece: res.ece,
                brier: res.brier,
                verdict: res.verdict,
                explanation: res.explanation,
                agreement: a.agreement,
                confidence_interval: res.confidence_interval,
            }
        })
        .collect();
    let mut order: Vec<usize> = (0..comparisons.len()).collect();
    order.sort_by(|&i, &j| {
        let (a, b) = (&comparisons[i], &comparisons[j]);
        a.q2.total_cmp(&b.q2)
            .then(a.ece.total_cmp(&b.ece))
            .then(a.q1.total_cmp(&b.q1))
            .then(i.cmp(&j))
    });
    // Differences within the scores' uncertainty are ties (DESIGN §3 "Compare"): two answers
    // whose 95 % height intervals overlap share a rank.
    let overlap = |a: &ModelComparison, b: &ModelComparison| {
        a.confidence_interval[0] <= b.confidence_interval[1]
            && b.confidence_interval[0] <= a.confidence_interval[1]
    };
    let mut ranking: Vec<RankingEntry> = Vec::with_capacity(order.len());
    for (pos, &i) in order.iter().enumerate() {
        let c = &comparisons[i];
        let rank = match (pos, ranking.last()) {
            (p, Some(prev)) if p > 0 && overlap(&comparisons[order[p - 1]], c) => prev.rank,
            _ => pos as u32 + 1,
        };
        ranking.push(RankingEntry {
            rank,
            model: c.model.clone(),
            q2: c.q2,
            height: c.height,
            verdict: c.verdict,
            confidence_interval: c.confidence_interval,
            tied_with_best: overlap(&comparisons[order[0]], c),
        });
    }
    let tied_models: Vec<String> = ranking
        .iter()
        .filter(|r| r.tied_with_best)
        .map(|r| r.model.clone())
        .collect();
    let best = order.first().map(|&i| &comparisons[i]);
    let best_model = best.map_or(String::new(), |b| b.model.clone());
    let q2s: Vec<f64> = comparisons.iter().map(|c| c.q2).collect();
    let (min, max) = q2s
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &q| {
            (lo.min(q), hi.max(q))
        });
    let summary = CompareSummary {
        total_models: comparisons.len() as u64,
        best_model: best_model.clone(),
        best_q2: best.map_or(0.0, |b| b.q2),
        avg_q2: if q2s.is_empty() {
            0.0
        } else {
            q2s.iter().sum::<f64>() / q2s.len() as f64
        },
        q2_range: if q2s.is_empty() { 0.0 } else { max - min },
        decisive: tied_models.len() == 1,
        tied_models,
        processing_time_ms: 0.0,
    };
    CompareResponse {
        prompt: req.prompt.clone(),
        comparisons,
        ranking,
        best_model,
        summary,
        // Semantic agreement needs the embedding model, which core does not have; a server that
        // has one fills this in.
        metadata: CompareMetadata::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::CompareItem;

    fn req(items: &[(&str, &str)]) -> CompareRequest {
        CompareRequest {
            prompt: "What is the capital of France?".into(),
            responses: items
                .iter()
                .map(|(m, t)| CompareItem {
                    model: m.to_string(),
                    text: t.to_string(),
                    samples: None,
                    logprobs: None,
                })
                .collect(),
        }
    }

    #[test]
    fn duplicates_are_refused() {
        assert!(check_distinct_models(&req(&[("a", "x"), ("b", "y")])).is_ok());
        let e = check_distinct_models(&req(&[("a", "x"), ("b", "y"), (" a ", "z")])).unwrap_err();
        assert!(
            e.contains("\"a\"") && e.contains("responses[0]") && e.contains("responses[2]"),
            "{e}"
        );
    }

    #[test]
    fn ranking_order_and_summary() {
        let s = Scorer::embedded();
        let r = req(&[
            ("m1", "The capital of France is Paris."),
            ("m2", "Paris is the capital of France."),
            ("m3", "I believe it might be Lyon, founded in 1642 by Louis Lumière, though sources vary."),
        ]);
        let out = compare(&s, &r, Mode::Managed, &CalibrationRegistry::new());
        assert_eq!(out.comparisons.len(), 3);
        assert_eq!(out.ranking.len(), 3);
        for w in out.ranking.windows(2) {
            let (a, b) = (&w[0], &w[1]);
            assert!(a.q2 <= b.q2, "{a:?} {b:?}");
        }
        let ranks: Vec<u32> = out.ranking.iter().map(|e| e.rank).collect();
        assert_eq!(ranks[0], 1);
        assert!(ranks.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(out.summary.decisive, out.summary.tied_models.len() == 1);
        assert_eq!(out.best_model, out.ranking[0].model);
        assert_eq!(out.summary.best_model, out.best_model);
        assert_eq!(out.summary.total_models, 3);
        let q2: Vec<f64> = out.comparisons.iter().map(|c| c.q2).collect();
        assert!((out.summary.avg_q2 - q2.iter().sum::<f64>() / 3.0).abs() < 1e-12);
        assert!(
            (out.summary.q2_range
                - (q2.iter().cloned().fold(f64::MIN, f64::max)
                    - q2.iter().cloned().fold(f64::MAX, f64::min)))
            .abs()
                < 1e-12
        );
        // The outlier disagrees with both others and says so.
        let m3 = &out.comparisons[2];
        assert!(m3.agreement < out.comparisons[0].agreement);
        assert!(
            m3.explanation
                .contains("Samples: 2 of 2 disagree with the text"),
            "{}",
            m3.explanation
        );
        assert!(out
            .comparisons
            .iter()
            .all(|c| c.explanation.contains("2 sampled answer(s)")));
    }

    #[test]
    fn answers_are_compared_by_meaning_with_their_rows_of_the_cosine_matrix() {
        let s = Scorer::embedded();
        let registry = CalibrationRegistry::new();
        let mut r = req(&[
            ("a", "The capital of France is Paris."),
            ("b", "France's seat of government is the city of Paris."),
            ("c", "It is Lyon."),
        ]);
        r.responses[1].samples = Some(vec!["Paris.".into()]);
        let texts = answer_texts(&r);
        assert_eq!(
            texts[..3],
            [&*r.responses[0].text, &*r.responses[1].text, "It is Lyon."]
        );
        assert_eq!(texts[3], "Paris.");
        // A cosine for each pair of texts, by name: the two Paris sentences and "Paris." are
        // close, Lyon is far from all.
        let cos = |x: &str, y: &str| -> f64 {
            if x == y {
                return 1.0;
            }
            let lyon = |t: &str| t.contains("Lyon");
            if lyon(x) || lyon(y) {
                0.2
            } else {
                0.8
            }
        };
        let full = CosineMatrix {
            cosine: texts
                .iter()
                .map(|x| texts.iter().map(|y| cos(x, y)).collect())
                .collect(),
        };
        let judged = compare_judged(&s, &r, Mode::Managed, &registry, Some(&full));
        let lexical = compare(&s, &r, Mode::Managed, &registry);
        // Each answer is the audit of its text with its own samples, then the other answers,
        // judged by the matrix of exactly those texts.
        for (i, c) in judged.comparisons.iter().enumerate() {
            let mut samples: Vec<String> = r.responses[i].samples.clone().unwrap_or_default();
            samples.extend(
                (0..3)
                    .filter(|&j| j != i)
                    .map(|j| r.responses[j].text.clone()),
            );
            let answers: Vec<&str> = std::iter::once(r.responses[i].text.as_str())
                .chain(samples.iter().map(String::as_str))
                .collect();
            let own = CosineMatrix {
                cosine: answers
                    .iter()
                    .map(|x| answers.iter().map(|y| cos(x, y)).collect())
                    .collect(),
            };
            let audit = AuditRequest {
                text: r.responses[i].text.clone(),
                context: None,
                prompt: Some(r.prompt.clone()),
                model_source: Some(r.responses[i].model.clone()),
                samples: Some(samples),
                logprobs: None,
            };
            let want = s.audit_judged(
                &audit,
                Mode::Managed,
                0.0,
                &registry,
                SampleJudge::Embedding(&own),
            );
            assert_eq!(
                want.metadata.samples_equivalence,
                Some(crate::samples::Equivalence::Embedding)
            );
            assert_eq!(
                (c.q1, c.q2, c.height),
                (want.q1, want.q2, want.height),
                "answer {i}"
            );
            assert_eq!(c.explanation, want.explanation);
        }
        // By meaning, "France's seat of government …" agrees with the Paris answer, which the
        // lexical comparison cannot see: its explanation says so, and its q2 changes when the
        // shipped semantic samples model weighs the semantic disagreement (the trainer keeps
        // that input only beyond one standard error; otherwise every weight is the lexical one).
        assert_eq!(
            judged.comparisons[1].q2 != lexical.comparisons[1].q2,
            s.semantic_weighs_meaning()
        );
        let said = &judged.comparisons[1].explanation;
        assert!(
            said.contains("By meaning, 2 of 3 say what the text says."),
            "{said}"
        );
        assert!(!lexical.comparisons[1].explanation.contains("By meaning"));
        // A matrix that does not fit the texts is not used.
        let small = CosineMatrix {
            cosine: vec![vec![1.0, 0.5], vec![0.5, 1.0]],
        };
        let unused = compare_judged(&s, &r, Mode::Managed, &registry, Some(&small));
        let q = |o: &CompareResponse| o.comparisons.iter().map(|c| c.q2).collect::<Vec<_>>();
        assert_eq!(q(&unused), q(&lexical));
    }

    #[test]
    fn answers_within_each_others_uncertainty_tie() {
        let s = Scorer::embedded();
        // Two answers that say the same in other words: their scores differ by less than their
        // uncertainty, so neither is decisively best.
        let out = compare(
            &s,
            &req(&[
                ("a", "The capital of France is Paris."),
                ("b", "Paris is the capital of France."),
            ]),
            Mode::Managed,
            &CalibrationRegistry::new(),
        );
        assert!(!out.summary.decisive, "{:?}", out.ranking);
        assert_eq!(out.summary.tied_models.len(), 2);
        assert_eq!(
            out.ranking.iter().map(|r| r.rank).collect::<Vec<_>>(),
            vec![1, 1]
        );
        assert!(out.ranking.iter().all(|r| r.tied_with_best));
    }

    #[test]
    fn other_answers_are_samples_and_disagreement_raises_q2() {
        let s = Scorer::embedded();
        let agree = compare(
            &s,
            &req(&[
                ("a", "Paris is the capital."),
                ("b", "Paris is the capital."),
                ("c", "Paris is the capital."),
            ]),
            Mode::Managed,
            &CalibrationRegistry::new(),
        );
        let disagree = compare(
            &s,
            &req(&[
                ("a", "Paris is the capital."),
                ("b", "Berlin hosts it."),
                ("c", "Madrid, Spain."),
            ]),
            Mode::Managed,
            &CalibrationRegistry::new(),
        );
        let (x, y) = (&agree.comparisons[0], &disagree.comparisons[0]);
        assert!(y.q2 >= x.q2 && y.height <= x.height, "{x:?} {y:?}");
        assert_eq!(x.agreement, 1.0);
        assert!(
            x.explanation
                .contains("from the text and prompt and 2 sampled answer(s)"),
            "{}",
            x.explanation
        );
    }
}
