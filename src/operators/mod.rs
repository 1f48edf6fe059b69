//! The operator's console on the server side (issue 38, docs/operator.md): operator accounts
//! (`solace operators ...`), the gate that keeps `/operator` and `/api/operator/*` to the networks the
//! operator chose, and the console's routes for accounts, advocates and the audit of every operator
//! action. In the auth service's shape: `http/` (the gate, the operator extractor, the routes) over
//! `use_cases/` over `store/` (the audit's table); the accounts it acts on are `crate::accounts`'s.

pub mod config;
pub mod errors;
pub mod http;
pub mod store;
pub mod use_cases;

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Notify;

pub use http::{configure, gate};

use crate::db::Db;
use crate::rate_limit::RateLimiter;

/// What the console's routes share: its settings, and what a recovery link and a deletion need.
pub struct OperatorsState {
    pub config: config::OperatorConfig,
    /// `server.site_url`, for the links.
    pub site_url: String,
    /// `auth.recovery_link_lifetime`.
    pub link_lifetime: Duration,
    /// The check-in timer's wake-up: a deleted account's running check-in alerts at once.
    pub wake: Arc<Notify>,
    /// Test e-mails per operator (`TEST_MAILS_PER_HOUR`): each goes to an address typed in, so a stolen
    /// operator session cannot make the server mail strangers without end.
    pub test_mails: RateLimiter,
}

/// How many test e-mails one operator may send in an hour: enough to try a mail server again after each
/// change of its settings.
pub const TEST_MAILS_PER_HOUR: u32 = 10;

/// Prunes the audit past `[operator] audit_days` once an hour (must run inside the actix runtime).
pub fn spawn_audit_pruning(db: Db, audit_days: u32) {
    actix_web::rt::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(60 * 60));
        loop {
            tick.tick().await;
            match use_cases::audit::prune(&db, audit_days).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(entries = n, "pruned the operators' audit"),
                Err(e) => tracing::warn!(error = %e, "could not prune the operators' audit now"),
            }
        }
    });
}
