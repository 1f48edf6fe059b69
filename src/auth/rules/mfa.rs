//! The `[auth.mfa]` config section: two-step sign-in limits, GoTrue's defaults unless said otherwise.

use std::time::Duration;

use serde::Deserialize;

use crate::ground::span::Span;

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
    /// Wrong codes for one factor from all addresses together in `verify_window`; over it only
    /// addresses that have passed the factor before may keep trying (`code_limits.rs`). GoTrue leaves
    /// this to its per-address limit; a six-digit code needs a per-factor bound to stay unguessable.
    pub verify_per_factor: u32,
    /// Code checks (right or wrong) per factor from one session in `verify_window`; over it, 429.
    pub verify_per_session: u32,
    /// Code checks per factor from one client address (IPv6: one /64) in `verify_window`.
    pub verify_per_address: u32,
    pub verify_window: Span,
    /// How the entry is named in her authenticator app (issuer and account). Neutral, never her
    /// e-mail or the site's address, so the app gives nothing away to someone who opens it.
    pub authenticator_name: String,
}

impl Default for MfaConfig {
    fn default() -> Self {
        Self {
            challenge_expiry: Span(Duration::from_secs(300)),
            unverified_factor_expiry: Span(Duration::from_secs(300)),
            max_enrolled_factors: 10,
            max_verified_factors: 10,
            verify_per_factor: 5,
            verify_per_session: 5,
            verify_per_address: 10,
            verify_window: Span(Duration::from_secs(300)),
            authenticator_name: "Sign-in code".into(),
        }
    }
}
