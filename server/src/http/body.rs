//! Request bodies: reading one under a size cap and a deadline, discarding an unwanted one, and
//! the Content-Type check.
//!
//! Size cap (DESIGN §3 "Validation": body ≤ 8 MiB → 413): [`read_body`] never holds more than the
//! limit in memory. A declared `Content-Length` above the limit is refused before any byte is
//! read; a body without a length (chunked) is refused as soon as the running total passes the
//! limit. Before answering 413 the server reads and *discards* up to one more limit's worth of
//! bytes ("lingering close"), so that an ordinary client that writes its whole body before
//! reading the answer receives the 413 instead of a connection reset. Clients that sent
//! `Expect: 100-continue` are answered at once and never asked for the body.

use super::error::ApiError;
use bytes::{Bytes, BytesMut};
use epistemic_audit_core::validate::FieldError;
use http_body_util::BodyExt;
use hyper::header::{HeaderMap, CONTENT_LENGTH, CONTENT_TYPE, EXPECT};
use std::time::Duration;
use tokio::time::Instant;

/// How long discarding an unwanted body may take before the connection is simply closed.
pub const DRAIN_TIMEOUT: Duration = Duration::from_secs(5);

/// The request's `Content-Length`, if present and a valid number (hyper rejects invalid ones).
pub fn content_length(headers: &HeaderMap) -> Option<u64> {
    headers
        .get(CONTENT_LENGTH)?
        .to_str()
        .ok()?
        .trim()
        .parse()
        .ok()
}

/// True when the client sent `Expect: 100-continue` (it waits for our go-ahead before the body).
pub fn expects_continue(headers: &HeaderMap) -> bool {
    headers
        .get(EXPECT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("100-continue"))
}

/// Checks that a POST body is declared as JSON: `Content-Type` absent, `application/json` or any
/// `application/*+json` (parameters such as `charset` are ignored).
///
/// # Errors
/// [`ApiError::Validation`] with one item at `loc ["body"]`, type `json_invalid` — an HTTP 422 in
/// the contract's ValidationError shape (chosen over 415 because the contract reserves 422 for
/// "request body fails validation" and clients already handle it).
pub fn require_json(headers: &HeaderMap) -> Result<(), ApiError> {
    let Some(value) = headers.get(CONTENT_TYPE) else {
        return Ok(());
    };
    let essence = value
        .to_str()
        .unwrap_or("")
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    let ok = essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"));
    if ok {
        Ok(())
    } else {
        Err(ApiError::Validation(vec![FieldError::new(
            vec!["body".into()],
            "Request body must be JSON sent with Content-Type: application/json",
            "json_invalid",
        )]))
    }
}

/// Reads the whole request body, holding at most `limit` bytes, within `timeout`.
///
/// * `headers` — the request headers (`Content-Length`, `Expect`).
/// * `limit` — maximum body size in bytes (setting MAX_BODY_BYTES).
/// * `timeout` — wall-clock budget for receiving the body (setting BODY_READ_TIMEOUT_SECONDS).
///
/// # Errors
/// * [`ApiError::PayloadTooLarge`] (413) when the declared or received size exceeds `limit`;
///   the excess is discarded up to another `limit` bytes first (see the module docs).
/// * [`ApiError::BodyTimeout`] (408) when the body is not complete within `timeout`.
/// * [`ApiError::BadRequest`] (400) when the transport fails (broken chunked encoding, reset).
pub async fn read_body<B>(
    mut body: B,
    headers: &HeaderMap,
    limit: usize,
    timeout: Duration,
) -> Result<Bytes, ApiError>
where
    B: hyper::body::Body<Data = Bytes> + Unpin,
    B::Error: std::fmt::Display,
{
    let deadline = Instant::now() + timeout;
    let declared = content_length(headers);
    if let Some(n) = declared {
        if n > limit as u64 {
            if !expects_continue(headers) && n <= 2 * limit as u64 {
                discard(&mut body, n, deadline.min(Instant::now() + DRAIN_TIMEOUT)).await;
            }
            return Err(ApiError::PayloadTooLarge { limit });
        }
    }
    let mut buf = BytesMut::with_capacity(declared.unwrap_or(0).min(limit as u64) as usize);
    loop {
        let frame = match tokio::time::timeout_at(deadline, body.frame()).await {
            Err(_) => {
                return Err(ApiError::BodyTimeout {
                    secs: timeout.as_secs(),
                })
            }
            Ok(None) => break,
            Ok(Some(Err(e))) => {
                tracing::debug!(error = %e, "request body transport error");
                return Err(ApiError::BadRequest("The request body could not be read"));
            }
            Ok(Some(Ok(frame))) => frame,
        };
        if let Ok(data) = frame.into_data() {
            if buf.len() + data.len() > limit {
                discard(
                    &mut body,
                    limit as u64,
                    deadline.min(Instant::now() + DRAIN_TIMEOUT),
                )
                .await;
                return Err(ApiError::PayloadTooLarge { limit });
            }
            buf.extend_from_slice(&data);
        }
    }
    Ok(buf.freeze())
}

