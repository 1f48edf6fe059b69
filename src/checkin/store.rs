//! The check-in tables: each function one transaction.

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::errors::CheckinError;
use super::late::ANSWERABLE;
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
    /// The sign-in session that starts it: hers for its PINs (`take_try`).
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

/// Whose count a try at the PIN is taken from (docs/checkin.md, "His wrong PINs"). A session of hers (the
/// one that started the check-in, or one in which her PIN or the duress PIN passed) counts its own wrong
/// PINs; every other session's wrong PINs count together, so signing in again and again gives no more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    Hers,
    Others,
}

/// How many wrong PINs each count takes before it refuses every PIN.
#[derive(Clone, Copy)]
pub struct MaxWrong {
    /// Each of her sessions.
    pub hers: i64,
    /// All other sessions together.
    pub others: i64,
}

/// What checking a PIN needs.
pub struct Pins {
    pub id: String,
    /// Whether it still runs; else it is an overdue alarm she answers late (`late.rs`).
    pub running: bool,
    pub ends_at: i64,
    pub pin_hash: String,
    pub duress_pin_hash: Option<String>,
}

fn strings(c: &Connection, sql: &str, id: &str) -> rusqlite::Result<Vec<String>> {
    let mut stmt = c.prepare(sql)?;
    stmt.query_map([id], |r| r.get(0))?.collect()
}

