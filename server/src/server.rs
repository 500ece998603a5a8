//! The HTTP/1.1 server: accept loop, per-request pipeline, access log and graceful shutdown.
//!
//! Pipeline of every request ([`handle`]):
//! 1. request id (echo or UUID v4) and client IP (`client_ip`, trusted proxies only); then the
//!    in-flight bound: when MAX_IN_FLIGHT_REQUESTS requests are already being handled the request
//!    gets 503 `{"detail":…}` with `Retry-After: 1` at once (its body is discarded, not queued);
//!    GET /health and GET /metrics are exempt;
//! 2. routing: unknown path → 404, wrong method → 405 + `Allow`, `OPTIONS` → 204 + `Allow`;
//! 3. for `/v1/*`: **authentication first, then the rate limiter**, then the Content-Type check,
//!    then the body read (≤ MAX_BODY_BYTES) — so requests without a valid key never use up a
//!    client's quota, and no body byte is buffered for a request that will be refused;
//!    every authenticated request counts against the quota, including ones whose body turns out
//!    malformed (422);
//! 4. the handler (validation and scoring on the blocking pool);
//! 5. `X-Request-ID` and the CORS headers (`cors`, every response of an allowed origin, 401/403
//!    included) on the response, the request metrics (`metrics`: count by route template and
//!    status, latency by route) and one structured access-log line
//!    (method, path, status, latency_ms, request_id, client_ip — never headers, keys or bodies).
//!
//! The handler runs in its own task, so a panic becomes a 500 instead of a dropped connection.
//! Shutdown (SIGTERM or SIGINT): stop accepting, let in-flight requests finish for up to
//! SHUTDOWN_GRACE_SECONDS (hyper-util `GracefulShutdown`), then return.

