//! A small in-memory rate limiter: at most `limit` hits per key in a fixed window. Used per client IP and
//! per e-mail address. Memory is bounded: when too many keys are tracked, finished windows are dropped
//! first, and if that is not enough the limiter refuses new keys rather than grow.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct RateLimiter {
    limit: u32,
    window: Duration,
    max_keys: usize,
    windows: Mutex<HashMap<String, Window>>,
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

impl RateLimiter {
    pub fn new(limit: u32, window: Duration) -> Self {
        Self::with_capacity(limit, window, 100_000)
    }

    pub fn with_capacity(limit: u32, window: Duration, max_keys: usize) -> Self {
        Self {
            limit,
            window,
            max_keys,
            windows: Mutex::new(HashMap::new()),
        }
    }

    /// Counts one hit for `key`; `Err` when the key is over its limit (the hit is not counted then).
    pub fn check(&self, key: &str) -> Result<(), RetryAfter> {
        self.check_at(key, Instant::now())
    }

    fn check_at(&self, key: &str, now: Instant) -> Result<(), RetryAfter> {
        if self.limit == 0 {
            return Ok(()); // 0 switches the limit off
        }
        let mut windows = self.windows.lock().unwrap_or_else(|p| p.into_inner());
        if !windows.contains_key(key) && windows.len() >= self.max_keys {
            windows.retain(|_, w| now.duration_since(w.started) < self.window);
            if windows.len() >= self.max_keys {
                return Err(RetryAfter(self.window));
            }
        }
        let w = windows.entry(key.to_owned()).or_insert(Window {
            started: now,
            hits: 0,
        });
        if now.duration_since(w.started) >= self.window {
            *w = Window {
                started: now,
                hits: 0,
            };
        }
        if w.hits >= self.limit {
            return Err(RetryAfter(
                self.window.saturating_sub(now.duration_since(w.started)),
            ));
        }
        w.hits += 1;
        Ok(())
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
    fn memory_stays_bounded() {
        let rl = RateLimiter::with_capacity(1, Duration::from_secs(60), 2);
        let t0 = Instant::now();
        assert!(rl.check_at("a", t0).is_ok());
        assert!(rl.check_at("b", t0).is_ok());
        assert!(
            rl.check_at("c", t0).is_err(),
            "full of live windows: refuse"
        );
        assert!(
            rl.check_at("c", t0 + Duration::from_secs(61)).is_ok(),
            "expired windows make room"
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
    fn zero_means_unlimited() {
        let rl = RateLimiter::new(0, Duration::from_secs(1));
        for _ in 0..1000 {
            assert!(rl.check("k").is_ok());
        }
    }
}
