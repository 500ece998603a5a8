//! The crate's one error type, [`ApiError`], and its one mapping to an HTTP status and body.
//!
//! Every failure a handler can meet is a variant here; [`ApiError::into_response`] is the only
//! place that turns a failure into a response, so status codes and body shapes cannot drift
//! between endpoints. The domain layers speak no HTTP: they return their own errors
//! ([`UpstreamError`], [`RateLimited`], [`FeedbackError`], [`StoreError`]), and the `From`
//! conversions at the end of this module are the one place that maps them to a variant — as
//! Hugging Face text-embeddings-inference maps its core error in its router. Shapes are DESIGN
//! §3 "Bodies":
//!
//! | status | body |
//! |---|---|
//! | 401 | `{"error":"unauthorized","message":…}` (+ `WWW-Authenticate`) |
//! | 403 | `{"error":"forbidden","message":…}` |
//! | 400, 404, 405, 408, 413, 500, 502, 503 | `{"detail":"…"}` (405 adds `Allow`, 413 adds `Connection: close`, the overload 503 adds `Retry-After: 1`) |
//! | 422 | `{"detail":[{"loc":["body",…],"msg":…,"type":…}]}` (contract: ValidationError) |
//! | 429 | `{"error":"Rate limit exceeded: N per 1 minute"}` + `Retry-After` (contract: RateLimitError) |
//!
//! The bodies are the types [`ValidationError`], [`RateLimitError`], [`AuthError`] and
//! [`DetailError`], which `/openapi.json` documents (module `api::openapi`).
//!
//! Messages never contain the API key, the configured secret, an upstream URL or token, or
//! internal error text: causes of 5xx errors are logged by the caller (see
//! [`ApiError::log_cause`]) and the client gets a fixed sentence (for 502:
//! `upstream inference call failed: <kind>`).

use super::response::{json_response, Body};
use crate::feedback::store::StoreError;
use crate::feedback::FeedbackError;
use crate::limits::RateLimited;
use crate::upstream::transport::UpstreamError;
use epistemic_audit_core::validate::FieldError;
use hyper::header::{HeaderValue, ALLOW, CONNECTION, RETRY_AFTER, WWW_AUTHENTICATE};
use hyper::{Response, StatusCode};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

