//! Structured logs on stderr (tracing + tracing-subscriber): JSON lines by default, or text.
//! Log lines never carry headers, API keys, the configured secret or request bodies.

use tracing_subscriber::EnvFilter;

/// Output format of the logs (stderr).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// One JSON object per line (for log shippers).
    Json,
    /// Human-readable lines.
    Text,
}

/// Installs the global subscriber writing to stderr with the given format and filter
/// (a level such as `info`, or tracing directives). An invalid filter falls back to `info` with a
/// warning. Calling it twice is harmless (the second call does nothing).
pub fn init(format: LogFormat, filter: &str) {
    let (env_filter, bad_filter) = match EnvFilter::try_new(filter) {
        Ok(f) => (f, None),
        Err(e) => (EnvFilter::new("info"), Some(e.to_string())),
    };
    let builder = tracing_subscriber::fmt()
        .with_env_filter(env_filter)
        .with_writer(std::io::stderr)
        .with_target(true);
    let result = match format {
        LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(false)
            .try_init(),
        LogFormat::Text => builder.with_ansi(false).try_init(),
    };
    if result.is_ok() {
        if let Some(e) = bad_filter {
            tracing::warn!(error = %e, "invalid LOG_LEVEL; using info");
        }
    }
}

/// Routes panic messages through the log (as JSON when configured) instead of raw stderr text.
/// The panic's payload and location are logged; the request that caused it gets a 500.
pub fn log_panics() {
    std::panic::set_hook(Box::new(|info| {
        let location = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let payload = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "non-string panic payload".into());
        tracing::error!(%location, panic = %payload, "panic");
    }));
}
