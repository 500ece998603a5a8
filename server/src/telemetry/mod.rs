//! What the service tells its operators: every Prometheus series ([`metrics`]) and the structured
//! logs ([`logs`]). Imports nothing from this crate but [`crate::support`].

pub mod logs;
pub mod metrics;
