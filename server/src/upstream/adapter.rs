//! What every protocol adapter shares: the [`UpstreamAdapter`] trait, the protocol and prompt
//! settings, what is remembered per endpoint, and how log-probabilities are cleaned before they
//! are passed on. The adapters ([`super::tgi`], [`super::openai`]) import this module; nothing
//! here imports them.

use super::transport::UpstreamError;
use epistemic_audit_core::validate::{MAX_TOKEN_CHARS, MAX_TOP_LOGPROBS};
use epistemic_audit_core::{TokenLogprob, TopLogprob};
use std::future::Future;

/// Seed of the first sampled answer; answer i (0-based) uses `SAMPLE_SEED_BASE + i`, so the same
/// prompt gets the same samples from the same upstream.
pub const SAMPLE_SEED_BASE: u64 = 1;

/// Smallest log-probability passed on, nats: ln of the smallest positive float32 (2⁻¹⁴⁹), the
/// least an upstream computing in float32 can represent. `-inf` and smaller values become this.
pub const LOGPROB_FLOOR: f64 = -103.278_929_903_431_84;

/// Model id reported when the upstream does not say (`metadata.upstream.model`).
pub const UNKNOWN_MODEL: &str = "unknown";

/// UPSTREAM_PROTOCOL.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ProtocolSetting {
    /// Hugging Face Text Generation Inference.
    Tgi,
    /// An OpenAI-compatible server (`/v1/completions`, `/v1/chat/completions`).
    Openai,
    /// Probe `/info` (TGI), then `/v1/models` (OpenAI); cached per endpoint.
    Auto,
}

/// The protocol an endpoint speaks (`metadata.upstream.protocol`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    /// Hugging Face TGI.
    Tgi,
    /// OpenAI-compatible.
    OpenAi,
}

impl Protocol {
    /// `"tgi"` or `"openai"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Protocol::Tgi => "tgi",
            Protocol::OpenAi => "openai",
        }
    }
}

/// UPSTREAM_PROMPT_TEMPLATE: how a prompt is put in front of the answer for teacher forcing (and
/// for TGI generation, which applies no chat template itself).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PromptTemplate {
    /// `<|im_start|>user\n{prompt}<|im_end|>\n<|im_start|>assistant\n` (SmolLM2, Qwen, …).
    Chatml,
    /// `{prompt}\n`.
    Plain,
}

/// Whether a teacher-forcing input starts with template tokens or with user text; the
/// llama.cpp echo alignment is probed once per endpoint and shape ([`openai`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromptShape {
    /// Starts with user text (plain template, or no prompt).
    Raw = 0,
    /// Starts with the template's special tokens (ChatML).
    Templated = 1,
}

impl PromptShape {
    /// `"raw"` or `"templated"` (logs).
    pub fn as_str(self) -> &'static str {
        match self {
            PromptShape::Raw => "raw",
            PromptShape::Templated => "templated",
        }
    }
}

impl PromptTemplate {
    /// The text in front of an answer to `prompt`.
    pub fn prefix(self, prompt: &str) -> String {
        match self {
            PromptTemplate::Chatml => {
                format!("<|im_start|>user\n{prompt}<|im_end|>\n<|im_start|>assistant\n")
            }
            PromptTemplate::Plain => format!("{prompt}\n"),
        }
    }

    /// The teacher-forcing input for `text` answering `prompt` (the text alone without a
    /// prompt) and its shape.
    pub fn teacher_forcing_input(self, prompt: Option<&str>, text: &str) -> (String, PromptShape) {
        match prompt {
            Some(p) => {
                let shape = match self {
                    PromptTemplate::Chatml => PromptShape::Templated,
                    PromptTemplate::Plain => PromptShape::Raw,
                };
                (self.prefix(p) + text, shape)
            }
            None => (text.to_string(), PromptShape::Raw),
        }
    }
}

