//! # epistemic-audit-core
//!
//! No-IO scorer of text written by large language models (DESIGN §1): given an answer and
//! optionally its prompt and grounding context, computes aleatoric uncertainty (q1), epistemic
//! uncertainty (q2), a calibrated probability of being correct (height), the scorer's ECE and
//! Brier, a 95% interval, a risk-controlled verdict and an explanation.
//!
//! No files, sockets, clocks, threads or global state; deterministic; builds for
//! `wasm32-unknown-unknown`. Entry point: [`Scorer::embedded`] then [`Scorer::audit`].

// No unsafe code: the scorer runs on untrusted text in the server, the browser and the fuzzer
// (scripts/fuzz.sh runs without a sanitizer on the strength of this).
#![forbid(unsafe_code)]

pub mod calibration;
pub mod compare;
pub mod evaluation;
pub mod explanation;
pub mod features;
pub mod grounding;
pub mod lexicon;
pub mod model;
pub mod quantity;
pub mod recalibration;
pub mod samples;
pub mod scorer;
pub mod semantic;
pub mod similarity;
pub mod text;
pub mod tiers;
pub mod token_stats;
pub mod types;
pub mod validate;
pub mod verdict;
pub mod weights;

pub use scorer::Scorer;
pub use types::*;
