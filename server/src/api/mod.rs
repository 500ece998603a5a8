//! The API layer: one handler file per resource of interface 1.1.0 — [`info`] (`GET /`,
//! `/health`, `/metrics`, `/openapi.json`), [`audit`], [`batch`], [`compare`], [`calibrate`]
//! (`POST /v1/calibrate`, `GET /v1/calibration`) — the service state ([`state`]), the handler
//! of each route ([`service`]), the OpenAPI document built from the same types ([`openapi`]) and
//! the semantic tier's metadata ([`semantic`]).
//!
//! Imports: [`crate::http`] (the pipeline it plugs into, responses, the error type), the domains
//! ([`crate::upstream`], [`crate::feedback`], [`crate::limits`], [`crate::semantic`]), [`crate::telemetry`],
//! [`crate::config`] (the checked settings) and [`crate::support`]; never `cli`.

pub mod audit;
pub mod batch;
pub mod calibrate;
pub mod compare;
pub mod info;
pub mod openapi;
pub mod semantic;
pub mod service;
pub mod state;
