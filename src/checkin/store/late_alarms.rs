//! An overdue alarm kept for her late check-in (docs/checkin.md, "Checking in late"), a `checkins` row in
//! state 'told'. After her check-in ran out and its alarm went, the alarm is kept for a day as who it
//! reached and when (`due::finish`), with her PIN hashes. Her PIN then turns it into a follow-up, "she has
//! checked in, late", to exactly those it reached, on the channels that reached them; an alarm e-mail
//! still waiting to be sent is cancelled, so nobody hears "safe" who never heard the alarm. The duress PIN
//! gives her screen the same answer but turns it into a duress alarm to everyone she chose, never "safe".
//! Either way it is answered once: what is left is an alert being sent.

use crate::db::{Connection, OptionalExtension, Transaction, params};
use serde::Serialize;

use crate::checkin::errors::CheckinError;

/// Which check-ins her PIN may still answer: the running one, or an overdue alarm sent or being sent.
pub const ANSWERABLE: &str =
    "(state = 'running' OR (kind = 'overdue' AND state IN ('alerting', 'told')))";

/// Someone the alarm reached, and when: what she is shown.
#[derive(Debug, Serialize, PartialEq)]
pub struct Told {
    /// 'email' (one of her trusted people) or 'advocate' (one of her advocates, by id).
    pub channel: &'static str,
    pub to: String,
    /// Unix milliseconds.
    pub told_at: i64,
}

/// Her overdue alarm, as her screen shows it until she answers it.
#[derive(Debug, Serialize, PartialEq)]
pub struct Alarm {
    pub ends_at: i64,
    pub told: Vec<Told>,
}

fn told(c: &Connection, id: &str) -> crate::db::Result<Vec<Told>> {
    c.query_map("SELECT 'email', address, told_at FROM checkin_recipients WHERE checkin_id = ?1 AND told_at IS NOT NULL
         UNION ALL
         SELECT 'advocate', advocate_id, told_at FROM checkin_advocate_notes
         WHERE checkin_id = ?1 AND told_at IS NOT NULL
         ORDER BY 3, 2", [id], |r| {
        let channel: String = r.get(0)?;
        Ok(Told {
            channel: if channel == "email" {
                "email"
            } else {
                "advocate"
            },
            to: r.get(1)?,
            told_at: r.get(2)?,
        })
    })
}

/// Her overdue alarm that her PIN can still answer, if any.
pub fn alarm(c: &Connection, account_id: &str) -> crate::db::Result<Option<Alarm>> {
    let row: Option<(String, i64)> = c
        .query_row(
            "SELECT id, ends_at FROM checkins WHERE account_id = ?1 AND kind = 'overdue'
             AND state IN ('alerting', 'told') ORDER BY ends_at DESC LIMIT 1",
            [account_id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let Some((id, ends_at)) = row else {
        return Ok(None);
    };
    Ok(Some(Alarm {
        ends_at,
        told: told(c, &id)?,
    }))
}

/// What a PIN typed after the alarm says.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// Her PIN: she is safe.
    Safe,
    /// The duress PIN: she needs help now.
    Duress,
}

/// Marks every address and advocate of check-in `id` as still to be told.
fn all_to_tell(tx: &Transaction, id: &str) -> crate::db::Result<()> {
    for table in [
        "checkin_recipients",
        "checkin_advocate_mail",
        "checkin_advocate_notes",
    ] {
        tx.execute(
            &format!("UPDATE {table} SET told_at = NULL WHERE checkin_id = ?1"),
            [id],
        )?;
    }
    Ok(())
}

/// Answers her overdue alarm `id` (the caller holds the timer's sending lock, so no e-mail of the alarm is
/// half sent meanwhile): who it had reached, which her screen shows for either PIN, or `None` when it can no
/// longer be answered. The check-in becomes a new alert due now: 'late' to those told, or 'duress'.
pub fn answer(
    c: &mut Connection,
    id: &str,
    answer: Answer,
    now: i64,
) -> Result<Option<Vec<Told>>, CheckinError> {
    let tx = c.transaction()?;
    let answerable: bool = tx.query_row(
        "SELECT CASE WHEN count(*) > 0 THEN 1 ELSE 0 END FROM checkins WHERE id = ?1 AND kind = 'overdue' AND state IN ('alerting', 'told')",
        [id],
        |r| r.get(0),
    )?;
    if !answerable {
        return Ok(None);
    }
    let reached = told(&tx, id)?;
    let kind = match answer {
        Answer::Safe => {
            // The alarm e-mails still waiting are not sent: "safe" goes only where the alarm went.
            for table in [
                "checkin_recipients",
                "checkin_advocate_mail",
                "checkin_advocate_notes",
            ] {
                tx.execute(
                    &format!("DELETE FROM {table} WHERE checkin_id = ?1 AND told_at IS NULL"),
                    [id],
                )?;
            }
            // Nothing of hers goes in the follow-up, so her note is not kept for it.
            tx.execute("UPDATE checkins SET note = '' WHERE id = ?1", [id])?;
            "late"
        }
        // Everyone she chose, reached yet or not: this is an alarm.
        Answer::Duress => "duress",
    };
    all_to_tell(&tx, id)?;
    // A new alert: the alarm's failures (`due::retry_later`) are not its own.
    tx.execute(
        "UPDATE checkins SET state = 'alerting', kind = ?2, next_try_at = ?3, tries = 0, fell_due_at = NULL,
         first_failed_at = NULL, last_failed_at = NULL, fail_reason = NULL WHERE id = ?1",
        params![id, kind, now],
    )?;
    tx.commit()?;
    Ok(Some(reached))
}
