//! Shared state of the running service and the one way to run CPU-bound scoring.

use crate::auth::ApiKeyAuth;
use crate::client_ip::TrustedProxies;
use crate::config::ServeArgs;
use crate::cors::CorsPolicy;
use crate::error::ApiError;
use crate::feedback::Feedback;
use crate::limits::{Clock, Decision, Endpoint, RateLimiter};
use crate::metrics::Metrics;
use crate::shared_limits::{DecidedBy, SharedLimiter};
use crate::store::memory::MemoryStore;
use crate::store::FeedbackStore;
use crate::upstream::Upstream;
use epistemic_audit_core::Scorer;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

tokio::task_local! {
    /// Set by the request pipeline around a handler: true when the request body is at most
    /// [`INLINE_SCORING_MAX_BYTES`], so [`AppState::score`] runs its job on the current worker
    /// thread instead of the blocking pool. Unset (outside the pipeline) means false.
    pub static INLINE_SCORING: bool;
}

/// Largest request body, bytes, whose scoring runs inline on a runtime worker thread (about
/// 0.3 ms of CPU for an intrinsic audit, README "Performance and limits"); larger bodies are
/// scored on the blocking pool so a long batch never stalls other connections.
pub const INLINE_SCORING_MAX_BYTES: usize = 4096;

/// Everything a request handler needs; built once at start-up and shared in an [`Arc`].
pub struct AppState {
    /// The embedded scorer (core); immutable, shared by all scoring threads.
    pub scorer: Arc<Scorer>,
    /// API-key policy (open mode when no secret is configured).
    pub auth: ApiKeyAuth,
    /// Per-IP, per-endpoint sliding-window limiter in memory (the only one without REDIS_URL,
    /// the fallback with it).
    pub limiter: Arc<RateLimiter>,
    /// The Redis-shared limiter when REDIS_URL is set.
    pub shared_limiter: Option<Arc<SharedLimiter>>,
    /// Feedback store, calibration registry and refits.
    pub feedback: Arc<Feedback>,
    /// Proxies whose forwarded headers are believed.
    pub trusted_proxies: TrustedProxies,
    /// Cross-origin policy (CORS_ORIGINS).
    pub cors: CorsPolicy,
    /// Every Prometheus series of this server (`GET /metrics`).
    pub metrics: Arc<Metrics>,
    /// The OpenAPI 3.1 document served at `/openapi.json`, rendered once at start-up.
    pub openapi_json: bytes::Bytes,
    /// Largest accepted request body, bytes.
    pub max_body_bytes: usize,
    /// Time a client has to send its whole request body.
    pub body_read_timeout: Duration,
    /// When the service started (for `uptime_seconds`).
    pub started: Instant,
    /// The upstream LLM of managed and BYO-HF modes ([`crate::upstream`]).
    pub upstream: Arc<Upstream>,
    /// Permits of the requests being handled now (MAX_IN_FLIGHT_REQUESTS; [`AppState::enter`]).
    pub in_flight: Arc<Semaphore>,
    /// The configured in-flight bound (MAX_IN_FLIGHT_REQUESTS, at least 1).
    pub max_in_flight: usize,
    scoring: Arc<Semaphore>,
}

impl std::fmt::Debug for AppState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AppState")
            .field("auth", &self.auth)
            .field("limiter", &self.limiter)
            .field("trusted_proxies", &self.trusted_proxies)
            .field("max_body_bytes", &self.max_body_bytes)
            .finish_non_exhaustive()
    }
}

impl AppState {
    /// Builds a state with an in-memory (non-durable) feedback store and in-memory limits only,
    /// whatever the settings say about DATABASE_URL / REDIS_URL: for unit tests.
    pub fn new(settings: &ServeArgs, scorer: Arc<Scorer>, clock: Arc<dyn Clock>) -> Self {
        let store: Arc<dyn FeedbackStore> = Arc::new(MemoryStore::new());
        Self::with_backends(settings, scorer, clock, store, None)
    }

