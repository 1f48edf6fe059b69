//! How many connections a client may hold and for how long (the `[connections]` section), and the guard
//! that enforces it as each connection is accepted.
//!
//! actix cuts idle and slow-header clients itself (keep-alive and request-head timeouts) but has no write
//! timeout and no per-address cap: a client that asks for a large file and never reads keeps its connection,
//! a file descriptor and a response buffer forever. Here each accepted socket gets `TCP_USER_TIMEOUT` (the
//! kernel closes it when sent data stays unacknowledged, including behind a zero receive window, for that
//! long) and a slot in a table counted per client address (IPv6 by /64) and in total; a socket over
//! either cap is shut down at once, before anything is read from it.
//!
//! A flood from many addresses, each under its own cap, could still fill the total and shut everyone
//! else out (the health check included). So the last quarter of the total is a reserve: once the table
//! is that full, an address that already holds a fair share (`FAIR_SHARE_DIVISOR`) gets no more, and
//! the reserve stays for addresses with few connections, a newcomer among them. Connections from the
//! operator's reverse proxies (`server.trusted_proxies`) carry many visitors and count only in total.

use std::collections::HashMap;
use std::net::{IpAddr, Shutdown};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::Deserialize;

use super::client_address::TrustedProxies;
use crate::config_error::ConfigError;
use crate::rate_limit::address_key;

/// Of `max_per_address`, the share an address may hold once the table is into its reserve.
const FAIR_SHARE_DIVISOR: usize = 16;

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct ConnectionsConfig {
    /// Open connections from one client address (one IPv6 /64). Behind a reverse proxy every visitor
    /// shares the proxy's address: raise it to `max_total` there and let the proxy cap visitors.
    pub max_per_address: usize,
    /// Open connections in all.
    pub max_total: usize,
    /// A client that has sent nothing for this long between requests is disconnected.
    pub idle_timeout_secs: u64,
    /// A request's headers must arrive within this long.
    pub request_timeout_secs: u64,
    /// A response that the client does not read for this long ends the connection. Generous: a phone on a
    /// poor mobile signal can stall for many seconds and still be a person.
    pub write_timeout_secs: u64,
}

impl Default for ConnectionsConfig {
    fn default() -> Self {
        Self {
            max_per_address: 128,
            max_total: 2048,
            idle_timeout_secs: 5,
            request_timeout_secs: 5,
            write_timeout_secs: 30,
        }
    }
}

impl ConnectionsConfig {
    /// Checks the section; `serve` and `validate-config` both run this (through `Config::load`).
    pub fn validate(&self) -> Result<(), ConfigError> {
        let positive = [
            (self.max_per_address as u64, "connections.max_per_address"),
            (self.max_total as u64, "connections.max_total"),
            (self.idle_timeout_secs, "connections.idle_timeout_secs"),
            (
                self.request_timeout_secs,
                "connections.request_timeout_secs",
            ),
            (self.write_timeout_secs, "connections.write_timeout_secs"),
        ];
        match positive.iter().find(|(v, _)| *v == 0) {
            Some((_, key)) => Err(ConfigError::invalid(key, "must be at least 1")),
            None => Ok(()),
        }
    }
}

/// The open connections per client address; shared by every worker thread.
pub struct ConnectionTable {
    per_address: usize,
    total: usize,
    /// Past this many open connections, the reserve rule applies.
    crowded_at: usize,
    fair_share: usize,
    proxies: TrustedProxies,
    write_timeout: Duration,
    open: Mutex<Counts>,
    last_warning: AtomicU64,
}

#[derive(Default)]
struct Counts {
    by_address: HashMap<IpAddr, usize>,
    total: usize,
}

/// Holds one connection's place in the table; dropped with the connection (it lives in the connection's
/// extensions), which gives the place back.
pub struct Slot {
    table: Arc<ConnectionTable>,
    key: IpAddr,
}

/// Warn about refused connections at most once a minute: a flood must not flood the log too.
const WARNING_INTERVAL_SECS: u64 = 60;

impl ConnectionTable {
    pub fn new(config: &ConnectionsConfig, proxies: TrustedProxies) -> Arc<Self> {
        Arc::new(Self {
            per_address: config.max_per_address,
            total: config.max_total,
            crowded_at: config.max_total - config.max_total / 4,
            fair_share: (config.max_per_address / FAIR_SHARE_DIVISOR).max(2),
            proxies,
            write_timeout: Duration::from_secs(config.write_timeout_secs),
            open: Mutex::new(Counts::default()),
            last_warning: AtomicU64::new(0),
        })
    }

