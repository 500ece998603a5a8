//! Feedback and online recalibration in the running service (DESIGN §2.5): stores labels
//! durably, refits each scope's calibrator off the request path, and holds the
//! [`CalibrationRegistry`] that `/v1/audit`, `/v1/batch`, `/v1/compare` and `/v1/calibrate`
//! score with.
//!
//! * **Store**: [`store`], async (SQLite's calls run on tokio's blocking pool, PostgreSQL's
//!   on a pooled async client).
//! * **Start-up**: [`Feedback::refit_all`] fits every scope that has labels of the running
//!   scorer version, before the server announces itself, so a restart keeps the calibration.
//! * **Refit triggers**: every FEEDBACK_REFIT_EVERY new labels of a scope (default 25), a refit
//!   task for that scope is spawned; and every FEEDBACK_REFIT_INTERVAL_SECONDS (default 300) the
//!   scheduler refits every scope with labels not yet included — its own, and those other
//!   instances stored in the same database (it compares the store's label count per scope with
//!   the count its last refit was started for), so instances sharing a store converge within
//!   one interval. Refits are deterministic (the newest labels of the scope, in id order).
//!   Refits run one at a time, load the newest [`MAX_REFIT_LABELS`] labels of the scope, fit in
//!   core ([`ScopeCalibration::fit`]) on the blocking pool and swap in a new registry.
//! * **Bounded**: at most MAX_MODEL_SCOPES models get scopes of their own; the rest share the
//!   `*` scope ([`scopes`]), so the registry, the refit bookkeeping and the metrics stay bounded
//!   whatever model names clients send.
//! * **Metrics**: every installed refit sets the `epistemic_audit_calibration_ece{scope}` gauge
//!   ([`Metrics::set_ece`]) to the cross-fitted ECE — under the scope's name for a shared scope,
//!   under `<tier>/<task>/per-model` (the largest among that tier and task's models) for a
//!   model's scope: a model name is never a label value; [`FeedbackStats`] keeps in-process counters (records by kind, refits, refit failures).
//!   Stored records are counted in /metrics by the `/v1/calibrate` handler.

pub mod scopes;
pub mod store;

use crate::telemetry::metrics::Metrics;
use epistemic_audit_core::recalibration::{scope_task, CalibrationRegistry, ScopeCalibration};
use epistemic_audit_core::FittedLabels;
use epistemic_audit_core::Scorer;
use scopes::{scope_model, scope_tier_task, ModelScopes, PER_MODEL};
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;
use store::{FeedbackStore, NewFeedback, StoreError, StoredLabel, MAX_REFIT_LABELS};

/// Why a feedback operation failed; the text is for the log only (the client gets the fixed
/// 500 "Calibration failed", mapped in `http::error`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FeedbackError {
    /// The store refused or is unreachable.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A refit could not fit the scope's labels.
    #[error("refit of {scope}: {cause}")]
    Fit {
        /// The scope being refitted.
        scope: String,
        /// The fit's error.
        cause: String,
    },
    /// The task on the blocking pool failed (panicked or was cancelled).
    #[error("feedback task failed: {0}")]
    Task(String),
}

/// Longest a `/v1/calibrate` request waits for the refit its label triggered before answering
/// with the calibration then in force.
pub const REFIT_WAIT: Duration = Duration::from_secs(10);

/// Counters of the feedback path, for the /metrics exporter (monotonic since start).
#[derive(Debug, Default)]
pub struct FeedbackStats {
    /// Records stored with a label "correct".
    pub labels_correct: AtomicU64,
    /// Records stored with a label "incorrect".
    pub labels_incorrect: AtomicU64,
    /// Records stored with a note only.
    pub notes: AtomicU64,
    /// Store failures (each answered 500).
    pub store_errors: AtomicU64,
    /// Completed refits that installed a calibrator.
    pub refits: AtomicU64,
    /// Refits that failed (store or fit error); the previous calibrator stays.
    pub refit_errors: AtomicU64,
}

/// The feedback service. Shared in an [`Arc`].
pub struct Feedback {
    store: Arc<dyn FeedbackStore>,
    scorer: Arc<Scorer>,
    registry: RwLock<Arc<CalibrationRegistry>>,
    /// Labels stored per scope since its last refit started.
    pending: Mutex<HashMap<String, u64>>,
    /// Per scope, the stored label count (any instance's labels) that its last refit was
    /// started for: the scheduler refits a scope whose count in the store differs, which is how
    /// labels stored by another instance on the same database reach this one.
    synced: Mutex<HashMap<String, u64>>,
    refit_every: u64,
    refit_lock: tokio::sync::Mutex<()>,
    metrics: Arc<Metrics>,
    scopes: ModelScopes,
    /// In-process counters of the feedback path.
    pub stats: FeedbackStats,
}

impl std::fmt::Debug for Feedback {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Feedback")
            .field("store", &self.store)
            .field("scopes", &self.registry().len())
            .field("refit_every", &self.refit_every)
            .finish_non_exhaustive()
    }
}

