//! The tries at her PIN (docs/checkin.md, "His wrong PINs"): `checkin_sessions`, her sessions with the wrong
//! PINs each has typed, and the count all other sessions share (`checkins.wrong_pins`). Each function its
//! own transaction; `make_hers` runs inside the caller's.

use crate::db::{Connection, OptionalExtension, Transaction, params};

use super::late_alarms::ANSWERABLE;
use crate::checkin::errors::CheckinError;

/// Whose count a try at the PIN is taken from. A session of hers (the one that started the check-in, or one
/// in which her PIN or the duress PIN passed) counts its own wrong PINs; every other session's wrong PINs
/// count together, so signing in again and again gives no more.
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
    /// Whether it still runs; else it is an overdue alarm she answers late (`late_alarms.rs`).
    pub running: bool,
    pub ends_at: i64,
    pub pin_hash: String,
    pub duress_pin_hash: Option<String>,
}

/// Whose count a try from `session` is taken from, for `account_id`'s check-in her PIN can answer (read
/// before the try is taken, to count it in flight; `take` decides for the one it takes).
pub fn budget(c: &Connection, account_id: &str, session: &str) -> crate::db::Result<Budget> {
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

fn budget_of(c: &Connection, checkin_id: &str, session: &str) -> crate::db::Result<Budget> {
    let hers: bool = c.query_row(
        "SELECT CASE WHEN count(*) > 0 THEN 1 ELSE 0 END FROM checkin_sessions WHERE checkin_id = ?1 AND session_id = ?2",
        params![checkin_id, session],
        |r| r.get(0),
    )?;
    Ok(if hers { Budget::Hers } else { Budget::Others })
}

/// Takes one try at her running check-in's PIN from `session` before the PIN is checked: it is counted as
/// wrong at once, in one conditional statement, against the session's own count if it is hers, else
/// against the count all other sessions share, so tries sent together can never check more than `max`
/// wrong PINs of either. A PIN that passes clears or gives back its try (`checkins::extend`, or the
/// check-in ends). `Locked` or `OthersLocked` once the count is full. With `late`, an overdue alarm she may
/// still answer is taken when none runs (its counts are the check-in's, kept with it).
pub fn take(
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
pub fn give_back(c: &Connection, id: &str, session: &str, budget: Budget) -> crate::db::Result<()> {
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

/// `session` is hers from now on (it started the check-in, or a PIN passed in it), with its count cleared.
pub(super) fn make_hers(
    tx: &Transaction,
    checkin_id: &str,
    session: &str,
) -> crate::db::Result<()> {
    tx.execute(
        "INSERT INTO checkin_sessions (checkin_id, session_id) VALUES (?1, ?2)
         ON CONFLICT (checkin_id, session_id) DO UPDATE SET wrong_pins = 0",
        params![checkin_id, session],
    )?;
    Ok(())
}
