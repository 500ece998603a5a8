//! `X-Request-ID` on every response (DESIGN §3 "Bodies"): a client's own id is echoed when it is
//! sane (1..=128 visible ASCII characters, no spaces), otherwise a fresh UUID v4 is used. The id
//! also appears in the request's access-log line.

use hyper::header::{HeaderMap, HeaderName};

/// The header name.
pub const X_REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Longest incoming id that is echoed, in bytes.
pub const MAX_REQUEST_ID_LEN: usize = 128;

/// The id for a request: the incoming `X-Request-ID` if sane, else a new UUID v4.
pub fn request_id(headers: &HeaderMap) -> String {
    if let Some(v) = headers.get(&X_REQUEST_ID) {
        let b = v.as_bytes();
        if (1..=MAX_REQUEST_ID_LEN).contains(&b.len())
            && b.iter().all(|c| (0x21..=0x7e).contains(c))
        {
            // Visible ASCII is valid UTF-8.
            return String::from_utf8_lossy(b).into_owned();
        }
    }
    uuid::Uuid::new_v4().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use hyper::header::HeaderValue;

    fn with(v: &[u8]) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(X_REQUEST_ID.clone(), HeaderValue::from_bytes(v).unwrap());
        h
    }

    #[test]
    fn echoes_sane_ids_and_replaces_others() {
        assert_eq!(request_id(&with(b"abc-123_X.y")), "abc-123_X.y");
        let long = vec![b'a'; 128];
        assert_eq!(request_id(&with(&long)).len(), 128);
        for bad in [&b"has space"[..], &[b'a'; 129][..], "é".as_bytes()] {
            let id = request_id(&with(bad));
            assert!(uuid::Uuid::parse_str(&id).is_ok(), "{id}");
        }
        let id = request_id(&HeaderMap::new());
        assert_eq!(uuid::Uuid::parse_str(&id).unwrap().get_version_num(), 4);
    }
}
