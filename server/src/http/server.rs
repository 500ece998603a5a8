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

use super::auth::ApiKeyAuth;
use super::body::{discard_body, read_body, require_json};
use super::client_ip::{client_ip, TrustedProxies};
use super::cors::CorsPolicy;
use super::error::ApiError;
use super::request_id::{request_id, X_REQUEST_ID};
use super::response::Body;
use super::routes::{options_response, resolve, Resolution, Route};
use crate::limits::Limits;
use crate::telemetry::metrics::Metrics;
use bytes::Bytes;
use hyper::header::{HeaderValue, ACCESS_CONTROL_REQUEST_METHOD, ORIGIN};
use hyper::service::service_fn;
use hyper::{HeaderMap, Method, Request, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use std::convert::Infallible;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

tokio::task_local! {
    /// Set by the request pipeline around a handler: true when the request body is at most
    /// [`INLINE_SCORING_MAX_BYTES`], so CPU-bound scoring may run on the current worker thread
    /// instead of the blocking pool (`api::state::AppState::score`). Unset (outside the
    /// pipeline, and for routes without a body) means false.
    pub static INLINE_SCORING: bool;
}

/// Largest request body, bytes, whose scoring runs inline on a runtime worker thread (about
/// 0.3 ms of CPU for an intrinsic audit, README "Performance and limits"); larger bodies are
/// scored on the blocking pool so a long batch never stalls other connections.
pub const INLINE_SCORING_MAX_BYTES: usize = 4096;

/// What the pipeline itself needs, whatever the handlers: authentication, CORS, client address,
/// rate limits, body limits, the in-flight bound and the request metrics.
#[derive(Debug)]
pub struct Transport {
    /// API-key policy (open mode when no secret is configured).
    pub auth: ApiKeyAuth,
    /// Cross-origin policy (CORS_ORIGINS).
    pub cors: CorsPolicy,
    /// Proxies whose forwarded headers are believed.
    pub trusted_proxies: TrustedProxies,
    /// The rate limiters (memory, and Redis when REDIS_URL is set).
    pub limits: Limits,
    /// Every Prometheus series of this server (`GET /metrics`).
    pub metrics: Arc<Metrics>,
    /// Largest accepted request body, bytes.
    pub max_body_bytes: usize,
    /// Time a client has to send its whole request body.
    pub body_read_timeout: Duration,
    /// Permits of the requests being handled now (MAX_IN_FLIGHT_REQUESTS; [`Transport::enter`]).
    pub in_flight: Arc<Semaphore>,
    /// The configured in-flight bound (MAX_IN_FLIGHT_REQUESTS, at least 1).
    pub max_in_flight: usize,
}

impl Transport {
    /// Admits one request into the in-flight bound: the permit is held until the request's
    /// handling ends (dropping it frees the place).
    ///
    /// # Errors
    /// [`ApiError::Overloaded`] (503, `Retry-After: 1`) when MAX_IN_FLIGHT_REQUESTS requests are
    /// already being handled; nothing queues.
    pub fn enter(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        Arc::clone(&self.in_flight)
            .try_acquire_owned()
            .map_err(|_| ApiError::Overloaded {
                limit: self.max_in_flight,
            })
    }

    /// Requests being handled now (≤ MAX_IN_FLIGHT_REQUESTS).
    pub fn in_flight_now(&self) -> usize {
        self.max_in_flight
            .saturating_sub(self.in_flight.available_permits())
    }
}

/// One admitted request as a handler sees it: the route, the path, the headers and the whole
/// body (empty for `GET` routes).
#[derive(Debug)]
pub struct Call {
    /// The route the path resolved to.
    pub route: Route,
    /// The request path (e.g. `/docs/swagger-ui.css`).
    pub path: String,
    /// The request headers.
    pub headers: HeaderMap,
    /// The body, read under MAX_BODY_BYTES (empty for routes without a body).
    pub body: Bytes,
}

/// The handlers behind the pipeline (implemented by `api::state::AppState`): the transport state
/// and one call per admitted request.
pub trait Service: Send + Sync + 'static {
    /// The pipeline's own state.
    fn transport(&self) -> &Transport;

    /// Answers one admitted request (routing, authentication, rate limit and body read are done).
    fn call(&self, call: Call) -> impl Future<Output = Result<Response<Body>, ApiError>> + Send;
}

