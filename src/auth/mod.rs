//! The GoTrue-compatible auth service under `/auth/v1` (see docs/auth-contract.md): e-mail and password
//! accounts, Google sign-in, ES256 access tokens and rotating refresh tokens, two-step sign-in with TOTP,
//! on SQLite.
//!
//! Its layers, each a folder, from the edge down (tests/integration/architecture.rs keeps them in this order):
//! `http` (routes, request helpers, `wire`: the one mapping from `AuthError` to GoTrue's JSON) ->
//! `use_cases` (one file per thing asked of the service, methods on `AuthService`) -> `service` (the
//! service's state) -> `store` (units of work, each one transaction, on `crate::accounts` and `crate::db`)
//! -> `rules` (config, limits, lockout) -> `keys` (signing, trusted keys, Argon2, MFA secrets). Accounts
//! themselves are `crate::accounts`, shared with the operator's `solace users`.

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
                && p.refresh_tokens + p.sessions + p.oauth_flows + p.pending_sign_ups > 0
            {
                tracing::info!(
                    refresh_tokens = p.refresh_tokens,
                    sessions = p.sessions,
                    oauth_flows = p.oauth_flows,
                    pending_sign_ups = p.pending_sign_ups,
                    "purged expired auth records"
                );
            }
        }
    });
}
