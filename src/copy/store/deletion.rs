//! Deleting from the copy on a full disk: with `secure_delete` every freed page is written to the
//! write-ahead log (as zeros) before it is free, so one transaction for a whole copy would need its size in
//! free disk first. Deletions of many rows go in batches of `crate::room::size::DELETE_BATCH_BYTES`, each its own
//! transaction that also takes its rows off the account's size, each emptied out of the log before the next.

use crate::db::{Connection, Row, Transaction, params};

use super::accounts::{self, grow};
use crate::copy::errors::CopyError;
use crate::room::size::{DELETE_BATCH_BYTES, stored_size};

/// 'Keep my records only on this device': the whole copy, keys included, out of the write-ahead log too
/// (deleted means gone from the disk, as for a deleted account). In batches, so that it goes through on a
/// full disk (`crate::room::size::DELETE_BATCH_BYTES`); one cut short by a crash leaves a smaller copy whose size is
/// still right, and asking again deletes the rest.
pub fn delete_all(c: &mut Connection, account: &str) -> Result<(), CopyError> {
    delete_in_batches(c, account, Rows::Chunks(None))?;
    delete_in_batches(c, account, Rows::Records)?;
    accounts::forget(c, account)?;
    crate::db::checkpoint(c)?;
    Ok(())
}

/// A chunk's size, wherever its bytes are (an SQL expression on `copy_chunks`; `crate::blobs`).
pub(super) const CHUNK_SIZE: &str = "coalesce(size, length(data))";

/// Which of an account's rows a batched deletion takes.
pub(super) enum Rows<'a> {
    Records,
    /// One attachment's chunks, or every chunk.
    Chunks(Option<&'a str>),
}

/// Deletes the rows one batch at a time, each a transaction that also takes its rows off the account's
/// size, and each emptied out of the write-ahead log before the next.
pub(super) fn delete_in_batches(
    c: &mut Connection,
    account: &str,
    rows: Rows<'_>,
) -> Result<(), CopyError> {
    loop {
        let tx = c.transaction()?;
        let (counted, more) = delete_batch(&tx, account, &rows)?;
        if counted > 0 {
            grow(&tx, account, -counted, u64::MAX)?;
        }
        tx.commit()?;
        crate::db::checkpoint(c)?;
        if !more {
            return Ok(());
        }
    }
}

/// Deletes up to `DELETE_BATCH_BYTES` of data (at least one row); returns the size it counted and whether
/// rows are left.
fn delete_batch(
    tx: &Transaction<'_>,
    account: &str,
    rows: &Rows<'_>,
) -> Result<(i64, bool), CopyError> {
    let (select, delete) = match rows {
        Rows::Records => (
            "SELECT id, CAST(NULL AS BIGINT), length(data) FROM copy_records WHERE account_id = ?1"
                .to_string(),
            "DELETE FROM copy_records WHERE account_id = ?1 AND id = ?2",
        ),
        Rows::Chunks(None) => (
            format!(
                "SELECT attachment_id, idx, {CHUNK_SIZE} FROM copy_chunks WHERE account_id = ?1"
            ),
            "DELETE FROM copy_chunks WHERE account_id = ?1 AND attachment_id = ?2 AND idx = ?3",
        ),
        Rows::Chunks(Some(_)) => (
            format!(
                "SELECT attachment_id, idx, {CHUNK_SIZE} FROM copy_chunks
                 WHERE account_id = ?1 AND attachment_id = ?2"
            ),
            "DELETE FROM copy_chunks WHERE account_id = ?1 AND attachment_id = ?2 AND idx = ?3",
        ),
    };
    let (mut batch, mut data, mut more) = (Vec::new(), 0, false);
    let mut read = |r: &Row<'_>| {
        if data >= DELETE_BATCH_BYTES {
            more = true;
            return Ok(false);
        }
        let (key, idx, len): (String, Option<i64>, i64) = (r.get(0)?, r.get(1)?, r.get(2)?);
        data += len;
        batch.push((key, idx, len));
        Ok(true)
    };
    match rows {
        Rows::Chunks(Some(attachment)) => {
            tx.query_while(&select, params![account, attachment], &mut read)?
        }
        _ => tx.query_while(&select, [account], &mut read)?,
    }
    let mut counted = 0;
    for (key, idx, len) in batch {
        match idx {
            Some(idx) => tx.execute(delete, params![account, key, idx])?,
            None => tx.execute(delete, params![account, key])?,
        };
        counted += stored_size(len as usize);
    }
    Ok((counted, more))
}
