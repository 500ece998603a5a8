//! Every Prometheus series the service exposes at `GET /metrics` (contract "Endpoints" and
//! "Events": the only monitoring interface; DESIGN §3 "Metrics"), declared in this one module with
//! help text and explicit buckets. Other modules record through the methods of [`Metrics`]; none
//! of them creates a series of its own.
//!
//! | series | type | labels | recorded by |
//! |---|---|---|---|
//! | `epistemic_audit_http_requests_total` | counter | `route`, `status` | the request pipeline (every response) |
//! | `epistemic_audit_http_request_duration_seconds` | histogram ([`LATENCY_BUCKETS_SECONDS`]) | `route` | the request pipeline |
//! | `epistemic_audit_audits_total` | counter | `verdict`, `tier`, `mode` | `/v1/audit`, `/v1/batch` (each item), `/v1/compare` (each answer), `/v1/calibrate` |
//! | `epistemic_audit_q1`, `_q2`, `_height` | histogram ([`UNIT_BUCKETS`]) | — | same |
//! | `epistemic_audit_calibration_ece` | gauge | `scope` | audit results (`<tier>/<task>`: the latest ECE reported for it) and feedback refits ([`Metrics::set_ece`]: `<tier>/<task>/*`, and `<tier>/<task>/per-model` = the largest ECE among the per-model scopes) |
//! | `epistemic_audit_rate_limited_total` | counter | `endpoint` | the limiter's 429s |
//! | `epistemic_audit_limiter_backend_fallbacks_total` | counter | `backend` | [`Metrics::limiter_fallback`] (Redis → memory) |
//! | `epistemic_audit_feedback_records_total` | counter | `kind` | [`Metrics::feedback_recorded`] (`/v1/calibrate`) |
//! | `epistemic_audit_upstream_calls_total` | counter | `mode` | [`Metrics::upstream_call`] |
//! | `epistemic_audit_upstream_latency_seconds` | histogram ([`LATENCY_BUCKETS_SECONDS`]) | `mode` | same |
//! | `epistemic_audit_upstream_failures_total` | counter | `mode`, `reason` | same |
//! | `epistemic_audit_rate_limiter_keys` | gauge | — | `GET /metrics` itself: (client IP, endpoint) keys the in-memory limiter tracks (≤ RATE_LIMIT_MAX_KEYS) |
//! | `epistemic_audit_in_flight_requests` | gauge | — | `GET /metrics` itself: requests being handled (≤ MAX_IN_FLIGHT_REQUESTS) |
//! | `epistemic_audit_semantic_results_total` | counter | `kind`, `ran` | `/v1/audit`, `/v1/batch` (`kind="align"`, each item; `kind="samples"`, each item with samples), `/v1/compare` (`kind="samples"`, its answers' cosine matrix; `kind="agreement"`) when SEMANTIC_MODEL_DIR loaded a model ([`Metrics::semantic_job`]) |
//! | `epistemic_audit_semantic_job_duration_seconds` | histogram ([`LATENCY_BUCKETS_SECONDS`]) | `kind` | same: one job per request, waiting for a permit included |
//! | `epistemic_audit_semantic_cache_lookups_total` | counter | `result` (`hit`, `miss`) | `GET /metrics` itself, from the tier's own counts ([`Metrics::set_semantic_totals`]) |
//! | `epistemic_audit_semantic_cache_entries` | gauge | — | same: source-sentence embeddings cached (≤ SEMANTIC_CACHE_ENTRIES) |
//! | `epistemic_audit_semantic_word_pieces_total` | counter | — | same: word pieces run through the model |
//! | `process_*` | (prometheus crate) | — | Linux only: CPU seconds, resident memory, open fds, start time |
//!
//! Label values are bounded: `route` is a route's path template or `unmatched` (never the raw
//! request path), `status` a three-digit code, `scope` a tier/task pair with `*` or `per-model`
//! (never a client's `model_source`), the others small fixed sets. Counters whose label
//! values are known in advance are initialised to 0 so that they are visible before the first
//! event (a rate of a series that appears mid-way is lost by `rate()`).

