//! The advocates' tables: each function one transaction.

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::errors::AdvocateError;
use crate::ground::clock::{now_ms, now_text};
use crate::opaque_tokens::hash_token;

/// How long a pairing code can be used: long enough to say it on the phone, short enough to guess.
pub const PAIRING_MS: i64 = 3600 * 1000;

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Advocate {
    pub account_id: String,
    pub name: String,
    pub public_key: Option<String>,
    pub wrapped_private_key: Option<String>,
    pub created_at: String,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Link {
    pub survivor_id: String,
    pub advocate_id: String,
    /// The name she chose to be known by, for the advocate's list.
    pub known_as: String,
    pub created_at: String,
    /// The advocate's public key she compared the safety code for.
    pub confirmed_key: Option<String>,
}

fn advocate(r: &rusqlite::Row<'_>) -> rusqlite::Result<Advocate> {
    Ok(Advocate {
        account_id: r.get(0)?,
        name: r.get(1)?,
        public_key: r.get(2)?,
        wrapped_private_key: r.get(3)?,
        created_at: r.get(4)?,
    })
}

const COLUMNS: &str = "account_id, name, public_key, wrapped_private_key, created_at";

pub fn insert(c: &Connection, account_id: &str, name: &str) -> rusqlite::Result<()> {
    c.execute(
        "INSERT INTO advocates (account_id, name, created_at) VALUES (?1, ?2, ?3)",
        params![account_id, name, now_text()],
    )?;
    Ok(())
}

pub fn find(c: &Connection, account_id: &str) -> rusqlite::Result<Option<Advocate>> {
    c.query_row(
        &format!("SELECT {COLUMNS} FROM advocates WHERE account_id = ?1"),
        [account_id],
        advocate,
    )
    .optional()
}

pub fn list(c: &Connection) -> rusqlite::Result<Vec<Advocate>> {
    let mut stmt = c.prepare(&format!(
        "SELECT {COLUMNS} FROM advocates ORDER BY created_at, name"
    ))?;
    stmt.query_map([], advocate)?.collect()
}

/// Keys made in the advocate's browser; new keys end every pairing's use of the old ones, so her
/// shares must be sent again (docs/advocates.md).
pub fn set_keys(
    c: &Connection,
    account_id: &str,
    public_key: &str,
    wrapped: &str,
) -> Result<(), AdvocateError> {
    let changed = c.execute(
        "UPDATE advocates SET public_key = ?2, wrapped_private_key = ?3
         WHERE account_id = ?1 AND public_key IS NOT NULL AND public_key != ?2",
        params![account_id, public_key, wrapped],
    )?;
    if changed > 0 {
        // What was sealed to the old key can no longer be opened by anyone: it goes, out of the log too.
        c.execute(
            "DELETE FROM advocate_shares WHERE advocate_id = ?1",
            [account_id],
        )?;
        crate::db::checkpoint(c)?;
        return Ok(());
    }
    c.execute(
        "UPDATE advocates SET public_key = ?2, wrapped_private_key = ?3 WHERE account_id = ?1",
        params![account_id, public_key, wrapped],
    )?;
    Ok(())
}

/// She compared the safety code for the advocate's current key; false when that is not their key (any more).
pub fn confirm_key(
    c: &Connection,
    survivor_id: &str,
    advocate_id: &str,
    public_key: &str,
) -> rusqlite::Result<bool> {
    Ok(c.execute(
        "UPDATE advocate_links SET confirmed_key = ?3
         WHERE survivor_id = ?1 AND advocate_id = ?2
           AND ?3 = (SELECT public_key FROM advocates WHERE account_id = ?2)",
        params![survivor_id, advocate_id, public_key],
    )? > 0)
}

/// Stores a new code for `advocate_id` (its hash only), replacing the advocate's unused older ones.
pub fn new_pairing_code(
    c: &mut Connection,
    advocate_id: &str,
    code: &str,
) -> rusqlite::Result<i64> {
    let tx = c.transaction()?;
    let now = now_ms();
    tx.execute(
        "DELETE FROM advocate_pairing_codes WHERE advocate_id = ?1 OR expires_at <= ?2",
        params![advocate_id, now],
    )?;
    let expires_at = now + PAIRING_MS;
    tx.execute(
        "INSERT INTO advocate_pairing_codes (code_hash, advocate_id, expires_at) VALUES (?1, ?2, ?3)",
        params![hash_token(code), advocate_id, expires_at],
    )?;
    tx.commit()?;
    Ok(expires_at)
}

/// The advocate a code names, while it is unused and unexpired (it is not used up by looking).
pub fn advocate_of_code(c: &Connection, code: &str) -> Result<Advocate, AdvocateError> {
    let id: Option<String> = c
        .query_row(
            "SELECT advocate_id FROM advocate_pairing_codes WHERE code_hash = ?1 AND expires_at > ?2",
            params![hash_token(code), now_ms()],
            |r| r.get(0),
        )
        .optional()?;
    let id = id.ok_or(AdvocateError::UnknownCode)?;
    find(c, &id)?.ok_or(AdvocateError::UnknownCode)
}

/// Pairs her with the code's advocate and uses the code up, in one transaction: a code pairs once.
pub fn pair(
    c: &mut Connection,
    survivor_id: &str,
    code: &str,
    known_as: &str,
) -> Result<Advocate, AdvocateError> {
    let tx = c.transaction()?;
    let advocate = advocate_of_code(&tx, code)?;
    if advocate.account_id == survivor_id {
        return Err(AdvocateError::UnknownCode);
    }
    tx.execute(
        "DELETE FROM advocate_pairing_codes WHERE code_hash = ?1",
        [hash_token(code)],
    )?;
    tx.execute(
        "INSERT INTO advocate_links (survivor_id, advocate_id, known_as, created_at, confirmed_key)
         VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (survivor_id, advocate_id) DO UPDATE SET known_as = ?3, confirmed_key = ?5",
        params![
            survivor_id,
            advocate.account_id,
            known_as,
            now_text(),
            advocate.public_key
        ],
    )?;
    tx.commit()?;
    Ok(advocate)
}

fn links(c: &Connection, column: &str, id: &str) -> rusqlite::Result<Vec<Link>> {
    let mut stmt = c.prepare(&format!(
        "SELECT survivor_id, advocate_id, known_as, created_at, confirmed_key FROM advocate_links WHERE {column} = ?1
         ORDER BY created_at"
    ))?;
    stmt.query_map([id], |r| {
        Ok(Link {
            survivor_id: r.get(0)?,
            advocate_id: r.get(1)?,
            known_as: r.get(2)?,
            created_at: r.get(3)?,
            confirmed_key: r.get(4)?,
        })
    })?
    .collect()
}

pub fn links_of_survivor(c: &Connection, survivor_id: &str) -> rusqlite::Result<Vec<Link>> {
    links(c, "survivor_id", survivor_id)
}

pub fn links_of_advocate(c: &Connection, advocate_id: &str) -> rusqlite::Result<Vec<Link>> {
    links(c, "advocate_id", advocate_id)
}

/// Ends a pairing; refused while a running check-in of hers would alert this advocate (docs/checkin.md):
/// whoever has her password must not be able to take her advocate out of her alarm. Its shares go first,
/// each withdrawn as she would (a few parts at a time, so this works on a full disk), and the write-ahead log
/// is emptied, as for a deleted account: the data directory keeps no byte of them.
pub fn unlink(
    c: &mut Connection,
    survivor_id: &str,
    advocate_id: &str,
) -> Result<bool, AdvocateError> {
    if crate::checkin::account::names_advocate(c, survivor_id, advocate_id)? {
        return Err(AdvocateError::InCheckin);
    }
    let ids: Vec<String> = c
        .prepare("SELECT id FROM advocate_shares WHERE survivor_id = ?1 AND advocate_id = ?2")?
        .query_map(params![survivor_id, advocate_id], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for id in ids {
        super::shares::withdraw(c, survivor_id, &id)?;
    }
    let tx = c.transaction()?;
    // Asked again with the deletion: a check-in started meanwhile keeps its advocate.
    if crate::checkin::account::names_advocate(&tx, survivor_id, advocate_id)? {
        return Err(AdvocateError::InCheckin);
    }
    let gone = tx.execute(
        "DELETE FROM advocate_links WHERE survivor_id = ?1 AND advocate_id = ?2",
        params![survivor_id, advocate_id],
    )? > 0;
    tx.commit()?;
    if gone {
        crate::db::checkpoint(c)?;
    }
    Ok(gone)
}
