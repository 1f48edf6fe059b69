//! Deleting an account: the user row, and through the database's cascades its identities, sessions,
//! refresh tokens, unfinished sign-ins and recovery links. Data kept only on her devices is not here.
//! Nothing of it stays readable on the disk: the rows are zeroed (`secure_delete`) and the
//! write-ahead log, which still holds their earlier copies, is emptied into the file right after.

use rusqlite::Connection;

use super::{AccountError, find::find};
use crate::accounts::store::{self, AccountRow};

/// Returns the account as it was.
pub fn delete(c: &mut Connection, key: &str) -> Result<AccountRow, AccountError> {
    let tx = c.transaction()?;
    let account = find(&tx, key)?;
    store::delete(&tx, &account.id)?;
    tx.commit()?;
    crate::db::checkpoint(c)?;
    Ok(account)
}
