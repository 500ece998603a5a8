//! PostgreSQL backend of the feedback store, used when DATABASE_URL is set. Tables live in the
//! schema DATABASE_SCHEMA (default `public`; created if missing), selected with `search_path`
//! on every connection. Commits wait for the WAL flush (`synchronous_commit = on`), so an
//! acknowledged insert survives a crash of either process.
//!
//! The client is async: tokio-postgres connections in a deadpool pool of DATABASE_POOL_SIZE
//! (connections opened on demand, a closed one dropped when it comes back; `Fast` recycling), so
//! concurrent `/v1/calibrate` requests do not queue on one socket and nothing blocks a thread.
//! Both session settings travel in the start-up packet (`options=-c search_path=… -c
//! synchronous_commit=on`), so every pooled connection has them from its first statement.
//! TLS as DATABASE_URL asks (`sslmode`, `sslrootcert`; [`super::pg_tls`]).

use super::pg_tls::PgConnect;
use super::StoreError;
use super::{storage_error, FeedbackStore, NewFeedback, StoredLabel};
use deadpool_postgres::{
    Manager, ManagerConfig, Object, Pool, PoolError, RecyclingMethod, Runtime,
};
use futures_util::future::BoxFuture;
use std::collections::BTreeMap;
use std::time::Duration;

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

/// Longest wait for a new connection (TCP, TLS and authentication).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// Longest a request waits for a free pooled connection before failing with a store error.
const POOL_WAIT: Duration = Duration::from_secs(30);

/// The PostgreSQL store.
pub struct PostgresStore {
    pool: Pool,
    schema: String,
}

impl std::fmt::Debug for PostgresStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The URL may carry a password: never print it.
        let status = self.pool.status();
        f.debug_struct("PostgresStore")
            .field("schema", &self.schema)
            .field("pool_size", &status.max_size)
            .field("connections", &status.size)
            .finish_non_exhaustive()
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
    /// Builds a pool of at most `pool_size` connections to `url` (a libpq URL or key=value
    /// string, TLS per [`super::pg_tls`]), creates `schema` if needed and applies pending
    /// migrations, under the migration lock.
    ///
    /// # Errors
    /// The schema name is not a plain identifier, `pool_size` is 0, the URL or its TLS settings
    /// are invalid, the server is unreachable or refuses, or a migration fails. Messages carry
    /// the database's own words and never the URL.
    pub async fn open(
        url: &str,
        schema: &str,
        pool_size: usize,
    ) -> Result<PostgresStore, StoreError> {
        if !valid_schema(schema) {
            return Err(storage_error(format!(
                "DATABASE_SCHEMA {schema:?} is not a plain identifier [a-z_][a-z0-9_]*"
            )));
        }
        if pool_size == 0 {
            return Err(storage_error("DATABASE_POOL_SIZE must be at least 1"));
        }
        let connect = PgConnect::parse(url)?;
        let tls = connect.tls()?;
        let mut config = connect.config;
        let options = format!(
            "{} -c search_path={schema} -c synchronous_commit=on",
            config.get_options().unwrap_or_default()
        );
        config.options(options.trim());
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        let manager = Manager::from_config(
            config,
            tls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(pool_size)
            .runtime(Runtime::Tokio1)
            .wait_timeout(Some(POOL_WAIT))
            .create_timeout(Some(CONNECT_TIMEOUT))
            .build()
            .map_err(|e| storage_error(format!("PostgreSQL pool: {e}")))?;
        let store = PostgresStore {
            pool,
            schema: schema.to_string(),
        };
        let mut client = store.client().await?;
        // `CREATE SCHEMA IF NOT EXISTS` is not safe against a peer doing the same at the same
        // moment (both pass the check, one fails on the catalog's unique index): instances that
        // start together take the migration lock around it and the migrations. Separate
        // statements, so each commits before the lock is released.
        lock_migrations(&client).await?;
        let migrated = async {
            client
                .batch_execute(&format!("CREATE SCHEMA IF NOT EXISTS {schema}"))
                .await
                .map_err(pg_error)?;
            migrate_locked(&mut client).await
        }
        .await;
        let unlocked = unlock_migrations(&client).await;
        migrated?;
        unlocked?;
        Ok(store)
    }

    /// A pooled connection (a new one when none is idle).
    async fn client(&self) -> Result<Object, StoreError> {
        self.pool.get().await.map_err(|e| match e {
            PoolError::Backend(e) => {
                storage_error(format!("cannot connect to PostgreSQL: {}", pg_cause(&e)))
            }
            other => storage_error(format!("PostgreSQL pool: {other}")),
        })
    }

    /// Runs `f` on a pooled connection, and once more on another one if the first turns out
    /// closed (the server restarted, the network dropped; the pool drops closed connections).
    async fn with<'a, T>(
        &'a self,
        f: impl Fn(Object) -> BoxFuture<'a, Result<T, tokio_postgres::Error>> + Send + Sync + 'a,
    ) -> Result<T, StoreError> {
        for attempt in 0..2 {
            match f(self.client().await?).await {
                Ok(v) => return Ok(v),
                Err(e) if attempt == 0 && e.is_closed() => {
                    tracing::warn!(error = %pg_cause(&e), "PostgreSQL connection lost; retrying on another");
                }
                Err(e) => return Err(pg_error(e)),
            }
        }
        Err(storage_error("PostgreSQL connection lost twice"))
    }
}

