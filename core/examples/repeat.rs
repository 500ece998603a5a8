//! Audits one request N times, for instruction counts under callgrind or a `perf record` profile
//! (issue 14): the cost of one audit is the difference of two runs' counts divided by the
//! difference of their N, which cancels the start-up (weights, automata, the request's parse).
//!
//! `cargo build --release -p epistemic-audit-core --example repeat` then
//! `valgrind --tool=callgrind --toggle-collect='*Scorer*audit_inner*' target/release/examples/repeat
//! bench-qa 200`. It prints the allocations (and reallocations) per audit. The request is `bench-qa` / `bench-open` (the criterion bench's `audit/qa/500`
//! and `audit/open/500` requests), `bench-long` (`long/context_chars/100000`) or an AuditRequest
//! as JSON.

use epistemic_audit_core::{validate, AuditRequest, Mode, Scorer};
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// The system allocator, counting allocations (and reallocations) to print them per audit.
struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to `System`, which upholds GlobalAlloc's contract.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[path = "../benches/common/mod.rs"]
mod common;
use common::{long_context, text_of, CONTEXT, PROMPT};

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(which), Some(n)) = (
        args.next(),
        args.next().and_then(|n| n.parse::<usize>().ok()),
    ) else {
        eprintln!("usage: repeat bench-qa|bench-open|bench-long|'<AuditRequest JSON>' N");
        std::process::exit(2)
    };
    let req = match which.as_str() {
        "bench-qa" | "bench-open" => AuditRequest {
            text: text_of(500),
            prompt: Some(PROMPT.into()),
            context: (which == "bench-qa").then(|| CONTEXT.into()),
            ..Default::default()
        },
        // The criterion bench's `long/context_chars/100000`.
        "bench-long" => AuditRequest {
            text: text_of(500),
            prompt: Some(PROMPT.into()),
            context: Some(long_context(100_000)),
            ..Default::default()
        },
        json => {
            match validate::parse_json(json.as_bytes()).and_then(|v| validate::audit_request(&v)) {
                Ok(r) => r,
                Err(errs) => {
                    eprintln!(
                        "{}",
                        serde_json::to_string(&errs).expect("errors serialise")
                    );
                    std::process::exit(2)
                }
            }
        }
    };
    let scorer = Scorer::embedded();
    // One audit first: lazily built tables (automata, lexicon) are not the audit's cost.
    let mut last = scorer.audit(&req, Mode::Local, 0.0).height;
    let before = ALLOCATIONS.load(Relaxed);
    for _ in 0..n {
        last = scorer.audit(black_box(&req), Mode::Local, 0.0).height;
    }
    let per = (ALLOCATIONS.load(Relaxed) - before) as f64 / n.max(1) as f64;
    println!("{n} audits, height {last:.4}, {per:.1} allocations (and reallocations) per audit");
}
