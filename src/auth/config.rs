//! The `[auth]` config section.

use std::path::PathBuf;

use serde::Deserialize;

use crate::secret::Secret;

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct AuthConfig {
    /// Lifetime of an access token, in seconds.
    pub jwt_expiry_secs: u64,
    /// A refresh token used again within this many seconds of its rotation still gets a new token
    /// (several tabs refreshing at once); later reuse ends the session. 0 = no grace at all.
    pub refresh_token_reuse_interval_secs: u64,
    pub disable_signup: bool,
    /// Extra `redirect_to` targets allowed besides the site URL (globs as GoTrue reads them).
    pub additional_redirect_urls: Vec<String>,
    /// A hosted Supabase Auth / GoTrue base URL ending in `/auth/v1`; empty = the embedded service.
    pub external_url: String,
    pub external_anon_key: String,
    pub google: GoogleConfig,
    pub rate_limit: RateLimitConfig,
}

impl Default for AuthConfig {
    fn default() -> Self {
        Self {
            jwt_expiry_secs: 3600,
            refresh_token_reuse_interval_secs: 10,
            disable_signup: false,
            additional_redirect_urls: Vec::new(),
            external_url: String::new(),
            external_anon_key: String::new(),
            google: GoogleConfig::default(),
            rate_limit: RateLimitConfig::default(),
        }
    }
}

/// Per-client limits on `/token` and `/signup`, counted in fixed windows; 0 switches a limit off.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct RateLimitConfig {
    pub window_secs: u64,
    /// All `/token` calls (sign-ins and refreshes) from one IP address.
    pub token_per_ip: u32,
    /// Password sign-ins for one e-mail address, from anywhere.
    pub token_per_email: u32,
    pub signup_per_ip: u32,
    pub signup_per_email: u32,
}

impl Default for RateLimitConfig {
    fn default() -> Self {
        // auth-js ends a session on any 4xx from a refresh, so the per-IP /token limit leaves room for
        // many tabs and households behind one address (at least 150 per 5 minutes).
        Self {
            window_secs: 300,
            token_per_ip: 300,
            token_per_email: 30,
            signup_per_ip: 30,
            signup_per_email: 5,
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
