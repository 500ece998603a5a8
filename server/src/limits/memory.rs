//! Per-client-IP, per-endpoint rate limits: an exact sliding log of 60 s (contract "Limits";
//! DESIGN §3 "Rate limits"), held in memory in a [`DashMap`].
//!
//! Rule: a request at time t is admitted iff fewer than LIMIT *admitted* requests of the same
//! (client IP, endpoint) have timestamps in (t − 60 s, t]. Rejected requests are not recorded, so
//! a client that keeps retrying while limited does not extend its own lockout. A request made at
//! time 0 leaves the window at time 60 s (contract rule 1). A rejection carries `Retry-After` =
//! whole seconds until the oldest admitted timestamp leaves the window (1..=60).
//!
//! Memory stays bounded as client addresses churn:
//! * each key holds at most LIMIT timestamps (u64 milliseconds);
//! * [`RateLimiter::sweep`] (run every [`SWEEP_PERIOD`] by [`RateLimiter::spawn_sweeper`]) drops
//!   keys whose newest entry has left the window — such keys carry no state a fresh key would not;
//! * at most `max_keys` keys are tracked (setting RATE_LIMIT_MAX_KEYS). When a new key arrives
//!   and the map is full, idle keys are swept first (at most once per [`MIN_SWEEP_GAP_MS`]: a
//!   sweep that just found nothing idle would find nothing again); if it is still full, the
//!   least recently active [`EVICT_PERCENT`] % of keys are evicted (forgetting their history,
//!   i.e. granting them a fresh quota). Each eviction scans the whole map, so its cost is spread
//!   over the next [`EVICT_PERCENT`] % of new keys: with 1 %, a flood of new addresses at the
//!   cap (the load test's 131 072 clients) paid two scans of 100 000 keys per 1 000 requests,
//!   13 % of the service's CPU. Concurrent insertions may overshoot the cap by at most the
//!   number of worker threads.
//!
//! Worst-case memory is about max_keys × (largest limit × 8 bytes + ~100 bytes of overhead),
//! ≈ 90 MB at the default 100 000 keys if every key is at the audit limit.
//!
//! Time comes from an injectable [`Clock`] so tests move time without sleeping.
//!
//! When REDIS_URL is set the log lives in Redis instead and this limiter is the fallback
//! ([`super::redis`]).

use dashmap::DashMap;
use std::collections::VecDeque;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Length of the sliding window, milliseconds (contract "Limits" rule 1: 60 s).
pub const WINDOW_MS: u64 = 60_000;

/// How often the background sweeper drops idle keys.
pub const SWEEP_PERIOD: Duration = Duration::from_secs(15);

/// Shortest time between two sweeps made to free room for a new key, milliseconds.
pub const MIN_SWEEP_GAP_MS: u64 = 1_000;

/// Share of the key cap, in percent, evicted (least recently active first) when the map is
/// full after a sweep.
pub const EVICT_PERCENT: usize = 10;

/// A monotonic time source in milliseconds since an arbitrary origin.
pub trait Clock: Send + Sync + 'static {
    /// Current time, milliseconds; must never decrease.
    fn now_ms(&self) -> u64;
}

/// The real clock: milliseconds elapsed since the value was created ([`Instant`], monotonic).
#[derive(Debug)]
pub struct MonotonicClock {
    origin: Instant,
}

impl MonotonicClock {
    /// A clock whose origin is now.
    pub fn new() -> Self {
        MonotonicClock {
            origin: Instant::now(),
        }
    }
}

impl Default for MonotonicClock {
    fn default() -> Self {
        Self::new()
    }
}

impl Clock for MonotonicClock {
    fn now_ms(&self) -> u64 {
        self.origin.elapsed().as_millis() as u64
    }
}

/// A clock moved by hand, for tests: starts at the given millisecond and changes only through
/// [`ManualClock::advance`] and [`ManualClock::set`].
#[derive(Debug, Default)]
pub struct ManualClock(AtomicU64);

