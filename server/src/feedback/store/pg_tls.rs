//! How the PostgreSQL store connects: DATABASE_URL read as libpq reads it, including the TLS
//! parameters that tokio-postgres does not parse itself (`sslmode=verify-ca|verify-full`,
//! `sslrootcert`), and the rustls client configuration each mode asks for.
//!
//! `sslmode` follows the PostgreSQL documentation, libpq "SSL Support", table "SSL Mode
//! Descriptions":
//!
//! | sslmode | encrypted | server certificate checked |
//! |---|---|---|
//! | `disable` | never | no |
//! | `allow`, `prefer` (the default) | when the server offers TLS | no |
//! | `require` | always | no; chain checked against `sslrootcert` when one is given (as verify-ca) |
//! | `verify-ca` | always | chain up to a trusted root |
//! | `verify-full` | always | chain, and the host name in the certificate |
//!
//! Roots: `sslrootcert=<file>` (PEM certificates) or `sslrootcert=system` (the operating
//! system's store, read by rustls-native-certs); when verify-ca / verify-full name no
//! `sslrootcert`, the system store (libpq would read `~/.postgresql/root.crt`, which a service
//! account rarely has). `allow` is served as `prefer` (TLS first): libpq tries plain first.
//! TLS is rustls with the ring provider, as for the upstream calls.

use super::{storage_error, StoreError};
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::client::WebPkiServerVerifier;
use rustls::crypto::{verify_tls12_signature, verify_tls13_signature, CryptoProvider};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{
    CertificateError, ClientConfig, DigitallySignedStruct, RootCertStore, SignatureScheme,
};
use std::str::FromStr;
use std::sync::Arc;
use tokio_postgres_rustls::MakeRustlsConnect;

/// libpq's `sslmode` values that change what this client does (module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SslMode {
    /// Plain TCP only.
    Disable,
    /// TLS when the server offers it, certificate not checked (also `allow`).
    Prefer,
    /// TLS always, certificate not checked.
    Require,
    /// TLS always, certificate chain checked against the roots; host name not checked.
    VerifyCa,
    /// TLS always, chain and host name checked.
    VerifyFull,
}

impl SslMode {
    fn parse(value: &str) -> Result<SslMode, StoreError> {
        Ok(match value {
            "disable" => SslMode::Disable,
            "allow" | "prefer" => SslMode::Prefer,
            "require" => SslMode::Require,
            "verify-ca" => SslMode::VerifyCa,
            "verify-full" => SslMode::VerifyFull,
            other => {
                return Err(storage_error(format!(
                    "DATABASE_URL: sslmode {other:?} is not one of disable, allow, prefer, require, verify-ca, verify-full"
                )))
            }
        })
    }

    /// What tokio-postgres itself is told: whether TLS is tried, required or off.
    fn transport(self) -> tokio_postgres::config::SslMode {
        match self {
            SslMode::Disable => tokio_postgres::config::SslMode::Disable,
            SslMode::Prefer => tokio_postgres::config::SslMode::Prefer,
            SslMode::Require | SslMode::VerifyCa | SslMode::VerifyFull => {
                tokio_postgres::config::SslMode::Require
            }
        }
    }
}

/// Where the trusted roots come from (`sslrootcert`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RootSource {
    /// Not given.
    Unset,
    /// `sslrootcert=system`: the operating system's certificate store.
    System,
    /// A PEM file of CA certificates.
    File(String),
}

/// DATABASE_URL read: the tokio-postgres configuration (TLS parameters taken out) and the TLS
/// settings.
pub struct PgConnect {
    /// Host, port, user, password, database, options: everything but the TLS parameters.
    pub config: tokio_postgres::Config,
    /// `sslmode` (default `prefer`, as libpq).
    pub mode: SslMode,
    /// `sslrootcert`.
    pub roots: RootSource,
}

impl std::fmt::Debug for PgConnect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // tokio_postgres::Config's Debug redacts the password.
        f.debug_struct("PgConnect")
            .field("config", &self.config)
            .field("mode", &self.mode)
            .field("roots", &self.roots)
            .finish()
    }
}