use epistemic_audit_core::{AuditResult, Mode, ModelComparison, Tier, Verdict};
use prometheus::{
    Encoder, GaugeVec, Histogram, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge,
    Opts, Registry, TextEncoder,
};
use std::sync::Mutex;
use std::time::Duration;

/// Prefix (namespace) of every series of this service.
pub const NAMESPACE: &str = "epistemic_audit";

/// Content-Type of the Prometheus text exposition format 0.0.4.
pub const CONTENT_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";

/// Upper bounds (seconds) of the request- and upstream-latency histograms: 1 ms … 60 s
/// (60 s is the longest upstream timeout, DESIGN §3).
pub const LATENCY_BUCKETS_SECONDS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0,
];

/// Upper bounds of the q1 / q2 / height histograms: ten bins of width 0.1 over [0, 1]
/// (`le="0.1"` … `le="1"`; `+Inf` is added by the format and equals `le="1"`).
pub const UNIT_BUCKETS: &[f64] = &[0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0];

/// Rate-limited endpoints, as `endpoint` label values (contract "Limits" table).
pub const LIMITED_ENDPOINTS: &[&str] = &["/v1/audit", "/v1/batch", "/v1/compare", "/v1/calibrate"];

/// Audit modes, as `mode` label values (AuditResult `mode`; DESIGN §3).
pub const MODES: &[&str] = &["managed", "byo-hf"];

/// What a semantic-tier job computed, as `kind` label values: `align` (claims of an audit against
/// its sources, `metadata.semantic`), `samples` (an audit's text and samples, or a comparison's
/// answers and their samples, compared by embedding, `metadata.samples_equivalence`) and `agreement` (a comparison's answers).
pub const SEMANTIC_KINDS: &[&str] = &["align", "samples", "agreement"];

/// The service's metrics registry and every series in it. One per server (tests build several).
pub struct Metrics {
    registry: Registry,
    http_requests: IntCounterVec,
    http_duration: HistogramVec,
    audits: IntCounterVec,
    q1: Histogram,
    q2: Histogram,
    height: Histogram,
    ece: GaugeVec,
    rate_limited: IntCounterVec,
    limiter_fallbacks: IntCounterVec,
    feedback_records: IntCounterVec,
    upstream_calls: IntCounterVec,
    upstream_latency: HistogramVec,
    upstream_failures: IntCounterVec,
    limiter_keys: IntGauge,
    in_flight: IntGauge,
    semantic_results: IntCounterVec,
    semantic_duration: HistogramVec,
    semantic_lookups: IntCounterVec,
    semantic_entries: IntGauge,
    semantic_word_pieces: IntCounter,
    /// Serialises [`Metrics::set_semantic_totals`], so two scrapes at once never add the same
    /// increment twice.
    semantic_sync: Mutex<()>,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics").finish_non_exhaustive()
    }
}

fn opts(name: &str, help: &str) -> Opts {
    Opts::new(name, help).namespace(NAMESPACE)
}

fn hopts(name: &str, help: &str, buckets: &[f64]) -> HistogramOpts {
    HistogramOpts::new(name, help)
        .namespace(NAMESPACE)
        .buckets(buckets.to_vec())
}

