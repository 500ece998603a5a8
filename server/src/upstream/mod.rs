//! The upstream LLM: where the samples and token log-probabilities of the evidence tiers come
//! from when the client did not send them (DESIGN §2.2–2.3, §3; issue 4).
//!
//! * [`UpstreamAdapter`] — one trait, two protocols: Hugging Face TGI ([`tgi`]) and
//!   OpenAI-compatible servers ([`openai`]); [`Adapter`] is either.
//! * [`Upstream`] — the service's upstream state: which endpoint a request uses ([`Target`]:
//!   local, managed = HF_ENDPOINT_URL/HF_TOKEN, BYO-HF = headers X-HF-Endpoint/X-HF-Token,
//!   checked by [`endpoint`]), pooled clients, the per-endpoint protocol/model cache
//!   (UPSTREAM_PROTOCOL=auto probes once per endpoint), and [`Upstream::enrich`], which fills
//!   `samples` / `logprobs` of audit requests where the client left them out and reports
//!   [`UpstreamInfo`] and the wall time of the calls.
//! * [`transport`] — one safe HTTP request (deadline, size cap, one connect retry, in-flight
//!   bound, metrics); [`align`] — locating the text's tokens in a teacher-forced answer.
//!
//! What is asked of the upstream for one audit:
//! * teacher-forced log-probabilities of `text`, unless the request has `logprobs`. The
//!   conditioning prompt is `prompt`, with `context` in front of it when both are given
//!   (`"{context}\n\n{prompt}"`), or `context` alone; with neither the text is scored
//!   unconditionally (no template);
//! * K = UPSTREAM_SAMPLES sampled answers to that prompt, unless the request has `samples`;
//!   without any prompt nothing is sampled and `metadata.upstream.k` is 0.
//!
//! Both run concurrently; each HTTP request holds one of UPSTREAM_CONCURRENCY permits, so a batch
//! of 100 items never has more than that many requests in flight.

pub mod adapter;
pub mod align;
pub mod endpoint;
pub mod openai;
pub mod tgi;
pub mod transport;

use crate::support::secret::Secret;
use crate::telemetry::metrics::Metrics;
use adapter::cut;
use endpoint::{ByoEndpoint, ByoPolicy, ByoRequest, X_HF_ENDPOINT, X_HF_TOKEN};
use epistemic_audit_core::validate::{
    MAX_LOGPROB_TOKENS, MAX_SAMPLES, MAX_TEXT_CHARS, MAX_TOKEN_CHARS,
};
use epistemic_audit_core::{AuditRequest, Mode, TokenLogprob, UpstreamInfo};
use futures_util::future::try_join_all;
use hyper::HeaderMap;
use reqwest::{Client, Url};
use std::collections::HashMap;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use transport::{build_client, join, Caller, FailureKind, Limits, UpstreamError};

pub use adapter::{
    clean_token, clean_top, sanitize_logprob, EndpointState, PromptShape, PromptTemplate, Protocol,
    ProtocolSetting, UpstreamAdapter, LOGPROB_FLOOR, SAMPLE_SEED_BASE, UNKNOWN_MODEL,
};
pub use openai::OpenAiAdapter;
pub use tgi::TgiAdapter;

/// Endpoints whose protocol, model and echo alignment are remembered (BYO endpoints are
/// client-chosen: the cache is emptied when full).
const MAX_CACHED_ENDPOINTS: usize = 256;
/// Pinned clients kept for BYO endpoints (keyed by host and checked addresses).
const MAX_CACHED_CLIENTS: usize = 64;

