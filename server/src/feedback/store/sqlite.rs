//! SQLite backend of the feedback store (the default): one file at FEEDBACK_DB_PATH, its parent
//! directory created on start. Journal mode WAL with `synchronous=FULL`: a committed insert is
//! fsynced to the WAL before [`FeedbackStore::insert`] returns, so it survives a process kill
//! and a power cut (SQLite docs, "PRAGMA synchronous": FULL is durable in WAL mode; NORMAL is not).
//! One connection behind a mutex: feedback is rare (100/min per client) and SQLite has one writer.
//! rusqlite is synchronous, so every call of the [`FeedbackStore`] methods runs on tokio's
//! blocking pool ([`SqliteStore::run`]).

use super::StoreError;
use super::{storage_error, FeedbackStore, NewFeedback, StoredLabel};
use rusqlite::{params, Connection, OptionalExtension};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Versioned schema migrations: (version, description, SQL). Append only; never edit a shipped one.
pub const MIGRATIONS: &[(i64, &str, &str)] = &[(
    1,
    "feedback table",
    "CREATE TABLE feedback (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        created_at_ms INTEGER NOT NULL,
        text_sha256 TEXT NOT NULL,
        text TEXT NOT NULL,
        prompt TEXT,
        context TEXT,
        raw_confidence REAL NOT NULL,
        height REAL NOT NULL,
        tier TEXT NOT NULL,
        task TEXT NOT NULL,
        scope TEXT NOT NULL,
        model_source TEXT,
        label INTEGER CHECK (label IN (0, 1)),
        note TEXT,
        scorer_version TEXT NOT NULL
    );
    CREATE INDEX feedback_scope_id ON feedback (scope, scorer_version, id);
    CREATE INDEX feedback_text_sha256 ON feedback (text_sha256);",
)];

/// The SQLite store.
#[derive(Debug)]
pub struct SqliteStore {
    conn: Arc<Mutex<Connection>>,
    path: PathBuf,
}

impl SqliteStore {
    /// Opens (creating if needed) the database at `path`, creates its parent directory, sets WAL
    /// and `synchronous=FULL`, and applies pending migrations.
    ///
    /// # Errors
    /// The directory or file cannot be created, the file is not a database, or a migration fails.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| storage_error(format!("cannot create {}: {e}", dir.display())))?;
        }
        let mut conn = Connection::open(path)
            .map_err(|e| storage_error(format!("cannot open {}: {e}", path.display())))?;
        conn.busy_timeout(Duration::from_secs(10))
            .map_err(storage_error)?;
        let mode: String = conn
            .query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))
            .map_err(storage_error)?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(storage_error(format!(
                "journal_mode is {mode}, WAL was requested"
            )));
        }
        conn.execute_batch("PRAGMA synchronous=FULL;")
            .map_err(storage_error)?;
        migrate(&mut conn)?;
        Ok(SqliteStore {
            conn: Arc::new(Mutex::new(conn)),
            path: path.to_path_buf(),
        })
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Runs `f` on the connection on tokio's blocking pool (rusqlite blocks).
    ///
    /// # Errors
    /// `f`'s error, or a [`StoreError`] when the blocking task panicked.
    async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let conn = Arc::clone(&self.conn);
        tokio::task::spawn_blocking(move || {
            let mut guard = conn
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            f(&mut guard)
        })
        .await
        .map_err(|e| storage_error(format!("SQLite task failed: {e}")))?
    }
}

fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS schema_migrations (
            version INTEGER PRIMARY KEY,
            description TEXT NOT NULL,
            applied_at_ms INTEGER NOT NULL
        );",
    )
    .map_err(storage_error)?;
    for &(version, description, sql) in MIGRATIONS {
        let tx = conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
            .map_err(storage_error)?;
        let done: Option<i64> = tx
            .query_row(
                "SELECT version FROM schema_migrations WHERE version = ?1",
                [version],
                |r| r.get(0),
            )
            .optional()
            .map_err(storage_error)?;
        if done.is_none() {
            tx.execute_batch(sql)
                .map_err(|e| storage_error(format!("migration {version} ({description}): {e}")))?;
            tx.execute(
                "INSERT INTO schema_migrations (version, description, applied_at_ms) VALUES (?1, ?2, ?3)",
                params![version, description, crate::support::unix_ms()],
            )
            .map_err(storage_error)?;
            tracing::info!(
                backend = "sqlite",
                version,
                description,
                "schema migration applied"
            );
        }
        tx.commit().map_err(storage_error)?;
    }
    Ok(())
}