/// Every way a request can fail. One variant per distinct status/body (DESIGN §3 "Bodies").
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400: the request is malformed below the JSON level (e.g. a broken chunked body).
    #[error("bad request: {0}")]
    BadRequest(&'static str),
    /// 400: the body is valid JSON of the right shape but its content is not acceptable (e.g.
    /// two compared answers with the same model name); the message is shown to the client.
    #[error("invalid input: {0}")]
    InvalidInput(String),
    /// 401: no API key was presented (contract "Authentication" rule 5).
    #[error("missing API key")]
    Unauthorized,
    /// 403: the presented API key differs from AG_API_KEY_SECRET (contract rule 6).
    #[error("invalid API key")]
    Forbidden,
    /// 404: no route has this path.
    #[error("no route for this path")]
    NotFound,
    /// 405: the path exists but not with this method; `allow` lists the methods it has.
    #[error("method not allowed (allowed: {allow})")]
    MethodNotAllowed {
        /// Value of the `Allow` header, e.g. `"POST, OPTIONS"`.
        allow: &'static str,
    },
    /// 408: the request body did not arrive within the body-read timeout.
    #[error("request body not received within {secs} s")]
    BodyTimeout {
        /// The timeout, seconds.
        secs: u64,
    },
    /// 413: the body is larger than the configured maximum (bytes).
    #[error("request body exceeds {limit} bytes")]
    PayloadTooLarge {
        /// The configured maximum, bytes.
        limit: usize,
    },
    /// 422: the body failed validation; the list has the contract's ValidationError items.
    #[error("validation failed ({} error(s))", .0.len())]
    Validation(Vec<FieldError>),
    /// 429: the client IP used up the endpoint's sliding-window quota (contract "Limits").
    #[error("rate limit exceeded: {limit} per 1 minute (retry after {retry_after_secs} s)")]
    RateLimited {
        /// The endpoint's limit per 60 s window.
        limit: u32,
        /// Whole seconds until the oldest admitted request leaves the window (≥ 1).
        retry_after_secs: u64,
    },
    /// 500: scoring or the server failed; `public` is what the client sees, `cause` is logged only.
    #[error("{public}: {cause}")]
    Internal {
        /// Fixed sentence returned to the client.
        public: &'static str,
        /// Internal cause, for the log only.
        cause: String,
    },
    /// 502: the upstream inference call failed (DESIGN §3); the body names the kind of failure
    /// only, never the URL or the token.
    #[error(transparent)]
    Upstream(#[from] UpstreamError),
    /// 503: the server is shutting down or cannot take the work now.
    #[error("service unavailable: {0}")]
    Unavailable(&'static str),
    /// 503 with `Retry-After: 1`: MAX_IN_FLIGHT_REQUESTS requests are already being handled.
    #[error("overloaded: {limit} requests in flight")]
    Overloaded {
        /// The configured bound (MAX_IN_FLIGHT_REQUESTS).
        limit: usize,
    },
}

impl ApiError {
    /// Convenience constructor of [`ApiError::Internal`].
    pub fn internal(public: &'static str, cause: impl std::fmt::Display) -> Self {
        ApiError::Internal {
            public,
            cause: cause.to_string(),
        }
    }

    /// The HTTP status this error maps to (the table in the module docs).
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) | ApiError::InvalidInput(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden => StatusCode::FORBIDDEN,
            ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::BodyTimeout { .. } => StatusCode::REQUEST_TIMEOUT,
            ApiError::PayloadTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Validation(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Internal { .. } => StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::Upstream(_) => StatusCode::BAD_GATEWAY,
            ApiError::Unavailable(_) | ApiError::Overloaded { .. } => {
                StatusCode::SERVICE_UNAVAILABLE
            }
        }
    }

    /// The JSON body this error maps to (the table in the module docs), built from the body types
    /// below — the same types `/openapi.json` documents, so the served schema cannot drift.
    pub fn body(&self) -> serde_json::Value {
        let detail = |d: String| json!(DetailError { detail: d });
        match self {
            ApiError::BadRequest(msg) => detail((*msg).to_string()),
            ApiError::InvalidInput(msg) => detail(msg.clone()),
            ApiError::Unauthorized => json!(AuthError {
                error: AuthErrorCode::Unauthorized,
                message: "Missing API key: send it in the X-API-Key header (or Authorization: Bearer <key>).".into(),
            }),
            ApiError::Forbidden => json!(AuthError {
                error: AuthErrorCode::Forbidden,
                message: "Invalid API key.".into(),
            }),
            ApiError::NotFound => detail("Not Found".into()),
            ApiError::MethodNotAllowed { .. } => detail("Method Not Allowed".into()),
            ApiError::BodyTimeout { secs } => {
                detail(format!("Request body was not received within {secs} seconds"))
            }
            ApiError::PayloadTooLarge { limit } => {
                detail(format!("Request body too large: the limit is {limit} bytes"))
            }
            ApiError::Validation(errors) => json!(ValidationError {
                detail: errors.clone()
            }),
            ApiError::RateLimited { limit, .. } => json!(RateLimitError {
                error: format!("Rate limit exceeded: {limit} per 1 minute"),
            }),
            ApiError::Internal { public, .. } => detail((*public).to_string()),
            ApiError::Upstream(e) => detail(e.to_string()),
            ApiError::Unavailable(msg) => detail((*msg).to_string()),
            ApiError::Overloaded { limit } => detail(format!(
                "Server busy: {limit} requests are already in progress; retry shortly"
            )),
        }
    }

    /// True for 5xx errors, whose cause the caller should log at ERROR level.
    pub fn is_server_error(&self) -> bool {
        self.status().is_server_error()
    }

    /// The internal cause of a 500 or 502 (never sent to the client), if any.
    pub fn log_cause(&self) -> Option<&str> {
        match self {
            ApiError::Internal { cause, .. } => Some(cause),
            ApiError::Upstream(e) => Some(&e.cause),
            _ => None,
        }
    }

    /// Builds the response: status, JSON body and the variant's extra headers
    /// (`Allow`, `Retry-After`, `WWW-Authenticate`, `Connection: close`).
    pub fn into_response(self) -> Response<Body> {
        let mut resp = json_response(self.status(), &self.body());
        let h = resp.headers_mut();
        match &self {
            ApiError::Unauthorized => {
                h.insert(
                    WWW_AUTHENTICATE,
                    HeaderValue::from_static("Bearer realm=\"epistemic-audit\""),
                );
            }
            ApiError::MethodNotAllowed { allow } => {
                h.insert(ALLOW, HeaderValue::from_static(allow));
            }
            ApiError::RateLimited {
                retry_after_secs, ..
            } => {
                h.insert(RETRY_AFTER, HeaderValue::from(*retry_after_secs));
            }
            ApiError::Overloaded { .. } => {
                h.insert(RETRY_AFTER, HeaderValue::from_static("1"));
            }
            // The rest of an oversized or late body is not read: the connection cannot be reused.
            ApiError::PayloadTooLarge { .. }
            | ApiError::BodyTimeout { .. }
            | ApiError::BadRequest(_) => {
                h.insert(CONNECTION, HeaderValue::from_static("close"));
            }
            _ => {}
        }
        resp
    }
}

/// HTTP 422 body (contract "Errors": ValidationError): every failing field with its location.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({"detail": [{"loc": ["body", "text"], "msg": "Field required", "type": "missing"}]}))]
pub struct ValidationError {
    /// One entry per failing value; `loc` starts with `"body"`, then field names and array indices.
    pub detail: Vec<FieldError>,
}

/// HTTP 429 body (contract "Errors": RateLimitError). Sent with `Retry-After` (seconds).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({"error": "Rate limit exceeded: 100 per 1 minute"}))]
pub struct RateLimitError {
    /// `Rate limit exceeded: <limit> per 1 minute`, the limit being the endpoint's (contract "Limits").
    #[schema(pattern = "^Rate limit exceeded: [0-9]+ per 1 minute$")]
    pub error: String,
}

/// Machine-readable code of an authentication failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AuthErrorCode {
    /// 401: no key presented.
    Unauthorized,
    /// 403: the key differs from the configured secret.
    Forbidden,
}