/// The upstream settings of `serve` (README "Upstream"); built by
/// [`crate::config::ServeArgs::upstream_settings`].
#[derive(Clone)]
pub struct UpstreamSettings {
    /// HF_ENDPOINT_URL (managed mode); `None` = score locally.
    pub endpoint: Option<Url>,
    /// HF_TOKEN.
    pub token: Option<Secret>,
    /// UPSTREAM_PROTOCOL.
    pub protocol: ProtocolSetting,
    /// UPSTREAM_SAMPLES (K, 0..=20).
    pub samples: u32,
    /// UPSTREAM_MAX_TOKENS.
    pub max_tokens: u32,
    /// UPSTREAM_SAMPLE_TEMPERATURE: the softmax temperature of the K samples, in (0, 2].
    pub sample_temperature: f64,
    /// UPSTREAM_TOP_LOGPROBS (0..=20).
    pub top_logprobs: u32,
    /// UPSTREAM_CONCURRENCY.
    pub concurrency: usize,
    /// HF_TIMEOUT.
    pub timeout: Duration,
    /// ALLOWED_HF_HOSTS.
    pub allowed_hosts: endpoint::AllowedHosts,
    /// UPSTREAM_ALLOW_LOOPBACK_HTTP (tests only).
    pub allow_loopback_http: bool,
    /// UPSTREAM_PROMPT_TEMPLATE.
    pub template: PromptTemplate,
}

impl std::fmt::Debug for UpstreamSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UpstreamSettings")
            .field("endpoint", &self.endpoint.as_ref().map(|_| "[redacted]"))
            .field("token", &self.token)
            .field("protocol", &self.protocol)
            .field("samples", &self.samples)
            .field("max_tokens", &self.max_tokens)
            .field("sample_temperature", &self.sample_temperature)
            .field("top_logprobs", &self.top_logprobs)
            .field("concurrency", &self.concurrency)
            .field("timeout", &self.timeout)
            .field("allowed_hosts", &self.allowed_hosts)
            .field("allow_loopback_http", &self.allow_loopback_http)
            .field("template", &self.template)
            .finish()
    }
}

/// Either adapter.
#[derive(Debug, Clone)]
pub enum Adapter {
    /// Hugging Face TGI.
    Tgi(TgiAdapter),
    /// OpenAI-compatible.
    OpenAi(OpenAiAdapter),
}

impl UpstreamAdapter for Adapter {
    fn protocol(&self) -> Protocol {
        match self {
            Adapter::Tgi(a) => a.protocol(),
            Adapter::OpenAi(a) => a.protocol(),
        }
    }

    fn model_id(&self) -> &str {
        match self {
            Adapter::Tgi(a) => a.model_id(),
            Adapter::OpenAi(a) => a.model_id(),
        }
    }

    fn teacher_forced_logprobs(
        &self,
        prompt: Option<&str>,
        text: &str,
    ) -> impl Future<Output = Result<Vec<TokenLogprob>, UpstreamError>> + Send {
        let prompt = prompt.map(str::to_string);
        let text = text.to_string();
        async move {
            match self {
                Adapter::Tgi(a) => a.teacher_forced_logprobs(prompt.as_deref(), &text).await,
                Adapter::OpenAi(a) => a.teacher_forced_logprobs(prompt.as_deref(), &text).await,
            }
        }
    }

    fn samples(
        &self,
        prompt: &str,
        k: u32,
    ) -> impl Future<Output = Result<Vec<String>, UpstreamError>> + Send {
        let prompt = prompt.to_string();
        async move {
            match self {
                Adapter::Tgi(a) => a.samples(&prompt, k).await,
                Adapter::OpenAi(a) => a.samples(&prompt, k).await,
            }
        }
    }

    fn answer(
        &self,
        prompt: &str,
        max_tokens: u32,
    ) -> impl Future<Output = Result<(String, Vec<TokenLogprob>), UpstreamError>> + Send {
        let prompt = prompt.to_string();
        async move {
            match self {
                Adapter::Tgi(a) => a.answer(&prompt, max_tokens).await,
                Adapter::OpenAi(a) => a.answer(&prompt, max_tokens).await,
            }
        }
    }
}

