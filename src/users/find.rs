//! One account, by id or e-mail address.

use rusqlite::Connection;

use super::UsersError;
use crate::db::accounts::{self, AccountRow};

/// `key` is an account id or an e-mail address (any case, spaces around it ignored).
pub fn find(c: &Connection, key: &str) -> Result<AccountRow, UsersError> {
    let key = key.trim();
    accounts::find(c, &key.to_lowercase())?
        .or(accounts::find(c, key)?)
        .ok_or_else(|| UsersError::NotFound(key.to_string()))
}
