//! Shares: what she sealed to one advocate, until when. Nothing is listed or served after its time, and
//! the server deletes expired shares by itself (`purge`, every minute, before each opening and each new
//! share), and those left half sent after a day. A share's id is hers: her browser chooses it, so it is
//! unique among her shares only, and an advocate names a share by its id and whose it is.

use crate::db::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::openings;
use super::parts::{self, SIZE as PART_SIZE};
use crate::advocates::config::MAX_PART_BYTES;
use crate::advocates::errors::AdvocateError;
use crate::blobs::Stored;
use crate::ground::clock::{now_ms, now_text, timestamp};
use crate::room::size::DELETE_BATCH_BYTES;

/// The longest a share can last; she picks, 90 days by default (the app's choice).
pub const MAX_DAYS: i64 = 366;
/// A share still waiting for parts this long after it was made goes (docs/advocates.md, "Limits"): her
/// browser sends the parts right after the share, and one closed half-way cannot resume.
const UNFINISHED_HOURS: i64 = 24;

#[derive(Debug, Serialize, PartialEq)]
pub struct ShareInfo {
    pub id: String,
    pub survivor_id: String,
    pub advocate_id: String,
    pub size: i64,
    /// Unix milliseconds.
    pub expires_at: i64,
    pub created_at: String,
    /// The first opening; kept when the log below has let it go.
    pub opened_at: Option<String>,
    /// Each opening kept, oldest first (`openings::KEPT` at most); only in her own list.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub openings: Option<Vec<String>>,
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

/// Her share's parts (an SQL condition on `advocate_share_parts p` inside a query on `advocate_shares`).
const ITS_PARTS: &str =
    "p.survivor_id = advocate_shares.survivor_id AND p.share_id = advocate_shares.id";

/// A share whose every announced part has arrived (an SQL condition on `advocate_shares`).
const COMPLETE: &str = "parts = (SELECT count(*) FROM advocate_share_parts p
     WHERE p.survivor_id = advocate_shares.survivor_id AND p.share_id = advocate_shares.id)";

/// What one survivor may keep (`[advocates]`).
#[derive(Debug, Clone, Copy)]
pub struct Caps {
    pub shares: u64,
    pub unfinished: u64,
}

/// Deletes every expired share and every one left half sent for a day, out of the write-ahead log too;
/// returns how many.
pub fn purge(c: &Connection) -> Result<usize, AdvocateError> {
    let stale = timestamp(chrono::Utc::now() - chrono::Duration::hours(UNFINISHED_HOURS));
    let gone = c.execute(
        &format!(
            "DELETE FROM advocate_shares
             WHERE expires_at <= ?1 OR (created_at <= ?2 AND NOT ({COMPLETE}))"
        ),
        params![now_ms(), stale],
    )?;
    if gone > 0 {
        crate::db::checkpoint(c)?;
    }
    Ok(gone)
}

/// Stores her new share, within her caps; expired and stale half-sent shares are gone first, so they
/// never count.
pub fn insert(c: &mut Connection, share: &NewShare, caps: Caps) -> Result<(), AdvocateError> {
    purge(c)?;
    let tx = c.transaction()?;
    // The pairing is read in the share's own transaction, so a pairing ended meanwhile gets no share.
    let paired: bool = tx.query_row(
        "SELECT CASE WHEN count(*) > 0 THEN 1 ELSE 0 END FROM advocate_links WHERE survivor_id = ?1 AND advocate_id = ?2",
        params![share.survivor_id, share.advocate_id],
        |r| r.get(0),
    )?;
    if !paired {
        return Err(AdvocateError::NotFound);
    }
    let (kept, unfinished): (u64, u64) = tx.query_row(
        &format!(
            "SELECT count(*), CAST(coalesce(sum(CASE WHEN {COMPLETE} THEN 0 ELSE 1 END), 0) AS BIGINT)
             FROM advocate_shares WHERE survivor_id = ?1"
        ),
        [&share.survivor_id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    if kept >= caps.shares {
        return Err(AdvocateError::TooManyShares(caps.shares));
    }
    if share.parts > 0 && unfinished >= caps.unfinished {
        return Err(AdvocateError::Unfinished(caps.unfinished));
    }
    let inserted = tx.execute(
        "INSERT INTO advocate_shares (id, survivor_id, advocate_id, sealed, expires_at, created_at, label, parts)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT (survivor_id, id) DO NOTHING",
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
            "You have a share with this id already.",
        ));
    }
    tx.commit()?;
    Ok(())
}

fn list(c: &Connection, column: &str, id: &str) -> crate::db::Result<Vec<ShareInfo>> {
    // Her label travels only in her own list; the advocate sees a share once all its parts are here.
    let (label, only) = if column == "survivor_id" {
        ("label", "TRUE")
    } else {
        // Typed, as PostgreSQL needs a select list's NULL to be (BYTEA: SQLite's BLOB is no type there).
        ("CAST(NULL AS BYTEA)", COMPLETE)
    };
    c.query_map(&format!(
        "SELECT id, survivor_id, advocate_id,
                length(sealed) + CAST((SELECT coalesce(sum({PART_SIZE}), 0) FROM advocate_share_parts p
                                       WHERE {ITS_PARTS}) AS BIGINT),
                expires_at, created_at, opened_at, {label}, parts, CASE WHEN {COMPLETE} THEN 1 ELSE 0 END
         FROM advocate_shares WHERE {column} = ?1 AND expires_at > ?2 AND {only} ORDER BY created_at, id"
    ), params![id, now_ms()], |r| {
        Ok(ShareInfo {
            id: r.get(0)?,
            survivor_id: r.get(1)?,
            advocate_id: r.get(2)?,
            size: r.get(3)?,
            expires_at: r.get(4)?,
            created_at: r.get(5)?,
            opened_at: r.get(6)?,
            label: r
                .get::<Option<Vec<u8>>>(7)?
                .map(|b| base64::Engine::encode(&base64::engine::general_purpose::STANDARD, b)),
            parts: r.get(8)?,
            complete: r.get(9)?,
            openings: None,
        })
    })
}

