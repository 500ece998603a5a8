//! Command line and settings (clap). Every setting of `serve` is both a `--flag` and an
//! environment variable; the flag wins when both are given. Secrets are never printed: clap is
//! told to hide the environment value of AG_API_KEY_SECRET, and the value itself is a
//! [`Secret`] whose `Debug` is redacted.
//!
//! The upstream options that `serve` and `eval --triviaqa` share are declared once
//! ([`UpstreamArgs`], flattened into both). `serve`'s flags are parsed once into [`ServeArgs`] and
//! checked once, by [`Settings::from_args`], into the typed [`Settings`] the rest of the service
//! reads: a contradictory or invalid value is a usage error at start-up, never a panic later.

use crate::feedback::scopes::DEFAULT_MAX_MODEL_SCOPES;
use crate::http::client_ip::{TrustedProxies, DEFAULT_TRUSTED_PROXIES};
use crate::http::cors::{CorsOrigins, CorsPolicy, DEFAULT_MAX_AGE_SECONDS};
use crate::semantic::{SemanticSettings, DEFAULT_CACHE_ENTRIES};
use crate::support::secret::Secret;
use crate::telemetry::logs::LogFormat;
use crate::upstream::endpoint::{AllowedHosts, DEFAULT_ALLOWED_HF_HOSTS};
use crate::upstream::{PromptTemplate, ProtocolSetting, UpstreamSettings};
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use std::time::Duration;

/// Default of FEEDBACK_DB_PATH: the SQLite feedback database, relative to the working directory.
pub const DEFAULT_FEEDBACK_DB_PATH: &str = "./data/feedback.sqlite3";

/// Default of MAX_BODY_BYTES: 8 MiB (DESIGN §3 "Validation").
pub const DEFAULT_MAX_BODY_BYTES: usize = 8 * 1024 * 1024;

/// Default of MAX_IN_FLIGHT_REQUESTS: requests handled at once before new ones get 503.
pub const DEFAULT_MAX_IN_FLIGHT_REQUESTS: usize = 1024;

/// Audits answers written by language models: epistemic (q2) and aleatoric (q1) uncertainty, a
/// calibrated probability of being correct (height), ECE, Brier, an interval and a verdict.
#[derive(Debug, Parser)]
#[command(name = "epistemic-audit", version, propagate_version = true)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
// `Serve` holds every setting (≈350 bytes); the value is parsed once at start-up and moved out,
// so boxing it would only add an indirection.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the HTTP service (interface 1.1.0).
    Serve(ServeArgs),
    /// Audit one answer (flags) or JSON lines (file or stdin); prints AuditResult JSON.
    Audit(AuditArgs),
    /// Audit labelled JSON lines and print discrimination and calibration metrics.
    Eval(EvalArgs),
}

