//! Her advocates: each with the key she seals to and the key she compared the safety code for.

use crate::advocates::errors::AdvocateError;
use crate::advocates::store::advocates::{self, Advocate};
use crate::advocates::store::links::{self, Link};
use crate::db::Db;

/// Her pairings, oldest first, each with its advocate.
pub async fn list(db: &Db, survivor: String) -> Result<Vec<(Advocate, Link)>, AdvocateError> {
    db.read(move |c| {
        let mut out = Vec::new();
        for link in links::links_of_survivor(c, &survivor)? {
            if let Some(a) = advocates::find(c, &link.advocate_id)? {
                out.push((a, link));
            }
        }
        Ok(out)
    })
    .await
}
