//! Shared rate limits through Redis (issue 3 "Shared limits"; contract "Limits" rule 4). Needs
//! Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379/0) and `redis-server` on PATH, and FAILS
//! naming what is missing. Each run uses its own key prefix and client address, and deletes its
//! keys afterwards.

mod common;
use common::*;
use serde_json::json;
use std::time::{Duration, Instant};

/// Deletes every key under `prefix` when dropped.
struct FlushPrefix(String);

impl Drop for FlushPrefix {
    fn drop(&mut self) {
        if let Ok(mut c) =
            redis::Client::open(services::redis_url().as_str()).and_then(|c| c.get_connection())
        {
            let keys: Vec<String> = redis::cmd("KEYS")
                .arg(format!("{}:*", self.0))
                .query(&mut c)
                .unwrap_or_default();
            if !keys.is_empty() {
                let _: Result<(), _> = redis::cmd("DEL").arg(keys).query(&mut c);
            }
        }
    }
}

/// A unique documentation-range-free client address per run (198.18.0.0/15 is for benchmarks).
fn unique_ip() -> String {
    let n = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
        ^ u64::from(std::process::id());
    format!("198.19.{}.{}", (n >> 8) % 256, n % 254 + 1)
}

#[test]
fn two_instances_sharing_redis_admit_exactly_100_of_150() {
    let mut conn = services::require_redis();
    let prefix = format!("ea-test-{}", uuid_like());
    let _flush = FlushPrefix(prefix.clone());
    let url = services::redis_url();
    admit_exactly_100_of_150(&[("REDIS_URL", url.as_str())], &prefix, &mut conn);
}

#[test]
fn a_rediss_url_shares_the_limits_over_tls() {
    let bin = services::require_redis_server_binary();
    let dir = std::env::temp_dir().join(format!("ea-redis-tls-{}", uuid_like()));
    let (cert, key) = services::self_signed_localhost(&dir);
    let port = services::free_port();
    let _redis = services::RedisProcess::start_tls(&bin, port, &cert, &key);
    let url = format!("rediss://localhost:{port}/0");
    // redis-rs's TLS takes rustls' process-wide provider (the server installs ring too).
    let _ = rustls::crypto::ring::default_provider().install_default();
    let mut conn = redis::Client::build_with_tls(
        url.as_str(),
        redis::TlsCertificates {
            client_tls: None,
            root_cert: Some(std::fs::read(&cert).unwrap()),
        },
    )
    .and_then(|c| c.get_connection())
    .expect("the test's own TLS Redis");
    admit_exactly_100_of_150(
        &[
            ("REDIS_URL", url.as_str()),
            ("REDIS_CA_FILE", cert.as_str()),
        ],
        &format!("ea-tls-{}", uuid_like()),
        &mut conn,
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// Two instances on the Redis of `env` (REDIS_URL, …) with key prefix `prefix` admit exactly
/// 100 of 150 audits from one address, and the shared log in Redis (read through `conn`) holds
/// the 100.
fn admit_exactly_100_of_150(env: &[(&str, &str)], prefix: &str, conn: &mut redis::Connection) {
    let mut env = env.to_vec();
    env.push(("REDIS_KEY_PREFIX", prefix));
    let a = Server::start(&env, &[]);
    let b = Server::start(&env, &[]);
    let ip = unique_ip();
    let urls = [a.url("/v1/audit"), b.url("/v1/audit")];
    let statuses: Vec<u16> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..150)
            .map(|i| {
                let (url, ip) = (&urls[i % 2], &ip);
                s.spawn(move || {
                    post_json(
                        url,
                        &[("X-Forwarded-For", ip)],
                        &json!({"text": format!("Answer {i}: Paris is the capital of France.")}),
                    )
                    .status
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let ok = statuses.iter().filter(|&&s| s == 200).count();
    let limited = statuses.iter().filter(|&&s| s == 429).count();
    assert_eq!(
        (ok, limited),
        (100, 50),
        "statuses: {statuses:?}\nA logs:\n{}\nB logs:\n{}",
        a.logs(),
        b.logs()
    );
    // Both instances served some of each (the pool really is shared).
    let key = format!("{prefix}:rl:audit:{ip}");
    let card: u64 = redis::cmd("ZCARD").arg(&key).query(conn).unwrap();
    assert_eq!(card, 100);
    let ttl: i64 = redis::cmd("PTTL").arg(&key).query(conn).unwrap();
    assert!(ttl > 0 && ttl <= 60_000, "the key expires: {ttl}");
    assert!(!a.logs().contains("Redis unreachable") && !b.logs().contains("Redis unreachable"));
}

#[test]
fn redis_outage_falls_back_to_memory_logs_once_and_recovers() {
    let bin = services::require_redis_server_binary();
    let port = services::free_port();
    let redis_url = format!("redis://127.0.0.1:{port}/0");
    let mut redis = services::RedisProcess::start(&bin, port);
    let s = Server::start(
        &[
            ("REDIS_URL", redis_url.as_str()),
            ("REDIS_KEY_PREFIX", "ea-outage"),
        ],
        &[],
    );
    let audit = s.url("/v1/audit");
    let ip = [("X-Forwarded-For", "198.19.255.1")];
    let body = json!({"text": "Paris is the capital of France."});
    for _ in 0..3 {
        assert_eq!(post_json(&audit, &ip, &body).status, 200);
    }
    let count = |port: u16| -> u64 {
        let mut c = redis::Client::open(format!("redis://127.0.0.1:{port}/0").as_str())
            .unwrap()
            .get_connection()
            .unwrap();
        redis::cmd("ZCARD")
            .arg("ea-outage:rl:audit:198.19.255.1")
            .query(&mut c)
            .unwrap()
    };
    assert_eq!(count(port), 3, "hits are recorded in Redis");

    // Outage: every request is still served (memory), the fallback is logged once.
    drop(redis);
    for i in 0..10 {
        assert_eq!(
            post_json(&audit, &ip, &body).status,
            200,
            "request {i} during the outage"
        );
    }
    let logs = s.logs_once("Redis unreachable");
    assert_eq!(logs.matches("Redis unreachable").count(), 1, "{logs}");

    // Redis comes back (empty: it keeps nothing on disk): the limiter returns to it.
    redis = services::RedisProcess::start(&bin, port);
    let deadline = Instant::now() + Duration::from_secs(40);
    loop {
        assert_eq!(post_json(&audit, &ip, &body).status, 200);
        if s.logs().contains("Redis reachable again") {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "did not return to Redis: {}",
            s.logs()
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    assert!(count(port) >= 1, "hits go to Redis again");
    assert_eq!(s.logs().matches("Redis unreachable").count(), 1);
    drop(redis);
}

#[test]
fn unreachable_redis_at_start_up_still_serves() {
    let port = services::free_port();
    let url = format!("redis://127.0.0.1:{port}/0");
    let s = Server::start(&[("REDIS_URL", url.as_str())], &[]);
    for _ in 0..5 {
        assert_eq!(
            post_json(&s.url("/v1/audit"), &[], &json!({"text": "a"})).status,
            200
        );
    }
    let logs = s.logs_once("Redis unreachable");
    assert_eq!(logs.matches("Redis unreachable").count(), 1, "{logs}");
}
