//! The Hugging Face Text Generation Inference adapter (`/generate`, `/info`).
//!
//! * teacher forcing: `POST /generate` with `inputs = template(prompt) + text` and
//!   `parameters {decoder_input_details: true, details: true, max_new_tokens: 1}`; the text's
//!   tokens are found in `details.prefill` (`{id, text, logprob}`, the first logprob null) by
//!   [`align_suffix`]. TGI gives no alternatives for input tokens, so `top_logprobs` is empty;
//! * samples: K concurrent `POST /generate` with `do_sample: true, temperature:
//!   UPSTREAM_SAMPLE_TEMPERATURE` (default 1), `seed: 1..=K`, no `top_k`/`top_p`/`typical_p` (TGI then applies none), `max_new_tokens`;
//! * the greedy answer: `do_sample: false, details: true, top_n_tokens: k` →
//!   `details.tokens` and `details.top_tokens` (special tokens such as EOS are left out);
//! * the model id: `GET /info` → `model_id`.
//!
//! TGI applies no chat template on `/generate`: the adapter renders UPSTREAM_PROMPT_TEMPLATE.
//! A JSON array answer (`[{"generated_text": …}]`, the serverless Inference API's shape) is
//! accepted as well as the object. TGI limits `top_n_tokens` to its `--max-top-n-tokens`
//! (default 5): UPSTREAM_TOP_LOGPROBS must not exceed it.

use super::adapter::{
    clean_token, EndpointState, PromptTemplate, Protocol, UpstreamAdapter, SAMPLE_SEED_BASE,
};
use super::align::align_suffix;
use super::transport::{join, Caller, UpstreamError};
use epistemic_audit_core::TokenLogprob;
use futures_util::future::try_join_all;
use reqwest::Url;
use serde::Deserialize;
use serde_json::{json, Value};
use std::future::Future;
use std::sync::Arc;

/// `GET /info` (only the member read).
#[derive(Debug, Deserialize)]
pub struct TgiInfo {
    /// The served model, e.g. `HuggingFaceTB/SmolLM2-135M-Instruct`.
    pub model_id: String,
}

/// One input token of `details.prefill`.
#[derive(Debug, Clone, Deserialize)]
pub struct PrefillToken {
    /// Decoded text of the token.
    pub text: String,
    /// Log-probability given the tokens before it; null for the first.
    #[serde(default)]
    pub logprob: Option<f64>,
}

/// One generated token of `details.tokens` / `details.top_tokens`.
#[derive(Debug, Clone, Deserialize)]
pub struct GeneratedToken {
    /// Decoded text.
    pub text: String,
    /// Log-probability.
    #[serde(default)]
    pub logprob: Option<f64>,
    /// True for special tokens (EOS, …).
    #[serde(default)]
    pub special: bool,
}

/// `details` of a `/generate` answer.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Details {
    /// Input tokens (with `decoder_input_details`).
    #[serde(default)]
    pub prefill: Vec<PrefillToken>,
    /// Generated tokens.
    #[serde(default)]
    pub tokens: Vec<GeneratedToken>,
    /// Per generated token, the `top_n_tokens` alternatives.
    #[serde(default)]
    pub top_tokens: Option<Vec<Vec<GeneratedToken>>>,
}

/// A `/generate` answer.
#[derive(Debug, Clone, Deserialize)]
pub struct Generation {
    /// The generated continuation (without the input).
    pub generated_text: String,
    /// Present when `details: true`.
    #[serde(default)]
    pub details: Option<Details>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum OneOrMany {
    One(Generation),
    Many(Vec<Generation>),
}

/// The text's tokens with their log-probabilities from `details.prefill` (module docs); empty
/// when the text cannot be located.
pub fn prefill_token_logprobs(prefill: &[PrefillToken], text: &str) -> Vec<TokenLogprob> {
    let tokens: Vec<&str> = prefill.iter().map(|t| t.text.as_str()).collect();
    let Some(range) = align_suffix(&tokens, text, 0) else {
        tracing::warn!(
            tokens = prefill.len(),
            "teacher forcing: the text was not found among the prefill tokens; no log-probabilities"
        );
        return Vec::new();
    };
    prefill[range]
        .iter()
        .filter_map(|t| t.logprob.map(|lp| clean_token(t.text.clone(), lp, [], 0)))
        .collect()
}

/// A TGI endpoint with its model id.
#[derive(Debug, Clone)]
pub struct TgiAdapter {
    pub(super) caller: Caller,
    pub(super) base: Url,
    pub(super) state: Arc<EndpointState>,
    pub(super) template: PromptTemplate,
    pub(super) top_logprobs: u32,
    pub(super) max_tokens: u32,
    pub(super) sample_temperature: f64,
}

impl TgiAdapter {
    async fn generate(&self, inputs: &str, parameters: Value) -> Result<Generation, UpstreamError> {
        let body = json!({"inputs": inputs, "parameters": parameters});
        let answer: OneOrMany = self
            .caller
            .post_json(join(&self.base, "generate"), &body)
            .await?;
        match answer {
            OneOrMany::One(g) => Ok(g),
            OneOrMany::Many(v) => v
                .into_iter()
                .next()
                .ok_or_else(|| UpstreamError::invalid("empty generation list")),
        }
    }
}

impl UpstreamAdapter for TgiAdapter {
    fn protocol(&self) -> Protocol {
        Protocol::Tgi
    }

