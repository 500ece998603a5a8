//! Rate limits shared by every instance through Redis when REDIS_URL is set (contract "Limits"
//! rule 4; DESIGN §3 "Rate limits"), with the in-memory limiter ([`super::memory`]) as fallback.
//!
//! ## The shared log
//! The same exact 60 s sliding log as in memory, kept per (endpoint, client IP) in a Redis sorted
//! set `<REDIS_KEY_PREFIX>:rl:<endpoint>:<ip>` whose scores are admission times in ms. Each hit
//! runs one Lua script ([`SCRIPT`]) — atomic in Redis, so concurrent hits from any number of
//! instances are serialised: read Redis's own clock with `TIME` (one clock for all instances;
//! no skew between hosts), `ZREMRANGEBYSCORE` entries ≤ now − 60 000, `ZCARD`, and if below the
//! limit `ZADD` a unique member (`<instance uuid>-<counter>`) and `PEXPIRE` the key 60 s (so idle
//! keys vanish by themselves). Rejected hits are not recorded, as in memory. The answer carries
//! the remaining quota or, when limited, the ms until the oldest entry leaves the window
//! (`Retry-After`).
//!
//! ## Fallback
//! Any Redis error or a reply later than [`REDIS_TIMEOUT`] makes that hit use the in-memory
//! limiter (this instance's own counts — the service keeps serving rather than failing closed).
//! The first failure after a healthy period logs one WARN line and increments
//! [`LimiterStats::fallbacks`]; while down, Redis is retried with exponential backoff
//! ([`BACKOFF_MIN`] doubling to [`BACKOFF_MAX`]) and hits in between go straight to memory
//! ([`LimiterStats::fallback_decisions`]). The first success logs one INFO line ("back on
//! Redis") and resets the backoff. [`SharedLimiter::check`] says which limiter decided
//! ([`DecidedBy`]); the caller ([`super::Limits::check`]) counts memory decisions
//! in `epistemic_audit_limiter_backend_fallbacks_total{backend="redis"}`.

use super::memory::{Decision, Endpoint, RateLimiter, WINDOW_MS};
use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The per-hit script. KEYS[1] = key; ARGV = window ms, limit, unique member suffix.
/// Returns {admitted 0|1, remaining, retry_after_ms}.
pub const SCRIPT: &str = r#"
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local n = redis.call('ZCARD', KEYS[1])
if n < limit then
  redis.call('ZADD', KEYS[1], now, now .. '-' .. ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, limit - n - 1, 0}
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {0, 0, tonumber(oldest[2]) + window - now}
"#;

/// Longest wait for one Redis round trip (connect or script) before falling back.
pub const REDIS_TIMEOUT: Duration = Duration::from_millis(1000);
/// First retry delay after Redis failed.
pub const BACKOFF_MIN: Duration = Duration::from_millis(500);
/// Longest retry delay while Redis stays down.
pub const BACKOFF_MAX: Duration = Duration::from_secs(30);

/// Counters of the shared limiter, for the /metrics exporter (monotonic since start).
#[derive(Debug, Default)]
pub struct LimiterStats {
    /// Times the limiter fell back from Redis to memory (healthy → down transitions).
    pub fallbacks: AtomicU64,
    /// Hits decided by the memory limiter because Redis was down or backing off.
    pub fallback_decisions: AtomicU64,
    /// Hits decided by Redis.
    pub redis_decisions: AtomicU64,
    /// Times Redis came back after a fallback.
    pub recoveries: AtomicU64,
}

/// Which limiter decided a hit (the /metrics fallback counter counts [`DecidedBy::Memory`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecidedBy {
    /// The shared log in Redis.
    Redis,
    /// This instance's memory, because Redis was unreachable or backing off.
    Memory,
}