impl Metrics {
    /// Declares and registers every series (module docs), plus the process collector on Linux.
    ///
    /// # Panics
    /// Only on a programming error in the declarations below (duplicate or invalid names), which
    /// the unit tests catch.
    pub fn new() -> Self {
        let registry = Registry::new();
        let reg = |c: Box<dyn prometheus::core::Collector>| {
            registry.register(c).expect("metric declarations are valid")
        };
        let http_requests = IntCounterVec::new(
            opts(
                "http_requests_total",
                "HTTP requests answered, by route template and status code.",
            ),
            &["route", "status"],
        )
        .unwrap();
        let http_duration = HistogramVec::new(
            hopts(
                "http_request_duration_seconds",
                "Time from receiving the request head to the response being ready, seconds, by route template.",
                LATENCY_BUCKETS_SECONDS,
            ),
            &["route"],
        )
        .unwrap();
        let audits = IntCounterVec::new(
            opts("audits_total", "Audit results returned (each batch item and each compared answer counts; /v1/calibrate counts its audit), by verdict, evidence tier and mode."),
            &["verdict", "tier", "mode"],
        )
        .unwrap();
        let q1 = Histogram::with_opts(hopts(
            "q1",
            "Aleatoric uncertainty q1 (in [0,1]) of returned audit results.",
            UNIT_BUCKETS,
        ))
        .unwrap();
        let q2 = Histogram::with_opts(hopts(
            "q2",
            "Epistemic uncertainty q2 (in [0,1]) of returned audit results.",
            UNIT_BUCKETS,
        ))
        .unwrap();
        let height = Histogram::with_opts(hopts(
            "height",
            "Calibrated probability of being correct (height, in [0,1]) of returned audit results.",
            UNIT_BUCKETS,
        ))
        .unwrap();
        let ece = GaugeVec::new(
            opts("calibration_ece", "Current expected calibration error (15 bins, in [0,1]) of the calibrator of each scope, as last reported in an audit result or measured out-of-fold by a feedback refit."),
            &["scope"],
        )
        .unwrap();
        let rate_limited = IntCounterVec::new(
            opts(
                "rate_limited_total",
                "Requests refused with 429 by the sliding-window limiter, by endpoint.",
            ),
            &["endpoint"],
        )
        .unwrap();
        let limiter_fallbacks = IntCounterVec::new(
            opts("limiter_backend_fallbacks_total", "Rate-limit checks answered by the in-memory limiter because the shared backend (Redis) was unreachable, by backend."),
            &["backend"],
        )
        .unwrap();
        let feedback_records = IntCounterVec::new(
            opts(
                "feedback_records_total",
                "Feedback records stored durably by /v1/calibrate, by kind (label or note).",
            ),
            &["kind"],
        )
        .unwrap();
        let upstream_calls = IntCounterVec::new(
            opts(
                "upstream_calls_total",
                "Calls to an upstream inference endpoint, by mode (managed or byo-hf).",
            ),
            &["mode"],
        )
        .unwrap();
        let upstream_latency = HistogramVec::new(
            hopts(
                "upstream_latency_seconds",
                "Wall time of upstream inference calls, seconds, by mode.",
                LATENCY_BUCKETS_SECONDS,
            ),
            &["mode"],
        )
        .unwrap();
        let upstream_failures = IntCounterVec::new(
            opts(
                "upstream_failures_total",
                "Upstream inference calls that failed (answered 502), by mode and reason.",
            ),
            &["mode", "reason"],
        )
        .unwrap();

        let limiter_keys = IntGauge::with_opts(opts(
            "rate_limiter_keys",
            "(client IP, endpoint) keys tracked by the in-memory rate limiter (at most RATE_LIMIT_MAX_KEYS).",
        ))
        .unwrap();
        let in_flight = IntGauge::with_opts(opts(
            "in_flight_requests",
            "Requests being handled, this scrape excluded (at most MAX_IN_FLIGHT_REQUESTS; /health and /metrics are not counted).",
        ))
        .unwrap();

        let semantic_results = IntCounterVec::new(
            opts(
                "semantic_results_total",
                "Results the semantic tier annotated (kind=align: an audit's claims against its sources; kind=samples: an audit's text and samples compared by embedding; kind=agreement: a comparison), by whether it ran (ran=false: no sources or claims, or embedding failed; the reason is in metadata.semantic, or metadata.samples_equivalence is lexical).",
            ),
            &["kind", "ran"],
        )
        .unwrap();
        let semantic_duration = HistogramVec::new(
            hopts(
                "semantic_job_duration_seconds",
                "Wall time of one request's semantic-tier job on the blocking pool, waiting for a SEMANTIC_MAX_CONCURRENCY permit included, seconds, by kind.",
                LATENCY_BUCKETS_SECONDS,
            ),
            &["kind"],
        )
        .unwrap();
        let semantic_lookups = IntCounterVec::new(
            opts(
                "semantic_cache_lookups_total",
                "Source sentences looked up in the semantic tier's embedding cache, by result (hit, or miss = embedded).",
            ),
            &["result"],
        )
        .unwrap();
        let semantic_entries = IntGauge::with_opts(opts(
            "semantic_cache_entries",
            "Source-sentence embeddings in the semantic tier's cache (at most SEMANTIC_CACHE_ENTRIES).",
        ))
        .unwrap();
        let semantic_word_pieces = IntCounter::with_opts(opts(
            "semantic_word_pieces_total",
            "Word pieces run through the sentence-embedding model (claims, uncached source sentences, compared answers; [CLS] and [SEP] included).",
        ))
        .unwrap();

        reg(Box::new(http_requests.clone()));
        reg(Box::new(http_duration.clone()));
        reg(Box::new(audits.clone()));
        reg(Box::new(q1.clone()));
        reg(Box::new(q2.clone()));
        reg(Box::new(height.clone()));
        reg(Box::new(ece.clone()));
        reg(Box::new(rate_limited.clone()));
        reg(Box::new(limiter_fallbacks.clone()));
        reg(Box::new(feedback_records.clone()));
        reg(Box::new(upstream_calls.clone()));
        reg(Box::new(upstream_latency.clone()));
        reg(Box::new(upstream_failures.clone()));
        reg(Box::new(limiter_keys.clone()));
        reg(Box::new(in_flight.clone()));
        reg(Box::new(semantic_results.clone()));
        reg(Box::new(semantic_duration.clone()));
        reg(Box::new(semantic_lookups.clone()));
        reg(Box::new(semantic_entries.clone()));
        reg(Box::new(semantic_word_pieces.clone()));
        #[cfg(target_os = "linux")]
        reg(Box::new(
            prometheus::process_collector::ProcessCollector::for_self(),
        ));

        for e in LIMITED_ENDPOINTS {
            rate_limited.with_label_values(&[*e]);
        }
        limiter_fallbacks.with_label_values(&["redis"]);
        for k in ["label", "note"] {
            feedback_records.with_label_values(&[k]);
        }
        for m in MODES {
            upstream_calls.with_label_values(&[*m]);
            upstream_latency.with_label_values(&[*m]);
        }
        for k in SEMANTIC_KINDS {
            for ran in ["true", "false"] {
                semantic_results.with_label_values(&[*k, ran]);
            }
            semantic_duration.with_label_values(&[*k]);
        }
        for r in ["hit", "miss"] {
            semantic_lookups.with_label_values(&[r]);
        }

        Metrics {
            registry,
            http_requests,
            http_duration,
            audits,
            q1,
            q2,
            height,
            ece,
            rate_limited,
            limiter_fallbacks,
            feedback_records,
            upstream_calls,
            upstream_latency,
            upstream_failures,
            limiter_keys,
            in_flight,
            semantic_results,
            semantic_duration,
            semantic_lookups,
            semantic_entries,
            semantic_word_pieces,
            semantic_sync: Mutex::new(()),
        }
    }

