//! The timer: one task that sends each check-in's alert when it falls due, wakes early when a check-in
//! starts, changes or raises its alarm, and on start sends at once what fell due while the server was down.
//! With several instances on one database each runs this timer, and each alert is sent by the one that
//! claims it (`store::leases`), which keeps its claim while it sends.

use std::sync::Arc;
use std::time::Duration;

use super::mail;
use super::watch::AlarmWatch;
use crate::checkin::CheckinState;
use crate::checkin::errors::CheckinError;
use crate::checkin::limits::{SendLimits, To};
use crate::checkin::store::due::{self, Addressee};
use crate::checkin::store::leases::{self, Claim};
use crate::checkin::store::{alerts, outcomes, retries};
use crate::db::Db;
use crate::email::Mailer;
use crate::email::failure::MailFailure;
use crate::ground::clock::now_ms;
use crate::metrics;
use crate::push::{Message, PushService};

/// The longest the timer sleeps without looking: a change it was not woken for (a restored backup, a
/// test moving an end) is seen within this.
const LOOK_EVERY_MS: i64 = 2_000;
/// Advocates' alerts older than 30 days, and the operator's counts older than 8, are deleted hourly.
const PURGE_EVERY_MS: i64 = 3_600_000;

/// Starts the timer (must run inside the actix runtime), sharing the check-in routes' mailer, wake-up,
/// sending lock and day's limits.
pub fn spawn(db: Db, state: &CheckinState, push: Option<Arc<PushService>>, watch: Arc<AlarmWatch>) {
    let wake = state.wake.clone();
    let send = Sender {
        sending: state.sending.clone(),
        db: db.clone(),
        mailer: state.mailer.clone(),
        push: push.clone(),
        limits: state.limits.clone(),
        advocates_area: state.advocates_area.clone(),
        watch,
        claim: Claim {
            holder: uuid::Uuid::new_v4().simple().to_string(),
            lease_ms: i64::from(state.config.alert_lease_seconds) * 1000,
        },
    };
    actix_web::rt::spawn(async move {
        let now = now_ms();
        match db.read(move |c| due::due(c, now)).await {
            Ok(late) if !late.is_empty() => {
                let most = late.iter().map(|(_, ms)| *ms).max().unwrap_or(0);
                tracing::warn!(
                    alerts = late.len(),
                    most_late_minutes = most / 60_000,
                    "check-in alerts fell due while the server was down: sending them now"
                );
            }
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "could not read the check-ins at start"),
        }
        let mut purged_at = 0;
        loop {
            remind(&db, push.as_ref()).await;
            send.due().await;
            let now = now_ms();
            match db.write(move |c| due::forget_told(c, now)).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(
                    alarms = n,
                    "a late check-in can no longer be made: who was told is forgotten"
                ),
                Err(e) => tracing::warn!(error = %e, "could not forget old alarms now"),
            }
            if now_ms() - purged_at > PURGE_EVERY_MS {
                purged_at = now_ms();
                let purge = db.write(move |c| {
                    alerts::purge(c, purged_at)?;
                    Ok::<_, CheckinError>(outcomes::purge(c, purged_at)?)
                });
                if let Err(e) = purge.await {
                    tracing::warn!(error = %e, "could not delete old advocates' alerts now");
                }
            }
            let next = db.read(due::next).await.ok().flatten();
            let wait = next.map_or(LOOK_EVERY_MS, |at| (at - now_ms()).clamp(0, LOOK_EVERY_MS));
            tokio::select! {
                _ = tokio::time::sleep(Duration::from_millis(wait as u64)) => {}
                _ = wake.notified() => {}
            }
        }
    });
}

/// Pushes the reminder to her browsers for each check-in about to run out (marked reminded either way).
async fn remind(db: &Db, push: Option<&Arc<PushService>>) {
    let now = now_ms();
    let due = match db.write(move |c| due::take_reminders(c, now)).await {
        Ok(due) => due,
        Err(e) => return tracing::warn!(error = %e, "could not read the check-ins' reminders now"),
    };
    let Some(push) = push else { return };
    for (account, left_ms) in due {
        // Kept by the push service only until the check-in ends: later it would only confuse.
        let ttl = Duration::from_millis(left_ms.max(60_000) as u64);
        push.notify(db, account, Message::Reminder { ttl });
    }
}

/// What sending alerts needs.
struct Sender {
    /// Held while one alert is sent: her late check-in waits for it (`use_cases/end.rs`).
    sending: Arc<tokio::sync::Mutex<()>>,
    db: Db,
    mailer: Option<Arc<Mailer>>,
    push: Option<Arc<PushService>>,
    limits: Arc<SendLimits>,
    advocates_area: String,
    /// Tells the operator when alarm e-mails fail, and when they work again.
    watch: Arc<AlarmWatch>,
    /// This instance's claim on the alert it sends, so that no other instance sends it too.
    claim: Claim,
}

/// This instance's claim on one alert, renewed three times a lease while it is sent, until dropped.
struct Held {
    lost: Arc<std::sync::atomic::AtomicBool>,
    renewing: tokio::task::JoinHandle<()>,
}

impl Held {
    fn keep(db: &Db, id: &str, claim: &Claim) -> Self {
        let lost = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let (db, id, claim, flag) = (db.clone(), id.to_string(), claim.clone(), lost.clone());
        let renewing = actix_web::rt::spawn(async move {
            let every = Duration::from_millis((claim.lease_ms / 3).max(1) as u64);
            loop {
                tokio::time::sleep(every).await;
                let (id, claim) = (id.clone(), claim.clone());
                match db
                    .write(move |c| leases::renew(c, &id, &claim, now_ms()))
                    .await
                {
                    Ok(true) => {}
                    Ok(false) => return flag.store(true, std::sync::atomic::Ordering::SeqCst),
                    // The database is out of reach: so is every other instance's claim; try again.
                    Err(e) => {
                        tracing::warn!(error = %e, "could not renew the claim on an alert now")
                    }
                }
            }
        });
        Self { lost, renewing }
    }

