//! Check in with me (docs/checkin.md): a safety timer the server keeps for her. If she does not check in
//! with her PIN before it ends (or types her duress PIN), the server alerts the people she chose: her
//! paired advocates, with her note sealed to each in her browser, and up to five trusted people by
//! e-mail. The note and addresses are kept only until the check-in ends or its alert is sent.
//!
//! The auth service's shape (docs/development.md, "Layers"): `http/` reads each request, calls one use case
//! and writes the answer; `use_cases/` holds the checks, the day's limits and the PIN checks; `store/` has
//! one file per table, each write its own transaction. `delivery/` is the timer that sends each alert when
//! it falls due, and the e-mails it sends.

pub mod account;
pub mod config;
pub mod delivery;
pub mod errors;
mod http;
pub mod limits;
pub mod operator_config;
pub mod store;
pub mod use_cases;

use std::sync::Arc;
use std::time::Duration;

use actix_web::web;
use tokio::sync::Notify;

use crate::auth::keys::password::PasswordPool;
use crate::email::Mailer;
use crate::rate_limit::RateLimiter;

/// What the check-in routes share with the timer.
pub struct CheckinState {
    pub config: config::CheckinConfig,
    pub mailer: Option<Arc<Mailer>>,
    /// Wakes the timer when a check-in starts, changes or raises its alarm.
    pub wake: Arc<Notify>,
    /// Held by the timer while it sends one alert, and by her late check-in while it answers an alarm
    /// (`use_cases/end.rs`): an alarm e-mail is never half sent while it is answered.
    pub sending: Arc<tokio::sync::Mutex<()>>,
    /// Starts and test alerts per account: each can send e-mail to addresses she types.
    pub sends: RateLimiter,
    /// What each account has had sent in a day, shared with the timer, which counts the alarms.
    pub limits: Arc<limits::SendLimits>,
    /// The auth service's Argon2 threads, which hash and check PINs too.
    pub passwords: Arc<PasswordPool>,
    /// The advocates' area on this site, which an advocate's alert e-mail points to.
    pub advocates_area: String,
    /// PIN checks in flight per account (`use_cases/in_flight.rs`).
    pin_checks: use_cases::in_flight::InFlight,
}

impl CheckinState {
    pub fn new(
        config: config::CheckinConfig,
        mailer: Option<Arc<Mailer>>,
        passwords: Arc<PasswordPool>,
        site_url: &str,
    ) -> Self {
        Self {
            config,
            mailer,
            wake: Arc::new(Notify::new()),
            sending: Default::default(),
            sends: RateLimiter::new(10, Duration::from_secs(3600)),
            limits: Default::default(),
            passwords,
            advocates_area: crate::advocates::area_url(site_url),
            pin_checks: Default::default(),
        }
    }
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    http::configure(cfg);
}
