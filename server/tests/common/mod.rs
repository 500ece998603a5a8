//! Shared helpers of the black-box tests: start the real `epistemic-audit` binary on a free port,
//! talk to it over HTTP with a blocking client, and check AuditResult invariants.
#![allow(dead_code)]

pub mod durability;
pub mod services;
pub mod standin;

use serde_json::Value;
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Path of the binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_epistemic-audit");

/// Environment variables the server reads; cleared so the caller's shell cannot leak into a test.
pub const SETTINGS_ENV: &[&str] = &[
    "HOST",
    "PORT",
    "PORT_FILE",
    "AG_API_KEY_SECRET",
    "TRUSTED_PROXIES",
    "MAX_BODY_BYTES",
    "BODY_READ_TIMEOUT_SECONDS",
    "HEADER_READ_TIMEOUT_SECONDS",
    "RATE_LIMIT_MAX_KEYS",
    "MAX_IN_FLIGHT_REQUESTS",
    "SCORING_CONCURRENCY",
    "LOG_FORMAT",
    "LOG_LEVEL",
    "SHUTDOWN_GRACE_SECONDS",
    "CORS_ORIGINS",
    "CORS_ALLOW_CREDENTIALS",
    "CORS_MAX_AGE_SECONDS",
    "FEEDBACK_DB_PATH",
    "DATABASE_URL",
    "DATABASE_SCHEMA",
    "FEEDBACK_REFIT_EVERY",
    "FEEDBACK_REFIT_INTERVAL_SECONDS",
    "REDIS_URL",
    "REDIS_KEY_PREFIX",
    "HF_ENDPOINT_URL",
    "HF_TOKEN",
    "UPSTREAM_PROTOCOL",
    "UPSTREAM_SAMPLES",
    "UPSTREAM_MAX_TOKENS",
    "UPSTREAM_TOP_LOGPROBS",
    "UPSTREAM_CONCURRENCY",
    "HF_TIMEOUT",
    "ALLOWED_HF_HOSTS",
    "UPSTREAM_ALLOW_LOOPBACK_HTTP",
    "UPSTREAM_PROMPT_TEMPLATE",
    "SEMANTIC_MODEL_DIR",
    "SEMANTIC_MAX_CONCURRENCY",
    "SEMANTIC_CACHE_ENTRIES",
];

/// A fresh path for a SQLite feedback database under the target directory's scratch space
/// (each test server gets its own unless the test passes FEEDBACK_DB_PATH itself).
pub fn temp_db_path() -> String {
    format!(
        "{}/feedback-{}.sqlite3",
        env!("CARGO_TARGET_TMPDIR"),
        uuid_like()
    )
}

/// A unique enough identifier for test resources: pid, time in ns and a counter.
pub fn uuid_like() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!(
        "{}_{}_{}",
        std::process::id(),
        nanos,
        N.fetch_add(1, Ordering::SeqCst)
    )
}

/// A running server process; killed when dropped.
pub struct Server {
    child: Child,
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    /// The bound port.
    pub port: u16,
    logs: Arc<Mutex<String>>,
}

