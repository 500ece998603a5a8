//! Where the upstream is: the managed endpoint (operator configuration) and the checks a BYO
//! endpoint (header `X-HF-Endpoint`) must pass before any connection is made (DESIGN §3):
//!
//! 1. an absolute URL without credentials (`user:pass@`), query or fragment;
//! 2. scheme `https` (`http` only with the test-only UPSTREAM_ALLOW_LOOPBACK_HTTP, see 5);
//! 3. host equal to, or a subdomain of, an ALLOWED_HF_HOSTS entry (an IP literal must equal one);
//! 4. every address the host resolves to is public: not loopback, private (RFC 1918, fc00::/7),
//!    shared (CGNAT 100.64/10), link-local, multicast, unspecified, documentation, benchmarking
//!    or otherwise reserved — IPv4, IPv6, and IPv4 embedded in IPv6 (v4-mapped, NAT64 64:ff9b::/96,
//!    6to4 2002::/16) judged as the IPv4 address they carry; IPv6 outside 2000::/3 is reserved;
//! 5. with UPSTREAM_ALLOW_LOOPBACK_HTTP=true (tests only) an endpoint whose addresses are *all*
//!    loopback passes 4 and may use `http`; nothing else changes.
//!
//! The addresses checked in 4 are the ones connected to: the HTTP client of a BYO endpoint is
//! built with `resolve_to_addrs(host, checked)` ([`ByoEndpoint::addrs`]), so a second DNS answer
//! (DNS rebinding) is never used. Errors name the broken rule, never the URL or the token.
//!
//! The managed endpoint (HF_ENDPOINT_URL) is operator configuration: only its syntax is checked
//! ([`parse_managed_url`]), it may be `http` and on a private network.

use crate::support::secret::Secret;
use ipnet::{Ipv4Net, Ipv6Net};
use reqwest::Url;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::OnceLock;
use std::time::Duration;

/// Default of ALLOWED_HF_HOSTS: Hugging Face's own domains (Hub, Spaces, Inference Endpoints).
pub const DEFAULT_ALLOWED_HF_HOSTS: &str = "huggingface.co,hf.space,endpoints.huggingface.cloud";

/// Header carrying the client's upstream base URL (BYO-HF mode).
pub const X_HF_ENDPOINT: &str = "x-hf-endpoint";
/// Header carrying the client's upstream token (BYO-HF mode), sent on as `Authorization: Bearer`.
pub const X_HF_TOKEN: &str = "x-hf-token";

/// The ALLOWED_HF_HOSTS setting: lower-case host names (or IP literals), without scheme or port.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllowedHosts(Vec<String>);

impl AllowedHosts {
    /// Parses a comma-separated list; blanks are skipped, a leading `.` is dropped, `none` or an
    /// empty list allows no host.
    ///
    /// # Errors
    /// An entry that is not a bare host name or IP literal (e.g. has a scheme, port or path).
    pub fn parse(s: &str) -> Result<Self, String> {
        let mut out = Vec::new();
        for raw in s.split(',') {
            let entry = raw.trim().trim_start_matches('.').to_ascii_lowercase();
            if entry.is_empty() || (entry == "none" && out.is_empty()) {
                continue;
            }
            let is_ip = entry.parse::<IpAddr>().is_ok();
            let is_name = entry.split('.').all(|label| {
                !label.is_empty()
                    && label.len() <= 63
                    && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            });
            if !is_ip && !is_name {
                return Err(format!(
                    "`{entry}` is not a host name (give names like huggingface.co, without scheme, port or path)"
                ));
            }
            out.push(entry);
        }
        Ok(AllowedHosts(out))
    }

    /// The entries.
    pub fn entries(&self) -> &[String] {
        &self.0
    }

