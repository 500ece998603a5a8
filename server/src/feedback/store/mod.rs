//! Durable storage of `/v1/calibrate` feedback (DESIGN §3 "Feedback storage"): one
//! [`FeedbackStore`] trait, a SQLite backend (default; a file at FEEDBACK_DB_PATH) and a
//! PostgreSQL backend (when DATABASE_URL is set), plus an in-memory one for unit tests.
//!
//! The trait is async. PostgreSQL is served by an async client with a connection pool
//! (tokio-postgres + deadpool-postgres, TLS by rustls when the URL asks for it; [`postgres`]).
//! SQLite's client is synchronous, so its backend runs every call on tokio's blocking pool: no
//! database call ever blocks the reactor. A call to
//! [`FeedbackStore::insert`] returns only once the row is committed to stable storage (SQLite:
//! WAL with `synchronous=FULL`; PostgreSQL: `synchronous_commit=on`), which is what lets
//! `/v1/calibrate` answer 200 only for feedback that survives a crash or `kill -9`.
//!
//! Schema migrations run at start-up from a versioned list per backend
//! ([`sqlite::MIGRATIONS`], [`postgres::MIGRATIONS`]), recorded in the table
//! `schema_migrations(version, description, applied_at_ms)`; each runs in its own transaction,
//! under a lock (SQLite `BEGIN IMMEDIATE`, PostgreSQL advisory lock) so that two instances
//! starting together apply each migration once.
//!
//! ## What a record keeps, and why the raw text
//! id, time (unix ms), SHA-256 of the text (hex), the text, prompt and context, raw confidence,
//! height at the time, tier, task kind, scope, model_source, label (1 correct / 0 incorrect /
//! NULL), note, and the scorer version that produced the raw confidence. The raw text (with
//! prompt and context) is kept because the raw confidence is only meaningful for the model that
//! computed it: when the embedded model is retrained, the labels can be re-scored from the text
//! instead of being thrown away. The hash allows duplicate detection and joins without reading
//! the text. Operators who must not keep texts should know that this table holds them.

pub mod memory;
pub mod pg_tls;
pub mod postgres;
pub mod sqlite;

use std::collections::BTreeMap;

/// Most recent labels of a scope used by one refit (older ones are left out), bounding refit
/// time and memory: ~2 × 16 bytes per label.
pub const MAX_REFIT_LABELS: usize = 100_000;

/// One feedback record to store.
#[derive(Debug, Clone, PartialEq)]
pub struct NewFeedback {
    /// Time of the request, milliseconds since the Unix epoch.
    pub created_at_ms: i64,
    /// SHA-256 of the UTF-8 text, lower-case hex (64 characters).
    pub text_sha256: String,
    /// The audited text.
    pub text: String,
    /// Its prompt, if given.
    pub prompt: Option<String>,
    /// Its context, if given.
    pub context: Option<String>,
    /// Raw confidence c = 1 − q2 from the scorer (`metadata.raw_confidence`), in [0,1].
    pub raw_confidence: f64,
    /// Height returned for the text when the feedback arrived, in [0,1].
    pub height: f64,
    /// Evidence tier, e.g. "intrinsic".
    pub tier: String,
    /// Task kind, e.g. "qa".
    pub task: String,
    /// Feedback scope, `tier/task/model_source|*`.
    pub scope: String,
    /// The request's model_source.
    pub model_source: Option<String>,
    /// `Some(true)` = correct, `Some(false)` = incorrect, `None` = note only.
    pub label: Option<bool>,
    /// Free-text feedback.
    pub note: Option<String>,
    /// Version of the scorer that computed `raw_confidence`.
    pub scorer_version: String,
}

/// One stored label, as a refit reads it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StoredLabel {
    /// The record's id in the store (increasing in insertion order).
    pub id: i64,
    /// Raw confidence c = 1 − q2 the scorer gave the text, in [0,1].
    pub raw_confidence: f64,
    /// True when labelled correct.
    pub correct: bool,
}

/// A feedback store. Methods are async and never block the reactor (the SQLite backend moves
/// its synchronous calls to the blocking pool).
#[async_trait::async_trait]
pub trait FeedbackStore: Send + Sync + std::fmt::Debug {
    /// "sqlite", "postgres" or "memory".
    fn backend(&self) -> &'static str;

    /// Stores one record durably and returns its id.
    ///
    /// # Errors
    /// [`StoreError`] when the database refuses or is unreachable (an HTTP 500 "Calibration
    /// failed", mapped in `http::error`).
    async fn insert(&self, rec: NewFeedback) -> Result<i64, StoreError>;

    /// The labelled records of `scope` made by `scorer_version`, in id order; at most the
    /// newest `limit`.
    ///
    /// # Errors
    /// As [`FeedbackStore::insert`].
    async fn labels(
        &self,
        scope: &str,
        scorer_version: &str,
        limit: usize,
    ) -> Result<Vec<StoredLabel>, StoreError>;

    /// Number of labelled records per scope made by `scorer_version`.
    ///
    /// # Errors
    /// As [`FeedbackStore::insert`].
    async fn label_counts(&self, scorer_version: &str)
        -> Result<BTreeMap<String, u64>, StoreError>;

    /// Total number of records (labels and notes).
    ///
    /// # Errors
    /// As [`FeedbackStore::insert`].
    async fn count(&self) -> Result<u64, StoreError>;
}

/// A storage failure: what went wrong, for the log only (it may name a file or a table; the
/// client of `/v1/calibrate` gets the fixed 500 "Calibration failed", `http::error`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("feedback store: {0}")]
pub struct StoreError(pub String);

/// A [`StoreError`] from any displayable cause.
pub(crate) fn storage_error(e: impl std::fmt::Display) -> StoreError {
    StoreError(e.to_string())
}
