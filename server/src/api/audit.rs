//! `POST /v1/audit`, and the audit path `/v1/batch` and `/v1/calibrate` share ([`audit_items`]).
//!
//! Handlers know nothing of scoring beyond calling `epistemic_audit_core`: validation is
//! `core::validate`, scoring is `Scorer::audit_with` (with the feedback calibrators in force,
//! [`crate::feedback`]).

use super::state::AppState;
use crate::http::error::ApiError;
use crate::http::response::{json_response, Body};
use crate::upstream::transport::UpstreamError;
use crate::upstream::Enrichment;
use epistemic_audit_core::samples::SampleJudge;
use epistemic_audit_core::validate;
use epistemic_audit_core::{AuditRequest, AuditResult};
use hyper::{HeaderMap, Response, StatusCode};
use std::time::Instant;

/// `POST /v1/audit` after auth, rate limit and body read (DESIGN §3 "mode"):
///
/// 1. the mode from the headers ([`crate::upstream::Upstream::target`]): both X-HF-Endpoint and
///    X-HF-Token → "byo-hf", neither → "managed", one alone → 400;
/// 2. the JSON body (`core::validate::audit_request`) → 422 when malformed;
/// 3. a BYO endpoint's addresses are resolved and checked (400) — before any connection;
/// 4. evidence the request lacks is fetched from the upstream ([`crate::upstream::Upstream::enrich`]:
///    managed endpoint, the client's, or none when HF_ENDPOINT_URL is unset) → 502 on failure;
/// 5. the scorer (which picks the tier from the evidence), then `metadata.upstream` and
///    `upstream_latency_ms` (wall time of the upstream calls, ms; 0 when none were made);
/// 6. `metadata.semantic` when the semantic tier is loaded ([`super::semantic`]; reported only,
///    it changes no score).
///
/// # Errors
/// 400 [`ApiError::InvalidInput`] for the BYO headers or endpoint; 422 [`ApiError::Validation`]
/// for a malformed body; 502 [`ApiError::Upstream`]; 500 if scoring fails.
pub async fn audit(
    state: &AppState,
    headers: &HeaderMap,
    body: bytes::Bytes,
) -> Result<Response<Body>, ApiError> {
    let (mut audits, _, sources) = audit_items(state, headers, body, |v| {
        let req = validate::audit_request(v)?;
        let sources = vec![(req.prompt.clone(), req.context.clone())];
        Ok((vec![req], sources))
    })
    .await?;
    super::semantic::annotate_audits(state, sources, &mut audits).await;
    let Some(result) = audits.into_iter().next() else {
        return Err(ApiError::internal("Audit failed", "no audit result"));
    };
    state.metrics.observe_audit(&result);
    Ok(json_response(StatusCode::OK, &result))
}

/// Steps 1–5 of [`audit`] for the requests `parse` reads from the JSON body (one for
/// `/v1/audit` and `/v1/calibrate`, 1..=100 for `/v1/batch`), all under one mode; `parse` may
/// also return what else its endpoint needs from the body (`X`). Returns the results in request
/// order, the wall time of evidence gathering and scoring (milliseconds) and that `X`.
///
/// # Errors
/// As [`audit`]; 422 carries every error `parse` reports.
pub(super) async fn audit_items<P, X>(
    state: &AppState,
    headers: &HeaderMap,
    body: bytes::Bytes,
    parse: P,
) -> Result<(Vec<AuditResult>, f64, X), ApiError>
where
    P: FnOnce(&serde_json::Value) -> Result<(Vec<AuditRequest>, X), Vec<validate::FieldError>>
        + Send
        + 'static,
    X: Send + 'static,
{
    let target = state
        .upstream
        .target(headers)
        .map_err(ApiError::InvalidInput)?;
    let mode = target.mode();
    let (mut items, extra) = state
        .score(move |_| {
            let value = validate::parse_json(&body)?;
            Ok(parse(&value)?)
        })
        .await?;
    let resolved = state
        .upstream
        .resolve(target)
        .await
        .map_err(ApiError::InvalidInput)?;
    let started = Instant::now();
    let enriched = state.upstream.enrich(&resolved, &mut items).await?;
    let cosines = super::semantic::sample_cosines(state, &items).await;
    let registry = state.feedback.registry();
    // Models beyond MAX_MODEL_SCOPES are calibrated by the shared `*` scope, where their labels
    // go (`feedback::scopes`).
    let scopes = state.feedback.scopes();
    let beyond_cap: Vec<bool> = items
        .iter()
        .map(|i| {
            let model = i.model_source.as_deref().filter(|m| !m.is_empty());
            model.is_some() && scopes.lookup(model).is_none()
        })
        .collect();
    state
        .score(move |scorer| {
            let mut audits = Vec::with_capacity(items.len());
            for (((item, e), shared), cosine) in
                items.iter().zip(enriched).zip(beyond_cap).zip(cosines)
            {
                check_upstream_evidence(item, &e)?;
                let judge = cosine
                    .as_ref()
                    .map_or(SampleJudge::Lexical, SampleJudge::Embedding);
                let mut r = if shared {
                    let mut as_shared = item.clone();
                    let model = as_shared.model_source.take();
                    let mut r =
                        scorer.audit_judged(&as_shared, mode, e.latency_ms, &registry, judge);
                    r.metadata.model_source = model;
                    r
                } else {
                    scorer.audit_judged(item, mode, e.latency_ms, &registry, judge)
                };
                r.metadata.upstream = e.info;
                audits.push(r);
            }
            Ok((audits, started.elapsed().as_secs_f64() * 1000.0))
        })
        .await
        .map(|(audits, ms)| (audits, ms, extra))
}

/// The evidence the upstream put into `req` passes the same validation as a client's (so the
/// scorer only ever sees valid evidence); a failure is the upstream's (502), not the client's.
fn check_upstream_evidence(req: &AuditRequest, e: &Enrichment) -> Result<(), ApiError> {
    if e.info.is_none() {
        return Ok(());
    }
    let value = serde_json::to_value(req).map_err(|err| ApiError::internal("Audit failed", err))?;
    validate::audit_request(&value)
        .map(|_| ())
        .map_err(|errors| {
            ApiError::Upstream(UpstreamError::invalid(format!(
                "upstream evidence failed validation: {}",
                errors.first().map(|f| f.msg.as_str()).unwrap_or("")
            )))
        })
}
