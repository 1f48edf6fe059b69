//! The `[auth]` config section: its keys, defaults and checks.

use crate::ground::span::Span;
use std::path::PathBuf;
use std::time::Duration;

use serde::Deserialize;

use crate::config_error::{ConfigError, normalise_url};
use crate::secret::Secret;

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct AuthConfig {
    /// Lifetime of an access token, in seconds (at least 30).
    pub jwt_expiry_secs: u64,
    /// A session whose refresh token was not used for this long ends (GoTrue's
    /// `GOTRUE_SESSIONS_INACTIVITY_TIMEOUT`). "0" switches it off.
    pub sessions_inactivity_timeout: Span,
    /// A session ends this long after sign-in, however active (`GOTRUE_SESSIONS_TIMEBOX`). "0": off.
    pub sessions_timebox: Span,
    /// A refresh token used again within this many seconds of its rotation still gets a new token
    /// (several tabs refreshing at once); later reuse ends the session. 0 = no grace at all. As in
    /// GoTrue, the parent of the session's active token is always answered with that active token,
    /// however late (the client lost our last answer).
    pub refresh_token_reuse_interval_secs: u64,
    /// A password change through `PUT /user` must carry `current_password` (GoTrue's
    /// `GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD`, on here by default).
    pub update_password_require_current_password: bool,
    pub disable_signup: bool,
    /// GoTrue's `MAILER_AUTOCONFIRM` for clients written against it: a sign-up answers with a session, and
    /// a taken address with 422 `user_already_exists`. Off by default, as that answer tells anyone who
    /// tries an address whether it has an account (`validate-config` warns).
    pub sign_up_returns_session: bool,
    /// Whether new accounts may (`allow`), must (`require`) or may not (`off`) use a private sign-in
    /// name instead of an e-mail address (docs/auth-contract.md, "Sign-in names").
    pub sign_in_names: crate::auth::rules::sign_in_names::SignInNames,
    /// How long a recovery link from `solace users recovery-link` works (once).
    pub recovery_link_lifetime: Span,
    /// Extra `redirect_to` targets allowed besides the site URL (globs as GoTrue reads them).
    pub additional_redirect_urls: Vec<String>,
    /// A hosted Supabase Auth / GoTrue base URL ending in `/auth/v1`; empty = the embedded service.
    pub external_url: String,
    pub external_anon_key: String,
    /// A Supabase project's HS256 JWT secret (GoTrue's `GOTRUE_JWT_SECRET`); tokens signed with it are
    /// trusted, and it signs new tokens unless a JWK in `jwt_keys` does. Empty = none.
    pub jwt_secret: Secret,
    pub jwt_secret_file: Option<PathBuf>,
    /// A Supabase project's signing keys (GoTrue's `GOTRUE_JWT_KEYS`): a JSON array of JWKs with their
    /// private parts; the one whose `key_ops` holds "sign" signs new tokens. Empty = none.
    pub jwt_keys: Secret,
    pub jwt_keys_file: Option<PathBuf>,
    pub google: GoogleConfig,
    pub rate_limit: RateLimitConfig,
    /// Two-step sign-in (TOTP) limits, `[auth.mfa]`.
    pub mfa: crate::auth::rules::mfa::MfaConfig,
    /// Token roles the admin API answers to (GoTrue's `GOTRUE_JWT_ADMIN_ROLES`).
    pub admin_roles: Vec<String>,
}

