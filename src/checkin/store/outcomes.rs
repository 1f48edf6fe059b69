//! `checkin_alert_outcomes`: what became of each alert (sent, or given up and why), for the operator's
//! counts over a day and a week. Nothing of hers is kept here: no account, no address, no note.

use crate::db::{Connection, OptionalExtension, params};

use crate::email::failure::MailFailure;

/// A week and a day: the longest the report looks back, and a little more.
pub const KEEP_MS: i64 = 8 * 86_400_000;

/// Records one alert's end, inside the caller's transaction: `None` sent, `Some(reason)` given up.
pub fn record(c: &Connection, at: i64, failed: Option<MailFailure>) -> crate::db::Result<()> {
    c.execute(
        "INSERT INTO checkin_alert_outcomes (at, outcome, reason) VALUES (?1, ?2, ?3)",
        params![
            at,
            if failed.is_some() { "failed" } else { "sent" },
            failed.map(MailFailure::as_str)
        ],
    )?;
    Ok(())
}

/// Alerts sent and given up since `since`: (sent, failed).
pub fn counts(c: &Connection, since: i64) -> crate::db::Result<(i64, i64)> {
    c.query_row(
        "SELECT count(*) FILTER (WHERE outcome = 'sent'), count(*) FILTER (WHERE outcome = 'failed')
         FROM checkin_alert_outcomes WHERE at >= ?1",
        [since],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}

/// Alerts given up since `since`, the newest first reason: for `/health` the day after a loss.
pub fn last_failure(c: &Connection, since: i64) -> crate::db::Result<Option<(i64, MailFailure)>> {
    c.query_row(
        "SELECT at, coalesce(reason, 'other') FROM checkin_alert_outcomes
         WHERE outcome = 'failed' AND at >= ?1 ORDER BY at DESC LIMIT 1",
        [since],
        |r| Ok((r.get(0)?, MailFailure::parse(&r.get::<String>(1)?))),
    )
    .optional()
}

/// Forgets outcomes older than the report reads.
pub fn purge(c: &Connection, now: i64) -> crate::db::Result<usize> {
    c.execute(
        "DELETE FROM checkin_alert_outcomes WHERE at < ?1",
        [now - KEEP_MS],
    )
}