    /// Another instance took the alert over (this one was cut off from the database longer than a lease).
    fn lost(&self) -> bool {
        self.lost.load(std::sync::atomic::Ordering::SeqCst)
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        self.renewing.abort();
    }
}

impl Sender {
    /// Sends every due alert, one at a time in `due::due`'s order, looking again after each: an alarm
    /// that falls due meanwhile waits for at most one alert of each other account, never for all of them.
    async fn due(&self) {
        let mut done = std::collections::HashSet::new();
        loop {
            let now = now_ms();
            let next = match self.db.read(move |c| due::due(c, now)).await {
                Ok(due) => due.into_iter().find(|(id, _)| !done.contains(id)),
                Err(e) => return tracing::warn!(error = %e, "could not read the due check-ins now"),
            };
            let Some((id, _)) = next else {
                return self.watch.check(&self.db).await;
            };
            done.insert(id.clone());
            let _sending = self.sending.lock().await;
            if let Err(e) = self.one(id, now).await {
                tracing::error!(error = %e, "a check-in alert could not be sent now; it will be tried again");
            }
        }
    }

    async fn one(&self, id: String, now: i64) -> Result<(), CheckinError> {
        let (db, mailer) = (&self.db, self.mailer.as_ref());
        let mail = mailer.is_some();
        let claim = self.claim.clone();
        let Some(f) = db
            .write(move |c| due::fire(c, &id, now, mail, &claim))
            .await?
        else {
            return Ok(());
        };
        let held = Held::keep(db, &f.id, &self.claim);
        // A retry comes only after a failure: no failure yet is the alarm's first firing.
        if f.first_failed_at.is_none() {
            metrics::checkin(metrics::Checkin::Alerted);
        }
        for advocate in &f.advocate_ids {
            self.limits.sent(&f.account, &To::Advocate(advocate));
            if let Some(push) = &self.push {
                push.notify(db, advocate.clone(), Message::Alert);
            }
        }
        let trusted = mail::alert(&f.kind, &f.note, &f.language);
        let advocates = mail::advocate_alert(&f.kind, &f.language, &self.advocates_area);
        let each = f
            .recipients
            .iter()
            .map(|a| (Addressee::Trusted, a, &trusted));
        let each = each.chain(
            f.advocate_mail
                .iter()
                .map(|a| (Addressee::Advocate, a, &advocates)),
        );
        let (mut sent, mut failed, mut why) = (0, 0, MailFailure::Other);
        for (to, address, (subject, body)) in each {
            if held.lost() {
                tracing::warn!(kind = %f.kind, "another instance took this alert over; it sends the rest");
                return Ok(());
            }
            let Some(mailer) = mailer.cloned() else {
                failed += 1;
                continue;
            };
            match mail::send_off_thread(mailer, address, subject, body).await {
                Ok(()) => {
                    // An advocate's address is the operator's, not one she typed: her limits are for those.
                    if let Addressee::Trusted = to {
                        self.limits.sent(&f.account, &To::Email(address));
                    }
                    let (id, address) = (f.id.clone(), address.clone());
                    db.write(move |c| {
                        Ok::<_, CheckinError>(due::sent(c, &id, to, &address, now_ms())?)
                    })
                    .await?;
                    sent += 1;
                }
                Err(e) => {
                    why = e.failure();
                    failed += 1;
                }
            }
        }
        if held.lost() {
            return Ok(());
        }
        if sent > 0 {
            // Mail goes again: alerts waiting out a retry's wait go now, oldest first (`due::due`).
            let released = db.write(move |c| retries::release(c, now_ms())).await?;
            if released > 0 {
                tracing::info!(
                    alerts = released,
                    "mail goes again: the waiting alarms are sent now"
                );
            }
        }
        let id = f.id.clone();
        let since = f.first_failed_at.unwrap_or(now);
        if failed > 0 && mailer.is_none() {
            tracing::error!(kind = %f.kind, emails_lost = failed, "alert e-mails cannot go: [email] was removed");
        } else if failed > 0 && now_ms() - since < self.watch.retry_ms() {
            let wait = db
                .write(move |c| retries::retry_later(c, &id, now_ms(), why))
                .await?;
            metrics::alert(metrics::Alert::Retrying);
            tracing::warn!(kind = %f.kind, reason = why.as_str(), emails_sent = sent, emails_waiting = failed,
                advocates = f.advocates, wait_minutes = wait / 60_000,
                "an alert e-mail could not be sent yet; it is tried again");
            self.watch.failed(db).await;
            return Ok(());
        }
        let lost = (failed > 0).then_some(why);
        db.write(move |c| due::finish(c, &id, now_ms(), lost))
            .await?;
        if failed > 0 {
            metrics::alert(metrics::Alert::Failed);
            tracing::error!(kind = %f.kind, reason = why.as_str(), emails_sent = sent, emails_lost = failed, advocates = f.advocates, "a check-in alert was given up on for some e-mails");
        } else {
            metrics::alert(metrics::Alert::Sent);
            tracing::info!(kind = %f.kind, emails = sent, advocates = f.advocates, "a check-in alert was sent");
        }
        Ok(())
    }
}