/// The prompt the evidence is conditioned on (module docs): `"{context}\n\n{prompt}"`,
/// `prompt`, `context`, or none.
pub fn evidence_prompt(req: &AuditRequest) -> Option<String> {
    let p = req.prompt.as_deref().filter(|s| !s.trim().is_empty());
    let c = req.context.as_deref().filter(|s| !s.trim().is_empty());
    match (c, p) {
        (Some(c), Some(p)) => Some(format!("{c}\n\n{p}")),
        (None, Some(p)) => Some(p.to_string()),
        (Some(c), None) => Some(c.to_string()),
        (None, None) => None,
    }
}

/// Which upstream a request uses, from its headers (DESIGN §3 "mode").
#[derive(Debug, Clone)]
pub enum Target {
    /// No BYO headers and no HF_ENDPOINT_URL: score locally (mode "managed").
    Local,
    /// No BYO headers: HF_ENDPOINT_URL with HF_TOKEN (mode "managed").
    Managed,
    /// Both BYO headers, syntactically valid (mode "byo-hf"); DNS is checked by
    /// [`Upstream::resolve`].
    Byo(ByoRequest),
}

impl Target {
    /// The result's `mode`.
    pub fn mode(&self) -> Mode {
        match self {
            Target::Byo(_) => Mode::ByoHf,
            Target::Local | Target::Managed => Mode::Managed,
        }
    }
}

/// A [`Target`] whose BYO endpoint passed every check (addresses pinned).
#[derive(Debug, Clone)]
pub enum Resolved {
    /// Score locally.
    Local,
    /// HF_ENDPOINT_URL.
    Managed,
    /// The client's endpoint.
    Byo(ByoEndpoint),
}

/// What [`Upstream::enrich`] reports per request: the upstream that gave evidence (if one was
/// called) and the wall time of the calls, milliseconds (0 when none).
#[derive(Debug, Clone, PartialEq)]
pub struct Enrichment {
    /// `metadata.upstream`.
    pub info: Option<UpstreamInfo>,
    /// `upstream_latency_ms`.
    pub latency_ms: f64,
}

/// The service's upstream state (module docs). One per server.
pub struct Upstream {
    settings: UpstreamSettings,
    policy: ByoPolicy,
    limits: Arc<Limits>,
    managed_client: tokio::sync::OnceCell<Client>,
    byo_clients: Mutex<HashMap<(String, Vec<SocketAddr>), Client>>,
    endpoints: dashmap::DashMap<String, Arc<EndpointState>>,
}

impl std::fmt::Debug for Upstream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Upstream")
            .field("settings", &self.settings)
            .finish_non_exhaustive()
    }
}

impl Upstream {
    /// The upstream state for `settings`; `metrics` (if any) counts every request. Clients are
    /// built on first use.
    pub fn new(settings: UpstreamSettings, metrics: Option<Arc<Metrics>>) -> Self {
        Upstream {
            policy: ByoPolicy {
                allowed_hosts: settings.allowed_hosts.clone(),
                allow_loopback_http: settings.allow_loopback_http,
                resolve_timeout: settings.timeout,
            },
            limits: Arc::new(Limits::new(settings.concurrency, settings.timeout, metrics)),
            managed_client: tokio::sync::OnceCell::new(),
            byo_clients: Mutex::new(HashMap::new()),
            endpoints: dashmap::DashMap::new(),
            settings,
        }
    }

    /// The settings.
    pub fn settings(&self) -> &UpstreamSettings {
        &self.settings
    }

