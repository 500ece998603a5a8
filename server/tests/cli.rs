//! The `audit` and `eval` subcommands of the real binary.

mod common;
use common::*;
use serde_json::Value;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    if let Some(s) = stdin {
        input.write_all(s.as_bytes()).unwrap();
    }
    drop(input);
    child.wait_with_output().unwrap()
}

fn tmp(name: &str, content: &str) -> PathBuf {
    let p =
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{}-{name}", std::process::id()));
    std::fs::write(&p, content).unwrap();
    p
}

fn first_rows(file: &str, n: usize) -> String {
    let text = std::fs::read_to_string(data_file(file)).unwrap();
    text.lines().take(n).collect::<Vec<_>>().join("\n") + "\n"
}

#[test]
fn audit_one_text_from_flags() {
    let out = run(
        &[
            "audit",
            "--text",
            "Paris is the capital of France.",
            "--prompt",
            "What is the capital of France?",
        ],
        None,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 1);
    let v: Value = serde_json::from_str(&stdout).unwrap();
    assert_valid_audit(&v);
    let out = run(&["audit", "--text", ""], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn audit_json_lines_from_file_and_stdin() {
    let rows = first_rows("halueval-qa.dev.jsonl", 5);
    let path = tmp("rows.jsonl", &rows);
    let out = run(&["audit", "--input", path.to_str().unwrap()], None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 5);
    lines.iter().for_each(assert_valid_audit);

    let out = run(&["audit", "--input", "-"], Some(&rows));
    assert!(out.status.success());
    let again: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(again, lines, "deterministic, and stdin = file");
    let _ = std::fs::remove_file(path);
}

#[test]
fn audit_bad_row_names_line_and_field() {
    let input = "{\"text\": \"fine\"}\n\n{\"context\": \"no text here\"}\n";
    let out = run(&["audit", "-i", "-"], Some(input));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 3") && err.contains("text"), "{err}");
    let out = run(
        &["audit", "-i", "-"],
        Some("{\"text\": \"a\", \"prompt\": 7}\n"),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 1: prompt"));
    let out = run(&["audit", "-i", "/nonexistent/file.jsonl"], None);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn eval_prints_metrics_and_confusion_table() {
    let path = tmp("eval.jsonl", &first_rows("halueval-general.dev.jsonl", 400));
    let out = run(&["eval", path.to_str().unwrap()], None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    for needle in [
        "n: 400",
        "AUROC",
        "AUPRC",
        "ECE_15",
        "Brier",
        "ACCEPT",
        "MAYBE",
        "REFUSED",
        "error rate among ACCEPT",
        "share of correct among REFUSED",
    ] {
        assert!(text.contains(needle), "{needle} missing in:\n{text}");
    }
    let out = run(&["eval", path.to_str().unwrap(), "--json"], None);
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["n"], 400);
    for k in ["auroc", "auprc", "ece_15", "brier", "base_rate"] {
        let x = v[k].as_f64().unwrap_or_else(|| panic!("{k}: {v}"));
        assert!((0.0..=1.0).contains(&x), "{k} = {x}");
    }
    let total: u64 = ["accept", "maybe", "refused"]
        .iter()
        .map(|k| v[k]["label_0"].as_u64().unwrap() + v[k]["label_1"].as_u64().unwrap())
        .sum();
    assert_eq!(total, 400);
    let _ = std::fs::remove_file(path);
}

#[test]
fn eval_requires_labels() {
    let out = run(
        &["eval", "-"],
        Some("{\"text\": \"a\", \"label\": 0}\n{\"text\": \"b\"}\n"),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 2: label"));
    let out = run(&["eval", "-"], Some(""));
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn audit_reports_every_bad_row_and_goes_on() {
    let input = "{\"text\": \"first\"}\n{\"context\": \"no text\"}\n{\"text\": \"third\"}\n\
                 {\"text\": 3}\n{\"text\": \"fifth\"}\n";
    let out = run(&["audit", "-i", "-"], Some(input));
    assert_eq!(out.status.code(), Some(2), "some rows failed");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 2: text") && err.contains("line 4: text"),
        "{err}"
    );
    assert!(err.contains("2 of 5 rows"), "{err}");
    let results: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        results.len(),
        3,
        "the valid rows around the bad ones are audited"
    );
    results.iter().for_each(assert_valid_audit);
}

#[test]
fn eval_warns_when_the_file_is_a_training_file() {
    let dir =
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{}-training", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rows = first_rows("halueval-general.dev.jsonl", 60);
    let training = dir.join("halueval-general.dev.jsonl");
    std::fs::write(&training, &rows).unwrap();
    let out = run(&["eval", training.to_str().unwrap()], None);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("in-sample"), "{err}");
    let other = tmp("not-training.jsonl", &rows);
    let out = run(&["eval", other.to_str().unwrap()], None);
    assert!(out.status.success());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("in-sample"));
    let _ = std::fs::remove_dir_all(dir);
    let _ = std::fs::remove_file(other);
}

#[test]
fn serve_prints_the_docs_url() {
    use std::io::BufRead;
    let db = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("{}-docs-url.sqlite3", std::process::id()));
    let mut child = Command::new(BIN)
        .args(["serve", "--host", "127.0.0.1", "--port", "0"])
        .env_clear()
        .env("FEEDBACK_DB_PATH", &db)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let listening = lines.next().unwrap().unwrap();
    let docs = lines.next().unwrap().unwrap();
    let _ = child.kill();
    let _ = child.wait();
    let addr = listening.strip_prefix("listening on ").unwrap();
    assert_eq!(docs, format!("API docs: http://{addr}/docs"));
    let _ = std::fs::remove_file(db);
}
