//! Endpoint handlers. They know nothing of scoring beyond calling `epistemic_audit_core`:
//! validation is `core::validate`, scoring is `Scorer::audit`, the batch summary is
//! `BatchSummary::from_audits`.

use crate::error::ApiError;
use crate::http::{json_response, Body};
use crate::routes::Route;
use crate::state::AppState;
use epistemic_audit_core::validate;
use epistemic_audit_core::{BatchResponse, BatchSummary, HealthResponse, Mode, INTERFACE_VERSION};
use hyper::header::{HeaderValue, ALLOW};
use hyper::{Response, StatusCode};
use serde_json::json;
use std::time::Instant;

/// Mode of every audit in this version: managed, scored locally (no upstream configured yet), so
/// `upstream_latency_ms` is 0 (DESIGN §3 "mode").
pub const MODE: Mode = Mode::Managed;

/// `GET /`: name, interface version, modes, links and how to authenticate.
pub fn root(state: &AppState) -> Response<Body> {
    json_response(
        StatusCode::OK,
        &json!({
            "name": "epistemic-audit",
            "version": INTERFACE_VERSION,
            "modes": ["managed", "byo-hf"],
            "links": { "health": "/health", "audit": "/v1/audit", "batch": "/v1/batch" },
            "auth": "X-API-Key or Authorization: Bearer",
            "open_mode": state.auth.is_open(),
        }),
    )
}

/// `GET /health`: contract HealthResponse `{status:"ok", version:"1.1.0", uptime_seconds}`
/// (seconds since start-up, fractional).
pub fn health(state: &AppState) -> Response<Body> {
    json_response(
        StatusCode::OK,
        &HealthResponse {
            status: "ok".into(),
            version: INTERFACE_VERSION.into(),
            uptime_seconds: state.started.elapsed().as_secs_f64(),
        },
    )
}

/// `OPTIONS` on a known path: 204 with `Allow`.
pub fn options(route: Route) -> Response<Body> {
    let mut resp = Response::new(Body::default());
    *resp.status_mut() = StatusCode::NO_CONTENT;
    resp.headers_mut()
        .insert(ALLOW, HeaderValue::from_static(route.allow()));
    resp
}

/// `POST /v1/audit` after auth, rate limit and body read: validates the JSON body
/// (`core::validate::audit_request`) and returns the AuditResult.
///
/// # Errors
/// 422 [`ApiError::Validation`] for a malformed body; 500 if scoring fails.
pub async fn audit(state: &AppState, body: bytes::Bytes) -> Result<Response<Body>, ApiError> {
    let result = state
        .score(move |scorer| {
            let value = validate::parse_json(&body)?;
            let req = validate::audit_request(&value)?;
            Ok(scorer.audit(&req, MODE, 0.0))
        })
        .await?;
    Ok(json_response(StatusCode::OK, &result))
}

/// `POST /v1/batch` after auth, rate limit and body read: validates 1..=100 items
/// (`core::validate::batch_request`), audits them in order and adds the summary, whose
/// `processing_time_ms` is the wall time of scoring (milliseconds).
///
/// # Errors
/// 422 [`ApiError::Validation`] for a malformed body (every failing item is reported with its
/// index in `loc`); 500 if scoring fails.
pub async fn batch(state: &AppState, body: bytes::Bytes) -> Result<Response<Body>, ApiError> {
    let response = state
        .score(move |scorer| {
            let value = validate::parse_json(&body)?;
            let req = validate::batch_request(&value)?;
            let started = Instant::now();
            let audits: Vec<_> = req
                .items
                .iter()
                .map(|item| scorer.audit(item, MODE, 0.0))
                .collect();
            let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
            let summary = BatchSummary::from_audits(&audits, elapsed_ms);
            Ok(BatchResponse { audits, summary })
        })
        .await?;
    Ok(json_response(StatusCode::OK, &response))
}