/// HTTP 401 / 403 body (DESIGN §3 "Bodies"). 401 also carries `WWW-Authenticate`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({"error": "unauthorized", "message": "Missing API key: send it in the X-API-Key header (or Authorization: Bearer <key>)."}))]
pub struct AuthError {
    /// `unauthorized` (401) or `forbidden` (403).
    pub error: AuthErrorCode,
    /// Human-readable sentence; never contains a key.
    pub message: String,
}

/// Body of 400, 404, 405, 408, 413, 500, 502 and 503 (DESIGN §3 "Bodies").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({"detail": "Not Found"}))]
pub struct DetailError {
    /// Human-readable reason; for 5xx a fixed sentence (the cause is logged, not returned).
    pub detail: String,
}

impl From<Vec<FieldError>> for ApiError {
    fn from(errors: Vec<FieldError>) -> Self {
        ApiError::Validation(errors)
    }
}

/// The limiter refused the request: 429 with `Retry-After`.
impl From<RateLimited> for ApiError {
    fn from(e: RateLimited) -> Self {
        ApiError::RateLimited {
            limit: e.limit,
            retry_after_secs: e.retry_after_secs,
        }
    }
}

/// The feedback store or a refit failed: 500 "Calibration failed" (the cause is logged only).
impl From<FeedbackError> for ApiError {
    fn from(e: FeedbackError) -> Self {
        ApiError::internal("Calibration failed", e)
    }
}

