//! The semantic tier's part of `/v1/audit`, `/v1/batch` and `/v1/compare` (DESIGN §2.6): fills
//! `metadata.semantic` of finished results from [`crate::semantic`] when SEMANTIC_MODEL_DIR loaded
//! a model. It only adds metadata: `q1`, `q2`, `height`, the interval, the verdict and a
//! comparison's ranking stay exactly as the scorer made them (no weight for the semantic numbers
//! has been fitted on dev data yet).

use super::state::AppState;
use crate::semantic::AlignJob;
use epistemic_audit_core::{AuditResult, CompareRequest, CompareResponse};
use std::time::Instant;

/// Aligns the claims of each audit to its context's sentences (`contexts[i]` is the context of
/// `audits[i]`'s request), in one job on the blocking pool. Without a model the results keep the
/// scorer's "did not run" (no model loaded).
pub async fn annotate_audits(
    state: &AppState,
    contexts: Vec<Option<String>>,
    audits: &mut [AuditResult],
) {
    let Some(semantic) = state.semantic.as_ref() else {
        return;
    };
    let jobs: Vec<AlignJob> = audits
        .iter()
        .zip(contexts)
        .map(|(a, context)| AlignJob {
            claims: a.metadata.claims.clone(),
            role: a.metadata.context_role,
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
