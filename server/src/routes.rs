//! The routing table: which (method, path) pairs exist, which need an API key, which are rate
//! limited, and what a wrong method or unknown path gets (DESIGN §3: 404 / 405 with `Allow`).
//!
//! Routes of this version: `GET /`, `GET /health`, `GET /metrics`, `GET /openapi.json`,
//! `GET /docs` (and the page's assets under `GET /docs/…`), `POST /v1/audit`, `POST /v1/batch`,
//! `POST /v1/compare`, `POST /v1/calibrate` and `GET /v1/calibration` (an authenticated
//! extension: the calibration in force per scope). `HEAD` is answered like `GET`. `OPTIONS` on a
//! known path answers 204 with `Allow` and never needs a key (CORS preflight, contract
//! "Authentication" / DESIGN §3).

use crate::limits::Endpoint;
use hyper::Method;

/// One implemented route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    /// `GET /`: service information.
    Root,
    /// `GET /health`: liveness (contract HealthResponse).
    Health,
    /// `GET /metrics`: Prometheus text format.
    Metrics,
    /// `GET /openapi.json`: the OpenAPI 3.1 document.
    OpenApi,
    /// `GET /docs`: the interactive documentation page.
    Docs,
    /// `GET /docs/<file>`: the page's assets (served from the binary).
    DocsAsset,
    /// `POST /v1/audit`: audit one answer.
    Audit,
    /// `POST /v1/batch`: audit up to 100 answers.
    Batch,
    /// `POST /v1/compare`: audit and rank 2..10 models' answers to one prompt.
    Compare,
    /// `POST /v1/calibrate`: audit and store a label or feedback.
    Calibrate,
    /// `GET /v1/calibration`: per-scope calibration in force (extension; authenticated).
    Calibration,
}

/// What the router decided for a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resolution {
    /// Serve the route.
    Handle(Route),
    /// `OPTIONS` on a known path: 204 with `Allow`.
    Options(Route),
    /// Known path, method not offered: 405 with `Allow`.
    MethodNotAllowed(Route),
    /// Unknown path: 404.
    NotFound,
}

impl Route {
    /// Every implemented route.
    pub const ALL: [Route; 11] = [
        Route::Root,
        Route::Health,
        Route::Metrics,
        Route::OpenApi,
        Route::Docs,
        Route::DocsAsset,
        Route::Audit,
        Route::Batch,
        Route::Compare,
        Route::Calibrate,
        Route::Calibration,
    ];

    /// The route's path; for [`Route::DocsAsset`] the prefix `/docs/` of its paths. Also the
    /// `route` label of the request metrics (bounded: never the raw request path).
    pub fn path(self) -> &'static str {
        match self {
            Route::Root => "/",
            Route::Health => "/health",
            Route::Metrics => "/metrics",
            Route::OpenApi => "/openapi.json",
            Route::Docs => "/docs",
            Route::DocsAsset => "/docs/",
            Route::Audit => "/v1/audit",
            Route::Batch => "/v1/batch",
            Route::Compare => "/v1/compare",
            Route::Calibrate => "/v1/calibrate",
            Route::Calibration => "/v1/calibration",
        }
    }

    /// Value of the `Allow` header for this path.
    pub fn allow(self) -> &'static str {
        match self {
            Route::Audit | Route::Batch | Route::Compare | Route::Calibrate => "POST, OPTIONS",
            Route::Root
            | Route::Health
            | Route::Metrics
            | Route::OpenApi
            | Route::Docs
            | Route::DocsAsset
            | Route::Calibration => "GET, HEAD, OPTIONS",
        }
    }

    /// The route a path belongs to, whatever the method (`None` for unknown paths).
    pub fn for_path(path: &str) -> Option<Route> {
        if path.starts_with("/docs/") {
            return Some(Route::DocsAsset);
        }
        Route::ALL.into_iter().find(|r| r.path() == path)
    }

    /// True for the monitoring routes (GET /health, GET /metrics), which MAX_IN_FLIGHT_REQUESTS
    /// does not bound, so that an overloaded server can still be observed.
    pub fn is_monitoring(self) -> bool {
        matches!(self, Route::Health | Route::Metrics)
    }

    /// True when the route needs an API key (contract "Endpoints" table, column Auth).
    pub fn requires_key(self) -> bool {
        matches!(
            self,
            Route::Audit | Route::Batch | Route::Compare | Route::Calibrate | Route::Calibration
        )
    }

    /// The rate-limit pool of the route, if it is limited (contract "Limits").
    pub fn rate_limit(self) -> Option<Endpoint> {
        match self {
            Route::Audit => Some(Endpoint::Audit),
            Route::Batch => Some(Endpoint::Batch),
            Route::Compare => Some(Endpoint::Compare),
            Route::Calibrate => Some(Endpoint::Calibrate),
            Route::Root
            | Route::Health
            | Route::Metrics
            | Route::OpenApi
            | Route::Docs
            | Route::DocsAsset
            | Route::Calibration => None,
        }
    }

    fn accepts(self, method: &Method) -> bool {
        match self {
            Route::Audit | Route::Batch | Route::Compare | Route::Calibrate => {
                method == Method::POST
            }
            Route::Root
            | Route::Health
            | Route::Metrics
            | Route::OpenApi
            | Route::Docs
            | Route::DocsAsset
            | Route::Calibration => method == Method::GET || method == Method::HEAD,
        }
    }
}

