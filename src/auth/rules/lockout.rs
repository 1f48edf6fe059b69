//! Slowing password guessing without locking the owner out (docs/operating.md, "Wrong passwords cannot lock her out").
//!
//! A limit per e-mail address alone lets anyone lock an account: enough wrong passwords and the
//! owner's right one is refused too. So the limits are keyed by account *and* client address:
//!
//! - per (e-mail, address): `token_per_email` attempts per window; over it only that address waits;
//! - per e-mail, all addresses together: `token_per_email_all_sources` failures per window; over it
//!   (an attack spread over many addresses) only addresses that have signed in to that account
//!   before, her usual devices, may keep trying until the window ends.
//!
//! IPv6 addresses count by /64, the block one home or phone gets, so one client cannot pose as
//! millions of addresses.
//!
//! The counts are kept in the database (`store::lockouts`), so that several instances on one database
//! count together: an attacker whose guesses a load balancer spreads over N instances gets no N times
//! the guesses. This file holds the rule's numbers.

use std::net::IpAddr;
use std::time::Duration;

use crate::rate_limit::source_key;

/// How long an address that signed in to an account counts as one of her devices.
pub const KNOWN_FOR_MS: i64 = 90 * 24 * 3600 * 1000;

/// One lockout's limits (0 switches a count off).
#[derive(Clone, Copy)]
pub struct Lockout {
    /// What is counted, kept apart from other lockouts' counts: "password" or "code".
    pub scope: &'static str,
    pub per_pair: u32,
    pub all_sources: u32,
    pub window_ms: i64,
}

impl Lockout {
    pub fn new(scope: &'static str, per_pair: u32, all_sources: u32, window: Duration) -> Self {
        Self {
            scope,
            per_pair,
            all_sources,
            window_ms: window.as_millis() as i64,
        }
    }
}

/// The (account, client address) pair a count is kept for.
pub fn pair_key(account: &str, source: Option<IpAddr>) -> String {
    format!("{account}\0{}", source_key(source))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_counts_by_64() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(pair_key("her", Some(a)), pair_key("her", Some(b)));
        assert_ne!(pair_key("her", Some(a)), pair_key("her", Some(c)));
        let mapped: IpAddr = "::ffff:203.0.113.7".parse().unwrap();
        assert_eq!(source_key(Some(mapped)), "203.0.113.7");
    }
}
