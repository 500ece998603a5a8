//! PostgreSQL backend of the feedback store, used when DATABASE_URL is set. Tables live in the
//! schema DATABASE_SCHEMA (default `public`; created if missing), selected with `search_path` on
//! every connection. Commits wait for the WAL flush (`synchronous_commit = on`, set explicitly
//! per session), so an acknowledged insert survives a crash of either process.
//!
//! One synchronous connection behind a mutex, re-opened when it is found closed (the server
//! restarted, the network dropped): feedback is rare enough that a pool would only add moving
//! parts. Called on the blocking pool only (the `postgres` client runs its own small runtime).

use super::StoreError;
use super::{storage_error, FeedbackStore, NewFeedback};
use postgres::{Client, NoTls};
use std::collections::BTreeMap;
use std::sync::Mutex;

/// Versioned schema migrations: (version, description, SQL). Append only.
pub const MIGRATIONS: &[(i64, &str, &str)] = &[(
    1,
    "feedback table",
    "CREATE TABLE feedback (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        created_at_ms BIGINT NOT NULL,
        text_sha256 TEXT NOT NULL,
        text TEXT NOT NULL,
        prompt TEXT,
        context TEXT,
        raw_confidence DOUBLE PRECISION NOT NULL,
        height DOUBLE PRECISION NOT NULL,
        tier TEXT NOT NULL,
        task TEXT NOT NULL,
        scope TEXT NOT NULL,
        model_source TEXT,
        label SMALLINT CHECK (label IN (0, 1)),
        note TEXT,
        scorer_version TEXT NOT NULL
    );
    CREATE INDEX feedback_scope_id ON feedback (scope, scorer_version, id);
    CREATE INDEX feedback_text_sha256 ON feedback (text_sha256);",
)];

/// Key of the advisory lock held while migrating (any constant unique to this application).
const MIGRATION_LOCK: i64 = 0x6561_6662; // "eafb"

/// The PostgreSQL store.
pub struct PostgresStore {
    url: String,
    schema: String,
    client: Mutex<Option<Client>>,
}

impl std::fmt::Debug for PostgresStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The URL may carry a password: never print it.
        f.debug_struct("PostgresStore")
            .field("schema", &self.schema)
            .finish_non_exhaustive()
    }
}

impl Drop for PostgresStore {
    /// The synchronous `postgres` client shuts down its own small runtime when dropped, which
    /// panics on a thread that runs tokio ("Cannot start a runtime from within a runtime") — as
    /// the server's threads do at shutdown. So the connection is closed on a thread of its own.
    fn drop(&mut self) {
        let client = self
            .client
            .get_mut()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take();
        if let Some(client) = client {
            let _ = std::thread::spawn(move || drop(client)).join();
        }
    }
}

