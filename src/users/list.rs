//! Every account, oldest first.

use rusqlite::Connection;

use super::UsersError;
use crate::db::accounts::{self, AccountRow};

pub fn list(c: &Connection) -> Result<Vec<AccountRow>, UsersError> {
    Ok(accounts::list(c)?)
}
