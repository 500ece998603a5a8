//! The bottom layer: small helpers every other layer may use, importing nothing from this crate.
//!
//! * [`secret`] — [`secret::Secret`], a setting value whose `Debug` is redacted;
//! * [`periodic`] — background work on a fixed period while its owner lives;
//! * [`unix_ms`] — the wall clock in milliseconds;
//! * [`install_crypto_provider`] — rustls' process-wide crypto provider.

pub mod periodic;
pub mod secret;

/// Milliseconds since the Unix epoch (wall clock; 0 if the clock is before 1970).
pub fn unix_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// Installs rustls' `ring` provider as the process default; idempotent. The clients that take
/// the default rather than a provider of their own need it: reqwest (built with
/// `rustls-no-provider`, upstream calls) and redis (`rediss://`).
pub fn install_crypto_provider() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // Err means another provider is installed already, which is as good.
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
}