impl ManualClock {
    /// A clock reading `start_ms`.
    pub fn new(start_ms: u64) -> Self {
        ManualClock(AtomicU64::new(start_ms))
    }
    /// Moves the clock forward by `ms` milliseconds.
    pub fn advance(&self, ms: u64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
    /// Sets the clock to `ms` milliseconds.
    pub fn set(&self, ms: u64) {
        self.0.store(ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> u64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// A rate-limited endpoint; each has its own pool per client IP (contract "Limits" table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Endpoint {
    /// POST /v1/audit: 100 per minute.
    Audit,
    /// POST /v1/batch: 20 per minute (a whole batch is one request).
    Batch,
    /// POST /v1/compare: 50 per minute.
    Compare,
    /// POST /v1/calibrate: 100 per minute.
    Calibrate,
}

impl Endpoint {
    /// Short name used in shared-limit keys: "audit", "batch", "compare", "calibrate".
    pub const fn as_str(self) -> &'static str {
        match self {
            Endpoint::Audit => "audit",
            Endpoint::Batch => "batch",
            Endpoint::Compare => "compare",
            Endpoint::Calibrate => "calibrate",
        }
    }

    /// Admitted requests per 60 s window per client IP (fixed, not client-configurable).
    pub const fn limit(self) -> u32 {
        match self {
            Endpoint::Audit => 100,
            Endpoint::Batch => 20,
            Endpoint::Compare => 50,
            Endpoint::Calibrate => 100,
        }
    }
}

/// Outcome of [`RateLimiter::check`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Admitted and recorded; `remaining` more requests fit in the current window.
    Allowed {
        /// Requests still admissible now.
        remaining: u32,
    },
    /// Rejected (not recorded).
    Limited {
        /// The endpoint's limit.
        limit: u32,
        /// Whole seconds (1..=60) until the oldest admitted request leaves the window.
        retry_after_secs: u64,
    },
}

impl Decision {
    /// `Ok(())` when allowed, else the [`RateLimited`] error (an HTTP 429, mapped in
    /// `http::error`).
    ///
    /// # Errors
    /// [`RateLimited`] when the request was limited.
    pub fn into_result(self) -> Result<(), RateLimited> {
        match self {
            Decision::Allowed { .. } => Ok(()),
            Decision::Limited {
                limit,
                retry_after_secs,
            } => Err(RateLimited {
                limit,
                retry_after_secs,
            }),
        }
    }
}

/// A request refused by the limiter: the endpoint's limit and when to retry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("rate limit exceeded: {limit} per 1 minute (retry after {retry_after_secs} s)")]
pub struct RateLimited {
    /// The endpoint's limit per 60 s window.
    pub limit: u32,
    /// Whole seconds until the oldest admitted request leaves the window (≥ 1).
    pub retry_after_secs: u64,
}

type Key = (IpAddr, Endpoint);

/// The in-memory sliding-log limiter. Cheap to share: wrap in an [`Arc`].
pub struct RateLimiter {
    logs: DashMap<Key, VecDeque<u64>>,
    clock: Arc<dyn Clock>,
    max_keys: usize,
    /// Clock reading of the last sweep, milliseconds ([`NEVER`] before the first).
    last_sweep_ms: AtomicU64,
}

/// [`RateLimiter::last_sweep_ms`] before any sweep.
const NEVER: u64 = u64::MAX;

impl std::fmt::Debug for RateLimiter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RateLimiter")
            .field("keys", &self.logs.len())
            .field("max_keys", &self.max_keys)
            .finish()
    }
}

impl RateLimiter {
    /// A limiter reading time from `clock` and tracking at most `max_keys` (IP, endpoint) keys
    /// (values below 1 are raised to 1).
    pub fn new(clock: Arc<dyn Clock>, max_keys: usize) -> Self {
        RateLimiter {
            logs: DashMap::new(),
            clock,
            max_keys: max_keys.max(1),
            last_sweep_ms: AtomicU64::new(NEVER),
        }
    }

