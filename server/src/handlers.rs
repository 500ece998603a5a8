//! Endpoint handlers. They know nothing of scoring beyond calling `epistemic_audit_core`:
//! validation is `core::validate`, scoring is `Scorer::audit`, the batch summary is
//! `BatchSummary::from_audits`.

use crate::error::ApiError;
use crate::http::{json_response, Body};
use crate::routes::Route;
use crate::state::AppState;
use bytes::Bytes;
use epistemic_audit_core::validate;
use epistemic_audit_core::{BatchResponse, BatchSummary, HealthResponse, Mode, INTERFACE_VERSION};
use http_body_util::Full;
use hyper::header::{HeaderValue, ALLOW, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE};
use hyper::{Response, StatusCode};
use serde::{Deserialize, Serialize};
use std::time::Instant;
use utoipa::ToSchema;

/// Mode of every audit in this version: managed, scored locally (no upstream configured yet), so
/// `upstream_latency_ms` is 0 (DESIGN §3 "mode").
pub const MODE: Mode = Mode::Managed;

/// Body of `GET /` (the contract leaves its shape open; DESIGN §3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({"name": "epistemic-audit", "version": "1.1.0", "modes": ["managed", "byo-hf"],
    "links": {"health": "/health", "audit": "/v1/audit", "batch": "/v1/batch", "docs": "/docs", "openapi": "/openapi.json", "metrics": "/metrics"},
    "auth": "X-API-Key or Authorization: Bearer", "open_mode": false}))]
pub struct ApiInfo {
    /// "epistemic-audit".
    pub name: String,
    /// Interface version, "1.1.0".
    pub version: String,
    /// Audit modes: "managed", "byo-hf".
    pub modes: Vec<Mode>,
    /// Where the endpoints are.
    pub links: ApiLinks,
    /// How to authenticate.
    pub auth: String,
    /// True when no API key is configured (every request is admitted; development only).
    pub open_mode: bool,
}

/// `links` of [`ApiInfo`]: paths relative to the base URL.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ApiLinks {
    /// `/health`.
    pub health: String,
    /// `/v1/audit`.
    pub audit: String,
    /// `/v1/batch`.
    pub batch: String,
    /// `/docs`.
    pub docs: String,
    /// `/openapi.json`.
    pub openapi: String,
    /// `/metrics`.
    pub metrics: String,
}

/// `GET /`: name, interface version, modes, links and how to authenticate ([`ApiInfo`]).
pub fn root(state: &AppState) -> Response<Body> {
    json_response(
        StatusCode::OK,
        &ApiInfo {
            name: "epistemic-audit".into(),
            version: INTERFACE_VERSION.into(),
            modes: vec![Mode::Managed, Mode::ByoHf],
            links: ApiLinks {
                health: "/health".into(),
                audit: "/v1/audit".into(),
                batch: "/v1/batch".into(),
                docs: "/docs".into(),
                openapi: "/openapi.json".into(),
                metrics: "/metrics".into(),
            },
            auth: "X-API-Key or Authorization: Bearer".into(),
            open_mode: state.auth.is_open(),
        },
    )
}

fn bytes_response(content_type: &str, bytes: Bytes) -> Response<Body> {
    let mut resp = Response::new(Full::new(bytes));
    if let Ok(v) = HeaderValue::from_str(content_type) {
        resp.headers_mut().insert(CONTENT_TYPE, v);
    }
    resp
}

/// `GET /metrics`: every series of [`crate::metrics`] in the Prometheus text format 0.0.4.
pub fn metrics(state: &AppState) -> Response<Body> {
    let mut resp = bytes_response(
        crate::metrics::CONTENT_TYPE,
        Bytes::from(state.metrics.render()),
    );
    resp.headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    resp
}

/// `GET /openapi.json`: the OpenAPI 3.1 document ([`crate::openapi`]), rendered at start-up.
pub fn openapi(state: &AppState) -> Response<Body> {
    bytes_response("application/json", state.openapi_json.clone())
}

/// `GET /docs` and `GET /docs/<file>`: the Swagger UI page and its assets, from the binary.
///
/// # Errors
/// [`ApiError::NotFound`] for a file the page does not have.
pub fn docs(path: &str) -> Result<Response<Body>, ApiError> {
    let file = crate::openapi::docs_file(path).ok_or(ApiError::NotFound)?;
    let mut resp = bytes_response(&file.content_type, file.bytes);
    let h = resp.headers_mut();
    if file.gzipped {
        h.insert(CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    }
    h.insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    Ok(resp)
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
/// (`core::validate::audit_request`), returns the AuditResult and records it in the metrics.
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
    state.metrics.observe_audit(&result);
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
    response
        .audits
        .iter()
        .for_each(|a| state.metrics.observe_audit(a));
    Ok(json_response(StatusCode::OK, &response))
}
