//! The shares each side sees: hers, with her labels and every opening; an advocate's, complete ones only.

use crate::advocates::errors::AdvocateError;
use crate::advocates::store::shares::{self, ShareInfo};
use crate::db::Db;

pub async fn hers(db: &Db, survivor: String) -> Result<Vec<ShareInfo>, AdvocateError> {
    db.read(move |c| Ok(shares::of_survivor(c, &survivor)?))
        .await
}

pub async fn theirs(db: &Db, advocate: String) -> Result<Vec<ShareInfo>, AdvocateError> {
    db.read(move |c| Ok(shares::of_advocate(c, &advocate)?))
        .await
}