    /// True when `host` (lower-case, IPv6 without brackets) equals an entry or ends with
    /// `.<entry>`. IP literals only match equal entries.
    pub fn allows(&self, host: &str) -> bool {
        let host = host.trim_end_matches('.').to_ascii_lowercase();
        let is_ip = host.parse::<IpAddr>().is_ok();
        self.0.iter().any(|e| {
            host == *e
                || (!is_ip
                    && e.parse::<IpAddr>().is_err()
                    && host.len() > e.len()
                    && host.ends_with(e.as_str())
                    && host.as_bytes()[host.len() - e.len() - 1] == b'.')
        })
    }
}

/// Why an address is refused (rule 4), as named in the 400 message.
pub fn forbidden_reason(ip: IpAddr) -> Option<&'static str> {
    match ip {
        IpAddr::V4(v4) => forbidden_v4(v4),
        IpAddr::V6(v6) => forbidden_v6(v6),
    }
}

fn v4_table() -> &'static [(Ipv4Net, &'static str)] {
    static T: OnceLock<Vec<(Ipv4Net, &'static str)>> = OnceLock::new();
    T.get_or_init(|| {
        [
            ("0.0.0.0/8", "unspecified"),
            ("10.0.0.0/8", "private"),
            ("100.64.0.0/10", "shared (CGNAT)"),
            ("127.0.0.0/8", "loopback"),
            ("169.254.0.0/16", "link-local"),
            ("172.16.0.0/12", "private"),
            ("192.0.0.0/24", "reserved"),
            ("192.0.2.0/24", "documentation"),
            ("192.88.99.0/24", "reserved"),
            ("192.168.0.0/16", "private"),
            ("198.18.0.0/15", "reserved"),
            ("198.51.100.0/24", "documentation"),
            ("203.0.113.0/24", "documentation"),
            ("224.0.0.0/4", "multicast"),
            ("240.0.0.0/4", "reserved"),
        ]
        .into_iter()
        .map(|(n, why)| (n.parse().expect("valid IPv4 network"), why))
        .collect()
    })
}

fn v6_table() -> &'static [(Ipv6Net, &'static str)] {
    static T: OnceLock<Vec<(Ipv6Net, &'static str)>> = OnceLock::new();
    T.get_or_init(|| {
        [
            ("64:ff9b:1::/48", "reserved"),
            ("100::/64", "reserved"),
            ("2001::/23", "reserved"),
            ("2001:db8::/32", "documentation"),
            ("3fff::/20", "documentation"),
            ("fc00::/7", "private"),
            ("fe80::/10", "link-local"),
            ("fec0::/10", "reserved"),
            ("ff00::/8", "multicast"),
        ]
        .into_iter()
        .map(|(n, why)| (n.parse().expect("valid IPv6 network"), why))
        .collect()
    })
}

fn forbidden_v4(ip: Ipv4Addr) -> Option<&'static str> {
    if ip == Ipv4Addr::BROADCAST {
        return Some("reserved");
    }
    v4_table()
        .iter()
        .find(|(net, _)| net.contains(&ip))
        .map(|(_, why)| *why)
}

fn forbidden_v6(ip: Ipv6Addr) -> Option<&'static str> {
    if ip.is_unspecified() {
        return Some("unspecified");
    }
    if ip.is_loopback() {
        return Some("loopback");
    }
    let s = ip.segments();
    // IPv4 carried in IPv6: judged as that IPv4 address.
    if let Some(v4) = ip.to_ipv4_mapped() {
        return forbidden_v4(v4);
    }
    if s[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        return forbidden_v4(Ipv4Addr::new(
            (s[6] >> 8) as u8,
            s[6] as u8,
            (s[7] >> 8) as u8,
            s[7] as u8,
        ));
    }
    if s[0] == 0x2002 {
        return forbidden_v4(Ipv4Addr::new(
            (s[1] >> 8) as u8,
            s[1] as u8,
            (s[2] >> 8) as u8,
            s[2] as u8,
        ));
    }
    if let Some((_, why)) = v6_table().iter().find(|(net, _)| net.contains(&ip)) {
        return Some(why);
    }
    // Outside global unicast 2000::/3 (IPv4-compatible ::/96, 64:ff9b::/96 handled above, …).
    if s[0] & 0xe000 != 0x2000 {
        return Some("reserved");
    }
    None
}

