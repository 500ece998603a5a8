//! Responses: the body type every response has, JSON and raw-bytes responses.

use bytes::Bytes;
use http_body_util::Full;
use hyper::header::{HeaderValue, CONTENT_TYPE};
use hyper::{Response, StatusCode};
use serde::Serialize;

/// Body type of every response the server sends.
pub type Body = Full<Bytes>;

/// A response with `status`, `Content-Type: application/json` and `value` serialised as its body.
/// A value that cannot be serialised (never expected) gives a 500 with a fixed body.
pub fn json_response<T: Serialize + ?Sized>(status: StatusCode, value: &T) -> Response<Body> {
    let (status, bytes) = match serde_json::to_vec(value) {
        Ok(b) => (status, b),
        Err(_) => (
            StatusCode::INTERNAL_SERVER_ERROR,
            br#"{"detail":"Internal Server Error"}"#.to_vec(),
        ),
    };
    let mut resp = Response::new(Full::new(Bytes::from(bytes)));
    *resp.status_mut() = status;
    resp.headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    resp
}

/// A 200 response with `bytes` as its body and `content_type` as its Content-Type.
pub fn bytes_response(content_type: &str, bytes: Bytes) -> Response<Body> {
    let mut resp = Response::new(Full::new(bytes));
    if let Ok(v) = HeaderValue::from_str(content_type) {
        resp.headers_mut().insert(CONTENT_TYPE, v);
    }
    resp
}
