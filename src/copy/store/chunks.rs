//! `copy_chunks`: attachments in the copy, 1 MiB chunks of ciphertext (docs/vault.md), each its own write, so an upload
//! over a poor connection resumes at the first chunk the server does not have. A chunk's bytes are in its
//! row, or in the bucket with the row naming the object (`crate::blobs`).

use crate::db::{Connection, OptionalExtension, params};

use super::accounts::grow;
use super::deletion::{CHUNK_SIZE as SIZE, Rows, delete_in_batches};
use crate::blobs::{Staged, Stored};
use crate::copy::errors::CopyError;
use crate::room::size::stored_size;

/// Stores chunk `idx` of an attachment; sending a chunk again replaces it, which is what lets an upload
/// resume after a dropped connection. A replaced object is noted for deletion (migration 0025's trigger).
pub fn put_chunk(
    c: &mut Connection,
    account: &str,
    attachment: &str,
    idx: i64,
    chunk: &Staged,
    limit: u64,
) -> Result<(), CopyError> {
    let tx = c.transaction()?;
    let old = tx
        .query_row(
            &format!(
                "SELECT {SIZE} FROM copy_chunks WHERE account_id = ?1 AND attachment_id = ?2 AND idx = ?3"
            ),
            params![account, attachment, idx],
            |r| r.get::<i64>(0),
        )
        .optional()?
        .map_or(0, |len| stored_size(len as usize));
    grow(
        &tx,
        account,
        stored_size(chunk.size() as usize) - old,
        limit,
    )?;
    chunk.claim(&tx)?;
    let (data, object, size) = chunk.columns();
    tx.execute(
        "INSERT INTO copy_chunks (account_id, attachment_id, idx, data, object, size)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (account_id, attachment_id, idx) DO UPDATE SET data = ?4, object = ?5, size = ?6",
        params![account, attachment, idx, data, object, size],
    )?;
    tx.commit()?;
    Ok(())
}

/// The chunks an attachment has on the server, in order: what an upload resumes after.
pub fn chunk_list(c: &Connection, account: &str, attachment: &str) -> crate::db::Result<Vec<i64>> {
    c.query_map(
        "SELECT idx FROM copy_chunks WHERE account_id = ?1 AND attachment_id = ?2 ORDER BY idx",
        params![account, attachment],
        |r| r.get(0),
    )
}

/// Where chunk `idx`'s bytes are.
pub fn chunk(
    c: &Connection,
    account: &str,
    attachment: &str,
    idx: i64,
) -> crate::db::Result<Option<Stored>> {
    c.query_row(
        "SELECT data, object FROM copy_chunks WHERE account_id = ?1 AND attachment_id = ?2 AND idx = ?3",
        params![account, attachment, idx],
        |r| Ok(Stored::from_columns(r.get(0)?, r.get(1)?)),
    )
    .optional()
}

/// All of an attachment's chunks, in batches (`deletion::delete_in_batches`) so it works on a full disk.
pub fn delete_attachment(
    c: &mut Connection,
    account: &str,
    attachment: &str,
) -> Result<(), CopyError> {
    delete_in_batches(c, account, Rows::Chunks(Some(attachment)))
}
