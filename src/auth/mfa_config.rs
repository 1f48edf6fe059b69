//! The `[auth.mfa]` config section: two-step sign-in limits, GoTrue's defaults unless said otherwise.

use std::time::Duration;

use serde::Deserialize;

use super::config::Span;

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct MfaConfig {
    /// How long a challenge can be answered (GoTrue's `GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION`, 300 s).
    pub challenge_expiry: Span,
    /// An authenticator added but never confirmed with a code is dropped after this long (GoTrue's
    /// `GOTRUE_MFA_FACTOR_EXPIRY_DURATION`, 300 s), when the next one is added.
    pub unverified_factor_expiry: Span,
    /// Factors one account may hold, confirmed or not (`GOTRUE_MFA_MAX_ENROLLED_FACTORS`, 10).
    pub max_enrolled_factors: u32,
    /// Confirmed factors one account may hold (`GOTRUE_MFA_MAX_VERIFIED_FACTORS`, 10).
    pub max_verified_factors: u32,
    /// Code checks per factor in `verify_window` (right or wrong); over it, 429. GoTrue leaves this to
    /// its per-address limit; a six-digit code needs a per-factor bound to stay unguessable.
    pub verify_per_factor: u32,
    pub verify_window: Span,
}

impl Default for MfaConfig {
    fn default() -> Self {
        Self {
            challenge_expiry: Span(Duration::from_secs(300)),
            unverified_factor_expiry: Span(Duration::from_secs(300)),
            max_enrolled_factors: 10,
            max_verified_factors: 10,
            verify_per_factor: 5,
            verify_window: Span(Duration::from_secs(300)),
        }
    }
}
