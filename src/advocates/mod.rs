//! Advocates (docs/advocates.md): caseworkers the operator gives an account, whom a survivor pairs with
//! in person and may later share chosen records with, sealed in her browser to the advocate's public key.
//! The server holds public keys, a wrapped private key it cannot open, pairing codes as hashes, and who
//! is paired with whom.
//!
//! The auth service's shape (docs/development.md, "Layers"): `http/` reads each request, calls one use case
//! and writes the answer; `use_cases/` holds the checks and limits, one action per file; `store/` has one
//! file per table, each write its own transaction.

pub mod config;
pub mod errors;
mod http;
pub mod store;
pub mod use_cases;

use std::time::Duration;

use actix_web::web;

pub use http::callers::AdvocateCaller;
pub use use_cases::pair::PairingLimit;

use crate::db::Db;

/// Where the advocates' area is on this site: in the set-up link and in the e-mail an alert sends them.
pub fn area_url(site_url: &str) -> String {
    format!("{}/advocate", site_url.trim_end_matches('/'))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    http::configure(cfg);
}

/// Deletes expired shares every minute, without anyone's action (must run inside the actix runtime).
pub fn spawn_expiry(db: Db) {
    actix_web::rt::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(60));
        loop {
            tick.tick().await;
            match use_cases::expiry::purge(&db).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(shares = n, "deleted expired shares"),
                Err(e) => tracing::warn!(error = %e, "could not delete expired shares now"),
            }
        }
    });
}
