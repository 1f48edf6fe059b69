//! A share's parts (docs/advocates.md, "Parts"): the AES-GCM ciphertext of its attachments, at most 1 MiB
//! each, under a key sealed inside the share. She puts them; the advocate gets them once all are here
//! (`shares::open`, which counts the opening). A part's bytes are in its row, or in the bucket with the row
//! naming the object (`crate::blobs`); a replaced or deleted object is noted for deletion by migration
//! 0025's triggers.

/// A part's size, wherever its bytes are (an SQL expression on `advocate_share_parts`).
pub const SIZE: &str = "coalesce(size, length(bytes))";

use crate::db::{Connection, OptionalExtension, params};

use crate::advocates::errors::AdvocateError;
use crate::blobs::{Staged, Stored};
use crate::ground::clock::now_ms;

/// Stores part `n` of her share `id`. Sending a part again replaces it with the same bytes, so a retry
/// after a dropped connection does no harm; `max_bytes` bounds the share's parts together.
pub fn put(
    c: &mut Connection,
    survivor_id: &str,
    id: &str,
    n: i64,
    part: &Staged,
    max_bytes: i64,
    max_mib: u64,
) -> Result<(), AdvocateError> {
    let tx = c.transaction()?;
    let parts: Option<i64> = tx
        .query_row(
            "SELECT parts FROM advocate_shares WHERE id = ?1 AND survivor_id = ?2 AND expires_at > ?3",
            params![id, survivor_id, now_ms()],
            |r| r.get(0),
        )
        .optional()?;
    let parts = parts.ok_or(AdvocateError::NotFound)?;
    if n >= parts {
        return Err(AdvocateError::Invalid(
            "This share has fewer parts than that.",
        ));
    }
    let others: i64 = tx.query_row(
        &format!(
            "SELECT CAST(coalesce(sum({SIZE}), 0) AS BIGINT) FROM advocate_share_parts
             WHERE survivor_id = ?1 AND share_id = ?2 AND n != ?3"
        ),
        params![survivor_id, id, n],
        |r| r.get(0),
    )?;
    if others + part.size() > max_bytes {
        return Err(AdvocateError::TooLarge(max_mib));
    }
    part.claim(&tx)?;
    let (bytes, object, size) = part.columns();
    tx.execute(
        "INSERT INTO advocate_share_parts (survivor_id, share_id, n, bytes, object, size)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (survivor_id, share_id, n) DO UPDATE SET bytes = ?4, object = ?5, size = ?6",
        params![survivor_id, id, n, bytes, object, size],
    )?;
    tx.commit()?;
    Ok(())
}

/// Where part `n` of her share `id` keeps its bytes; part of the caller's unit of work (an opening,
/// `shares::open`).
pub fn read(
    c: &Connection,
    survivor_id: &str,
    id: &str,
    n: i64,
) -> crate::db::Result<Option<Stored>> {
    c.query_row(
        "SELECT bytes, object FROM advocate_share_parts WHERE survivor_id = ?1 AND share_id = ?2 AND n = ?3",
        params![survivor_id, id, n],
        |r| Ok(Stored::from_columns(r.get(0)?, r.get(1)?)),
    )
    .optional()
}

/// Deletes up to `count` parts of her share `id`; returns how many went (withdrawal, a batch at a time).
pub fn delete_some(
    c: &Connection,
    survivor_id: &str,
    id: &str,
    count: i64,
) -> crate::db::Result<usize> {
    c.execute(
        "DELETE FROM advocate_share_parts WHERE survivor_id = ?1 AND share_id = ?2 AND n IN
           (SELECT n FROM advocate_share_parts WHERE survivor_id = ?1 AND share_id = ?2 LIMIT ?3)",
        params![survivor_id, id, count],
    )
}
