//! `checkins`: a check-in with what it alerts (`checkin_recipients`, her addresses; `checkin_advocate_notes`,
//! her note sealed to each advocate), from its start to its end or its alarm. Each function one transaction.

use crate::db::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::tries::{self, Budget};
use crate::advocates::store::links;
use crate::checkin::errors::CheckinError;
use crate::ground::clock::now_text;

pub struct NewCheckin {
    pub id: String,
    pub account_id: String,
    pub ends_at: i64,
    pub note: String,
    pub language: String,
    pub recipients: Vec<String>,
    /// (advocate id, her note sealed to that advocate).
    pub advocates: Vec<(String, Vec<u8>)>,
    pub pin_hash: String,
    pub duress_pin_hash: Option<String>,
    /// The sign-in session that starts it: hers for its PINs (`tries::take`).
    pub session: String,
}

/// Her running check-in, as she sees it.
#[derive(Debug, Serialize, PartialEq)]
pub struct Running {
    #[serde(skip)]
    pub id: String,
    pub ends_at: i64,
    pub note: String,
    pub recipients: Vec<String>,
    pub advocates: Vec<String>,
}

fn strings(c: &Connection, sql: &str, id: &str) -> crate::db::Result<Vec<String>> {
    c.query_map(sql, [id], |r| r.get(0))
}

/// Starts a check-in; one runs per account, and each advocate must be paired with her.
pub fn start(c: &mut Connection, n: &NewCheckin) -> Result<(), CheckinError> {
    let tx = c.transaction()?;
    let running: bool = tx.query_row(
        "SELECT CASE WHEN count(*) > 0 THEN 1 ELSE 0 END FROM checkins WHERE account_id = ?1 AND state = 'running'",
        [&n.account_id],
        |r| r.get(0),
    )?;
    if running {
        return Err(CheckinError::AlreadyRunning);
    }
    tx.execute(
        "INSERT INTO checkins (id, account_id, ends_at, next_try_at, note, language, pin_hash, duress_pin_hash,
         created_at) VALUES (?1, ?2, ?3, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            n.id,
            n.account_id,
            n.ends_at,
            n.note,
            n.language,
            n.pin_hash,
            n.duress_pin_hash,
            now_text()
        ],
    )?;
    tries::make_hers(&tx, &n.id, &n.session)?;
    for address in &n.recipients {
        tx.execute(
            "INSERT INTO checkin_recipients (checkin_id, address) VALUES (?1, ?2) ON CONFLICT DO NOTHING",
            params![n.id, address],
        )?;
    }
    for (advocate, sealed) in &n.advocates {
        // Asked of the advocates' module in this transaction: a pairing ended meanwhile gets no note.
        if !links::paired(&tx, &n.account_id, advocate)? {
            return Err(CheckinError::Invalid(
                "One of the advocates chosen is not paired with you.".into(),
            ));
        }
        tx.execute(
            "INSERT INTO checkin_advocate_notes (checkin_id, advocate_id, sealed) VALUES (?1, ?2, ?3)",
            params![n.id, advocate, sealed],
        )?;
    }
    tx.commit()?;
    Ok(())
}

