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

use crate::auth::rules::lockout::Lockout;
use crate::auth::rules::mfa::MfaConfig;
use crate::rate_limit::{RateLimiter, RetryAfter};

pub struct CodeLimits {
    per_session: RateLimiter,
    /// Per (factor, address) and per factor: counted in the database (`store::lockouts`).
    pub by_address: Lockout,
}

impl CodeLimits {
    pub fn new(c: &MfaConfig) -> Self {
        let window = c.verify_window.0;
        Self {
            per_session: RateLimiter::new(c.verify_per_session, window),
            by_address: Lockout::new("code", c.verify_per_address, c.verify_per_factor, window),
        }
    }

    /// Counts one code check in its session; `Err` with the wait when that session must wait. The
    /// address's and the factor's counts follow (`store::lockouts::before_attempt`).
    pub fn before_check(&self, factor_id: &str, session_id: &str) -> Result<(), RetryAfter> {
        self.per_session
            .check(&format!("{factor_id}\0{session_id}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::span::Span;
    use std::time::Duration;

    #[test]
    fn each_session_has_its_own_count() {
        let l = CodeLimits::new(&MfaConfig {
            verify_per_session: 5,
            verify_window: Span(Duration::from_secs(300)),
            ..MfaConfig::default()
        });
        for _ in 0..5 {
            l.before_check("f", "his").unwrap();
        }
        assert!(l.before_check("f", "his").is_err(), "his session waits");
        assert!(l.before_check("f", "hers").is_ok(), "hers does not");
    }
}
