//! Cross-origin resource sharing (contract "Authentication" rule 9; DESIGN §3; issue 3 item 6).
//!
//! Policy from CORS_ORIGINS (a comma list of origins such as `https://app.example.com`, or `*`):
//! * unset / empty / `none` (default): no cross-origin access — no `Access-Control-*` header is
//!   ever sent, so browsers block cross-origin reads;
//! * a list: a request whose `Origin` is in the list (exact match of scheme, host and port, case
//!   insensitive, trailing `/` ignored) gets `Access-Control-Allow-Origin: <that origin>`;
//!   `Vary: Origin` is on every response so caches never serve one origin's answer to another;
//! * `*`: every origin gets `Access-Control-Allow-Origin: *`. Allowed only without credentials
//!   (CORS_ALLOW_CREDENTIALS=true together with `*` is refused at start-up), as the Fetch standard
//!   forbids the pair.
//!
//! Headers are added to **every** response of an allowed origin — 200s, 401/403 (so a browser
//! client can read why it was refused), 404, 422, 429 — by [`CorsPolicy::apply`], called once in
//! the request pipeline. Preflights (`OPTIONS` with `Access-Control-Request-Method`) never need a
//! key (routing answers `OPTIONS` before authentication) and additionally get
//! `Access-Control-Allow-Methods` (the path's methods), `Access-Control-Allow-Headers`
//! ([`ALLOWED_HEADERS`]) and `Access-Control-Max-Age`. Actual responses expose `X-Request-ID`
//! and `Retry-After` to scripts.

use hyper::header::{
    HeaderMap, HeaderValue, ACCESS_CONTROL_ALLOW_CREDENTIALS, ACCESS_CONTROL_ALLOW_HEADERS,
    ACCESS_CONTROL_ALLOW_METHODS, ACCESS_CONTROL_ALLOW_ORIGIN, ACCESS_CONTROL_EXPOSE_HEADERS,
    ACCESS_CONTROL_MAX_AGE, ALLOW, VARY,
};
use std::str::FromStr;

/// Request headers a cross-origin caller may send (`Access-Control-Allow-Headers`).
pub const ALLOWED_HEADERS: &str =
    "X-API-Key, Authorization, Content-Type, X-HF-Token, X-HF-Endpoint, X-Request-ID";

/// Response headers scripts of an allowed origin may read (`Access-Control-Expose-Headers`).
pub const EXPOSED_HEADERS: &str = "X-Request-ID, Retry-After";

/// Default of CORS_MAX_AGE_SECONDS: how long a browser may cache a preflight answer (10 min).
pub const DEFAULT_MAX_AGE_SECONDS: u64 = 600;

/// Which origins may read responses (setting CORS_ORIGINS).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum CorsOrigins {
    /// No cross-origin access (default).
    #[default]
    None,
    /// Any origin (`*`), never with credentials.
    Any,
    /// These origins, normalised (lower case, no trailing `/`).
    List(Vec<String>),
}

impl CorsOrigins {
    /// Parses CORS_ORIGINS: empty or `none` → [`CorsOrigins::None`]; `*` → [`CorsOrigins::Any`];
    /// otherwise a comma list of `http://` / `https://` origins (scheme, host, optional port).
    ///
    /// # Errors
    /// An entry that is not an origin (has a path, query, or another scheme), or `*` mixed with
    /// other entries.
    pub fn parse(list: &str) -> Result<Self, String> {
        let list = list.trim();
        if list.is_empty() || list.eq_ignore_ascii_case("none") {
            return Ok(CorsOrigins::None);
        }
        let items: Vec<&str> = list
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        if items.contains(&"*") {
            return if items.len() == 1 {
                Ok(CorsOrigins::Any)
            } else {
                Err("'*' cannot be combined with other origins".into())
            };
        }
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            let norm = normalise(item);
            let rest = norm
                .strip_prefix("https://")
                .or_else(|| norm.strip_prefix("http://"))
                .ok_or_else(|| {
                    format!("'{item}' is not an origin (http:// or https:// expected)")
                })?;
            if rest.is_empty() || rest.contains(['/', '?', '#', '@', ' ']) {
                return Err(format!(
                    "'{item}' is not an origin (scheme://host[:port], no path)"
                ));
            }
            out.push(norm);
        }
        Ok(CorsOrigins::List(out))
    }
}

impl FromStr for CorsOrigins {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        CorsOrigins::parse(s)
    }
}

fn normalise(origin: &str) -> String {
    origin.trim().trim_end_matches('/').to_ascii_lowercase()
}

/// The CORS policy of a running server.
#[derive(Debug, Clone)]
pub struct CorsPolicy {
    origins: CorsOrigins,
    allow_credentials: bool,
    max_age: HeaderValue,
}

impl CorsPolicy {
    /// Builds the policy. `max_age_seconds` is the preflight cache time.
    ///
    /// # Errors
    /// `*` with `allow_credentials` (forbidden by the Fetch standard and by DESIGN §3).
    pub fn new(
        origins: CorsOrigins,
        allow_credentials: bool,
        max_age_seconds: u64,
    ) -> Result<Self, String> {
        if allow_credentials && origins == CorsOrigins::Any {
            return Err("CORS_ORIGINS='*' is allowed only without credentials: set explicit origins or CORS_ALLOW_CREDENTIALS=false".into());
        }
        Ok(CorsPolicy {
            origins,
            allow_credentials,
            max_age: HeaderValue::from(max_age_seconds),
        })
    }