/// Which labels a refit read ([`FittedLabels`]): their count and id range.
fn fitted_labels(scorer_version: &str, labels: &[StoredLabel]) -> FittedLabels {
    FittedLabels {
        scorer_version: scorer_version.to_string(),
        n: labels.len() as u64,
        first_id: labels.iter().map(|l| l.id).min().unwrap_or(0),
        last_id: labels.iter().map(|l| l.id).max().unwrap_or(0),
    }
}

async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, FeedbackError> + Send + 'static,
) -> Result<T, FeedbackError> {
    match tokio::task::spawn_blocking(f).await {
        Ok(r) => r,
        Err(e) => Err(FeedbackError::Task(e.to_string())),
    }
}

impl Feedback {
    /// A feedback service over `store`; `refit_every` = labels per scope that trigger a refit
    /// (0 = only the schedule and start-up refit); at most `max_model_scopes` models get scopes
    /// of their own ([`scopes`]); refits report their ECE to `metrics`.
    pub fn new(
        store: Arc<dyn FeedbackStore>,
        scorer: Arc<Scorer>,
        refit_every: u64,
        max_model_scopes: usize,
        metrics: Arc<Metrics>,
    ) -> Self {
        Feedback {
            store,
            scorer,
            registry: RwLock::new(Arc::new(CalibrationRegistry::new())),
            pending: Mutex::new(HashMap::new()),
            synced: Mutex::new(HashMap::new()),
            refit_every,
            refit_lock: tokio::sync::Mutex::new(()),
            metrics,
            scopes: ModelScopes::new(max_model_scopes),
            stats: FeedbackStats::default(),
        }
    }

    /// Which models have calibration scopes of their own (MAX_MODEL_SCOPES; [`scopes`]).
    pub fn scopes(&self) -> &ModelScopes {
        &self.scopes
    }

