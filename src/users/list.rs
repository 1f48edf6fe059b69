//! Every account, oldest first.

use rusqlite::Connection;

use super::UsersError;
use crate::db::accounts::{self, AccountRow};

pub fn list(c: &Connection) -> Result<Vec<AccountRow>, UsersError> {
    Ok(accounts::list(c)?)
}

/// One page of account ids, newest first, and how many accounts there are. `page` counts from 1.
pub fn page(c: &Connection, page: u64, per_page: u64) -> Result<(Vec<String>, u64), UsersError> {
    let offset = page.saturating_sub(1).saturating_mul(per_page);
    Ok((
        accounts::page_ids(c, per_page, offset)?,
        accounts::count(c)?,
    ))
}