/// Starts a check-in; one runs per account, and each advocate must be paired with her.
pub fn start(c: &mut Connection, n: &NewCheckin) -> Result<(), CheckinError> {
    let tx = c.transaction()?;
    let running: bool = tx.query_row(
        "SELECT count(*) > 0 FROM checkins WHERE account_id = ?1 AND state = 'running'",
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
    tx.execute(
        "INSERT INTO checkin_sessions (checkin_id, session_id) VALUES (?1, ?2)",
        params![n.id, n.session],
    )?;
    for address in &n.recipients {
        tx.execute(
            "INSERT OR IGNORE INTO checkin_recipients (checkin_id, address) VALUES (?1, ?2)",
            params![n.id, address],
        )?;
    }
    for (advocate, sealed) in &n.advocates {
        let paired: bool = tx.query_row(
            "SELECT count(*) > 0 FROM advocate_links WHERE survivor_id = ?1 AND advocate_id = ?2",
            params![n.account_id, advocate],
            |r| r.get(0),
        )?;
        if !paired {
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

pub fn running(c: &Connection, account_id: &str) -> rusqlite::Result<Option<Running>> {
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

/// Whose count a try from `session` is taken from, for `account_id`'s check-in her PIN can answer (read
/// before the try is taken, to count it in flight; `take_try` decides for the one it takes).
pub fn budget(c: &Connection, account_id: &str, session: &str) -> rusqlite::Result<Budget> {
    let id: Option<String> = c
        .query_row(
            &format!("SELECT id FROM checkins WHERE account_id = ?1 AND {ANSWERABLE} {FIRST}"),
            [account_id],
            |r| r.get(0),
        )
        .optional()?;
    match id {
        Some(id) => budget_of(c, &id, session),
        None => Ok(Budget::Others),
    }
}

/// Her running check-in before an alarm of hers (one may run after she started a new one), else the latest.
const FIRST: &str = "ORDER BY state = 'running' DESC, ends_at DESC LIMIT 1";

fn budget_of(c: &Connection, checkin_id: &str, session: &str) -> rusqlite::Result<Budget> {
    let hers: bool = c.query_row(
        "SELECT count(*) > 0 FROM checkin_sessions WHERE checkin_id = ?1 AND session_id = ?2",
        params![checkin_id, session],
        |r| r.get(0),
    )?;
    Ok(if hers { Budget::Hers } else { Budget::Others })
}

/// Takes one try at her running check-in's PIN from `session` before the PIN is checked: it is counted as
/// wrong at once, in one conditional statement, against the session's own count if it is hers, else
/// against the count all other sessions share, so tries sent together can never check more than `max`
/// wrong PINs of either. A PIN that passes clears or gives back its try (`extend`, or the check-in ends).
/// `Locked` or `OthersLocked` once the count is full. With `late`, an overdue alarm she may still answer
/// is taken when none runs (its counts are the check-in's, kept with it).
pub fn take_try(
    c: &mut Connection,
    account_id: &str,
    session: &str,
    max: MaxWrong,
    late: bool,
) -> Result<(Pins, Budget), CheckinError> {
    let tx = c.transaction()?;
    let which = if late {
        ANSWERABLE
    } else {
        "state = 'running'"
    };
    let pins = tx
        .query_row(
            &format!(
                "SELECT id, state = 'running', ends_at, pin_hash, duress_pin_hash FROM checkins
                 WHERE account_id = ?1 AND {which} {FIRST}"
            ),
            [account_id],
            |r| {
                Ok(Pins {
                    id: r.get(0)?,
                    running: r.get(1)?,
                    ends_at: r.get(2)?,
                    pin_hash: r.get(3)?,
                    duress_pin_hash: r.get(4)?,
                })
            },
        )
        .optional()?
        .ok_or(CheckinError::NoneRunning)?;
    let budget = budget_of(&tx, &pins.id, session)?;
    let taken = match budget {
        Budget::Hers => tx.execute(
            "UPDATE checkin_sessions SET wrong_pins = wrong_pins + 1
             WHERE checkin_id = ?1 AND session_id = ?2 AND wrong_pins < ?3",
            params![pins.id, session, max.hers],
        )?,
        Budget::Others => tx.execute(
            "UPDATE checkins SET wrong_pins = wrong_pins + 1 WHERE id = ?1 AND wrong_pins < ?2",
            params![pins.id, max.others],
        )?,
    };
    if taken == 0 {
        return Err(match budget {
            Budget::Hers => CheckinError::Locked,
            Budget::Others => CheckinError::OthersLocked,
        });
    }
    tx.commit()?;
    Ok((pins, budget))
}

/// A try taken but never checked (the hashing threads were busy) is given back to the count it came from.
pub fn give_back_try(
    c: &Connection,
    id: &str,
    session: &str,
    budget: Budget,
) -> rusqlite::Result<()> {
    match budget {
        Budget::Hers => c.execute(
            "UPDATE checkin_sessions SET wrong_pins = wrong_pins - 1
             WHERE checkin_id = ?1 AND session_id = ?2 AND wrong_pins > 0",
            params![id, session],
        )?,
        Budget::Others => c.execute(
            "UPDATE checkins SET wrong_pins = wrong_pins - 1 WHERE id = ?1 AND wrong_pins > 0",
            [id],
        )?,
    };
    Ok(())
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
) -> rusqlite::Result<bool> {
    let tx = c.transaction()?;
    let extended = extend_in(&tx, id, ends_at, session, budget)?;
    tx.commit()?;
    Ok(extended)
}

fn extend_in(
    tx: &rusqlite::Transaction,
    id: &str,
    ends_at: i64,
    session: &str,
    budget: Budget,
) -> rusqlite::Result<bool> {
    let given_back = i64::from(budget == Budget::Others);
    let extended = tx.execute(
        "UPDATE checkins SET ends_at = ?2, next_try_at = ?2, reminded = 0,
         wrong_pins = max(wrong_pins - ?3, 0)
         WHERE id = ?1 AND state = 'running'",
        params![id, ends_at, given_back],
    )? > 0;
    if extended {
        tx.execute(
            "INSERT INTO checkin_sessions (checkin_id, session_id) VALUES (?1, ?2)
             ON CONFLICT (checkin_id, session_id) DO UPDATE SET wrong_pins = 0",
            params![id, session],
        )?;
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
pub fn raise_now(c: &Connection, id: &str, now: i64) -> rusqlite::Result<bool> {
    Ok(c.execute(
        "UPDATE checkins SET state = 'alerting', kind = 'duress', next_try_at = ?2
         WHERE id = ?1 AND state = 'running'",
        params![id, now],
    )? > 0)
}