    /// Records one semantic-tier job: `kind` one of [`SEMANTIC_KINDS`], `ran` whether each result
    /// it annotated ran (`metadata.semantic.ran`), `elapsed` the job's wall time.
    pub fn semantic_job(&self, kind: &str, ran: impl IntoIterator<Item = bool>, elapsed: Duration) {
        for r in ran {
            self.semantic_results
                .with_label_values(&[kind, if r { "true" } else { "false" }])
                .inc();
        }
        self.semantic_duration
            .with_label_values(&[kind])
            .observe(elapsed.as_secs_f64());
    }

    /// Brings the semantic tier's cache and work series up to its own running totals since
    /// start-up, read just before a scrape: source sentences served from the cache (`cache_hits`)
    /// and embedded (`cache_misses`), sentences cached now (`cache_entries`), word pieces run
    /// through the model (`word_pieces`). Totals never decrease, so each counter is raised by the
    /// difference.
    pub fn set_semantic_totals(
        &self,
        cache_hits: u64,
        cache_misses: u64,
        cache_entries: u64,
        word_pieces: u64,
    ) {
        let _one_at_a_time = self.semantic_sync.lock().unwrap_or_else(|p| p.into_inner());
        let raise = |c: &IntCounter, total: u64| c.inc_by(total.saturating_sub(c.get()));
        raise(
            &self.semantic_lookups.with_label_values(&["hit"]),
            cache_hits,
        );
        raise(
            &self.semantic_lookups.with_label_values(&["miss"]),
            cache_misses,
        );
        raise(&self.semantic_word_pieces, word_pieces);
        self.semantic_entries
            .set(i64::try_from(cache_entries).unwrap_or(i64::MAX));
    }