/// What is known of one endpoint: protocol, model id and, per [`PromptShape`], whether its echo
/// rows are shifted (OpenAI protocol; probed on first use).
#[derive(Debug)]
pub struct EndpointState {
    /// The protocol it speaks.
    pub protocol: Protocol,
    /// The model id it reported ([`UNKNOWN_MODEL`] if none).
    pub model: String,
    /// Echo shift per prompt shape (index = `PromptShape as usize`).
    pub echo_shift: [tokio::sync::OnceCell<bool>; 2],
}

/// One upstream model behind one protocol. Every method is one or more HTTP requests; errors are
/// [`UpstreamError`]s (never naming the URL or token).
pub trait UpstreamAdapter: Send + Sync {
    /// The protocol spoken.
    fn protocol(&self) -> Protocol;

    /// The model id the endpoint reported, or [`UNKNOWN_MODEL`].
    fn model_id(&self) -> &str;

    /// Teacher forcing: the log-probability (nats) of each token of `text` given `prompt`
    /// (rendered with UPSTREAM_PROMPT_TEMPLATE; `None` = unconditional) and the tokens before
    /// it, with up to UPSTREAM_TOP_LOGPROBS alternatives where the protocol gives them. The
    /// first token of an unconditional text has no log-probability and is left out. Empty when
    /// the text could not be located in the upstream's tokens.
    fn teacher_forced_logprobs(
        &self,
        prompt: Option<&str>,
        text: &str,
    ) -> impl Future<Output = Result<Vec<TokenLogprob>, UpstreamError>> + Send;

    /// `k` answers to `prompt` sampled at UPSTREAM_SAMPLE_TEMPERATURE (default 1) with seeds
    /// `SAMPLE_SEED_BASE..SAMPLE_SEED_BASE+k`, no top-k/top-p truncation, at most
    /// UPSTREAM_MAX_TOKENS each; requested concurrently (bounded by UPSTREAM_CONCURRENCY).
    fn samples(
        &self,
        prompt: &str,
        k: u32,
    ) -> impl Future<Output = Result<Vec<String>, UpstreamError>> + Send;

    /// The greedy (temperature 0) answer to `prompt`, at most `max_tokens` tokens, with the
    /// log-probabilities of its own tokens and their alternatives.
    fn answer(
        &self,
        prompt: &str,
        max_tokens: u32,
    ) -> impl Future<Output = Result<(String, Vec<TokenLogprob>), UpstreamError>> + Send;
}

/// A log-probability as passed on: ≤ 0, finite, at least [`LOGPROB_FLOOR`].
pub fn sanitize_logprob(v: f64) -> f64 {
    if v.is_nan() {
        LOGPROB_FLOOR
    } else {
        v.clamp(LOGPROB_FLOOR, 0.0)
    }
}

/// One token of evidence as passed on: `logprob` through [`sanitize_logprob`], the
/// alternatives `alts` through [`clean_top`] (at most `k`).
pub fn clean_token(
    token: String,
    logprob: f64,
    alts: impl IntoIterator<Item = (String, f64)>,
    k: usize,
) -> TokenLogprob {
    TokenLogprob {
        token,
        logprob: sanitize_logprob(logprob),
        top_logprobs: clean_top(alts, k),
    }
}

/// Alternatives as passed on: non-finite values dropped, each sanitised, most likely first, at
/// most `k` (and at most the validation limit), tokens cut to the validation limit.
pub fn clean_top(alts: impl IntoIterator<Item = (String, f64)>, k: usize) -> Vec<TopLogprob> {
    let mut v: Vec<TopLogprob> = alts
        .into_iter()
        .filter(|(_, l)| !l.is_nan())
        .map(|(token, l)| TopLogprob {
            token: cut(token, MAX_TOKEN_CHARS),
            logprob: sanitize_logprob(l),
        })
        .collect();
    v.sort_by(|a, b| b.logprob.total_cmp(&a.logprob));
    v.truncate(k.min(MAX_TOP_LOGPROBS));
    v
}

/// `s` cut to at most `max_chars` characters.
pub(crate) fn cut(s: String, max_chars: usize) -> String {
    match s.char_indices().nth(max_chars) {
        Some((i, _)) => s[..i].to_string(),
        None => s,
    }
}