impl Default for AuthConfig {
    fn default() -> Self {
        Self {
            // A copied access token dies within five minutes; auth-js refreshes it before then.
            jwt_expiry_secs: 300,
            // An open app refreshes every few minutes, so 30 minutes without one means no tab is
            // open: a phone left behind or taken no longer signs in by itself.
            sessions_inactivity_timeout: Span(Duration::from_secs(30 * 60)),
            // However active, a sign-in lasts at most a day: someone who watched the password being
            // typed or took an open phone does not keep the account.
            sessions_timebox: Span(Duration::from_secs(24 * 3600)),
            refresh_token_reuse_interval_secs: 10,
            update_password_require_current_password: true,
            disable_signup: false,
            sign_up_returns_session: false,
            sign_in_names: crate::auth::rules::sign_in_names::SignInNames::Allow,
            // Long enough to hand the link over and open it; short enough that a lost note with the
            // link on it is soon worthless.
            recovery_link_lifetime: Span(Duration::from_secs(3600)),
            additional_redirect_urls: Vec::new(),
            external_url: String::new(),
            external_anon_key: String::new(),
            jwt_secret: Secret::default(),
            jwt_secret_file: None,
            jwt_keys: Secret::default(),
            jwt_keys_file: None,
            google: GoogleConfig::default(),
            rate_limit: RateLimitConfig::default(),
            mfa: crate::auth::rules::mfa::MfaConfig::default(),
            admin_roles: vec![
                crate::auth::keys::service_key::SERVICE_ROLE.into(),
                "supabase_admin".into(),
            ],
        }
    }
}

impl AuthConfig {
    /// Checks the section; `serve` and `validate-config` both run this (through `Config::load`).
    pub fn validate(&mut self) -> Result<(), ConfigError> {
        let bad = |key: &str, reason: &str| ConfigError::invalid(&format!("auth.{key}"), reason);
        if self.jwt_expiry_secs < 30 {
            return Err(bad("jwt_expiry_secs", "must be at least 30 seconds"));
        }
        for (i, u) in self.additional_redirect_urls.iter().enumerate() {
            if u.trim().is_empty() {
                return Err(bad(
                    &format!("additional_redirect_urls[{i}]"),
                    "must not be empty",
                ));
            }
        }
        if self.recovery_link_lifetime.0.is_zero() {
            return Err(bad("recovery_link_lifetime", "must be longer than 0"));
        }
        if self.mfa.challenge_expiry.0.is_zero() || self.mfa.verify_window.0.is_zero() {
            return Err(bad(
                "mfa",
                "challenge_expiry and verify_window must be longer than 0",
            ));
        }
        // Every person's own token has the role "authenticated" (or "anon" before sign-in): listing
        // either would open the admin API to everyone.
        if let Some(role) = self
            .admin_roles
            .iter()
            .find(|r| r.trim().is_empty() || ["authenticated", "anon"].contains(&r.trim()))
        {
            return Err(bad(
                "admin_roles",
                &format!("{role:?} cannot be an admin role: every person's own token has it"),
            ));
        }
        let name = &self.mfa.authenticator_name;
        if name.trim().is_empty() || name.contains(':') || name.chars().count() > 64 {
            return Err(bad(
                "mfa.authenticator_name",
                "must be 1 to 64 characters, without ':'",
            ));
        }
        if self.rate_limit.window_secs == 0 {
            return Err(bad("rate_limit.window_secs", "must be at least 1"));
        }
        if !self.external_url.trim().is_empty() {
            self.external_url = normalise_url(&self.external_url, "auth.external_url")?;
        }
        self.trusted_keys().map_err(|e| match e {
            crate::auth::keys::trusted_keys::TrustedKeyError::ShortSecret => {
                bad("jwt_secret", &e.to_string())
            }
            e => bad("jwt_keys", &e.to_string()),
        })?;
        let g = &self.google;
        if g.client_id.trim().is_empty() != g.client_secret.is_empty() {
            return Err(bad(
                "google",
                "set both client_id and client_secret (or client_secret_file) to enable Google sign-in, or neither",
            ));
        }
        for (key, value) in [
            ("auth.google.authorize_url", &g.authorize_url),
            ("auth.google.token_url", &g.token_url),
            ("auth.google.userinfo_url", &g.userinfo_url),
        ] {
            normalise_url(value, key)?;
        }
        Ok(())
    }