/// Settings of `epistemic-audit serve`.
#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    /// Address or host name to listen on (0.0.0.0 or :: accept connections from other hosts).
    #[arg(long, env = "HOST", default_value = "127.0.0.1")]
    pub host: String,

    /// TCP port to listen on; 0 picks a free port (announced on stdout as `listening on ADDR`).
    #[arg(long, env = "PORT", default_value_t = 8000)]
    pub port: u16,

    /// If set, the bound port number is written to this file once the server accepts connections.
    #[arg(long, env = "PORT_FILE")]
    pub port_file: Option<PathBuf>,

    /// Master API key. Unset or blank → open mode (no authentication; development only).
    /// Prefer the environment variable: command lines are visible to other local users.
    #[arg(
        long = "api-key-secret",
        env = "AG_API_KEY_SECRET",
        hide_env_values = true,
        value_name = "SECRET"
    )]
    pub api_key_secret: Option<Secret>,

    /// Comma-separated IPs/CIDR networks whose X-Forwarded-For / X-Real-IP headers are believed;
    /// empty or `none` trusts no proxy.
    #[arg(long, env = "TRUSTED_PROXIES", default_value = DEFAULT_TRUSTED_PROXIES, value_parser = TrustedProxies::parse)]
    pub trusted_proxies: TrustedProxies,

    /// Browser origins allowed to call the API cross-origin: comma list of `scheme://host[:port]`,
    /// or `*` for any origin (only without credentials); empty or `none` = no cross-origin access.
    #[arg(long, env = "CORS_ORIGINS", default_value = "", value_parser = CorsOrigins::parse)]
    pub cors_origins: CorsOrigins,

    /// Send `Access-Control-Allow-Credentials: true` to allowed origins (cookies / HTTP auth);
    /// refused together with CORS_ORIGINS=`*`. API keys in headers do not need it.
    #[arg(long, env = "CORS_ALLOW_CREDENTIALS", default_value_t = false, action = clap::ArgAction::Set)]
    pub cors_allow_credentials: bool,

    /// Seconds a browser may cache a CORS preflight answer (`Access-Control-Max-Age`).
    #[arg(long, env = "CORS_MAX_AGE_SECONDS", default_value_t = DEFAULT_MAX_AGE_SECONDS)]
    pub cors_max_age_seconds: u64,

    /// Largest accepted request body, bytes; larger bodies get 413.
    #[arg(long, env = "MAX_BODY_BYTES", default_value_t = DEFAULT_MAX_BODY_BYTES)]
    pub max_body_bytes: usize,

    /// Seconds a client has to send the whole request body before getting 408.
    #[arg(long, env = "BODY_READ_TIMEOUT_SECONDS", default_value_t = 30)]
    pub body_read_timeout_seconds: u64,

    /// Seconds a client has to send the request line and headers before the connection is closed.
    #[arg(long, env = "HEADER_READ_TIMEOUT_SECONDS", default_value_t = 30)]
    pub header_read_timeout_seconds: u64,

    /// Most (client IP, endpoint) pairs the in-memory rate limiter tracks at once.
    #[arg(long, env = "RATE_LIMIT_MAX_KEYS", default_value_t = 100_000)]
    pub rate_limit_max_keys: usize,

    /// Most requests handled at once (reading the body, waiting for or running scoring); beyond
    /// it new requests get 503 with `Retry-After: 1` instead of queueing. GET /health and
    /// GET /metrics are exempt (monitoring must see an overloaded server). Minimum 1.
    #[arg(long, env = "MAX_IN_FLIGHT_REQUESTS", default_value_t = DEFAULT_MAX_IN_FLIGHT_REQUESTS)]
    pub max_in_flight_requests: usize,

    /// Most scoring jobs run at once (others wait); default: the number of CPUs.
    #[arg(long, env = "SCORING_CONCURRENCY")]
    pub scoring_concurrency: Option<usize>,

    /// Log format on stderr.
    #[arg(long, env = "LOG_FORMAT", value_enum, default_value_t = LogFormat::Json)]
    pub log_format: LogFormat,

    /// Log filter: a level (error, warn, info, debug, trace) or tracing directives such as
    /// `info,epistemic_audit_server=debug`.
    #[arg(long, env = "LOG_LEVEL", default_value = "info")]
    pub log_level: String,

    /// On SIGTERM/SIGINT, seconds to let in-flight requests finish before closing connections.
    #[arg(long, env = "SHUTDOWN_GRACE_SECONDS", default_value_t = 10)]
    pub shutdown_grace_seconds: u64,

    /// SQLite file of the feedback store (used when DATABASE_URL is unset); its directory is
    /// created at start-up.
    #[arg(long, env = "FEEDBACK_DB_PATH", default_value = DEFAULT_FEEDBACK_DB_PATH)]
    pub feedback_db_path: PathBuf,

    /// PostgreSQL URL of the feedback store (e.g. `postgres://user@host/db`); when set it
    /// replaces the SQLite file. May hold a password: never printed.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true, value_name = "URL")]
    pub database_url: Option<Secret>,

    /// PostgreSQL schema that holds the feedback tables (created if missing); a plain
    /// identifier `[a-z_][a-z0-9_]*`.
    #[arg(long, env = "DATABASE_SCHEMA", default_value = "public")]
    pub database_schema: String,

    /// Most PostgreSQL connections the feedback store holds open (opened on demand; requests
    /// beyond it wait up to 30 s for a free one). Per instance.
    #[arg(long, env = "DATABASE_POOL_SIZE", default_value_t = 8)]
    pub database_pool_size: usize,

    /// Refit a calibration scope after this many new labels in it (0 = only on the schedule).
    #[arg(long, env = "FEEDBACK_REFIT_EVERY", default_value_t = 25)]
    pub feedback_refit_every: u64,

    /// Seconds between scheduled refits of scopes with new labels (0 = no schedule).
    #[arg(long, env = "FEEDBACK_REFIT_INTERVAL_SECONDS", default_value_t = 300)]
    pub feedback_refit_interval_seconds: u64,

    /// Most models (`model_source` values) with calibration scopes of their own; labels and
    /// audits of further models share the `<tier>/<task>/*` scope. Bounds memory and metric series
    /// whatever model names clients send (0 = every model shares `*`).
    #[arg(long, env = "MAX_MODEL_SCOPES", default_value_t = DEFAULT_MAX_MODEL_SCOPES)]
    pub max_model_scopes: usize,

    /// Redis URL (e.g. `redis://127.0.0.1:6379/0`); when set, rate-limit logs are shared by every
    /// instance using it. May hold a password: never printed.
    #[arg(long, env = "REDIS_URL", hide_env_values = true, value_name = "URL")]
    pub redis_url: Option<Secret>,

    /// Prefix of the Redis keys of the shared limits (`<prefix>:rl:<endpoint>:<ip>`).
    #[arg(long, env = "REDIS_KEY_PREFIX", default_value = "epistemic-audit")]
    pub redis_key_prefix: String,

    /// PEM file of the CA certificate(s) that sign the Redis server's certificate, for a
    /// `rediss://` REDIS_URL whose server the system's roots do not trust (unset = system roots).
    #[arg(long, env = "REDIS_CA_FILE", value_name = "PATH")]
    pub redis_ca_file: Option<PathBuf>,

    /// Directory of the semantic tier's model all-MiniLM-L6-v2 (`model.safetensors`,
    /// `tokenizer.json`, `config.json`; `bash scripts/fetch-minilm.sh` prints it). Unset = the
    /// semantic tier is off. Set but unreadable or not the model: start-up fails.
    #[arg(long, env = "SEMANTIC_MODEL_DIR", value_name = "DIR")]
    pub semantic_model_dir: Option<PathBuf>,

    /// Most semantic embedding jobs at once on the blocking pool (others wait); default: the
    /// number of CPUs.
    #[arg(long, env = "SEMANTIC_MAX_CONCURRENCY")]
    pub semantic_max_concurrency: Option<usize>,

    /// Most source-sentence embeddings kept in the semantic tier's LRU cache (≈ 1.6 KB each;
    /// 0 = no cache).
    #[arg(long, env = "SEMANTIC_CACHE_ENTRIES", default_value_t = DEFAULT_CACHE_ENTRIES)]
    pub semantic_cache_entries: usize,

    /// The upstream options shared with `eval --triviaqa`.
    #[command(flatten)]
    pub upstream: UpstreamArgs,

    /// Alternatives kept per token (`top_logprobs`), 0..=20. The teacher-forcing request asks
    /// for at least 5 (the llama.cpp echo check needs them) and keeps this many.
    #[arg(long, env = "UPSTREAM_TOP_LOGPROBS", default_value_t = 5, value_parser = clap::value_parser!(u32).range(0..=20))]
    pub upstream_top_logprobs: u32,

    /// Most upstream HTTP requests in flight at once, over all audits and batch items.
    #[arg(long, env = "UPSTREAM_CONCURRENCY", default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub upstream_concurrency: u64,

    /// Hosts a BYO X-HF-Endpoint may name: comma list; a host matches an entry it equals or is
    /// a subdomain of. Empty or `none` = no BYO endpoint is accepted.
    #[arg(long, env = "ALLOWED_HF_HOSTS", default_value = DEFAULT_ALLOWED_HF_HOSTS, value_parser = AllowedHosts::parse)]
    pub allowed_hf_hosts: AllowedHosts,

    /// TESTS ONLY: let a BYO X-HF-Endpoint use http and resolve to loopback addresses
    /// (127.0.0.0/8, ::1) — every resolved address must then be loopback. The host must still
    /// be in ALLOWED_HF_HOSTS. Never enable in production.
    #[arg(long, env = "UPSTREAM_ALLOW_LOOPBACK_HTTP", default_value_t = false, action = clap::ArgAction::Set)]
    pub upstream_allow_loopback_http: bool,
}

