//! The handler of every route: [`AppState`] is the [`Service`] the transport's pipeline calls
//! once a request is admitted. The routes themselves (paths, methods, keys, limits) are declared
//! once, in [`crate::http::routes::ROUTES`]; this match only says which handler answers each.

use super::state::AppState;
use super::{audit, batch, calibrate, compare, info, openapi};
use crate::http::error::ApiError;
use crate::http::response::Body;
use crate::http::routes::Route;
use crate::http::server::{Call, Service, Transport};
use hyper::Response;

impl Service for AppState {
    fn transport(&self) -> &Transport {
        &self.transport
    }

    async fn call(&self, call: Call) -> Result<Response<Body>, ApiError> {
        match call.route {
            Route::Root => Ok(info::root(self)),
            Route::Health => Ok(info::health(self)),
            Route::Metrics => Ok(info::metrics(self)),
            Route::OpenApi => Ok(openapi::serve()),
            Route::Docs | Route::DocsAsset => crate::http::docs::serve(&call.path),
            Route::Audit => audit::audit(self, &call.headers, call.body).await,
            Route::Batch => batch::batch(self, &call.headers, call.body).await,
            Route::Compare => compare::compare(self, call.body).await,
            Route::Calibrate => calibrate::calibrate(self, &call.headers, call.body).await,
            Route::Calibration => calibrate::calibration(self).await,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Settings;
    use crate::http::server::handle;
    use bytes::Bytes;
    use epistemic_audit_core::Scorer;
    use http_body_util::{BodyExt, Full};
    use hyper::Request;
    use serde_json::Value;
    use std::net::SocketAddr;
    use std::sync::Arc;

    fn state(extra: &[&str]) -> Arc<AppState> {
        let settings = Settings::parse_serve(extra).unwrap();
        let clock = Arc::new(crate::limits::ManualClock::new(0));
        Arc::new(AppState::new(&settings, Arc::new(Scorer::embedded()), clock))
    }

    async fn call(
        state: &Arc<AppState>,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> (u16, hyper::HeaderMap, Value) {
        let mut req = Request::builder().method(method).uri(path);
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        let req = req.body(Full::new(Bytes::from(body.to_string()))).unwrap();
        let peer: SocketAddr = "127.0.0.1:40000".parse().unwrap();
        let resp = handle(Arc::clone(state), peer, req).await;
        let status = resp.status().as_u16();
        let headers = resp.headers().clone();
        let bytes = resp.into_body().collect().await.unwrap().to_bytes();
        let json = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes).unwrap()
        };
        (status, headers, json)
    }

    #[tokio::test]
    async fn statuses_of_the_pipeline() {
        let s = state(&["--api-key-secret", "k3y"]);
        let key = [("x-api-key", "k3y")];
        assert_eq!(call(&s, "GET", "/health", &[], "").await.0, 200);
        assert_eq!(call(&s, "GET", "/nope", &[], "").await.0, 404);
        let (st, h, _) = call(&s, "DELETE", "/v1/audit", &[], "").await;
        assert_eq!((st, h["allow"].to_str().unwrap()), (405, "POST, OPTIONS"));
        assert_eq!(call(&s, "OPTIONS", "/v1/audit", &[], "").await.0, 204);
        assert_eq!(
            call(&s, "POST", "/v1/audit", &[], r#"{"text":"a"}"#)
                .await
                .0,
            401
        );
        assert_eq!(
            call(
                &s,
                "POST",
                "/v1/audit",
                &[("x-api-key", "no")],
                r#"{"text":"a"}"#
            )
            .await
            .0,
            403
        );
        let (st, h, v) = call(
            &s,
            "POST",
            "/v1/audit",
            &key,
            r#"{"text":"Paris is the capital of France."}"#,
        )
        .await;
        assert_eq!(st, 200, "{v}");
        assert!(h.contains_key("x-request-id"));
        assert_eq!(v["mode"], "managed");
        let (st, _, v) = call(&s, "POST", "/v1/audit", &key, "{").await;
        assert_eq!(
            (st, v["detail"][0]["type"].as_str()),
            (422, Some("json_invalid"))
        );
        let (st, _, v) = call(
            &s,
            "POST",
            "/v1/audit",
            &[key[0], ("content-type", "text/plain")],
            "{}",
        )
        .await;
        assert_eq!((st, v["detail"][0]["loc"][0].as_str()), (422, Some("body")));
    }

    #[tokio::test]
    async fn auth_comes_before_the_limiter() {
        let s = state(&["--api-key-secret", "k3y"]);
        for _ in 0..30 {
            assert_eq!(
                call(&s, "POST", "/v1/batch", &[], r#"{"items":[{"text":"a"}]}"#)
                    .await
                    .0,
                401
            );
        }
        let (st, _, v) = call(
            &s,
            "POST",
            "/v1/batch",
            &[("x-api-key", "k3y")],
            r#"{"items":[{"text":"a"}]}"#,
        )
        .await;
        assert_eq!(st, 200, "{v}");
        assert_eq!(s.limiter().len(), 1);
    }

    #[tokio::test]
    async fn small_body_limit_gives_413() {
        let s = state(&["--max-body-bytes", "16"]);
        let (st, h, v) = call(
            &s,
            "POST",
            "/v1/audit",
            &[],
            r#"{"text":"this is longer than sixteen bytes"}"#,
        )
        .await;
        assert_eq!(st, 413, "{v}");
        assert_eq!(h["connection"], "close");
        assert!(v["detail"].as_str().unwrap().contains("16"));
    }
}
