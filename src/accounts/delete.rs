//! Deleting an account: the user row, and through the database's cascades its identities, sessions,
//! refresh tokens, unfinished sign-ins and recovery links. Data kept only on her devices is not here.
//! Nothing of it stays readable on the disk: the rows are zeroed (`secure_delete`) and the
//! write-ahead log, which still holds their earlier copies, is emptied into the file right after.
//!
//! Her check-in is not deleted with it (docs/checkin.md, "Nothing done to her account silences it"): an
//! account cannot delete itself while one runs, since whoever has her password could; the operator's
//! deletion raises its alarm at once instead, and the check-in goes once its alert is sent. An advocate a
//! running check-in would alert is not deleted by anyone until it ends.

use rusqlite::Connection;

use super::{AccountError, find::find};
use crate::accounts::store::{self, AccountRow};
use crate::checkin::account as checkin;
use crate::ground::clock::now_ms;

/// An account deleted, as it was, and how many of its check-ins raised their alarm as it went.
pub struct Deleted {
    pub account: AccountRow,
    pub alarms_raised: usize,
}

/// The operator deletes an account (`solace users delete`, the admin API, `solace advocates remove`).
pub fn delete(c: &mut Connection, key: &str) -> Result<Deleted, AccountError> {
    remove(c, key, false)
}

/// The account deletes itself: refused while a check-in of it runs, until her PIN ends it.
pub fn delete_own(c: &mut Connection, id: &str) -> Result<Deleted, AccountError> {
    remove(c, id, true)
}

fn remove(c: &mut Connection, key: &str, own: bool) -> Result<Deleted, AccountError> {
    let tx = c.transaction()?;
    let account = find(&tx, key)?;
    if own && checkin::runs(&tx, &account.id)? {
        return Err(AccountError::CheckinRunning);
    }
    if checkin::alerts_advocate(&tx, &account.id)? {
        return Err(AccountError::AdvocateInCheckin);
    }
    let alarms_raised = checkin::raise_before_deletion(&tx, &account.id, now_ms())?;
    store::delete(&tx, &account.id)?;
    tx.commit()?;
    crate::db::checkpoint(c)?;
    Ok(Deleted {
        account,
        alarms_raised,
    })
}
