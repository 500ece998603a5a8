//! `epistemic-audit serve`: wires the checked [`Settings`] into the layers — feedback store,
//! limiters, upstream, the API state — and runs the transport's server loop until SIGTERM or
//! SIGINT.

use crate::api::state::AppState;
use crate::config::Settings;
use crate::feedback::store::postgres::PostgresStore;
use crate::feedback::store::sqlite::SqliteStore;
use crate::feedback::store::{FeedbackStore, StoreError};
use crate::http::server::{bind, serve, ServeOptions};
use crate::limits::{MonotonicClock, SharedLimiter, SWEEP_PERIOD};
use crate::semantic::{Semantic, SemanticSettings};
use crate::telemetry::logs;
use epistemic_audit_core::Scorer;
use std::future::Future;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

/// Runs the service with `settings` (already checked): logs, the async runtime, the embedded
/// scorer, then [`run`] until a shutdown signal. Exit code 0 after a clean shutdown, 1 when the
/// service cannot start or fails.
pub fn main(settings: Settings) -> ExitCode {
    logs::init(settings.log_format, &settings.log_level);
    logs::log_panics();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            tracing::error!(error = %e, "cannot start the async runtime");
            return ExitCode::FAILURE;
        }
    };
    let started = std::time::Instant::now();
    let scorer = match Scorer::try_embedded() {
        Ok(s) => Arc::new(s),
        Err(e) => {
            tracing::error!(error = %e, "cannot load the embedded scorer");
            return ExitCode::FAILURE;
        }
    };
    tracing::info!(
        load_ms = started.elapsed().as_millis() as u64,
        scorer_version = scorer.version(),
        "scorer loaded"
    );
    let result = runtime.block_on(async {
        let shutdown = shutdown_signal()?;
        run(settings, scorer, shutdown).await
    });
    // Scoring jobs still on the blocking pool are not waited for beyond this.
    runtime.shutdown_timeout(Duration::from_secs(1));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "server failed");
            ExitCode::FAILURE
        }
    }
}

/// Loads the semantic model (when SEMANTIC_MODEL_DIR is set), binds, opens the feedback store and
/// the limiters, restores the calibration, announces the address, serves until `shutdown`
/// resolves, then drains gracefully (module [`crate::http::server`]).
///
/// # Errors
/// The semantic model cannot be loaded (the message names SEMANTIC_MODEL_DIR), binding the
/// address, opening the store or writing the port file fails.
pub async fn run(
    settings: Settings,
    scorer: Arc<Scorer>,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let semantic = load_semantic(&settings.semantic).await?;
    let listener = bind(&settings.host, settings.port).await?;
    let store = open_store(&settings).await?;
    let shared_limiter = match &settings.redis_url {
        Some(url) => {
            let shared = SharedLimiter::new(
                url.expose_str(),
                &settings.redis_key_prefix,
                settings.redis_ca_file.as_deref(),
            )
            .map_err(std::io::Error::other)?;
            shared.connect().await;
            Some(Arc::new(shared))
        }
        None => None,
    };
    let state = Arc::new(
        AppState::with_backends(
            &settings,
            scorer,
            Arc::new(MonotonicClock::new()),
            store,
            shared_limiter,
        )
        .with_semantic(semantic),
    );
    // Rendered now rather than on the first request.
    let _ = crate::api::openapi::document_json();
    let sweeper = state.limiter().spawn_sweeper(SWEEP_PERIOD);
    // Restore every scope's calibrator from the stored labels before serving.
    let restored = state
        .feedback
        .refit_all()
        .await
        .map_err(|e| std::io::Error::other(format!("cannot read the feedback store: {e}")))?;
    tracing::info!(
        backend = state.feedback.backend(),
        scopes = restored,
        calibrators = state.feedback.registry().len(),
        "feedback calibration restored"
    );
    let scheduler = settings
        .feedback_refit_interval
        .map(|period| state.feedback.spawn_scheduler(period));

    if state.transport.auth.is_open() {
        tracing::warn!("AG_API_KEY_SECRET is not set: OPEN MODE, requests are not authenticated (development only)");
    } else {
        tracing::info!("API-key authentication enabled (X-API-Key or Authorization: Bearer)");
    }
    tracing::info!(
        scoring_concurrency = settings.scoring_concurrency,
        "scoring jobs at once"
    );
    let options = ServeOptions {
        port_file: settings.port_file.clone(),
        header_read_timeout: settings.header_read_timeout,
        shutdown_grace: settings.shutdown_grace,
    };
    let served = serve(listener, state, options, shutdown).await;
    sweeper.abort();
    if let Some(s) = scheduler {
        s.abort();
    }
    served
}

/// Loads all-MiniLM-L6-v2 from SEMANTIC_MODEL_DIR on the blocking pool; `None` when the setting
/// is unset (the semantic tier is off).
///
/// # Errors
/// The directory or a model file cannot be read, or the files are not the model; the message
/// names SEMANTIC_MODEL_DIR and says how to fetch the model.
async fn load_semantic(settings: &SemanticSettings) -> std::io::Result<Option<Arc<Semantic>>> {
    let Some(dir) = settings.model_dir.clone() else {
        tracing::info!("semantic tier off (SEMANTIC_MODEL_DIR is not set)");
        return Ok(None);
    };
    let started = std::time::Instant::now();
    let (concurrency, entries) = (settings.max_concurrency, settings.cache_entries);
    let shown = dir.display().to_string();
    let semantic = tokio::task::spawn_blocking(move || Semantic::load(&dir, concurrency, entries))
        .await
        .map_err(std::io::Error::other)?
        .map_err(|e| std::io::Error::other(format!("cannot load the semantic model: {e}")))?;
    tracing::info!(
        dir = %shown,
        load_ms = started.elapsed().as_millis() as u64,
        max_concurrency = concurrency,
        cache_entries = entries,
        "semantic tier on: all-MiniLM-L6-v2 loaded (reported in metadata.semantic; not used by any score)"
    );
    Ok(Some(Arc::new(semantic)))
}

/// Opens the feedback store the settings name (PostgreSQL when DATABASE_URL is set, else the
/// SQLite file, opened on the blocking pool), running its migrations.
///
/// # Errors
/// The store cannot be opened or migrated (the message names no URL).
async fn open_store(settings: &Settings) -> std::io::Result<Arc<dyn FeedbackStore>> {
    let url = settings
        .database_url
        .as_ref()
        .map(|u| u.expose_str().to_string());
    let path = settings.feedback_db_path.clone();
    let opened: Result<Arc<dyn FeedbackStore>, StoreError> = match url {
        Some(url) => {
            PostgresStore::open(&url, &settings.database_schema, settings.database_pool_size)
                .await
                .map(|s| Arc::new(s) as Arc<dyn FeedbackStore>)
        }
        None => tokio::task::spawn_blocking(move || SqliteStore::open(&path))
            .await
            .map_err(std::io::Error::other)?
            .map(|s| Arc::new(s) as Arc<dyn FeedbackStore>),
    };
    let store = opened
        .map_err(|e| std::io::Error::other(format!("cannot open the feedback store: {e}")))?;
    match store.backend() {
        "sqlite" => {
            tracing::info!(path = %settings.feedback_db_path.display(), "feedback store: SQLite (WAL, synchronous=FULL)")
        }
        other => {
            tracing::info!(backend = other, schema = %settings.database_schema, pool_size = settings.database_pool_size, "feedback store: PostgreSQL")
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
