//! Deleting an account: the user row, and through the database's cascades its identities, sessions,
//! refresh tokens, unfinished sign-ins and recovery links. Data kept only on her devices is not here.
//! Nothing of it stays readable on the disk: the rows are zeroed (`secure_delete`) and the
//! write-ahead log, which still holds their earlier copies, is emptied into the file right after.
//!
//! Her check-in is not deleted with it (docs/checkin.md, "Nothing done to her account silences it"): an
//! account cannot delete itself while one runs, since whoever has her password could; the operator's
//! deletion raises its alarm at once instead, and the check-in goes once its alert is sent. An advocate a
//! running check-in would alert is not deleted by anyone until it ends. The check-ins live above accounts,
//! so the caller hands in what they say (`Neighbours::before_deletion`), asked in the same transaction.

use crate::db::Connection;

use super::neighbours::{By, Neighbours};
use super::{AccountError, find::find};
use crate::accounts::store::{self, AccountRow};

/// An account deleted, as it was, and how many of its check-ins raised their alarm as it went.
pub struct Deleted {
    pub account: AccountRow,
    pub alarms_raised: usize,
}

/// The operator deletes an account (`solace users delete`, the admin API, `solace advocates remove`).
pub fn delete(
    c: &mut Connection,
    key: &str,
    neighbours: &dyn Neighbours,
) -> Result<Deleted, AccountError> {
    remove(c, key, By::Operator, neighbours)
}

/// The account deletes itself: refused while a check-in of it runs, until her PIN ends it.
pub fn delete_own(
    c: &mut Connection,
    id: &str,
    neighbours: &dyn Neighbours,
) -> Result<Deleted, AccountError> {
    remove(c, id, By::Herself, neighbours)
}

fn remove(
    c: &mut Connection,
    key: &str,
    by: By,
    neighbours: &dyn Neighbours,
) -> Result<Deleted, AccountError> {
    let tx = c.transaction()?;
    let account = find(&tx, key)?;
    let alarms_raised = neighbours.before_deletion(&tx, &account.id, by)?;
    store::delete(&tx, &account.id)?;
    tx.commit()?;
    crate::db::checkpoint(c)?;
    Ok(Deleted {
        account,
        alarms_raised,
    })
}
