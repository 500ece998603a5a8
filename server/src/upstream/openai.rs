//! The OpenAI-compatible adapter (llama.cpp / llama-cpp-python, vLLM, TGI's Messages API, …).
//!
//! * teacher forcing: `POST /v1/completions` with `prompt = template(prompt) + text`,
//!   `echo: true`, `logprobs: k`, `max_tokens: 1`, `temperature: 0`; the text's tokens are
//!   found by [`align_suffix`] on `logprobs.tokens`;
//! * samples: K concurrent `POST /v1/chat/completions` (`temperature` = UPSTREAM_SAMPLE_TEMPERATURE, default 1; `top_p: 1`, and the
//!   llama.cpp/vLLM extensions `top_k: 0`, `min_p: 0` that switch their truncation off;
//!   `seed` = 1..=K);
//! * the greedy answer: `POST /v1/chat/completions` with `temperature: 0`, `logprobs: true`,
//!   `top_logprobs: k`;
//! * the model id: `GET /v1/models` (`data[0].id`).
//!
//! A base URL ending in `/v1` is accepted too (`/v1` is then not repeated).
//!
//! **The llama-cpp-python echo quirk** (0.3.36, ENVIRONMENT.md). With `echo`, the server pairs
//! the prompt's tokens with the rows of its logits matrix assuming the first prompt token is BOS
//! (which it removes). When the prompt does *not* start with BOS, every row is one position
//! late: the row listed for token i is the distribution of token i+1, and `token_logprobs[i]` is
//! token i's probability under that wrong distribution (the row also gets token i inserted with
//! that wrong value). Whether a prompt shape is affected is measured once per endpoint and
//! prompt shape ([`PromptShape`]) by a probe ([`detect_shift`]): the distribution after a fixed
//! prompt P is read from a plain completion (`top_logprobs[0]`, always right) and compared with
//! the echo row of P's last token; equal rows mean the echo is shifted. A shifted response is
//! corrected by [`echo_token_logprobs`]: token j's log-probability is read from row j−1 (where
//! the true distribution of token j is), without the wrongly inserted entry. When token j is
//! not among that row's alternatives its exact value is not in the response; the adapter then
//! uses the tightest upper bound the row gives, min(smallest listed log-probability,
//! ln(1 − listed mass)).

use super::adapter::{
    clean_token, EndpointState, PromptShape, PromptTemplate, Protocol, UpstreamAdapter,
    SAMPLE_SEED_BASE,
};
use super::align::align_suffix;
use super::transport::{join, Caller, UpstreamError};
use epistemic_audit_core::TokenLogprob;
use futures_util::future::try_join_all;
use reqwest::Url;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::future::Future;
use std::sync::Arc;

/// Alternatives asked for per position in teacher forcing and in the probe (at least this many,
/// whatever UPSTREAM_TOP_LOGPROBS says, so the shift probe can compare rows).
pub const MIN_ECHO_TOP: u32 = 5;

/// Fixed probe: the answer part (a prefix every small model continues the same way) and the
/// question put in front of it for templated prompts.
pub const PROBE_ANSWER: &str = "The capital of France is";
/// Question of the templated probe.
pub const PROBE_QUESTION: &str = "What is the capital of France?";

/// Two log-probabilities are "the same" in the probe within this many nats (batched and
/// one-token evaluation may round differently).
const PROBE_TOLERANCE: f64 = 0.01;

/// `choices[].logprobs` of a legacy completion (OpenAI's shape): parallel arrays.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct CompletionLogprobs {
    /// Token strings.
    #[serde(default)]
    pub tokens: Vec<String>,
    /// Log-probability of each token (null for the first).
    #[serde(default)]
    pub token_logprobs: Vec<Option<f64>>,
    /// Per position, the top alternatives as `{token: logprob}` (null for the first).
    #[serde(default)]
    pub top_logprobs: Vec<Option<BTreeMap<String, f64>>>,
    /// Character offset of each token.
    #[serde(default)]
    pub text_offset: Vec<usize>,
}

#[derive(Debug, Deserialize)]
struct CompletionChoice {
    #[serde(default)]
    logprobs: Option<CompletionLogprobs>,
}

#[derive(Debug, Deserialize)]
struct CompletionResponse {
    choices: Vec<CompletionChoice>,
}

