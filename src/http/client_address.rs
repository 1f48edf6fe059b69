//! Who the client is, for the rate limits, the sign-in lockout and the connection caps: the TCP peer, or,
//! when that peer is one of the operator's reverse proxies (`server.trusted_proxies`), the address the
//! proxy wrote into `Forwarded` or `X-Forwarded-For`. Those headers are read from no one else: any client
//! can write anything there, and would then choose whose limits it spends.

use std::net::IpAddr;
use std::sync::Arc;

use actix_web::HttpMessage;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::HeaderMap;
use actix_web::middleware::Next;
use ipnet::IpNet;
use serde::{Deserialize, Deserializer};

/// One entry of `server.trusted_proxies`: an address (`10.0.0.5`) or a network (`10.0.0.0/8`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrustedProxy(IpNet);

/// A `server.trusted_proxies` entry that is neither an address nor a network.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not an IP address or network (like 10.0.0.5 or 10.0.0.0/8)")]
pub struct NotAnAddress(String);

impl std::str::FromStr for TrustedProxy {
    type Err = NotAnAddress;

    fn from_str(s: &str) -> Result<Self, NotAnAddress> {
        let s = s.trim();
        s.parse::<IpNet>()
            .map(|n| n.trunc())
            .or_else(|_| s.parse::<IpAddr>().map(IpNet::from))
            .map(TrustedProxy)
            .map_err(|_| NotAnAddress(s.to_string()))
    }
}

impl<'de> Deserialize<'de> for TrustedProxy {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// The operator's proxies, shared by the middleware and the connection guard.
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies(Arc<Vec<TrustedProxy>>);

impl TrustedProxies {
    pub fn new(list: &[TrustedProxy]) -> Self {
        Self(Arc::new(list.to_vec()))
    }

    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        self.0.iter().any(|p| p.0.contains(&ip))
    }

    /// The client behind `peer`: walking the proxies' hops from the nearest, the first address that is
    /// not one of ours. A hop we cannot read ends the walk at the last proxy, so such clients share
    /// its limits rather than choose their own.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let mut client = peer;
        if !self.contains(peer) {
            return client;
        }
        for hop in hops(headers).iter().rev() {
            match hop {
                Some(ip) if self.contains(*ip) => client = *ip,
                Some(ip) => return *ip,
                None => return client,
            }
        }
        client
    }
}

/// The addresses the proxies recorded, farthest first: RFC 7239 `Forwarded: for=` when present, else
/// `X-Forwarded-For`. `None` for an entry that is not an address (`unknown`, an obfuscated name).
fn hops(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    let forwarded: Vec<&str> = headers
        .get_all("forwarded")
        .filter_map(|v| v.to_str().ok())
        .collect();
    if !forwarded.is_empty() {
        return forwarded
            .iter()
            .flat_map(|v| v.split(','))
            .filter_map(|element| {
                element.split(';').find_map(|pair| {
                    let (name, value) = pair.trim().split_once('=')?;
                    name.eq_ignore_ascii_case("for")
                        .then(|| node_address(value))
                })
            })
            .collect();
    }
    headers
        .get_all("x-forwarded-for")
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|entry| node_address(entry.trim()))
        .collect()
}

/// `192.0.2.1`, `192.0.2.1:4711`, `"[2001:db8::1]:4711"` or `2001:db8::1` as an address.
fn node_address(value: &str) -> Option<IpAddr> {
    let v = value.trim().trim_matches('"');
    if let Some(rest) = v.strip_prefix('[') {
        return rest.split(']').next()?.parse().ok();
    }
    v.parse()
        .ok()
        .or_else(|| v.rsplit_once(':').and_then(|(host, _)| host.parse().ok()))
}

/// The client address of a request, as `ClientIp::of` reads it.
#[derive(Debug, Clone, Copy)]
pub struct ClientIp(pub IpAddr);

