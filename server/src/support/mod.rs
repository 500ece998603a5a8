//! The bottom layer: small helpers every other layer may use, importing nothing from this crate.
//!
//! * [`secret`] — [`secret::Secret`], a setting value whose `Debug` is redacted;
//! * [`periodic`] — background work on a fixed period while its owner lives;
//! * [`unix_ms`] — the wall clock in milliseconds.

pub mod periodic;
pub mod secret;

/// Milliseconds since the Unix epoch (wall clock; 0 if the clock is before 1970).
pub fn unix_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}