/// The upstream options of `serve` and of `eval --triviaqa`, declared once and flattened into
/// both (`eval` changes some defaults: see [`EvalArgs`]).
#[derive(Debug, Clone, Args)]
pub struct UpstreamArgs {
    /// Managed mode's upstream inference endpoint: base URL of a Hugging Face TGI or an
    /// OpenAI-compatible server (http or https). Unset → audits without BYO headers are scored
    /// locally. Operator configuration: not subject to the BYO address checks. Never printed.
    #[arg(
        long,
        env = "HF_ENDPOINT_URL",
        hide_env_values = true,
        value_name = "URL"
    )]
    pub hf_endpoint_url: Option<Secret>,

    /// Token sent as `Authorization: Bearer` to HF_ENDPOINT_URL (optional). Prefer the
    /// environment variable: command lines are visible to other local users. Never printed.
    #[arg(long, env = "HF_TOKEN", hide_env_values = true, value_name = "TOKEN")]
    pub hf_token: Option<Secret>,

    /// Upstream protocol: `tgi` (`/generate`, `/info`), `openai` (`/v1/completions`,
    /// `/v1/chat/completions`, `/v1/models`) or `auto` (probe `/info`, then `/v1/models`; the
    /// answer is cached per endpoint).
    #[arg(long, env = "UPSTREAM_PROTOCOL", value_enum, default_value_t = ProtocolSetting::Auto)]
    pub upstream_protocol: ProtocolSetting,

    /// K, the number of answers sampled from the upstream per audit (at
    /// UPSTREAM_SAMPLE_TEMPERATURE, seeds 1..=K); 0 = no sampling. At most 20.
    #[arg(long, env = "UPSTREAM_SAMPLES", default_value_t = 5, value_parser = clap::value_parser!(u32).range(0..=20))]
    pub upstream_samples: u32,

    /// Softmax temperature of the K sampled answers, in (0, 2]. 1 (the default) samples the
    /// model's untruncated distribution, as SelfCheckGPT does (Manakul et al. 2023) and as the
    /// shipped samples-tier weights were fitted; Kuhn et al. (2023) found 0.5 best for semantic
    /// entropy, and very small models give incoherent samples at 1 (README "Evidence tiers").
    #[arg(long, env = "UPSTREAM_SAMPLE_TEMPERATURE", default_value_t = 1.0, value_parser = parse_sample_temperature, value_name = "T")]
    pub upstream_sample_temperature: f64,

    /// Most tokens generated per sampled answer (and per greedy answer).
    #[arg(long, env = "UPSTREAM_MAX_TOKENS", default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=2048))]
    pub upstream_max_tokens: u32,

    /// Seconds one upstream HTTP request may take, from connecting to the last body byte
    /// (fractions allowed); more than 60 is refused at start-up.
    #[arg(long, env = "HF_TIMEOUT", default_value = "30", value_parser = parse_hf_timeout, value_name = "SECONDS")]
    pub hf_timeout: Duration,

    /// Prompt format for teacher forcing and TGI generation: `chatml`
    /// (`<|im_start|>user\n{prompt}<|im_end|>\n<|im_start|>assistant\n`, SmolLM2, Qwen, …) or
    /// `plain` (`{prompt}\n`). Must match how the audited answers were generated.
    #[arg(long, env = "UPSTREAM_PROMPT_TEMPLATE", value_enum, default_value_t = PromptTemplate::Chatml)]
    pub upstream_prompt_template: PromptTemplate,
}

