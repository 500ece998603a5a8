//! `POST /v1/batch`.

use super::audit::audit_items;
use super::state::AppState;
use crate::http::error::ApiError;
use crate::http::response::{json_response, Body};
use epistemic_audit_core::validate;
use epistemic_audit_core::{BatchResponse, BatchSummary};
use hyper::{HeaderMap, Response, StatusCode};
use std::time::Instant;

/// `POST /v1/batch` after auth, rate limit and body read: as [`super::audit::audit`] for 1..=100 items
/// (`core::validate::batch_request`) under one mode; the items' upstream calls run
/// concurrently (at most UPSTREAM_CONCURRENCY requests in flight) and any failure fails the
/// batch (502); `metadata.semantic` of every item comes from one embedding job when the semantic
/// tier is loaded. The summary's `processing_time_ms` is the wall time of evidence gathering,
/// scoring and the semantic tier (milliseconds).
///
/// # Errors
/// 400 for the BYO headers or endpoint; 422 [`ApiError::Validation`] for a malformed body (every
/// failing item is reported with its index in `loc`); 502 if an upstream call fails; 500 if
/// scoring fails.
pub async fn batch(
    state: &AppState,
    headers: &HeaderMap,
    body: bytes::Bytes,
) -> Result<Response<Body>, ApiError> {
    let (mut audits, elapsed_ms, sources) = audit_items(state, headers, body, |v| {
        let items = validate::batch_request(v)?.items;
        let sources = items
            .iter()
            .map(|i| (i.prompt.clone(), i.context.clone()))
            .collect();
        Ok((items, sources))
    })
    .await?;
    let started = Instant::now();
    super::semantic::annotate_audits(state, sources, &mut audits).await;
    let elapsed_ms = elapsed_ms + started.elapsed().as_secs_f64() * 1000.0;
    audits.iter().for_each(|a| state.metrics.observe_audit(a));
    let summary = BatchSummary::from_audits(&audits, elapsed_ms);
    Ok(json_response(
        StatusCode::OK,
        &BatchResponse { audits, summary },
    ))
}
