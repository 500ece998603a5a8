//! The service routes: `GET /` (what this service is), `GET /health` and `GET /metrics`
//! (`GET /openapi.json` is [`super::openapi::serve`]).

use super::state::AppState;
use crate::http::response::{bytes_response, json_response, Body};
use bytes::Bytes;
use epistemic_audit_core::{HealthResponse, Mode, INTERFACE_VERSION};
use hyper::header::{HeaderValue, CACHE_CONTROL};
use hyper::{Response, StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Body of `GET /` (the contract leaves its shape open; DESIGN §3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({"name": "epistemic-audit", "version": "1.1.0", "modes": ["managed", "byo-hf"],
    "links": {"health": "/health", "audit": "/v1/audit", "batch": "/v1/batch", "compare": "/v1/compare",
        "calibrate": "/v1/calibrate", "calibration": "/v1/calibration", "docs": "/docs", "openapi": "/openapi.json", "metrics": "/metrics"},
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
    /// `/v1/compare`.
    pub compare: String,
    /// `/v1/calibrate`.
    pub calibrate: String,
    /// `/v1/calibration`.
    pub calibration: String,
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
                compare: "/v1/compare".into(),
                calibrate: "/v1/calibrate".into(),
                calibration: "/v1/calibration".into(),
                docs: "/docs".into(),
                openapi: "/openapi.json".into(),
                metrics: "/metrics".into(),
            },
            auth: "X-API-Key or Authorization: Bearer".into(),
            open_mode: state.transport.auth.is_open(),
        },
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

/// `GET /metrics`: every series of [`crate::telemetry::metrics`] in the Prometheus text format 0.0.4.
pub fn metrics(state: &AppState) -> Response<Body> {
    let transport = &state.transport;
    state
        .metrics
        .set_resources(transport.limits.memory.len(), transport.in_flight_now());
    if let Some(semantic) = &state.semantic {
        let s = semantic.stats();
        state.metrics.set_semantic_totals(
            s.cache_hits,
            s.cache_misses,
            s.cache_entries,
            s.word_pieces,
        );
    }
    let mut resp = bytes_response(
        crate::telemetry::metrics::CONTENT_TYPE,
        Bytes::from(state.metrics.render()),
    );
    resp.headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    resp
}
