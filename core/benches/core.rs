//! Criterion benchmarks of the core (issue 6, item 1): audits per second by text length and task
//! kind, a batch of 100, a comparison of 10 answers, and calibrator fits on 10 000 labels.
//!
//! Run: `cargo bench -p epistemic-audit-core --bench core` (HTML-free; numbers on stdout and in
//! `target/criterion/`). Throughput is reported in elements (audits, or labels for fits) per second.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use epistemic_audit_core::calibration::{Isotonic, Platt};
use epistemic_audit_core::compare::compare;
use epistemic_audit_core::features::TaskKind;
use epistemic_audit_core::recalibration::{CalibrationRegistry, ScopeCalibration};
use epistemic_audit_core::{AuditRequest, CompareItem, CompareRequest, Mode, Scorer};
use std::hint::black_box;

mod common;
use common::{long_context, text_of, CONTEXT, PROMPT};

fn request(kind: TaskKind, chars: usize) -> AuditRequest {
    let (prompt, context) = match kind {
        TaskKind::Open => (Some(PROMPT), None),
        TaskKind::Qa => (Some(PROMPT), Some(CONTEXT)),
        TaskKind::Dialogue => (
            Some("[Human]: Do you know the Eiffel Tower? [Assistant]: Yes. [Human]: Who built it?"),
            Some(CONTEXT),
        ),
        TaskKind::Summarization => (Some("Summarize the document."), Some(CONTEXT)),
    };
    AuditRequest {
        text: text_of(chars),
        prompt: prompt.map(Into::into),
        context: context.map(Into::into),
        ..Default::default()
    }
}

fn audits(c: &mut Criterion) {
    let scorer = Scorer::embedded();
    let mut g = c.benchmark_group("audit");
    g.throughput(Throughput::Elements(1));
    for kind in TaskKind::ALL {
        for chars in [100usize, 500, 2000, 10_000] {
            let req = request(kind, chars);
            assert_eq!(
                scorer.audit(&req, Mode::Local, 0.0).metadata.task,
                kind,
                "the request routes to {kind:?}"
            );
            g.bench_with_input(BenchmarkId::new(kind.as_str(), chars), &req, |b, r| {
                b.iter(|| scorer.audit(black_box(r), Mode::Local, 0.0))
            });
        }
    }
    g.finish();
}

/// Long sources (DESIGN §2.7, issue 11 item 7): a 500-character answer against contexts of 10 000
/// to 100 000 characters, and answers of 20 000 characters; cost should grow linearly.
fn long_sources(c: &mut Criterion) {
    let scorer = Scorer::embedded();
    let mut g = c.benchmark_group("long");
    g.throughput(Throughput::Elements(1));
    g.sample_size(20);
    for ctx_chars in [10_000usize, 30_000, 100_000] {
        let req = AuditRequest {
            text: text_of(500),
            prompt: Some(PROMPT.into()),
            context: Some(long_context(ctx_chars)),
            ..Default::default()
        };
        g.bench_with_input(
            BenchmarkId::new("context_chars", ctx_chars),
            &req,
            |b, r| b.iter(|| scorer.audit(black_box(r), Mode::Local, 0.0)),
        );
    }
    let req = AuditRequest {
        text: text_of(20_000),
        prompt: Some(PROMPT.into()),
        context: Some(text_of(100_000)),
        ..Default::default()
    };
    g.bench_function("text_20000_context_100000", |b| {
        b.iter(|| scorer.audit(black_box(&req), Mode::Local, 0.0))
    });
    g.finish();
}

fn batch_and_compare(c: &mut Criterion) {
    let scorer = Scorer::embedded();
    let mut g = c.benchmark_group("aggregate");
    let items: Vec<AuditRequest> = (0..100)
        .map(|i| request(TaskKind::ALL[i % 4], 500))
        .collect();
    g.throughput(Throughput::Elements(100));
    g.bench_function("batch_100x500", |b| {
        b.iter(|| {
            items
                .iter()
                .map(|r| scorer.audit(black_box(r), Mode::Local, 0.0))
                .collect::<Vec<_>>()
        })
    });
    let req = CompareRequest {
        prompt: PROMPT.into(),
        responses: (0..10)
            .map(|i| CompareItem {
                model: format!("model-{i}"),
                text: text_of(300 + 50 * i),
                samples: None,
                logprobs: None,
            })
            .collect(),
    };
    let registry = CalibrationRegistry::new();
    g.throughput(Throughput::Elements(10));
    g.bench_function("compare_10", |b| {
        b.iter(|| compare(&scorer, black_box(&req), Mode::Local, &registry))
    });
    g.finish();
}

/// 10 000 deterministic (raw confidence, label) pairs with P(correct) rising in the confidence.
fn labels() -> (Vec<f64>, Vec<bool>) {
    let raw: Vec<f64> = (0..10_000)
        .map(|i| ((i * 7919) % 10_000) as f64 / 10_000.0)
        .collect();
    let correct: Vec<bool> = raw
        .iter()
        .enumerate()
        .map(|(i, &c)| ((i * 104_729) % 1000) as f64 / 1000.0 < c)
        .collect();
    (raw, correct)
}

fn fits(c: &mut Criterion) {
    let (raw, correct) = labels();
    let scorer = Scorer::embedded();
    let reference = scorer.model(TaskKind::Qa);
    let mut g = c.benchmark_group("fit_10k_labels");
    g.throughput(Throughput::Elements(raw.len() as u64));
    g.bench_function("isotonic_pav", |b| {
        b.iter(|| Isotonic::fit(black_box(&raw), &correct))
    });
    g.bench_function("platt", |b| {
        b.iter(|| Platt::fit(black_box(&raw), &correct))
    });
    g.bench_function("scope_refit_cross_fitted", |b| {
        b.iter(|| ScopeCalibration::fit("intrinsic/qa/bench", reference, black_box(&raw), &correct))
    });
    g.finish();
}

criterion_group!(benches, audits, long_sources, batch_and_compare, fits);
criterion_main!(benches);