    /// The request's [`Target`] from its headers: both X-HF-Endpoint and X-HF-Token → BYO (rules
    /// 1–3 of [`endpoint`] checked now); neither → managed (or local without HF_ENDPOINT_URL).
    ///
    /// # Errors
    /// The 400 message: exactly one of the two headers (naming the missing one), a value that is
    /// not visible ASCII, or a broken endpoint rule. Never contains the values.
    pub fn target(&self, headers: &HeaderMap) -> Result<Target, String> {
        match (headers.get(X_HF_ENDPOINT), headers.get(X_HF_TOKEN)) {
            (None, None) => Ok(if self.settings.endpoint.is_some() {
                Target::Managed
            } else {
                Target::Local
            }),
            (Some(_), None) => Err("X-HF-Token header is missing: BYO-HF mode needs both X-HF-Endpoint and X-HF-Token (a token is only sent where its owner says)".into()),
            (None, Some(_)) => Err("X-HF-Endpoint header is missing: BYO-HF mode needs both X-HF-Endpoint and X-HF-Token".into()),
            (Some(e), Some(t)) => {
                let e = e
                    .to_str()
                    .map_err(|_| "Invalid X-HF-Endpoint: not visible ASCII".to_string())?;
                let t = t
                    .to_str()
                    .map_err(|_| "X-HF-Token must be visible ASCII".to_string())?;
                self.policy.check_syntax(e, t).map(Target::Byo)
            }
        }
    }

    /// Resolves and checks a BYO endpoint's addresses (rule 4; no connection is made).
    ///
    /// # Errors
    /// The 400 message naming the rule broken.
    pub async fn resolve(&self, target: Target) -> Result<Resolved, String> {
        Ok(match target {
            Target::Local => Resolved::Local,
            Target::Managed => Resolved::Managed,
            Target::Byo(req) => Resolved::Byo(self.policy.resolve(req).await?),
        })
    }

    /// True when `req` lacks evidence the upstream can give: `logprobs`, or `samples` while it
    /// has a prompt (or context) and UPSTREAM_SAMPLES > 0.
    pub fn needs_upstream(&self, req: &AuditRequest) -> bool {
        req.logprobs.is_none()
            || (req.samples.is_none()
                && self.settings.samples > 0
                && evidence_prompt(req).is_some())
    }

    /// The adapter of the managed endpoint (`None` without HF_ENDPOINT_URL); e.g. for the
    /// TriviaQA evaluation, which asks it for answers ([`UpstreamAdapter::answer`]).
    ///
    /// # Errors
    /// The endpoint cannot be reached or identified.
    pub async fn managed_adapter(&self) -> Result<Option<Adapter>, UpstreamError> {
        self.adapter(&Resolved::Managed).await
    }

    /// The adapter for a resolved target (`None` for local scoring); identifies the endpoint's
    /// protocol and model on first use.
    ///
    /// # Errors
    /// The endpoint cannot be reached or identified.
    pub async fn adapter(&self, resolved: &Resolved) -> Result<Option<Adapter>, UpstreamError> {
        let (caller, base) = match resolved {
            Resolved::Local => return Ok(None),
            Resolved::Managed => {
                let Some(base) = self.settings.endpoint.clone() else {
                    return Ok(None);
                };
                let timeout = self.settings.timeout;
                let client = self
                    .managed_client
                    .get_or_try_init(|| async move { build_client(timeout, None) })
                    .await?
                    .clone();
                let caller = Caller::new(
                    client,
                    self.settings.token.clone(),
                    Arc::clone(&self.limits),
                    "managed",
                );
                (caller, base)
            }
            Resolved::Byo(ep) => {
                let client = self.byo_client(ep)?;
                let caller = Caller::new(
                    client,
                    Some(ep.token.clone()),
                    Arc::clone(&self.limits),
                    "byo-hf",
                );
                (caller, ep.base.clone())
            }
        };
        let state = self.endpoint_state(&caller, &base).await?;
        let (template, top_logprobs, max_tokens, sample_temperature) = (
            self.settings.template,
            self.settings.top_logprobs,
            self.settings.max_tokens,
            self.settings.sample_temperature,
        );
        Ok(Some(match state.protocol {
            Protocol::Tgi => Adapter::Tgi(TgiAdapter {
                caller,
                base,
                state,
                template,
                top_logprobs,
                max_tokens,
                sample_temperature,
            }),
            Protocol::OpenAi => Adapter::OpenAi(OpenAiAdapter {
                caller,
                base,
                state,
                template,
                top_logprobs,
                max_tokens,
                sample_temperature,
            }),
        }))
    }