#[derive(Debug, Deserialize)]
struct ChatMessage {
    #[serde(default)]
    content: Option<String>,
}

#[derive(Debug, Deserialize)]
struct ChatLogprobs {
    #[serde(default)]
    content: Option<Vec<TokenLogprob>>,
}

#[derive(Debug, Deserialize)]
struct ChatChoice {
    #[serde(default)]
    message: Option<ChatMessage>,
    #[serde(default)]
    logprobs: Option<ChatLogprobs>,
}

#[derive(Debug, Deserialize)]
struct ChatResponse {
    choices: Vec<ChatChoice>,
}

#[derive(Debug, Deserialize)]
struct ModelEntry {
    id: String,
}

/// `GET /v1/models` answer.
#[derive(Debug, Deserialize)]
pub struct ModelList {
    data: Vec<ModelEntry>,
}

impl ModelList {
    /// The first model's id.
    pub fn first_id(&self) -> Option<&str> {
        self.data.first().map(|m| m.id.as_str())
    }
}

/// URL of an OpenAI route (`completions`, `chat/completions`, `models`) under `base`.
pub fn route(base: &Url, path: &str) -> Url {
    if base.path().trim_end_matches('/').ends_with("/v1") {
        join(base, path)
    } else {
        join(base, &format!("v1/{path}"))
    }
}

/// An OpenAI-compatible endpoint with its model id and probe results.
#[derive(Debug, Clone)]
pub struct OpenAiAdapter {
    pub(super) caller: Caller,
    pub(super) base: Url,
    pub(super) state: Arc<EndpointState>,
    pub(super) template: PromptTemplate,
    pub(super) top_logprobs: u32,
    pub(super) max_tokens: u32,
    pub(super) sample_temperature: f64,
}

impl OpenAiAdapter {
    fn model_field(&self, body: &mut Value) {
        if self.state.model != super::adapter::UNKNOWN_MODEL {
            body["model"] = json!(self.state.model);
        }
    }

    fn echo_top(&self) -> u32 {
        self.top_logprobs.max(MIN_ECHO_TOP)
    }

    async fn completion(
        &self,
        prompt: &str,
        echo: bool,
    ) -> Result<CompletionLogprobs, UpstreamError> {
        let mut body = json!({
            "prompt": prompt,
            "echo": echo,
            "logprobs": self.echo_top(),
            "max_tokens": 1,
            "temperature": 0.0,
        });
        self.model_field(&mut body);
        let resp: CompletionResponse = self
            .caller
            .post_json(route(&self.base, "completions"), &body)
            .await?;
        resp.choices
            .into_iter()
            .next()
            .and_then(|c| c.logprobs)
            .ok_or_else(|| UpstreamError::invalid("completion without logprobs"))
    }

    /// Whether echo rows are shifted for prompts of `shape` on this endpoint (probed once).
    async fn shifted(&self, shape: PromptShape) -> Result<bool, UpstreamError> {
        let cell = &self.state.echo_shift[shape as usize];
        cell.get_or_try_init(|| async {
            let p = match shape {
                PromptShape::Raw => PROBE_ANSWER.to_string(),
                PromptShape::Templated => self.template.prefix(PROBE_QUESTION) + PROBE_ANSWER,
            };
            let (next, echo) =
                tokio::try_join!(self.completion(&p, false), self.completion(&p, true))?;
            let shifted = detect_shift(&next, &echo, PROBE_ANSWER);
            tracing::info!(
                protocol = "openai",
                shape = shape.as_str(),
                shifted,
                "echo alignment probed"
            );
            Ok(shifted)
        })
        .await
        .copied()
    }

    async fn chat(&self, prompt: &str, extra: Value) -> Result<ChatChoice, UpstreamError> {
        let mut body = json!({
            "messages": [{"role": "user", "content": prompt}],
            "max_tokens": self.max_tokens,
            "n": 1,
        });
        if let (Some(b), Value::Object(extra)) = (body.as_object_mut(), extra) {
            b.extend(extra);
        }
        self.model_field(&mut body);
        let resp: ChatResponse = self
            .caller
            .post_json(route(&self.base, "chat/completions"), &body)
            .await?;
        resp.choices
            .into_iter()
            .next()
            .ok_or_else(|| UpstreamError::invalid("chat completion without choices"))
    }
}

