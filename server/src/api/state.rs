//! Shared state of the running service and the one way to run CPU-bound scoring.

use crate::config::Settings;
use crate::feedback::store::memory::MemoryStore;
use crate::feedback::store::FeedbackStore;
use crate::feedback::Feedback;
use crate::http::auth::ApiKeyAuth;
use crate::http::error::ApiError;
use crate::http::server::{Transport, INLINE_SCORING};
use crate::limits::{Clock, Limits, RateLimiter, SharedLimiter};
use crate::semantic::Semantic;
use crate::telemetry::metrics::Metrics;
use crate::upstream::Upstream;
use epistemic_audit_core::Scorer;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::Semaphore;

/// Everything a request handler needs; built once at start-up and shared in an [`Arc`].
pub struct AppState {
    /// What the request pipeline needs (auth, CORS, limits, body limits, in-flight bound).
    pub transport: Transport,
    /// The embedded scorer (core); immutable, shared by all scoring threads.
    pub scorer: Arc<Scorer>,
    /// Feedback store, calibration registry and refits.
    pub feedback: Arc<Feedback>,
    /// Every Prometheus series of this server (`GET /metrics`).
    pub metrics: Arc<Metrics>,
    /// When the service started (for `uptime_seconds`).
    pub started: Instant,
    /// The upstream LLM of managed and BYO-HF modes ([`crate::upstream`]).
    pub upstream: Arc<Upstream>,
    /// The semantic tier's model when SEMANTIC_MODEL_DIR is set ([`crate::semantic`]); `None` =
    /// off, and every result says it did not run.
    pub semantic: Option<Arc<Semantic>>,
    scoring: Arc<Semaphore>,
}

impl std::fmt::Debug for AppState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AppState")
            .field("transport", &self.transport)
            .finish_non_exhaustive()
    }
}

impl AppState {
    /// Builds a state with an in-memory (non-durable) feedback store and in-memory limits only,
    /// whatever the settings say about DATABASE_URL / REDIS_URL: for unit tests.
    pub fn new(settings: &Settings, scorer: Arc<Scorer>, clock: Arc<dyn Clock>) -> Self {
        let store: Arc<dyn FeedbackStore> = Arc::new(MemoryStore::new());
        Self::with_backends(settings, scorer, clock, store, None)
    }

    /// Builds the state from the checked settings, a scorer, the memory limiter's clock, the
    /// opened feedback store and the shared limiter (if REDIS_URL is set).
    pub fn with_backends(
        settings: &Settings,
        scorer: Arc<Scorer>,
        clock: Arc<dyn Clock>,
        store: Arc<dyn FeedbackStore>,
        shared_limiter: Option<Arc<SharedLimiter>>,
    ) -> Self {
        let metrics = Arc::new(Metrics::new());
        let upstream = Arc::new(Upstream::new(
            settings.upstream.clone(),
            Some(Arc::clone(&metrics)),
        ));
        let limits = Limits::new(
            Arc::new(RateLimiter::new(clock, settings.rate_limit_max_keys)),
            shared_limiter,
            Arc::clone(&metrics),
        );
        AppState {
            transport: Transport {
                auth: ApiKeyAuth::new(settings.api_key_secret.as_ref()),
                cors: settings.cors.clone(),
                trusted_proxies: settings.trusted_proxies.clone(),
                limits,
                metrics: Arc::clone(&metrics),
                max_body_bytes: settings.max_body_bytes,
                body_read_timeout: settings.body_read_timeout,
                in_flight: Arc::new(Semaphore::new(settings.max_in_flight_requests)),
                max_in_flight: settings.max_in_flight_requests,
            },
            upstream,
            feedback: Arc::new(Feedback::new(
                store,
                Arc::clone(&scorer),
                settings.feedback_refit_every,
                settings.max_model_scopes,
                Arc::clone(&metrics),
            )),
            metrics,
            scorer,
            started: Instant::now(),
            semantic: None,
            scoring: Arc::new(Semaphore::new(settings.scoring_concurrency)),
        }
    }

    /// The same state with the semantic tier's loaded model (`cli::serve` loads it from
    /// SEMANTIC_MODEL_DIR).
    pub fn with_semantic(mut self, semantic: Option<Arc<Semantic>>) -> Self {
        self.semantic = semantic;
        self
    }

    /// The in-memory rate limiter (the only one without REDIS_URL, the fallback with it).
    pub fn limiter(&self) -> &Arc<RateLimiter> {
        &self.transport.limits.memory
    }

    /// Runs `job` with the scorer, at most SCORING_CONCURRENCY jobs at a time (the rest wait
    /// asynchronously): on tokio's blocking pool, so long CPU-bound scoring never blocks the
    /// reactor — except inside a request whose body is at most
    /// [`INLINE_SCORING_MAX_BYTES`](crate::http::server::INLINE_SCORING_MAX_BYTES)
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