    fn byo_client(&self, ep: &ByoEndpoint) -> Result<Client, UpstreamError> {
        let key = (ep.host.clone(), ep.addrs.clone());
        let mut cache = self
            .byo_clients
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(c) = cache.get(&key) {
            return Ok(c.clone());
        }
        let client = build_client(self.settings.timeout, Some((&ep.host, &ep.addrs)))?;
        if cache.len() >= MAX_CACHED_CLIENTS {
            cache.clear();
        }
        cache.insert(key, client.clone());
        Ok(client)
    }

    async fn endpoint_state(
        &self,
        caller: &Caller,
        base: &Url,
    ) -> Result<Arc<EndpointState>, UpstreamError> {
        let key = base.as_str().to_string();
        if let Some(s) = self.endpoints.get(&key) {
            return Ok(Arc::clone(&s));
        }
        let (protocol, model) = self.identify(caller, base).await?;
        tracing::info!(
            protocol = protocol.as_str(),
            model = model.as_str(),
            "upstream endpoint identified"
        );
        let state = Arc::new(EndpointState {
            protocol,
            model,
            echo_shift: Default::default(),
        });
        if self.endpoints.len() >= MAX_CACHED_ENDPOINTS {
            self.endpoints.clear();
        }
        self.endpoints.insert(key, Arc::clone(&state));
        Ok(state)
    }

    async fn identify(
        &self,
        caller: &Caller,
        base: &Url,
    ) -> Result<(Protocol, String), UpstreamError> {
        let unknown = || UNKNOWN_MODEL.to_string();
        match self.settings.protocol {
            ProtocolSetting::Tgi => Ok((
                Protocol::Tgi,
                tgi_model(caller, base).await?.unwrap_or_else(unknown),
            )),
            ProtocolSetting::Openai => Ok((
                Protocol::OpenAi,
                openai_model(caller, base).await?.unwrap_or_else(unknown),
            )),
            ProtocolSetting::Auto => {
                if let Some(m) = tgi_model(caller, base).await? {
                    return Ok((Protocol::Tgi, m));
                }
                if let Some(m) = openai_model(caller, base).await? {
                    return Ok((Protocol::OpenAi, m));
                }
                Err(UpstreamError::new(
                    FailureKind::Protocol,
                    "neither /info (TGI) nor /v1/models (OpenAI) answered",
                ))
            }
        }
    }

    /// Fills `samples` / `logprobs` of each request from the upstream where they are absent
    /// (module docs) and reports per request what was called and how long it took: the time to
    /// reach and identify the endpoint (once per call of this function) plus the wall time of
    /// the request's own calls, in milliseconds. Requests that need nothing, and every request
    /// when the target is local, get no upstream info and 0 ms. Items run concurrently.
    ///
    /// # Errors
    /// The first upstream failure (the whole call fails: a batch is answered 502).
    pub async fn enrich(
        &self,
        resolved: &Resolved,
        reqs: &mut [AuditRequest],
    ) -> Result<Vec<Enrichment>, UpstreamError> {
        let none = Enrichment {
            info: None,
            latency_ms: 0.0,
        };
        let needs: Vec<bool> = reqs.iter().map(|r| self.needs_upstream(r)).collect();
        if matches!(resolved, Resolved::Local) || !needs.iter().any(|n| *n) {
            return Ok(vec![none; reqs.len()]);
        }
        let started = Instant::now();
        let Some(adapter) = self.adapter(resolved).await? else {
            return Ok(vec![none; reqs.len()]);
        };
        let connect_ms = ms(started.elapsed());
        let adapter = &adapter;
        try_join_all(reqs.iter_mut().zip(needs).map(|(req, need)| async move {
            if !need {
                return Ok(Enrichment {
                    info: None,
                    latency_ms: 0.0,
                });
            }
            let t = Instant::now();
            let info = self.gather(adapter, req).await?;
            Ok(Enrichment {
                info: Some(info),
                latency_ms: connect_ms + ms(t.elapsed()),
            })
        }))
        .await
    }