    /// Takes a place for a connection from `peer`, or `None` when the address or the server is full.
    pub fn admit(self: &Arc<Self>, peer: IpAddr) -> Option<Slot> {
        let key = address_key(peer);
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        let mine = open.by_address.get(&key).copied().unwrap_or(0);
        let over_own_cap = !self.proxies.contains(peer)
            && (mine >= self.per_address
                || (open.total >= self.crowded_at && mine >= self.fair_share));
        if over_own_cap || open.total >= self.total {
            return None;
        }
        open.by_address.insert(key, mine + 1);
        open.total += 1;
        Some(Slot {
            table: self.clone(),
            key,
        })
    }

    #[cfg(test)]
    pub fn open_connections(&self) -> usize {
        self.open.lock().unwrap_or_else(|p| p.into_inner()).total
    }

    /// Called for each accepted socket: sets its write timeout and admits it or shuts it down.
    pub fn on_connect(
        self: &Arc<Self>,
        socket: &actix_web::rt::net::TcpStream,
        extensions: &mut actix_http::Extensions,
    ) {
        let sock = socket2::SockRef::from(socket);
        if let Err(e) = sock.set_tcp_user_timeout(Some(self.write_timeout)) {
            tracing::debug!(error = %e, "cannot set a write timeout on a connection");
        }
        let Ok(peer) = socket.peer_addr() else {
            return; // already gone
        };
        match self.admit(peer.ip()) {
            Some(slot) => {
                extensions.insert(slot);
            }
            None => {
                self.warn_refused();
                let _ = sock.shutdown(Shutdown::Both);
            }
        }
    }

    fn warn_refused(&self) {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let last = self.last_warning.load(Ordering::Relaxed);
        if now >= last + WARNING_INTERVAL_SECS
            && self
                .last_warning
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
        {
            tracing::warn!(
                max_per_address = self.per_address,
                max_total = self.total,
                "refusing connections over the connection caps (see [connections] in the config)"
            );
        } else {
            tracing::debug!("refused a connection over the connection caps");
        }
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.table.open.lock().unwrap_or_else(|p| p.into_inner());
        open.total = open.total.saturating_sub(1);
        if let Some(n) = open.by_address.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                open.by_address.remove(&self.key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(per_address: usize, total: usize) -> Arc<ConnectionTable> {
        ConnectionTable::new(
            &ConnectionsConfig {
                max_per_address: per_address,
                max_total: total,
                ..ConnectionsConfig::default()
            },
            TrustedProxies::default(),
        )
    }

    #[test]
    fn caps_each_address_and_gives_places_back() {
        let t = table(2, 10);
        let ip: IpAddr = "192.0.2.1".parse().unwrap();
        let a = t.admit(ip).unwrap();
        let _b = t.admit(ip).unwrap();
        assert!(t.admit(ip).is_none());
        assert!(t.admit("192.0.2.2".parse().unwrap()).is_some());
        drop(a);
        assert!(t.admit(ip).is_some());
    }

    #[test]
    fn an_ipv6_64_is_one_address_and_the_total_is_capped() {
        let t = table(1, 2);
        let _a = t.admit("2001:db8::1".parse().unwrap()).unwrap();
        assert!(t.admit("2001:db8::2".parse().unwrap()).is_none());
        let _b = t.admit("2001:db8:0:1::1".parse().unwrap()).unwrap();
        assert!(t.admit("198.51.100.1".parse().unwrap()).is_none());
        assert_eq!(t.open_connections(), 2);
    }

    #[test]
    fn a_flood_from_many_addresses_leaves_room_for_newcomers() {
        let t = table(128, 2048);
        let mut held = Vec::new();
        // Twenty addresses each ask for as many as they may.
        for a in 0..20u8 {
            let ip = IpAddr::from([198, 51, 100, a]);
            while let Some(slot) = t.admit(ip) {
                held.push(slot);
            }
        }
        assert!(
            t.open_connections() < 2048 - 400,
            "{}",
            t.open_connections()
        );
        for n in 0..100u8 {
            let newcomer = IpAddr::from([203, 0, 113, n]);
            assert!(t.admit(newcomer).is_some(), "newcomer {n} was refused");
        }
    }

    #[test]
    fn a_trusted_proxy_counts_only_in_total() {
        let proxy: IpAddr = "10.0.0.2".parse().unwrap();
        let t = ConnectionTable::new(
            &ConnectionsConfig {
                max_per_address: 2,
                max_total: 10,
                ..ConnectionsConfig::default()
            },
            TrustedProxies::new(&["10.0.0.0/8".parse().unwrap()]),
        );
        let held: Vec<_> = (0..10).map_while(|_| t.admit(proxy)).collect();
        assert_eq!(held.len(), 10);
        assert!(t.admit(proxy).is_none(), "the total still holds");
    }

    #[test]
    fn zero_values_are_refused() {
        let c = ConnectionsConfig {
            write_timeout_secs: 0,
            ..ConnectionsConfig::default()
        };
        assert_eq!(
            c.validate().unwrap_err().key,
            "connections.write_timeout_secs"
        );
        assert!(ConnectionsConfig::default().validate().is_ok());
    }
}