/// Largest HF_TIMEOUT, seconds (DESIGN §3).
pub const MAX_HF_TIMEOUT_SECONDS: f64 = 60.0;

/// Parses UPSTREAM_SAMPLE_TEMPERATURE: a finite number in (0, 2] (0 would be greedy decoding,
/// which gives K copies of one answer; above 2 sampling is close to uniform).
fn parse_sample_temperature(s: &str) -> Result<f64, String> {
    let t: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a number"))?;
    if t.is_finite() && t > 0.0 && t <= 2.0 {
        Ok(t)
    } else {
        Err(format!("{t} is outside (0, 2]"))
    }
}

/// Parses HF_TIMEOUT: seconds in (0, 60], fractions allowed.
fn parse_hf_timeout(s: &str) -> Result<Duration, String> {
    let secs: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a number of seconds"))?;
    if !(secs > 0.0 && secs <= MAX_HF_TIMEOUT_SECONDS) {
        return Err(format!(
            "must be more than 0 and at most {MAX_HF_TIMEOUT_SECONDS} seconds"
        ));
    }
    Ok(Duration::from_secs_f64(secs))
}

impl UpstreamArgs {
    /// HF_ENDPOINT_URL parsed, `None` when unset or blank.
    ///
    /// # Errors
    /// It is set but not an absolute http(s) URL with a host (the message does not repeat the
    /// URL: it may hold credentials).
    pub fn endpoint(&self) -> Result<Option<reqwest::Url>, String> {
        match &self.hf_endpoint_url {
            Some(url) if !url.is_blank() => {
                crate::upstream::endpoint::parse_managed_url(url.expose_str())
                    .map(Some)
                    .map_err(|e| format!("HF_ENDPOINT_URL: {e}"))
            }
            _ => Ok(None),
        }
    }

    /// The upstream settings (module [`crate::upstream`]) of these options and the ones only
    /// `serve` has.
    ///
    /// # Errors
    /// As [`UpstreamArgs::endpoint`].
    pub fn settings(
        &self,
        top_logprobs: u32,
        concurrency: usize,
        allowed_hosts: AllowedHosts,
        allow_loopback_http: bool,
    ) -> Result<UpstreamSettings, String> {
        Ok(UpstreamSettings {
            endpoint: self.endpoint()?,
            token: self.hf_token.clone().filter(|t| !t.is_blank()),
            protocol: self.upstream_protocol,
            samples: self.upstream_samples,
            max_tokens: self.upstream_max_tokens,
            sample_temperature: self.upstream_sample_temperature,
            top_logprobs,
            concurrency,
            timeout: self.hf_timeout,
            allowed_hosts,
            allow_loopback_http,
            template: self.upstream_prompt_template,
        })
    }
}

/// Why `serve`'s flags cannot be used; `main` reports it as a usage error (exit 2). The messages
/// never repeat a secret or a URL.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// Two settings contradict each other (CORS_ORIGINS=`*` with CORS_ALLOW_CREDENTIALS=true).
    #[error("{0}")]
    Conflict(String),
    /// A value is invalid (HF_ENDPOINT_URL not an http(s) URL).
    #[error("{0}")]
    Invalid(String),
}

/// `serve`'s settings, parsed and checked once ([`Settings::from_args`]): typed values the layers
/// read as they are — policies built, optional URLs blank-filtered, durations and bounds applied.
#[derive(Debug, Clone)]
pub struct Settings {
    /// HOST.
    pub host: String,
    /// PORT (0 = any free port).
    pub port: u16,
    /// PORT_FILE.
    pub port_file: Option<PathBuf>,
    /// AG_API_KEY_SECRET; `None` or blank = open mode.
    pub api_key_secret: Option<Secret>,
    /// TRUSTED_PROXIES.
    pub trusted_proxies: TrustedProxies,
    /// CORS_ORIGINS, CORS_ALLOW_CREDENTIALS and CORS_MAX_AGE_SECONDS, checked together.
    pub cors: CorsPolicy,
    /// MAX_BODY_BYTES.
    pub max_body_bytes: usize,
    /// BODY_READ_TIMEOUT_SECONDS (at least 1 s).
    pub body_read_timeout: Duration,
    /// HEADER_READ_TIMEOUT_SECONDS (at least 1 s).
    pub header_read_timeout: Duration,
    /// RATE_LIMIT_MAX_KEYS.
    pub rate_limit_max_keys: usize,
    /// MAX_IN_FLIGHT_REQUESTS (at least 1).
    pub max_in_flight_requests: usize,
    /// SCORING_CONCURRENCY, else the number of CPUs (at least 1).
    pub scoring_concurrency: usize,
    /// LOG_FORMAT.
    pub log_format: LogFormat,
    /// LOG_LEVEL.
    pub log_level: String,
    /// SHUTDOWN_GRACE_SECONDS.
    pub shutdown_grace: Duration,
    /// FEEDBACK_DB_PATH (used when `database_url` is `None`).
    pub feedback_db_path: PathBuf,
    /// DATABASE_URL when set and not blank.
    pub database_url: Option<Secret>,
    /// DATABASE_SCHEMA.
    pub database_schema: String,
    /// DATABASE_POOL_SIZE (at least 1).
    pub database_pool_size: usize,
    /// FEEDBACK_REFIT_EVERY (0 = schedule only).
    pub feedback_refit_every: u64,
    /// FEEDBACK_REFIT_INTERVAL_SECONDS; `None` = no schedule (the setting is 0).
    pub feedback_refit_interval: Option<Duration>,
    /// MAX_MODEL_SCOPES.
    pub max_model_scopes: usize,
    /// REDIS_URL when set and not blank.
    pub redis_url: Option<Secret>,
    /// REDIS_KEY_PREFIX.
    pub redis_key_prefix: String,
    /// REDIS_CA_FILE.
    pub redis_ca_file: Option<PathBuf>,
    /// The upstream options.
    pub upstream: UpstreamSettings,
    /// SEMANTIC_MODEL_DIR (blank = unset), SEMANTIC_MAX_CONCURRENCY (else the number of CPUs, at
    /// least 1) and SEMANTIC_CACHE_ENTRIES.
    pub semantic: SemanticSettings,
}

