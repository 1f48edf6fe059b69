//! Every account, oldest first.

use crate::db::Connection;

use super::AccountError;
use crate::accounts::store::{self, AccountRow};

pub fn list(c: &Connection) -> Result<Vec<AccountRow>, AccountError> {
    Ok(store::list(c)?)
}

/// One page of account ids, newest first, and how many accounts there are. `page` counts from 1.
pub fn page(c: &Connection, page: u64, per_page: u64) -> Result<(Vec<String>, u64), AccountError> {
    let offset = page.saturating_sub(1).saturating_mul(per_page);
    Ok((store::page_ids(c, per_page, offset)?, store::count(c)?))
}
