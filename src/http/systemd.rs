//! systemd's `Type=notify` protocol (packaging/solace.service): READY=1 once the server listens, then
//! WATCHDOG=1 at half the unit's `WatchdogSec=` for as long as the server's own event loop runs and the
//! database answers, so a hung server stops the pings and systemd restarts it. Without `NOTIFY_SOCKET`
//! (not started by systemd) nothing is sent.

use std::time::Duration;

use sd_notify::NotifyState;

use crate::db::Db;

/// Tells systemd the server is ready, and starts the watchdog's pings when the unit asks for them. Call on
/// the server's own runtime, after it listens.
pub fn ready(db: Db) {
    if let Err(e) = sd_notify::notify(false, &[NotifyState::Ready]) {
        tracing::warn!(error = %e, "could not tell systemd that solace is ready");
    }
    let mut usec = 0;
    if !sd_notify::watchdog_enabled(false, &mut usec) || usec == 0 {
        return;
    }
    let every = Duration::from_micros(usec) / 2;
    actix_web::rt::spawn(async move {
        let mut tick = tokio::time::interval(every);
        loop {
            tick.tick().await;
            // A database that does not answer within the interval is as good as hung: no ping.
            match tokio::time::timeout(every, db.ping()).await {
                Ok(Ok(())) => {
                    if let Err(e) = sd_notify::notify(false, &[NotifyState::Watchdog]) {
                        tracing::warn!(error = %e, "could not ping systemd's watchdog");
                    }
                }
                _ => {
                    tracing::error!("the database did not answer: systemd's watchdog is not pinged")
                }
            }
        }
    });
}

/// Tells systemd the server is stopping, so a slow stop is not taken for a hang.
pub fn stopping() {
    let _ = sd_notify::notify(false, &[NotifyState::Stopping]);
}
