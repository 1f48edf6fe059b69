//! One account, by id or e-mail address.

use crate::db::Connection;

use super::AccountError;
use crate::accounts::store::{self, AccountRow};

/// `key` is an account id or an e-mail address (any case, spaces around it ignored).
pub fn find(c: &Connection, key: &str) -> Result<AccountRow, AccountError> {
    let key = key.trim();
    // E-mail addresses are stored lower-cased; ids are matched as typed.
    if let Some(found) = store::find(c, &super::email::canonical(key))? {
        return Ok(found);
    }
    store::find(c, key)?.ok_or_else(|| AccountError::NotFound(key.to_string()))
}