impl Server {
    /// Starts `epistemic-audit serve --host 127.0.0.1 --port 0` with `env` set and `args` appended,
    /// and waits for the `listening on` line.
    pub fn start(env: &[(&str, &str)], args: &[&str]) -> Server {
        let mut cmd = Command::new(BIN);
        cmd.args(["serve", "--host", "127.0.0.1", "--port", "0"])
            .args(args);
        for var in SETTINGS_ENV {
            cmd.env_remove(var);
        }
        if !env.iter().any(|(k, _)| *k == "FEEDBACK_DB_PATH") {
            cmd.env("FEEDBACK_DB_PATH", temp_db_path());
        }
        cmd.envs(env.iter().copied());
        cmd.stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = cmd.spawn().expect("spawn the server binary");

        let logs = Arc::new(Mutex::new(String::new()));
        let stderr = child.stderr.take().unwrap();
        let sink = Arc::clone(&logs);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let mut l = sink.lock().unwrap();
                l.push_str(&line);
                l.push('\n');
            }
        });
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(addr) = line.strip_prefix("listening on ") {
                    let _ = tx.send(addr.to_string());
                }
            }
        });
        let addr = match rx.recv_timeout(Duration::from_secs(120)) {
            Ok(a) => a,
            Err(_) => {
                let _ = child.kill();
                panic!(
                    "server did not announce its address; logs:\n{}",
                    logs.lock().unwrap()
                );
            }
        };
        let port: u16 = addr.rsplit(':').next().unwrap().parse().unwrap();
        Server {
            child,
            base: format!("http://127.0.0.1:{port}"),
            port,
            logs,
        }
    }

    /// Starts a server in open mode with default settings.
    pub fn open() -> Server {
        Server::start(&[], &[])
    }

    /// Full URL of `path`.
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    /// Everything the server wrote to stderr so far.
    pub fn logs(&self) -> String {
        self.logs.lock().unwrap().clone()
    }

    /// Everything the server wrote to stderr once `needle` is among it, or after 30 s without it.
    /// Stderr is read on its own thread, so a line the server wrote before a response may not be
    /// in [`Server::logs`] yet when the response arrives (seen under load in CI).
    pub fn logs_once(&self, needle: &str) -> String {
        let deadline = std::time::Instant::now() + Duration::from_secs(30);
        loop {
            let logs = self.logs();
            if logs.contains(needle) || std::time::Instant::now() >= deadline {
                return logs;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends `signal` (e.g. "TERM", "INT") with kill(1).
    pub fn signal(&self, signal: &str) {
        let ok = Command::new("kill")
            .arg(format!("-{signal}"))
            .arg(self.pid().to_string())
            .status()
            .unwrap();
        assert!(ok.success());
    }

    /// Waits up to `timeout` for the process to exit.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP response.
#[derive(Debug)]
pub struct Reply {
    /// Status code.
    pub status: u16,
    /// Headers, names lower-cased (last value wins).
    pub headers: HashMap<String, String>,
    /// Body as text.
    pub body: String,
}

impl Reply {
    /// Body parsed as JSON (panics with the body text if it is not JSON).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
    /// A header's value.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .get(&name.to_ascii_lowercase())
            .map(String::as_str)
    }
}

fn agent() -> &'static ureq::Agent {
    static AGENT: OnceLock<ureq::Agent> = OnceLock::new();
    AGENT.get_or_init(|| {
        ureq::AgentBuilder::new()
            .timeout(Duration::from_secs(300))
            .build()
    })
}

fn into_reply(result: Result<ureq::Response, ureq::Error>) -> Reply {
    let resp = match result {
        Ok(r) => r,
        Err(ureq::Error::Status(_, r)) => r,
        Err(e) => panic!("transport error: {e}"),
    };
    let status = resp.status();
    let headers = resp
        .headers_names()
        .into_iter()
        .map(|n| {
            let v = resp.header(&n).unwrap_or("").to_string();
            (n.to_ascii_lowercase(), v)
        })
        .collect();
    let mut body = String::new();
    resp.into_reader()
        .take(64 << 20)
        .read_to_string(&mut body)
        .unwrap();
    Reply {
        status,
        headers,
        body,
    }
}

/// Sends a request; `body` is sent with Content-Length when given.
pub fn request(method: &str, url: &str, headers: &[(&str, &str)], body: Option<&[u8]>) -> Reply {
    let mut req = agent().request(method, url);
    for (k, v) in headers {
        req = req.set(k, v);
    }
    into_reply(match body {
        Some(b) => req.send_bytes(b),
        None => req.call(),
    })
}

/// Sends a body of unknown length (chunked transfer encoding) from a reader.
pub fn request_chunked(
    method: &str,
    url: &str,
    headers: &[(&str, &str)],
    body: impl Read,
) -> Reply {
    let mut req = agent().request(method, url);
    for (k, v) in headers {
        req = req.set(k, v);
    }
    into_reply(req.send(body))
}

/// GET `url`.
pub fn get(url: &str) -> Reply {
    request("GET", url, &[], None)
}

/// POST a JSON value to `url` with `Content-Type: application/json` and extra `headers`.
pub fn post_json(url: &str, headers: &[(&str, &str)], body: &Value) -> Reply {
    let mut h = vec![("Content-Type", "application/json")];
    h.extend_from_slice(headers);
    request("POST", url, &h, Some(body.to_string().as_bytes()))
}

/// Panics unless `v` is a valid AuditResult of the intrinsic tier (issue 2 acceptance).
pub fn assert_valid_audit(v: &Value) {
    for k in ["q1", "q2", "height", "ece", "brier"] {
        let x = v[k]
            .as_f64()
            .unwrap_or_else(|| panic!("{k} is not a number in {v}"));
        assert!((0.0..=1.0).contains(&x), "{k} = {x} out of [0,1]");
    }
    let h = v["height"].as_f64().unwrap();
    let ci = v["confidence_interval"]
        .as_array()
        .expect("confidence_interval array");
    assert_eq!(ci.len(), 2, "confidence_interval length");
    let (lo, hi) = (ci[0].as_f64().unwrap(), ci[1].as_f64().unwrap());
    assert!(
        0.0 <= lo && lo <= h && h <= hi && hi <= 1.0,
        "interval [{lo}, {hi}] vs height {h}"
    );
    let verdict = v["verdict"].as_str().unwrap();
    assert!(
        ["ACCEPT", "MAYBE", "REFUSED"].contains(&verdict),
        "verdict {verdict}"
    );
    assert_eq!(v["metadata"]["tier"], "intrinsic");
    assert_eq!(v["mode"], "managed");
    assert_eq!(v["upstream_latency_ms"].as_f64(), Some(0.0));
    assert!(
        v["explanation"].as_str().is_some_and(|s| !s.is_empty()),
        "explanation"
    );
}

/// Path of a file in `shared/data`.
pub fn data_file(name: &str) -> String {
    format!("{}/../../shared/data/{}", env!("CARGO_MANIFEST_DIR"), name)
}

/// Runs `script` with `python3 -c`, feeding `stdin`, and returns its stdout. Panics with an
/// install hint when python3 or the module `module` (PyPI package `pip_package`) is missing, and
/// with the script's stderr when it fails — a missing tool must fail the test, never skip it.
pub fn python3(module: &str, pip_package: &str, script: &str, stdin: &[u8]) -> String {
    use std::io::Write;
    let probe = Command::new("python3")
        .args(["-c", &format!("import {module}")])
        .output()
        .unwrap_or_else(|e| panic!("python3 is required for this test ({e}); install Python 3 and run: pip install {pip_package}"));
    assert!(
        probe.status.success(),
        "the Python module `{module}` is missing: run `pip install {pip_package}` (scripts/test.sh does this)\n{}",
        String::from_utf8_lossy(&probe.stderr)
    );
    let mut child = Command::new("python3")
        .args(["-c", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn python3");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "python3 script failed ({}):\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Makes an OpenAPI schema strict for validation: adds `additionalProperties: false` to every
/// object schema that lists `properties` and says nothing about additional ones (so a served field
/// the document does not describe fails the test).
pub fn strict_schema(v: &mut Value) {
    match v {
        Value::Object(map) => {
            if map.contains_key("properties") && !map.contains_key("additionalProperties") {
                map.insert("additionalProperties".into(), Value::Bool(false));
            }
            map.values_mut().for_each(strict_schema);
        }
        Value::Array(items) => items.iter_mut().for_each(strict_schema),
        _ => {}
    }
}
