//! Her attachments in the copy: 1 MiB chunks of ciphertext, each sent, listed, read on its own, so an
//! upload over a poor connection resumes at the first chunk the server does not have.

use std::sync::Arc;

use super::{Owner, freeing};
use crate::copy::errors::CopyError;
use crate::copy::rules;
use crate::copy::store::chunks;
use crate::room::Room;

pub async fn put_chunk(
    owner: Owner,
    room: Arc<Room>,
    (attachment, idx): (&str, &str),
    data: impl AsRef<[u8]> + Send + 'static,
) -> Result<(), CopyError> {
    room.check()?;
    let (attachment, idx) = (rules::name(attachment)?, rules::chunk_index(idx)?);
    if data.as_ref().is_empty() {
        return Err(CopyError::Invalid("A chunk cannot be empty."));
    }
    let Owner {
        db,
        blobs,
        account,
        limit,
    } = owner;
    let bytes = data.as_ref().len();
    // Stored first, so the row is written only for bytes the store holds; the row's transaction then
    // claims them, and a refusal there (her copy is full) deletes them again.
    let chunk = blobs.stage(&db, data.as_ref().to_vec()).await?;
    let object = chunk.object().map(str::to_string);
    let result = db
        .write(move |conn| chunks::put_chunk(conn, &account, &attachment, idx, &chunk, limit))
        .await;
    match result {
        Ok(()) => {
            blobs.sweep(&db).await;
            crate::metrics::copy_stored(bytes);
            Ok(())
        }
        Err(e) => {
            blobs.discard(&db, object).await;
            Err(e)
        }
    }
}

/// The chunks the server has, in order: what an upload resumes after.
pub async fn chunk_list(owner: Owner, attachment: &str) -> Result<Vec<i64>, CopyError> {
    let (attachment, account) = (rules::name(attachment)?, owner.account);
    owner
        .db
        .read(move |conn| Ok::<_, CopyError>(chunks::chunk_list(conn, &account, &attachment)?))
        .await
}

pub async fn chunk(owner: Owner, (attachment, idx): (&str, &str)) -> Result<Vec<u8>, CopyError> {
    let (attachment, idx) = (rules::name(attachment)?, rules::chunk_index(idx)?);
    let account = owner.account;
    let stored = owner
        .db
        .read(move |conn| Ok::<_, CopyError>(chunks::chunk(conn, &account, &attachment, idx)?))
        .await?
        .ok_or(CopyError::NotFound)?;
    // An object gone between the row's read and its own is a chunk replaced or deleted meanwhile.
    owner.blobs.fetch(stored).await?.ok_or(CopyError::NotFound)
}

pub async fn delete(owner: Owner, room: Arc<Room>, attachment: &str) -> Result<(), CopyError> {
    let (attachment, account) = (rules::name(attachment)?, owner.account);
    freeing(&owner.db, room, move |conn| {
        chunks::delete_attachment(conn, &account, &attachment)
    })
    .await?;
    owner.blobs.sweep(&owner.db).await;
    Ok(())
}
