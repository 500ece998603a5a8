//! An in-memory [`FeedbackStore`]: not durable, for unit tests of the handlers only.

use super::StoreError;
use super::{FeedbackStore, NewFeedback};
use std::collections::BTreeMap;
use std::sync::Mutex;

/// Records in a vector behind a mutex; lost when the process ends.
#[derive(Debug, Default)]
pub struct MemoryStore {
    rows: Mutex<Vec<NewFeedback>>,
}

impl MemoryStore {
    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }

    fn rows(&self) -> std::sync::MutexGuard<'_, Vec<NewFeedback>> {
        self.rows
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl FeedbackStore for MemoryStore {
    fn backend(&self) -> &'static str {
        "memory"
    }

    fn insert(&self, rec: &NewFeedback) -> Result<i64, StoreError> {
        let mut rows = self.rows();
        rows.push(rec.clone());
        Ok(rows.len() as i64)
    }

    fn labels(
        &self,
        scope: &str,
        scorer_version: &str,
        limit: usize,
    ) -> Result<Vec<(f64, bool)>, StoreError> {
        let rows = self.rows();
        let all: Vec<(f64, bool)> = rows
            .iter()
            .filter(|r| r.scope == scope && r.scorer_version == scorer_version)
            .filter_map(|r| r.label.map(|l| (r.raw_confidence, l)))
            .collect();
        Ok(all[all.len().saturating_sub(limit)..].to_vec())
    }

    fn label_counts(&self, scorer_version: &str) -> Result<BTreeMap<String, u64>, StoreError> {
        let mut m = BTreeMap::new();
        for r in self
            .rows()
            .iter()
            .filter(|r| r.label.is_some() && r.scorer_version == scorer_version)
        {
            *m.entry(r.scope.clone()).or_insert(0) += 1;
        }
        Ok(m)
    }

    fn count(&self) -> Result<u64, StoreError> {
        Ok(self.rows().len() as u64)
    }
}