/// Routes a request by method and path (exact match; no trailing-slash redirects).
pub fn resolve(method: &Method, path: &str) -> Resolution {
    let Some(route) = Route::for_path(path) else {
        return Resolution::NotFound;
    };
    if route.accepts(method) {
        Resolution::Handle(route)
    } else if method == Method::OPTIONS {
        Resolution::Options(route)
    } else {
        Resolution::MethodNotAllowed(route)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table() {
        assert_eq!(resolve(&Method::GET, "/"), Resolution::Handle(Route::Root));
        assert_eq!(
            resolve(&Method::HEAD, "/health"),
            Resolution::Handle(Route::Health)
        );
        assert_eq!(
            resolve(&Method::POST, "/v1/audit"),
            Resolution::Handle(Route::Audit)
        );
        assert_eq!(
            resolve(&Method::POST, "/v1/batch"),
            Resolution::Handle(Route::Batch)
        );
        assert_eq!(
            resolve(&Method::GET, "/v1/audit"),
            Resolution::MethodNotAllowed(Route::Audit)
        );
        assert_eq!(
            resolve(&Method::POST, "/health"),
            Resolution::MethodNotAllowed(Route::Health)
        );
        assert_eq!(
            resolve(&Method::OPTIONS, "/v1/batch"),
            Resolution::Options(Route::Batch)
        );
        assert_eq!(
            resolve(&Method::GET, "/metrics"),
            Resolution::Handle(Route::Metrics)
        );
        assert_eq!(
            resolve(&Method::GET, "/openapi.json"),
            Resolution::Handle(Route::OpenApi)
        );
        assert_eq!(
            resolve(&Method::GET, "/docs"),
            Resolution::Handle(Route::Docs)
        );
        assert_eq!(
            resolve(&Method::GET, "/docs/swagger-ui.css"),
            Resolution::Handle(Route::DocsAsset)
        );
        assert_eq!(
            resolve(&Method::POST, "/metrics"),
            Resolution::MethodNotAllowed(Route::Metrics)
        );
        assert_eq!(
            resolve(&Method::POST, "/v1/compare"),
            Resolution::Handle(Route::Compare)
        );
        assert_eq!(
            resolve(&Method::POST, "/v1/calibrate"),
            Resolution::Handle(Route::Calibrate)
        );
        assert_eq!(
            resolve(&Method::GET, "/v1/calibration"),
            Resolution::Handle(Route::Calibration)
        );
        assert_eq!(
            resolve(&Method::GET, "/v1/calibrate"),
            Resolution::MethodNotAllowed(Route::Calibrate)
        );
        for p in ["/v1/audit/", "/v1/calibrations", "/docsx", "/nope"] {
            assert_eq!(resolve(&Method::POST, p), Resolution::NotFound, "{p}");
            assert_eq!(resolve(&Method::GET, p), Resolution::NotFound, "{p}");
        }
    }

    #[test]
    fn only_the_v1_routes_need_keys_and_limits() {
        for r in [
            Route::Root,
            Route::Health,
            Route::Metrics,
            Route::OpenApi,
            Route::Docs,
            Route::DocsAsset,
        ] {
            assert!(
                !r.requires_key(),
                "{r:?} is public (contract Authentication rule 7)"
            );
            assert_eq!(r.rate_limit(), None);
        }
        assert!(Route::Audit.requires_key() && Route::Batch.requires_key());
        assert_eq!(Route::Health.rate_limit(), None);
        assert_eq!(Route::Batch.rate_limit(), Some(Endpoint::Batch));
        assert_eq!(Route::Compare.rate_limit(), Some(Endpoint::Compare));
        assert_eq!(Route::Calibrate.rate_limit(), Some(Endpoint::Calibrate));
        assert_eq!(Route::Calibration.rate_limit(), None);
        assert!(Route::Calibration.requires_key() && Route::Compare.requires_key());
    }
}