    /// Sets the resource gauges, read just before a scrape: `limiter_keys` keys in the memory
    /// rate limiter and `in_flight` requests being handled.
    pub fn set_resources(&self, limiter_keys: usize, in_flight: usize) {
        self.limiter_keys.set(limiter_keys as i64);
        self.in_flight.set(in_flight as i64);
    }

    /// Records one answered request: `route` is the route template (or `unmatched`), `status`
    /// the HTTP status code, `elapsed` the time to produce the response.
    pub fn observe_request(&self, route: &str, status: u16, elapsed: Duration) {
        self.http_requests
            .with_label_values(&[route, &status.to_string()])
            .inc();
        self.http_duration
            .with_label_values(&[route])
            .observe(elapsed.as_secs_f64());
    }

    /// Records one returned audit result (each batch item, each comparison answer): verdict × tier
    /// × mode count, q1/q2/height histograms, and the scope's current ECE gauge
    /// (`metadata.scope`, `ece`).
    pub fn observe_audit(&self, result: &AuditResult) {
        self.observe_scores(
            result.verdict,
            result.metadata.tier,
            result.mode,
            [result.q1, result.q2, result.height],
        );
        self.set_ece(&result.metadata.scope, result.ece);
    }

    /// Records one audited answer of a comparison (`/v1/compare`): verdict × tier × mode count
    /// and the q1/q2/height histograms (a comparison answer carries no scope name, so the ECE
    /// gauge is left to audit results and refits).
    pub fn observe_comparison(&self, c: &ModelComparison, tier: Tier, mode: Mode) {
        self.observe_scores(c.verdict, tier, mode, [c.q1, c.q2, c.height]);
    }

    fn observe_scores(&self, verdict: Verdict, tier: Tier, mode: Mode, [q1, q2, height]: [f64; 3]) {
        let mode = serde_json::to_value(mode)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_else(|| "unknown".into());
        self.audits
            .with_label_values(&[verdict.as_str(), tier.as_str(), &mode])
            .inc();
        self.q1.observe(q1);
        self.q2.observe(q2);
        self.height.observe(height);
    }

    /// Sets the current ECE (in [0,1]) of a calibration scope, e.g. after a feedback refit.
    /// `scope` must come from a bounded set (never a client-chosen string).
    pub fn set_ece(&self, scope: &str, ece: f64) {
        self.ece.with_label_values(&[scope]).set(ece);
    }

    /// Removes the ECE gauge of `scope` (no calibrator left behind it).
    pub fn remove_ece(&self, scope: &str) {
        let _ = self.ece.remove_label_values(&[scope]);
    }

    /// Counts a 429 of the limiter; `endpoint` is the route path, e.g. `/v1/audit`.
    pub fn rate_limited(&self, endpoint: &str) {
        self.rate_limited.with_label_values(&[endpoint]).inc();
    }

    /// Counts one rate-limit check that fell back to memory because `backend` (e.g. `redis`) was
    /// unreachable (DESIGN §3 "Rate limits"; for the Redis limiter).
    pub fn limiter_fallback(&self, backend: &str) {
        self.limiter_fallbacks.with_label_values(&[backend]).inc();
    }

    /// Counts one feedback record stored durably; `kind` is `label` (ground truth or
    /// correct/incorrect) or `note` (other feedback text) (for `/v1/calibrate`).
    pub fn feedback_recorded(&self, kind: &str) {
        self.feedback_records.with_label_values(&[kind]).inc();
    }

    /// Records one upstream inference call in `mode` (`managed` or `byo-hf`) that took `latency`;
    /// `failure` is the reason (a short fixed word such as `timeout`, `status`, `connect`) when it
    /// failed (for the upstream tiers).
    pub fn upstream_call(&self, mode: &str, latency: Duration, failure: Option<&str>) {
        self.upstream_calls.with_label_values(&[mode]).inc();
        self.upstream_latency
            .with_label_values(&[mode])
            .observe(latency.as_secs_f64());
        if let Some(reason) = failure {
            self.upstream_failures
                .with_label_values(&[mode, reason])
                .inc();
        }
    }

