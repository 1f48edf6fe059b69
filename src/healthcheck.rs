//! `solace healthcheck`: asks a running server's `/health` over plain HTTP, for systemd and containers.

use std::io::{Read, Write};
use std::net::{IpAddr, SocketAddr, TcpStream, ToSocketAddrs};
use std::time::Duration;

use crate::config::Config;

const TIMEOUT: Duration = Duration::from_secs(3);

pub fn default_url(config: &Config) -> String {
    let (ip, port) = config.listen_addr();
    // A wildcard address is not something to connect to: ask over loopback instead.
    let ip = match ip {
        IpAddr::V4(v4) if v4.is_unspecified() => IpAddr::from([127, 0, 0, 1]),
        IpAddr::V6(v6) if v6.is_unspecified() => IpAddr::from(std::net::Ipv6Addr::LOCALHOST),
        other => other,
    };
    format!("http://{}/health", SocketAddr::new(ip, port))
}

/// Returns the status code, or why the server could not be asked.
pub fn check(url: &str) -> Result<u16, String> {
    let url = url::Url::parse(url).map_err(|e| format!("{url:?} is not a URL: {e}"))?;
    if url.scheme() != "http" {
        return Err("only http:// URLs can be checked".into());
    }
    let host = url.host_str().ok_or("the URL has no host")?;
    let port = url.port_or_known_default().unwrap_or(80);
    let addr = (host.trim_matches(['[', ']']), port)
        .to_socket_addrs()
        .map_err(|e| format!("cannot resolve {host}: {e}"))?
        .next()
        .ok_or_else(|| format!("cannot resolve {host}"))?;
    let mut stream = TcpStream::connect_timeout(&addr, TIMEOUT)
        .map_err(|e| format!("cannot connect to {addr}: {e}"))?;
    stream
        .set_read_timeout(Some(TIMEOUT))
        .map_err(|e| e.to_string())?;
    stream
        .set_write_timeout(Some(TIMEOUT))
        .map_err(|e| e.to_string())?;
    let request = format!(
        "GET {} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n",
        url.path()
    );
    stream
        .write_all(request.as_bytes())
        .map_err(|e| e.to_string())?;
    let mut head = [0u8; 64];
    let n = stream
        .read(&mut head)
        .map_err(|e| format!("no answer: {e}"))?;
    let line = String::from_utf8_lossy(&head[..n]);
    line.split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| "the answer is not HTTP".to_string())
}