impl UpstreamAdapter for OpenAiAdapter {
    fn protocol(&self) -> Protocol {
        Protocol::OpenAi
    }

    fn model_id(&self) -> &str {
        &self.state.model
    }

    fn teacher_forced_logprobs(
        &self,
        prompt: Option<&str>,
        text: &str,
    ) -> impl Future<Output = Result<Vec<TokenLogprob>, UpstreamError>> + Send {
        let (input, shape) = self.template.teacher_forcing_input(prompt, text);
        let text = text.to_string();
        async move {
            let shifted = self.shifted(shape).await?;
            let lp = self.completion(&input, true).await?;
            Ok(echo_token_logprobs(
                &lp,
                &text,
                shifted,
                self.echo_top() as usize,
                self.top_logprobs as usize,
            ))
        }
    }

    fn samples(
        &self,
        prompt: &str,
        k: u32,
    ) -> impl Future<Output = Result<Vec<String>, UpstreamError>> + Send {
        let prompt = prompt.to_string();
        async move {
            try_join_all((0..k).map(|i| {
                let prompt = &prompt;
                async move {
                    let choice = self
                        .chat(
                            prompt,
                            json!({"temperature": self.sample_temperature, "top_p": 1.0, "top_k": 0, "min_p": 0.0,
                                   "seed": SAMPLE_SEED_BASE + u64::from(i)}),
                        )
                        .await?;
                    Ok::<_, UpstreamError>(
                        choice.message.and_then(|m| m.content).unwrap_or_default(),
                    )
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
        let prompt = prompt.to_string();
        async move {
            let choice = self
                .chat(
                    &prompt,
                    json!({"temperature": 0.0, "logprobs": true,
                           "top_logprobs": self.top_logprobs, "max_tokens": max_tokens}),
                )
                .await?;
            let text = choice.message.and_then(|m| m.content).unwrap_or_default();
            let tokens = choice
                .logprobs
                .and_then(|l| l.content)
                .unwrap_or_default()
                .into_iter()
                .map(|t| {
                    clean_token(
                        t.token,
                        t.logprob,
                        t.top_logprobs.into_iter().map(|a| (a.token, a.logprob)),
                        self.top_logprobs as usize,
                    )
                })
                .collect();
            Ok((text, tokens))
        }
    }
}

/// True when the echo row of the probe prompt's last token equals the distribution `next` that
/// follows the prompt (read from a plain completion): the echo is then one position late. The
/// top three alternatives of `next` must all be in that row within 0.01 nats. `prompt_tail` is
/// the end of the probe prompt, used to find its last token among the echoed ones.
pub fn detect_shift(
    next: &CompletionLogprobs,
    echo: &CompletionLogprobs,
    prompt_tail: &str,
) -> bool {
    let Some(Some(dist)) = next.top_logprobs.first() else {
        return false;
    };
    let n = echo.tokens.len().min(echo.top_logprobs.len());
    let tokens: Vec<&str> = echo.tokens[..n].iter().map(String::as_str).collect();
    let Some(range) = align_suffix(&tokens, prompt_tail, 2) else {
        tracing::warn!("echo probe: the probe prompt was not found among the echoed tokens");
        return false;
    };
    let Some(Some(row)) = echo.top_logprobs.get(range.end - 1) else {
        return false;
    };
    let mut top: Vec<(&String, &f64)> = dist.iter().collect();
    top.sort_by(|a, b| b.1.total_cmp(a.1));
    let top = &top[..top.len().min(3)];
    !top.is_empty()
        && top.iter().all(|(tok, lp)| {
            row.get(*tok)
                .is_some_and(|v| (v - **lp).abs() <= PROBE_TOLERANCE)
        })
}

/// Upper bound on the log-probability of a token that is not among `alts` (the listed top
/// alternatives of its position): min(smallest listed, ln(1 − listed mass)). `None` when nothing
/// is listed.
fn unlisted_bound(alts: &BTreeMap<String, f64>) -> Option<f64> {
    let min = alts
        .values()
        .copied()
        .filter(|v| v.is_finite())
        .reduce(f64::min)?;
    let rest = 1.0 - alts.values().map(|v| v.exp()).sum::<f64>();
    Some(if rest > 0.0 { min.min(rest.ln()) } else { min })
}

/// The text's tokens with their log-probabilities from an echo response (module docs):
/// aligned rows are read as they are (the token's own entry is dropped from its alternatives
/// when the server inserted it beyond the `k_req` it was asked for); shifted rows are read one
/// position back. At most `k_out` alternatives are kept per token, most likely first. Tokens
/// without a log-probability (the input's first) are skipped; an empty vector means the text
/// could not be located.
pub fn echo_token_logprobs(
    lp: &CompletionLogprobs,
    text: &str,
    shifted: bool,
    k_req: usize,
    k_out: usize,
) -> Vec<TokenLogprob> {
    let n = lp
        .tokens
        .len()
        .min(lp.token_logprobs.len())
        .min(lp.top_logprobs.len());
    let tokens: Vec<&str> = lp.tokens[..n].iter().map(String::as_str).collect();
    let Some(range) = align_suffix(&tokens, text, 2) else {
        tracing::warn!(
            tokens = n,
            "teacher forcing: the text was not found among the echoed tokens; no log-probabilities"
        );
        return Vec::new();
    };
    let mut out = Vec::with_capacity(range.len());
    for j in range {
        let tok = tokens[j];
        let (logprob, alts) = if !shifted {
            let Some(v) = lp.token_logprobs[j] else {
                continue;
            };
            let mut alts = lp.top_logprobs[j].clone().unwrap_or_default();
            if alts.len() > k_req {
                alts.remove(tok);
            }
            (v, alts)
        } else {
            if j == 0 {
                continue;
            }
            let Some(mut alts) = lp.top_logprobs[j - 1].clone() else {
                continue;
            };
            // The entry the server inserted for token j−1, with a value from the wrong row.
            alts.remove(tokens[j - 1]);
            let listed = (tok != tokens[j - 1])
                .then(|| alts.get(tok).copied())
                .flatten();
            let Some(v) = listed.or_else(|| unlisted_bound(&alts)) else {
                continue;
            };
            (v, alts)
        };
        out.push(clean_token(tok.to_string(), logprob, alts, k_out));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> CompletionLogprobs {
        let path = format!(
            "{}/tests/fixtures/llamacpp/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        let v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        serde_json::from_value(v["choices"][0]["logprobs"].clone()).unwrap()
    }

    fn top1(lp: &CompletionLogprobs) -> (String, f64) {
        let d = lp.top_logprobs[0].as_ref().unwrap();
        let (t, v) = d.iter().max_by(|a, b| a.1.total_cmp(b.1)).unwrap();
        (t.clone(), *v)
    }

    /// Recorded llama-cpp-python 0.3.36 + SmolLM2-135M-Instruct: a plain prompt (first token not
    /// BOS) is echoed one row late; a ChatML prompt (starts with `<|im_start|>`, BOS) is not.
    #[test]
    fn probe_detects_the_shift_on_recorded_responses() {
        assert!(detect_shift(
            &fixture("probe_gen_plain.json"),
            &fixture("probe_echo_plain.json"),
            PROBE_ANSWER
        ));
        assert!(!detect_shift(
            &fixture("probe_gen_chatml.json"),
            &fixture("probe_echo_chatml.json"),
            PROBE_ANSWER
        ));
        // Mismatched shapes cannot claim a shift either.
        assert!(!detect_shift(
            &fixture("probe_gen_chatml.json"),
            &fixture("probe_echo_plain.json"),
            PROBE_ANSWER
        ));
    }

    /// The correction recovers the values a plain completion reports for the same positions.
    #[test]
    fn shifted_echo_is_corrected() {
        let echo = fixture("echo_plain_text.json");
        let text = "The capital of France is Paris.";
        let fixed = echo_token_logprobs(&echo, text, true, 5, 5);
        let toks: Vec<&str> = fixed.iter().map(|t| t.token.as_str()).collect();
        // The first token has no row at all; the second's row (the first's) is null.
        assert_eq!(toks, [" of", " France", " is", " Paris", "."]);
        // " Paris" after "The capital of France is": -0.2644 in the plain completion
        // (probe_gen_plain.json), while the raw echo says -8.45 for it.
        let (gen_tok, gen_lp) = top1(&fixture("probe_gen_plain.json"));
        assert_eq!(gen_tok, " Paris");
        let paris = &fixed[3];
        assert!((paris.logprob - gen_lp).abs() < 1e-9, "{}", paris.logprob);
        let raw = echo.token_logprobs[5].unwrap();
        assert!(raw < -8.0, "the recording is shifted: {raw}");
        // Alternatives are those of the right distribution, most likely first, without the
        // wrongly inserted entry.
        assert_eq!(paris.top_logprobs[0].token, " Paris");
        assert!(paris.top_logprobs.iter().all(|a| a.token != " is"));
        assert!(paris
            .top_logprobs
            .windows(2)
            .all(|w| w[0].logprob >= w[1].logprob));
        assert!(fixed
            .iter()
            .all(|t| t.logprob <= 0.0 && t.logprob.is_finite()));
        // A token missing from the row before it gets the upper bound: below every listed
        // alternative and below ln(1 − listed mass).
        let mut cut = echo.clone();
        cut.top_logprobs[2].as_mut().unwrap().remove(" France");
        let bounded = echo_token_logprobs(&cut, text, true, 5, 5);
        let france = &bounded[1];
        assert_eq!(france.token, " France");
        assert!(france
            .top_logprobs
            .iter()
            .all(|a| a.logprob >= france.logprob));
        let mass: f64 = france.top_logprobs.iter().map(|a| a.logprob.exp()).sum();
        assert!(france.logprob <= (1.0 - mass).ln() + 1e-12);
    }

    /// An aligned (ChatML) echo is read as is; its values equal the plain completion's.
    #[test]
    fn aligned_echo_is_read_as_is() {
        let echo = fixture("echo_chatml_text.json");
        let text = "The capital of France is Paris.";
        let got = echo_token_logprobs(&echo, text, false, 5, 3);
        let toks: Vec<&str> = got.iter().map(|t| t.token.as_str()).collect();
        assert_eq!(
            toks,
            ["The", " capital", " of", " France", " is", " Paris", "."]
        );
        let (_, gen_lp) = top1(&fixture("probe_gen_chatml.json"));
        assert!((got[5].logprob - gen_lp).abs() < 1e-9);
        assert!(got.iter().all(|t| t.top_logprobs.len() <= 3));
        // Reading the aligned recording as if shifted gives different (wrong) values: the probe
        // decision matters.
        let wrong = echo_token_logprobs(&echo, text, true, 5, 3);
        assert!(wrong
            .iter()
            .zip(&got)
            .any(|(w, g)| (w.logprob - g.logprob).abs() > 0.1));
    }

    #[test]
    fn unlisted_bound_is_below_the_listed_and_the_rest() {
        let alts: BTreeMap<String, f64> = [("a".to_string(), -0.1), ("b".to_string(), -3.0)].into();
        let rest = (1.0 - (-0.1f64).exp() - (-3.0f64).exp()).ln();
        assert_eq!(unlisted_bound(&alts), Some(rest.min(-3.0)));
        assert_eq!(unlisted_bound(&BTreeMap::new()), None);
    }

    #[test]
    fn routes_under_v1() {
        let b = Url::parse("http://h:1/").unwrap();
        assert_eq!(
            route(&b, "completions").as_str(),
            "http://h:1/v1/completions"
        );
        let v1 = Url::parse("https://router.example/v1/").unwrap();
        assert_eq!(
            route(&v1, "chat/completions").as_str(),
            "https://router.example/v1/chat/completions"
        );
    }

    #[test]
    fn chat_answer_shape_parses() {
        let path = format!(
            "{}/tests/fixtures/llamacpp/chat_answer.json",
            env!("CARGO_MANIFEST_DIR")
        );
        let resp: ChatResponse =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let c = &resp.choices[0];
        let content = c.logprobs.as_ref().unwrap().content.as_ref().unwrap();
        assert!(!content.is_empty());
        assert_eq!(content[0].top_logprobs.len(), 3);
        assert!(c.message.as_ref().unwrap().content.is_some());
        let models: ModelList = serde_json::from_str(
            &std::fs::read_to_string(format!(
                "{}/tests/fixtures/llamacpp/models.json",
                env!("CARGO_MANIFEST_DIR")
            ))
            .unwrap(),
        )
        .unwrap();
        assert!(models.first_id().unwrap().ends_with(".gguf"));
    }
}