/// Reads and drops an unwanted request body (after an early rejection: 401, 403, 429, or 422 for
/// the Content-Type) so that a client which writes its whole body before reading receives the
/// answer rather than a connection reset: at most `max_bytes` bytes (the server passes
/// MAX_BODY_BYTES) and at most [`DRAIN_TIMEOUT`]; a longer body just gets the connection closed.
/// Does nothing for `Expect: 100-continue` requests (their body has not been sent and must not be
/// asked for), nor when the declared length already exceeds `max_bytes`.
pub async fn discard_body<B>(mut body: B, headers: &HeaderMap, max_bytes: u64)
where
    B: hyper::body::Body<Data = Bytes> + Unpin,
{
    let declared = content_length(headers);
    if expects_continue(headers) || declared == Some(0) || declared.is_some_and(|n| n > max_bytes) {
        return;
    }
    discard(&mut body, max_bytes, Instant::now() + DRAIN_TIMEOUT).await;
}

/// Reads and drops frames until the body ends, `max_bytes` have been read, an error, or `deadline`.
async fn discard<B>(body: &mut B, max_bytes: u64, deadline: Instant)
where
    B: hyper::body::Body<Data = Bytes> + Unpin,
{
    let mut seen: u64 = 0;
    while seen <= max_bytes {
        match tokio::time::timeout_at(deadline, body.frame()).await {
            Ok(Some(Ok(frame))) => {
                if let Ok(data) = frame.into_data() {
                    seen += data.len() as u64;
                }
            }
            _ => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bytes::Bytes;
    use http_body_util::Full;
    use hyper::body::Frame;
    use hyper::header::HeaderValue;
    use hyper::StatusCode;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    /// A body that yields `chunks` data frames of `size` bytes, like a chunked upload.
    fn chunked(chunks: usize, size: usize) -> Chunks {
        Chunks((0..chunks).map(|_| Bytes::from(vec![b'a'; size])).collect())
    }
    struct Chunks(std::collections::VecDeque<Bytes>);
    impl hyper::body::Body for Chunks {
        type Data = Bytes;
        type Error = std::convert::Infallible;
        fn poll_frame(
            self: std::pin::Pin<&mut Self>,
            _: &mut std::task::Context<'_>,
        ) -> std::task::Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
            std::task::Poll::Ready(self.get_mut().0.pop_front().map(|b| Ok(Frame::data(b))))
        }
    }

    #[tokio::test]
    async fn reads_a_body_within_the_limit() {
        let b = read_body(
            Full::new(Bytes::from_static(b"{}")),
            &HeaderMap::new(),
            10,
            Duration::from_secs(1),
        )
        .await;
        assert_eq!(&b.unwrap()[..], b"{}");
        let b = read_body(
            chunked(4, 25),
            &HeaderMap::new(),
            100,
            Duration::from_secs(1),
        )
        .await;
        assert_eq!(b.unwrap().len(), 100);
    }

    #[tokio::test]
    async fn refuses_declared_and_streamed_oversize() {
        let h = headers(&[("content-length", "101")]);
        let e = read_body(
            Full::new(Bytes::from(vec![0u8; 101])),
            &h,
            100,
            Duration::from_secs(1),
        )
        .await;
        assert!(matches!(e, Err(ApiError::PayloadTooLarge { limit: 100 })));
        let e = read_body(
            chunked(5, 25),
            &HeaderMap::new(),
            100,
            Duration::from_secs(1),
        )
        .await;
        assert!(matches!(e, Err(ApiError::PayloadTooLarge { limit: 100 })));
    }

    /// A body whose bytes never arrive.
    struct Stalled;
    impl hyper::body::Body for Stalled {
        type Data = Bytes;
        type Error = std::convert::Infallible;
        fn poll_frame(
            self: std::pin::Pin<&mut Self>,
            _: &mut std::task::Context<'_>,
        ) -> std::task::Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
            std::task::Poll::Pending
        }
    }

    #[tokio::test(start_paused = true)]
    async fn a_stalled_body_times_out() {
        let e = read_body(Stalled, &HeaderMap::new(), 100, Duration::from_secs(3)).await;
        assert!(matches!(e, Err(ApiError::BodyTimeout { secs: 3 })));
        // Discarding a stalled body gives up after DRAIN_TIMEOUT instead of hanging.
        discard_body(Stalled, &HeaderMap::new(), 100).await;
    }

    #[test]
    fn content_type_rules() {
        assert!(require_json(&HeaderMap::new()).is_ok());
        assert!(require_json(&headers(&[(
            "content-type",
            "application/json; charset=utf-8"
        )]))
        .is_ok());
        assert!(require_json(&headers(&[("content-type", "Application/JSON")])).is_ok());
        assert!(require_json(&headers(&[("content-type", "application/problem+json")])).is_ok());
        let e = require_json(&headers(&[("content-type", "text/plain")])).unwrap_err();
        assert_eq!(e.status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert!(require_json(&headers(&[(
            "content-type",
            "application/x-www-form-urlencoded"
        )]))
        .is_err());
    }

    #[test]
    fn expect_continue_detection() {
        assert!(expects_continue(&headers(&[("expect", "100-Continue")])));
        assert!(!expects_continue(&HeaderMap::new()));
    }
}
