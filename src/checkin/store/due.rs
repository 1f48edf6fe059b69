//! The timer's side of the tables: which check-ins are due, starting their alert (advocates' copies are
//! stored at once), each e-mail done, retries, and the end of it all.

use crate::db::{Connection, OptionalExtension, params};

use crate::checkin::errors::CheckinError;
use crate::email::failure::MailFailure;

use super::leases::{self, Claim};
use super::{alerts, outcomes};
use crate::accounts;

/// An alert being sent.
pub struct Firing {
    pub id: String,
    /// Whose check-in it is: what it sends counts toward her day's limits (`crate::checkin::limits`).
    pub account: String,
    pub kind: String,
    pub note: String,
    pub language: String,
    /// Addresses whose e-mail has not been accepted yet.
    pub recipients: Vec<String>,
    pub advocates: usize,
    /// The advocates whose alert was stored just now (empty on a retry).
    pub advocate_ids: Vec<String>,
    /// Chosen advocates' own addresses whose e-mail has not been accepted yet.
    pub advocate_mail: Vec<String>,
    /// When its e-mail first failed, if it has: it is given up `[checkin] alert_retry_hours` after that.
    pub first_failed_at: Option<i64>,
}

/// The reminder before a check-in runs out (a push to her browsers) goes this long before its end, when
/// the app's own reminder shows too.
pub const REMINDER_LEAD_MS: i64 = 5 * 60_000;

/// Running check-ins whose reminder falls due now, marked as reminded: (account, ms left).
pub fn take_reminders(c: &mut Connection, now: i64) -> Result<Vec<(String, i64)>, CheckinError> {
    Ok(c.query_map(
        "UPDATE checkins SET reminded = 1
         WHERE state = 'running' AND reminded = 0 AND ends_at - ?2 <= ?1
         RETURNING account_id, ends_at - ?1",
        params![now, REMINDER_LEAD_MS],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?)
}

/// How long an overdue alarm is remembered for her late check-in (docs/checkin.md, "Checking in late"): a
/// day, then who was told and her PIN hashes go.
pub const TOLD_KEEP_MS: i64 = 86_400_000;

/// Due check-ins (running past their end, or alerts to retry) no instance holds (`leases.rs`), with how late
/// each is, in ms, in the order they are sent: each account's first due alert before anyone's second, so no
/// account's alerts hold up another's; then alarms before the follow-ups of late check-ins; then the one
/// that fell due first. So when mail works again after an outage, the waiting alarms go oldest first.
pub fn due(c: &Connection, now: i64) -> Result<Vec<(String, i64)>, CheckinError> {
    Ok(c.query_map(
        "SELECT id, ?1 - ends_at FROM (
             SELECT id, ends_at, next_try_at, kind, fell_due_at,
                    row_number() OVER (PARTITION BY account_id ORDER BY next_try_at, id) AS turn
             FROM checkins WHERE next_try_at <= ?1 AND state != 'told'
               AND (lease_until IS NULL OR lease_until <= ?1)) AS due
         ORDER BY turn, coalesce(kind, '') = 'late', coalesce(fell_due_at, next_try_at), id",
        [now],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?)
}

/// When the next check-in falls due, if any: an alert another instance holds, when its claim runs out.
pub fn next(c: &Connection) -> Result<Option<i64>, CheckinError> {
    Ok(c.query_row(
        "SELECT min(t) FROM (SELECT min(CASE WHEN lease_until > next_try_at THEN lease_until
                                        ELSE next_try_at END) AS t FROM checkins
         UNION ALL SELECT min(ends_at - ?1) FROM checkins WHERE state = 'running' AND reminded = 0) AS soonest",
        [REMINDER_LEAD_MS],
        |r| r.get(0),
    )?)
}

/// Starts (or resumes) one alert: on the first call, each chosen advocate's sealed note becomes an alert
/// they see (and, when this server sends e-mail, their address one to send), and the check-in stops
/// being hers to end. An overdue alarm keeps the notes, marked with when the advocate was told, for her
/// late check-in's follow-up (`late_alarms.rs`); other alerts delete them. None when it is not due or
/// another instance holds it: this instance's `claim` on it is taken in the same transaction.
pub fn fire(
    c: &mut Connection,
    id: &str,
    now: i64,
    mail: bool,
    claim: &Claim,
) -> Result<Option<Firing>, CheckinError> {
    let tx = c.transaction()?;
    if !leases::claim(&tx, id, claim, now)? {
        return Ok(None);
    }
    type Row = (String, String, Option<String>, String, Option<i64>, String);
    let row: Option<Row> = tx
        .query_row(
            "SELECT account_id, state, kind, note, first_failed_at, language FROM checkins WHERE id = ?1",
            [id],
            |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                ))
            },
        )
        .optional()?;
    let Some((account, state, kind, note, first_failed_at, language)) = row else {
        return Ok(None);
    };
    // A running check-in that fell due ran out (its `kind` only records a duress alert already sent).
    let kind = match state.as_str() {
        "running" => "overdue".to_string(),
        _ => kind.unwrap_or_else(|| "overdue".into()),
    };
    let advocate_ids: Vec<String> = tx.query_map(
        "SELECT advocate_id FROM checkin_advocate_notes WHERE checkin_id = ?1 AND told_at IS NULL
         ORDER BY advocate_id",
        [id],
        |r| r.get(0),
    )?;
    let advocates = alerts::insert_from_notes(&tx, id, &account, &kind, now)?;
    // The follow-up of a late check-in e-mails only the advocates its alarm's e-mail reached (`late_alarms.rs`).
    if mail && kind != "late" {
        let chosen: Vec<String> = tx.query_map(
            "SELECT advocate_id FROM checkin_advocate_notes WHERE checkin_id = ?1",
            [id],
            |r| r.get(0),
        )?;
        for advocate_id in chosen {
            // Accounts keep the address, read in this transaction; an advocate's account that is gone
            // took its notes with it.
            let Some(address) = accounts::store::email_of(&tx, &advocate_id)? else {
                continue;
            };
            tx.execute(
                "INSERT INTO checkin_advocate_mail (checkin_id, address) VALUES (?1, ?2)
                 ON CONFLICT DO NOTHING",
                params![id, address],
            )?;
        }
    }
    if kind == "overdue" {
        tx.execute(
            "UPDATE checkin_advocate_notes SET told_at = ?2 WHERE checkin_id = ?1 AND told_at IS NULL",
            params![id, now],
        )?;
    } else {
        tx.execute(
            "DELETE FROM checkin_advocate_notes WHERE checkin_id = ?1",
            [id],
        )?;
    }
    if state == "running" {
        tx.execute(
            "UPDATE checkins SET state = 'alerting', kind = ?2 WHERE id = ?1",
            params![id, kind],
        )?;
    }
    let addresses = |table: &str| -> crate::db::Result<Vec<String>> {
        let sql = format!(
            "SELECT address FROM {table} WHERE checkin_id = ?1 AND told_at IS NULL ORDER BY address"
        );
        tx.query_map(&sql, [id], |r| r.get(0))
    };
    let recipients = addresses("checkin_recipients")?;
    let advocate_mail = addresses("checkin_advocate_mail")?;
    tx.commit()?;
    Ok(Some(Firing {
        id: id.to_string(),
        account,
        kind,
        note,
        language,
        recipients,
        advocates,
        advocate_ids,
        advocate_mail,
        first_failed_at,
    }))
}