impl Settings {
    /// Checks `serve`'s flags and builds the settings.
    ///
    /// # Errors
    /// [`ConfigError::Conflict`] for CORS_ORIGINS=`*` with CORS_ALLOW_CREDENTIALS=true;
    /// [`ConfigError::Invalid`] for an HF_ENDPOINT_URL that is not an absolute http(s) URL with
    /// a host (the message does not repeat the URL: it may hold credentials).
    pub fn from_args(args: ServeArgs) -> Result<Settings, ConfigError> {
        let cors = CorsPolicy::new(
            args.cors_origins.clone(),
            args.cors_allow_credentials,
            args.cors_max_age_seconds,
        )
        .map_err(ConfigError::Conflict)?;
        let upstream = args
            .upstream
            .settings(
                args.upstream_top_logprobs,
                args.upstream_concurrency as usize,
                args.allowed_hf_hosts.clone(),
                args.upstream_allow_loopback_http,
            )
            .map_err(ConfigError::Invalid)?;
        let cpus = || {
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(2)
        };
        let scoring_concurrency = args.scoring_concurrency.unwrap_or_else(cpus).max(1);
        let semantic = SemanticSettings {
            model_dir: args
                .semantic_model_dir
                .filter(|d| !d.as_os_str().is_empty()),
            max_concurrency: args.semantic_max_concurrency.unwrap_or_else(cpus).max(1),
            cache_entries: args.semantic_cache_entries,
        };
        let set = |s: Option<Secret>| s.filter(|v| !v.is_blank());
        Ok(Settings {
            host: args.host,
            port: args.port,
            port_file: args.port_file,
            api_key_secret: args.api_key_secret,
            trusted_proxies: args.trusted_proxies,
            cors,
            max_body_bytes: args.max_body_bytes,
            body_read_timeout: Duration::from_secs(args.body_read_timeout_seconds.max(1)),
            header_read_timeout: Duration::from_secs(args.header_read_timeout_seconds.max(1)),
            rate_limit_max_keys: args.rate_limit_max_keys,
            max_in_flight_requests: args.max_in_flight_requests.max(1),
            scoring_concurrency,
            log_format: args.log_format,
            log_level: args.log_level,
            shutdown_grace: Duration::from_secs(args.shutdown_grace_seconds),
            feedback_db_path: args.feedback_db_path,
            database_url: set(args.database_url),
            database_schema: args.database_schema,
            database_pool_size: args.database_pool_size.max(1),
            feedback_refit_every: args.feedback_refit_every,
            feedback_refit_interval: (args.feedback_refit_interval_seconds > 0)
                .then(|| Duration::from_secs(args.feedback_refit_interval_seconds)),
            max_model_scopes: args.max_model_scopes,
            redis_url: set(args.redis_url),
            redis_key_prefix: args.redis_key_prefix,
            redis_ca_file: args.redis_ca_file,
            upstream,
            semantic,
        })
    }

    /// The settings of `epistemic-audit serve ARGS…` (the program name is added), for tests.
    ///
    /// # Errors
    /// A clap parse error or a [`ConfigError`], as text.
    pub fn parse_serve(args: &[&str]) -> Result<Settings, String> {
        let mut argv = vec!["epistemic-audit", "serve"];
        argv.extend_from_slice(args);
        match Cli::try_parse_from(argv)
            .map_err(|e| e.to_string())?
            .command
        {
            Command::Serve(a) => Settings::from_args(a).map_err(|e| e.to_string()),
            _ => Err("not serve".into()),
        }
    }
}

