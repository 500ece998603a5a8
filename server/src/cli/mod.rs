//! The command line: `serve` ([`serve`]: wires the checked settings into the layers and runs the
//! service) and the local tools `audit` ([`audit`]) and `eval` ([`eval`], with TriviaQA mode in
//! [`triviaqa`]); input rows and exit codes ([`input`]) and the `eval` report ([`report`]).
//!
//! The top layer: imports [`crate::api`], [`crate::http`], [`crate::config`], the domains,
//! [`crate::telemetry`] and [`crate::support`]; nothing imports it but the binary.
//!
//! `audit` and `eval` (issue 2, part 4). Both score with the same embedded
//! scorer as the service, in-process, as the service's managed mode without an upstream would:
//! results carry `mode: "managed"` and `upstream_latency_ms: 0`, so a CLI result and a service
//! result for the same input are identical.
//!
//! Input rows are JSON objects, one per line (blank lines skipped): `text` (required, non-empty
//! string), `context`, `prompt`, `model_source` (optional strings; `null` = absent), and for
//! `eval` `label` (0 = correct, 1 = hallucinated/incorrect). Other keys (`id`, `group`, `spans`,
//! …) are ignored, so the files in `shared/data` are read as they are. Field types are checked,
//! but not the service's length limits (those protect a shared service; local input is trusted).
//! A bad row is reported as `line N: FIELD: reason` on stderr: `audit` skips it and goes on,
//! exiting with code 2 at the end; `eval` stops at it with code 2 (its metrics need every row).

pub mod audit;
pub mod eval;
pub mod input;
pub mod progress;
pub mod report;
pub mod serve;
pub mod triviaqa;
