//! An in-memory [`FeedbackStore`]: not durable, for unit tests of the handlers only.

use super::StoreError;
use super::{FeedbackStore, NewFeedback, StoredLabel};
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

#[async_trait::async_trait]
impl FeedbackStore for MemoryStore {
    fn backend(&self) -> &'static str {
        "memory"
    }

    async fn insert(&self, rec: NewFeedback) -> Result<i64, StoreError> {
        let mut rows = self.rows();
        rows.push(rec);
        Ok(rows.len() as i64)
    }

    async fn labels(
        &self,
        scope: &str,
        scorer_version: &str,
        limit: usize,
    ) -> Result<Vec<StoredLabel>, StoreError> {
        let rows = self.rows();
        let all: Vec<StoredLabel> = rows
            .iter()
            .zip(1..)
            .filter(|(r, _)| r.scope == scope && r.scorer_version == scorer_version)
            .filter_map(|(r, id)| {
                r.label.map(|correct| StoredLabel {
                    id,
                    raw_confidence: r.raw_confidence,
                    correct,
                })
            })
            .collect();
        Ok(all[all.len().saturating_sub(limit)..].to_vec())
    }

    async fn label_counts(
        &self,
        scorer_version: &str,
    ) -> Result<BTreeMap<String, u64>, StoreError> {
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

    async fn count(&self) -> Result<u64, StoreError> {
        Ok(self.rows().len() as u64)
    }
}
