//! One upstream HTTP request, done safely: a pooled reqwest client without redirects or proxies,
//! a deadline over the whole exchange (connect → last body byte, HF_TIMEOUT), one retry on a
//! connect error only, a bound on requests in flight (UPSTREAM_CONCURRENCY), a response size cap
//! ([`MAX_RESPONSE_BYTES`]) and a failure classification ([`FailureKind`]) that never carries
//! the URL or the token. Every request is counted in the metrics
//! (`upstream_calls_total`, `upstream_latency_seconds`, `upstream_failures_total{reason}`).

use crate::support::secret::Secret;
use crate::telemetry::metrics::Metrics;
use bytes::{Bytes, BytesMut};
use reqwest::{Client, Url};
use serde::de::DeserializeOwned;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// Largest upstream response body read, bytes (4 MiB); a larger one is a failure, never buffered.
pub const MAX_RESPONSE_BYTES: usize = 4 * 1024 * 1024;

/// Pause before the one retry of a request whose connection could not be made.
const CONNECT_RETRY_DELAY: Duration = Duration::from_millis(100);

/// How an upstream call failed. Its words are the 502 message and the `reason` metric label.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailureKind {
    /// No connection could be made (refused, unreachable, TLS handshake), after one retry.
    Connect,
    /// The connection broke after it was made (reset, closed mid-response).
    Connection,
    /// The exchange did not finish within HF_TIMEOUT.
    Timeout,
    /// The upstream answered with a non-2xx status.
    Status(u16),
    /// The body is not the JSON the protocol promises.
    InvalidResponse,
    /// The body is larger than [`MAX_RESPONSE_BYTES`].
    TooLarge,
    /// UPSTREAM_PROTOCOL=auto found neither TGI (`/info`) nor an OpenAI-compatible server
    /// (`/v1/models`).
    Protocol,
    /// The HTTP client could not be set up (e.g. no usable TLS roots).
    Setup,
}

impl FailureKind {
    /// The `reason` label of `upstream_failures_total` (a fixed word).
    pub fn reason(self) -> &'static str {
        match self {
            FailureKind::Connect => "connect",
            FailureKind::Connection => "connection",
            FailureKind::Timeout => "timeout",
            FailureKind::Status(_) => "status",
            FailureKind::InvalidResponse => "invalid_response",
            FailureKind::TooLarge => "too_large",
            FailureKind::Protocol => "protocol",
            FailureKind::Setup => "setup",
        }
    }

    /// The words after "upstream inference call failed: " in the 502 body.
    pub fn describe(self) -> String {
        match self {
            FailureKind::Connect => "connect".into(),
            FailureKind::Connection => "connection reset".into(),
            FailureKind::Timeout => "timeout".into(),
            FailureKind::Status(code) => format!("HTTP status {code}"),
            FailureKind::InvalidResponse => "invalid JSON".into(),
            FailureKind::TooLarge => "response too large".into(),
            FailureKind::Protocol => "unrecognised protocol".into(),
            FailureKind::Setup => "client setup".into(),
        }
    }
}

/// A failed upstream call: the kind (shown to the client) and a cause for the log only. Neither
/// contains the URL or the token.
#[derive(Debug, Clone, thiserror::Error)]
#[error("upstream inference call failed: {}", .kind.describe())]
pub struct UpstreamError {
    /// What went wrong.
    pub kind: FailureKind,
    /// Detail for the server log (error chain without the URL).
    pub cause: String,
}

impl UpstreamError {
    /// A failure of `kind` with a log-only `cause`.
    pub fn new(kind: FailureKind, cause: impl Into<String>) -> Self {
        UpstreamError {
            kind,
            cause: cause.into(),
        }
    }

    /// True for the answers that mean "this endpoint does not speak this protocol" in a probe:
    /// 404, 405, or a 2xx body that is not the expected JSON.
    pub fn is_protocol_miss(&self) -> bool {
        matches!(
            self.kind,
            FailureKind::Status(404 | 405) | FailureKind::InvalidResponse
        )
    }

    /// A body that does not parse as the expected JSON.
    pub fn invalid(cause: impl std::fmt::Display) -> Self {
        Self::new(FailureKind::InvalidResponse, cause.to_string())
    }

