//! `GET /docs` and `GET /docs/<file>`: Swagger UI (utoipa-swagger-ui, feature `vendored`). Every
//! asset is compiled into the binary and served from `/docs/…`; the page loads nothing from other
//! hosts (no CDN, no validator badge), so it works with no internet access. The document it shows
//! is `/openapi.json` (`api::openapi`).

use super::error::ApiError;
use super::response::{bytes_response, Body};
use hyper::header::{HeaderValue, CACHE_CONTROL, CONTENT_ENCODING};
use hyper::Response;
use std::sync::{Arc, OnceLock};

/// Path of the document the docs page loads.
pub const OPENAPI_PATH: &str = "/openapi.json";

fn swagger_config() -> Arc<utoipa_swagger_ui::Config<'static>> {
    static CONFIG: OnceLock<Arc<utoipa_swagger_ui::Config<'static>>> = OnceLock::new();
    Arc::clone(CONFIG.get_or_init(|| {
        Arc::new(
            utoipa_swagger_ui::Config::new([OPENAPI_PATH])
                // "none": no badge that would fetch validator.swagger.io (offline page).
                .validator_url("none")
                .display_operation_id(false)
                .deep_linking(true),
        )
    }))
}

/// One asset of the docs page: bytes, Content-Type and whether the bytes are gzip-encoded.
#[derive(Debug, Clone)]
pub struct DocsFile {
    /// File content.
    pub bytes: bytes::Bytes,
    /// Its Content-Type.
    pub content_type: String,
    /// True when `bytes` is gzip (send `Content-Encoding: gzip`).
    pub gzipped: bool,
}

/// The docs page (`/docs`, `/docs/`, `/docs/index.html`) or one of its assets (`/docs/<file>`);
/// `None` for a file Swagger UI does not have. The page gets `<base href="/docs/">` so that its
/// relative asset links resolve under `/docs/` whichever of its URLs was requested.
pub fn docs_file(path: &str) -> Option<DocsFile> {
    let tail = path
        .strip_prefix("/docs")
        .unwrap_or(path)
        .trim_start_matches('/');
    let tail = if tail.is_empty() { "index.html" } else { tail };
    let file = utoipa_swagger_ui::serve(tail, swagger_config()).ok()??;
    let mut bytes = bytes::Bytes::from(file.bytes.into_owned());
    if tail == "index.html" && !file.gzpipped {
        let html = String::from_utf8_lossy(&bytes)
            .replacen("<head>", "<head>\n    <base href=\"/docs/\" />", 1)
            .replace(
                "<title>Swagger UI</title>",
                "<title>epistemic-audit API 1.1.0</title>",
            );
        bytes = bytes::Bytes::from(html);
    }
    Some(DocsFile {
        bytes,
        content_type: file.content_type,
        gzipped: file.gzpipped,
    })
}

/// `GET /docs` and `GET /docs/<file>`: the Swagger UI page and its assets, from the binary.
///
/// # Errors
/// [`ApiError::NotFound`] for a file the page does not have.
pub fn serve(path: &str) -> Result<Response<Body>, ApiError> {
    let file = docs_file(path).ok_or(ApiError::NotFound)?;
    let mut resp = bytes_response(&file.content_type, file.bytes);
    let h = resp.headers_mut();
    if file.gzipped {
        h.insert(CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    }
    h.insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    Ok(resp)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn docs_assets_are_embedded() {
        let page = docs_file("/docs").expect("index");
        assert!(page.content_type.starts_with("text/html"));
        let html = String::from_utf8_lossy(&page.bytes);
        assert!(html.contains("<base href=\"/docs/\""));
        let init = docs_file("/docs/swagger-initializer.js").expect("initializer");
        let js = String::from_utf8_lossy(&init.bytes);
        assert!(js.contains("/openapi.json"), "{js}");
        assert!(!js.contains("petstore"), "{js}");
        assert!(docs_file("/docs/swagger-ui-bundle.js").is_some());
        assert!(docs_file("/docs/nope.js").is_none());
    }
}
