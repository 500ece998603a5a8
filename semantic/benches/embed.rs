//! Embedding throughput of all-MiniLM-L6-v2 on one CPU thread, in word pieces per second
//! (criterion's `Throughput::Elements` counts word pieces, `[CLS]`/`[SEP]` included).
//!
//! Needs the model (`bash scripts/fetch-minilm.sh`, or `EA_MINILM_DIR`). Run:
//!
//! ```sh
//! cargo bench -p epistemic-audit-semantic --bench embed
//! ```
//!
//! One thread: candle's CPU backend sizes its matrix-product thread pools from `CANDLE_NUM_THREADS`,
//! else `RAYON_NUM_THREADS`, read when it first multiplies; `main` sets both to 1 before anything else
//! runs (values already in the environment are overridden), and the crate tokenizes without threads.
//! At the end the bench prints the process's thread count from /proc (Linux), which shows that no
//! worker threads were started.

#[path = "../tests/model/mod.rs"]
mod model;

use criterion::{BenchmarkId, Criterion, Throughput};
use epistemic_audit_semantic::Embedder;

/// Sentences of the kind the semantic tier embeds: answer and source sentences, 8-40 word pieces.
const SENTENCES: &[&str] = &[
    "No other river carries as much water as the Amazon.",
    "The Amazon has the largest discharge of any river in the world.",
    "The Eiffel Tower was completed in 1889 for the World's Fair in Paris.",
    "Marie Curie won Nobel Prizes in both physics and chemistry.",
    "The capital of Australia is Canberra, not Sydney.",
    "Water boils at 100 degrees Celsius at sea level.",
    "Mount Everest is the highest mountain above sea level, at 8,849 metres.",
    "The Great Wall of China is not visible to the naked eye from low Earth orbit.",
    "Photosynthesis converts light energy into chemical energy stored in glucose.",
    "William Shakespeare was born in Stratford-upon-Avon in 1564.",
    "The human heart has four chambers: two atria and two ventricles.",
    "Light from the Sun takes about eight minutes and twenty seconds to reach Earth.",
    "The Treaty of Versailles was signed in 1919, formally ending the First World War.",
    "Python is a programming language created by Guido van Rossum and first released in 1991.",
    "Penicillin was discovered by Alexander Fleming in 1928 at St Mary's Hospital in London.",
    "The speed of sound in dry air at 20 degrees Celsius is about 343 metres per second.",
    "I'm not sure, but I think the answer is probably around 42.",
    "According to the passage, the company reported a net loss of 3.2 million dollars in 2021.",
    "Jupiter is the largest planet in the Solar System and has at least 95 known moons.",
    "The Nile flows north through eleven countries before emptying into the Mediterranean Sea.",
    "Insulin is a hormone produced by the beta cells of the pancreas that regulates blood sugar.",
    "The Berlin Wall fell on 9 November 1989, leading to German reunification the following year.",
    "Honey never spoils because its low moisture and high acidity prevent bacterial growth.",
    "The Mona Lisa, painted by Leonardo da Vinci, hangs in the Louvre in Paris.",
    "DNA is a double helix made of two strands of nucleotides held together by base pairs.",
    "In chess, the queen is the most powerful piece because it moves any number of squares.",
    "The Pacific Ocean is the largest and deepest of Earth's five oceanic divisions.",
    "Sure! Here is a short summary of the article you provided about renewable energy.",
    "Antarctica is the coldest, driest and windiest continent on Earth.",
    "The first successful powered aeroplane flight was made by the Wright brothers in 1903.",
    "Vaccines train the immune system to recognise a pathogen without causing the disease.",
    "The Roman Empire in the West ended in 476 when Odoacer deposed Romulus Augustulus.",
];

fn bench(c: &mut Criterion, embedder: &Embedder) {
    let mut group = c.benchmark_group("embed");
    group.sample_size(20);

    let tokens: usize = SENTENCES
        .iter()
        .map(|s| embedder.token_count(s).unwrap())
        .sum();
    group.throughput(Throughput::Elements(tokens as u64));
    group.bench_function(
        BenchmarkId::new("sentences", format!("{}x{tokens}wp", SENTENCES.len())),
        |b| b.iter(|| embedder.embed(std::hint::black_box(SENTENCES)).unwrap()),
    );

    // A passage of about 2 000 characters as one text: truncated to 256 word pieces, where
    // attention (quadratic in length) weighs most.
    let passage = SENTENCES.join(" ");
    let cut = passage
        .char_indices()
        .map(|(i, _)| i)
        .take_while(|&i| i <= 2000)
        .last()
        .unwrap_or(0);
    let passage = &passage[..cut];
    let tokens = embedder.token_count(passage).unwrap();
    group.throughput(Throughput::Elements(tokens as u64));
    group.bench_function(BenchmarkId::new("passage", format!("{tokens}wp")), |b| {
        b.iter(|| embedder.embed(&[std::hint::black_box(passage)]).unwrap())
    });
    group.finish();
}

fn threads() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("Threads:"))
                .map(|l| l.to_string())
        })
        .unwrap_or_else(|| "Threads: unknown (no /proc)".into())
}

fn main() {
    // Before candle reads them (first matrix product): one thread for every pool.
    std::env::set_var("CANDLE_NUM_THREADS", "1");
    std::env::set_var("RAYON_NUM_THREADS", "1");
    let embedder = model::load_from(&model::model_dir());
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c, &embedder);
    c.final_summary();
    eprintln!("process threads after the bench: {}", threads());
}
