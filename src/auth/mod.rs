//! The GoTrue-compatible auth service under `/auth/v1` (see AUTH_CONTRACT.md): e-mail and password
//! accounts, Google sign-in, ES256 access tokens and rotating refresh tokens, on SQLite.

pub mod config;
pub mod errors;
mod handlers;
mod models;
mod oauth;
mod password;
mod redirect;
mod service;
mod tokens;

use std::time::Duration;

use actix_web::web;

pub use handlers::{configure, not_found};
pub use service::AuthService;

/// How often expired and revoked rows are purged.
const PURGE_EVERY: Duration = Duration::from_secs(3600);

/// Starts the periodic clean-up (first run at once). Must be called inside the actix runtime.
pub fn spawn_maintenance(service: web::Data<AuthService>) {
    actix_web::rt::spawn(async move {
        let mut tick = tokio::time::interval(PURGE_EVERY);
        loop {
            tick.tick().await;
            if let Ok((tokens, flows)) = service.purge().await
                && tokens + flows > 0
            {
                tracing::info!(
                    refresh_tokens = tokens,
                    oauth_flows = flows,
                    "purged expired auth records"
                );
            }
        }
    });
}
