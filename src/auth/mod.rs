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

mod accounts;
mod admin;
mod admin_factors;
mod admin_params;
mod admin_routes;
mod argon;
mod code_limits;
pub mod config;
mod delete_account;
mod disabled;
pub mod errors;
mod factors;
mod google_callback;
mod google_client;
mod google_flow;
mod google_store;
mod handlers;
mod lockout;
mod logout;
mod logout_later;
pub mod metadata;
mod mfa;
pub mod mfa_config;
mod mfa_routes;
pub mod mfa_secret;
pub mod mfa_totp;
mod models;
mod opaque_tokens;
pub mod password;
mod password_grant;
pub mod password_rules;
mod pending_flows;
mod pkce;
pub mod recovery;
mod redirect;
mod refresh;
mod service;
pub mod service_key;
mod sessions;
pub mod sign_in_names;
mod signing_key;
mod signup;
mod tokens;
pub mod trusted_keys;
mod user;
pub mod wire;

use std::time::Duration;

use actix_web::web;

pub use handlers::{configure, not_found};
pub use service::{AuthService, StartError};
pub use signing_key::KEY_FILE;

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
