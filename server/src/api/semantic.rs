//! The semantic tier's part of `/v1/audit`, `/v1/batch` and `/v1/compare` (DESIGN §2.6) when
//! SEMANTIC_MODEL_DIR loaded a model: before scoring, the embedding cosines of each audit's text
//! and samples ([`sample_cosines`]) and of a comparison's answers ([`compare_cosines`]), which
//! the scorer's semantic samples models read; after scoring, `metadata.semantic` of finished
//! results from [`crate::semantic`]. The claim alignment only adds metadata: `q1`, `q2`,
//! `height`, the interval and the verdict stay as the scorer made them (a weight fitted on dev
//! data ranks natural rows backwards).

use super::state::AppState;
use crate::semantic::AlignJob;
use epistemic_audit_core::samples::CosineMatrix;
use epistemic_audit_core::{AuditRequest, AuditResult, CompareRequest, CompareResponse};
use std::time::Instant;

/// Aligns the claims of each audit to its sources' sentences (`requests[i]` is the `prompt` and
/// `context` of `audits[i]`'s request: the sources are the passage of either that
/// `metadata.sources` marks), in one job on the blocking pool. Without a model the
/// results keep the scorer's "did not run" (no model loaded).
pub async fn annotate_audits(
    state: &AppState,
    requests: Vec<(Option<String>, Option<String>)>,
    audits: &mut [AuditResult],
) {
    let Some(semantic) = state.semantic.as_ref() else {
        return;
    };
    let jobs: Vec<AlignJob> = audits
        .iter()
        .zip(requests)
        .map(|(a, (prompt, context))| AlignJob {
            claims: a.metadata.claims.clone(),
            sources: a.metadata.sources,
            prompt,
            context,
        })
        .collect();
    let started = Instant::now();
    let infos = semantic.align(jobs).await;
    state
        .metrics
        .semantic_job("align", infos.iter().map(|i| i.ran), started.elapsed());
    for (a, info) in audits.iter_mut().zip(infos) {
        a.metadata.semantic = info;
    }
}

/// The embedding cosines over `[text, samples…]` of each request with samples, in request order
/// (`None` for requests without samples, and for every request without a model or when
/// embedding failed: those compare their samples lexically).
pub async fn sample_cosines(state: &AppState, items: &[AuditRequest]) -> Vec<Option<CosineMatrix>> {
    let Some(semantic) = state.semantic.as_ref() else {
        return vec![None; items.len()];
    };
    let answers: Vec<Option<Vec<String>>> = items
        .iter()
        .map(|i| {
            let samples = i.samples.as_ref().filter(|s| !s.is_empty())?;
            Some(
                std::iter::once(i.text.clone())
                    .chain(samples.iter().cloned())
                    .collect(),
            )
        })
        .collect();
    if answers.iter().all(Option::is_none) {
        return vec![None; items.len()];
    }
    let started = Instant::now();
    let wanted: Vec<bool> = answers.iter().map(Option::is_some).collect();
    let cosines = semantic.sample_cosines(answers).await;
    state.metrics.semantic_job(
        "samples",
        wanted
            .iter()
            .zip(&cosines)
            .filter(|(w, _)| **w)
            .map(|(_, c)| c.is_some()),
        started.elapsed(),
    );
    cosines
}

/// The cosine matrix over a comparison's answers and their samples
/// (`core::compare::answer_texts`), from which the scorer takes each answer's `[text, samples…]`;
/// `None` without a model or when embedding failed (the answers are then compared lexically).
/// Counted as `kind="samples"`.
pub async fn compare_cosines(state: &AppState, req: &CompareRequest) -> Option<CosineMatrix> {
    let semantic = state.semantic.as_ref()?;
    let texts: Vec<String> = epistemic_audit_core::compare::answer_texts(req)
        .into_iter()
        .map(str::to_string)
        .collect();
    let started = Instant::now();
    let cosine = semantic
        .sample_cosines(vec![Some(texts)])
        .await
        .into_iter()
        .next()
        .flatten();
    state
        .metrics
        .semantic_job("samples", [cosine.is_some()], started.elapsed());
    cosine
}

/// Semantic agreement between the answers of a comparison, in request order. Without a model the
/// response keeps core's "did not run" (no model loaded).
pub async fn annotate_comparison(
    state: &AppState,
    req: &CompareRequest,
    response: &mut CompareResponse,
) {
    let Some(semantic) = state.semantic.as_ref() else {
        return;
    };
    let models = req.responses.iter().map(|r| r.model.clone()).collect();
    let texts = req.responses.iter().map(|r| r.text.clone()).collect();
    let started = Instant::now();
    response.metadata.semantic = semantic.agreement(models, texts).await;
    state.metrics.semantic_job(
        "agreement",
        [response.metadata.semantic.ran],
        started.elapsed(),
    );
}
