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
        Arc::new(AppState::new(
            &settings,
            Arc::new(Scorer::embedded()),
            clock,
        ))
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

    /// MAX_MODEL_SCOPES: the first models labelled get scopes of their own, later ones share
    /// `<tier>/<task>/*` for their labels and their audits, and no model name becomes a metric
    /// label value (issue 12, part 2).
    #[tokio::test]
    async fn model_scopes_are_capped_and_never_a_metric_label() {
        let s = state(&["--max-model-scopes", "2", "--feedback-refit-every", "50"]);
        for (n, model) in ["model-a", "model-b", "model-c"].into_iter().enumerate() {
            // One client address per model: 50 labels each stay under the 100/min limit.
            let ip = format!("192.0.2.{}", n + 1);
            for i in 0..50 {
                let body = serde_json::json!({
                    "text": format!("The answer is {i}."),
                    "prompt": "What is the answer?",
                    "model_source": model,
                    "ground_truth": u8::from(i % 3 == 0),
                });
                let (st, _, v) = call(
                    &s,
                    "POST",
                    "/v1/calibrate",
                    &[("x-forwarded-for", ip.as_str())],
                    &body.to_string(),
                )
                .await;
                assert_eq!(st, 200, "{v}");
                assert_eq!(v["feedback_recorded"], true);
            }
        }
        assert_eq!(s.feedback.scopes().len(), 2);
        assert!(
            s.feedback.scopes().is_admitted("model-a")
                && s.feedback.scopes().is_admitted("model-b")
        );
        let counts = s.feedback.label_counts().await.unwrap();
        let with = |suffix: &str| -> u64 {
            counts
                .iter()
                .filter(|(k, _)| k.ends_with(suffix))
                .map(|(_, n)| *n)
                .sum()
        };
        assert_eq!((with("/model-a"), with("/model-b")), (50, 50), "{counts:?}");
        assert_eq!(with("/model-c"), 0, "beyond the cap: {counts:?}");
        assert_eq!(
            with("/*"),
            50,
            "model-c's labels are in the shared scope: {counts:?}"
        );

        // Audits: an admitted model is calibrated by its own scope, model-c by the shared one;
        // both results still name the request's model.
        for (model, scope_end) in [("model-a", "/model-a"), ("model-c", "/*")] {
            let body = serde_json::json!({
                "text": "The answer is 7.",
                "prompt": "What is the answer?",
                "model_source": model,
            });
            let (st, _, v) = call(
                &s,
                "POST",
                "/v1/audit",
                &[("x-forwarded-for", "192.0.2.9")],
                &body.to_string(),
            )
            .await;
            assert_eq!(st, 200, "{v}");
            assert_eq!(v["metadata"]["model_source"], model);
            let scope = v["metadata"]["calibration"]["scope"].as_str().unwrap();
            assert!(scope.ends_with(scope_end), "{model}: {scope}");
            assert_eq!(v["metadata"]["calibration"]["source"], "feedback");
        }

        // The ECE gauge: per-model scopes under `<tier>/<task>/per-model`, never a model name.
        let text = String::from_utf8(s.metrics.render()).unwrap();
        let ece: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with("epistemic_audit_calibration_ece{"))
            .collect();
        assert!(
            !text.contains("model-a") && !text.contains("model-c"),
            "{ece:?}"
        );
        assert!(ece.iter().any(|l| l.contains("/per-model\"")), "{ece:?}");
        assert!(ece.iter().any(|l| l.contains("/*\"")), "{ece:?}");
    }
}
