//! The advocate opens a share of hers: the sealed item (an opening she sees) or one of its parts. `from`
//! names whose share it is (`?from=`), since share ids are each survivor's own.

use super::checks;
use crate::advocates::errors::AdvocateError;
use crate::advocates::store::shares::{self, Piece};
use crate::db::Db;

/// The sealed item of share `share`.
pub async fn sealed(
    db: &Db,
    advocate: String,
    share: &str,
    from: Option<String>,
) -> Result<Vec<u8>, AdvocateError> {
    read(db, advocate, share, from, Piece::Sealed).await
}

/// Part `n` (as the path has it) of share `share`.
pub async fn part(
    db: &Db,
    advocate: String,
    share: &str,
    n: &str,
    from: Option<String>,
) -> Result<Vec<u8>, AdvocateError> {
    let n = checks::part_number(n)?;
    read(db, advocate, share, from, Piece::Part(n)).await
}

async fn read(
    db: &Db,
    advocate: String,
    share: &str,
    from: Option<String>,
    piece: Piece,
) -> Result<Vec<u8>, AdvocateError> {
    let (share, from) = (checks::id(share)?, checks::survivor(from)?);
    db.write(move |c| shares::open(c, &advocate, &share, from.as_deref(), piece))
        .await
}
