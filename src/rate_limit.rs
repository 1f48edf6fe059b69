//! A small in-memory rate limiter: at most `limit` hits per key in a fixed window. Used per client address
//! and per e-mail address.
//!
//! Memory is bounded and strangers are never refused because the table is full. When it holds `max_keys`
//! keys, finished windows go first and then the key whose window started longest ago is forgotten. We chose
//! eviction over the alternative (letting new keys through untracked once full) because failing open
//! would let anyone who fills the table guess passwords without any limit at all, while eviction only
//! gives an attacker a fresh window for a key after they have paid `max_keys` other requests, each of which
//! is itself counted against their address. Refusing new keys (the old behaviour) locked every real person
//! out for a whole window (SECURITY.md, "A hostile internet client").
//!
//! IPv6 addresses are keyed by their /64 network: one home or phone usually gets a whole /64, so a client
//! could otherwise step through 2^64 addresses to dodge its limit.

use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

const DEFAULT_MAX_KEYS: usize = 100_000;

pub struct RateLimiter {
    limit: u32,
    window: Duration,
    max_keys: usize,
    table: Mutex<Table>,
}

/// The windows by key, plus an index ordered by window start so the oldest is found without a scan.
#[derive(Default)]
struct Table {
    windows: HashMap<String, Window>,
    by_start: BTreeMap<(Instant, u64), String>,
    next_seq: u64,
}

struct Window {
    started: Instant,
    hits: u32,
}

/// The caller is over its limit; it may try again after this long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryAfter(pub Duration);

/// The whole seconds to tell a client to wait (`Retry-After`, "try again in N seconds"): rounded up,
/// so a client that waits exactly that long is let in, and never 0. Both `/api` and `/auth/v1` use it.
pub fn whole_seconds(wait: Duration) -> u64 {
    (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1)
}

/// The key a client address is counted under: IPv4 as is (also when written as IPv4-mapped IPv6), IPv6 by
/// its /64 network.
pub fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !((1u128 << 64) - 1)).into()),
        },
    }
}

/// A client address as text for a limiter's key, "unknown" when there is none.
pub fn source_key(ip: Option<IpAddr>) -> String {
    ip.map_or_else(|| "unknown".into(), |ip| address_key(ip).to_string())
}

/// Callers pass addresses as text (`ip.to_string()`); any key that is an address is counted by
/// [`address_key`], so every limiter keys IPv6 by /64 without each caller having to remember it.
fn normalise(key: &str) -> String {
    match key.parse::<IpAddr>() {
        Ok(ip) => address_key(ip).to_string(),
        Err(_) => key.to_owned(),
    }
}

impl RateLimiter {
    pub fn new(limit: u32, window: Duration) -> Self {
        Self::with_capacity(limit, window, DEFAULT_MAX_KEYS)
    }

    pub fn with_capacity(limit: u32, window: Duration, max_keys: usize) -> Self {
        Self {
            limit,
            window,
            max_keys: max_keys.max(1),
            table: Mutex::new(Table::default()),
        }
    }

    /// Counts one hit for `key`; `Err` when the key is over its limit (the hit is not counted then).
    pub fn check(&self, key: &str) -> Result<(), RetryAfter> {
        self.check_at(key, Instant::now())
    }

    /// How many more hits `key` may have in its window now (`u32::MAX` when the limit is off). Counts
    /// nothing.
    pub fn left(&self, key: &str) -> u32 {
        if self.limit == 0 {
            return u32::MAX;
        }
        let now = Instant::now();
        let mut table = self.lock();
        table.forget_finished(now, self.window);
        let hits = table.windows.get(&normalise(key)).map_or(0, |w| w.hits);
        self.limit.saturating_sub(hits)
    }

    /// How long until `key`'s window ends (zero when it has none).
    pub fn wait(&self, key: &str) -> Duration {
        let now = Instant::now();
        let table = self.lock();
        table
            .windows
            .get(&normalise(key))
            .map_or(Duration::ZERO, |w| {
                self.window.saturating_sub(now.duration_since(w.started))
            })
    }

    /// Counts `hits` for `key` even over its limit: for what happens whatever the limit (an alarm), so it
    /// still weighs on what is asked after it.
    pub fn count(&self, key: &str, hits: u32) {
        let now = Instant::now();
        let key = normalise(key);
        let mut table = self.lock();
        table.forget_finished(now, self.window);
        if let Some(w) = table.windows.get_mut(&key) {
            w.hits = w.hits.saturating_add(hits);
            return;
        }
        while table.windows.len() >= self.max_keys {
            table.forget_oldest();
        }
        table.start(key, now, hits);
    }

    /// How many keys are tracked now (never more than the capacity).
    #[allow(dead_code)] // tests; the reliability suite includes this file
    pub fn tracked_keys(&self) -> usize {
        self.lock().windows.len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub(crate) fn check_at(&self, key: &str, now: Instant) -> Result<(), RetryAfter> {
        if self.limit == 0 {
            return Ok(()); // 0 switches the limit off
        }
        let key = normalise(key);
        let mut table = self.lock();
        table.forget_finished(now, self.window);
        if let Some(w) = table.windows.get(&key) {
            if w.hits >= self.limit {
                return Err(RetryAfter(
                    self.window.saturating_sub(now.duration_since(w.started)),
                ));
            }
            table.windows.get_mut(&key).expect("just found").hits += 1;
            return Ok(());
        }
        while table.windows.len() >= self.max_keys {
            table.forget_oldest();
        }
        table.start(key, now, 1);
        Ok(())
    }
}

impl Table {
    /// Drops every window that has ended; each costs O(log n) once, so the sweep is cheap on average.
    fn forget_finished(&mut self, now: Instant, window: Duration) {
        while let Some(entry) = self.by_start.first_entry() {
            if now.duration_since(entry.key().0) < window {
                break;
            }
            let key = entry.remove();
            self.windows.remove(&key);
        }
    }