pub fn running(c: &Connection, account_id: &str) -> crate::db::Result<Option<Running>> {
    let row: Option<(String, i64, String)> = c
        .query_row(
            "SELECT id, ends_at, note FROM checkins WHERE account_id = ?1 AND state = 'running'",
            [account_id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    let Some((id, ends_at, note)) = row else {
        return Ok(None);
    };
    let recipients = strings(
        c,
        "SELECT address FROM checkin_recipients WHERE checkin_id = ?1 ORDER BY address",
        &id,
    )?;
    let advocates = strings(
        c,
        "SELECT advocate_id FROM checkin_advocate_notes WHERE checkin_id = ?1 ORDER BY advocate_id",
        &id,
    )?;
    Ok(Some(Running {
        id,
        ends_at,
        note,
        recipients,
        advocates,
    }))
}

/// A new end for a running check-in, after a PIN that passed in `session` (false when it is no longer
/// running: the timer took it). The session is hers from now on, with its count cleared; a try it took
/// from the others' count is given back, and their count is otherwise kept: her PIN says nothing about
/// the wrong ones typed elsewhere.
pub fn extend(
    c: &mut Connection,
    id: &str,
    ends_at: i64,
    session: &str,
    budget: Budget,
) -> crate::db::Result<bool> {
    let tx = c.transaction()?;
    let extended = extend_in(&tx, id, ends_at, session, budget)?;
    tx.commit()?;
    Ok(extended)
}

fn extend_in(
    tx: &crate::db::Transaction,
    id: &str,
    ends_at: i64,
    session: &str,
    budget: Budget,
) -> crate::db::Result<bool> {
    let given_back = i64::from(budget == Budget::Others);
    let extended = tx.execute(
        "UPDATE checkins SET ends_at = ?2, next_try_at = ?2, reminded = 0,
         wrong_pins = CASE WHEN wrong_pins > ?3 THEN wrong_pins - ?3 ELSE 0 END
         WHERE id = ?1 AND state = 'running'",
        params![id, ends_at, given_back],
    )? > 0;
    if extended {
        tries::make_hers(tx, id, session)?;
    }
    Ok(extended)
}

/// She checked in: the check-in, its note and addresses are gone (out of the write-ahead log too).
pub fn end(c: &Connection, id: &str) -> Result<bool, CheckinError> {
    let gone = c.execute(
        "DELETE FROM checkins WHERE id = ?1 AND state = 'running'",
        [id],
    )? > 0;
    if gone {
        crate::db::checkpoint(c)?;
    }
    Ok(gone)
}

/// The duress PIN typed to extend: a copy of the check-in (note, addresses, sealed notes) raises its alarm
/// now, while the check-in itself is extended as asked and runs on exactly as after her PIN, so the screen
/// shows what someone watching expects. Only the first time: the running check-in's `kind` becomes
/// 'duress' once its copy is made (a running check-in has no other use for it: it alerts as overdue), so
/// the duress PIN typed again extends and sends nothing more. False when it is no longer running.
pub fn raise_copy_and_extend(
    c: &mut Connection,
    id: &str,
    now: i64,
    ends_at: i64,
    session: &str,
    budget: Budget,
) -> Result<bool, CheckinError> {
    let copy = uuid::Uuid::new_v4().to_string();
    let tx = c.transaction()?;
    let copied = tx.execute(
        "INSERT INTO checkins (id, account_id, ends_at, next_try_at, state, kind, note, language, pin_hash,
         duress_pin_hash, created_at, reminded)
         SELECT ?2, account_id, ends_at, ?3, 'alerting', 'duress', note, language, pin_hash, duress_pin_hash,
         created_at, 1 FROM checkins WHERE id = ?1 AND state = 'running' AND kind IS NULL",
        params![id, copy, now],
    )?;
    if copied > 0 {
        tx.execute("UPDATE checkins SET kind = 'duress' WHERE id = ?1", [id])?;
        tx.execute(
            "INSERT INTO checkin_recipients (checkin_id, address)
             SELECT ?2, address FROM checkin_recipients WHERE checkin_id = ?1",
            params![id, copy],
        )?;
        tx.execute(
            "INSERT INTO checkin_advocate_notes (checkin_id, advocate_id, sealed)
             SELECT ?2, advocate_id, sealed FROM checkin_advocate_notes WHERE checkin_id = ?1",
            params![id, copy],
        )?;
    }
    let extended = extend_in(&tx, id, ends_at, session, budget)?;
    tx.commit()?;
    Ok(extended)
}

/// The duress PIN: the alert is due now (the timer is woken by the caller).
pub fn raise_now(c: &Connection, id: &str, now: i64) -> crate::db::Result<bool> {
    Ok(c.execute(
        "UPDATE checkins SET state = 'alerting', kind = 'duress', next_try_at = ?2
         WHERE id = ?1 AND state = 'running'",
        params![id, now],
    )? > 0)
}