/// True for a plain SQL identifier we can splice into `CREATE SCHEMA` / `search_path` safely:
/// `[a-z_][a-z0-9_]*`, at most 63 bytes.
pub fn valid_schema(name: &str) -> bool {
    let mut chars = name.chars();
    name.len() <= 63
        && chars
            .next()
            .is_some_and(|c| c.is_ascii_lowercase() || c == '_')
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

impl PostgresStore {
    /// Connects to `url`, creates `schema` if needed and applies pending migrations.
    ///
    /// # Errors
    /// The schema name is not a plain identifier, the server is unreachable, or a migration fails.
    /// Messages never contain the URL.
    pub fn open(url: &str, schema: &str) -> Result<PostgresStore, StoreError> {
        if !valid_schema(schema) {
            return Err(storage_error(format!(
                "DATABASE_SCHEMA {schema:?} is not a plain identifier [a-z_][a-z0-9_]*"
            )));
        }
        let store = PostgresStore {
            url: url.to_string(),
            schema: schema.to_string(),
            client: Mutex::new(None),
        };
        let mut client = store.connect()?;
        migrate(&mut client)?;
        *store.guard() = Some(client);
        Ok(store)
    }

    fn connect(&self) -> Result<Client, StoreError> {
        let mut client = Client::connect(&self.url, NoTls).map_err(|e| {
            storage_error(format!("cannot connect to PostgreSQL: {}", pg_cause(&e)))
        })?;
        // `CREATE SCHEMA IF NOT EXISTS` is not safe against a peer doing the same at the same
        // moment (both pass the check, one fails on the catalog's unique index): instances that
        // start together take the migration lock around it. Separate statements, so the schema
        // is committed before the lock is released (a multi-statement batch is one transaction).
        under_migration_lock(&mut client, |c| {
            c.batch_execute(&format!("CREATE SCHEMA IF NOT EXISTS {}", self.schema))
                .map_err(pg_error)
        })?;
        client
            .batch_execute(&format!(
                "SET search_path TO {}; SET synchronous_commit TO on;",
                self.schema
            ))
            .map_err(pg_error)?;
        Ok(client)
    }

    fn guard(&self) -> std::sync::MutexGuard<'_, Option<Client>> {
        self.client
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Runs `f` on a live connection, reconnecting first if the previous one was closed, and
    /// once more if `f` fails on a connection that turns out closed.
    fn with<T>(
        &self,
        f: impl Fn(&mut Client) -> Result<T, postgres::Error>,
    ) -> Result<T, StoreError> {
        let mut guard = self.guard();
        for attempt in 0..2 {
            if guard.as_ref().is_none_or(Client::is_closed) {
                *guard = Some(self.connect()?);
            }
            let client = guard.as_mut().expect("connected above");
            match f(client) {
                Ok(v) => return Ok(v),
                Err(e) if attempt == 0 && (e.is_closed() || client.is_closed()) => {
                    tracing::warn!(error = %pg_cause(&e), "PostgreSQL connection lost; reconnecting");
                    *guard = None;
                }
                Err(e) => return Err(pg_error(e)),
            }
        }
        Err(storage_error("PostgreSQL connection lost twice"))
    }
}

/// The database's own words for `e` (severity, SQLSTATE code, message, detail): the client's
/// `Display` says only "db error". Never contains the URL (the server does not know it).
fn pg_cause(e: &postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!(
            "{} {}: {}{}",
            db.severity(),
            db.code().code(),
            db.message(),
            db.detail().map(|d| format!(" ({d})")).unwrap_or_default()
        ),
        None => {
            let mut out = e.to_string();
            let mut source = std::error::Error::source(e);
            while let Some(s) = source {
                out.push_str(": ");
                out.push_str(&s.to_string());
                source = s.source();
            }
            out
        }
    }
}

/// A PostgreSQL error as a [`StoreError`] with the database's own message ([`pg_cause`]).
fn pg_error(e: postgres::Error) -> StoreError {
    storage_error(pg_cause(&e))
}

/// Runs `f` while holding the session-level advisory lock [`MIGRATION_LOCK`], so that instances
/// starting together on a fresh database serialise: the first creates the schema and tables, the
/// others wait for it and find them (the `IF NOT EXISTS` checks alone race). `f`'s statements
/// must commit before it returns (the lock is released right after). The lock is released on
/// every path (and with the session, should this one die); `f`'s error comes first.
fn under_migration_lock<T>(
    client: &mut Client,
    f: impl FnOnce(&mut Client) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    client
        .execute("SELECT pg_advisory_lock($1)", &[&MIGRATION_LOCK])
        .map_err(pg_error)?;
    let result = f(client);
    let unlocked = client
        .execute("SELECT pg_advisory_unlock($1)", &[&MIGRATION_LOCK])
        .map_err(pg_error);
    let value = result?;
    unlocked?;
    Ok(value)
}

/// Applies pending [`MIGRATIONS`] under the migration lock ([`under_migration_lock`]).
fn migrate(client: &mut Client) -> Result<(), StoreError> {
    under_migration_lock(client, migrate_locked)
}