/// True for 127.0.0.0/8, ::1 and v4-mapped loopback.
pub fn is_loopback(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.is_loopback(),
        IpAddr::V6(v6) => {
            v6.is_loopback() || v6.to_ipv4_mapped().is_some_and(|v4| v4.is_loopback())
        }
    }
}

/// A BYO endpoint that passed every rule: base URL, the checked addresses to connect to, token.
#[derive(Clone)]
pub struct ByoEndpoint {
    /// Base URL (a path prefix is kept; `/generate`, `/v1/...` are appended to it).
    pub base: Url,
    /// The host name as written (lower case), for `resolve_to_addrs`.
    pub host: String,
    /// The resolved, checked addresses; the only ones connected to.
    pub addrs: Vec<SocketAddr>,
    /// The client's token (`X-HF-Token`).
    pub token: Secret,
}

impl std::fmt::Debug for ByoEndpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ByoEndpoint")
            .field("addrs", &self.addrs.len())
            .finish_non_exhaustive()
    }
}

/// The BYO headers of one request, syntactically checked (rules 1–3); DNS comes later.
#[derive(Clone)]
pub struct ByoRequest {
    url: Url,
    host: String,
    port: u16,
    token: Secret,
}

impl std::fmt::Debug for ByoRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ByoRequest([redacted])")
    }
}

/// Settings the BYO checks read.
#[derive(Debug, Clone)]
pub struct ByoPolicy {
    /// ALLOWED_HF_HOSTS.
    pub allowed_hosts: AllowedHosts,
    /// UPSTREAM_ALLOW_LOOPBACK_HTTP (tests only).
    pub allow_loopback_http: bool,
    /// Deadline of the DNS lookup (HF_TIMEOUT).
    pub resolve_timeout: Duration,
}

/// Message prefix of every endpoint rule violation.
const BAD_ENDPOINT: &str = "Invalid X-HF-Endpoint";

impl ByoPolicy {
    /// Rules 1–3 on the header values (no DNS, no connection). `endpoint` and `token` are the raw
    /// header values.
    ///
    /// # Errors
    /// The 400 message naming the rule broken (never the URL or token).
    pub fn check_syntax(&self, endpoint: &str, token: &str) -> Result<ByoRequest, String> {
        if token.trim().is_empty() {
            return Err("X-HF-Token is empty".into());
        }
        let url = Url::parse(endpoint.trim())
            .map_err(|_| format!("{BAD_ENDPOINT}: not an absolute URL"))?;
        if !url.username().is_empty() || url.password().is_some() {
            return Err(format!(
                "{BAD_ENDPOINT}: credentials in the URL are not accepted (send the token in X-HF-Token)"
            ));
        }
        if url.query().is_some() || url.fragment().is_some() {
            return Err(format!(
                "{BAD_ENDPOINT}: a query or fragment is not accepted"
            ));
        }
        match url.scheme() {
            "https" => {}
            "http" if self.allow_loopback_http => {}
            _ => return Err(format!("{BAD_ENDPOINT}: the scheme must be https")),
        }
        let host = match url.host() {
            Some(url::Host::Domain(d)) => d.trim_end_matches('.').to_ascii_lowercase(),
            Some(url::Host::Ipv4(ip)) => ip.to_string(),
            Some(url::Host::Ipv6(ip)) => ip.to_string(),
            None => return Err(format!("{BAD_ENDPOINT}: the URL has no host")),
        };
        if !self.allowed_hosts.allows(&host) {
            return Err(format!(
                "{BAD_ENDPOINT}: the host is not in ALLOWED_HF_HOSTS"
            ));
        }
        let port = url
            .port_or_known_default()
            .ok_or_else(|| format!("{BAD_ENDPOINT}: no port"))?;
        Ok(ByoRequest {
            url,
            host,
            port,
            token: Secret::new(token.trim()),
        })
    }