/// Her shares, each with its openings; read in one transaction, so the two agree.
pub fn of_survivor(c: &Connection, survivor_id: &str) -> crate::db::Result<Vec<ShareInfo>> {
    let tx = c.unchecked_transaction()?;
    let mut list = list(&tx, "survivor_id", survivor_id)?;
    let mut openings = openings::of_survivor(&tx, survivor_id)?;
    for share in &mut list {
        share.openings = Some(openings.remove(&share.id).unwrap_or_default());
    }
    Ok(list)
}

pub fn of_advocate(c: &Connection, advocate_id: &str) -> crate::db::Result<Vec<ShareInfo>> {
    list(c, "advocate_id", advocate_id)
}

/// What an advocate reads of a share: the sealed item or one of its parts.
#[derive(Debug, Clone, Copy)]
pub enum Piece {
    Sealed,
    Part(i64),
}

/// `piece` of share `id` for its advocate, once the share is complete and after expired shares are gone.
/// Each read of the sealed item is an opening she sees (`openings`); its parts are read right after it and do
/// not count again. The first read of any of it stays recorded as `opened_at`. `from` names whose share it is;
/// without it (an older page) the id must name one share of this advocate's only.
pub fn open(
    c: &mut Connection,
    advocate_id: &str,
    id: &str,
    from: Option<&str>,
    piece: Piece,
) -> Result<Stored, AdvocateError> {
    purge(c)?;
    let tx = c.transaction()?;
    let survivor = owner(&tx, advocate_id, id, from)?;
    let bytes: Option<Stored> = match piece {
        Piece::Sealed => tx
            .query_row(
                "SELECT sealed FROM advocate_shares WHERE survivor_id = ?1 AND id = ?2",
                params![survivor, id],
                |r| r.get(0).map(Stored::Inline),
            )
            .optional()?,
        Piece::Part(n) => parts::read(&tx, &survivor, id, n)?,
    };
    let bytes = bytes.ok_or(AdvocateError::NotFound)?;
    let now = now_text();
    if matches!(piece, Piece::Sealed) {
        openings::record(&tx, &survivor, id, &now)?;
    }
    tx.execute(
        "UPDATE advocate_shares SET opened_at = ?3 WHERE survivor_id = ?1 AND id = ?2 AND opened_at IS NULL",
        params![survivor, id, now],
    )?;
    tx.commit()?;
    Ok(bytes)
}

/// Whose complete, unexpired share `id` to this advocate is.
fn owner(
    c: &Connection,
    advocate_id: &str,
    id: &str,
    from: Option<&str>,
) -> Result<String, AdvocateError> {
    let found: Vec<String> = c.query_map(
        &format!(
            "SELECT survivor_id FROM advocate_shares
             WHERE advocate_id = ?1 AND id = ?2 AND (CAST(?3 AS TEXT) IS NULL OR survivor_id = ?3) AND expires_at > ?4
               AND {COMPLETE}
             LIMIT 2"
        ),
        params![advocate_id, id, from, now_ms()],
        |r| r.get(0),
    )?;
    match <[String; 1]>::try_from(found) {
        Ok([survivor]) => Ok(survivor),
        Err(_) => Err(AdvocateError::NotFound),
    }
}

/// Withdrawal: gone at once, for her own shares only. The parts go first, a few at a time, each batch out of
/// the write-ahead log before the next (`crate::room::size::DELETE_BATCH_BYTES`), so that withdrawing a large share
/// needs little free disk.
pub fn withdraw(c: &Connection, survivor_id: &str, id: &str) -> Result<bool, AdvocateError> {
    let per_batch = (DELETE_BATCH_BYTES / MAX_PART_BYTES as i64).max(1);
    while parts::delete_some(c, survivor_id, id, per_batch)? > 0 {
        crate::db::checkpoint(c)?;
    }
    let gone = c.execute(
        "DELETE FROM advocate_shares WHERE id = ?1 AND survivor_id = ?2",
        params![id, survivor_id],
    )? > 0;
    if gone {
        crate::db::checkpoint(c)?;
    }
    Ok(gone)
}

/// The ids of her shares to one advocate, for ending the pairing (`links::unlink`).
pub fn ids_to_advocate(
    c: &Connection,
    survivor_id: &str,
    advocate_id: &str,
) -> crate::db::Result<Vec<String>> {
    c.query_map(
        "SELECT id FROM advocate_shares WHERE survivor_id = ?1 AND advocate_id = ?2",
        params![survivor_id, advocate_id],
        |r| r.get(0),
    )
}

/// Every share sealed to an advocate's old key, their parts and openings with them (foreign keys); part of
/// the caller's unit of work (new keys, `advocates::set_keys`).
pub fn delete_to_advocate(c: &Connection, advocate_id: &str) -> crate::db::Result<usize> {
    c.execute(
        "DELETE FROM advocate_shares WHERE advocate_id = ?1",
        [advocate_id],
    )
}