    /// The store's backend name ("sqlite", "postgres", "memory").
    pub fn backend(&self) -> &'static str {
        self.store.backend()
    }

    /// The calibrators in force now (a snapshot; refits swap in a new one).
    pub fn registry(&self) -> Arc<CalibrationRegistry> {
        Arc::clone(
            &self
                .registry
                .read()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        )
    }

    fn install(&self, scope: &str, cal: Option<ScopeCalibration>) {
        let mut reg = self
            .registry
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // Never replace a calibrator by one fitted on fewer labels (a slower, older refit).
        if let (Some(new), Some(old)) = (&cal, reg.by_scope(scope)) {
            if new.n < old.n {
                return;
            }
        }
        let installed = cal.is_some();
        let new = Arc::new(match cal {
            Some(c) => reg.with(Arc::new(c)),
            None => reg.without(scope),
        });
        *reg = Arc::clone(&new);
        drop(reg);
        self.report_ece(scope, installed, &new);
    }

    /// Sets the ECE gauge of a refitted scope. Its label is never a model name (client-chosen):
    /// a shared scope `<tier>/<task>/*` is reported under its name, the per-model scopes of a
    /// `<tier>/<task>` together under `<tier>/<task>/per-model`, whose value is the largest ECE
    /// among them (`GET /v1/calibration` has each model's); the gauge goes when none is left.
    fn report_ece(&self, scope: &str, installed: bool, registry: &CalibrationRegistry) {
        if scope_model(scope).is_none() {
            if let (true, Some(c)) = (installed, registry.by_scope(scope)) {
                self.metrics.set_ece(scope, c.ece);
            }
            return;
        }
        let tier_task = scope_tier_task(scope);
        let worst = registry
            .iter()
            .filter(|c| scope_model(&c.scope).is_some() && scope_tier_task(&c.scope) == tier_task)
            .map(|c| c.ece)
            .reduce(f64::max);
        let label = format!("{tier_task}/{PER_MODEL}");
        match worst {
            Some(ece) => self.metrics.set_ece(&label, ece),
            None => self.metrics.remove_ece(&label),
        }
    }

    /// Stores `rec` durably and counts it.
    ///
    /// # Errors
    /// [`FeedbackError::Store`] (→ 500 "Calibration failed").
    pub async fn record(&self, rec: NewFeedback) -> Result<i64, FeedbackError> {
        let label = rec.label;
        match self.store.insert(rec).await.map_err(FeedbackError::from) {
            Ok(id) => {
                let counter = match label {
                    Some(true) => &self.stats.labels_correct,
                    Some(false) => &self.stats.labels_incorrect,
                    None => &self.stats.notes,
                };
                counter.fetch_add(1, Ordering::Relaxed);
                Ok(id)
            }
            Err(e) => {
                self.stats.store_errors.fetch_add(1, Ordering::Relaxed);
                Err(e)
            }
        }
    }

    /// Notes one new label of `scope`; true when it completes a group of FEEDBACK_REFIT_EVERY
    /// (the caller then triggers a refit).
    pub fn note_label(&self, scope: &str) -> bool {
        let mut pending = self
            .pending
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let n = pending.entry(scope.to_string()).or_insert(0);
        *n += 1;
        self.refit_every > 0 && (*n).is_multiple_of(self.refit_every)
    }

    /// Spawns a refit of `scope` as its own task (it completes even if the caller goes away).
    pub fn spawn_refit(
        self: &Arc<Self>,
        scope: String,
    ) -> tokio::task::JoinHandle<Result<(), FeedbackError>> {
        let me = Arc::clone(self);
        tokio::spawn(async move { me.refit_scope(&scope).await })
    }

    /// Refits one scope from its stored labels and installs the result (or removes the scope's
    /// calibrator when it has fewer than 50 labels). Refits are serialised.
    ///
    /// # Errors
    /// Store or fit failure; the previous calibrator stays in force.
    pub async fn refit_scope(&self, scope: &str) -> Result<(), FeedbackError> {
        let _one_at_a_time = self.refit_lock.lock().await;
        self.pending
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .remove(scope);
        let Some(task) = scope_task(scope) else {
            return Ok(());
        };
        let (scorer, name) = (Arc::clone(&self.scorer), scope.to_string());
        let result = match self
            .store
            .labels(scope, scorer.version(), MAX_REFIT_LABELS)
            .await
        {
            Err(e) => Err(FeedbackError::from(e)),
            Ok(labels) => {
                blocking(move || {
                    let raw: Vec<f64> = labels.iter().map(|l| l.raw_confidence).collect();
                    let correct: Vec<bool> = labels.iter().map(|l| l.correct).collect();
                    let fitted_on = fitted_labels(scorer.version(), &labels);
                    ScopeCalibration::fit(&name, scorer.model(task), &raw, &correct)
                        .map(|cal| cal.map(|c| c.fitted_on(fitted_on)))
                        .map_err(|e| FeedbackError::Fit {
                            scope: name.clone(),
                            cause: e.to_string(),
                        })
                })
                .await
            }
        };
        match result {
            Ok(cal) => {
                if let Some(c) = &cal {
                    tracing::info!(
                        scope,
                        n = c.n,
                        method = c.method(),
                        ece = c.ece,
                        brier = c.brier,
                        "calibrator refitted"
                    );
                }
                self.install(scope, cal);
                self.stats.refits.fetch_add(1, Ordering::Relaxed);
                Ok(())
            }
            Err(e) => {
                self.stats.refit_errors.fetch_add(1, Ordering::Relaxed);
                tracing::error!(scope, cause = %e, "refit failed");
                Err(e)
            }
        }
    }

    /// Stored labels per scope for the running scorer version.
    ///
    /// # Errors
    /// The store's error.
    pub async fn label_counts(&self) -> Result<BTreeMap<String, u64>, FeedbackError> {
        Ok(self.store.label_counts(self.scorer.version()).await?)
    }

    /// Refits every scope whose stored label count differs from the count its last refit here
    /// was started for — at start-up every scope with labels (restores the calibration after a
    /// restart); afterwards, on the schedule, the scopes that gained labels through any instance
    /// sharing the store. Models are admitted to scopes of their own in order of stored labels
    /// (most first, then by name) up to MAX_MODEL_SCOPES; the stored scopes of the other models
    /// are not loaded (their labels stay in the store; new labels of those models go to the
    /// shared `*` scope). Returns the number of scopes refitted.
    ///
    /// # Errors
    /// The store cannot list scopes; individual scope failures are logged and skipped.
    pub async fn refit_all(&self) -> Result<usize, FeedbackError> {
        let counts = self.label_counts().await?;
        let mut per_model: BTreeMap<&str, u64> = BTreeMap::new();
        for (scope, n) in &counts {
            if let Some(model) = scope_model(scope) {
                *per_model.entry(model).or_insert(0) += n;
            }
        }
        let mut models: Vec<(&str, u64)> = per_model.into_iter().collect();
        models.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let mut left_out = 0usize;
        for (model, _) in &models {
            if self.scopes.admit(Some(model)).is_none() {
                left_out += 1;
            }
        }
        if left_out > 0 {
            tracing::warn!(
                models_left_out = left_out,
                max_model_scopes = self.scopes.max(),
                "stored labels of more models than MAX_MODEL_SCOPES: the others' scopes are not loaded"
            );
        }
        let mut fitted = 0;
        for scope in counts.keys() {
            if scope_model(scope).is_some_and(|m| !self.scopes.is_admitted(m)) {
                continue;
            }
            let n = counts[scope];
            let unchanged = self
                .synced
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .insert(scope.clone(), n)
                == Some(n);
            if unchanged {
                continue;
            }
            if self.refit_scope(scope).await.is_ok() {
                fitted += 1;
            }
        }
        Ok(fitted)
    }

    /// Starts the scheduled refit: every `period`, each scope whose stored label count changed
    /// (labels from this or any instance on the same store; [`Feedback::refit_all`]) is
    /// refitted. Ends by itself once the service is dropped.
    pub fn spawn_scheduler(self: &Arc<Self>, period: Duration) -> tokio::task::JoinHandle<()> {
        crate::support::periodic::spawn_while_alive(self, period, |me: Arc<Self>| async move {
            // Labels recorded here change the store's counts too, so this covers them.
            if let Err(e) = me.refit_all().await {
                tracing::warn!(cause = %e, "scheduled refit: cannot list the stored scopes");
            }
        })
    }
}