    /// The whole registry in the Prometheus text exposition format ([`CONTENT_TYPE`]).
    pub fn render(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 * 1024);
        if let Err(e) = TextEncoder::new().encode(&self.registry.gather(), &mut out) {
            tracing::error!(error = %e, "cannot encode metrics");
        }
        out
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_series_is_declared_with_help() {
        let m = Metrics::new();
        m.observe_request("/health", 200, Duration::from_millis(3));
        m.rate_limited("/v1/audit");
        m.limiter_fallback("redis");
        m.feedback_recorded("label");
        m.upstream_call("managed", Duration::from_millis(40), Some("timeout"));
        m.set_ece("intrinsic/qa", 0.002);
        let text = String::from_utf8(m.render()).unwrap();
        for name in [
            "http_requests_total",
            "http_request_duration_seconds",
            "rate_limited_total",
            "limiter_backend_fallbacks_total",
            "feedback_records_total",
            "upstream_calls_total",
            "upstream_latency_seconds",
            "upstream_failures_total",
            "calibration_ece",
            "rate_limiter_keys",
            "in_flight_requests",
            "semantic_results_total",
            "semantic_job_duration_seconds",
            "semantic_cache_lookups_total",
            "semantic_cache_entries",
            "semantic_word_pieces_total",
            "q1",
            "q2",
            "height",
        ] {
            assert!(
                text.contains(&format!("# HELP {NAMESPACE}_{name} ")),
                "{name} missing:\n{text}"
            );
        }
        assert!(
            text.contains(r#"epistemic_audit_http_requests_total{route="/health",status="200"} 1"#)
        );
        assert!(text.contains(r#"epistemic_audit_rate_limited_total{endpoint="/v1/batch"} 0"#));
        assert!(text.contains(r#"epistemic_audit_q1_bucket{le="0.1"} 0"#));
        #[cfg(target_os = "linux")]
        assert!(text.contains("process_resident_memory_bytes"), "{text}");
    }

    #[test]
    fn semantic_totals_are_raised_to_the_tier_counts_never_twice() {
        let m = Metrics::new();
        let text = String::from_utf8(m.render()).unwrap();
        assert!(
            text.contains(r#"epistemic_audit_semantic_results_total{kind="align",ran="true"} 0"#),
            "visible before the first job:\n{text}"
        );
        m.set_semantic_totals(3, 5, 5, 120);
        m.set_semantic_totals(3, 5, 5, 120);
        m.set_semantic_totals(7, 6, 6, 150);
        m.semantic_job("align", [true, false, true], Duration::from_millis(30));
        let text = String::from_utf8(m.render()).unwrap();
        for line in [
            r#"epistemic_audit_semantic_cache_lookups_total{result="hit"} 7"#,
            r#"epistemic_audit_semantic_cache_lookups_total{result="miss"} 6"#,
            "epistemic_audit_semantic_cache_entries 6",
            "epistemic_audit_semantic_word_pieces_total 150",
            r#"epistemic_audit_semantic_results_total{kind="align",ran="true"} 2"#,
            r#"epistemic_audit_semantic_results_total{kind="align",ran="false"} 1"#,
            r#"epistemic_audit_semantic_job_duration_seconds_count{kind="align"} 1"#,
        ] {
            assert!(text.contains(line), "{line} not in\n{text}");
        }
    }

    #[test]
    fn audits_are_counted_by_verdict_tier_mode() {
        let m = Metrics::new();
        let scorer = epistemic_audit_core::Scorer::embedded();
        let req = epistemic_audit_core::AuditRequest {
            text: "Paris is the capital of France.".into(),
            ..Default::default()
        };
        let r = scorer.audit(&req, epistemic_audit_core::Mode::Managed, 0.0);
        m.observe_audit(&r);
        let text = String::from_utf8(m.render()).unwrap();
        let line = format!(
            r#"epistemic_audit_audits_total{{mode="managed",tier="intrinsic",verdict="{}"}} 1"#,
            r.verdict.as_str()
        );
        assert!(text.contains(&line), "{line} not in\n{text}");
        assert!(text.contains(&format!(
            r#"epistemic_audit_calibration_ece{{scope="{}"}}"#,
            r.metadata.scope
        )));
        assert!(text.contains("epistemic_audit_height_count 1"));
    }
}
