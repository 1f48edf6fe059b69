//! She ends a pairing: its shares go with it, and it works on a full disk (the reserve is given up if
//! SQLite finds no room). Refused while her running check-in would alert this advocate (`store::links`).

use crate::advocates::errors::AdvocateError;
use crate::advocates::store::links;
use crate::blobs::Blobs;
use crate::db::Db;
use crate::room::Room;

/// `NotFound` when they were not paired.
pub async fn unpair(
    db: &Db,
    blobs: &Blobs,
    room: std::sync::Arc<Room>,
    survivor: String,
    advocate: String,
) -> Result<(), AdvocateError> {
    let full = |e: &AdvocateError| matches!(e, AdvocateError::NoRoom(_));
    let gone = db
        .write(move |c| room.freeing(|| links::unlink(&mut *c, &survivor, &advocate), full))
        .await?;
    if gone {
        // The objects of the shares' parts, noted for deletion as the pairing's rows cascaded, go now.
        blobs.sweep(db).await;
    }
    gone.then_some(()).ok_or(AdvocateError::NotFound)
}