/// The Redis-backed limiter with in-memory fallback.
pub struct SharedLimiter {
    client: redis::Client,
    manager: tokio::sync::Mutex<Option<ConnectionManager>>,
    script: redis::Script,
    prefix: String,
    instance: String,
    counter: AtomicU64,
    healthy: AtomicBool,
    origin: Instant,
    retry_at_ms: AtomicU64,
    backoff_ms: AtomicU64,
    /// Counters for /metrics.
    pub stats: LimiterStats,
}

impl std::fmt::Debug for SharedLimiter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The URL may hold a password: not printed.
        f.debug_struct("SharedLimiter")
            .field("prefix", &self.prefix)
            .field("healthy", &self.healthy.load(Ordering::Relaxed))
            .finish_non_exhaustive()
    }
}

/// Why a Redis hit failed (logged, never sent to clients).
#[derive(Debug)]
enum HitError {
    Redis(redis::RedisError),
    Timeout,
}

impl std::fmt::Display for HitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HitError::Redis(e) => write!(f, "{e}"),
            HitError::Timeout => write!(f, "no reply within {} ms", REDIS_TIMEOUT.as_millis()),
        }
    }
}

impl SharedLimiter {
    /// A limiter for the Redis at `url` with keys under `prefix`. Does not connect yet (the
    /// first hit or [`SharedLimiter::connect`] does), so the service starts even when Redis is
    /// down.
    ///
    /// A `rediss://` URL connects over TLS (rustls), verifying the server's certificate against
    /// the system roots, or against the PEM certificates in `ca_file` when given
    /// (REDIS_CA_FILE); redis-rs's `#insecure` URL fragment skips verification.
    ///
    /// # Errors
    /// `url` is not a Redis URL (the message does not repeat it), or `ca_file` cannot be read.
    pub fn new(
        url: &str,
        prefix: &str,
        ca_file: Option<&std::path::Path>,
    ) -> Result<SharedLimiter, String> {
        crate::support::install_crypto_provider();
        let invalid =
            |e: redis::RedisError| format!("REDIS_URL is not a valid Redis URL ({:?})", e.kind());
        let client = match ca_file {
            Some(path) => {
                let root_cert = std::fs::read(path)
                    .map_err(|e| format!("cannot read REDIS_CA_FILE {}: {e}", path.display()))?;
                let certs = redis::TlsCertificates {
                    client_tls: None,
                    root_cert: Some(root_cert),
                };
                redis::Client::build_with_tls(url, certs).map_err(invalid)?
            }
            None => redis::Client::open(url).map_err(invalid)?,
        };
        Ok(SharedLimiter {
            client,
            manager: tokio::sync::Mutex::new(None),
            script: redis::Script::new(SCRIPT),
            prefix: prefix.to_string(),
            instance: uuid::Uuid::new_v4().simple().to_string(),
            counter: AtomicU64::new(0),
            healthy: AtomicBool::new(true),
            origin: Instant::now(),
            retry_at_ms: AtomicU64::new(0),
            backoff_ms: AtomicU64::new(0),
            stats: LimiterStats::default(),
        })
    }

    /// The Redis key of (endpoint, ip).
    pub fn key(&self, ip: IpAddr, endpoint: Endpoint) -> String {
        format!("{}:rl:{}:{}", self.prefix, endpoint.as_str(), ip)
    }

    /// True while hits are decided by Redis (false after a failure until Redis answers again).
    pub fn is_healthy(&self) -> bool {
        self.healthy.load(Ordering::Relaxed)
    }

