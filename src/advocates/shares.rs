//! Shares: what she sealed to one advocate, until when. Nothing is listed or served after its time, and
//! the server deletes expired shares by itself (`purge`, every minute and before each opening).

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::errors::AdvocateError;
use crate::accounts::time::{now_ms, now_text};

/// The longest a share can last; she picks, 90 days by default (the app's choice).
pub const MAX_DAYS: i64 = 366;

#[derive(Debug, Serialize, PartialEq)]
pub struct ShareInfo {
    pub id: String,
    pub survivor_id: String,
    pub advocate_id: String,
    pub size: i64,
    /// Unix milliseconds.
    pub expires_at: i64,
    pub created_at: String,
    pub opened_at: Option<String>,
    /// How many parts its attachments travel in (docs/advocates.md, "Parts").
    pub parts: i64,
    /// Whether all of them are here; the advocate is shown only complete shares.
    pub complete: bool,
    /// Her label of what it holds, sealed under her account's data key (base64); only in her own list.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

pub struct NewShare {
    pub id: String,
    pub survivor_id: String,
    pub advocate_id: String,
    pub sealed: Vec<u8>,
    pub expires_at: i64,
    pub label: Option<Vec<u8>>,
    /// How many parts its attachments will travel in (0: none).
    pub parts: i64,
}

/// A share whose every announced part has arrived (an SQL condition on `advocate_shares`).
pub const COMPLETE: &str =
    "parts = (SELECT count(*) FROM advocate_share_parts p WHERE p.share_id = advocate_shares.id)";

/// Deletes every expired share, out of the write-ahead log too; returns how many.
pub fn purge(c: &Connection) -> Result<usize, AdvocateError> {
    let gone = c.execute(
        "DELETE FROM advocate_shares WHERE expires_at <= ?1",
        [now_ms()],
    )?;
    if gone > 0 {
        crate::db::checkpoint(c)?;
    }
    Ok(gone)
}

pub fn insert(c: &mut Connection, share: &NewShare) -> Result<(), AdvocateError> {
    let tx = c.transaction()?;
    let paired: bool = tx.query_row(
        "SELECT count(*) > 0 FROM advocate_links WHERE survivor_id = ?1 AND advocate_id = ?2",
        params![share.survivor_id, share.advocate_id],
        |r| r.get(0),
    )?;
    if !paired {
        return Err(AdvocateError::NotFound);
    }
    let inserted = tx.execute(
        "INSERT INTO advocate_shares (id, survivor_id, advocate_id, sealed, expires_at, created_at, label, parts)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT (id) DO NOTHING",
        params![
            share.id,
            share.survivor_id,
            share.advocate_id,
            share.sealed,
            share.expires_at,
            now_text(),
            share.label,
            share.parts
        ],
    )?;
    if inserted == 0 {
        return Err(AdvocateError::Invalid(
            "A share with this id exists already.",
        ));
    }
    tx.commit()?;
    Ok(())
}

fn list(c: &Connection, column: &str, id: &str) -> rusqlite::Result<Vec<ShareInfo>> {
    // Her label travels only in her own list; the advocate sees a share once all its parts are here.
    let (label, only) = if column == "survivor_id" {
        ("label", "1")
    } else {
        ("NULL", COMPLETE)
    };
    let mut stmt = c.prepare(&format!(
        "SELECT id, survivor_id, advocate_id,
                length(sealed) + (SELECT coalesce(sum(length(bytes)), 0) FROM advocate_share_parts p
                                  WHERE p.share_id = advocate_shares.id),
                expires_at, created_at, opened_at, {label}, parts, {COMPLETE}
         FROM advocate_shares WHERE {column} = ?1 AND expires_at > ?2 AND {only} ORDER BY created_at, id"
    ))?;
    stmt.query_map(params![id, now_ms()], |r| {
        Ok(ShareInfo {
            id: r.get(0)?,
            survivor_id: r.get(1)?,
            advocate_id: r.get(2)?,
            size: r.get(3)?,
            expires_at: r.get(4)?,
            created_at: r.get(5)?,
            opened_at: r.get(6)?,
            label: r
                .get::<_, Option<Vec<u8>>>(7)?
                .map(|b| base64::Engine::encode(&base64::engine::general_purpose::STANDARD, b)),
            parts: r.get(8)?,
            complete: r.get(9)?,
        })
    })?
    .collect()
}

pub fn of_survivor(c: &Connection, survivor_id: &str) -> rusqlite::Result<Vec<ShareInfo>> {
    list(c, "survivor_id", survivor_id)
}

pub fn of_advocate(c: &Connection, advocate_id: &str) -> rusqlite::Result<Vec<ShareInfo>> {
    list(c, "advocate_id", advocate_id)
}

/// The sealed share for its advocate; the first read is recorded so she sees when it was opened.
pub fn open(c: &mut Connection, advocate_id: &str, id: &str) -> Result<Vec<u8>, AdvocateError> {
    read_for_advocate(
        c,
        id,
        &format!(
            "SELECT sealed FROM advocate_shares WHERE id = ?1 AND advocate_id = ?2 AND {COMPLETE}"
        ),
        params![id, advocate_id],
    )
}

/// What `select` reads of share `id` for its advocate (the sealed share or one of its parts), after expired
/// shares are gone; the first read of any of it counts as the opening.
pub(super) fn read_for_advocate(
    c: &mut Connection,
    id: &str,
    select: &str,
    select_params: impl rusqlite::Params,
) -> Result<Vec<u8>, AdvocateError> {
    purge(c)?;
    let tx = c.transaction()?;
    let bytes: Option<Vec<u8>> = tx
        .query_row(select, select_params, |r| r.get(0))
        .optional()?;
    let bytes = bytes.ok_or(AdvocateError::NotFound)?;
    tx.execute(
        "UPDATE advocate_shares SET opened_at = ?2 WHERE id = ?1 AND opened_at IS NULL",
        params![id, now_text()],
    )?;
    tx.commit()?;
    Ok(bytes)
}

/// Withdrawal: gone at once, for her own shares only.
pub fn withdraw(c: &mut Connection, survivor_id: &str, id: &str) -> Result<bool, AdvocateError> {
    let gone = c.execute(
        "DELETE FROM advocate_shares WHERE id = ?1 AND survivor_id = ?2",
        params![id, survivor_id],
    )? > 0;
    if gone {
        crate::db::checkpoint(c)?;
    }
    Ok(gone)
}
