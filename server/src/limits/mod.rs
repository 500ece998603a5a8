//! Rate limits (contract "Limits"; DESIGN §3 "Rate limits"): an exact 60 s sliding log per
//! (client IP, endpoint), in memory ([`memory`]) or shared through Redis ([`redis`], memory as
//! its fallback). [`Limits`] is the one entry point the request pipeline calls.
//!
//! A domain layer: it speaks no HTTP. A refusal is a [`RateLimited`] value; `http::error` maps
//! it to the 429 response.

pub mod memory;
pub mod redis;

pub use memory::{
    Clock, Decision, Endpoint, ManualClock, MonotonicClock, RateLimited, RateLimiter, SWEEP_PERIOD,
    WINDOW_MS,
};
pub use redis::{DecidedBy, SharedLimiter};

use crate::telemetry::metrics::Metrics;
use std::net::IpAddr;
use std::sync::Arc;

/// The limiters of one service: the in-memory one (the only one without REDIS_URL, the fallback
/// with it) and the Redis-shared one when REDIS_URL is set.
#[derive(Debug)]
pub struct Limits {
    /// Per-IP, per-endpoint sliding-window limiter in memory.
    pub memory: Arc<RateLimiter>,
    /// The Redis-shared limiter when REDIS_URL is set.
    pub shared: Option<Arc<SharedLimiter>>,
    metrics: Arc<Metrics>,
}

impl Limits {
    /// Limits deciding in `memory`, or through `shared` (falling back to `memory`) when given;
    /// fallbacks are counted in `metrics`.
    pub fn new(
        memory: Arc<RateLimiter>,
        shared: Option<Arc<SharedLimiter>>,
        metrics: Arc<Metrics>,
    ) -> Self {
        Limits {
            memory,
            shared,
            metrics,
        }
    }

    /// Decides one rate-limit hit of `ip` on `endpoint`: through Redis when REDIS_URL is set
    /// (falling back to memory while it is unreachable, counted in /metrics as a
    /// `limiter_backend_fallbacks_total{backend="redis"}`), else in memory.
    pub async fn check(&self, ip: IpAddr, endpoint: Endpoint) -> Decision {
        match &self.shared {
            Some(shared) => {
                let (decision, by) = shared.check(ip, endpoint, &self.memory).await;
                if by == DecidedBy::Memory {
                    self.metrics.limiter_fallback("redis");
                }
                decision
            }
            None => self.memory.check(ip, endpoint),
        }
    }
}
