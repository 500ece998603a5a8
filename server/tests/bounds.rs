//! Resource bounds of the running binary (issue 6 "Resource bounds"), black-box: slow-loris
//! clients are timed out (headers: connection closed; body: 408), oversized bodies get 413 without
//! the server's memory growing by what buffering them would take, concurrent requests beyond
//! MAX_IN_FLIGHT_REQUESTS get 503 with `Retry-After`, and many distinct client addresses keep the
//! limiter at its key cap (eviction).

mod common;
use common::*;
use serde_json::json;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// Peak resident memory of `pid` (VmHWM), KiB.
fn vm_hwm_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc/PID/status")
}

/// Resets the peak-RSS counter of `pid` (Linux `clear_refs` 5), so VmHWM measures from now.
fn reset_hwm(pid: u32) {
    std::fs::write(format!("/proc/{pid}/clear_refs"), "5").expect("write /proc/PID/clear_refs");
}

/// Connects to the server with a read timeout.
fn connect(s: &Server) -> TcpStream {
    let c = TcpStream::connect(("127.0.0.1", s.port)).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    c
}

/// Reads what the server sends until it closes the connection, a complete response with a
/// Content-Length has arrived, or `within` passes; returns (text, closed by the server).
fn read_response(c: &mut TcpStream, within: Duration) -> (String, bool) {
    let deadline = Instant::now() + within;
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    c.set_read_timeout(Some(Duration::from_millis(200)))
        .unwrap();
    while Instant::now() < deadline {
        match c.read(&mut buf) {
            Ok(0) => return (String::from_utf8_lossy(&got).into_owned(), true),
            Ok(n) => {
                got.extend_from_slice(&buf[..n]);
                let text = String::from_utf8_lossy(&got).into_owned();
                if let Some((head, body)) = text.split_once("\r\n\r\n") {
                    let len = head.lines().find_map(|l| {
                        let (k, v) = l.split_once(':')?;
                        k.eq_ignore_ascii_case("content-length")
                            .then(|| v.trim().parse::<usize>().ok())?
                    });
                    if len.is_some_and(|n| body.len() >= n) {
                        return (text, false);
                    }
                }
            }
            Err(e)
                if e.kind() == std::io::ErrorKind::WouldBlock
                    || e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(_) => return (String::from_utf8_lossy(&got).into_owned(), true),
        }
    }
    (String::from_utf8_lossy(&got).into_owned(), false)
}

#[test]
fn slow_loris_headers_are_cut_off() {
    let s = Server::start(&[("HEADER_READ_TIMEOUT_SECONDS", "2")], &[]);
    let mut c = connect(&s);
    c.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\n").unwrap();
    // Trickle one header byte every 250 ms for up to 20 s: the server must close the connection
    // (after its 2 s header timeout) long before the headers could end.
    let started = Instant::now();
    let mut closed = false;
    let mut answer = String::new();
    c.set_read_timeout(Some(Duration::from_millis(250)))
        .unwrap();
    while started.elapsed() < Duration::from_secs(20) {
        if c.write_all(b"X").is_err() {
            closed = true;
            break;
        }
        let mut buf = [0u8; 1024];
        match c.read(&mut buf) {
            Ok(0) => {
                closed = true;
                break;
            }
            Ok(n) => answer.push_str(&String::from_utf8_lossy(&buf[..n])),
            Err(e)
                if e.kind() == std::io::ErrorKind::WouldBlock
                    || e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(_) => {
                closed = true;
                break;
            }
        }
    }
    assert!(closed, "a client trickling headers was never disconnected");
    assert!(
        !answer.contains(" 200 "),
        "no request was served to the slow client: {answer}"
    );
    // The server itself is fine.
    assert_eq!(get(&s.url("/health")).status, 200);
}

#[test]
fn slow_loris_bodies_get_408() {
    let s = Server::start(&[("BODY_READ_TIMEOUT_SECONDS", "2")], &[]);
    let mut c = connect(&s);
    c.write_all(
        b"POST /v1/audit HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{\"text\":\"",
    )
    .unwrap();
    // One body byte every 300 ms: 200 bytes would take a minute.
    let started = Instant::now();
    let mut answer = String::new();
    while started.elapsed() < Duration::from_secs(20) {
        if c.write_all(b"a").is_err() {
            break;
        }
        let (text, closed) = read_response(&mut c, Duration::from_millis(300));
        answer.push_str(&text);
        if closed || answer.contains("\r\n\r\n") {
            break;
        }
    }
    assert!(
        answer.starts_with("HTTP/1.1 408"),
        "expected 408 for a trickled body, got: {answer:?}"
    );
    assert!(answer.contains("within 2 seconds"), "{answer}");
    assert_eq!(get(&s.url("/health")).status, 200);
}

