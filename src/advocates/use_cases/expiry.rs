//! Expired shares, and those left half sent for a day, go every minute without anyone's action.

use crate::advocates::errors::AdvocateError;
use crate::advocates::store::shares;
use crate::db::Db;

/// How many shares went.
pub async fn purge(db: &Db) -> Result<usize, AdvocateError> {
    db.write(|c| shares::purge(c)).await
}
