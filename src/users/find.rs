//! One account, by id or e-mail address.

use rusqlite::Connection;

use super::UsersError;
use crate::db::accounts::{self, AccountRow};

/// `key` is an account id or an e-mail address (any case, spaces around it ignored).
pub fn find(c: &Connection, key: &str) -> Result<AccountRow, UsersError> {
    let key = key.trim();
    // E-mail addresses are stored lower-cased; ids are matched as typed.
    if let Some(found) = accounts::find(c, &key.to_lowercase())? {
        return Ok(found);
    }
    accounts::find(c, key)?.ok_or_else(|| UsersError::NotFound(key.to_string()))
}