#[test]
fn oversized_bodies_are_refused_without_buffering_them() {
    let s = Server::open();
    let nine_mib = 9 * 1024 * 1024;
    // Warm up (first requests allocate the runtime's buffers), then measure from here.
    assert_eq!(
        post_json(&s.url("/v1/audit"), &[], &json!({"text": "warm"})).status,
        200
    );
    reset_hwm(s.pid());
    let before = vm_hwm_kib(s.pid());

    // Eight clients at once declare 9 MiB bodies: buffering them would take 72 MiB.
    let body = vec![b'a'; nine_mib];
    std::thread::scope(|scope| {
        for _ in 0..8 {
            scope.spawn(|| {
                let r = request(
                    "POST",
                    &s.url("/v1/audit"),
                    &[("Content-Type", "application/json")],
                    Some(&body),
                );
                assert_eq!(r.status, 413, "{}", r.body);
            });
        }
    });
    // A chunked body (no declared length) of 64 MiB: refused once 8 MiB have arrived; the rest
    // is not read (at most another 8 MiB is discarded, then the connection is closed).
    let mut c = connect(&s);
    c.write_all(b"POST /v1/batch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
        .unwrap();
    let mut reader = c.try_clone().unwrap();
    let answer = std::thread::spawn(move || read_response(&mut reader, Duration::from_secs(30)).0);
    let chunk = vec![b'a'; 64 * 1024];
    let mut sent = 0usize;
    while sent < 64 * 1024 * 1024 {
        if c.write_all(format!("{:x}\r\n", chunk.len()).as_bytes())
            .and_then(|()| c.write_all(&chunk))
            .and_then(|()| c.write_all(b"\r\n"))
            .is_err()
        {
            break;
        }
        sent += chunk.len();
    }
    let answer = answer.join().unwrap();
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer:?}");
    assert!(
        sent < 64 * 1024 * 1024,
        "the server read the whole 64 MiB body instead of closing"
    );

    let grown_mib = (vm_hwm_kib(s.pid()).saturating_sub(before)) / 1024;
    // Buffering would need 72 MiB (declared) or 64 MiB (chunked); the bound allows one 8 MiB
    // buffer per streamed request (plus its growth by doubling).
    assert!(
        grown_mib < 40,
        "peak RSS grew by {grown_mib} MiB while refusing oversized bodies"
    );
    assert_eq!(get(&s.url("/health")).status, 200);
}

#[test]
fn requests_beyond_the_in_flight_bound_get_503() {
    let s = Server::start(
        &[
            ("MAX_IN_FLIGHT_REQUESTS", "2"),
            ("BODY_READ_TIMEOUT_SECONDS", "60"),
        ],
        &[],
    );
    // Two requests whose bodies never come hold both places.
    let mut stalled: Vec<TcpStream> = (0..2)
        .map(|_| {
            let mut c = connect(&s);
            c.write_all(b"POST /v1/audit HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
                .unwrap();
            c
        })
        .collect();
    let metric = |name: &str| -> f64 {
        get(&s.url("/metrics"))
            .body
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{name} ")))
            .unwrap_or_else(|| panic!("{name} not in /metrics"))
            .parse()
            .unwrap()
    };
    // Wait until the server has taken both (bounded: they were sent before).
    let deadline = Instant::now() + Duration::from_secs(10);
    while metric("epistemic_audit_in_flight_requests") < 2.0 {
        assert!(
            Instant::now() < deadline,
            "the stalled requests never became in flight"
        );
        std::thread::sleep(Duration::from_millis(50));
    }

    let r = post_json(&s.url("/v1/audit"), &[], &json!({"text": "a"}));
    assert_eq!(r.status, 503, "{}", r.body);
    assert_eq!(r.header("retry-after"), Some("1"));
    assert!(
        r.json()["detail"].as_str().unwrap().contains("2 requests"),
        "{}",
        r.body
    );
    assert_eq!(get(&s.url("/")).status, 503, "every other route counts too");
    // Monitoring is exempt.
    assert_eq!(get(&s.url("/health")).status, 200);
    assert_eq!(metric("epistemic_audit_in_flight_requests"), 2.0);

    // One stalled client completes its body: its place is freed.
    let first = &mut stalled[0];
    let rest = format!("\"text\":\"{}\"}}", "b".repeat(100 - 11));
    first.write_all(rest.as_bytes()).unwrap();
    let (answer, _) = read_response(first, Duration::from_secs(20));
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let r = post_json(&s.url("/v1/audit"), &[], &json!({"text": "a"}));
        if r.status == 200 {
            break;
        }
        assert_eq!(r.status, 503);
        assert!(
            Instant::now() < deadline,
            "the freed place was never reused"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(stalled);
}

#[test]
fn limiter_keys_stay_at_the_cap_and_the_oldest_are_evicted() {
    let s = Server::start(&[("RATE_LIMIT_MAX_KEYS", "500")], &[]);
    let audit = s.url("/v1/audit");
    let empty = json!({});
    // Client A uses up its audit quota (every admitted request counts, 422 included).
    let a = [("X-Forwarded-For", "198.18.200.1")];
    for i in 0..100 {
        assert_eq!(post_json(&audit, &a, &empty).status, 422, "request {i}");
    }
    assert_eq!(post_json(&audit, &a, &empty).status, 429);
    // 2 000 other addresses arrive, one request each: four times the cap.
    for i in 0..2000u32 {
        let ip = format!("198.19.{}.{}", i / 256, i % 256);
        assert_eq!(
            post_json(&audit, &[("X-Forwarded-For", &ip)], &empty).status,
            422
        );
    }
    let keys: f64 = get(&s.url("/metrics"))
        .body
        .lines()
        .find_map(|l| l.strip_prefix("epistemic_audit_rate_limiter_keys "))
        .expect("rate_limiter_keys gauge")
        .parse()
        .unwrap();
    assert!(
        (1.0..=500.0).contains(&keys),
        "the limiter tracks {keys} keys with a cap of 500"
    );
    // A was the least recently active key, so it was evicted: a fresh quota.
    assert_eq!(post_json(&audit, &a, &empty).status, 422);
    assert!(s
        .logs_once("rate-limit key cap reached")
        .contains("rate-limit key cap reached"));
}