/// The feedback store failed: 500 "Calibration failed" (the cause is logged only).
impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        FeedbackError::from(e).into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use http_body_util::BodyExt;

    fn body_json(resp: Response<Body>) -> serde_json::Value {
        let bytes = block_on(resp.into_body().collect()).unwrap().to_bytes();
        serde_json::from_slice(&bytes).unwrap()
    }

    fn block_on<F: std::future::Future>(f: F) -> F::Output {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(f)
    }

    #[test]
    fn every_variant_maps_to_its_status() {
        let cases: Vec<(ApiError, u16)> = vec![
            (ApiError::BadRequest("x"), 400),
            (ApiError::InvalidInput("dup".into()), 400),
            (ApiError::Unauthorized, 401),
            (ApiError::Forbidden, 403),
            (ApiError::NotFound, 404),
            (ApiError::MethodNotAllowed { allow: "POST" }, 405),
            (ApiError::BodyTimeout { secs: 1 }, 408),
            (ApiError::PayloadTooLarge { limit: 10 }, 413),
            (ApiError::Validation(vec![]), 422),
            (
                ApiError::RateLimited {
                    limit: 100,
                    retry_after_secs: 3,
                },
                429,
            ),
            (ApiError::internal("Audit failed", "boom"), 500),
            (
                ApiError::Upstream(UpstreamError::new(
                    crate::upstream::transport::FailureKind::Timeout,
                    "x",
                )),
                502,
            ),
            (ApiError::Unavailable("shutting down"), 503),
        ];
        for (e, code) in cases {
            assert_eq!(e.status().as_u16(), code, "{e:?}");
            let resp = e.into_response();
            assert_eq!(resp.status().as_u16(), code);
            assert_eq!(resp.headers()["content-type"], "application/json");
        }
    }

    /// A limiter refusal (limits domain) becomes the contract's 429 (moved here from the
    /// limiter's tests when the limiter stopped speaking HTTP).
    #[test]
    fn limiter_refusals_map_to_the_429_body() {
        let resp = ApiError::from(RateLimited {
            limit: 100,
            retry_after_secs: 50,
        })
        .into_response();
        assert_eq!(resp.status(), 429);
        assert_eq!(resp.headers()["retry-after"], "50");
        let bytes = block_on(resp.into_body().collect()).unwrap().to_bytes();
        assert_eq!(
            &bytes[..],
            br#"{"error":"Rate limit exceeded: 100 per 1 minute"}"#
        );
        let e = ApiError::from(RateLimited {
            limit: 20,
            retry_after_secs: 60,
        });
        assert!(matches!(
            e,
            ApiError::RateLimited {
                limit: 20,
                retry_after_secs: 60
            }
        ));
        assert_eq!(
            e.body(),
            json!({"error": "Rate limit exceeded: 20 per 1 minute"})
        );
    }

    #[test]
    fn store_failures_are_500_without_their_cause() {
        let e = ApiError::from(StoreError("cannot open /secret/path.sqlite3".into()));
        assert_eq!(e.status().as_u16(), 500);
        assert!(e.log_cause().unwrap().contains("/secret/path"));
        assert_eq!(
            body_json(e.into_response()),
            json!({"detail": "Calibration failed"})
        );
    }

    #[test]
    fn rate_limit_body_is_exact_and_has_retry_after() {
        let resp = ApiError::RateLimited {
            limit: 100,
            retry_after_secs: 7,
        }
        .into_response();
        assert_eq!(resp.headers()["retry-after"], "7");
        let bytes = block_on(resp.into_body().collect()).unwrap().to_bytes();
        assert_eq!(
            &bytes[..],
            br#"{"error":"Rate limit exceeded: 100 per 1 minute"}"#
        );
    }

    #[test]
    fn auth_bodies_follow_design() {
        let r = ApiError::Unauthorized.into_response();
        assert!(r.headers().contains_key("www-authenticate"));
        let v = body_json(r);
        assert_eq!(v["error"], "unauthorized");
        assert!(v["message"].is_string());
        let v = body_json(ApiError::Forbidden.into_response());
        assert_eq!(v["error"], "forbidden");
        assert!(v["message"].is_string());
    }

    #[test]
    fn internal_cause_is_not_sent() {
        let e = ApiError::internal("Audit failed", "secret internal detail");
        assert_eq!(e.log_cause(), Some("secret internal detail"));
        let v = body_json(e.into_response());
        assert_eq!(v, json!({"detail": "Audit failed"}));
    }

    #[test]
    fn upstream_failure_body_names_the_kind_only() {
        let e = ApiError::Upstream(UpstreamError::new(
            crate::upstream::transport::FailureKind::Status(500),
            "POST failed for https://secret.example/generate",
        ));
        assert!(e.log_cause().is_some());
        let v = body_json(e.into_response());
        assert_eq!(
            v,
            json!({"detail": "upstream inference call failed: HTTP status 500"})
        );
    }

    #[test]
    fn validation_body_is_contract_shape() {
        use epistemic_audit_core::validate::LocItem;
        let e = ApiError::Validation(vec![FieldError::new(
            vec![
                LocItem::from("body"),
                LocItem::from("items"),
                LocItem::from(3usize),
            ],
            "Field required",
            "missing",
        )]);
        let v = body_json(e.into_response());
        assert_eq!(
            v,
            json!({"detail": [{"loc": ["body", "items", 3], "msg": "Field required", "type": "missing"}]})
        );
    }

    #[test]
    fn not_found_and_method_not_allowed_bodies() {
        assert_eq!(
            body_json(ApiError::NotFound.into_response()),
            json!({"detail": "Not Found"})
        );
        let r = ApiError::MethodNotAllowed {
            allow: "POST, OPTIONS",
        }
        .into_response();
        assert_eq!(r.headers()["allow"], "POST, OPTIONS");
        assert_eq!(body_json(r), json!({"detail": "Method Not Allowed"}));
        let r = ApiError::PayloadTooLarge { limit: 8 }.into_response();
        assert_eq!(r.headers()["connection"], "close");
    }
}
