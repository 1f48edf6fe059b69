//! `solace healthcheck`: asks a running server's `/health` over plain HTTP, for systemd and containers.

use std::io::{Read, Write};
use std::net::{IpAddr, SocketAddr, TcpStream, ToSocketAddrs};
use std::time::Duration;

use crate::config::Config;

const TIMEOUT: Duration = Duration::from_secs(3);

pub fn default_url(config: &Config) -> String {
    let (ip, port) = (config.server.bind, config.server.port);
    // A wildcard address is not something to connect to: ask over loopback instead.
    let ip = match ip {
        IpAddr::V4(v4) if v4.is_unspecified() => IpAddr::from([127, 0, 0, 1]),
        IpAddr::V6(v6) if v6.is_unspecified() => IpAddr::from(std::net::Ipv6Addr::LOCALHOST),
        other => other,
    };
    format!("http://{}/health", SocketAddr::new(ip, port))
}

/// Why the server could not be asked.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error("{0:?} is not an http:// URL with a host")]
    BadUrl(String),
    #[error("cannot resolve {0}")]
    Resolve(String),
    #[error("cannot connect to {addr}: {source}")]
    Connect {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("no answer: {0}")]
    Io(#[from] std::io::Error),
    #[error("the answer is not HTTP")]
    NotHttp,
}

/// Returns the status code, or why the server could not be asked.
pub fn check(url: &str) -> Result<u16, CheckError> {
    let bad_url = || CheckError::BadUrl(url.to_string());
    let parsed = url::Url::parse(url).map_err(|_| bad_url())?;
    if parsed.scheme() != "http" {
        return Err(bad_url());
    }
    let host = parsed.host_str().ok_or_else(bad_url)?;
    let port = parsed.port_or_known_default().unwrap_or(80);
    let addr = (host.trim_matches(['[', ']']), port)
        .to_socket_addrs()
        .ok()
        .and_then(|mut a| a.next())
        .ok_or_else(|| CheckError::Resolve(host.to_string()))?;
    let mut stream = TcpStream::connect_timeout(&addr, TIMEOUT)
        .map_err(|source| CheckError::Connect { addr, source })?;
    stream.set_read_timeout(Some(TIMEOUT))?;
    stream.set_write_timeout(Some(TIMEOUT))?;
    let request = format!(
        "GET {} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n",
        parsed.path()
    );
    stream.write_all(request.as_bytes())?;
    let mut head = [0u8; 64];
    let n = stream.read(&mut head)?;
    let line = String::from_utf8_lossy(&head[..n]);
    line.split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or(CheckError::NotHttp)
}