impl PgConnect {
    /// Reads a libpq connection string: a URL (`postgres://…?sslmode=verify-full&sslrootcert=…`)
    /// or `key=value` pairs (`host=… sslmode=require`; TLS values unquoted).
    ///
    /// # Errors
    /// A value tokio-postgres rejects, or an unknown `sslmode`. Messages name the parameter and
    /// never repeat the URL (it may carry a password).
    pub fn parse(url: &str) -> Result<PgConnect, StoreError> {
        let mut mode = SslMode::Prefer;
        let mut roots = RootSource::Unset;
        let mut take = |key: &str, value: &str| -> Result<bool, StoreError> {
            match key {
                "sslmode" => mode = SslMode::parse(value)?,
                "sslrootcert" if value == "system" => roots = RootSource::System,
                "sslrootcert" => roots = RootSource::File(value.to_string()),
                _ => return Ok(false),
            }
            Ok(true)
        };
        let rest = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            match url.split_once('?') {
                Some((base, query)) => {
                    let mut kept = Vec::new();
                    for pair in query.split('&').filter(|p| !p.is_empty()) {
                        let (k, v) = url::form_urlencoded::parse(pair.as_bytes())
                            .next()
                            .map(|(k, v)| (k.into_owned(), v.into_owned()))
                            .unwrap_or_default();
                        if !take(&k, &v)? {
                            kept.push(pair);
                        }
                    }
                    if kept.is_empty() {
                        base.to_string()
                    } else {
                        format!("{base}?{}", kept.join("&"))
                    }
                }
                None => url.to_string(),
            }
        } else {
            let mut kept = Vec::new();
            for token in url.split_whitespace() {
                let taken = match token.split_once('=') {
                    Some((k, v)) => take(k.trim(), v.trim().trim_matches('\''))?,
                    None => false,
                };
                if !taken {
                    kept.push(token);
                }
            }
            kept.join(" ")
        };
        let mut config = tokio_postgres::Config::from_str(&rest).map_err(|e| {
            // tokio-postgres's parse errors ("unknown option `x`", "invalid value for option
            // `y`", in the error's source) name the option, never the string.
            match std::error::Error::source(&e) {
                Some(cause) => storage_error(format!("DATABASE_URL: {e}: {cause}")),
                None => storage_error(format!("DATABASE_URL: {e}")),
            }
        })?;
        config.ssl_mode(mode.transport());
        Ok(PgConnect {
            config,
            mode,
            roots,
        })
    }

    /// The TLS connector for [`PgConnect::mode`] (module docs; never used when `disable`).
    ///
    /// # Errors
    /// `sslrootcert` cannot be read or holds no certificate; the system store cannot be read.
    pub fn tls(&self) -> Result<MakeRustlsConnect, StoreError> {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let builder = ClientConfig::builder_with_provider(Arc::clone(&provider))
            .with_safe_default_protocol_versions()
            .map_err(|e| storage_error(format!("PostgreSQL TLS: {e}")))?;
        let check_chain = matches!(
            (self.mode, &self.roots),
            (SslMode::VerifyCa | SslMode::VerifyFull, _)
                | (SslMode::Require, RootSource::File(_) | RootSource::System)
        );
        let config = if !check_chain {
            builder
                .dangerous()
                .with_custom_certificate_verifier(Arc::new(EncryptOnly(provider)))
                .with_no_client_auth()
        } else {
            let roots = Arc::new(self.root_store()?);
            if self.mode == SslMode::VerifyFull {
                builder.with_root_certificates(roots).with_no_client_auth()
            } else {
                let chain = WebPkiServerVerifier::builder_with_provider(roots, provider)
                    .build()
                    .map_err(|e| storage_error(format!("PostgreSQL TLS: {e}")))?;
                builder
                    .dangerous()
                    .with_custom_certificate_verifier(Arc::new(ChainOnly(chain)))
                    .with_no_client_auth()
            }
        };
        Ok(MakeRustlsConnect::new(config))
    }

    fn root_store(&self) -> Result<RootCertStore, StoreError> {
        let mut store = RootCertStore::empty();
        match &self.roots {
            RootSource::File(path) => {
                let certs = CertificateDer::pem_file_iter(path)
                    .and_then(|it| it.collect::<Result<Vec<_>, _>>())
                    .map_err(|e| storage_error(format!("cannot read sslrootcert {path}: {e}")))?;
                let (added, _) = store.add_parsable_certificates(certs);
                if added == 0 {
                    return Err(storage_error(format!(
                        "sslrootcert {path} holds no usable CA certificate"
                    )));
                }
            }
            RootSource::System | RootSource::Unset => {
                let found = rustls_native_certs::load_native_certs();
                let (added, _) = store.add_parsable_certificates(found.certs);
                if added == 0 {
                    return Err(storage_error(format!(
                        "no system CA certificate could be read for sslmode verify: {:?}",
                        found.errors.first().map(ToString::to_string)
                    )));
                }
            }
        }
        Ok(store)
    }
}

