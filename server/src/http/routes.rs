//! The routing table: which (method, path) pairs exist, which need an API key, which are rate
//! limited, and what a wrong method or unknown path gets (DESIGN §3: 404 / 405 with `Allow`).
//!
//! Routes of this version: `GET /`, `GET /health`, `GET /metrics`, `GET /openapi.json`,
//! `GET /docs` (and the page's assets under `GET /docs/…`), `POST /v1/audit`, `POST /v1/batch`,
//! `POST /v1/compare`, `POST /v1/calibrate` and `GET /v1/calibration` (an authenticated
//! extension: the calibration in force per scope). `HEAD` is answered like `GET`. `OPTIONS` on a
//! known path answers 204 with `Allow` and never needs a key (CORS preflight, contract
//! "Authentication" / DESIGN §3).

use super::response::Body;
use crate::limits::Endpoint;
use hyper::header::{HeaderValue, ALLOW};
use hyper::{Method, Response, StatusCode};

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

/// Which methods a route answers (besides `OPTIONS`, answered for every known path).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Methods {
    /// `GET` and `HEAD`; no request body is read.
    Get,
    /// `POST` with a JSON body.
    Post,
}

/// One row of the routing table: everything the transport needs to know about a route.
#[derive(Debug, Clone, Copy)]
pub struct RouteSpec {
    /// The route.
    pub route: Route,
    /// Its path; for [`Route::DocsAsset`] the prefix `/docs/` of its paths.
    pub path: &'static str,
    /// The methods it answers.
    pub methods: Methods,
    /// True when a request needs an API key (contract "Endpoints" table, column Auth).
    pub key: bool,
    /// The rate-limit pool, if it is limited (contract "Limits").
    pub limit: Option<Endpoint>,
    /// True for the monitoring routes, which MAX_IN_FLIGHT_REQUESTS does not bound.
    pub monitoring: bool,
}

const fn spec(
    route: Route,
    path: &'static str,
    methods: Methods,
    key: bool,
    limit: Option<Endpoint>,
    monitoring: bool,
) -> RouteSpec {
    RouteSpec {
        route,
        path,
        methods,
        key,
        limit,
        monitoring,
    }
}

/// The routing table: every route of this version, declared once. The pipeline
/// (`http::server`) reads it for routing, 404/405, authentication, rate limits, the in-flight
/// bound and metric labels; `api::service` maps each [`Route`] to its handler.
#[rustfmt::skip]
pub const ROUTES: [RouteSpec; 11] = {
    use Methods::{Get, Post};
    [
        //    route               path                get/post key    rate limit                 monitoring
        spec(Route::Root,        "/",                Get,  false, None,                      false),
        spec(Route::Health,      "/health",          Get,  false, None,                      true),
        spec(Route::Metrics,     "/metrics",         Get,  false, None,                      true),
        spec(Route::OpenApi,     "/openapi.json",    Get,  false, None,                      false),
        spec(Route::Docs,        "/docs",            Get,  false, None,                      false),
        spec(Route::DocsAsset,   "/docs/",           Get,  false, None,                      false),
        spec(Route::Audit,       "/v1/audit",        Post, true,  Some(Endpoint::Audit),     false),
        spec(Route::Batch,       "/v1/batch",        Post, true,  Some(Endpoint::Batch),     false),
        spec(Route::Compare,     "/v1/compare",      Post, true,  Some(Endpoint::Compare),   false),
        spec(Route::Calibrate,   "/v1/calibrate",    Post, true,  Some(Endpoint::Calibrate), false),
        spec(Route::Calibration, "/v1/calibration",  Get,  true,  None,                      false),
    ]
};

impl Route {
    /// Every implemented route, in table order.
    pub const ALL: [Route; 11] = {
        let mut all = [Route::Root; 11];
        let mut i = 0;
        while i < ROUTES.len() {
            all[i] = ROUTES[i].route;
            i += 1;
        }
        all
    };

    /// The route's row of [`ROUTES`].
    pub fn spec(self) -> &'static RouteSpec {
        // Every route has exactly one row (test `table_has_one_row_per_route`).
        ROUTES
            .iter()
            .find(|s| s.route == self)
            .unwrap_or(&ROUTES[0])
    }

    /// The route's path; for [`Route::DocsAsset`] the prefix `/docs/` of its paths. Also the
    /// `route` label of the request metrics (bounded: never the raw request path).
    pub fn path(self) -> &'static str {
        self.spec().path
    }

    /// Value of the `Allow` header for this path.
    pub fn allow(self) -> &'static str {
        match self.spec().methods {
            Methods::Post => "POST, OPTIONS",
            Methods::Get => "GET, HEAD, OPTIONS",
        }
    }

    /// The route a path belongs to, whatever the method (`None` for unknown paths).
    pub fn for_path(path: &str) -> Option<Route> {
        if path.starts_with("/docs/") {
            return Some(Route::DocsAsset);
        }
        ROUTES.iter().find(|s| s.path == path).map(|s| s.route)
    }

    /// True for the monitoring routes (GET /health, GET /metrics), which MAX_IN_FLIGHT_REQUESTS
    /// does not bound, so that an overloaded server can still be observed.
    pub fn is_monitoring(self) -> bool {
        self.spec().monitoring
    }

    /// True when the route needs an API key (contract "Endpoints" table, column Auth).
    pub fn requires_key(self) -> bool {
        self.spec().key
    }

    /// The rate-limit pool of the route, if it is limited (contract "Limits").
    pub fn rate_limit(self) -> Option<Endpoint> {
        self.spec().limit
    }

    /// True when the route takes a JSON request body (the POST routes).
    pub fn has_body(self) -> bool {
        self.spec().methods == Methods::Post
    }

    fn accepts(self, method: &Method) -> bool {
        match self.spec().methods {
            Methods::Post => method == Method::POST,
            Methods::Get => method == Method::GET || method == Method::HEAD,
        }
    }
}

/// `OPTIONS` on a known path: 204 with `Allow`.
pub fn options_response(route: Route) -> Response<Body> {
    let mut resp = Response::new(Body::default());
    *resp.status_mut() = StatusCode::NO_CONTENT;
    resp.headers_mut()
        .insert(ALLOW, HeaderValue::from_static(route.allow()));
    resp
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
    fn table_has_one_row_per_route() {
        for (i, r) in Route::ALL.into_iter().enumerate() {
            assert_eq!(ROUTES.iter().filter(|s| s.route == r).count(), 1, "{r:?}");
            assert_eq!(r.spec().route, r);
            assert_eq!(ROUTES[i].route, r);
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
