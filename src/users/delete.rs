//! Deleting an account: the user row, and through the database's cascades its identities, sessions,
//! refresh tokens, unfinished sign-ins and recovery links. Data kept only on her devices is not here.
//! Nothing of it stays readable on the disk: the rows are zeroed (`secure_delete`) and the
//! write-ahead log, which still holds their earlier copies, is emptied into the file right after.

use rusqlite::Connection;

use super::{UsersError, find::find};
use crate::db::accounts::{self, AccountRow};

/// Returns the account as it was.
pub fn delete(c: &mut Connection, key: &str) -> Result<AccountRow, UsersError> {
    let tx = c.transaction()?;
    let account = find(&tx, key)?;
    accounts::delete(&tx, &account.id)?;
    tx.commit()?;
    crate::db::checkpoint(c)?;
    Ok(account)
}
