//! What she can do with her copy, one file per part of it: the whole copy (`copy.rs`: its index, deleting
//! it), its keys, its records and its attachments. Each checks what it is given (`crate::copy::rules`) and
//! calls one storage function, which runs its own transaction.

pub mod attachments;
pub mod copy;
pub mod keys;
pub mod records;

use std::sync::Arc;

use crate::blobs::Blobs;
use crate::copy::errors::CopyError;
use crate::db::Db;
use crate::room::Room;

/// Whose copy an action is on: the signed-in account, the database, where chunks keep their bytes and the
/// size its copy may reach.
pub struct Owner {
    pub db: Db,
    pub blobs: Blobs,
    pub account: String,
    pub limit: u64,
}

/// A deletion must work on a full disk: `Room::freeing` gives up the reserve when SQLite finds no room.
async fn freeing<T: Send + 'static>(
    db: &Db,
    room: Arc<Room>,
    delete: impl Fn(&mut crate::db::Connection) -> Result<T, CopyError> + Send + 'static,
) -> Result<T, CopyError> {
    db.write(move |conn| room.freeing(|| delete(&mut *conn), |e| matches!(e, CopyError::NoRoom(_))))
        .await
}

#[cfg(test)]
mod tests;