use crate::client_ip::client_ip;
use crate::config::ServeArgs;
use crate::error::ApiError;
use crate::handlers;
use crate::http::{self, Body};
use crate::limits::{MonotonicClock, SWEEP_PERIOD};
use crate::request_id::{request_id, X_REQUEST_ID};
use crate::routes::{resolve, Resolution, Route};
use crate::shared_limits::SharedLimiter;
use crate::state::{AppState, INLINE_SCORING, INLINE_SCORING_MAX_BYTES};
use crate::store::postgres::PostgresStore;
use crate::store::sqlite::SqliteStore;
use crate::store::FeedbackStore;
use bytes::Bytes;
use epistemic_audit_core::Scorer;
use hyper::header::{HeaderValue, ACCESS_CONTROL_REQUEST_METHOD, ORIGIN};
use hyper::service::service_fn;
use hyper::{Method, Request, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use std::convert::Infallible;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::net::TcpListener;

/// Longest path written to the access log, in characters (paths are client-controlled).
const MAX_LOGGED_PATH: usize = 200;

/// `route` label of requests to unknown paths (the raw path is never a label: unbounded).
pub const UNMATCHED_ROUTE: &str = "unmatched";

/// Serves one request through the whole pipeline (module docs) and always returns a response.
pub async fn handle<B>(state: Arc<AppState>, peer: SocketAddr, req: Request<B>) -> Response<Body>
where
    B: hyper::body::Body<Data = Bytes> + Send + Unpin + 'static,
    B::Error: std::fmt::Display,
{
    let started = Instant::now();
    let id = request_id(req.headers());
    let client = client_ip(peer.ip(), req.headers(), &state.trusted_proxies);
    let method = req.method().clone();
    let path: String = req.uri().path().chars().take(MAX_LOGGED_PATH).collect();
    let route_label = Route::for_path(req.uri().path()).map_or(UNMATCHED_ROUTE, Route::path);
    let origin = req.headers().get(ORIGIN).cloned();
    let preflight =
        method == Method::OPTIONS && req.headers().contains_key(ACCESS_CONTROL_REQUEST_METHOD);

    // In-flight bound (MAX_IN_FLIGHT_REQUESTS): monitoring routes are exempt so that an
    // overloaded server can still be observed. The permit moves into the task, so it is held
    // until the work ends even if the client goes away meanwhile.
    let monitoring = Route::for_path(req.uri().path()).is_some_and(Route::is_monitoring);
    let permit = if monitoring {
        Ok(None)
    } else {
        state.enter().map(Some)
    };
    let task_state = Arc::clone(&state);
    let outcome = tokio::spawn(async move {
        match permit {
            Ok(_permit) => dispatch(&task_state, client, req).await,
            Err(overloaded) => {
                let (parts, body) = req.into_parts();
                http::discard_body(body, &parts.headers, task_state.max_body_bytes as u64).await;
                Err(overloaded)
            }
        }
    })
    .await;
    let mut resp = match outcome {
        Ok(Ok(resp)) => resp,
        Ok(Err(err)) => {
            if let Some(cause) = err.log_cause() {
                tracing::error!(request_id = %id, cause, "request failed");
            }
            err.into_response()
        }
        Err(join) => {
            tracing::error!(request_id = %id, panic = join.is_panic(), "request handler failed");
            ApiError::internal("Internal Server Error", join).into_response()
        }
    };
    if let Ok(v) = HeaderValue::from_str(&id) {
        resp.headers_mut().insert(X_REQUEST_ID, v);
    }
    state
        .cors
        .apply(origin.as_ref(), preflight, resp.headers_mut());
    let status = resp.status().as_u16();
    let elapsed = started.elapsed();
    state.metrics.observe_request(route_label, status, elapsed);
    let latency_ms = (elapsed.as_secs_f64() * 1e6).round() / 1e3;
    tracing::info!(
        target: "epistemic_audit::access",
        method = %method,
        path = %path,
        status,
        latency_ms,
        request_id = %id,
        client_ip = %client,
        "request"
    );
    resp
}

/// Routing, auth, rate limit, body read and the handler (steps 2–4 of the module docs).
async fn dispatch<B>(
    state: &AppState,
    client: IpAddr,
    req: Request<B>,
) -> Result<Response<Body>, ApiError>
where
    B: hyper::body::Body<Data = Bytes> + Unpin,
    B::Error: std::fmt::Display,
{
    let route = match resolve(req.method(), req.uri().path()) {
        Resolution::NotFound => return Err(ApiError::NotFound),
        Resolution::MethodNotAllowed(r) => {
            return Err(ApiError::MethodNotAllowed { allow: r.allow() })
        }
        Resolution::Options(r) => return Ok(handlers::options(r)),
        Resolution::Handle(r) => r,
    };
    match route {
        Route::Root => return Ok(handlers::root(state)),
        Route::Health => return Ok(handlers::health(state)),
        Route::Metrics => return Ok(handlers::metrics(state)),
        Route::OpenApi => return Ok(handlers::openapi(state)),
        Route::Docs | Route::DocsAsset => return handlers::docs(req.uri().path()),
        Route::Calibration => {
            state.auth.check(req.headers())?;
            return handlers::calibration(state).await;
        }
        Route::Audit | Route::Batch | Route::Compare | Route::Calibrate => {}
    }
    let (parts, body) = req.into_parts();
    let admitted = admit(state, route, client, &parts.headers).await;
    if let Err(e) = admitted {
        http::discard_body(body, &parts.headers, state.max_body_bytes as u64).await;
        return Err(e);
    }
    let bytes = http::read_body(
        body,
        &parts.headers,
        state.max_body_bytes,
        state.body_read_timeout,
    )
    .await?;
    let inline = bytes.len() <= INLINE_SCORING_MAX_BYTES;
    INLINE_SCORING
        .scope(inline, async move {
            match route {
                Route::Audit => handlers::audit(state, &parts.headers, bytes).await,
                Route::Batch => handlers::batch(state, &parts.headers, bytes).await,
                Route::Compare => handlers::compare(state, bytes).await,
                Route::Calibrate => handlers::calibrate(state, &parts.headers, bytes).await,
                Route::Root
                | Route::Health
                | Route::Metrics
                | Route::OpenApi
                | Route::Docs
                | Route::DocsAsset
                | Route::Calibration => unreachable!("handled above"),
            }
        })
        .await
}

/// Auth, then the rate limiter, then the Content-Type check (the order is documented above).
async fn admit(
    state: &AppState,
    route: Route,
    client: IpAddr,
    headers: &hyper::HeaderMap,
) -> Result<(), ApiError> {
    if route.requires_key() {
        state.auth.check(headers)?;
    }
    if let Some(endpoint) = route.rate_limit() {
        if let Err(e) = state.check_limit(client, endpoint).await.into_result() {
            state.metrics.rate_limited(route.path());
            return Err(e);
        }
    }
    http::require_json(headers)
}

/// Binds, announces the address, serves until `shutdown` resolves, then drains gracefully.
///
/// Announcement (once the socket accepts connections): the line `listening on <ip>:<port>` on
/// stdout, the port number written to `--port-file` if set, and a log line.
///
/// # Errors
/// Binding the address or writing the port file fails.
pub async fn run(
    settings: ServeArgs,
    scorer: Arc<Scorer>,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let listener = TcpListener::bind((settings.host.as_str(), settings.port))
        .await
        .map_err(|e| {
            std::io::Error::new(
                e.kind(),
                format!("cannot listen on {}:{}: {e}", settings.host, settings.port),
            )
        })?;
    let addr = listener.local_addr()?;
    let store = open_store(&settings).await?;
    let shared_limiter = match &settings.redis_url {
        Some(url) if !url.is_blank() => {
            let shared = SharedLimiter::new(url.expose_str(), &settings.redis_key_prefix)
                .map_err(std::io::Error::other)?;
            shared.connect().await;
            Some(Arc::new(shared))
        }
        _ => None,
    };
    let state = Arc::new(AppState::with_backends(
        &settings,
        scorer,
        Arc::new(MonotonicClock::new()),
        store,
        shared_limiter,
    ));
    let sweeper = state.limiter.spawn_sweeper(SWEEP_PERIOD);
    // Restore every scope's calibrator from the stored labels before serving.
    let restored = state.feedback.refit_all().await.map_err(|e| {
        std::io::Error::other(format!(
            "cannot read the feedback store: {}",
            e.log_cause().unwrap_or("")
        ))
    })?;
    tracing::info!(
        backend = state.feedback.backend(),
        scopes = restored,
        calibrators = state.feedback.registry().len(),
        "feedback calibration restored"
    );
    let scheduler = (settings.feedback_refit_interval_seconds > 0).then(|| {
        state.feedback.spawn_scheduler(Duration::from_secs(
            settings.feedback_refit_interval_seconds,
        ))
    });

    if state.auth.is_open() {
        tracing::warn!("AG_API_KEY_SECRET is not set: OPEN MODE, requests are not authenticated (development only)");
    } else {
        tracing::info!("API-key authentication enabled (X-API-Key or Authorization: Bearer)");
    }
    if let Some(path) = &settings.port_file {
        write_port_file(path, addr.port())?;
    }
    {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        writeln!(out, "listening on {addr}")?;
        out.flush()?;
    }
    tracing::info!(
        %addr,
        max_body_bytes = settings.max_body_bytes,
        rate_limit_max_keys = settings.rate_limit_max_keys,
        max_in_flight_requests = settings.max_in_flight_requests,
        scoring_concurrency = settings.scoring_concurrency(),
        trusted_proxies = ?settings.trusted_proxies.networks(),
        "listening"
    );

    let mut http1 = hyper::server::conn::http1::Builder::new();
    http1
        .timer(TokioTimer::new())
        .header_read_timeout(Duration::from_secs(
            settings.header_read_timeout_seconds.max(1),
        ))
        .keep_alive(true);
    let graceful = GracefulShutdown::new();
    tokio::pin!(shutdown);

    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let (stream, peer) = match accepted {
                    Ok(pair) => pair,
                    Err(e) => {
                        // E.g. EMFILE: back off briefly instead of spinning.
                        tracing::warn!(error = %e, "accept failed");
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                let _ = stream.set_nodelay(true);
                let conn_state = Arc::clone(&state);
                let service = service_fn(move |req| {
                    let state = Arc::clone(&conn_state);
                    async move { Ok::<_, Infallible>(handle(state, peer, req).await) }
                });
                let conn = graceful.watch(http1.serve_connection(TokioIo::new(stream), service));
                tokio::spawn(async move {
                    if let Err(e) = conn.await {
                        tracing::debug!(error = %e, %peer, "connection ended with an error");
                    }
                });
            }
            () = &mut shutdown => break,
        }
    }

    drop(listener);
    tracing::info!(
        connections = graceful.count(),
        "shutdown requested: no longer accepting, draining in-flight requests"
    );
    let grace = Duration::from_secs(settings.shutdown_grace_seconds);
    match tokio::time::timeout(grace, graceful.shutdown()).await {
        Ok(()) => tracing::info!("all connections closed; bye"),
        Err(_) => tracing::warn!(
            grace_seconds = settings.shutdown_grace_seconds,
            "grace period over: closing remaining connections"
        ),
    }
    sweeper.abort();
    if let Some(s) = scheduler {
        s.abort();
    }
    Ok(())
}

