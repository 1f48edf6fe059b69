//! She withdraws a share: gone at once, its parts and openings with it. It must work on a full disk, so
//! the reserve is given up if SQLite finds no room.

use std::sync::Arc;

use super::checks;
use crate::advocates::errors::AdvocateError;
use crate::advocates::store::shares;
use crate::blobs::Blobs;
use crate::db::Db;
use crate::room::Room;

/// `NotFound` when she has no such share.
pub async fn withdraw(
    db: &Db,
    blobs: &Blobs,
    room: Arc<Room>,
    survivor: String,
    share: &str,
) -> Result<(), AdvocateError> {
    let share = checks::id(share)?;
    let full = |e: &AdvocateError| matches!(e, AdvocateError::NoRoom(_));
    let gone = db
        .write(move |c| room.freeing(|| shares::withdraw(c, &survivor, &share), full))
        .await?;
    if !gone {
        return Err(AdvocateError::NotFound);
    }
    // Its parts' objects, noted for deletion with their rows, go now.
    blobs.sweep(db).await;
    tracing::info!("a share was withdrawn");
    Ok(())
}
