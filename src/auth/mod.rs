//! The GoTrue-compatible auth service under `/auth/v1` (see docs/auth-contract.md): e-mail and password
//! accounts, Google sign-in, ES256 access tokens and rotating refresh tokens, on SQLite.
//!
//! A request goes `handlers` (HTTP only) -> one use-case file (`signup`, `password_grant`, `refresh`,
//! `user`, `logout`, `google_flow`, `google_callback`, `pkce`, `recovery`, `admin`) -> a storage unit of work (`accounts`,
//! `sessions`, `google_store`, each one transaction) -> the queries in `crate::db`. Errors are
//! `errors::AuthError`; `wire` alone turns them into GoTrue's JSON.
//! Sign-in limits per account and client address are in `lockout`, the bounds on `user_metadata` in
//! `metadata`.
//! Features that are off (phone, web3, anonymous, e-mail codes, MFA by phone or WebAuthn) answer as
//! GoTrue does from `disabled`. Two-step sign-in with TOTP is `mfa` (GoTrue's MFA API).

pub mod errors;
pub mod http;
pub mod keys;
pub mod rules;
mod service;
mod store;
mod use_cases;

use std::time::Duration;

use actix_web::web;

pub use http::routes::{configure, not_found};
pub use keys::signing_key::KEY_FILE;
pub use service::{AuthService, StartError};

/// How often expired and revoked rows are purged.
const PURGE_EVERY: Duration = Duration::from_secs(3600);

/// Starts the periodic clean-up (first run at once). Must be called inside the actix runtime.
pub fn spawn_maintenance(service: web::Data<AuthService>) {
    actix_web::rt::spawn(async move {
        let mut tick = tokio::time::interval(PURGE_EVERY);
        loop {
            tick.tick().await;
            if let Ok(p) = service.purge().await
                && p.refresh_tokens + p.sessions + p.oauth_flows > 0
            {
                tracing::info!(
                    refresh_tokens = p.refresh_tokens,
                    sessions = p.sessions,
                    oauth_flows = p.oauth_flows,
                    "purged expired auth records"
                );
            }
        }
    });
}