    /// The operator's keys, parsed (`trusted_keys`); the secrets are never part of an error.
    pub fn trusted_keys(
        &self,
    ) -> Result<
        crate::auth::keys::trusted_keys::TrustedKeys,
        crate::auth::keys::trusted_keys::TrustedKeyError,
    > {
        crate::auth::keys::trusted_keys::TrustedKeys::new(
            self.jwt_secret.expose(),
            self.jwt_keys.expose(),
        )
    }

    /// The session limits in milliseconds, `None` where switched off.
    pub fn session_limits(&self) -> SessionLimits {
        let ms = |s: &Span| (!s.0.is_zero()).then_some(s.0.as_millis() as i64);
        SessionLimits {
            inactivity_ms: ms(&self.sessions_inactivity_timeout),
            timebox_ms: ms(&self.sessions_timebox),
        }
    }
}

/// When a session ends on its own (checked by `auth::sessions`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionLimits {
    pub inactivity_ms: Option<i64>,
    pub timebox_ms: Option<i64>,
}

/// Per-client limits on `/token` and `/signup`, counted in fixed windows; 0 switches a limit off.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct RateLimitConfig {
    pub window_secs: u64,
    /// All `/token` calls (sign-ins and refreshes) from one IP address.
    pub token_per_ip: u32,
    /// Password sign-ins for one e-mail address from one client address (see `lockout.rs`).
    pub token_per_email: u32,
    /// Failed password sign-ins for one e-mail address from all client addresses together; past it
    /// only addresses that signed in to that account before may try (see `lockout.rs`).
    pub token_per_email_all_sources: u32,
    pub signup_per_ip: u32,
    pub signup_per_email: u32,
    /// `PUT /user` calls per account.
    pub user_update_per_user: u32,
    /// `GET /authorize` (Google sign-in starts) from one client address.
    pub authorize_per_ip: u32,
}

impl Default for RateLimitConfig {
    fn default() -> Self {
        // auth-js ends a session on any 4xx from a refresh, so the per-IP /token limit leaves room for
        // many tabs and households behind one address (at least 150 per 5 minutes).
        Self {
            window_secs: 300,
            token_per_ip: 300,
            token_per_email: 30,
            token_per_email_all_sources: 300,
            signup_per_ip: 30,
            signup_per_email: 5,
            user_update_per_user: 30,
            authorize_per_ip: 30,
        }
    }
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct GoogleConfig {
    pub client_id: String,
    pub client_secret: Secret,
    pub client_secret_file: Option<PathBuf>,
    pub authorize_url: String,
    pub token_url: String,
    pub userinfo_url: String,
}

impl GoogleConfig {
    pub fn enabled(&self) -> bool {
        !self.client_id.trim().is_empty() && !self.client_secret.is_empty()
    }
}

impl Default for GoogleConfig {
    fn default() -> Self {
        Self {
            client_id: String::new(),
            client_secret: Secret::default(),
            client_secret_file: None,
            authorize_url: "https://accounts.google.com/o/oauth2/v2/auth".into(),
            token_url: "https://oauth2.googleapis.com/token".into(),
            userinfo_url: "https://openidconnect.googleapis.com/v1/userinfo".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_read_like_gotrue_durations() {
        let secs = |t: &str| t.parse::<Span>().map(|s| s.0.as_secs());
        assert_eq!(secs("30m"), Ok(1800));
        assert_eq!(secs("24h"), Ok(86_400));
        assert_eq!(secs("1h30m5s"), Ok(5405));
        assert_eq!(secs("0"), Ok(0));
        for bad in ["", "30", "m", "5d", "-1s", "1.5h"] {
            assert!(secs(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_zero_rate_limit_window_is_refused_by_key() {
        let mut c = AuthConfig::default();
        c.rate_limit.window_secs = 0;
        assert_eq!(c.validate().unwrap_err().key, "auth.rate_limit.window_secs");
    }
}
