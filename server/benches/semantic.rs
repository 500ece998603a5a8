//! A semantic audit on one CPU thread (issue 13, "Serving"): the scorer's audit of a 500-character
//! answer against a 2 000-character context, then the semantic tier's alignment of its claims
//! ([`Semantic::align_blocking`], what `/v1/audit` runs on the blocking pool) —
//!
//! - `cold`: the source-sentence cache emptied before every iteration, so every claim and every
//!   source sentence goes through the model (target ≤ 400 ms);
//! - `cached`: the same context again, so only the claims are embedded (target ≤ 80 ms).
//!
//! Needs the model (`bash scripts/fetch-minilm.sh`, or `EA_MINILM_DIR`); fails saying so without
//! it. Run:
//!
//! ```sh
//! cargo bench -p epistemic-audit-server --bench semantic
//! ```
//!
//! One thread: `main` sets `CANDLE_NUM_THREADS=RAYON_NUM_THREADS=1` before candle first multiplies
//! (as the semantic crate's bench does).

#[path = "../../semantic/tests/model/mod.rs"]
mod model;

use criterion::Criterion;
use epistemic_audit_core::{AuditRequest, Mode, Scorer};
use epistemic_audit_server::semantic::{AlignJob, Semantic};

/// About 500 characters, five claims.
const ANSWER: &str = "The Amazon carries more water than any other river on Earth. \
    Its basin spans roughly seven million square kilometres across several South American countries. \
    The river rises in the Andes of Peru and reaches the Atlantic Ocean in northern Brazil. \
    During the wet season parts of the river widen to more than forty kilometres. \
    No bridge crosses the Amazon along its main stem, largely because most of it flows through rainforest. \
    Manaus is the biggest city on its banks.";

/// About 2 000 characters of source sentences.
const CONTEXT: &str = "The Amazon River in South America is the largest river by discharge volume of water in the world. \
    It is the disputed longest river system in the world in comparison to the Nile. \
    The headwaters of the Apurímac River on Nevado Mismi had been considered for nearly a century as the Amazon basin's most distant source. \
    The Amazon has an average discharge of about 215,000 cubic metres per second. \
    That is approximately 20 percent of the total river discharge into the oceans worldwide. \
    The Amazon basin is the largest drainage basin in the world, with an area of approximately 7,000,000 square kilometres. \
    The portion of the river's drainage basin in Brazil alone is larger than any other river's basin. \
    The Amazon enters Brazil with only one-fifth of the flow it finally discharges into the Atlantic Ocean. \
    At no point is the Amazon crossed by bridges. \
    This is not because of its huge dimensions; in most places it is not needed because the river flows through tropical rainforest. \
    In the dry season the river is about 11 kilometres wide at some points. \
    In the wet season it can be more than 40 kilometres wide. \
    The river has over 1,100 tributaries, 17 of which are longer than 1,500 kilometres. \
    Manaus, with about two million inhabitants, is the largest city on the river. \
    Iquitos in Peru is the largest city in the world that cannot be reached by road. \
    The river was named by Francisco de Orellana, who led the first recorded descent in 1542. \
    He reported battles with female warriors, whom he likened to the Amazons of Greek myth. \
    The Amazon rainforest produces a large share of the rain that falls over its own basin. \
    Deforestation has removed roughly a fifth of the forest since the 1970s. \
    The river's mouth is so wide that it contains Marajó, an island about the size of Switzerland. \
    A tidal bore called the pororoca travels up the river at the new and full moons. \
    Freshwater from the Amazon can be found far out in the Atlantic Ocean, lowering its salinity.";

fn main() {
    // Before candle reads them (first matrix product): one thread for every pool.
    std::env::set_var("CANDLE_NUM_THREADS", "1");
    std::env::set_var("RAYON_NUM_THREADS", "1");
    let semantic = Semantic::from_embedder(model::load_from(&model::model_dir()), 1, 10_000);
    let scorer = Scorer::embedded();
    let req = AuditRequest {
        text: ANSWER.into(),
        context: Some(CONTEXT.into()),
        ..Default::default()
    };
    let (answer_chars, context_chars) = (ANSWER.chars().count(), CONTEXT.chars().count());
    eprintln!("answer {answer_chars} characters, context {context_chars} characters");
    assert!((450..=550).contains(&answer_chars) && (1900..=2100).contains(&context_chars));
    let audit = || {
        let r = scorer.audit(&req, Mode::Managed, 0.0);
        let job = AlignJob {
            claims: r.metadata.claims.clone(),
            sources: r.metadata.sources,
            prompt: req.prompt.clone(),
            context: req.context.clone(),
        };
        let info = semantic.align_blocking(&[job]).remove(0);
        assert!(info.ran, "{info:?}");
        (r, info)
    };
    let (_, info) = audit();
    eprintln!(
        "{} claims aligned, {} word pieces",
        info.claims.len(),
        info.word_pieces
    );

    let mut c = Criterion::default().configure_from_args();
    let mut group = c.benchmark_group("semantic_audit");
    group.sample_size(10);
    group.bench_function("cold", |b| {
        b.iter(|| {
            semantic.clear_cache();
            std::hint::black_box(audit())
        })
    });
    audit();
    group.bench_function("cached", |b| b.iter(|| std::hint::black_box(audit())));
    group.finish();
    c.final_summary();
    let stats = semantic.stats();
    let (hits, misses) = (stats.cache_hits, stats.cache_misses);
    eprintln!("cache: {hits} sentence hits, {misses} misses");
}