    async fn manager(&self) -> Result<ConnectionManager, HitError> {
        let mut slot = self.manager.lock().await;
        if let Some(m) = slot.as_ref() {
            return Ok(m.clone());
        }
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Some(REDIS_TIMEOUT))
            .set_response_timeout(Some(REDIS_TIMEOUT))
            .set_number_of_retries(1);
        let m = tokio::time::timeout(
            REDIS_TIMEOUT * 2,
            ConnectionManager::new_with_config(self.client.clone(), config),
        )
        .await
        .map_err(|_| HitError::Timeout)?
        .map_err(HitError::Redis)?;
        *slot = Some(m.clone());
        Ok(m)
    }

    /// Connects now (start-up), so that a Redis that is down is reported before serving.
    /// Failure only logs (once) and leaves the limiter in fallback.
    pub async fn connect(&self) {
        match self.manager().await {
            Ok(_) => tracing::info!(prefix = %self.prefix, "rate limits shared through Redis"),
            Err(e) => self.failed(&e),
        }
    }

    async fn hit(&self, ip: IpAddr, endpoint: Endpoint) -> Result<Decision, HitError> {
        let mut con = self.manager().await?;
        let member = format!(
            "{}-{}",
            self.instance,
            self.counter.fetch_add(1, Ordering::Relaxed)
        );
        let limit = endpoint.limit();
        let mut inv = self.script.prepare_invoke();
        inv.key(self.key(ip, endpoint))
            .arg(WINDOW_MS)
            .arg(limit)
            .arg(member);
        let (admitted, remaining, retry_ms): (i64, i64, i64) =
            tokio::time::timeout(REDIS_TIMEOUT, inv.invoke_async(&mut con))
                .await
                .map_err(|_| HitError::Timeout)?
                .map_err(HitError::Redis)?;
        Ok(if admitted == 1 {
            Decision::Allowed {
                remaining: remaining.max(0) as u32,
            }
        } else {
            Decision::Limited {
                limit,
                retry_after_secs: (retry_ms.max(0) as u64).div_ceil(1000).clamp(1, 60),
            }
        })
    }

    fn now_ms(&self) -> u64 {
        self.origin.elapsed().as_millis() as u64
    }

    fn failed(&self, e: &HitError) {
        let backoff = (self.backoff_ms.load(Ordering::Relaxed) * 2).clamp(
            BACKOFF_MIN.as_millis() as u64,
            BACKOFF_MAX.as_millis() as u64,
        );
        self.backoff_ms.store(backoff, Ordering::Relaxed);
        self.retry_at_ms
            .store(self.now_ms() + backoff, Ordering::Relaxed);
        if self.healthy.swap(false, Ordering::Relaxed) {
            self.stats.fallbacks.fetch_add(1, Ordering::Relaxed);
            tracing::warn!(error = %e, retry_in_ms = backoff, "Redis unreachable: rate limits fall back to this instance's memory until it is back");
        } else {
            tracing::debug!(error = %e, retry_in_ms = backoff, "Redis still unreachable");
        }
    }

    /// Decides one hit: Redis when reachable (and not backing off), else `memory`; also says
    /// which of the two decided.
    pub async fn check(
        &self,
        ip: IpAddr,
        endpoint: Endpoint,
        memory: &RateLimiter,
    ) -> (Decision, DecidedBy) {
        if !self.is_healthy() && self.now_ms() < self.retry_at_ms.load(Ordering::Relaxed) {
            self.stats
                .fallback_decisions
                .fetch_add(1, Ordering::Relaxed);
            return (memory.check(ip, endpoint), DecidedBy::Memory);
        }
        match self.hit(ip, endpoint).await {
            Ok(d) => {
                self.stats.redis_decisions.fetch_add(1, Ordering::Relaxed);
                if !self.healthy.swap(true, Ordering::Relaxed) {
                    self.backoff_ms.store(0, Ordering::Relaxed);
                    self.stats.recoveries.fetch_add(1, Ordering::Relaxed);
                    tracing::info!("Redis reachable again: rate limits are shared again");
                }
                (d, DecidedBy::Redis)
            }
            Err(e) => {
                self.failed(&e);
                self.stats
                    .fallback_decisions
                    .fetch_add(1, Ordering::Relaxed);
                (memory.check(ip, endpoint), DecidedBy::Memory)
            }
        }
    }
}
