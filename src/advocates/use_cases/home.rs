//! The advocate's area: their name, their keys, and the people paired with them.

use crate::advocates::errors::AdvocateError;
use crate::advocates::store::links::{self, Link};
use crate::db::Db;

/// The pairings of this advocate, oldest first.
pub async fn people(db: &Db, advocate: String) -> Result<Vec<Link>, AdvocateError> {
    db.read(move |c| Ok(links::links_of_advocate(c, &advocate)?))
        .await
}
