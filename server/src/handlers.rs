//! Endpoint handlers. They know nothing of scoring beyond calling `epistemic_audit_core`:
//! validation is `core::validate`, scoring is `Scorer::audit_with` (with the feedback
//! calibrators in force, [`crate::feedback`]), the batch summary is `BatchSummary::from_audits`,
//! comparison is `core::compare`, the calibration report is `core::recalibration::report`.

use crate::error::ApiError;
use crate::feedback::{unix_ms, REFIT_WAIT};
use crate::http::{json_response, Body};
use crate::routes::Route;
use crate::state::AppState;
use crate::store::NewFeedback;
use crate::upstream::transport::UpstreamError;
use crate::upstream::Enrichment;
use bytes::Bytes;
use epistemic_audit_core::recalibration::{feedback_scope, report, FeedbackInput};
use epistemic_audit_core::{compare, validate};
use epistemic_audit_core::{
    AuditRequest, AuditResult, BatchResponse, BatchSummary, CalibrateResponse, HealthResponse,
    Mode, Tier, INTERFACE_VERSION,
};
use http_body_util::Full;
use hyper::header::{HeaderValue, ALLOW, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE};
use hyper::{HeaderMap, Response, StatusCode};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::time::Instant;
use utoipa::ToSchema;

/// Mode of the audits of `/v1/compare` and `/v1/calibrate`, which never call the upstream
/// (compare uses the other answers as samples; DESIGN §3), so `upstream_latency_ms` is 0.
pub const MODE: Mode = Mode::Managed;

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
    state.metrics.set_resources(
        state.limiter.len(),
        state
            .max_in_flight
            .saturating_sub(state.in_flight.available_permits()),
    );
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

