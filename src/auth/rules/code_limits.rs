//! Limits on checking two-step sign-in codes that slow guessing without letting the guesser lock her
//! out (docs/auth-contract.md, "Her second step is hers").
//!
//! A single count per factor let anyone with her password burn her codes: a few wrong ones from his
//! session and her right code from her own phone was refused too. So the checks are counted like the
//! password lockout (`lockout.rs`):
//!
//! - per (factor, session): `verify_per_session` checks in the window; over it that session waits;
//! - per (factor, address): `verify_per_address` checks; over it that address waits;
//! - per factor, all addresses together: `verify_per_factor` wrong codes; over it only addresses that
//!   have passed this factor before (her usual devices) may keep trying until the window ends.

use std::net::IpAddr;

use crate::auth::rules::lockout::Lockout;
use crate::auth::rules::mfa::MfaConfig;
use crate::rate_limit::{RateLimiter, RetryAfter};

pub struct CodeLimits {
    per_session: RateLimiter,
    by_address: Lockout,
}

impl CodeLimits {
    pub fn new(c: &MfaConfig) -> Self {
        let window = c.verify_window.0;
        Self {
            per_session: RateLimiter::new(c.verify_per_session, window),
            by_address: Lockout::new(c.verify_per_address, c.verify_per_factor, window),
        }
    }

    /// Counts one code check; `Err` with the wait when it must not go ahead.
    pub fn before_check(
        &self,
        factor_id: &str,
        session_id: &str,
        ip: Option<IpAddr>,
    ) -> Result<(), RetryAfter> {
        self.per_session
            .check(&format!("{factor_id}\0{session_id}"))?;
        self.by_address.before_attempt(factor_id, ip)
    }

    pub fn wrong(&self, factor_id: &str) {
        self.by_address.failed(factor_id);
    }

    /// A right code: this address becomes one of her devices for this factor.
    pub fn right(&self, factor_id: &str, ip: Option<IpAddr>) {
        self.by_address.succeeded(factor_id, ip);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::span::Span;
    use std::time::Duration;

    fn ip(last: u8) -> Option<IpAddr> {
        Some(IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, last)))
    }

    fn limits() -> CodeLimits {
        CodeLimits::new(&MfaConfig {
            verify_per_session: 5,
            verify_per_address: 10,
            verify_per_factor: 5,
            verify_window: Span(Duration::from_secs(300)),
            ..MfaConfig::default()
        })
    }

    #[test]
    fn his_wrong_codes_do_not_stop_her_known_device() {
        let l = limits();
        l.before_check("f", "hers", ip(1)).unwrap();
        l.right("f", ip(1));
        for _ in 0..5 {
            l.before_check("f", "his", ip(2)).unwrap();
            l.wrong("f");
        }
        assert!(
            l.before_check("f", "his", ip(2)).is_err(),
            "his session waits"
        );
        // One more wrong code from another session of his: past the limit for strangers.
        l.before_check("f", "his-second", ip(2)).unwrap();
        l.wrong("f");
        assert!(
            l.before_check("f", "his-next", ip(2)).is_err(),
            "a new session of his, from an address that never passed the factor, waits too"
        );
        assert!(
            l.before_check("f", "hers-next", ip(1)).is_ok(),
            "her device does not"
        );
        assert!(
            l.before_check("g", "other", ip(2)).is_ok(),
            "another factor is untouched"
        );
    }

    #[test]
    fn one_address_is_bounded_however_many_sessions_it_opens() {
        let l = limits();
        l.right("f", ip(3));
        for n in 0..10 {
            l.before_check("f", &format!("s{n}"), ip(3)).unwrap();
        }
        assert!(l.before_check("f", "s10", ip(3)).is_err());
    }
}
