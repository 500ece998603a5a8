//! Audits one request given as JSON on the command line and prints the AuditResult:
//! `cargo run --release -p epistemic-audit-core --example audit -- '{"text":"..."}'`

use epistemic_audit_core::{validate, Mode, Scorer};

fn main() {
    let arg = std::env::args().nth(1).unwrap_or_else(|| {
        eprintln!("usage: audit '<AuditRequest JSON>'");
        std::process::exit(2)
    });
    let req = validate::parse_json(arg.as_bytes()).and_then(|v| validate::audit_request(&v));
    match req {
        Ok(req) => {
            let r = Scorer::embedded().audit(&req, Mode::Local, 0.0);
            println!(
                "{}",
                serde_json::to_string_pretty(&r).expect("results serialise")
            );
        }
        Err(errs) => {
            eprintln!(
                "{}",
                serde_json::to_string(&errs).expect("errors serialise")
            );
            std::process::exit(2);
        }
    }
}
