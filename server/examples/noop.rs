//! Reference ceiling of the load test (`scripts/load.sh`): the same hyper 1.x / tokio set-up as
//! the real server (multi-thread runtime, HTTP/1.1 with keep-alive and a header-read timer,
//! TCP_NODELAY, one task per connection) answering every request with a fixed
//! `200 {"status":"ok"}` after reading its body. Whatever the real server spends beyond this is
//! its own overhead (routing, auth, limiter, validation, scoring, JSON, metrics, logging).
//!
//! `cargo run --release -p epistemic-audit-server --example noop -- [PORT]` (0 or absent: a free
//! port); prints `listening on ADDR` like the real server and runs until killed.

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::header::{HeaderValue, CONTENT_TYPE};
use hyper::service::service_fn;
use hyper::{Request, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use std::convert::Infallible;
use std::io::Write;
use std::time::Duration;
use tokio::net::TcpListener;

async fn answer(req: Request<hyper::body::Incoming>) -> Result<Response<Full<Bytes>>, Infallible> {
    // Read the body like the real server does, so POST costs are comparable.
    let _ = req.into_body().collect().await;
    let mut resp = Response::new(Full::new(Bytes::from_static(br#"{"status":"ok"}"#)));
    resp.headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    Ok(resp)
}

fn main() -> std::io::Result<()> {
    let port: u16 = std::env::args()
        .nth(1)
        .map(|p| p.parse().expect("PORT must be a number"))
        .unwrap_or(0);
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(async move {
            let listener = TcpListener::bind(("127.0.0.1", port)).await?;
            {
                let mut out = std::io::stdout().lock();
                writeln!(out, "listening on {}", listener.local_addr()?)?;
                out.flush()?;
            }
            let mut http1 = hyper::server::conn::http1::Builder::new();
            http1
                .timer(TokioTimer::new())
                .header_read_timeout(Duration::from_secs(30))
                .keep_alive(true);
            loop {
                let (stream, _) = match listener.accept().await {
                    Ok(pair) => pair,
                    Err(_) => {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                let _ = stream.set_nodelay(true);
                let conn = http1.serve_connection(TokioIo::new(stream), service_fn(answer));
                tokio::spawn(async move {
                    let _ = conn.await;
                });
            }
        })
}