fn migrate_locked(client: &mut Client) -> Result<(), StoreError> {
    client
        .batch_execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (
                version BIGINT PRIMARY KEY,
                description TEXT NOT NULL,
                applied_at_ms BIGINT NOT NULL
            );",
        )
        .map_err(pg_error)?;
    for &(version, description, sql) in MIGRATIONS {
        let mut tx = client.transaction().map_err(pg_error)?;
        let done = tx
            .query_opt(
                "SELECT version FROM schema_migrations WHERE version = $1",
                &[&version],
            )
            .map_err(pg_error)?;
        if done.is_none() {
            tx.batch_execute(sql).map_err(|e| {
                storage_error(format!(
                    "migration {version} ({description}): {}",
                    pg_cause(&e)
                ))
            })?;
            tx.execute(
                "INSERT INTO schema_migrations (version, description, applied_at_ms) VALUES ($1, $2, $3)",
                &[&version, &description, &crate::support::unix_ms()],
            )
            .map_err(pg_error)?;
            tracing::info!(
                backend = "postgres",
                version,
                description,
                "schema migration applied"
            );
        }
        tx.commit().map_err(pg_error)?;
    }
    Ok(())
}

impl FeedbackStore for PostgresStore {
    fn backend(&self) -> &'static str {
        "postgres"
    }

    fn insert(&self, r: &NewFeedback) -> Result<i64, StoreError> {
        let label: Option<i16> = r.label.map(i16::from);
        self.with(|c| {
            c.query_one(
                "INSERT INTO feedback (created_at_ms, text_sha256, text, prompt, context, raw_confidence, height,
                    tier, task, scope, model_source, label, note, scorer_version)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id",
                &[
                    &r.created_at_ms,
                    &r.text_sha256,
                    &r.text,
                    &r.prompt,
                    &r.context,
                    &r.raw_confidence,
                    &r.height,
                    &r.tier,
                    &r.task,
                    &r.scope,
                    &r.model_source,
                    &label,
                    &r.note,
                    &r.scorer_version,
                ],
            )
            .map(|row| row.get::<_, i64>(0))
        })
    }

    fn labels(
        &self,
        scope: &str,
        scorer_version: &str,
        limit: usize,
    ) -> Result<Vec<(f64, bool)>, StoreError> {
        let limit = limit as i64;
        let mut out: Vec<(f64, bool)> = self.with(|c| {
            c.query(
                "SELECT raw_confidence, label FROM feedback
                 WHERE scope = $1 AND scorer_version = $2 AND label IS NOT NULL
                 ORDER BY id DESC LIMIT $3",
                &[&scope, &scorer_version, &limit],
            )
            .map(|rows| {
                rows.iter()
                    .map(|r| (r.get::<_, f64>(0), r.get::<_, i16>(1) == 1))
                    .collect()
            })
        })?;
        out.reverse();
        Ok(out)
    }

    fn label_counts(&self, scorer_version: &str) -> Result<BTreeMap<String, u64>, StoreError> {
        self.with(|c| {
            c.query(
                "SELECT scope, COUNT(*) FROM feedback WHERE scorer_version = $1 AND label IS NOT NULL GROUP BY scope",
                &[&scorer_version],
            )
            .map(|rows| rows.iter().map(|r| (r.get::<_, String>(0), r.get::<_, i64>(1) as u64)).collect())
        })
    }

    fn count(&self) -> Result<u64, StoreError> {
        self.with(|c| {
            c.query_one("SELECT COUNT(*) FROM feedback", &[])
                .map(|r| r.get::<_, i64>(0) as u64)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schema_names_are_plain_identifiers() {
        assert!(valid_schema("public") && valid_schema("ea_test_123") && valid_schema("_x"));
        for bad in ["", "Public", "a-b", "a;drop", "1abc", &"a".repeat(64)] {
            assert!(!valid_schema(bad), "{bad}");
        }
    }
}