    /// One request's evidence from `adapter` (module docs), written into `req`.
    ///
    /// # Errors
    /// An upstream failure.
    pub async fn gather<A: UpstreamAdapter>(
        &self,
        adapter: &A,
        req: &mut AuditRequest,
    ) -> Result<UpstreamInfo, UpstreamError> {
        let prompt = evidence_prompt(req);
        let want_logprobs = req.logprobs.is_none();
        let k = match (&req.samples, &prompt) {
            (None, Some(_)) => self.settings.samples,
            _ => 0,
        };
        let text = req.text.clone();
        let logprobs = async {
            if want_logprobs {
                adapter
                    .teacher_forced_logprobs(prompt.as_deref(), &text)
                    .await
                    .map(Some)
            } else {
                Ok(None)
            }
        };
        let samples = async {
            match (&prompt, k) {
                (Some(p), k) if k > 0 => adapter.samples(p, k).await.map(Some),
                _ => Ok(None),
            }
        };
        let (logprobs, samples) = tokio::try_join!(logprobs, samples)?;
        let mut got_logprobs = false;
        if let Some(mut lp) = logprobs.filter(|lp| !lp.is_empty()) {
            lp.truncate(MAX_LOGPROB_TOKENS);
            for t in &mut lp {
                t.token = cut(std::mem::take(&mut t.token), MAX_TOKEN_CHARS);
            }
            req.logprobs = Some(lp);
            got_logprobs = true;
        }
        let mut k_got = 0;
        if let Some(s) = samples {
            let s: Vec<String> = s
                .into_iter()
                .filter(|a| !a.trim().is_empty())
                .map(|a| cut(a, MAX_TEXT_CHARS))
                .take(MAX_SAMPLES)
                .collect();
            k_got = s.len() as u32;
            if !s.is_empty() {
                req.samples = Some(s);
            }
        }
        Ok(UpstreamInfo {
            protocol: adapter.protocol().as_str().to_string(),
            model: adapter.model_id().to_string(),
            k: k_got,
            logprobs: got_logprobs,
        })
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

async fn tgi_model(caller: &Caller, base: &Url) -> Result<Option<String>, UpstreamError> {
    Ok(caller
        .probe_json::<tgi::TgiInfo>(join(base, "info"))
        .await?
        .map(|info| info.model_id))
}

async fn openai_model(caller: &Caller, base: &Url) -> Result<Option<String>, UpstreamError> {
    Ok(caller
        .probe_json::<openai::ModelList>(openai::route(base, "models"))
        .await?
        .map(|list| {
            list.first_id()
                .map_or_else(|| UNKNOWN_MODEL.to_string(), str::to_string)
        }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates() {
        assert_eq!(
            PromptTemplate::Chatml.prefix("Q?"),
            "<|im_start|>user\nQ?<|im_end|>\n<|im_start|>assistant\n"
        );
        assert_eq!(PromptTemplate::Plain.prefix("Q?"), "Q?\n");
        assert_eq!(
            PromptTemplate::Chatml.teacher_forcing_input(None, "A."),
            ("A.".to_string(), PromptShape::Raw)
        );
        assert_eq!(
            PromptTemplate::Plain
                .teacher_forcing_input(Some("Q?"), "A.")
                .1,
            PromptShape::Raw
        );
        assert_eq!(
            PromptTemplate::Chatml
                .teacher_forcing_input(Some("Q?"), "A.")
                .1,
            PromptShape::Templated
        );
    }

    #[test]
    fn evidence_prompt_combines_context_and_prompt() {
        let mut r = AuditRequest {
            text: "t".into(),
            ..Default::default()
        };
        assert_eq!(evidence_prompt(&r), None);
        r.context = Some("C".into());
        assert_eq!(evidence_prompt(&r).as_deref(), Some("C"));
        r.prompt = Some("P".into());
        assert_eq!(evidence_prompt(&r).as_deref(), Some("C\n\nP"));
        r.context = Some("  ".into());
        assert_eq!(evidence_prompt(&r).as_deref(), Some("P"));
    }

    #[test]
    fn sanitising() {
        assert_eq!(sanitize_logprob(f64::NEG_INFINITY), LOGPROB_FLOOR);
        assert_eq!(sanitize_logprob(f64::NAN), LOGPROB_FLOOR);
        assert_eq!(sanitize_logprob(1e-7), 0.0);
        assert_eq!(sanitize_logprob(-2.5), -2.5);
        assert!((LOGPROB_FLOOR - (2f64).powi(-149).ln()).abs() < 1e-9);
        let top = clean_top(
            vec![
                ("a".to_string(), -3.0),
                ("b".to_string(), -0.5),
                ("c".to_string(), f64::NAN),
                ("d".to_string(), f64::NEG_INFINITY),
            ],
            2,
        );
        assert_eq!(
            top.iter().map(|t| t.token.as_str()).collect::<Vec<_>>(),
            ["b", "a"]
        );
        assert_eq!(cut("héllo".into(), 2), "hé");
    }

    fn settings() -> UpstreamSettings {
        UpstreamSettings {
            endpoint: None,
            token: None,
            protocol: ProtocolSetting::Auto,
            samples: 3,
            max_tokens: 16,
            sample_temperature: 1.0,
            top_logprobs: 5,
            concurrency: 2,
            timeout: Duration::from_secs(1),
            allowed_hosts: endpoint::AllowedHosts::parse("huggingface.co").unwrap(),
            allow_loopback_http: false,
            template: PromptTemplate::Chatml,
        }
    }

    #[test]
    fn targets_from_headers() {
        let u = Upstream::new(settings(), None);
        let h = |pairs: &[(&str, &str)]| {
            let mut m = HeaderMap::new();
            for (k, v) in pairs {
                m.insert(
                    hyper::header::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                    v.parse().unwrap(),
                );
            }
            m
        };
        assert!(matches!(u.target(&h(&[])), Ok(Target::Local)));
        let e = u.target(&h(&[("x-hf-token", "hf_abc")])).unwrap_err();
        assert!(e.starts_with("X-HF-Endpoint header is missing") && !e.contains("hf_abc"));
        let e = u
            .target(&h(&[("x-hf-endpoint", "https://x.huggingface.co/")]))
            .unwrap_err();
        assert!(e.starts_with("X-HF-Token header is missing") && !e.contains("x.huggingface"));
        let t = u
            .target(&h(&[
                ("x-hf-endpoint", "https://x.huggingface.co/"),
                ("x-hf-token", "hf_abc"),
            ]))
            .unwrap();
        assert_eq!(t.mode(), Mode::ByoHf);
        let mut managed = settings();
        managed.endpoint = Some(Url::parse("http://127.0.0.1:9/").unwrap());
        let u = Upstream::new(managed, None);
        assert!(matches!(u.target(&h(&[])), Ok(Target::Managed)));
        assert!(!format!("{:?}", u.settings()).contains("127.0.0.1"));
    }

    #[test]
    fn what_needs_the_upstream() {
        let u = Upstream::new(settings(), None);
        let mut r = AuditRequest {
            text: "t".into(),
            ..Default::default()
        };
        assert!(u.needs_upstream(&r));
        r.logprobs = Some(vec![TokenLogprob::default()]);
        assert!(!u.needs_upstream(&r), "no prompt: nothing to sample");
        r.prompt = Some("p".into());
        assert!(u.needs_upstream(&r));
        r.samples = Some(vec!["s".into()]);
        assert!(!u.needs_upstream(&r));
    }
}