/// `prefer` / `require` without roots: the channel is encrypted and the handshake's signatures
/// are checked, but any certificate is accepted (libpq's semantics for these modes: protection
/// from passive eavesdropping only).
#[derive(Debug)]
struct EncryptOnly(Arc<CryptoProvider>);

impl ServerCertVerifier for EncryptOnly {
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls12_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls13_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.signature_verification_algorithms.supported_schemes()
    }
}

/// `verify-ca`: the WebPKI chain check of rustls, with a certificate that is valid but names
/// another host accepted (webpki checks the chain before the name, so a name error means the
/// chain passed).
#[derive(Debug)]
struct ChainOnly(Arc<WebPkiServerVerifier>);

impl ServerCertVerifier for ChainOnly {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        match self
            .0
            .verify_server_cert(end_entity, intermediates, server_name, ocsp_response, now)
        {
            Err(rustls::Error::InvalidCertificate(
                CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
            )) => Ok(ServerCertVerified::assertion()),
            other => other,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls12_signature(message, cert, dss)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls13_signature(message, cert, dss)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.supported_verify_schemes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tls_parameters_are_taken_out_of_a_url_and_the_rest_kept() {
        let c = PgConnect::parse(
            "postgres://u:secret@db.example:6543/app?application_name=ea&sslmode=verify-full&sslrootcert=%2Fetc%2Fca.pem",
        )
        .unwrap();
        assert_eq!(c.mode, SslMode::VerifyFull);
        assert_eq!(c.roots, RootSource::File("/etc/ca.pem".into()));
        assert_eq!(c.config.get_application_name(), Some("ea"));
        assert_eq!(c.config.get_dbname(), Some("app"));
        assert_eq!(c.config.get_ports(), &[6543]);
        assert_eq!(
            c.config.get_ssl_mode(),
            tokio_postgres::config::SslMode::Require
        );
        assert!(!format!("{c:?}").contains("secret"));
    }

    #[test]
    fn key_value_strings_and_the_default_mode() {
        let c =
            PgConnect::parse("host=localhost user=postgres sslmode=verify-ca sslrootcert=system")
                .unwrap();
        assert_eq!((c.mode, c.roots), (SslMode::VerifyCa, RootSource::System));
        assert_eq!(c.config.get_user(), Some("postgres"));
        let d = PgConnect::parse("postgres://localhost/test").unwrap();
        assert_eq!((d.mode, d.roots), (SslMode::Prefer, RootSource::Unset));
        assert_eq!(
            PgConnect::parse("postgres://localhost/test?sslmode=allow")
                .unwrap()
                .mode,
            SslMode::Prefer
        );
    }

    #[test]
    fn a_bad_mode_or_root_file_names_the_parameter_not_the_url() {
        let e = PgConnect::parse("postgres://u:secret@h/db?sslmode=bogus").unwrap_err();
        assert!(
            e.0.contains("sslmode \"bogus\"") && !e.0.contains("secret"),
            "{e}"
        );
        let e = PgConnect::parse("postgres://u:secret@h/db?nonsense=1").unwrap_err();
        assert!(e.0.contains("nonsense") && !e.0.contains("secret"), "{e}");
        let c =
            PgConnect::parse("postgres://h/db?sslmode=verify-full&sslrootcert=/nonexistent.pem")
                .unwrap();
        let e = c.tls().err().unwrap();
        assert!(
            e.0.contains("cannot read sslrootcert /nonexistent.pem"),
            "{e}"
        );
    }
}