/// Opens the feedback store the settings name (PostgreSQL when DATABASE_URL is set, else the
/// SQLite file) on the blocking pool, running its migrations.
///
/// # Errors
/// The store cannot be opened or migrated (the message names no URL).
async fn open_store(settings: &ServeArgs) -> std::io::Result<Arc<dyn FeedbackStore>> {
    let url = settings
        .database_url
        .as_ref()
        .filter(|u| !u.is_blank())
        .map(|u| u.expose_str().to_string());
    let schema = settings.database_schema.clone();
    let path = settings.feedback_db_path.clone();
    let opened =
        tokio::task::spawn_blocking(move || -> Result<Arc<dyn FeedbackStore>, ApiError> {
            Ok(match url {
                Some(url) => Arc::new(PostgresStore::open(&url, &schema)?),
                None => Arc::new(SqliteStore::open(&path)?),
            })
        })
        .await
        .map_err(std::io::Error::other)?;
    let store = opened.map_err(|e| {
        std::io::Error::other(format!(
            "cannot open the feedback store: {}",
            e.log_cause().unwrap_or("")
        ))
    })?;
    match store.backend() {
        "sqlite" => {
            tracing::info!(path = %settings.feedback_db_path.display(), "feedback store: SQLite (WAL, synchronous=FULL)")
        }
        other => {
            tracing::info!(backend = other, schema = %settings.database_schema, "feedback store: PostgreSQL")
        }
    }
    Ok(store)
}

