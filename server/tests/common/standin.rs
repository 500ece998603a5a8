//! A Hugging Face TGI stand-in on loopback for the upstream tests: `GET /info`, `POST /generate`
//! in the response shapes of real TGI (its OpenAPI document and integration-test snapshots):
//! `details.prefill` (`{id, text, logprob}`, BOS first with a null logprob, SentencePiece
//! pieces decoded alone so leading spaces are lost), `details.tokens` (`{id, text, logprob,
//! special}`) and `details.top_tokens`. `GET /v1/models` is 404 (as on TGI without the Messages
//! API), so protocol probing must pick TGI.
//!
//! It records every request (method, path, headers, JSON body), counts connections and the most
//! requests in flight at once, and can misbehave on `POST /generate` ([`Fault`]): hang, reset
//! the connection, answer 500, answer invalid JSON, answer 10 MB (with and without
//! Content-Length) or trickle the body. A `/generate` whose inputs contain [`FAIL_MARKER`]
//! answers 500 whatever the fault. Plain std threads and sockets, so faults are exact.

use serde_json::{json, Value};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Inputs containing this make `/generate` answer 500.
pub const FAIL_MARKER: &str = "TRIGGER-UPSTREAM-500";

/// Model id the stand-in reports on `/info`.
pub const MODEL_ID: &str = "HuggingFaceTB/SmolLM2-135M-Instruct";

/// How `POST /generate` misbehaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// Answers normally.
    None,
    /// Reads the request and never answers.
    Hang,
    /// Closes the connection with unread request bytes (the kernel sends RST).
    Reset,
    /// 500 with TGI's error body.
    Status500,
    /// 200 with a body that is not JSON.
    InvalidJson,
    /// 200 with a 10 MB body and its Content-Length.
    Huge,
    /// 200 with a 10 MB chunked body (no length known in advance).
    HugeChunked,
    /// 200 with headers at once, then one body byte every 200 ms.
    SlowBody,
}

/// One recorded request.
#[derive(Debug, Clone)]
pub struct Recorded {
    /// `GET`, `POST`.
    pub method: String,
    /// Request path.
    pub path: String,
    /// Headers, names lower-cased.
    pub headers: HashMap<String, String>,
    /// Parsed JSON body (`Null` when none).
    pub body: Value,
}

#[derive(Default)]
struct Shared {
    requests: Mutex<Vec<Recorded>>,
    connections: AtomicUsize,
    in_flight: AtomicUsize,
    max_in_flight: AtomicUsize,
    stop: AtomicBool,
}

/// A running stand-in; stops (and its hanging handlers return) when dropped.
pub struct StandIn {
    /// The bound port on 127.0.0.1.
    pub port: u16,
    shared: Arc<Shared>,
}

impl StandIn {
    /// Starts a stand-in whose `/generate` misbehaves as `fault`; each `/generate` takes
    /// `delay` before answering (to observe concurrency).
    pub fn start(fault: Fault, delay: Duration) -> StandIn {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind the stand-in");
        let port = listener.local_addr().unwrap().port();
        let shared = Arc::new(Shared::default());
        let s = Arc::clone(&shared);
        std::thread::spawn(move || {
            for conn in listener.incoming() {
                if s.stop.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(conn) = conn else { continue };
                s.connections.fetch_add(1, Ordering::SeqCst);
                let s = Arc::clone(&s);
                std::thread::spawn(move || serve(conn, &s, fault, delay));
            }
        });
        StandIn { port, shared }
    }

    /// A well-behaved stand-in.
    pub fn tgi() -> StandIn {
        Self::start(Fault::None, Duration::ZERO)
    }

    /// `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// Every request received so far.
    pub fn requests(&self) -> Vec<Recorded> {
        self.shared.requests.lock().unwrap().clone()
    }

    /// The `POST /generate` requests received so far.
    pub fn generations(&self) -> Vec<Recorded> {
        self.requests()
            .into_iter()
            .filter(|r| r.method == "POST" && r.path == "/generate")
            .collect()
    }

    /// TCP connections accepted so far.
    pub fn connections(&self) -> usize {
        self.shared.connections.load(Ordering::SeqCst)
    }

    /// Most `/generate` requests that were being answered at the same time.
    pub fn max_in_flight(&self) -> usize {
        self.shared.max_in_flight.load(Ordering::SeqCst)
    }
}

impl Drop for StandIn {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::SeqCst);
        // Wake the accept loop so it sees the flag.
        let _ = TcpStream::connect(("127.0.0.1", self.port));
    }
}

/// One request as read from the socket.
struct RawRequest {
    method: String,
    path: String,
    headers: HashMap<String, String>,
    body: Vec<u8>,
}

