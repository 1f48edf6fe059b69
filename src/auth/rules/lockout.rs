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

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::rate_limit::{RateLimiter, RetryAfter, source_key};

/// How long an address that signed in to an account counts as one of her devices.
const KNOWN_FOR: Duration = Duration::from_secs(90 * 24 * 3600);
/// Upper bound on remembered (account, address) pairs and on accounts under attack at once; past it
/// the oldest entries are forgotten, so memory stays bounded whatever callers send.
const MAX_ENTRIES: usize = 20_000;

pub struct Lockout {
    per_pair: RateLimiter,
    failures: RateLimiter,
    window: Duration,
    /// Accounts over their all-address failure limit, until when.
    hot: Mutex<HashMap<String, Instant>>,
    /// (account, address) pairs that signed in successfully, when last.
    known: Mutex<HashMap<String, Instant>>,
}

impl Lockout {
    pub fn new(per_pair: u32, all_sources: u32, window: Duration) -> Self {
        Self {
            per_pair: RateLimiter::new(per_pair, window),
            failures: RateLimiter::new(all_sources, window),
            window,
            hot: Mutex::new(HashMap::new()),
            known: Mutex::new(HashMap::new()),
        }
    }

    /// Counts one attempt for `email` from `source`; `Err` with the wait when it must not go ahead.
    pub fn before_attempt(&self, email: &str, source: Option<IpAddr>) -> Result<(), RetryAfter> {
        let pair = pair_key(email, source);
        self.per_pair.check(&pair)?;
        let now = Instant::now();
        let hot_until = lock(&self.hot).get(email).copied();
        match hot_until {
            Some(until) if until > now && !self.is_known(&pair, now) => {
                Err(RetryAfter(until - now))
            }
            _ => Ok(()),
        }
    }

    /// A wrong password (or an unknown e-mail: both count the same, so the answer tells nothing).
    pub fn failed(&self, email: &str) {
        if self.failures.check(email).is_err() {
            let mut hot = lock(&self.hot);
            let now = Instant::now();
            insert_bounded(&mut hot, email.to_string(), now + self.window, now);
        }
    }

    /// A right password: this address becomes one of her devices for this account.
    pub fn succeeded(&self, email: &str, source: Option<IpAddr>) {
        let now = Instant::now();
        insert_bounded(
            &mut lock(&self.known),
            pair_key(email, source),
            now + KNOWN_FOR,
            now,
        );
    }

    fn is_known(&self, pair: &str, now: Instant) -> bool {
        lock(&self.known)
            .get(pair)
            .is_some_and(|until| *until > now)
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Inserts `key` valid until `until`; when full, drops what has expired, then the soonest to expire.
fn insert_bounded(map: &mut HashMap<String, Instant>, key: String, until: Instant, now: Instant) {
    if !map.contains_key(&key) && map.len() >= MAX_ENTRIES {
        map.retain(|_, u| *u > now);
        if map.len() >= MAX_ENTRIES
            && let Some(oldest) = map.iter().min_by_key(|(_, u)| **u).map(|(k, _)| k.clone())
        {
            map.remove(&oldest);
        }
    }
    map.insert(key, until);
}

fn pair_key(email: &str, source: Option<IpAddr>) -> String {
    format!("{email}\0{}", source_key(source))
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: Option<IpAddr> = Some(IpAddr::V4(std::net::Ipv4Addr::new(203, 0, 113, 7)));
    const B: Option<IpAddr> = Some(IpAddr::V4(std::net::Ipv4Addr::new(198, 51, 100, 2)));
    const C: Option<IpAddr> = Some(IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 9)));

    fn guess(l: &Lockout, from: Option<IpAddr>) -> Result<(), RetryAfter> {
        l.before_attempt("her@example.org", from)?;
        l.failed("her@example.org");
        Ok(())
    }

    #[test]
    fn guessing_from_one_address_slows_that_address_only() {
        let l = Lockout::new(30, 300, Duration::from_secs(300));
        for _ in 0..30 {
            assert!(guess(&l, A).is_ok());
        }
        assert!(guess(&l, A).is_err(), "the 31st try from A waits");
        assert!(l.before_attempt("her@example.org", B).is_ok());
        assert!(l.before_attempt("other@example.org", A).is_ok());
    }

    #[test]
    fn a_spread_attack_leaves_her_known_device_able_to_sign_in() {
        let l = Lockout::new(30, 5, Duration::from_secs(300));
        l.before_attempt("her@example.org", B).unwrap();
        l.succeeded("her@example.org", B);
        // Six addresses, one guess each: over the all-address limit of 5.
        for i in 1..=6u8 {
            let ip = Some(IpAddr::V4(std::net::Ipv4Addr::new(10, 0, 0, i)));
            guess(&l, ip).unwrap();
        }
        let wait = l.before_attempt("her@example.org", C).unwrap_err();
        assert!(wait.0 <= Duration::from_secs(300));
        assert!(l.before_attempt("her@example.org", B).is_ok(), "her device");
        assert!(l.before_attempt("someone@example.org", C).is_ok());
    }

    #[test]
    fn ipv6_counts_by_64() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(source_key(Some(a)), source_key(Some(b)));
        assert_ne!(source_key(Some(a)), source_key(Some(c)));
        let mapped: IpAddr = "::ffff:203.0.113.7".parse().unwrap();
        assert_eq!(source_key(Some(mapped)), "203.0.113.7");
    }

    #[test]
    fn the_remembered_devices_stay_bounded() {
        let mut m = HashMap::new();
        let now = Instant::now();
        for i in 0..MAX_ENTRIES + 10 {
            insert_bounded(
                &mut m,
                i.to_string(),
                now + Duration::from_secs(i as u64 + 1),
                now,
            );
        }
        assert_eq!(m.len(), MAX_ENTRIES);
        assert!(!m.contains_key("0"), "the soonest to expire went first");
    }
}