    fn model_id(&self) -> &str {
        &self.state.model
    }

    fn teacher_forced_logprobs(
        &self,
        prompt: Option<&str>,
        text: &str,
    ) -> impl Future<Output = Result<Vec<TokenLogprob>, UpstreamError>> + Send {
        let (input, _) = self.template.teacher_forcing_input(prompt, text);
        let text = text.to_string();
        async move {
            let g = self
                .generate(
                    &input,
                    json!({"decoder_input_details": true, "details": true,
                           "max_new_tokens": 1, "do_sample": false}),
                )
                .await?;
            let details = g
                .details
                .ok_or_else(|| UpstreamError::invalid("generation without details"))?;
            Ok(prefill_token_logprobs(&details.prefill, &text))
        }
    }

    fn samples(
        &self,
        prompt: &str,
        k: u32,
    ) -> impl Future<Output = Result<Vec<String>, UpstreamError>> + Send {
        let inputs = self.template.prefix(prompt);
        async move {
            try_join_all((0..k).map(|i| {
                let inputs = &inputs;
                async move {
                    let g = self
                        .generate(
                            inputs,
                            json!({"do_sample": true, "temperature": self.sample_temperature,
                                   "seed": SAMPLE_SEED_BASE + u64::from(i),
                                   "max_new_tokens": self.max_tokens,
                                   "details": false, "return_full_text": false}),
                        )
                        .await?;
                    Ok::<_, UpstreamError>(g.generated_text)
                }
            }))
            .await
        }
    }

    fn answer(
        &self,
        prompt: &str,
        max_tokens: u32,
    ) -> impl Future<Output = Result<(String, Vec<TokenLogprob>), UpstreamError>> + Send {
        let inputs = self.template.prefix(prompt);
        async move {
            let mut params = json!({"do_sample": false, "details": true,
                                    "max_new_tokens": max_tokens, "return_full_text": false});
            if self.top_logprobs > 0 {
                params["top_n_tokens"] = json!(self.top_logprobs);
            }
            let g = self.generate(&inputs, params).await?;
            let details = g.details.unwrap_or_default();
            let tops = details.top_tokens.unwrap_or_default();
            let tokens = details
                .tokens
                .iter()
                .enumerate()
                .filter(|(_, t)| !t.special)
                .filter_map(|(i, t)| {
                    let lp = t.logprob?;
                    let alts = tops.get(i).map(Vec::as_slice).unwrap_or_default();
                    Some(clean_token(
                        t.text.clone(),
                        lp,
                        alts.iter()
                            .filter_map(|a| a.logprob.map(|l| (a.text.clone(), l))),
                        self.top_logprobs as usize,
                    ))
                })
                .collect();
            Ok((g.generated_text, tokens))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// TGI's own integration-test snapshot shape (Llama, SentencePiece): BOS first with a null
    /// logprob, pieces decoded alone ("request" without its space).
    #[test]
    fn prefill_of_a_recorded_shape() {
        let g: Generation = serde_json::from_str(
            r#"{"details": {"best_of_sequences": null, "finish_reason": "length",
                "generated_tokens": 1, "seed": null,
                "prefill": [{"id": 1, "logprob": null, "text": "<s>"},
                            {"id": 4321, "logprob": -8.6875, "text": "Test"},
                            {"id": 2009, "logprob": -11.546875, "text": "request"}],
                "tokens": [{"id": 363, "logprob": -1.5351562, "special": false, "text": " for"}],
                "top_tokens": null},
                "generated_text": " for"}"#,
        )
        .unwrap();
        let d = g.details.unwrap();
        let lp = prefill_token_logprobs(&d.prefill, "request");
        assert_eq!(lp.len(), 1);
        assert_eq!(
            (lp[0].token.as_str(), lp[0].logprob),
            ("request", -11.546875)
        );
        let both = prefill_token_logprobs(&d.prefill, "Test request");
        assert_eq!(both.len(), 2);
        assert!(prefill_token_logprobs(&d.prefill, "unrelated").is_empty());
    }

    #[test]
    fn array_answer_is_accepted() {
        let v: OneOrMany = serde_json::from_str(r#"[{"generated_text": "x"}]"#).unwrap();
        assert!(matches!(v, OneOrMany::Many(ref g) if g[0].generated_text == "x"));
        let info: TgiInfo = serde_json::from_str(
            r#"{"model_id": "HuggingFaceTB/SmolLM2-135M-Instruct", "model_sha": null,
                "model_dtype": "torch.float16", "max_total_tokens": 2048, "version": "3.0.1"}"#,
        )
        .unwrap();
        assert_eq!(info.model_id, "HuggingFaceTB/SmolLM2-135M-Instruct");
    }
}
