//! The advocate opens a share of hers: the sealed item (an opening she sees) or one of its parts. `from`
//! names whose share it is (`?from=`), since share ids are each survivor's own.

use super::checks;
use crate::advocates::errors::AdvocateError;
use crate::advocates::store::shares::{self, Piece};
use crate::blobs::{Blobs, Stored};
use crate::db::Db;

/// The sealed item of share `share` (always in its row: it is small).
pub async fn sealed(
    db: &Db,
    advocate: String,
    share: &str,
    from: Option<String>,
) -> Result<Vec<u8>, AdvocateError> {
    let stored = read(db, advocate, share, from, Piece::Sealed).await?;
    fetched(&Blobs::Database, stored).await
}

/// Part `n` (as the path has it) of share `share`, from its row or the bucket.
pub async fn part(
    db: &Db,
    blobs: &Blobs,
    advocate: String,
    (share, n): (&str, &str),
    from: Option<String>,
) -> Result<Vec<u8>, AdvocateError> {
    let n = checks::part_number(n)?;
    let stored = read(db, advocate, share, from, Piece::Part(n)).await?;
    fetched(blobs, stored).await
}

/// An object gone between the row's read and its own is a share withdrawn meanwhile.
async fn fetched(blobs: &Blobs, stored: Stored) -> Result<Vec<u8>, AdvocateError> {
    blobs.fetch(stored).await?.ok_or(AdvocateError::NotFound)
}

async fn read(
    db: &Db,
    advocate: String,
    share: &str,
    from: Option<String>,
    piece: Piece,
) -> Result<Stored, AdvocateError> {
    let (share, from) = (checks::id(share)?, checks::survivor(from)?);
    db.write(move |c| shares::open(c, &advocate, &share, from.as_deref(), piece))
        .await
}
