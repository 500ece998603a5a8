//! Feedback: `POST /v1/calibrate` (a label or a note, stored durably, that recalibrates its
//! scope) and `GET /v1/calibration` (the calibration in force per scope).

use super::audit::audit_items;
use super::state::AppState;
use crate::feedback::store::NewFeedback;
use crate::feedback::REFIT_WAIT;
use crate::http::error::ApiError;
use crate::http::response::{json_response, Body};
use crate::support::unix_ms;
use epistemic_audit_core::recalibration::{feedback_scope, report, FeedbackInput};
use epistemic_audit_core::validate;
use epistemic_audit_core::CalibrateResponse;
use hyper::{HeaderMap, Response, StatusCode};
use sha2::{Digest, Sha256};

/// `POST /v1/calibrate` after auth, rate limit and body read (DESIGN §2.5, §3 "Calibrate"):
///
/// 1. validates the body (`core::validate::calibrate_request`) and audits it exactly as
///    [`super::audit::audit`] would (same mode and headers, evidence the body lacks fetched from the upstream
///    when one is configured) with the calibration in force → `q1`, `q2`, `height` (= height
///    *before*), `verdict`. The label belongs to the scope `<tier>/<task>/<model_source>` of that
///    audit, so it calibrates the same raw confidence an audit of this request reports — or to
///    `<tier>/<task>/*` when MAX_MODEL_SCOPES other models already have scopes
///    ([`crate::feedback::scopes`]); the record keeps the request's `model_source` either way;
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
    // The scope's model: the request's, unless MAX_MODEL_SCOPES other models already have scopes
    // of their own — then the shared `*` (a label admits its model while there is room;
    // `feedback::scopes`).
    let scopes = state.feedback.scopes();
    let model_source = if input.label.is_some() {
        scopes.admit(req.model_source.as_deref())
    } else {
        scopes.lookup(req.model_source.as_deref())
    };
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
    let after = state.scorer.height_for(
        tier,
        task,
        model_source,
        raw,
        &audit.metadata.shift,
        &state.feedback.registry(),
    );
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