/// Reads one request (head + Content-Length body). `None` at EOF or on a malformed request.
fn read_request(reader: &mut BufReader<TcpStream>) -> Option<RawRequest> {
    let mut line = String::new();
    if reader.read_line(&mut line).ok()? == 0 {
        return None;
    }
    read_rest(reader, &line)
}

fn respond(stream: &mut TcpStream, status: &str, body: &[u8]) -> std::io::Result<()> {
    write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )?;
    stream.write_all(body)?;
    stream.flush()
}

fn serve(stream: TcpStream, s: &Shared, fault: Fault, delay: Duration) {
    let mut writer = stream.try_clone().expect("clone the socket");
    let mut reader = BufReader::new(stream);
    // Reset: read only the request line, then close with the rest unread → RST.
    if fault == Fault::Reset {
        let mut first = String::new();
        let _ = reader.read_line(&mut first);
        if first.starts_with("POST /generate") {
            s.requests.lock().unwrap().push(Recorded {
                method: "POST".into(),
                path: "/generate".into(),
                headers: HashMap::new(),
                body: Value::Null,
            });
            return;
        }
        // Not /generate (e.g. /info): answer it properly on this connection.
        if let Some(req) = read_rest(&mut reader, &first) {
            let _ = answer(&mut writer, s, Fault::None, delay, req);
        }
        return;
    }
    while let Some(req) = read_request(&mut reader) {
        if answer(&mut writer, s, fault, delay, req).is_err() {
            return;
        }
    }
}

/// Parses the rest of a request whose first line was already read.
fn read_rest(reader: &mut BufReader<TcpStream>, first: &str) -> Option<RawRequest> {
    let mut parts = first.split_whitespace();
    let method = parts.next()?.to_string();
    let path = parts.next()?.to_string();
    let mut headers = HashMap::new();
    loop {
        let mut h = String::new();
        if reader.read_line(&mut h).ok()? == 0 {
            return None;
        }
        let h = h.trim_end();
        if h.is_empty() {
            break;
        }
        if let Some((k, v)) = h.split_once(':') {
            headers.insert(k.trim().to_ascii_lowercase(), v.trim().to_string());
        }
    }
    let len: usize = headers
        .get("content-length")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let mut body = vec![0; len];
    reader.read_exact(&mut body).ok()?;
    Some(RawRequest {
        method,
        path,
        headers,
        body,
    })
}

fn answer(
    w: &mut TcpStream,
    s: &Shared,
    fault: Fault,
    delay: Duration,
    req: RawRequest,
) -> std::io::Result<()> {
    let RawRequest {
        method,
        path,
        headers,
        body,
    } = req;
    let json: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    s.requests.lock().unwrap().push(Recorded {
        method: method.clone(),
        path: path.clone(),
        headers,
        body: json.clone(),
    });
    match (method.as_str(), path.as_str()) {
        ("GET", "/info") => respond(
            w,
            "200 OK",
            json!({
                "model_id": MODEL_ID, "model_sha": null, "model_dtype": "torch.float16",
                "model_device_type": "cpu", "model_pipeline_tag": "text-generation",
                "max_concurrent_requests": 128, "max_best_of": 2, "max_stop_sequences": 4,
                "max_input_tokens": 4095, "max_total_tokens": 4096, "validation_workers": 2,
                "max_client_batch_size": 4, "router": "text-generation-router", "version": "3.0.1",
                "sha": null, "docker_label": null
            })
            .to_string()
            .as_bytes(),
        ),
        ("POST", "/generate") => {
            let n = s.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
            s.max_in_flight.fetch_max(n, Ordering::SeqCst);
            std::thread::sleep(delay);
            let r = generate(w, s, fault, &json);
            s.in_flight.fetch_sub(1, Ordering::SeqCst);
            r
        }
        _ => respond(w, "404 Not Found", br#"{"error":"Not Found"}"#),
    }
}

fn generate(w: &mut TcpStream, s: &Shared, fault: Fault, req: &Value) -> std::io::Result<()> {
    let inputs = req["inputs"].as_str().unwrap_or("");
    if inputs.contains(FAIL_MARKER) {
        return respond(
            w,
            "500 Internal Server Error",
            br#"{"error":"Request failed during generation","error_type":"generation"}"#,
        );
    }
    match fault {
        Fault::None | Fault::Reset => respond(w, "200 OK", tgi_answer(req).to_string().as_bytes()),
        Fault::Hang => {
            while !s.stop.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(50));
            }
            Ok(())
        }
        Fault::Status500 => respond(
            w,
            "500 Internal Server Error",
            br#"{"error":"Request failed during generation","error_type":"generation"}"#,
        ),
        Fault::InvalidJson => respond(
            w,
            "200 OK",
            b"{\"generated_text\": \"Paris\", \"details\": {",
        ),
        Fault::Huge => {
            let chunk = vec![b'a'; 1 << 20];
            write!(
                w,
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
                10 << 20
            )?;
            for _ in 0..10 {
                w.write_all(&chunk)?;
            }
            w.flush()
        }
        Fault::HugeChunked => {
            let chunk = vec![b' '; 1 << 20];
            write!(
                w,
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            )?;
            for _ in 0..10 {
                write!(w, "{:x}\r\n", chunk.len())?;
                w.write_all(&chunk)?;
                w.write_all(b"\r\n")?;
            }
            w.write_all(b"0\r\n\r\n")?;
            w.flush()
        }
        Fault::SlowBody => {
            let body = tgi_answer(req).to_string();
            write!(
                w,
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
                body.len()
            )?;
            w.flush()?;
            for b in body.bytes() {
                if s.stop.load(Ordering::SeqCst) {
                    break;
                }
                w.write_all(&[b])?;
                w.flush()?;
                std::thread::sleep(Duration::from_millis(200));
            }
            Ok(())
        }
    }
}

