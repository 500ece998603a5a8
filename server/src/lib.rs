//! # epistemic-audit-server
//!
//! The HTTP service of interface 1.1.0 (`shared/spec/interface-v1.1.md`, decisions in DESIGN §3)
//! on raw hyper 1.x + tokio, and the `epistemic-audit` command line (serve, audit, eval).
//! Scoring is entirely `epistemic_audit_core`; this crate adds transport, authentication,
//! rate limits, storage, the upstream LLM, metrics, logs and shutdown.
//!
//! Layers (DESIGN §1); each module imports only the ones below it, and none above (README
//! "Layout" says how this is checked):
//!
//! ```text
//! cli/        serve (wiring), audit, eval, triviaqa          ← the binary calls this
//!  │
//! api/        handlers, one file per resource; AppState; the OpenAPI document
//!  │
//! config/     clap flags → checked, typed Settings
//!  │
//! http/       server loop, pipeline, routes, body, auth, CORS, client address, request id,
//!  │          /docs, the error type and the one map from domain errors to statuses
//!  │
//! limits/     feedback/ (+ store/)     upstream/    semantic/   ← domains: no HTTP, own error types
//!  │
//! telemetry/  metrics, logs
//!  │
//! support/    Secret, periodic tasks, wall clock
//! ```

#![warn(missing_docs)]

pub mod api;
pub mod cli;
pub mod config;
pub mod feedback;
pub mod http;
pub mod limits;
pub mod semantic;
pub mod support;
pub mod telemetry;
pub mod upstream;