    /// Builds the state from the settings, a scorer, the memory limiter's clock, the opened
    /// feedback store and the shared limiter (if REDIS_URL is set).
    ///
    /// # Panics
    /// If the CORS settings are contradictory (`*` with credentials) or HF_ENDPOINT_URL is not a
    /// valid URL; `main` checks both first and exits with a usage error instead.
    pub fn with_backends(
        settings: &ServeArgs,
        scorer: Arc<Scorer>,
        clock: Arc<dyn Clock>,
        store: Arc<dyn FeedbackStore>,
        shared_limiter: Option<Arc<SharedLimiter>>,
    ) -> Self {
        let metrics = Arc::new(Metrics::new());
        let upstream = Arc::new(Upstream::new(
            settings
                .upstream_settings()
                .expect("upstream settings are checked at start-up"),
            Some(Arc::clone(&metrics)),
        ));
        AppState {
            upstream,
            cors: settings
                .cors_policy()
                .expect("CORS settings are checked at start-up"),
            feedback: Arc::new(Feedback::new(
                store,
                Arc::clone(&scorer),
                settings.feedback_refit_every,
                Arc::clone(&metrics),
            )),
            metrics,
            openapi_json: crate::openapi::document_json(),
            shared_limiter,
            scorer,
            auth: ApiKeyAuth::new(settings.api_key_secret.as_ref()),
            limiter: Arc::new(RateLimiter::new(clock, settings.rate_limit_max_keys)),
            trusted_proxies: settings.trusted_proxies.clone(),
            max_body_bytes: settings.max_body_bytes,
            body_read_timeout: Duration::from_secs(settings.body_read_timeout_seconds.max(1)),
            started: Instant::now(),
            in_flight: Arc::new(Semaphore::new(settings.max_in_flight_requests.max(1))),
            max_in_flight: settings.max_in_flight_requests.max(1),
            scoring: Arc::new(Semaphore::new(settings.scoring_concurrency())),
        }
    }

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

    /// Decides one rate-limit hit of `ip` on `endpoint`: through Redis when REDIS_URL is set
    /// (falling back to memory while it is unreachable, counted in /metrics as a
    /// `limiter_backend_fallbacks_total{backend="redis"}`), else in memory.
    pub async fn check_limit(&self, ip: IpAddr, endpoint: Endpoint) -> Decision {
        match &self.shared_limiter {
            Some(shared) => {
                let (decision, by) = shared.check(ip, endpoint, &self.limiter).await;
                if by == DecidedBy::Memory {
                    self.metrics.limiter_fallback("redis");
                }
                decision
            }
            None => self.limiter.check(ip, endpoint),
        }
    }

    /// Runs `job` with the scorer, at most SCORING_CONCURRENCY jobs at a time (the rest wait
    /// asynchronously): on tokio's blocking pool, so long CPU-bound scoring never blocks the
    /// reactor — except inside a request whose body is at most [`INLINE_SCORING_MAX_BYTES`]
    /// ([`INLINE_SCORING`] set by the pipeline), where the job (≈ 0.1–0.3 ms) runs on the current
    /// worker thread: handing it to the pool and back cost more CPU than the job (README
    /// "Performance and limits").
    ///
    /// # Errors
    /// The job's own error; [`ApiError::Internal`] ("Audit failed") if it panicked — the panic is
    /// contained and logged, the client gets a 500; [`ApiError::Unavailable`] if the pool is closed.
    pub async fn score<T, F>(&self, job: F) -> Result<T, ApiError>
    where
        F: FnOnce(&Scorer) -> Result<T, ApiError> + Send + 'static,
        T: Send + 'static,
    {
        let _permit = self
            .scoring
            .acquire()
            .await
            .map_err(|_| ApiError::Unavailable("The service is shutting down"))?;
        if INLINE_SCORING.try_with(|inline| *inline).unwrap_or(false) {
            // A small job: run it on this worker thread; the hand-off to the blocking pool (two
            // thread wake-ups) would cost more than the job itself.
            return match std::panic::catch_unwind(std::panic::AssertUnwindSafe(
                || job(&self.scorer),
            )) {
                Ok(result) => result,
                Err(_) => Err(ApiError::internal(
                    "Audit failed",
                    "the scoring job panicked",
                )),
            };
        }
        let scorer = Arc::clone(&self.scorer);
        match tokio::task::spawn_blocking(move || job(&scorer)).await {
            Ok(result) => result,
            Err(e) if e.is_panic() => Err(ApiError::internal(
                "Audit failed",
                "the scoring task panicked",
            )),
            Err(e) => Err(ApiError::internal("Audit failed", e)),
        }
    }
}
