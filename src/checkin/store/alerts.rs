//! The alerts her advocates see: each holds her note sealed to that advocate, kept until the advocate
//! dismisses it or for 30 days.

use crate::accounts;
use crate::advocates::store::links;
use crate::db::{Connection, params};
use serde::Serialize;

use crate::checkin::errors::CheckinError;

pub const KEEP_MS: i64 = 30 * 86_400_000;

#[derive(Debug, Serialize, PartialEq)]
pub struct Alert {
    pub id: String,
    pub survivor_id: String,
    pub known_as: String,
    /// 'overdue', 'duress', 'stopped' or 'test'.
    pub kind: String,
    /// Her note sealed to this advocate, base64.
    pub sealed: String,
    /// Unix milliseconds.
    pub created_at: i64,
}

pub fn of_advocate(c: &Connection, advocate_id: &str) -> crate::db::Result<Vec<Alert>> {
    use base64::Engine;
    c.query_map(
        "SELECT id, survivor_id, known_as, kind, sealed, created_at FROM checkin_alerts
         WHERE advocate_id = ?1 ORDER BY created_at DESC, id",
        [advocate_id],
        |r| {
            let sealed: Vec<u8> = r.get(4)?;
            Ok(Alert {
                id: r.get(0)?,
                survivor_id: r.get(1)?,
                known_as: r.get(2)?,
                kind: r.get(3)?,
                sealed: base64::engine::general_purpose::STANDARD.encode(sealed),
                created_at: r.get(5)?,
            })
        },
    )
}

/// The advocate's own address, where an alert is e-mailed (asked of accounts, which keep it).
pub fn address_of(c: &Connection, advocate_id: &str) -> crate::db::Result<String> {
    accounts::store::email_of(c, advocate_id)?.ok_or(crate::db::DbError::NoRows)
}

/// A test alert for one of her paired advocates: the advocate's address (for the test e-mail) when it
/// was stored, `None` when they are not paired.
pub fn insert_test(
    c: &mut Connection,
    survivor_id: &str,
    advocate_id: &str,
    sealed: &[u8],
    now: i64,
) -> Result<Option<String>, CheckinError> {
    let tx = c.transaction()?;
    let known_as = links::known_as(&tx, survivor_id, advocate_id)?;
    let stored = match known_as {
        Some(known_as) => {
            insert(
                &tx,
                advocate_id,
                survivor_id,
                &known_as,
                "test",
                sealed,
                now,
            )? > 0
        }
        None => false,
    };
    let address = match stored {
        true => Some(address_of(&tx, advocate_id)?),
        false => None,
    };
    tx.commit()?;
    Ok(address)
}

/// Stores an alert for each advocate whose note of this check-in is not yet told, in the caller's
/// transaction (the alarm's, `due::fire`); how many.
pub(super) fn insert_from_notes(
    tx: &Connection,
    checkin_id: &str,
    survivor_id: &str,
    kind: &str,
    now: i64,
) -> crate::db::Result<usize> {
    let notes: Vec<(String, Option<String>, Vec<u8>)> = tx.query_map(
        "SELECT advocate_id, known_as, sealed FROM checkin_advocate_notes
         WHERE checkin_id = ?1 AND told_at IS NULL",
        [checkin_id],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    )?;
    let mut stored = 0;
    for (advocate_id, kept, sealed) in notes {
        // The name she is known by now, asked of the advocates' module in this transaction, or the one her
        // note kept when her account (and its pairings) went; a note is never dropped for a missing name.
        let known_as = links::known_as(tx, survivor_id, &advocate_id)?.or(kept);
        let known_as = known_as.unwrap_or_default();
        stored += insert(tx, &advocate_id, survivor_id, &known_as, kind, &sealed, now)?;
    }
    Ok(stored)
}

/// Stores one alert for an advocate, under a fresh random id; part of the caller's transaction.
fn insert(
    tx: &Connection,
    advocate_id: &str,
    survivor_id: &str,
    known_as: &str,
    kind: &str,
    sealed: &[u8],
    now: i64,
) -> crate::db::Result<usize> {
    tx.execute(
        "INSERT INTO checkin_alerts (id, advocate_id, survivor_id, known_as, kind, sealed, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            uuid::Uuid::new_v4().simple().to_string(),
            advocate_id,
            survivor_id,
            known_as,
            kind,
            sealed,
            now
        ],
    )
}

pub fn dismiss(c: &Connection, advocate_id: &str, id: &str) -> Result<bool, CheckinError> {
    let gone = c.execute(
        "DELETE FROM checkin_alerts WHERE id = ?1 AND advocate_id = ?2",
        params![id, advocate_id],
    )? > 0;
    if gone {
        crate::db::checkpoint(c)?;
    }
    Ok(gone)
}

pub fn purge(c: &Connection, now: i64) -> crate::db::Result<usize> {
    c.execute(
        "DELETE FROM checkin_alerts WHERE created_at <= ?1",
        [now - KEEP_MS],
    )
}