    /// Rule 4 (and 5): resolves the host once and checks every address; the result carries the
    /// checked addresses so the connection goes to them.
    ///
    /// # Errors
    /// The 400 message: the name does not resolve (in HF_TIMEOUT), an address is of a refused
    /// class, or `http` without the test-only loopback setting.
    pub async fn resolve(&self, req: ByoRequest) -> Result<ByoEndpoint, String> {
        let addrs: Vec<SocketAddr> = match req.host.parse::<IpAddr>() {
            Ok(ip) => vec![SocketAddr::new(ip, req.port)],
            Err(_) => {
                let lookup = tokio::net::lookup_host((req.host.as_str(), req.port));
                match tokio::time::timeout(self.resolve_timeout, lookup).await {
                    Ok(Ok(it)) => it.collect(),
                    _ => Vec::new(),
                }
            }
        };
        if addrs.is_empty() {
            return Err(format!(
                "{BAD_ENDPOINT}: the host name could not be resolved"
            ));
        }
        self.check_addresses(req, addrs)
    }

    /// Rule 4/5 on given addresses (separate from DNS for the unit tests).
    fn check_addresses(
        &self,
        req: ByoRequest,
        addrs: Vec<SocketAddr>,
    ) -> Result<ByoEndpoint, String> {
        let all_loopback = addrs.iter().all(|a| is_loopback(a.ip()));
        let loopback_ok = self.allow_loopback_http && all_loopback;
        if !loopback_ok {
            if let Some(why) = addrs.iter().find_map(|a| forbidden_reason(a.ip())) {
                return Err(format!(
                    "{BAD_ENDPOINT}: the host resolves to a {why} address"
                ));
            }
            if req.url.scheme() != "https" {
                return Err(format!(
                    "{BAD_ENDPOINT}: the scheme must be https (http only to loopback with the test-only setting)"
                ));
            }
        }
        Ok(ByoEndpoint {
            base: req.url,
            host: req.host,
            addrs,
            token: req.token,
        })
    }
}

