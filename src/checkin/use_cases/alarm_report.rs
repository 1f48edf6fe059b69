//! The operator's view of the alarms (docs/operator.md, "When alarms cannot be sent"; the console's
//! `GET /api/operator/alarms`): check-ins running, alerts sent, waiting, being retried and given up over the
//! last day and week, and the current problem while alarm e-mails fail. Counts and reasons only: never an
//! address, a note or an account.

use crate::db::Connection;
use serde::Serialize;

use crate::checkin::errors::CheckinError;
use crate::checkin::store::{outcomes, retries};
use crate::db::Db;
use crate::email::failure::MailFailure;
use crate::ground::clock::{now_ms, timestamp};

const DAY_MS: i64 = 86_400_000;

#[derive(Debug, Serialize)]
pub struct AlarmReport {
    pub running_checkins: i64,
    pub day: Counts,
    pub week: Counts,
    pub problem: Option<Problem>,
}

/// Alerts over a period: sent, waiting for their first try, being retried after a failure, given up.
#[derive(Debug, Serialize)]
pub struct Counts {
    pub sent: i64,
    pub waiting: i64,
    pub retrying: i64,
    pub failed: i64,
}

/// Alarm e-mails are failing now: since when, why (the latest failure), how many alerts wait, and when
/// the oldest of them fell due.
#[derive(Debug, Serialize)]
pub struct Problem {
    pub since: String,
    pub reason: MailFailure,
    pub waiting: i64,
    pub oldest_due_at: String,
}

fn at(ms: i64) -> String {
    timestamp(chrono::DateTime::from_timestamp_millis(ms).unwrap_or_default())
}

/// The problem now, if alarm e-mails are failing.
pub fn problem(c: &Connection) -> Result<Option<Problem>, CheckinError> {
    Ok(retries::waiting(c)?.map(|w| Problem {
        since: at(w.since),
        reason: w.reason,
        waiting: w.alerts,
        oldest_due_at: at(w.oldest_due_at),
    }))
}

/// The report at `now` (a plain connection, for tests and commands).
pub fn read(c: &Connection, now: i64) -> Result<AlarmReport, CheckinError> {
    let counts = |since: i64| -> Result<Counts, CheckinError> {
        let (sent, failed) = outcomes::counts(c, since)?;
        let (waiting, retrying) = retries::unsent(c, since, now)?;
        Ok(Counts {
            sent,
            waiting,
            retrying,
            failed,
        })
    };
    Ok(AlarmReport {
        running_checkins: retries::running(c)?,
        day: counts(now - DAY_MS)?,
        week: counts(now - 7 * DAY_MS)?,
        problem: problem(c)?,
    })
}

/// `GET /api/operator/alarms`: the report now.
pub async fn alarm_report(db: &Db) -> Result<AlarmReport, CheckinError> {
    let now = now_ms();
    db.read(move |c| read(c, now)).await
}

/// What `/health` says of the alarms: nothing when all is well, else the reasons in plain words (alarm
/// e-mails failing now, or an alert given up in the last day). No counts and no times: `/health` may be
/// reachable by anyone, and whoever knows when her check-in ran out must not learn that her alarm waits.
pub async fn health_reasons(db: &Db) -> Result<Vec<String>, CheckinError> {
    let now = now_ms();
    db.read(move |c| {
        let mut reasons: Vec<String> = retries::waiting(c)?
            .map(|w| {
                format!(
                    "alarm e-mails are not being delivered: {}",
                    w.reason.plain()
                )
            })
            .into_iter()
            .collect();
        if let Some((_, why)) = outcomes::last_failure(c, now - DAY_MS)? {
            reasons.push(format!(
                "an alarm e-mail was given up on in the last day: {}",
                why.plain()
            ));
        }
        Ok(reasons)
    })
    .await
}
