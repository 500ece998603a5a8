//! Which IP address a request counts as coming from (contract "Limits" rule 5; DESIGN §3:
//! forwarded headers are honoured only from TRUSTED_PROXIES, default loopback).
//!
//! * TCP peer not in the trusted list → the peer address, whatever the headers say (a client
//!   cannot pick its own rate-limit bucket by sending `X-Forwarded-For`).
//! * Trusted peer with `X-Forwarded-For` → walk the hops from right to left (all header lines, in
//!   order) skipping addresses that are themselves trusted proxies; the first untrusted hop is the
//!   client. If every hop is trusted, the left-most hop is the client. If a hop cannot be parsed
//!   the walk stops there and the nearest trusted hop to its right (or the peer) is used, since
//!   nothing left of a garbled entry can be trusted.
//! * Trusted peer without `X-Forwarded-For` but with a parseable `X-Real-IP` → that address.
//! * Otherwise the peer address.
//!
//! IPv4-mapped IPv6 addresses (`::ffff:a.b.c.d`) are reduced to IPv4 everywhere, so a client has
//! one bucket whichever socket family it arrives on.

use hyper::header::HeaderMap;
use ipnet::IpNet;
use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;

/// Default of TRUSTED_PROXIES: the loopback networks.
pub const DEFAULT_TRUSTED_PROXIES: &str = "127.0.0.0/8,::1";

/// A list of trusted proxy networks (setting TRUSTED_PROXIES).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    /// Parses a comma-separated list of IP addresses and CIDR networks, e.g.
    /// `"127.0.0.0/8,::1,10.0.0.0/8"`. An empty string or `none` trusts no proxy.
    ///
    /// # Errors
    /// A message naming the first entry that is neither an address nor a network.
    pub fn parse(list: &str) -> Result<Self, String> {
        let list = list.trim();
        if list.is_empty() || list.eq_ignore_ascii_case("none") {
            return Ok(TrustedProxies(Vec::new()));
        }
        let mut nets = Vec::new();
        for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let net = match IpNet::from_str(item) {
                Ok(n) => n,
                Err(_) => match IpAddr::from_str(item) {
                    Ok(ip) => IpNet::from(canonical(ip)),
                    Err(_) => {
                        return Err(format!(
                            "'{item}' is neither an IP address nor a CIDR network"
                        ))
                    }
                },
            };
            nets.push(net.trunc());
        }
        Ok(TrustedProxies(nets))
    }

    /// True when `ip` lies in one of the networks.
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = canonical(ip);
        self.0.iter().any(|n| n.contains(&ip))
    }

    /// The networks, as parsed.
    pub fn networks(&self) -> &[IpNet] {
        &self.0
    }
}

impl FromStr for TrustedProxies {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        TrustedProxies::parse(s)
    }
}

/// The client address of a request whose TCP peer is `peer` (rules in the module docs).
pub fn client_ip(peer: IpAddr, headers: &HeaderMap, trusted: &TrustedProxies) -> IpAddr {
    let peer = canonical(peer);
    if !trusted.contains(peer) {
        return peer;
    }
    let hops: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    if !hops.is_empty() {
        let mut nearest_trusted = peer;
        for hop in hops.iter().rev() {
            match parse_hop(hop) {
                Some(ip) if trusted.contains(ip) => nearest_trusted = ip,
                Some(ip) => return ip,
                None => return nearest_trusted,
            }
        }
        return nearest_trusted;
    }
    headers
        .get("x-real-ip")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| parse_hop(v.trim()))
        .unwrap_or(peer)
}

/// Parses one forwarded hop: `1.2.3.4`, `1.2.3.4:5678`, `2001:db8::1`, `[2001:db8::1]` or
/// `[2001:db8::1]:443`; `None` for anything else (e.g. `unknown`, obfuscated identifiers).
pub fn parse_hop(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim().trim_matches('"');
    if let Ok(ip) = IpAddr::from_str(hop) {
        return Some(canonical(ip));
    }
    if let Ok(sa) = SocketAddr::from_str(hop) {
        return Some(canonical(sa.ip()));
    }
    let inner = hop.strip_prefix('[')?.strip_suffix(']')?;
    IpAddr::from_str(inner).ok().map(canonical)
}

/// Reduces an IPv4-mapped IPv6 address to IPv4; other addresses are returned unchanged.
pub fn canonical(ip: IpAddr) -> IpAddr {
    ip.to_canonical()
}

#[cfg(test)]
mod tests {
    use super::*;
    use hyper::header::HeaderValue;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    fn default_trusted() -> TrustedProxies {
        TrustedProxies::parse(DEFAULT_TRUSTED_PROXIES).unwrap()
    }