    /// Decides on one request from `ip` to `endpoint` at the clock's current time and records it
    /// when admitted (the rule in the module docs).
    pub fn check(&self, ip: IpAddr, endpoint: Endpoint) -> Decision {
        let now = self.clock.now_ms();
        let key = (ip, endpoint);
        // No entry reference may be held while calling len()/retain(): DashMap would deadlock.
        if !self.logs.contains_key(&key) && self.logs.len() >= self.max_keys {
            self.make_room(now);
        }
        let limit = endpoint.limit();
        let mut log = self.logs.entry(key).or_default();
        prune(&mut log, now);
        if (log.len() as u64) < limit as u64 {
            log.push_back(now);
            Decision::Allowed {
                remaining: limit - log.len() as u32,
            }
        } else {
            let oldest = *log.front().expect("a full log is not empty");
            let wait_ms = (oldest + WINDOW_MS).saturating_sub(now);
            Decision::Limited {
                limit,
                retry_after_secs: wait_ms.div_ceil(1000).max(1),
            }
        }
    }

    /// Removes every key whose newest entry has left the window; returns how many were removed.
    pub fn sweep(&self) -> usize {
        let now = self.clock.now_ms();
        self.last_sweep_ms.store(now, Ordering::Relaxed);
        let before = self.logs.len();
        self.logs.retain(|_, log| {
            prune(log, now);
            !log.is_empty()
        });
        before.saturating_sub(self.logs.len())
    }

    /// Number of (IP, endpoint) keys currently tracked.
    pub fn len(&self) -> usize {
        self.logs.len()
    }

    /// True when no key is tracked.
    pub fn is_empty(&self) -> bool {
        self.logs.is_empty()
    }

    /// The configured cap on tracked keys.
    pub fn max_keys(&self) -> usize {
        self.max_keys
    }

    /// Starts a tokio task that calls [`RateLimiter::sweep`] every `period`; it ends by itself
    /// once the limiter is dropped. Must be called inside a tokio runtime.
    pub fn spawn_sweeper(self: &Arc<Self>, period: Duration) -> tokio::task::JoinHandle<()> {
        crate::support::periodic::spawn_while_alive(self, period, |limiter: Arc<Self>| async move {
            let removed = limiter.sweep();
            if removed > 0 {
                tracing::debug!(removed, keys = limiter.len(), "rate-limit sweep");
            }
        })
    }

    /// Frees space for one new key: sweeps idle keys (unless a sweep ran less than
    /// [`MIN_SWEEP_GAP_MS`] ago), then evicts the least recently active [`EVICT_PERCENT`] %.
    fn make_room(&self, now: u64) {
        let last = self.last_sweep_ms.load(Ordering::Relaxed);
        if last == NEVER || now.saturating_sub(last) >= MIN_SWEEP_GAP_MS {
            self.sweep();
            if self.logs.len() < self.max_keys {
                return;
            }
        }
        let mut by_age: Vec<(u64, Key)> = self
            .logs
            .iter()
            .map(|e| (e.value().back().copied().unwrap_or(0), *e.key()))
            .collect();
        let evict = (self.max_keys * EVICT_PERCENT / 100)
            .max(1)
            .min(by_age.len());
        if evict < by_age.len() {
            by_age.select_nth_unstable_by_key(evict - 1, |(newest, _)| *newest);
        }
        for (_, key) in &by_age[..evict] {
            self.logs.remove(key);
        }
        tracing::warn!(
            evicted = evict,
            max_keys = self.max_keys,
            now_ms = now,
            "rate-limit key cap reached: evicted least recently active keys"
        );
    }
}

