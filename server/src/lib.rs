//! # epistemic-audit-server
//!
//! The HTTP service of interface 1.1.0 (`shared/spec/interface-v1.1.md`, decisions in DESIGN §3)
//! on raw hyper 1.x + tokio, and the `epistemic-audit` command line (serve, audit, eval).
//! Scoring is entirely `epistemic_audit_core`; this crate adds transport, authentication,
//! rate limits, validation plumbing, logs and shutdown.
//!
//! One module per concept:
//! * [`config`] — clap settings (every setting a flag and an environment variable);
//! * [`server`] — accept loop, request pipeline, access log, graceful shutdown;
//! * [`routes`] — the routing table; [`handlers`] — the endpoints;
//! * [`auth`] — API key (X-API-Key / Bearer), constant-time compare;
//! * [`limits`] — exact 60 s sliding-log limiter with an injectable clock;
//! * [`shared_limits`] — the same log in Redis when REDIS_URL is set, memory as fallback;
//! * [`store`] — durable feedback storage (SQLite file or PostgreSQL), versioned migrations;
//! * [`feedback`] — labels → refitted calibrators per scope, off the request path;
//! * [`client_ip`] — client address behind trusted proxies; [`cors`] — CORS_ORIGINS policy;
//! * [`upstream`] — the upstream LLM (managed / BYO-HF): TGI and OpenAI-compatible adapters,
//!   endpoint checks, samples and teacher-forced log-probabilities for the evidence tiers;
//! * [`metrics`] — every Prometheus series (`GET /metrics`);
//! * [`openapi`] — the OpenAPI 3.1 document (`GET /openapi.json`) and the docs page (`GET /docs`);
//! * [`http`] — body reading under a size cap, JSON responses;
//! * [`error`] — the one error enum and its status/body mapping;
//! * [`request_id`], [`state`], [`logging`];
//! * [`cli`] — `audit` and `eval` subcommands.

#![warn(missing_docs)]

pub mod auth;
pub mod cli;
pub mod client_ip;
pub mod config;
pub mod cors;
pub mod error;
pub mod feedback;
pub mod handlers;
pub mod http;
pub mod limits;
pub mod logging;
pub mod metrics;
pub mod openapi;
pub mod periodic;
pub mod request_id;
pub mod routes;
pub mod server;
pub mod shared_limits;
pub mod state;
pub mod store;
pub mod triviaqa;
pub mod upstream;