    #[test]
    fn parses_lists() {
        let t = TrustedProxies::parse(" 10.0.0.0/8, 192.168.1.7 ,::1,fd00::/8").unwrap();
        assert_eq!(t.networks().len(), 4);
        assert!(t.contains(ip("10.1.2.3")));
        assert!(t.contains(ip("192.168.1.7")));
        assert!(!t.contains(ip("192.168.1.8")));
        assert!(t.contains(ip("fd12::5")));
        assert!(TrustedProxies::parse("").unwrap().networks().is_empty());
        assert!(TrustedProxies::parse("none").unwrap().networks().is_empty());
        assert!(TrustedProxies::parse("10.0.0.0/33").is_err());
        assert!(TrustedProxies::parse("example.com").is_err());
        // Host bits are cleared: 10.1.2.3/8 means 10.0.0.0/8.
        assert!(TrustedProxies::parse("10.1.2.3/8")
            .unwrap()
            .contains(ip("10.200.0.1")));
    }

    #[test]
    fn untrusted_peer_headers_are_ignored() {
        let t = default_trusted();
        let h = headers(&[("x-forwarded-for", "1.2.3.4"), ("x-real-ip", "5.6.7.8")]);
        assert_eq!(client_ip(ip("198.51.100.9"), &h, &t), ip("198.51.100.9"));
    }

    #[test]
    fn trusted_peer_uses_right_most_untrusted_hop() {
        let t = TrustedProxies::parse("127.0.0.0/8,10.0.0.0/8").unwrap();
        // A client forging a left-most entry does not get to choose its bucket.
        let h = headers(&[("x-forwarded-for", "6.6.6.6, 203.0.113.5, 10.0.0.2")]);
        assert_eq!(client_ip(ip("127.0.0.1"), &h, &t), ip("203.0.113.5"));
        // Several header lines are one list, in order.
        let h = headers(&[
            ("x-forwarded-for", "6.6.6.6"),
            ("x-forwarded-for", "203.0.113.6, 10.0.0.3"),
        ]);
        assert_eq!(client_ip(ip("127.0.0.1"), &h, &t), ip("203.0.113.6"));
        // All hops trusted: the left-most is the origin.
        let h = headers(&[("x-forwarded-for", "10.0.0.9, 10.0.0.2")]);
        assert_eq!(client_ip(ip("127.0.0.1"), &h, &t), ip("10.0.0.9"));
    }

    #[test]
    fn garbled_hop_stops_the_walk() {
        let t = TrustedProxies::parse("127.0.0.0/8,10.0.0.0/8").unwrap();
        let h = headers(&[("x-forwarded-for", "203.0.113.5, unknown, 10.0.0.2")]);
        assert_eq!(client_ip(ip("127.0.0.1"), &h, &t), ip("10.0.0.2"));
        let h = headers(&[("x-forwarded-for", "garbage")]);
        assert_eq!(client_ip(ip("127.0.0.1"), &h, &t), ip("127.0.0.1"));
    }

    #[test]
    fn ports_brackets_and_mapped_addresses() {
        let t = default_trusted();
        for (hop, want) in [
            ("203.0.113.5:4711", "203.0.113.5"),
            ("[2001:db8::7]:443", "2001:db8::7"),
            ("[2001:db8::7]", "2001:db8::7"),
            ("::ffff:203.0.113.8", "203.0.113.8"),
        ] {
            let h = headers(&[("x-forwarded-for", hop)]);
            assert_eq!(client_ip(ip("::1"), &h, &t), ip(want), "{hop}");
        }
        // A v4-mapped loopback peer is trusted like 127.0.0.1.
        let h = headers(&[("x-forwarded-for", "203.0.113.9")]);
        assert_eq!(client_ip(ip("::ffff:127.0.0.1"), &h, &t), ip("203.0.113.9"));
        assert_eq!(
            client_ip(ip("::ffff:198.51.100.1"), &HeaderMap::new(), &t),
            ip("198.51.100.1")
        );
    }

    #[test]
    fn x_real_ip_when_no_forwarded_for() {
        let t = default_trusted();
        let h = headers(&[("x-real-ip", " 203.0.113.10 ")]);
        assert_eq!(client_ip(ip("127.0.0.1"), &h, &t), ip("203.0.113.10"));
        let h = headers(&[("x-real-ip", "nonsense")]);
        assert_eq!(client_ip(ip("127.0.0.1"), &h, &t), ip("127.0.0.1"));
        // X-Forwarded-For wins over X-Real-IP.
        let h = headers(&[
            ("x-real-ip", "203.0.113.10"),
            ("x-forwarded-for", "203.0.113.11"),
        ]);
        assert_eq!(client_ip(ip("127.0.0.1"), &h, &t), ip("203.0.113.11"));
    }

    #[test]
    fn no_trusted_proxies_means_peer_always() {
        let t = TrustedProxies::parse("").unwrap();
        let h = headers(&[("x-forwarded-for", "203.0.113.5")]);
        assert_eq!(client_ip(ip("127.0.0.1"), &h, &t), ip("127.0.0.1"));
    }
}