/// Drops timestamps that have left the window ending at `now` (those ≤ now − WINDOW_MS).
fn prune(log: &mut VecDeque<u64>, now: u64) {
    let Some(cutoff) = now.checked_sub(WINDOW_MS) else {
        return;
    };
    while log.front().is_some_and(|&t| t <= cutoff) {
        log.pop_front();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn limiter(max_keys: usize) -> (Arc<ManualClock>, RateLimiter) {
        let clock = Arc::new(ManualClock::new(1_000_000));
        (clock.clone(), RateLimiter::new(clock, max_keys))
    }

    #[test]
    fn contract_limits() {
        assert_eq!(Endpoint::Audit.limit(), 100);
        assert_eq!(Endpoint::Batch.limit(), 20);
        assert_eq!(Endpoint::Compare.limit(), 50);
        assert_eq!(Endpoint::Calibrate.limit(), 100);
    }

    #[test]
    fn hundred_pass_then_429_with_exact_body_then_window_slides() {
        let (clock, rl) = limiter(1000);
        let a = ip("203.0.113.1");
        // 100 requests, one every 100 ms from t0.
        let t0 = clock.now_ms();
        for i in 0..100 {
            assert!(
                matches!(rl.check(a, Endpoint::Audit), Decision::Allowed { .. }),
                "request {i}"
            );
            clock.advance(100);
        }
        // t = t0 + 10 s: the 101st is refused; oldest (t0) leaves at t0 + 60 s → 50 s to wait.
        let d = rl.check(a, Endpoint::Audit);
        assert_eq!(
            d,
            Decision::Limited {
                limit: 100,
                retry_after_secs: 50
            }
        );
        // The 429 this becomes (status, Retry-After, exact body) is checked in `http::error`.
        assert_eq!(
            d.into_result(),
            Err(RateLimited {
                limit: 100,
                retry_after_secs: 50
            })
        );
        // Rejected requests are not recorded: still limited just before t0 + 60 s.
        clock.set(t0 + WINDOW_MS - 1);
        assert_eq!(
            rl.check(a, Endpoint::Audit),
            Decision::Limited {
                limit: 100,
                retry_after_secs: 1
            }
        );
        // At t0 + 60 s the first request leaves the window: exactly one more passes.
        clock.set(t0 + WINDOW_MS);
        assert_eq!(
            rl.check(a, Endpoint::Audit),
            Decision::Allowed { remaining: 0 }
        );
        assert!(matches!(
            rl.check(a, Endpoint::Audit),
            Decision::Limited { .. }
        ));
        // 100 ms later the second one has left as well.
        clock.advance(100);
        assert!(matches!(
            rl.check(a, Endpoint::Audit),
            Decision::Allowed { .. }
        ));
    }

    #[test]
    fn batch_limit_is_twenty_with_its_own_body() {
        let (_clock, rl) = limiter(1000);
        let a = ip("198.51.100.2");
        for _ in 0..20 {
            assert!(rl.check(a, Endpoint::Batch).into_result().is_ok());
        }
        let e = rl.check(a, Endpoint::Batch).into_result().unwrap_err();
        // Its body, "Rate limit exceeded: 20 per 1 minute", is checked in `http::error`.
        assert_eq!(
            e,
            RateLimited {
                limit: 20,
                retry_after_secs: 60
            }
        );
    }

    #[test]
    fn pools_are_per_ip_and_per_endpoint() {
        let (_clock, rl) = limiter(1000);
        let a = ip("192.0.2.1");
        for _ in 0..20 {
            rl.check(a, Endpoint::Batch);
        }
        assert!(matches!(
            rl.check(a, Endpoint::Batch),
            Decision::Limited { .. }
        ));
        assert!(matches!(
            rl.check(a, Endpoint::Audit),
            Decision::Allowed { remaining: 99 }
        ));
        assert!(matches!(
            rl.check(ip("192.0.2.2"), Endpoint::Batch),
            Decision::Allowed { remaining: 19 }
        ));
        assert!(matches!(
            rl.check(ip("2001:db8::1"), Endpoint::Batch),
            Decision::Allowed { .. }
        ));
    }

    #[test]
    fn retry_after_is_at_least_one_second() {
        let (clock, rl) = limiter(10);
        let a = ip("192.0.2.9");
        let t0 = clock.now_ms();
        for _ in 0..20 {
            rl.check(a, Endpoint::Batch);
        }
        clock.set(t0 + WINDOW_MS - 1);
        assert_eq!(
            rl.check(a, Endpoint::Batch),
            Decision::Limited {
                limit: 20,
                retry_after_secs: 1
            }
        );
        clock.set(t0 + WINDOW_MS - 1500);
        assert_eq!(
            rl.check(a, Endpoint::Batch),
            Decision::Limited {
                limit: 20,
                retry_after_secs: 2
            }
        );
    }

    #[test]
    fn works_from_clock_zero() {
        let clock = Arc::new(ManualClock::new(0));
        let rl = RateLimiter::new(clock.clone(), 10);
        let a = ip("192.0.2.3");
        for _ in 0..20 {
            assert!(rl.check(a, Endpoint::Batch).into_result().is_ok());
        }
        assert_eq!(
            rl.check(a, Endpoint::Batch),
            Decision::Limited {
                limit: 20,
                retry_after_secs: 60
            }
        );
        clock.set(WINDOW_MS);
        assert!(rl.check(a, Endpoint::Batch).into_result().is_ok());
    }

    #[test]
    fn sweep_removes_idle_keys_only() {
        let (clock, rl) = limiter(1000);
        rl.check(ip("192.0.2.1"), Endpoint::Audit);
        clock.advance(30_000);
        rl.check(ip("192.0.2.2"), Endpoint::Audit);
        clock.advance(30_000); // first key's only entry is now exactly 60 s old: out of the window
        assert_eq!(rl.sweep(), 1);
        assert_eq!(rl.len(), 1);
        clock.advance(30_000);
        assert_eq!(rl.sweep(), 1);
        assert!(rl.is_empty());
    }

    #[test]
    fn key_cap_evicts_idle_keys_first() {
        let (clock, rl) = limiter(100);
        for i in 0..50u32 {
            rl.check(
                IpAddr::from(std::net::Ipv4Addr::from(0x0a00_0000 + i)),
                Endpoint::Audit,
            );
        }
        clock.advance(WINDOW_MS); // these 50 are now idle
        let active = ip("192.0.2.77");
        for i in 50..99u32 {
            rl.check(
                IpAddr::from(std::net::Ipv4Addr::from(0x0a00_0000 + i)),
                Endpoint::Audit,
            );
        }
        for _ in 0..5 {
            rl.check(active, Endpoint::Audit);
        }
        assert_eq!(rl.len(), 100);
        // Full: a new key triggers a sweep of the 50 idle ones, nothing active is lost.
        rl.check(ip("192.0.2.200"), Endpoint::Audit);
        assert_eq!(rl.len(), 51);
        assert_eq!(
            rl.check(active, Endpoint::Audit),
            Decision::Allowed { remaining: 94 }
        );
    }

    #[test]
    fn key_cap_holds_under_churn_of_active_keys() {
        let (clock, rl) = limiter(100);
        for i in 0..10_000u32 {
            rl.check(
                IpAddr::from(std::net::Ipv4Addr::from(0x0b00_0000 + i)),
                Endpoint::Audit,
            );
            clock.advance(1);
            assert!(rl.len() <= 100, "len {} at {i}", rl.len());
        }
        // The most recent client kept its history.
        let last = IpAddr::from(std::net::Ipv4Addr::from(0x0b00_0000 + 9_999));
        assert_eq!(
            rl.check(last, Endpoint::Audit),
            Decision::Allowed { remaining: 98 }
        );
    }

    #[test]
    fn concurrent_requests_never_exceed_the_limit() {
        let (_clock, rl) = limiter(1000);
        let rl = Arc::new(rl);
        let a = ip("192.0.2.50");
        let admitted = Arc::new(AtomicU64::new(0));
        std::thread::scope(|s| {
            for _ in 0..8 {
                let rl = rl.clone();
                let admitted = admitted.clone();
                s.spawn(move || {
                    for _ in 0..50 {
                        if rl.check(a, Endpoint::Audit).into_result().is_ok() {
                            admitted.fetch_add(1, Ordering::SeqCst);
                        }
                        // Other keys at the same time, to exercise shard contention.
                        rl.check(ip("192.0.2.51"), Endpoint::Batch);
                    }
                });
            }
        });
        assert_eq!(admitted.load(Ordering::SeqCst), 100);
    }

    #[tokio::test(start_paused = true)]
    async fn background_sweeper_drops_idle_keys() {
        let clock = Arc::new(ManualClock::new(0));
        let rl = Arc::new(RateLimiter::new(clock.clone(), 100));
        rl.check(ip("192.0.2.1"), Endpoint::Audit);
        let handle = rl.spawn_sweeper(Duration::from_secs(1));
        clock.set(WINDOW_MS + 1);
        tokio::time::sleep(Duration::from_millis(2500)).await;
        assert!(rl.is_empty());
        drop(rl);
        tokio::time::sleep(Duration::from_secs(2)).await;
        assert!(handle.is_finished());
    }
}
