//! [`Secret`]: a setting value (API key, token, URL with a password) that is never printed.

/// A configured secret, redacted in `Debug` output so it can sit in settings structs safely.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// Wraps a secret value.
    pub fn new(value: impl Into<String>) -> Self {
        Secret(value.into())
    }

    /// The secret's bytes (only for hashing).
    pub fn expose(&self) -> &[u8] {
        self.0.as_bytes()
    }

    /// The secret as text (only to hand it to a client library, e.g. a database URL).
    pub fn expose_str(&self) -> &str {
        &self.0
    }

    /// True when the value is empty or only whitespace (treated as "not configured").
    pub fn is_blank(&self) -> bool {
        self.0.trim().is_empty()
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret([redacted])")
    }
}

impl std::str::FromStr for Secret {
    type Err = std::convert::Infallible;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(Secret(s.to_string()))
    }
}