#[async_trait::async_trait]
impl FeedbackStore for SqliteStore {
    fn backend(&self) -> &'static str {
        "sqlite"
    }

    async fn insert(&self, r: NewFeedback) -> Result<i64, StoreError> {
        self.run(move |conn| {
        conn.execute(
            "INSERT INTO feedback (created_at_ms, text_sha256, text, prompt, context, raw_confidence, height,
                tier, task, scope, model_source, label, note, scorer_version)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
            params![
                r.created_at_ms,
                r.text_sha256,
                r.text,
                r.prompt,
                r.context,
                r.raw_confidence,
                r.height,
                r.tier,
                r.task,
                r.scope,
                r.model_source,
                r.label.map(i64::from),
                r.note,
                r.scorer_version
            ],
        )
        .map_err(storage_error)?;
        Ok(conn.last_insert_rowid())
        })
        .await
    }

    async fn labels(
        &self,
        scope: &str,
        scorer_version: &str,
        limit: usize,
    ) -> Result<Vec<StoredLabel>, StoreError> {
        let (scope, scorer_version) = (scope.to_string(), scorer_version.to_string());
        self.run(move |conn| {
            let mut stmt = conn
                .prepare_cached(
                    "SELECT id, raw_confidence, label FROM feedback
                     WHERE scope = ?1 AND scorer_version = ?2 AND label IS NOT NULL
                     ORDER BY id DESC LIMIT ?3",
                )
                .map_err(storage_error)?;
            let rows = stmt
                .query_map(params![scope, scorer_version, limit as i64], |r| {
                    Ok(StoredLabel {
                        id: r.get(0)?,
                        raw_confidence: r.get(1)?,
                        correct: r.get::<_, i64>(2)? == 1,
                    })
                })
                .map_err(storage_error)?;
            let mut out = rows.collect::<Result<Vec<_>, _>>().map_err(storage_error)?;
            out.reverse();
            Ok(out)
        })
        .await
    }

    async fn label_counts(
        &self,
        scorer_version: &str,
    ) -> Result<BTreeMap<String, u64>, StoreError> {
        let scorer_version = scorer_version.to_string();
        self.run(move |conn| {
        let mut stmt = conn
            .prepare_cached(
                "SELECT scope, COUNT(*) FROM feedback WHERE scorer_version = ?1 AND label IS NOT NULL GROUP BY scope",
            )
            .map_err(storage_error)?;
        let rows = stmt
            .query_map([scorer_version], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)? as u64))
            })
            .map_err(storage_error)?;
        rows.collect::<Result<BTreeMap<_, _>, _>>()
            .map_err(storage_error)
        })
        .await
    }

    async fn count(&self) -> Result<u64, StoreError> {
        self.run(|conn| {
            let n: i64 = conn
                .query_row("SELECT COUNT(*) FROM feedback", [], |r| r.get(0))
                .map_err(storage_error)?;
            Ok(n as u64)
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn record(scope: &str, label: Option<bool>, raw: f64) -> NewFeedback {
        NewFeedback {
            created_at_ms: 1,
            text_sha256: "00".repeat(32),
            text: "t".into(),
            prompt: None,
            context: Some("c".into()),
            raw_confidence: raw,
            height: 0.5,
            tier: "intrinsic".into(),
            task: "qa".into(),
            scope: scope.into(),
            model_source: Some("m".into()),
            label,
            note: None,
            scorer_version: "v1".into(),
        }
    }

    fn label(id: i64, raw_confidence: f64, correct: bool) -> StoredLabel {
        StoredLabel {
            id,
            raw_confidence,
            correct,
        }
    }

    #[tokio::test]
    async fn creates_dir_migrates_once_and_round_trips() {
        let dir = std::env::temp_dir().join(format!("ea-sqlite-{}", uuid::Uuid::new_v4()));
        let path = dir.join("nested/feedback.sqlite3");
        {
            let s = SqliteStore::open(&path).unwrap();
            assert_eq!(s.insert(record("a", Some(true), 0.9)).await.unwrap(), 1);
            s.insert(record("a", Some(false), 0.2)).await.unwrap();
            s.insert(record("a", None, 0.3)).await.unwrap();
            s.insert(record("b", Some(true), 0.4)).await.unwrap();
            assert_eq!(
                s.labels("a", "v1", 10).await.unwrap(),
                vec![label(1, 0.9, true), label(2, 0.2, false)]
            );
            assert_eq!(
                s.labels("a", "v1", 1).await.unwrap(),
                vec![label(2, 0.2, false)]
            );
            assert!(s.labels("a", "v2", 10).await.unwrap().is_empty());
        }
        // Reopen: migrations are not applied twice, rows are there.
        let s = SqliteStore::open(&path).unwrap();
        assert_eq!(s.count().await.unwrap(), 4);
        let counts = s.label_counts("v1").await.unwrap();
        assert_eq!(counts.get("a"), Some(&2));
        assert_eq!(counts.get("b"), Some(&1));
        let conn = s.conn.lock().unwrap();
        let applied: i64 = conn
            .query_row("SELECT COUNT(*) FROM schema_migrations", [], |r| r.get(0))
            .unwrap();
        assert_eq!(applied, MIGRATIONS.len() as i64);
        let sync: i64 = conn
            .query_row("PRAGMA synchronous", [], |r| r.get(0))
            .unwrap();
        assert_eq!(sync, 2, "synchronous=FULL");
        drop(conn);
        std::fs::remove_dir_all(dir).unwrap();
    }
}