/// Arguments of `epistemic-audit audit`.
#[derive(Debug, Clone, Args)]
#[command(group(clap::ArgGroup::new("source").required(true).args(["text", "input"])))]
pub struct AuditArgs {
    /// The answer to audit.
    #[arg(long)]
    pub text: Option<String>,
    /// Grounding documents / knowledge for `--text`.
    #[arg(long, requires = "text", conflicts_with = "input")]
    pub context: Option<String>,
    /// The question or instruction `--text` answers.
    #[arg(long, requires = "text", conflicts_with = "input")]
    pub prompt: Option<String>,
    /// Name of the model that wrote `--text`.
    #[arg(long, requires = "text", conflicts_with = "input")]
    pub model_source: Option<String>,
    /// JSON lines with `text` (required) and optional `context`, `prompt`, `model_source`
    /// (other keys are ignored; null counts as absent); `-` reads stdin. One result line per row.
    #[arg(long, short = 'i', value_name = "FILE")]
    pub input: Option<PathBuf>,
    /// Pretty-print (multi-line) JSON instead of one line per result.
    #[arg(long)]
    pub pretty: bool,
}

/// Arguments of `epistemic-audit eval`. The upstream options are [`UpstreamArgs`], with shorter
/// answers and a longer timeout by default in TriviaQA mode (K = 3, 16 tokens, 60 s).
#[derive(Debug, Clone, Args)]
#[command(
    mut_arg("hf_endpoint_url", |a| a.help("TriviaQA mode: upstream base URL (an OpenAI-compatible or TGI server)")),
    mut_arg("hf_token", |a| a.help("TriviaQA mode: bearer token for the upstream")),
    mut_arg("upstream_protocol", |a| a.help("TriviaQA mode: protocol (`tgi`, `openai` or `auto`)")),
    mut_arg("upstream_samples", |a| a.default_value("3").help("TriviaQA mode: samples K per answer")),
    mut_arg("upstream_sample_temperature", |a| a.help("TriviaQA mode: softmax temperature of the samples, in (0, 2]")),
    mut_arg("upstream_max_tokens", |a| a.default_value("16").help("TriviaQA mode: most tokens per answer and per sample")),
    mut_arg("upstream_prompt_template", |a| a.help("TriviaQA mode: prompt template for teacher forcing")),
    mut_arg("hf_timeout", |a| a.default_value("60").help("TriviaQA mode: seconds one upstream request may take (at most 60)"))
)]
pub struct EvalArgs {
    /// JSON lines with `text` and `label` (1 = hallucinated/incorrect, 0 = correct) and optional
    /// `context`, `prompt`, `model_source`, `samples`, `logprobs`; `-` reads stdin.
    #[arg(value_name = "FILE", required_unless_present_any = ["triviaqa", "from_evidence"])]
    pub file: Option<PathBuf>,
    /// Print the report as one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// TriviaQA mode (README "Evidence tiers"): closed-book questions `{id, group, prompt,
    /// answers}`; the upstream at HF_ENDPOINT_URL answers each, the answer is labelled by alias
    /// match, its evidence gathered as /v1/audit does, and every tier is measured.
    #[arg(long, value_name = "FILE", conflicts_with = "file")]
    pub triviaqa: Option<PathBuf>,
    /// TriviaQA mode without an upstream: re-measure every tier on answers and evidence saved
    /// earlier with `--evidence-out` (or `train/data/*.evidence.jsonl`).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["file", "triviaqa"])]
    pub from_evidence: Option<PathBuf>,
    /// With --from-evidence: the embedding cosines of each row's `[answer, samples…]` (JSON lines
    /// `{text, cosine}` in the evidence file's order, as `cargo run --release -p
    /// epistemic-audit-semantic --example triviaqa_semantic -- --write-cosines` writes them); the
    /// report then adds the samples and combined tiers with the samples compared by embedding (the
    /// service's semantic tier).
    #[arg(long, value_name = "FILE", requires = "from_evidence")]
    pub cosines: Option<PathBuf>,
    /// TriviaQA mode: questions to skip from the start of the file (the committed tier weights
    /// were fitted on the first 407, so held-out runs skip at least those).
    #[arg(long, default_value_t = 0, requires = "triviaqa")]
    pub skip: usize,
    /// TriviaQA mode: most questions to ask.
    #[arg(long, default_value_t = 200, requires = "triviaqa")]
    pub limit: usize,
    /// TriviaQA mode: write every answer with its label and evidence as JSON lines (the shape
    /// of `train/data/*.evidence.jsonl`).
    #[arg(long, value_name = "FILE", requires = "triviaqa")]
    pub evidence_out: Option<PathBuf>,
    /// TriviaQA mode: the upstream (UpstreamArgs, with this mode's defaults set above).
    #[command(flatten)]
    pub upstream: UpstreamArgs,
}

