//! API-key authentication (contract "Authentication"; DESIGN §3 "Auth").
//!
//! * The key is read from `X-API-Key`; when that header is absent or empty, from
//!   `Authorization: Bearer <key>` (scheme name case-insensitive). `X-API-Key` wins when both are
//!   sent, even if it is wrong.
//! * It is compared with AG_API_KEY_SECRET in constant time: both sides are hashed with SHA-256
//!   and the 32-byte digests compared with `subtle::ConstantTimeEq` (which alone would return
//!   early on a length mismatch and so leak the secret's length).
//! * No key → 401, wrong key → 403 ([`ApiError::Unauthorized`], [`ApiError::Forbidden`]).
//! * No secret configured → open mode: every request passes (a warning is logged at start-up).
//!
//! The secret itself is not kept: only its digest is, and [`ApiKeyAuth`]'s `Debug` prints neither.
//! Which routes need a key is decided by the router (`routes.rs`), not here.

use super::error::ApiError;
use crate::support::secret::Secret;
use hyper::header::{HeaderMap, AUTHORIZATION};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// Name of the primary API-key header.
pub const API_KEY_HEADER: &str = "x-api-key";

/// The authentication policy: either open mode or the SHA-256 digest of the master key.
#[derive(Clone)]
pub struct ApiKeyAuth {
    digest: Option<[u8; 32]>,
}

impl std::fmt::Debug for ApiKeyAuth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ApiKeyAuth")
            .field("open_mode", &self.is_open())
            .finish()
    }
}

impl ApiKeyAuth {
    /// Builds the policy from AG_API_KEY_SECRET; `None` or a blank value means open mode.
    pub fn new(secret: Option<&Secret>) -> Self {
        let digest = secret.filter(|s| !s.is_blank()).map(|s| sha256(s.expose()));
        ApiKeyAuth { digest }
    }

    /// True in open mode (no secret configured): no request needs a key.
    pub fn is_open(&self) -> bool {
        self.digest.is_none()
    }

    /// Checks a request's headers.
    ///
    /// # Errors
    /// [`ApiError::Unauthorized`] when no key is presented, [`ApiError::Forbidden`] when it differs
    /// from the secret. Always `Ok` in open mode.
    pub fn check(&self, headers: &HeaderMap) -> Result<(), ApiError> {
        let Some(expected) = &self.digest else {
            return Ok(());
        };
        let presented = presented_key(headers).ok_or(ApiError::Unauthorized)?;
        if keys_match(presented, expected) {
            Ok(())
        } else {
            Err(ApiError::Forbidden)
        }
    }
}

/// The key a request presents: a non-empty `X-API-Key`, else the token of a non-empty
/// `Authorization: Bearer <token>`; `None` when neither is there. Header bytes are used as sent
/// (no UTF-8 requirement); surrounding spaces are trimmed.
pub fn presented_key(headers: &HeaderMap) -> Option<&[u8]> {
    if let Some(v) = headers.get(API_KEY_HEADER) {
        let key = v.as_bytes().trim_ascii();
        if !key.is_empty() {
            return Some(key);
        }
    }
    let auth = headers.get(AUTHORIZATION)?.as_bytes().trim_ascii();
    let (scheme, rest) = auth.split_at(auth.iter().position(|b| *b == b' ').unwrap_or(auth.len()));
    if !scheme.eq_ignore_ascii_case(b"bearer") {
        return None;
    }
    let token = rest.trim_ascii();
    (!token.is_empty()).then_some(token)
}

/// Constant-time comparison of a presented key with the secret's SHA-256 digest: the time taken
/// depends on neither the content nor the length of the secret.
pub fn keys_match(presented: &[u8], expected_digest: &[u8; 32]) -> bool {
    sha256(presented).ct_eq(expected_digest).into()
}

fn sha256(bytes: &[u8]) -> [u8; 32] {
    Sha256::digest(bytes).into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use hyper::header::HeaderValue;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    fn auth() -> ApiKeyAuth {
        ApiKeyAuth::new(Some(&Secret::new("s3cret-key")))
    }

    #[test]
    fn open_mode_admits_everything() {
        let open = ApiKeyAuth::new(None);
        assert!(open.is_open());
        assert!(open.check(&HeaderMap::new()).is_ok());
        assert!(
            ApiKeyAuth::new(Some(&Secret::new("  "))).is_open(),
            "a blank secret is not a secret"
        );
    }

    #[test]
    fn missing_key_is_401_and_wrong_key_is_403() {
        let a = auth();
        assert!(matches!(
            a.check(&HeaderMap::new()),
            Err(ApiError::Unauthorized)
        ));
        assert!(matches!(
            a.check(&headers(&[("x-api-key", "")])),
            Err(ApiError::Unauthorized)
        ));
        assert!(matches!(
            a.check(&headers(&[("authorization", "Basic abc")])),
            Err(ApiError::Unauthorized)
        ));
        assert!(matches!(
            a.check(&headers(&[("authorization", "Bearer ")])),
            Err(ApiError::Unauthorized)
        ));
        assert!(matches!(
            a.check(&headers(&[("x-api-key", "nope")])),
            Err(ApiError::Forbidden)
        ));
        assert!(matches!(
            a.check(&headers(&[("x-api-key", "s3cret-key-longer")])),
            Err(ApiError::Forbidden)
        ));
        assert!(matches!(
            a.check(&headers(&[("x-api-key", "s3cret-ke")])),
            Err(ApiError::Forbidden)
        ));
    }

    #[test]
    fn accepts_x_api_key_and_bearer() {
        let a = auth();
        assert!(a.check(&headers(&[("x-api-key", "s3cret-key")])).is_ok());
        assert!(a
            .check(&headers(&[("authorization", "Bearer s3cret-key")]))
            .is_ok());
        assert!(a
            .check(&headers(&[("authorization", "bearer   s3cret-key ")]))
            .is_ok());
    }

    #[test]
    fn x_api_key_takes_precedence_over_bearer() {
        let a = auth();
        let h = headers(&[
            ("x-api-key", "wrong"),
            ("authorization", "Bearer s3cret-key"),
        ]);
        assert!(matches!(a.check(&h), Err(ApiError::Forbidden)));
        let h = headers(&[
            ("x-api-key", "s3cret-key"),
            ("authorization", "Bearer wrong"),
        ]);
        assert!(a.check(&h).is_ok());
        // An empty X-API-Key counts as absent, so the bearer token is used.
        let h = headers(&[("x-api-key", " "), ("authorization", "Bearer s3cret-key")]);
        assert!(a.check(&h).is_ok());
    }

    #[test]
    fn comparison_hashes_both_sides() {
        let d = sha256(b"abc");
        assert!(keys_match(b"abc", &d));
        assert!(!keys_match(b"abd", &d));
        assert!(!keys_match(b"", &d));
        assert!(!keys_match(&[b'a'; 1000], &d));
    }

    #[test]
    fn debug_output_never_contains_the_secret() {
        let s = Secret::new("s3cret-key");
        assert!(!format!("{s:?}").contains("s3cret"));
        assert!(!format!("{:?}", auth()).contains("s3cret"));
    }
}