/// Splits like a SentencePiece tokenizer decoded piece by piece: special tokens whole, each
/// word (leading space dropped, as TGI's per-token decode does), newlines alone.
pub fn pieces(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(special) = ["<|im_start|>", "<|im_end|>"]
            .iter()
            .find(|sp| rest.starts_with(**sp))
        {
            out.push(special.to_string());
            rest = &rest[special.len()..];
            continue;
        }
        let c = rest.chars().next().unwrap();
        if c == '\n' {
            out.push("\n".into());
            rest = &rest[1..];
            continue;
        }
        let start = rest.trim_start_matches(' ');
        let end = start
            .find([' ', '\n', '<'])
            .map(|i| if i == 0 { 1 } else { i })
            .unwrap_or(start.len());
        out.push(start[..end].to_string());
        rest = &start[end..];
    }
    out
}

/// A deterministic log-probability for a piece: short common words likely, others less so.
pub fn piece_logprob(piece: &str) -> f64 {
    const LIKELY: &[&str] = &["The", "the", "capital", "of", "France", "is", "Paris", "."];
    if LIKELY.contains(&piece) {
        -0.05
    } else {
        -(2.0 + (piece.len() % 4) as f64)
    }
}

/// Seeded sample answers: seed i → SAMPLES[i % len].
pub const SAMPLES: &[&str] = &[
    "Paris is the capital of France.",
    "The capital of France is Paris.",
    "Lyon.",
    "It is Paris.",
];

fn tgi_answer(req: &Value) -> Value {
    let inputs = req["inputs"].as_str().unwrap_or("");
    let p = &req["parameters"];
    if p["decoder_input_details"] == json!(true) {
        let mut prefill = vec![json!({"id": 1, "logprob": null, "text": "<s>"})];
        for (i, piece) in pieces(inputs).iter().enumerate() {
            prefill.push(json!({"id": 100 + i, "logprob": piece_logprob(piece), "text": piece}));
        }
        return json!({
            "generated_text": "\n",
            "details": {"finish_reason": "length", "generated_tokens": 1, "seed": null,
                        "prefill": prefill,
                        "tokens": [{"id": 13, "logprob": -0.5, "special": false, "text": "\n"}],
                        "top_tokens": null, "best_of_sequences": null}
        });
    }
    if p["do_sample"] == json!(true) {
        let seed = p["seed"].as_u64().unwrap_or(0) as usize;
        return json!({"generated_text": SAMPLES[seed % SAMPLES.len()]});
    }
    // Greedy answer with details and top_n_tokens alternatives.
    let words = ["Paris", " is", " the", " capital", "."];
    let k = p["top_n_tokens"].as_u64().unwrap_or(0) as usize;
    let tokens: Vec<Value> = words
        .iter()
        .enumerate()
        .map(|(i, w)| json!({"id": 200 + i, "logprob": -0.1 * (i + 1) as f64, "special": false, "text": w}))
        .chain(std::iter::once(json!({"id": 2, "logprob": -0.01, "special": true, "text": "<|im_end|>"})))
        .collect();
    let top: Vec<Value> = tokens
        .iter()
        .map(|t| {
            let mut alts = vec![t.clone()];
            alts.extend((1..k).map(|j| json!({"id": 900 + j, "logprob": -3.0 - j as f64, "special": false, "text": format!(" alt{j}")})));
            Value::Array(alts)
        })
        .collect();
    json!({
        "generated_text": words.concat(),
        "details": {"finish_reason": "eos_token", "generated_tokens": tokens.len(), "seed": null,
                    "prefill": [], "tokens": tokens, "top_tokens": if k > 0 { Value::Array(top) } else { Value::Null }}
    })
}