    /// True when no origin is allowed (the default).
    pub fn is_disabled(&self) -> bool {
        self.origins == CorsOrigins::None
    }

    /// The `Access-Control-Allow-Origin` value for a request `Origin`, if that origin is allowed.
    pub fn allow_origin(&self, origin: Option<&HeaderValue>) -> Option<HeaderValue> {
        let origin = origin?;
        match &self.origins {
            CorsOrigins::None => None,
            CorsOrigins::Any => Some(HeaderValue::from_static("*")),
            CorsOrigins::List(list) => {
                let o = normalise(origin.to_str().ok()?);
                list.contains(&o).then(|| origin.clone())
            }
        }
    }

    /// Adds the CORS headers to a response (module docs). `origin` is the request's `Origin`,
    /// `preflight` true for `OPTIONS` with `Access-Control-Request-Method`; the preflight's
    /// allowed methods are taken from the response's `Allow` header (set by routing).
    pub fn apply(&self, origin: Option<&HeaderValue>, preflight: bool, headers: &mut HeaderMap) {
        if self.is_disabled() {
            return;
        }
        if matches!(self.origins, CorsOrigins::List(_)) {
            headers.append(VARY, HeaderValue::from_static("Origin"));
        }
        let Some(allow) = self.allow_origin(origin) else {
            return;
        };
        headers.insert(ACCESS_CONTROL_ALLOW_ORIGIN, allow);
        if self.allow_credentials {
            headers.insert(
                ACCESS_CONTROL_ALLOW_CREDENTIALS,
                HeaderValue::from_static("true"),
            );
        }
        if preflight {
            if let Some(methods) = headers.get(ALLOW).cloned() {
                headers.insert(ACCESS_CONTROL_ALLOW_METHODS, methods);
            }
            headers.insert(
                ACCESS_CONTROL_ALLOW_HEADERS,
                HeaderValue::from_static(ALLOWED_HEADERS),
            );
            headers.insert(ACCESS_CONTROL_MAX_AGE, self.max_age.clone());
        } else {
            headers.insert(
                ACCESS_CONTROL_EXPOSE_HEADERS,
                HeaderValue::from_static(EXPOSED_HEADERS),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hv(s: &str) -> HeaderValue {
        HeaderValue::from_str(s).unwrap()
    }

    #[test]
    fn parses_origin_lists() {
        assert_eq!(CorsOrigins::parse("").unwrap(), CorsOrigins::None);
        assert_eq!(CorsOrigins::parse("none").unwrap(), CorsOrigins::None);
        assert_eq!(CorsOrigins::parse(" * ").unwrap(), CorsOrigins::Any);
        assert_eq!(
            CorsOrigins::parse("https://App.example.com/, http://localhost:3000").unwrap(),
            CorsOrigins::List(vec![
                "https://app.example.com".into(),
                "http://localhost:3000".into()
            ])
        );
        assert!(CorsOrigins::parse("*,https://a.example").is_err());
        assert!(CorsOrigins::parse("app.example.com").is_err());
        assert!(CorsOrigins::parse("https://a.example/path").is_err());
        assert!(CorsOrigins::parse("ftp://a.example").is_err());
    }

    #[test]
    fn star_only_without_credentials() {
        assert!(CorsPolicy::new(CorsOrigins::Any, true, 600).is_err());
        assert!(CorsPolicy::new(CorsOrigins::Any, false, 600).is_ok());
        let list = CorsOrigins::parse("https://a.example").unwrap();
        assert!(CorsPolicy::new(list, true, 600).is_ok());
    }

    #[test]
    fn default_sends_nothing() {
        let p = CorsPolicy::new(CorsOrigins::None, false, 600).unwrap();
        let mut h = HeaderMap::new();
        p.apply(Some(&hv("https://evil.example")), true, &mut h);
        assert!(h.is_empty());
    }

    #[test]
    fn listed_origin_is_echoed_with_vary() {
        let p =
            CorsPolicy::new(CorsOrigins::parse("https://a.example").unwrap(), false, 600).unwrap();
        let mut h = HeaderMap::new();
        p.apply(Some(&hv("https://A.example")), false, &mut h);
        assert_eq!(h[ACCESS_CONTROL_ALLOW_ORIGIN], "https://A.example");
        assert_eq!(h[VARY], "Origin");
        assert_eq!(h[ACCESS_CONTROL_EXPOSE_HEADERS], EXPOSED_HEADERS);
        assert!(!h.contains_key(ACCESS_CONTROL_ALLOW_CREDENTIALS));
        let mut h = HeaderMap::new();
        p.apply(Some(&hv("https://b.example")), false, &mut h);
        assert!(!h.contains_key(ACCESS_CONTROL_ALLOW_ORIGIN));
        assert_eq!(h[VARY], "Origin");
    }

    #[test]
    fn preflight_gets_methods_headers_and_max_age() {
        let p = CorsPolicy::new(CorsOrigins::Any, false, 321).unwrap();
        let mut h = HeaderMap::new();
        h.insert(ALLOW, hv("POST, OPTIONS"));
        p.apply(Some(&hv("https://x.example")), true, &mut h);
        assert_eq!(h[ACCESS_CONTROL_ALLOW_ORIGIN], "*");
        assert_eq!(h[ACCESS_CONTROL_ALLOW_METHODS], "POST, OPTIONS");
        assert_eq!(h[ACCESS_CONTROL_ALLOW_HEADERS], ALLOWED_HEADERS);
        assert_eq!(h[ACCESS_CONTROL_MAX_AGE], "321");
    }
}
