//! The external services some tests need (PostgreSQL, Redis). A test that needs one and cannot
//! reach it FAILS with a message naming what is missing and how to start it — it never skips
//! silently. `scripts/test.sh` starts installed-but-stopped services before `cargo test`.

use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// PostgreSQL URL of the tests: TEST_DATABASE_URL, else `postgres://postgres@127.0.0.1:5432/test`.
pub fn postgres_url() -> String {
    std::env::var("TEST_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into())
}

/// Redis URL of the tests: TEST_REDIS_URL, else `redis://127.0.0.1:6379/0`.
pub fn redis_url() -> String {
    std::env::var("TEST_REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379/0".into())
}

fn reachable(addr: &str) -> bool {
    addr.parse::<SocketAddr>()
        .is_ok_and(|a| TcpStream::connect_timeout(&a, Duration::from_secs(2)).is_ok())
}

/// Panics with instructions unless PostgreSQL answers at `postgres_url()`; returns a client.
pub fn require_postgres() -> postgres::Client {
    let url = postgres_url();
    postgres::Client::connect(&url, postgres::NoTls).unwrap_or_else(|e| {
        panic!(
            "MISSING SERVICE: this test needs PostgreSQL at {url} ({e}). Start it with \
             `pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start` \
             (or run scripts/test.sh, which starts it), or point TEST_DATABASE_URL at one."
        )
    })
}

/// Panics with instructions unless Redis answers PING at `redis_url()`; returns a connection.
pub fn require_redis() -> redis::Connection {
    let url = redis_url();
    let conn = redis::Client::open(url.as_str())
        .and_then(|c| c.get_connection_with_timeout(Duration::from_secs(2)));
    let mut conn = conn.unwrap_or_else(|e| {
        panic!(
            "MISSING SERVICE: this test needs Redis at {url} ({e}). Start it with \
             `redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save \"\" --appendonly no` \
             (or run scripts/test.sh, which starts it), or point TEST_REDIS_URL at one."
        )
    });
    let pong: String = redis::cmd("PING").query(&mut conn).expect("Redis PING");
    assert_eq!(pong, "PONG");
    conn
}

/// Path of `redis-server`, or a panic naming the missing program.
pub fn require_redis_server_binary() -> String {
    for dir in std::env::var("PATH").unwrap_or_default().split(':').chain([
        "/usr/bin",
        "/usr/sbin",
        "/usr/local/bin",
    ]) {
        let p = format!("{dir}/redis-server");
        if std::path::Path::new(&p).is_file() {
            return p;
        }
    }
    panic!("MISSING PROGRAM: this test starts its own Redis and needs `redis-server` on PATH (Debian package redis-server).")
}

/// A self-signed end-entity certificate for `localhost` and its key, made by `openssl` in `dir`: (cert
/// path, key path). Panics naming the program when `openssl` is missing.
pub fn self_signed_localhost(dir: &std::path::Path) -> (String, String) {
    std::fs::create_dir_all(dir).unwrap();
    let (cert, key) = (dir.join("cert.pem"), dir.join("key.pem"));
    let status = Command::new("openssl")
        .args([
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
        ])
        .args([
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=DNS:localhost",
        ])
        // An end-entity certificate (webpki refuses a CA certificate as the server's own).
        .args(["-addext", "basicConstraints=critical,CA:FALSE"])
        .arg("-keyout")
        .arg(&key)
        .arg("-out")
        .arg(&cert)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap_or_else(|e| {
            panic!("MISSING PROGRAM: this test needs `openssl` (Debian package openssl): {e}")
        });
    assert!(status.success(), "openssl req failed");
    (cert.display().to_string(), key.display().to_string())
}

/// A free TCP port on 127.0.0.1 (bound then released).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// True when something accepts TCP connections on 127.0.0.1:`port`.
pub fn port_open(port: u16) -> bool {
    reachable(&format!("127.0.0.1:{port}"))
}

/// A `redis-server` of the test's own on `port` (`bin` is the executable; no persistence),
/// started and waited for until it listens; killed with SIGKILL when dropped. For tests that
/// stop and restart Redis without disturbing the machine's shared one.
pub struct RedisProcess(Child);

impl RedisProcess {
    /// Starts `bin` on 127.0.0.1:`port` and waits (at most 10 s) until it listens.
    pub fn start(bin: &str, port: u16) -> RedisProcess {
        Self::start_with(bin, port, &["--port", &port.to_string()])
    }

    /// Starts `bin` serving only TLS on 127.0.0.1:`port` with the certificate and key files
    /// (PEM); clients need no certificate of their own.
    pub fn start_tls(bin: &str, port: u16, cert: &str, key: &str) -> RedisProcess {
        Self::start_with(
            bin,
            port,
            &[
                "--port",
                "0",
                "--tls-port",
                &port.to_string(),
                "--tls-cert-file",
                cert,
                "--tls-key-file",
                key,
                "--tls-ca-cert-file",
                cert,
                "--tls-auth-clients",
                "no",
            ],
        )
    }

    fn start_with(bin: &str, port: u16, listen: &[&str]) -> RedisProcess {
        let child = Command::new(bin)
            .args(listen)
            .args(["--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start redis-server");
        let deadline = Instant::now() + Duration::from_secs(10);
        while !port_open(port) {
            assert!(
                Instant::now() < deadline,
                "redis-server did not listen on {port}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        RedisProcess(child)
    }
}

impl Drop for RedisProcess {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Drops a PostgreSQL schema (and everything in it) when it goes out of scope: each test that
/// uses PostgreSQL works in a schema of its own.
pub struct DropSchema(pub String);

impl Drop for DropSchema {
    fn drop(&mut self) {
        if let Ok(mut c) = postgres::Client::connect(&postgres_url(), postgres::NoTls) {
            let _ = c.batch_execute(&format!("DROP SCHEMA IF EXISTS {} CASCADE", self.0));
        }
    }
}
