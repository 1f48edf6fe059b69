//! Alerts waiting to be tried again (docs/operator.md, "When alarms cannot be sent"): the growing waits
//! after a failed try, sending them all at once when mail goes again, and the queue as the operator sees
//! it (`use_cases::alarm_report`, `/health`). Counts and reasons only, never an address.

use crate::db::{Connection, OptionalExtension, params};

use crate::checkin::errors::CheckinError;
use crate::email::failure::MailFailure;

/// The first wait after a failed try; each further one doubles it, up to `LONGEST_WAIT_MS`.
pub const FIRST_WAIT_MS: i64 = 60_000;
/// The longest wait between two tries of one alert.
pub const LONGEST_WAIT_MS: i64 = 15 * 60_000;

/// Some of an alert's e-mails did not go (`why`): it is tried again after a wait that grows with each
/// failed try, remembering when it fell due and first failed. The oldest waiting alarm is tried again
/// within a minute whatever its wait, so the first try after mail works again is never far off; when it
/// goes, `release` sends the rest at once. Returns the wait.
pub fn retry_later(
    c: &mut Connection,
    id: &str,
    now: i64,
    why: MailFailure,
) -> Result<i64, CheckinError> {
    let tx = c.transaction()?;
    let tries: i64 = tx.query_row("SELECT tries FROM checkins WHERE id = ?1", [id], |r| {
        r.get(0)
    })?;
    let wait = wait_after(tries);
    tx.execute(
        "UPDATE checkins SET fell_due_at = coalesce(fell_due_at, next_try_at),
         first_failed_at = coalesce(first_failed_at, ?2), last_failed_at = ?2, fail_reason = ?3,
         next_try_at = ?2 + ?4, tries = tries + 1 WHERE id = ?1",
        params![id, now, why.as_str(), wait],
    )?;
    super::leases::release(&tx, id)?;
    tx.execute(
        "UPDATE checkins SET next_try_at = CASE WHEN next_try_at < ?1 THEN next_try_at ELSE ?1 END WHERE id = (
             SELECT id FROM checkins WHERE state = 'alerting' AND first_failed_at IS NOT NULL
             ORDER BY coalesce(kind, '') = 'late', coalesce(fell_due_at, next_try_at), id LIMIT 1)",
        [now + FIRST_WAIT_MS],
    )?;
    tx.commit()?;
    Ok(wait)
}

/// The wait after an alert's `tries`+1st failed try: 1, 2, 4, 8, then 15 minutes.
pub fn wait_after(tries: i64) -> i64 {
    (FIRST_WAIT_MS << tries.clamp(0, 10)).min(LONGEST_WAIT_MS)
}

/// Mail went again: every alert waiting out a retry's wait is due now. How many.
pub fn release(c: &Connection, now: i64) -> Result<usize, CheckinError> {
    Ok(c.execute(
        "UPDATE checkins SET next_try_at = ?1
         WHERE state = 'alerting' AND first_failed_at IS NOT NULL AND next_try_at > ?1",
        [now],
    )?)
}

/// Alerts waiting after a failed try, for the operator: how many, since when the oldest first failed,
/// when the oldest fell due, and the latest failure's reason.
pub struct Waiting {
    pub alerts: i64,
    pub since: i64,
    pub oldest_due_at: i64,
    pub reason: MailFailure,
}

pub fn waiting(c: &Connection) -> Result<Option<Waiting>, CheckinError> {
    let row: (i64, Option<i64>, Option<i64>) = c.query_row(
        "SELECT count(*), min(first_failed_at), min(coalesce(fell_due_at, first_failed_at))
         FROM checkins WHERE state = 'alerting' AND first_failed_at IS NOT NULL",
        [],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    )?;
    let (alerts, Some(since), Some(oldest_due_at)) = row else {
        return Ok(None);
    };
    let reason: Option<String> = c
        .query_row(
            "SELECT fail_reason FROM checkins WHERE state = 'alerting' AND first_failed_at IS NOT NULL
             ORDER BY last_failed_at DESC LIMIT 1",
            [],
            |r| r.get(0),
        )
        .optional()?
        .flatten();
    Ok(Some(Waiting {
        alerts,
        since,
        oldest_due_at,
        reason: MailFailure::parse(reason.as_deref().unwrap_or("other")),
    }))
}

/// Alerts not sent yet that fell due since `since`: (waiting for their first try, being retried).
pub fn unsent(c: &Connection, since: i64, now: i64) -> Result<(i64, i64), CheckinError> {
    Ok(c.query_row(
        "SELECT count(*) FILTER (WHERE first_failed_at IS NULL),
                count(*) FILTER (WHERE first_failed_at IS NOT NULL)
         FROM checkins
         WHERE (state = 'alerting' OR (state = 'running' AND ends_at <= ?2))
           AND coalesce(fell_due_at, first_failed_at, next_try_at) >= ?1",
        params![since, now],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?)
}

/// Check-ins running now (not yet due or due this moment).
pub fn running(c: &Connection) -> Result<i64, CheckinError> {
    Ok(c.query_row(
        "SELECT count(*) FROM checkins WHERE state = 'running'",
        [],
        |r| r.get(0),
    )?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_grow_to_a_quarter_of_an_hour() {
        let minutes: Vec<i64> = (0..7).map(|t| wait_after(t) / 60_000).collect();
        assert_eq!(minutes, [1, 2, 4, 8, 15, 15, 15]);
        assert_eq!(wait_after(1_000_000), LONGEST_WAIT_MS);
    }
}