/// Syntax check of HF_ENDPOINT_URL: an absolute http(s) URL with a host, no query or fragment.
///
/// # Errors
/// A message naming the rule (never the URL, which may carry credentials).
pub fn parse_managed_url(s: &str) -> Result<Url, String> {
    let url = Url::parse(s.trim()).map_err(|_| "not an absolute URL".to_string())?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err("the scheme must be http or https".into());
    }
    if url.host().is_none() {
        return Err("the URL has no host".into());
    }
    if url.query().is_some() || url.fragment().is_some() {
        return Err("a query or fragment is not accepted".into());
    }
    Ok(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy(hosts: &str, loopback: bool) -> ByoPolicy {
        ByoPolicy {
            allowed_hosts: AllowedHosts::parse(hosts).unwrap(),
            allow_loopback_http: loopback,
            resolve_timeout: Duration::from_secs(2),
        }
    }

    #[test]
    fn address_classes() {
        let cases: &[(&str, Option<&str>)] = &[
            ("0.0.0.0", Some("unspecified")),
            ("0.1.2.3", Some("unspecified")),
            ("127.0.0.1", Some("loopback")),
            ("127.255.0.9", Some("loopback")),
            ("10.0.0.1", Some("private")),
            ("172.16.0.1", Some("private")),
            ("172.31.255.255", Some("private")),
            ("192.168.1.1", Some("private")),
            ("100.64.0.1", Some("shared (CGNAT)")),
            ("100.127.255.254", Some("shared (CGNAT)")),
            ("169.254.169.254", Some("link-local")),
            ("224.0.0.1", Some("multicast")),
            ("239.255.255.250", Some("multicast")),
            ("240.0.0.1", Some("reserved")),
            ("255.255.255.255", Some("reserved")),
            ("192.0.2.10", Some("documentation")),
            ("198.51.100.7", Some("documentation")),
            ("203.0.113.5", Some("documentation")),
            ("198.18.0.1", Some("reserved")),
            ("192.0.0.8", Some("reserved")),
            ("8.8.8.8", None),
            ("172.32.0.1", None),
            ("100.128.0.1", None),
            ("::", Some("unspecified")),
            ("::1", Some("loopback")),
            ("::ffff:127.0.0.1", Some("loopback")),
            ("::ffff:10.1.2.3", Some("private")),
            ("::ffff:169.254.169.254", Some("link-local")),
            ("::ffff:8.8.8.8", None),
            ("64:ff9b::a00:1", Some("private")),
            ("64:ff9b::808:808", None),
            ("2002:a00:1::1", Some("private")),
            ("2002:7f00:1::", Some("loopback")),
            ("fc00::1", Some("private")),
            ("fd12:3456::1", Some("private")),
            ("fe80::1", Some("link-local")),
            ("febf::1", Some("link-local")),
            ("fec0::1", Some("reserved")),
            ("ff02::1", Some("multicast")),
            ("2001:db8::1", Some("documentation")),
            ("3fff::1", Some("documentation")),
            ("2001::1", Some("reserved")),
            ("100::1", Some("reserved")),
            ("::a00:1", Some("reserved")),
            ("4000::1", Some("reserved")),
            ("2606:4700::1111", None),
            ("2a00:1450:4001::200e", None),
        ];
        for (ip, want) in cases {
            let got = forbidden_reason(ip.parse().unwrap());
            assert_eq!(got, *want, "{ip}");
        }
    }

    #[test]
    fn allowed_hosts_match_equal_or_subdomain() {
        let a = AllowedHosts::parse(DEFAULT_ALLOWED_HF_HOSTS).unwrap();
        assert!(a.allows("huggingface.co"));
        assert!(a.allows("api-inference.huggingface.co"));
        assert!(a.allows("x.y.endpoints.huggingface.cloud"));
        assert!(a.allows("user-space.hf.space"));
        assert!(a.allows("HuggingFace.CO."));
        assert!(!a.allows("evilhuggingface.co"));
        assert!(!a.allows("huggingface.co.evil.com"));
        assert!(!a.allows("endpoints.huggingface.cloud.example"));
        assert!(!a.allows("cloud"));
        let ip = AllowedHosts::parse("10.0.0.1, .Example.ORG ,").unwrap();
        assert_eq!(ip.entries(), ["10.0.0.1", "example.org"]);
        assert!(ip.allows("10.0.0.1") && ip.allows("a.example.org"));
        assert!(!ip.allows("1.10.0.0.1"));
        assert!(AllowedHosts::parse("none").unwrap().entries().is_empty());
        assert!(AllowedHosts::parse("").unwrap().entries().is_empty());
        for bad in [
            "https://huggingface.co",
            "huggingface.co:443",
            "a/b",
            "a..b",
        ] {
            assert!(AllowedHosts::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn syntax_rules_name_the_rule_not_the_url() {
        let p = policy(DEFAULT_ALLOWED_HF_HOSTS, false);
        let secret_url = "https://secret-name.example.com/";
        let cases = [
            ("not a url", "not an absolute URL"),
            ("https://u:pw@x.huggingface.co/", "credentials"),
            ("https://x.huggingface.co/?a=1", "query or fragment"),
            ("http://x.huggingface.co/", "scheme must be https"),
            ("ftp://x.huggingface.co/", "scheme must be https"),
            (secret_url, "not in ALLOWED_HF_HOSTS"),
            ("https://10.0.0.1/", "not in ALLOWED_HF_HOSTS"),
        ];
        for (url, want) in cases {
            let e = p.check_syntax(url, "hf_tok").unwrap_err();
            assert!(e.contains(want), "{url}: {e}");
            assert!(e.starts_with("Invalid X-HF-Endpoint"), "{e}");
            assert!(!e.contains("secret-name") && !e.contains("hf_tok"), "{e}");
        }
        assert_eq!(
            p.check_syntax("https://x.huggingface.co", " ").unwrap_err(),
            "X-HF-Token is empty"
        );
        let ok = p
            .check_syntax("https://My-Endpoint.Endpoints.HuggingFace.Cloud/v1/", "t")
            .unwrap();
        assert_eq!(ok.host, "my-endpoint.endpoints.huggingface.cloud");
        assert_eq!(ok.port, 443);
        assert!(!format!("{ok:?}").contains("my-endpoint"));
    }

    #[test]
    fn any_refused_address_refuses_the_endpoint() {
        let p = policy("example.org", false);
        let req = || p.check_syntax("https://api.example.org/", "t").unwrap();
        let sa = |s: &str| SocketAddr::new(s.parse().unwrap(), 443);
        let ok = p
            .check_addresses(req(), vec![sa("8.8.8.8"), sa("2606:4700::1111")])
            .unwrap();
        assert_eq!(ok.addrs.len(), 2);
        for (addrs, why) in [
            (vec![sa("8.8.8.8"), sa("10.0.0.1")], "private"),
            (vec![sa("::1")], "loopback"),
            (vec![sa("8.8.4.4"), sa("fe80::1")], "link-local"),
            (vec![sa("100.64.1.1")], "shared (CGNAT)"),
        ] {
            let e = p.check_addresses(req(), addrs).unwrap_err();
            assert!(e.contains(why), "{e}");
        }
    }

    #[test]
    fn loopback_http_only_with_the_test_setting_and_only_to_loopback() {
        let strict = policy("localhost,127.0.0.1", false);
        assert!(strict
            .check_syntax("http://127.0.0.1:8080/", "t")
            .unwrap_err()
            .contains("https"));
        let e = strict
            .check_addresses(
                strict.check_syntax("https://127.0.0.1:8080/", "t").unwrap(),
                vec!["127.0.0.1:8080".parse().unwrap()],
            )
            .unwrap_err();
        assert!(e.contains("loopback"), "{e}");

        let test = policy("localhost,127.0.0.1,example.org", true);
        let ok = test
            .check_addresses(
                test.check_syntax("http://127.0.0.1:8080/", "t").unwrap(),
                vec!["127.0.0.1:8080".parse().unwrap()],
            )
            .unwrap();
        assert_eq!(ok.addrs[0].port(), 8080);
        // Mixed loopback + private is still refused, and http to a public address too.
        let mixed = test.check_addresses(
            test.check_syntax("http://localhost:8080/", "t").unwrap(),
            vec![
                "127.0.0.1:8080".parse().unwrap(),
                "10.0.0.1:8080".parse().unwrap(),
            ],
        );
        assert!(mixed
            .unwrap_err()
            .contains("resolves to a loopback address"));
        let public_http = test.check_addresses(
            test.check_syntax("http://api.example.org/", "t").unwrap(),
            vec!["8.8.8.8:80".parse().unwrap()],
        );
        assert!(public_http.unwrap_err().contains("https"));
    }

    #[tokio::test]
    async fn localhost_resolves_to_loopback_and_is_refused() {
        let p = policy("localhost", false);
        let req = p.check_syntax("https://localhost:9/", "t").unwrap();
        let e = p.resolve(req).await.unwrap_err();
        assert!(e.contains("loopback"), "{e}");
    }

    #[test]
    fn managed_url_syntax() {
        assert!(parse_managed_url("http://10.0.0.5:8080/").is_ok());
        assert!(parse_managed_url("https://x.example/v1").is_ok());
        for bad in ["ftp://x/", "x", "http://x/?q", "https://u:p@h/#f"] {
            let e = parse_managed_url(bad).unwrap_err();
            assert!(!e.contains(bad), "{e}");
        }
    }
}