impl EvalArgs {
    /// The upstream settings of TriviaQA mode (managed endpoint, 5 top log-probabilities, one
    /// request at a time per sample set).
    ///
    /// # Errors
    /// No or an invalid HF_ENDPOINT_URL.
    pub fn upstream_settings(&self) -> Result<UpstreamSettings, String> {
        let u = &self.upstream;
        if u.endpoint()?.is_none() {
            return Err("TriviaQA mode needs HF_ENDPOINT_URL (--hf-endpoint-url)".into());
        }
        u.settings(5, 4, AllowedHosts::parse("none")?, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    /// Defaults, read from the definition (so environment variables of the test run don't matter).
    #[test]
    fn serve_defaults() {
        let cmd = Cli::command();
        let serve = cmd.find_subcommand("serve").unwrap();
        let default = |id: &str| {
            let arg = serve
                .get_arguments()
                .find(|a| a.get_id() == id)
                .unwrap_or_else(|| panic!("{id}"));
            arg.get_default_values()
                .iter()
                .map(|v| v.to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join(",")
        };
        assert_eq!(default("port"), "8000");
        assert_eq!(default("host"), "127.0.0.1");
        assert_eq!(default("max_body_bytes"), "8388608");
        assert_eq!(default("rate_limit_max_keys"), "100000");
        assert_eq!(default("max_in_flight_requests"), "1024");
        assert_eq!(default("shutdown_grace_seconds"), "10");
        assert_eq!(default("trusted_proxies"), "127.0.0.0/8,::1");
        assert_eq!(default("log_format"), "json");
        assert_eq!(default("log_level"), "info");
        assert_eq!(default("api_key_secret"), "");
        assert_eq!(default("cors_origins"), "");
        assert_eq!(default("cors_allow_credentials"), "false");
        assert_eq!(default("cors_max_age_seconds"), "600");
        assert_eq!(default("feedback_db_path"), "./data/feedback.sqlite3");
        assert_eq!(default("database_url"), "");
        assert_eq!(default("database_schema"), "public");
        assert_eq!(default("database_pool_size"), "8");
        assert_eq!(default("feedback_refit_every"), "25");
        assert_eq!(default("feedback_refit_interval_seconds"), "300");
        assert_eq!(default("max_model_scopes"), "100");
        assert_eq!(default("redis_url"), "");
        assert_eq!(default("redis_key_prefix"), "epistemic-audit");
        assert_eq!(default("redis_ca_file"), "");
        assert_eq!(default("hf_endpoint_url"), "");
        assert_eq!(default("hf_token"), "");
        assert_eq!(default("upstream_protocol"), "auto");
        assert_eq!(default("upstream_samples"), "5");
        assert_eq!(default("upstream_max_tokens"), "64");
        assert_eq!(default("upstream_sample_temperature"), "1");
        assert_eq!(default("upstream_top_logprobs"), "5");
        assert_eq!(default("upstream_concurrency"), "8");
        assert_eq!(default("hf_timeout"), "30");
        assert_eq!(
            default("allowed_hf_hosts"),
            "huggingface.co,hf.space,endpoints.huggingface.cloud"
        );
        assert_eq!(default("upstream_allow_loopback_http"), "false");
        assert_eq!(default("upstream_prompt_template"), "chatml");
        assert_eq!(default("semantic_model_dir"), "");
        assert_eq!(default("semantic_max_concurrency"), "");
        assert_eq!(default("semantic_cache_entries"), "10000");
    }

    #[test]
    fn upstream_settings_are_bounded_and_secrets_redacted() {
        let parse = |extra: &[&str]| {
            let mut argv = vec!["epistemic-audit", "serve"];
            argv.extend_from_slice(extra);
            Cli::try_parse_from(argv)
        };
        for bad in [
            &["--hf-timeout", "61"][..],
            &["--hf-timeout", "0"],
            &["--hf-timeout", "soon"],
            &["--upstream-samples", "21"],
            &["--upstream-top-logprobs", "21"],
            &["--upstream-concurrency", "0"],
            &["--upstream-max-tokens", "0"],
            &["--upstream-sample-temperature", "0"],
            &["--upstream-sample-temperature", "2.5"],
            &["--upstream-sample-temperature", "NaN"],
            &["--upstream-protocol", "grpc"],
            &["--allowed-hf-hosts", "https://huggingface.co"],
        ] {
            assert!(parse(bad).is_err(), "{bad:?} accepted");
        }
        let cli = parse(&[
            "--hf-timeout",
            "0.5",
            "--hf-endpoint-url",
            "https://user:pw@example.invalid/x",
            "--hf-token",
            "hf_secret_token",
            "--upstream-protocol",
            "tgi",
            "--upstream-sample-temperature",
            "0.5",
        ])
        .unwrap();
        let Command::Serve(a) = cli.command else {
            panic!()
        };
        assert_eq!(a.upstream.hf_timeout, Duration::from_millis(500));
        assert_eq!(a.upstream.upstream_sample_temperature, 0.5);
        let shown = format!("{a:?}");
        assert!(
            !shown.contains("hf_secret_token") && !shown.contains("pw@"),
            "{shown}"
        );
        let u = Settings::from_args(a).unwrap().upstream;
        assert!(u.endpoint.is_some() && u.token.is_some());
        assert!(!format!("{u:?}").contains("hf_secret_token"));
        let Command::Serve(bad) = parse(&["--hf-endpoint-url", "ftp://h/"]).unwrap().command else {
            panic!()
        };
        let e = Settings::from_args(bad).unwrap_err().to_string();
        assert!(
            e.starts_with("HF_ENDPOINT_URL") && !e.contains("ftp://h"),
            "{e}"
        );
    }

    /// The upstream options are declared once (UpstreamArgs) and flattened into `serve` and
    /// `eval`; `eval` keeps its own defaults (TriviaQA: short answers, long timeout).
    #[test]
    fn eval_shares_the_upstream_options_with_its_own_defaults() {
        let cmd = Cli::command();
        let default = |sub: &str, id: &str| {
            let arg = cmd
                .find_subcommand(sub)
                .unwrap()
                .get_arguments()
                .find(|a| a.get_id() == id)
                .unwrap_or_else(|| panic!("{sub} {id}"))
                .clone();
            (
                arg.get_default_values()
                    .iter()
                    .map(|v| v.to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join(","),
                arg.get_env().map(|e| e.to_string_lossy().into_owned()),
            )
        };
        for (id, serve, eval) in [
            ("upstream_samples", "5", "3"),
            ("upstream_max_tokens", "64", "16"),
            ("hf_timeout", "30", "60"),
            ("upstream_sample_temperature", "1", "1"),
            ("upstream_protocol", "auto", "auto"),
            ("upstream_prompt_template", "chatml", "chatml"),
            ("hf_endpoint_url", "", ""),
            ("hf_token", "", ""),
        ] {
            let (s, s_env) = default("serve", id);
            let (e, e_env) = default("eval", id);
            assert_eq!((s.as_str(), e.as_str()), (serve, eval), "{id}");
            assert_eq!(s_env, e_env, "{id}: one environment variable");
        }
        let Command::Eval(e) = Cli::try_parse_from([
            "epistemic-audit",
            "eval",
            "--triviaqa",
            "q.jsonl",
            "--hf-endpoint-url",
            "http://127.0.0.1:1/",
        ])
        .unwrap()
        .command
        else {
            panic!()
        };
        let u = e.upstream_settings().unwrap();
        assert_eq!((u.samples, u.max_tokens, u.top_logprobs), (3, 16, 5));
    }

    #[test]
    fn settings_are_checked_once() {
        let s = Settings::parse_serve(&[
            "--max-in-flight-requests",
            "0",
            "--body-read-timeout-seconds",
            "0",
            "--feedback-refit-interval-seconds",
            "0",
            "--redis-url",
            " ",
        ])
        .unwrap();
        assert_eq!(s.max_in_flight_requests, 1);
        assert_eq!(s.body_read_timeout, Duration::from_secs(1));
        assert_eq!(s.feedback_refit_interval, None);
        assert!(s.redis_url.is_none(), "a blank URL is unset");
        assert!(s.scoring_concurrency >= 1);
        assert_eq!(
            s.semantic.model_dir, None,
            "the semantic tier is off by default"
        );
        assert!(s.semantic.max_concurrency >= 1);
        assert_eq!(s.semantic.cache_entries, 10_000);
        let s = Settings::parse_serve(&[
            "--semantic-model-dir",
            "/models/minilm",
            "--semantic-max-concurrency",
            "0",
            "--semantic-cache-entries",
            "0",
        ])
        .unwrap();
        assert_eq!(
            s.semantic.model_dir.as_deref(),
            Some(std::path::Path::new("/models/minilm"))
        );
        assert_eq!(s.semantic.max_concurrency, 1);
        assert_eq!(s.semantic.cache_entries, 0);
        // SEMANTIC_MODEL_DIR= (set but empty) is unset.
        let Command::Serve(mut args) = Cli::try_parse_from(["epistemic-audit", "serve"])
            .unwrap()
            .command
        else {
            panic!()
        };
        args.semantic_model_dir = Some(PathBuf::new());
        let s = Settings::from_args(args).unwrap();
        assert_eq!(s.semantic.model_dir, None, "a blank directory is unset");
        let e = Settings::parse_serve(&["--cors-origins", "*", "--cors-allow-credentials", "true"])
            .unwrap_err();
        assert!(e.contains("credentials") || e.contains("*"), "{e}");
    }

    #[test]
    fn flags_parse_and_secret_is_redacted() {
        let cli = Cli::try_parse_from([
            "epistemic-audit",
            "serve",
            "--port",
            "0",
            "--api-key-secret",
            "hunter2",
            "--trusted-proxies",
            "10.0.0.0/8",
            "--log-format",
            "text",
        ])
        .unwrap();
        let Command::Serve(a) = cli.command else {
            panic!()
        };
        assert_eq!(a.port, 0);
        assert_eq!(a.log_format, LogFormat::Text);
        assert!(a.trusted_proxies.contains("10.9.9.9".parse().unwrap()));
        assert!(!format!("{a:?}").contains("hunter2"));
        assert!(
            Cli::try_parse_from(["epistemic-audit", "serve", "--trusted-proxies", "nope"]).is_err()
        );
    }

    #[test]
    fn audit_needs_text_or_input_but_not_both() {
        assert!(Cli::try_parse_from(["epistemic-audit", "audit"]).is_err());
        assert!(
            Cli::try_parse_from(["epistemic-audit", "audit", "--text", "a", "--input", "-"])
                .is_err()
        );
        assert!(Cli::try_parse_from([
            "epistemic-audit",
            "audit",
            "--input",
            "-",
            "--context",
            "c"
        ])
        .is_err());
        assert!(
            Cli::try_parse_from(["epistemic-audit", "audit", "--text", "a", "--context", "c"])
                .is_ok()
        );
    }
}