/// Installs the SIGTERM and SIGINT handlers now (so a signal that arrives before the server is
/// announced is not lost or fatal) and returns a future that resolves on the first of them.
/// Must be called inside a tokio runtime.
///
/// # Errors
/// The operating system refuses to install a handler.
#[cfg(unix)]
pub fn shutdown_signal() -> std::io::Result<impl Future<Output = ()> + Send + 'static> {
    use tokio::signal::unix::{signal, SignalKind};
    let mut term = signal(SignalKind::terminate())?;
    let mut int = signal(SignalKind::interrupt())?;
    Ok(async move {
        tokio::select! {
            _ = term.recv() => tracing::info!(signal = "SIGTERM", "signal received"),
            _ = int.recv() => tracing::info!(signal = "SIGINT", "signal received"),
        }
    })
}

/// Returns a future that resolves on Ctrl-C (non-Unix platforms).
///
/// # Errors
/// Never; the signature matches the Unix version.
#[cfg(not(unix))]
pub fn shutdown_signal() -> std::io::Result<impl Future<Output = ()> + Send + 'static> {
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
        tracing::info!(signal = "ctrl-c", "signal received");
    })
}

/// Writes `port` to `path` atomically (temporary file + rename), so readers never see half a number.
fn write_port_file(path: &std::path::Path, port: u16) -> std::io::Result<()> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, format!("{port}\n"))?;
    std::fs::rename(&tmp, path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Cli, Command};
    use clap::Parser;
    use http_body_util::{BodyExt, Full};
    use serde_json::Value;

    fn state(extra: &[&str]) -> Arc<AppState> {
        let mut argv = vec!["epistemic-audit", "serve"];
        argv.extend_from_slice(extra);
        let Command::Serve(args) = Cli::try_parse_from(argv).unwrap().command else {
            panic!()
        };
        let clock = Arc::new(crate::limits::ManualClock::new(0));
        Arc::new(AppState::new(&args, Arc::new(Scorer::embedded()), clock))
    }

    async fn call(
        state: &Arc<AppState>,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> (u16, hyper::HeaderMap, Value) {
        let mut req = Request::builder().method(method).uri(path);
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        let req = req.body(Full::new(Bytes::from(body.to_string()))).unwrap();
        let peer: SocketAddr = "127.0.0.1:40000".parse().unwrap();
        let resp = handle(Arc::clone(state), peer, req).await;
        let status = resp.status().as_u16();
        let headers = resp.headers().clone();
        let bytes = resp.into_body().collect().await.unwrap().to_bytes();
        let json = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes).unwrap()
        };
        (status, headers, json)
    }

    #[tokio::test]
    async fn statuses_of_the_pipeline() {
        let s = state(&["--api-key-secret", "k3y"]);
        let key = [("x-api-key", "k3y")];
        assert_eq!(call(&s, "GET", "/health", &[], "").await.0, 200);
        assert_eq!(call(&s, "GET", "/nope", &[], "").await.0, 404);
        let (st, h, _) = call(&s, "DELETE", "/v1/audit", &[], "").await;
        assert_eq!((st, h["allow"].to_str().unwrap()), (405, "POST, OPTIONS"));
        assert_eq!(call(&s, "OPTIONS", "/v1/audit", &[], "").await.0, 204);
        assert_eq!(
            call(&s, "POST", "/v1/audit", &[], r#"{"text":"a"}"#)
                .await
                .0,
            401
        );
        assert_eq!(
            call(
                &s,
                "POST",
                "/v1/audit",
                &[("x-api-key", "no")],
                r#"{"text":"a"}"#
            )
            .await
            .0,
            403
        );
        let (st, h, v) = call(
            &s,
            "POST",
            "/v1/audit",
            &key,
            r#"{"text":"Paris is the capital of France."}"#,
        )
        .await;
        assert_eq!(st, 200, "{v}");
        assert!(h.contains_key("x-request-id"));
        assert_eq!(v["mode"], "managed");
        let (st, _, v) = call(&s, "POST", "/v1/audit", &key, "{").await;
        assert_eq!(
            (st, v["detail"][0]["type"].as_str()),
            (422, Some("json_invalid"))
        );
        let (st, _, v) = call(
            &s,
            "POST",
            "/v1/audit",
            &[key[0], ("content-type", "text/plain")],
            "{}",
        )
        .await;
        assert_eq!((st, v["detail"][0]["loc"][0].as_str()), (422, Some("body")));
    }

    #[tokio::test]
    async fn auth_comes_before_the_limiter() {
        let s = state(&["--api-key-secret", "k3y"]);
        for _ in 0..30 {
            assert_eq!(
                call(&s, "POST", "/v1/batch", &[], r#"{"items":[{"text":"a"}]}"#)
                    .await
                    .0,
                401
            );
        }
        let (st, _, v) = call(
            &s,
            "POST",
            "/v1/batch",
            &[("x-api-key", "k3y")],
            r#"{"items":[{"text":"a"}]}"#,
        )
        .await;
        assert_eq!(st, 200, "{v}");
        assert_eq!(s.limiter.len(), 1);
    }

    #[tokio::test]
    async fn small_body_limit_gives_413() {
        let s = state(&["--max-body-bytes", "16"]);
        let (st, h, v) = call(
            &s,
            "POST",
            "/v1/audit",
            &[],
            r#"{"text":"this is longer than sixteen bytes"}"#,
        )
        .await;
        assert_eq!(st, 413, "{v}");
        assert_eq!(h["connection"], "close");
        assert!(v["detail"].as_str().unwrap().contains("16"));
    }
}
