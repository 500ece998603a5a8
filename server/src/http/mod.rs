//! The transport layer: raw hyper 1.x + tokio (DESIGN §1, §3). It knows requests and responses,
//! not audits: the accept loop and per-request pipeline ([`server`]), the routing table declared
//! once ([`routes`]), request bodies ([`body`]) and responses ([`response`]), API-key
//! authentication ([`auth`]), CORS ([`cors`]), the client address behind trusted proxies
//! ([`client_ip`]), `X-Request-ID` ([`request_id`]), the `/docs` page ([`docs`]) and the one error
//! type with its status table ([`error`]), which is also where the domains' errors become
//! statuses.
//!
//! Imports: the domains it runs or maps ([`crate::limits`], [`crate::feedback`] and
//! [`crate::upstream`] error types), [`crate::telemetry`] and [`crate::support`]; never `api`,
//! `config` or `cli`. The handlers plug in through [`server::Service`].

pub mod auth;
pub mod body;
pub mod client_ip;
pub mod cors;
pub mod docs;
pub mod error;
pub mod request_id;
pub mod response;
pub mod routes;
pub mod server;