    fn forget_oldest(&mut self) {
        if let Some((_, key)) = self.by_start.pop_first() {
            self.windows.remove(&key);
        }
    }

    fn start(&mut self, key: String, now: Instant, hits: u32) {
        let seq = self.next_seq;
        self.next_seq += 1;
        self.by_start.insert((now, seq), key.clone());
        self.windows.insert(key, Window { started: now, hits });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allows_the_limit_then_refuses_until_the_window_ends() {
        let rl = RateLimiter::new(3, Duration::from_secs(60));
        let t0 = Instant::now();
        for _ in 0..3 {
            assert!(rl.check_at("1.2.3.4", t0).is_ok());
        }
        let refused = rl
            .check_at("1.2.3.4", t0 + Duration::from_secs(10))
            .unwrap_err();
        assert_eq!(refused, RetryAfter(Duration::from_secs(50)));
        assert!(
            rl.check_at("5.6.7.8", t0).is_ok(),
            "other keys are unaffected"
        );
        assert!(rl.check_at("1.2.3.4", t0 + Duration::from_secs(60)).is_ok());
    }

    #[test]
    fn a_full_table_forgets_its_oldest_key_instead_of_refusing_a_stranger() {
        let rl = RateLimiter::with_capacity(1, Duration::from_secs(60), 2);
        let t0 = Instant::now();
        assert!(rl.check_at("a", t0).is_ok());
        assert!(rl.check_at("b", t0 + Duration::from_secs(1)).is_ok());
        assert!(
            rl.check_at("c", t0 + Duration::from_secs(2)).is_ok(),
            "a stranger is let in although the table is full of live windows"
        );
        assert_eq!(rl.tracked_keys(), 2);
        assert!(
            rl.check_at("b", t0 + Duration::from_secs(3)).is_err(),
            "the newer key is still counted"
        );
        assert!(
            rl.check_at("a", t0 + Duration::from_secs(3)).is_ok(),
            "the oldest was forgotten"
        );
    }

    #[test]
    fn waits_round_up_to_whole_seconds() {
        assert_eq!(whole_seconds(Duration::from_millis(1)), 1);
        assert_eq!(whole_seconds(Duration::ZERO), 1);
        assert_eq!(whole_seconds(Duration::from_secs(2)), 2);
        assert_eq!(whole_seconds(Duration::from_millis(2001)), 3);
    }

    #[test]
    fn finished_windows_are_dropped_before_live_ones() {
        let rl = RateLimiter::with_capacity(1, Duration::from_secs(60), 3);
        let t0 = Instant::now();
        rl.check_at("old", t0).unwrap();
        rl.check_at("live", t0 + Duration::from_secs(30)).unwrap();
        rl.check_at("new", t0 + Duration::from_secs(61)).unwrap();
        assert_eq!(rl.tracked_keys(), 2, "the finished window is gone");
        assert!(rl.check_at("live", t0 + Duration::from_secs(62)).is_err());
    }

    #[test]
    fn many_distinct_keys_keep_the_table_at_its_capacity() {
        let rl = RateLimiter::with_capacity(5, Duration::from_secs(300), 1_000);
        let t0 = Instant::now();
        for i in 0..20_000u32 {
            assert!(rl.check_at(&format!("user{i}@example.org"), t0).is_ok());
            assert!(rl.tracked_keys() <= 1_000);
        }
        assert!(rl.check_at("owner@example.org", t0).is_ok());
    }

    #[test]
    fn ipv6_addresses_in_one_64_share_a_window() {
        let rl = RateLimiter::new(2, Duration::from_secs(60));
        let t0 = Instant::now();
        rl.check_at("2001:db8:1:2::1", t0).unwrap();
        rl.check_at("2001:db8:1:2:ffff:ffff:ffff:ffff", t0).unwrap();
        assert!(
            rl.check_at("2001:db8:1:2:dead:beef::9", t0).is_err(),
            "a third address in the same /64 is over the limit"
        );
        assert!(
            rl.check_at("2001:db8:1:3::1", t0).is_ok(),
            "the neighbouring /64 is someone else"
        );
    }

    #[test]
    fn address_keys() {
        let k = |s: &str| address_key(s.parse().unwrap()).to_string();
        assert_eq!(k("192.0.2.7"), "192.0.2.7");
        assert_eq!(k("::ffff:192.0.2.7"), "192.0.2.7");
        assert_eq!(k("2001:db8:aa:bb:1:2:3:4"), "2001:db8:aa:bb::");
        assert_eq!(normalise("jane@example.org"), "jane@example.org");
    }

    #[test]
    fn counted_hits_go_over_the_limit_and_are_left_none() {
        let rl = RateLimiter::new(3, Duration::from_secs(60));
        assert_eq!(rl.left("k"), 3);
        assert_eq!(rl.wait("k"), Duration::ZERO);
        rl.count("k", 2);
        assert_eq!(rl.left("k"), 1);
        rl.count("k", 5);
        assert_eq!(rl.left("k"), 0);
        assert!(rl.check("k").is_err());
        assert!(rl.wait("k") > Duration::from_secs(59));
        assert_eq!(rl.left("other"), 3);
    }

    #[test]
    fn zero_means_unlimited() {
        let rl = RateLimiter::new(0, Duration::from_secs(1));
        for _ in 0..1000 {
            assert!(rl.check("k").is_ok());
        }
    }
}