/// `POST /v1/audit` after auth, rate limit and body read (DESIGN §3 "mode"):
///
/// 1. the mode from the headers ([`crate::upstream::Upstream::target`]): both X-HF-Endpoint and
///    X-HF-Token → "byo-hf", neither → "managed", one alone → 400;
/// 2. the JSON body (`core::validate::audit_request`) → 422 when malformed;
/// 3. a BYO endpoint's addresses are resolved and checked (400) — before any connection;
/// 4. evidence the request lacks is fetched from the upstream ([`crate::upstream::Upstream::enrich`]:
///    managed endpoint, the client's, or none when HF_ENDPOINT_URL is unset) → 502 on failure;
/// 5. the scorer (which picks the tier from the evidence), then `metadata.upstream` and
///    `upstream_latency_ms` (wall time of the upstream calls, ms; 0 when none were made).
///
/// # Errors
/// 400 [`ApiError::InvalidInput`] for the BYO headers or endpoint; 422 [`ApiError::Validation`]
/// for a malformed body; 502 [`ApiError::Upstream`]; 500 if scoring fails.
pub async fn audit(
    state: &AppState,
    headers: &HeaderMap,
    body: bytes::Bytes,
) -> Result<Response<Body>, ApiError> {
    let (audits, _, ()) = audit_items(state, headers, body, |v| {
        Ok((vec![validate::audit_request(v)?], ()))
    })
    .await?;
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
async fn audit_items<P, X>(
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
    let registry = state.feedback.registry();
    state
        .score(move |scorer| {
            let mut audits = Vec::with_capacity(items.len());
            for (item, e) in items.iter().zip(enriched) {
                check_upstream_evidence(item, &e)?;
                let mut r = scorer.audit_with(item, mode, e.latency_ms, &registry);
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

/// `POST /v1/batch` after auth, rate limit and body read: as [`audit`] for 1..=100 items
/// (`core::validate::batch_request`) under one mode; the items' upstream calls run
/// concurrently (at most UPSTREAM_CONCURRENCY requests in flight) and any failure fails the
/// batch (502). The summary's `processing_time_ms` is the wall time of evidence gathering and
/// scoring (milliseconds).
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
    let (audits, elapsed_ms, ()) = audit_items(state, headers, body, |v| {
        Ok((validate::batch_request(v)?.items, ()))
    })
    .await?;
    audits.iter().for_each(|a| state.metrics.observe_audit(a));
    let summary = BatchSummary::from_audits(&audits, elapsed_ms);
    Ok(json_response(
        StatusCode::OK,
        &BatchResponse { audits, summary },
    ))
}

/// `POST /v1/compare` after auth, rate limit and body read: validates the body
/// (`core::validate::compare_request`), refuses duplicate model names, audits every answer with
/// the others as its samples and ranks them (`core::compare`). `summary.processing_time_ms` is
/// the wall time of scoring (milliseconds).
///
/// # Errors
/// 422 for schema errors; 400 [`ApiError::InvalidInput`] for two answers with the same model
/// name; 500 if scoring fails.
pub async fn compare(state: &AppState, body: bytes::Bytes) -> Result<Response<Body>, ApiError> {
    let registry = state.feedback.registry();
    let response = state
        .score(move |scorer| {
            let value = validate::parse_json(&body)?;
            let req = validate::compare_request(&value)?;
            compare::check_distinct_models(&req).map_err(ApiError::InvalidInput)?;
            let started = Instant::now();
            let mut out = compare::compare(scorer, &req, MODE, &registry);
            out.summary.processing_time_ms = started.elapsed().as_secs_f64() * 1000.0;
            Ok(out)
        })
        .await?;
    // Every answer of a comparison is an intrinsic audit (core::compare).
    response
        .comparisons
        .iter()
        .for_each(|c| state.metrics.observe_comparison(c, Tier::Intrinsic, MODE));
    Ok(json_response(StatusCode::OK, &response))
}

/// `POST /v1/calibrate` after auth, rate limit and body read (DESIGN §2.5, §3 "Calibrate"):
///
/// 1. validates the body (`core::validate::calibrate_request`) and audits it exactly as
///    [`audit`] would (same mode and headers, evidence the body lacks fetched from the upstream
///    when one is configured) with the calibration in force → `q1`, `q2`, `height` (= height
///    *before*), `verdict`. The label belongs to the scope `<tier>/<task>/<model_source>` of that
///    audit, so it calibrates the same raw confidence an audit of this request reports;
/// 2. interprets `ground_truth` / `feedback` (`FeedbackInput::interpret`); if there is a label or
///    a note, stores the record **durably before answering** (`feedback_recorded` = true);
/// 3. a label that completes a group of FEEDBACK_REFIT_EVERY in its scope triggers a refit task;
///    this request waits for it (at most [`REFIT_WAIT`]);
/// 4. `calibration_adjustment` = height *after* − height *before*, where *after* is the height
///    the same text gets from its scope's calibration in force once steps 2–3 are done (the
///    refitted calibrator if this label triggered a refit or another refit finished meanwhile,
///    else the same calibrator, giving 0). Positive = the feedback so far made the service more
///    confident in this text.
///
/// # Errors
/// 400 for the BYO headers or endpoint; 422 for a malformed body; 502 when an upstream call
/// fails (nothing is stored); 500 "Calibration failed" when the store fails (nothing is
/// acknowledged that was not stored).
pub async fn calibrate(
    state: &AppState,
    headers: &HeaderMap,
    body: bytes::Bytes,
) -> Result<Response<Body>, ApiError> {
    let (audits, _, req) = audit_items(state, headers, body, |v| {
        let req = validate::calibrate_request(v)?;
        Ok((vec![req.audit_request()], req))
    })
    .await?;
    let Some(audit) = audits.into_iter().next() else {
        return Err(ApiError::internal("Calibration failed", "no audit result"));
    };
    state.metrics.observe_audit(&audit);
    let input = FeedbackInput::interpret(req.ground_truth, req.feedback.as_deref());
    let (tier, task) = (audit.metadata.tier, audit.metadata.task);
    let model_source = req.model_source.as_deref();
    let scope = feedback_scope(tier, task, model_source);
    let raw = audit.metadata.raw_confidence;
    let before = audit.height;
    let recorded = input.is_recordable();
    if recorded {
        let record = NewFeedback {
            created_at_ms: unix_ms(),
            text_sha256: format!("{:x}", Sha256::digest(req.text.as_bytes())),
            text: req.text.clone(),
            prompt: req.prompt.clone(),
            context: req.context.clone(),
            raw_confidence: raw,
            height: before,
            tier: tier.as_str().into(),
            task: task.as_str().into(),
            scope: scope.clone(),
            model_source: req.model_source.clone(),
            label: input.label,
            note: input.note.clone(),
            scorer_version: state.scorer.version().to_string(),
        };
        state.feedback.record(record).await?;
        state.metrics.feedback_recorded(if input.label.is_some() {
            "label"
        } else {
            "note"
        });
        if input.label.is_some() && state.feedback.note_label(&scope) {
            let refit = state.feedback.spawn_refit(scope.clone());
            if tokio::time::timeout(REFIT_WAIT, refit).await.is_err() {
                tracing::warn!(
                    scope,
                    "refit still running; answering with the calibration in force"
                );
            }
        }
    }
    let after = state
        .scorer
        .height_for(tier, task, model_source, raw, &state.feedback.registry());
    Ok(json_response(
        StatusCode::OK,
        &CalibrateResponse {
            q1: audit.q1,
            q2: audit.q2,
            height: before,
            verdict: audit.verdict,
            calibration_adjustment: after - before,
            feedback_recorded: recorded,
        },
    ))
}

/// `GET /v1/calibration` (authenticated, not rate limited): per scope the calibration in force —
/// scope, source, n, labels stored, method, ECE, Brier, AUROC, thresholds and the 15
/// reliability-diagram bins (`core::recalibration::report`).
///
/// # Errors
/// 500 "Calibration failed" when the store cannot be read.
pub async fn calibration(state: &AppState) -> Result<Response<Body>, ApiError> {
    let counts = state.feedback.label_counts().await?;
    let registry = state.feedback.registry();
    Ok(json_response(
        StatusCode::OK,
        &report(&state.scorer, &registry, &counts),
    ))
}