/// Longest path written to the access log, in characters (paths are client-controlled).
const MAX_LOGGED_PATH: usize = 200;

/// `route` label of requests to unknown paths (the raw path is never a label: unbounded).
pub const UNMATCHED_ROUTE: &str = "unmatched";

/// Serves one request through the whole pipeline (module docs) and always returns a response.
pub async fn handle<S, B>(svc: Arc<S>, peer: SocketAddr, req: Request<B>) -> Response<Body>
where
    S: Service,
    B: hyper::body::Body<Data = Bytes> + Send + Unpin + 'static,
    B::Error: std::fmt::Display,
{
    let started = Instant::now();
    let id = request_id(req.headers());
    let client = client_ip(peer.ip(), req.headers(), &svc.transport().trusted_proxies);
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
        svc.transport().enter().map(Some)
    };
    let task_svc = Arc::clone(&svc);
    let outcome = tokio::spawn(async move {
        match permit {
            Ok(_permit) => dispatch(&*task_svc, client, req).await,
            Err(overloaded) => {
                let (parts, body) = req.into_parts();
                let max = task_svc.transport().max_body_bytes as u64;
                discard_body(body, &parts.headers, max).await;
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
    let transport = svc.transport();
    transport
        .cors
        .apply(origin.as_ref(), preflight, resp.headers_mut());
    let status = resp.status().as_u16();
    let elapsed = started.elapsed();
    transport
        .metrics
        .observe_request(route_label, status, elapsed);
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

/// Routing, auth, rate limit, body read and the handler (steps 2–4 of the module docs), as the
/// routing table ([`super::routes::ROUTES`]) says for the route.
async fn dispatch<S, B>(
    svc: &S,
    client: IpAddr,
    req: Request<B>,
) -> Result<Response<Body>, ApiError>
where
    S: Service,
    B: hyper::body::Body<Data = Bytes> + Unpin,
    B::Error: std::fmt::Display,
{
    let transport = svc.transport();
    let route = match resolve(req.method(), req.uri().path()) {
        Resolution::NotFound => return Err(ApiError::NotFound),
        Resolution::MethodNotAllowed(r) => {
            return Err(ApiError::MethodNotAllowed { allow: r.allow() })
        }
        Resolution::Options(r) => return Ok(options_response(r)),
        Resolution::Handle(r) => r,
    };
    let (parts, body) = req.into_parts();
    let path = parts.uri.path().to_string();
    if !route.has_body() {
        if route.requires_key() {
            transport.auth.check(&parts.headers)?;
        }
        let call = Call {
            route,
            path,
            headers: parts.headers,
            body: Bytes::new(),
        };
        return svc.call(call).await;
    }
    if let Err(e) = admit(transport, route, client, &parts.headers).await {
        discard_body(body, &parts.headers, transport.max_body_bytes as u64).await;
        return Err(e);
    }
    let bytes = read_body(
        body,
        &parts.headers,
        transport.max_body_bytes,
        transport.body_read_timeout,
    )
    .await?;
    let inline = bytes.len() <= INLINE_SCORING_MAX_BYTES;
    let call = Call {
        route,
        path,
        headers: parts.headers,
        body: bytes,
    };
    INLINE_SCORING.scope(inline, svc.call(call)).await
}

/// Auth, then the rate limiter, then the Content-Type check (the order is documented above).
async fn admit(
    transport: &Transport,
    route: Route,
    client: IpAddr,
    headers: &HeaderMap,
) -> Result<(), ApiError> {
    if route.requires_key() {
        transport.auth.check(headers)?;
    }
    if let Some(endpoint) = route.rate_limit() {
        if let Err(e) = transport.limits.check(client, endpoint).await.into_result() {
            transport.metrics.rate_limited(route.path());
            return Err(e.into());
        }
    }
    require_json(headers)
}

/// Binds `host:port`.
///
/// # Errors
/// The address cannot be bound (the message names it).
pub async fn bind(host: &str, port: u16) -> std::io::Result<TcpListener> {
    TcpListener::bind((host, port))
        .await
        .map_err(|e| std::io::Error::new(e.kind(), format!("cannot listen on {host}:{port}: {e}")))
}

/// How [`serve`] announces itself and treats connections.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// PORT_FILE: the bound port is written there once the socket accepts connections.
    pub port_file: Option<PathBuf>,
    /// HEADER_READ_TIMEOUT_SECONDS (at least 1 s).
    pub header_read_timeout: Duration,
    /// SHUTDOWN_GRACE_SECONDS.
    pub shutdown_grace: Duration,
}

/// Announces the address, serves `svc` on `listener` until `shutdown` resolves, then drains
/// gracefully.
///
/// Announcement (the socket already accepts connections): the port number written to
/// `--port-file` if set, the lines `listening on <ip>:<port>` and `API docs: http://…/docs` on
/// stdout (for an unspecified address such as 0.0.0.0 the URL names loopback), and a log line.
///
/// # Errors
/// Writing the port file or stdout fails.
pub async fn serve<S: Service>(
    listener: TcpListener,
    svc: Arc<S>,
    options: ServeOptions,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let addr = listener.local_addr()?;
    if let Some(path) = &options.port_file {
        write_port_file(path, addr.port())?;
    }
    {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        writeln!(out, "listening on {addr}")?;
        writeln!(out, "API docs: {}", docs_url(addr))?;
        out.flush()?;
    }
    let transport = svc.transport();
    tracing::info!(
        %addr,
        max_body_bytes = transport.max_body_bytes,
        rate_limit_max_keys = transport.limits.memory.max_keys(),
        max_in_flight_requests = transport.max_in_flight,
        trusted_proxies = ?transport.trusted_proxies.networks(),
        "listening"
    );

    let mut http1 = hyper::server::conn::http1::Builder::new();
    http1
        .timer(TokioTimer::new())
        .header_read_timeout(options.header_read_timeout)
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
                let conn_svc = Arc::clone(&svc);
                let service = service_fn(move |req| {
                    let svc = Arc::clone(&conn_svc);
                    async move { Ok::<_, Infallible>(handle(svc, peer, req).await) }
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
    match tokio::time::timeout(options.shutdown_grace, graceful.shutdown()).await {
        Ok(()) => tracing::info!("all connections closed; bye"),
        Err(_) => tracing::warn!(
            grace_seconds = options.shutdown_grace.as_secs(),
            "grace period over: closing remaining connections"
        ),
    }
    Ok(())
}

/// The URL of `/docs` on `addr`, as a browser on this host can open it: an unspecified address
/// (0.0.0.0, ::) is replaced by loopback.
pub fn docs_url(addr: SocketAddr) -> String {
    let ip = match addr.ip() {
        IpAddr::V4(v4) if v4.is_unspecified() => IpAddr::V4(std::net::Ipv4Addr::LOCALHOST),
        IpAddr::V6(v6) if v6.is_unspecified() => IpAddr::V6(std::net::Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    format!(
        "http://{}{}",
        SocketAddr::new(ip, addr.port()),
        super::routes::Route::Docs.path()
    )
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

    #[test]
    fn docs_url_names_a_reachable_address() {
        let url = |a: &str| docs_url(a.parse().unwrap());
        assert_eq!(url("127.0.0.1:8000"), "http://127.0.0.1:8000/docs");
        assert_eq!(url("0.0.0.0:8000"), "http://127.0.0.1:8000/docs");
        assert_eq!(url("[::]:9"), "http://[::1]:9/docs");
        assert_eq!(url("[2001:db8::1]:80"), "http://[2001:db8::1]:80/docs");
    }
}
