//! `POST /v1/compare`.

use super::state::AppState;
use crate::http::error::ApiError;
use crate::http::response::{json_response, Body};
use epistemic_audit_core::{compare, validate};
use epistemic_audit_core::{Mode, Tier};
use hyper::{Response, StatusCode};
use std::time::Instant;

/// Mode of the audits of `/v1/compare` and `/v1/calibrate`, which never call the upstream
/// (compare uses the other answers as samples; DESIGN §3), so `upstream_latency_ms` is 0.
pub const MODE: Mode = Mode::Managed;

/// `POST /v1/compare` after auth, rate limit and body read: validates the body
/// (`core::validate::compare_request`), refuses duplicate model names, audits every answer with
/// the others as its samples and ranks them (`core::compare`). With the semantic tier loaded the
/// answers and their samples are embedded first and every answer's samples are compared by
/// meaning (`core::compare::compare_judged`, as an audit with samples is: its q2, height and
/// rank come from the semantic samples models), and `metadata.semantic` holds the answers'
/// pairwise cosines and mean agreement. `summary.processing_time_ms` is the wall time of scoring
/// and the semantic tier (milliseconds).
///
/// # Errors
/// 422 for schema errors; 400 [`ApiError::InvalidInput`] for two answers with the same model
/// name; 500 if scoring fails.
pub async fn compare(state: &AppState, body: bytes::Bytes) -> Result<Response<Body>, ApiError> {
    let req = state
        .score(move |_| {
            let value = validate::parse_json(&body)?;
            let req = validate::compare_request(&value)?;
            compare::check_distinct_models(&req).map_err(ApiError::InvalidInput)?;
            Ok(req)
        })
        .await?;
    let started = Instant::now();
    let cosines = super::semantic::compare_cosines(state, &req).await;
    let registry = state.feedback.registry();
    let (req, mut response) = state
        .score(move |scorer| {
            let out = compare::compare_judged(scorer, &req, MODE, &registry, cosines.as_ref());
            Ok((req, out))
        })
        .await?;
    super::semantic::annotate_comparison(state, &req, &mut response).await;
    response.summary.processing_time_ms = started.elapsed().as_secs_f64() * 1000.0;
    // Every answer of a comparison is an intrinsic audit (core::compare).
    response
        .comparisons
        .iter()
        .for_each(|c| state.metrics.observe_comparison(c, Tier::Intrinsic, MODE));
    Ok(json_response(StatusCode::OK, &response))
}
