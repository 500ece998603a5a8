//! Process lifecycle of `epistemic-audit serve`: announced port, port file, graceful shutdown on
//! SIGTERM/SIGINT (in-flight requests finish, new connections are refused, exit code 0), and
//! refusal of invalid settings.

mod common;
use common::*;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

#[test]
fn sigterm_exits_zero_promptly() {
    let mut s = Server::open();
    assert_eq!(get(&s.url("/health")).status, 200);
    let t = Instant::now();
    s.signal("TERM");
    let status = s
        .wait_exit(Duration::from_secs(10))
        .expect("exited within 10 s");
    assert!(status.success(), "{status:?}");
    assert!(
        t.elapsed() < Duration::from_secs(5),
        "took {:?}",
        t.elapsed()
    );
}

#[test]
fn sigint_exits_zero() {
    let mut s = Server::open();
    s.signal("INT");
    let status = s
        .wait_exit(Duration::from_secs(10))
        .expect("exited within 10 s");
    assert!(status.success(), "{status:?}");
}

#[test]
fn in_flight_request_finishes_during_shutdown() {
    let mut s = Server::open();
    let body = br#"{"text":"Paris is the capital of France."}"#;
    let (head, tail) = body.split_at(10);
    let mut conn = TcpStream::connect(("127.0.0.1", s.port)).unwrap();
    conn.set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    write!(
        conn,
        "POST /v1/audit HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .unwrap();
    conn.write_all(head).unwrap();
    conn.flush().unwrap();
    std::thread::sleep(Duration::from_millis(300));

    s.signal("TERM");
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        s.wait_exit(Duration::from_millis(1)).is_none(),
        "exited with a request in flight"
    );
    // No new connections once shutdown has begun.
    assert!(
        TcpStream::connect(("127.0.0.1", s.port)).is_err(),
        "still accepting"
    );

    conn.write_all(tail).unwrap();
    let mut reply = String::new();
    conn.read_to_string(&mut reply).unwrap();
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    assert!(reply.contains("\"height\""), "{reply}");
    let status = s
        .wait_exit(Duration::from_secs(10))
        .expect("exited after draining");
    assert!(status.success(), "{status:?}");
}

#[test]
fn idle_keep_alive_connections_do_not_delay_shutdown() {
    let mut s = Server::open();
    let mut conn = TcpStream::connect(("127.0.0.1", s.port)).unwrap();
    write!(conn, "GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n").unwrap();
    let mut buf = [0u8; 512];
    let n = conn.read(&mut buf).unwrap();
    assert!(String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 200"));
    let t = Instant::now();
    s.signal("TERM");
    let status = s.wait_exit(Duration::from_secs(10)).expect("exited");
    assert!(status.success());
    assert!(
        t.elapsed() < Duration::from_secs(5),
        "took {:?}",
        t.elapsed()
    );
}

#[test]
fn port_file_is_written() {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("port-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let s = Server::start(&[("PORT_FILE", path.to_str().unwrap())], &[]);
    let port: u16 = std::fs::read_to_string(&path)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert_eq!(port, s.port);
    let _ = std::fs::remove_file(&path);
}

#[test]
fn invalid_settings_are_refused() {
    let out = std::process::Command::new(BIN)
        .args(["serve", "--port", "0"])
        .env("TRUSTED_PROXIES", "not-an-ip")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not-an-ip"));
    // The secret's value is never echoed by --help.
    let out = std::process::Command::new(BIN)
        .args(["serve", "--help"])
        .env("AG_API_KEY_SECRET", "do-not-print-me")
        .output()
        .unwrap();
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains("AG_API_KEY_SECRET"));
    assert!(!help.contains("do-not-print-me"));
}

#[test]
fn port_in_use_exits_one_with_a_message() {
    let s = Server::open();
    let out = std::process::Command::new(BIN)
        .args([
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            &s.port.to_string(),
        ])
        .env_remove("AG_API_KEY_SECRET")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot listen on 127.0.0.1:"), "{err}");
}

#[test]
fn text_log_format_and_level() {
    let s = Server::start(&[("LOG_FORMAT", "text"), ("LOG_LEVEL", "warn")], &[]);
    assert_eq!(get(&s.url("/health")).status, 200);
    let logs = s.logs_once("OPEN MODE");
    assert!(logs.contains("OPEN MODE"), "{logs}");
    assert!(!logs.contains("\"level\""), "JSON in text mode: {logs}");
    assert!(
        !logs.contains("/health"),
        "info access line at warn level: {logs}"
    );
}