    fn from_reqwest(e: reqwest::Error) -> Self {
        let kind = if e.is_timeout() {
            FailureKind::Timeout
        } else if e.is_connect() {
            FailureKind::Connect
        } else if e.is_builder() {
            FailureKind::Setup
        } else {
            FailureKind::Connection
        };
        // The error chain, without the URL (reqwest's own message would include it).
        let mut chain = Vec::new();
        let mut src = std::error::Error::source(&e);
        while let Some(s) = src {
            chain.push(s.to_string());
            src = s.source();
        }
        let mut cause = e.without_url().to_string();
        for c in chain {
            cause.push_str(": ");
            cause.push_str(&c);
        }
        UpstreamError { kind, cause }
    }
}

/// A client for upstream calls: no redirects (a 3xx is a failure), no proxy, connect and total
/// timeouts of `timeout`, idle connections kept 90 s. With `pin = Some((host, addrs))` the host
/// name is connected only to `addrs` (the checked BYO addresses; DNS is not asked again).
///
/// # Errors
/// [`FailureKind::Setup`] when the TLS stack cannot be initialised.
pub fn build_client(
    timeout: Duration,
    pin: Option<(&str, &[SocketAddr])>,
) -> Result<Client, UpstreamError> {
    crate::support::install_crypto_provider();
    let mut b = Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .no_proxy()
        .connect_timeout(timeout)
        .timeout(timeout)
        .pool_idle_timeout(Duration::from_secs(90))
        .user_agent(concat!("epistemic-audit/", env!("CARGO_PKG_VERSION")));
    if let Some((host, addrs)) = pin {
        b = b.resolve_to_addrs(host, addrs);
    }
    b.build()
        .map_err(|e| UpstreamError::new(FailureKind::Setup, e.without_url().to_string()))
}

/// What every upstream request of a server shares: the in-flight bound, the deadline, metrics.
#[derive(Debug)]
pub struct Limits {
    permits: Semaphore,
    /// Deadline of one request (HF_TIMEOUT).
    pub timeout: Duration,
    metrics: Option<Arc<Metrics>>,
}

impl Limits {
    /// `concurrency` requests in flight at most, each within `timeout`; `metrics` records them.
    pub fn new(concurrency: usize, timeout: Duration, metrics: Option<Arc<Metrics>>) -> Self {
        Limits {
            permits: Semaphore::new(concurrency.max(1)),
            timeout,
            metrics,
        }
    }
}

/// Sends requests to one endpoint with one client and (optionally) a bearer token.
#[derive(Clone)]
pub struct Caller {
    client: Client,
    token: Option<Secret>,
    limits: Arc<Limits>,
    /// `mode` label of the metrics: "managed" or "byo-hf".
    mode: &'static str,
}

impl std::fmt::Debug for Caller {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Caller")
            .field("mode", &self.mode)
            .finish_non_exhaustive()
    }
}

impl Caller {
    /// A caller over `client`, sending `token` (if any) as `Authorization: Bearer`.
    pub fn new(
        client: Client,
        token: Option<Secret>,
        limits: Arc<Limits>,
        mode: &'static str,
    ) -> Self {
        Caller {
            client,
            token,
            limits,
            mode,
        }
    }

    /// POSTs `body` as JSON and parses the 2xx answer as `T`.
    ///
    /// # Errors
    /// Any [`FailureKind`].
    pub async fn post_json<T: DeserializeOwned>(
        &self,
        url: Url,
        body: &serde_json::Value,
    ) -> Result<T, UpstreamError> {
        self.send(reqwest::Method::POST, url, Some(body), false)
            .await
    }

    /// GETs `url` and parses the 2xx answer as `T`.
    ///
    /// # Errors
    /// Any [`FailureKind`].
    pub async fn get_json<T: DeserializeOwned>(&self, url: Url) -> Result<T, UpstreamError> {
        self.send(reqwest::Method::GET, url, None, false).await
    }