impl ClientIp {
    /// The client address the middleware found, or the TCP peer for a request it did not see.
    pub fn of(req: &actix_web::HttpRequest) -> Option<IpAddr> {
        req.extensions()
            .get::<ClientIp>()
            .map(|c| c.0)
            .or_else(|| req.peer_addr().map(|a| a.ip()))
    }
}

/// Whether `req` came through a proxy the operator did not list in `server.trusted_proxies`: it names a
/// client in a forwarding header, but its sender is not one of ours. Its address is then the proxy's, so a
/// rule that lets this machine in must not let it in (a reverse proxy on this machine would otherwise make
/// every visitor look like this machine).
pub fn forwarded_by_stranger(req: &actix_web::HttpRequest) -> bool {
    let forwarded = ["forwarded", "x-forwarded-for", "x-real-ip"]
        .iter()
        .any(|h| req.headers().contains_key(*h));
    let from_our_proxy = req.peer_addr().is_some_and(|peer| {
        req.app_data::<actix_web::web::Data<TrustedProxies>>()
            .is_some_and(|p| p.contains(peer.ip()))
    });
    forwarded && !from_our_proxy
}

/// Middleware: works out the client address once per request.
pub async fn resolve(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if let Some(peer) = req.peer_addr().map(|a| a.ip()) {
        let client = match req.app_data::<actix_web::web::Data<TrustedProxies>>() {
            Some(proxies) => proxies.client(peer, req.headers()),
            None => peer,
        };
        req.extensions_mut().insert(ClientIp(client));
    }
    next.call(req).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::http::header::{HeaderName, HeaderValue};

    fn proxies(list: &[&str]) -> TrustedProxies {
        let parsed: Vec<TrustedProxy> = list.iter().map(|s| s.parse().unwrap()).collect();
        TrustedProxies::new(&parsed)
    }

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(
                HeaderName::from_bytes(k.as_bytes()).unwrap(),
                HeaderValue::from_str(v).unwrap(),
            );
        }
        h
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn a_client_that_is_not_a_proxy_cannot_choose_its_address() {
        let p = proxies(&["10.0.0.0/8"]);
        let h = headers(&[("x-forwarded-for", "203.0.113.9")]);
        assert_eq!(p.client(ip("198.51.100.4"), &h), ip("198.51.100.4"));
    }

    #[test]
    fn behind_our_proxies_the_nearest_untrusted_hop_is_the_client() {
        let p = proxies(&["10.0.0.0/8", "192.0.2.7"]);
        // The client wrote a false first entry; the proxies appended what they saw.
        let h = headers(&[("x-forwarded-for", "1.2.3.4, 203.0.113.9, 10.1.1.1")]);
        assert_eq!(p.client(ip("192.0.2.7"), &h), ip("203.0.113.9"));
        let h = headers(&[(
            "forwarded",
            r#"for=1.2.3.4, for="[2001:db8::5]:4711";proto=https"#,
        )]);
        assert_eq!(p.client(ip("10.0.0.2"), &h), ip("2001:db8::5"));
        assert_eq!(p.client(ip("10.0.0.2"), &headers(&[])), ip("10.0.0.2"));
        let h = headers(&[("x-forwarded-for", "203.0.113.9, unknown")]);
        assert_eq!(p.client(ip("10.0.0.2"), &h), ip("10.0.0.2"));
    }

    #[test]
    fn entries_are_addresses_or_networks() {
        assert!("10.0.0.0/8".parse::<TrustedProxy>().is_ok());
        assert!("::1".parse::<TrustedProxy>().is_ok());
        assert!("10.0.0.1:80".parse::<TrustedProxy>().is_err());
        assert!("proxy.local".parse::<TrustedProxy>().is_err());
        let p = proxies(&["127.0.0.1"]);
        assert!(
            p.contains(ip("::ffff:127.0.0.1")),
            "IPv4-mapped counts as IPv4"
        );
    }
}
