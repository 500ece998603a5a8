//! The bottom layer: small helpers every other layer may use, importing nothing from this crate.
//!
//! * [`secret`] — [`secret::Secret`], a setting value whose `Debug` is redacted;
//! * [`periodic`] — background work on a fixed period while its owner lives;
//! * [`unix_ms`] — the wall clock in milliseconds;
//! * [`install_crypto_provider`] — rustls' process-wide crypto provider;
//! * [`bound_malloc_arenas`] — glibc's malloc arenas bounded by the CPU count.

pub mod periodic;
pub mod secret;

/// Milliseconds since the Unix epoch (wall clock; 0 if the clock is before 1970).
pub fn unix_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// Bounds glibc's malloc arenas to twice the number of CPUs the process may use
/// ([`std::thread::available_parallelism`]) unless `MALLOC_ARENA_MAX` (glibc's own variable) is
/// set; returns the bound set, or `None` when nothing was changed (variable set, or not glibc).
///
/// glibc gives each thread that contends for malloc an arena of its own, up to 8 per CPU, and
/// keeps the memory each one freed. Batches score on tokio's blocking pool (many threads); in
/// `bash scripts/load.sh` on 2 CPUs (README "Performance and limits") the peak RSS was 72.9 MB
/// with glibc's default, 60.5 MB with 4 arenas and 54.7 MB with 2, but with 2 the `/v1/batch`
/// peak fell from ≈ 390 to 240 batches/s (threads waiting on arena locks). Two per CPU keeps the
/// throughput and the memory target. Call it first thing in `main`, before any thread starts.
pub fn bound_malloc_arenas() -> Option<usize> {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        if std::env::var_os("MALLOC_ARENA_MAX").is_some() {
            return None;
        }
        let arenas = 2 * std::thread::available_parallelism().map_or(1, |n| n.get());
        let value = libc::c_int::try_from(arenas).unwrap_or(libc::c_int::MAX);
        // SAFETY: mallopt only sets a tuning parameter of glibc's allocator; it is called before
        // any other thread exists, and an out-of-range value is rejected (return 0), not UB.
        let ok = unsafe { libc::mallopt(libc::M_ARENA_MAX, value) };
        (ok == 1).then_some(arenas)
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    {
        None
    }
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

#[cfg(test)]
mod tests {
    #[test]
    fn malloc_arenas_are_bounded_unless_glibc_is_told_otherwise() {
        let set = super::bound_malloc_arenas();
        if cfg!(all(target_os = "linux", target_env = "gnu"))
            && std::env::var_os("MALLOC_ARENA_MAX").is_none()
        {
            let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
            assert_eq!(set, Some(2 * cpus), "glibc accepts the bound");
        } else {
            assert_eq!(
                set, None,
                "MALLOC_ARENA_MAX (or another libc) is left alone"
            );
        }
    }
}