    /// GETs `url` to learn whether the endpoint speaks a protocol: `Ok(None)` when it answers
    /// 404/405 or something that is not the expected JSON (not counted as a failure in the
    /// metrics); other failures are errors.
    ///
    /// # Errors
    /// Connect, timeout, other statuses (e.g. 401), too large.
    pub async fn probe_json<T: DeserializeOwned>(
        &self,
        url: Url,
    ) -> Result<Option<T>, UpstreamError> {
        match self.send(reqwest::Method::GET, url, None, true).await {
            Ok(v) => Ok(Some(v)),
            Err(e) if e.is_protocol_miss() => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// One request under the in-flight bound and the deadline, retried once if the connection
    /// could not be made; the 2xx body (≤ [`MAX_RESPONSE_BYTES`]) parsed as `T`. Counted in the
    /// metrics, parse failures included.
    async fn send<T: DeserializeOwned>(
        &self,
        method: reqwest::Method,
        url: Url,
        body: Option<&serde_json::Value>,
        probe: bool,
    ) -> Result<T, UpstreamError> {
        let _permit = self
            .limits
            .permits
            .acquire()
            .await
            .map_err(|_| UpstreamError::new(FailureKind::Setup, "upstream limiter closed"))?;
        let started = Instant::now();
        let exchange = async {
            let mut retried = false;
            loop {
                match self.attempt(method.clone(), url.clone(), body).await {
                    Err(e) if e.kind == FailureKind::Connect && !retried => {
                        retried = true;
                        tokio::time::sleep(CONNECT_RETRY_DELAY).await;
                    }
                    other => return other,
                }
            }
        };
        let result = match tokio::time::timeout(self.limits.timeout, exchange).await {
            Ok(r) => r.and_then(|bytes| {
                serde_json::from_slice::<T>(&bytes).map_err(UpstreamError::invalid)
            }),
            Err(_) => Err(UpstreamError::new(
                FailureKind::Timeout,
                format!("no complete answer within {:?}", self.limits.timeout),
            )),
        };
        if let Some(m) = &self.limits.metrics {
            let failure = match &result {
                Err(e) if !(probe && e.is_protocol_miss()) => Some(e.kind.reason()),
                _ => None,
            };
            m.upstream_call(self.mode, started.elapsed(), failure);
        }
        result
    }

    async fn attempt(
        &self,
        method: reqwest::Method,
        url: Url,
        body: Option<&serde_json::Value>,
    ) -> Result<Bytes, UpstreamError> {
        let mut req = self.client.request(method, url);
        if let Some(token) = &self.token {
            req = req.bearer_auth(token.expose_str());
        }
        if let Some(b) = body {
            req = req.json(b);
        }
        let mut resp = req.send().await.map_err(UpstreamError::from_reqwest)?;
        let status = resp.status();
        if !status.is_success() {
            return Err(UpstreamError::new(
                FailureKind::Status(status.as_u16()),
                format!("upstream answered {status}"),
            ));
        }
        if resp
            .content_length()
            .is_some_and(|n| n > MAX_RESPONSE_BYTES as u64)
        {
            return Err(too_large());
        }
        let mut buf = BytesMut::new();
        while let Some(chunk) = resp.chunk().await.map_err(UpstreamError::from_reqwest)? {
            if buf.len() + chunk.len() > MAX_RESPONSE_BYTES {
                return Err(too_large());
            }
            buf.extend_from_slice(&chunk);
        }
        Ok(buf.freeze())
    }
}

fn too_large() -> UpstreamError {
    UpstreamError::new(
        FailureKind::TooLarge,
        format!("response body over {MAX_RESPONSE_BYTES} bytes"),
    )
}

/// `base` with `path` appended to its path (a base path such as `/v1/` or `/prefix` is kept).
pub fn join(base: &Url, path: &str) -> Url {
    let mut u = base.clone();
    let p = format!(
        "{}/{}",
        base.path().trim_end_matches('/'),
        path.trim_start_matches('/')
    );
    u.set_path(&p);
    u
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn join_keeps_the_base_path() {
        let b = |s: &str| Url::parse(s).unwrap();
        assert_eq!(
            join(&b("http://h:1"), "generate").as_str(),
            "http://h:1/generate"
        );
        assert_eq!(join(&b("http://h/x/"), "/info").as_str(), "http://h/x/info");
        assert_eq!(
            join(&b("https://h/a/v1"), "models").as_str(),
            "https://h/a/v1/models"
        );
    }

    #[test]
    fn failure_words_name_no_url() {
        for k in [
            FailureKind::Connect,
            FailureKind::Connection,
            FailureKind::Timeout,
            FailureKind::Status(500),
            FailureKind::InvalidResponse,
            FailureKind::TooLarge,
            FailureKind::Protocol,
            FailureKind::Setup,
        ] {
            let e = UpstreamError::new(k, "x");
            assert!(e
                .to_string()
                .starts_with("upstream inference call failed: "));
            assert!(!k.reason().contains(' '));
        }
        assert_eq!(
            UpstreamError::new(FailureKind::Status(503), "").to_string(),
            "upstream inference call failed: HTTP status 503"
        );
    }
}