/// Who an alert e-mail goes to: one of her trusted people, or one of her advocates.
#[derive(Clone, Copy)]
pub enum Addressee {
    Trusted,
    Advocate,
}

/// One e-mail was accepted by the mail server: its address is no longer kept, but for an overdue alarm's,
/// which is marked with when it was told, for her late check-in.
pub fn sent(
    c: &Connection,
    id: &str,
    to: Addressee,
    address: &str,
    now: i64,
) -> crate::db::Result<()> {
    let table = match to {
        Addressee::Trusted => "checkin_recipients",
        Addressee::Advocate => "checkin_advocate_mail",
    };
    c.execute(
        &format!(
            "UPDATE {table} SET told_at = ?3 WHERE checkin_id = ?1 AND address = ?2
             AND (SELECT kind FROM checkins WHERE id = ?1) = 'overdue'"
        ),
        params![id, address, now],
    )?;
    c.execute(
        &format!("DELETE FROM {table} WHERE checkin_id = ?1 AND address = ?2 AND told_at IS NULL"),
        params![id, address],
    )?;
    Ok(())
}

/// The alert is sent (or given up, `failed` saying why): the note, addresses and PIN hashes go, out of the
/// log too, and the outcome is counted for the operator (`outcomes.rs`). An overdue alarm is kept instead,
/// for a day, as 'told': who it reached and her PIN hashes, so her PIN can still say she is safe
/// (`late_alarms.rs`); an address it never reached is forgotten now.
pub fn finish(
    c: &mut Connection,
    id: &str,
    now: i64,
    failed: Option<MailFailure>,
) -> Result<(), CheckinError> {
    let tx = c.transaction()?;
    outcomes::record(&tx, now, failed)?;
    let told = tx.execute(
        "UPDATE checkins SET state = 'told', next_try_at = ?2, tries = 0
         WHERE id = ?1 AND state = 'alerting' AND kind = 'overdue'",
        params![id, now + TOLD_KEEP_MS],
    )? > 0;
    leases::release(&tx, id)?;
    if told {
        for table in ["checkin_recipients", "checkin_advocate_mail"] {
            tx.execute(
                &format!("DELETE FROM {table} WHERE checkin_id = ?1 AND told_at IS NULL"),
                [id],
            )?;
        }
    } else {
        tx.execute("DELETE FROM checkins WHERE id = ?1", [id])?;
    }
    tx.commit()?;
    crate::db::checkpoint(c)?;
    Ok(())
}

/// Overdue alarms she has not answered within a day: who was told and her PIN hashes go. How many.
pub fn forget_told(c: &Connection, now: i64) -> Result<usize, CheckinError> {
    let gone = c.execute(
        "DELETE FROM checkins WHERE state = 'told' AND next_try_at <= ?1",
        [now],
    )?;
    if gone > 0 {
        crate::db::checkpoint(c)?;
    }
    Ok(gone)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_accounts_first_alert_goes_before_anyones_second_and_the_longest_waiting_first() {
        for (_dir, c) in crate::db::stand_in::both_engines() {
            first_alerts_first(&c);
        }
    }

    fn first_alerts_first(c: &Connection) {
        let row = |id: &str, account: &str, at: i64, tries: i64| {
            c.execute(
                "INSERT INTO checkins (id, account_id, ends_at, next_try_at, state, note, pin_hash, tries,
                 created_at) VALUES (?1, ?2, ?3, ?3, 'alerting', '', '', ?4, '')",
                params![id, account, at, tries],
            )
            .unwrap();
        };
        // His five alerts fell due first; hers after; a third account's, a retry, before all; one is not
        // due yet.
        for i in 0..5 {
            row(&format!("his{i}"), "him", 100 + i, 0);
        }
        row("hers", "her", 300, 0);
        row("retry", "third", 50, 3);
        row("later", "fourth", 1000, 0);
        let order: Vec<String> = due(c, 500).unwrap().into_iter().map(|(id, _)| id).collect();
        assert_eq!(
            order,
            ["retry", "his0", "hers", "his1", "his2", "his3", "his4"]
        );
    }
}
