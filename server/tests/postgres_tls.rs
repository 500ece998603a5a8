//! The feedback store over TLS (issue 15, README "Running several instances"): DATABASE_URL's
//! `sslmode` and `sslrootcert` are honoured as libpq honours them. Needs the tests' PostgreSQL
//! (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test) with `ssl = on` and a
//! self-signed server certificate for `localhost` (Debian's default: the snakeoil certificate),
//! and FAILS naming what is missing. The server's connections are checked from the database's
//! side (`pg_stat_ssl`), by the application_name each test gives its instance.

mod common;
use common::*;
use serde_json::json;

const KEY: (&str, &str) = ("X-API-Key", "k");

/// The tests' PostgreSQL with TLS on: (admin client, server certificate file, port).
fn require_tls_postgres() -> (postgres::Client, String, u16) {
    let mut admin = services::require_postgres();
    let ssl: String = admin.query_one("SHOW ssl", &[]).unwrap().get(0);
    let cert: String = admin.query_one("SHOW ssl_cert_file", &[]).unwrap().get(0);
    let port: String = admin.query_one("SHOW port", &[]).unwrap().get(0);
    assert!(
        ssl == "on" && std::path::Path::new(&cert).exists(),
        "MISSING SERVICE: these tests need the tests' PostgreSQL with ssl = on and its \
         certificate readable (ssl = {ssl}, ssl_cert_file = {cert}); Debian's default \
         configuration has both"
    );
    (admin, cert, port.parse().unwrap())
}

/// Connections of `application_name` as (count, count over TLS).
fn connections(admin: &mut postgres::Client, app: &str) -> (i64, i64) {
    let row = admin
        .query_one(
            "SELECT COUNT(*), COUNT(*) FILTER (WHERE s.ssl) FROM pg_stat_activity a
             JOIN pg_stat_ssl s USING (pid) WHERE a.application_name = $1",
            &[&app],
        )
        .unwrap();
    (row.get(0), row.get(1))
}

#[test]
fn verify_full_with_the_servers_root_stores_labels_over_tls() {
    let (mut admin, cert, port) = require_tls_postgres();
    let schema = format!("ea_test_{}", uuid_like());
    let _cleanup = services::DropSchema(schema.clone());
    let app = format!("ea_tls_{}", uuid_like());
    let url = format!(
        "postgres://postgres@localhost:{port}/test?sslmode=verify-full&sslrootcert={cert}&application_name={app}"
    );
    let s = Server::start(
        &[
            ("DATABASE_URL", url.as_str()),
            ("DATABASE_SCHEMA", schema.as_str()),
            ("AG_API_KEY_SECRET", "k"),
        ],
        &[],
    );
    for i in 0..3 {
        let r = post_json(
            &s.url("/v1/calibrate"),
            &[KEY],
            &json!({"text": format!("The bridge opened in {}.", 1900 + i), "ground_truth": 1}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(r.json()["feedback_recorded"], true);
    }
    let stored: i64 = admin
        .query_one(&format!("SELECT COUNT(*) FROM {schema}.feedback"), &[])
        .unwrap()
        .get(0);
    assert_eq!(stored, 3);
    let (all, tls) = connections(&mut admin, &app);
    assert!(
        all >= 1 && tls == all,
        "{tls} of {all} connections over TLS"
    );
}

#[test]
fn require_encrypts_without_checking_the_name() {
    let (mut admin, _, port) = require_tls_postgres();
    let schema = format!("ea_test_{}", uuid_like());
    let _cleanup = services::DropSchema(schema.clone());
    let app = format!("ea_tls_{}", uuid_like());
    // 127.0.0.1 is not the certificate's name, and no root is given: `require` encrypts anyway.
    let url =
        format!("postgres://postgres@127.0.0.1:{port}/test?sslmode=require&application_name={app}");
    let s = Server::start(
        &[
            ("DATABASE_URL", url.as_str()),
            ("DATABASE_SCHEMA", schema.as_str()),
        ],
        &[],
    );
    assert_eq!(get(&s.url("/health")).status, 200);
    let (all, tls) = connections(&mut admin, &app);
    assert!(
        all >= 1 && tls == all,
        "{tls} of {all} connections over TLS"
    );
}

/// Runs `serve` with DATABASE_URL = `url` and a fresh schema; Ok(()) when it came up, Err(its
/// stderr) when it exited.
fn start_up(url: &str) -> Result<(), String> {
    let schema = format!("ea_test_{}", uuid_like());
    let _cleanup = services::DropSchema(schema.clone());
    let mut cmd = std::process::Command::new(BIN);
    for var in SETTINGS_ENV {
        cmd.env_remove(var);
    }
    let port_file = std::env::temp_dir().join(format!("ea-port-{}", uuid_like()));
    let mut child = cmd
        .args(["serve", "--port", "0", "--port-file"])
        .arg(&port_file)
        .env("DATABASE_URL", url)
        .env("DATABASE_SCHEMA", &schema)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        if port_file.exists() {
            let _ = child.kill();
            let _ = child.wait();
            let _ = std::fs::remove_file(&port_file);
            return Ok(());
        }
        if child.try_wait().unwrap().is_some() {
            let out = child.wait_with_output().unwrap();
            return Err(String::from_utf8_lossy(&out.stderr).into_owned());
        }
        assert!(
            std::time::Instant::now() < deadline,
            "neither up nor exited after 30 s"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

#[test]
fn a_certificate_from_another_root_or_for_another_host_is_refused_at_start_up() {
    let (_, cert, port) = require_tls_postgres();
    // A root that did not sign the server's certificate.
    let dir = std::env::temp_dir().join(format!("ea-pg-tls-{}", uuid_like()));
    let (other_root, _) = services::self_signed_localhost(&dir);
    let url = format!(
        "postgres://postgres:secretpw@localhost:{port}/test?sslmode=verify-full&sslrootcert={other_root}"
    );
    let stderr = start_up(&url).expect_err("an untrusted server certificate");
    assert!(
        stderr.contains("cannot connect to PostgreSQL") && stderr.contains("certificate"),
        "the cause, from the TLS handshake: {stderr}"
    );
    assert!(!stderr.contains("secretpw"), "{stderr}");
    let _ = std::fs::remove_dir_all(dir);
    // The right root, but 127.0.0.1 is not the name in the certificate: verify-full refuses,
    // verify-ca (chain only) accepts.
    let by_address = |mode: &str| {
        format!("postgres://postgres@127.0.0.1:{port}/test?sslmode={mode}&sslrootcert={cert}")
    };
    let stderr = start_up(&by_address("verify-full")).expect_err("a certificate for another name");
    assert!(stderr.contains("certificate"), "{stderr}");
    start_up(&by_address("verify-ca")).expect("verify-ca checks the chain only");
}
