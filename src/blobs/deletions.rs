//! `blob_deletions`: the objects of the bucket that are to go, each with the time from which it may. A row
//! whose object was deleted or replaced puts its object here by a trigger in the same transaction (every
//! path: a deletion, an account's, a cascade from a pairing or a share), so no object outlives its row for
//! longer than the next sweep. An upload puts its new key here first, due an hour later, and its row's
//! transaction takes it back (`claim`): an upload cut short leaves nothing the sweep does not find.

use crate::db::{Connection, params};

/// How long a staged object waits before the sweep may take it: far longer than an upload can take.
pub const STAGED_FOR_MS: i64 = 60 * 60 * 1000;

/// Notes a key about to be uploaded, to be deleted after `STAGED_FOR_MS` unless a row claims it.
pub fn stage(c: &Connection, key: &str, now_ms: i64) -> crate::db::Result<()> {
    c.execute(
        "INSERT INTO blob_deletions (object, due_at) VALUES (?1, ?2)",
        params![key, now_ms + STAGED_FOR_MS],
    )?;
    Ok(())
}

/// Takes a staged key back for the row being written in this transaction; false when it is no longer
/// staged, or so old that a sweep may be deleting it (the upload must then be sent again).
pub fn claim(c: &Connection, key: &str, now_ms: i64) -> crate::db::Result<bool> {
    Ok(c.execute(
        "DELETE FROM blob_deletions WHERE object = ?1 AND due_at > ?2",
        params![key, now_ms + STAGED_FOR_MS / 2],
    )? == 1)
}

/// Makes a staged key due now: its row was not written.
pub fn due_now(c: &Connection, key: &str) -> crate::db::Result<()> {
    c.execute(
        "UPDATE blob_deletions SET due_at = 0 WHERE object = ?1",
        [key],
    )?;
    Ok(())
}

/// Up to `count` keys due by `now_ms`, the oldest first.
pub fn due(c: &Connection, now_ms: i64, count: i64) -> crate::db::Result<Vec<String>> {
    c.query_map(
        "SELECT object FROM blob_deletions WHERE due_at <= ?1 ORDER BY due_at, object LIMIT ?2",
        params![now_ms, count],
        |r| r.get(0),
    )
}

/// Forgets keys whose objects are gone from the bucket.
pub fn done(c: &mut Connection, keys: &[String]) -> crate::db::Result<()> {
    let tx = c.transaction()?;
    for key in keys {
        tx.execute("DELETE FROM blob_deletions WHERE object = ?1", [key])?;
    }
    tx.commit()
}

/// How many objects wait to be deleted (the tests, and the operator's view).
pub fn waiting(c: &Connection) -> crate::db::Result<i64> {
    c.query_row(
        "SELECT CAST(count(*) AS BIGINT) FROM blob_deletions",
        [],
        |r| r.get(0),
    )
}