/// The database's own words for `e` (severity, SQLSTATE code, message, detail): the client's
/// `Display` says only "db error". Never contains the URL (the server does not know it).
fn pg_cause(e: &tokio_postgres::Error) -> String {
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
fn pg_error(e: tokio_postgres::Error) -> StoreError {
    storage_error(pg_cause(&e))
}

/// Takes the session-level advisory lock [`MIGRATION_LOCK`], so that instances starting
/// together on a fresh database serialise: the first creates the schema and tables, the others
/// wait for it and find them (the `IF NOT EXISTS` checks alone race). Released by
/// [`unlock_migrations`] on every path, and by the server should the session die.
async fn lock_migrations(client: &Object) -> Result<(), StoreError> {
    client
        .execute("SELECT pg_advisory_lock($1)", &[&MIGRATION_LOCK])
        .await
        .map(drop)
        .map_err(pg_error)
}

/// Releases [`MIGRATION_LOCK`].
async fn unlock_migrations(client: &Object) -> Result<(), StoreError> {
    client
        .execute("SELECT pg_advisory_unlock($1)", &[&MIGRATION_LOCK])
        .await
        .map(drop)
        .map_err(pg_error)
}

/// Applies pending [`MIGRATIONS`], each in its own transaction; the caller holds the lock.
async fn migrate_locked(client: &mut Object) -> Result<(), StoreError> {
    client
        .batch_execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (
                version BIGINT PRIMARY KEY,
                description TEXT NOT NULL,
                applied_at_ms BIGINT NOT NULL
            );",
        )
        .await
        .map_err(pg_error)?;
    for &(version, description, sql) in MIGRATIONS {
        let tx = client.transaction().await.map_err(pg_error)?;
        let done = tx
            .query_opt(
                "SELECT version FROM schema_migrations WHERE version = $1",
                &[&version],
            )
            .await
            .map_err(pg_error)?;
        if done.is_none() {
            tx.batch_execute(sql).await.map_err(|e| {
                storage_error(format!(
                    "migration {version} ({description}): {}",
                    pg_cause(&e)
                ))
            })?;
            tx.execute(
                "INSERT INTO schema_migrations (version, description, applied_at_ms) VALUES ($1, $2, $3)",
                &[&version, &description, &crate::support::unix_ms()],
            )
            .await
            .map_err(pg_error)?;
            tracing::info!(
                backend = "postgres",
                version,
                description,
                "schema migration applied"
            );
        }
        tx.commit().await.map_err(pg_error)?;
    }
    Ok(())
}

#[async_trait::async_trait]
impl FeedbackStore for PostgresStore {
    fn backend(&self) -> &'static str {
        "postgres"
    }

    async fn insert(&self, r: NewFeedback) -> Result<i64, StoreError> {
        let label: Option<i16> = r.label.map(i16::from);
        let (r, label) = (&r, &label);
        self.with(move |c| {
            Box::pin(async move {
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
                        label,
                        &r.note,
                        &r.scorer_version,
                    ],
                )
                .await
                .map(|row| row.get::<_, i64>(0))
            })
        })
        .await
    }

    async fn labels(
        &self,
        scope: &str,
        scorer_version: &str,
        limit: usize,
    ) -> Result<Vec<StoredLabel>, StoreError> {
        let limit = &(limit as i64);
        let mut out: Vec<StoredLabel> = self
            .with(move |c| {
                Box::pin(async move {
                    c.query(
                        "SELECT id, raw_confidence, label FROM feedback
                         WHERE scope = $1 AND scorer_version = $2 AND label IS NOT NULL
                         ORDER BY id DESC LIMIT $3",
                        &[&scope, &scorer_version, limit],
                    )
                    .await
                    .map(|rows| {
                        rows.iter()
                            .map(|r| StoredLabel {
                                id: r.get(0),
                                raw_confidence: r.get(1),
                                correct: r.get::<_, i16>(2) == 1,
                            })
                            .collect()
                    })
                })
            })
            .await?;
        out.reverse();
        Ok(out)
    }

    async fn label_counts(
        &self,
        scorer_version: &str,
    ) -> Result<BTreeMap<String, u64>, StoreError> {
        self.with(move |c| {
            Box::pin(async move {
                c.query(
                    "SELECT scope, COUNT(*) FROM feedback WHERE scorer_version = $1 AND label IS NOT NULL GROUP BY scope",
                    &[&scorer_version],
                )
                .await
                .map(|rows| rows.iter().map(|r| (r.get::<_, String>(0), r.get::<_, i64>(1) as u64)).collect())
            })
        })
        .await
    }

    async fn count(&self) -> Result<u64, StoreError> {
        self.with(|c| {
            Box::pin(async move {
                c.query_one("SELECT COUNT(*) FROM feedback", &[])
                    .await
                    .map(|r| r.get::<_, i64>(0) as u64)
            })
        })
        .await
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
