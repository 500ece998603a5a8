//! The feedback durability scenario on PostgreSQL (DATABASE_URL set): needs a PostgreSQL server
//! (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test) and FAILS naming it when
//! it is missing. Each run uses its own schema (DATABASE_SCHEMA) and drops it afterwards.

mod common;
use common::*;

#[test]
fn postgres_labels_survive_kill_9_and_restart() {
    let mut admin = services::require_postgres();
    let schema = format!("ea_test_{}", uuid_like());
    let _cleanup = services::DropSchema(schema.clone());
    let url = services::postgres_url();
    let model = "durable-postgres-model";
    durability::run(
        &[
            ("DATABASE_URL", url.as_str()),
            ("DATABASE_SCHEMA", schema.as_str()),
        ],
        model,
        || {
            let mut c = services::require_postgres();
            c.query(
                &format!("SELECT raw_confidence, label FROM {schema}.feedback WHERE scope = $1 AND label IS NOT NULL ORDER BY id"),
                &[&durability::scope(model)],
            )
            .unwrap()
            .iter()
            .map(|r| (r.get::<_, f64>(0), r.get::<_, i16>(1) == 1))
            .collect()
        },
    );
    // Migrations were recorded once, in this run's schema.
    let n: i64 = admin
        .query_one(
            &format!("SELECT COUNT(*) FROM {schema}.schema_migrations"),
            &[],
        )
        .unwrap()
        .get(0);
    assert_eq!(n, 1);
}

#[test]
fn unreachable_database_is_a_clear_start_up_failure() {
    let port = services::free_port();
    let url = format!("postgres://postgres:secretpw@127.0.0.1:{port}/nope");
    let mut cmd = std::process::Command::new(BIN);
    for var in SETTINGS_ENV {
        cmd.env_remove(var);
    }
    let out = cmd
        .args(["serve", "--port", "0"])
        .env("DATABASE_URL", &url)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("feedback store"), "{stderr}");
    assert!(
        !stderr.contains("secretpw"),
        "the password must not be logged: {stderr}"
    );
}
