//! `advocate_links`: who is paired with whom, the name she chose to be known by, and the advocate's key
//! she compared the safety code for.

use crate::db::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::advocates::Advocate;
use super::{pairing_codes, shares};
use crate::advocates::errors::AdvocateError;
use crate::ground::clock::now_text;

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

/// Pairs her with the code's advocate and uses the code up, in one transaction: a code pairs once.
pub fn pair(
    c: &mut Connection,
    survivor_id: &str,
    code: &str,
    known_as: &str,
) -> Result<Advocate, AdvocateError> {
    let tx = c.transaction()?;
    let advocate = pairing_codes::advocate_of_code(&tx, code)?;
    if advocate.account_id == survivor_id {
        return Err(AdvocateError::UnknownCode);
    }
    pairing_codes::use_up(&tx, code)?;
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

/// She compared the safety code for the advocate's current key; false when that is not their key (any more).
pub fn confirm_key(
    c: &Connection,
    survivor_id: &str,
    advocate_id: &str,
    public_key: &str,
) -> crate::db::Result<bool> {
    Ok(c.execute(
        "UPDATE advocate_links SET confirmed_key = ?3
         WHERE survivor_id = ?1 AND advocate_id = ?2
           AND ?3 = (SELECT public_key FROM advocates WHERE account_id = ?2)",
        params![survivor_id, advocate_id, public_key],
    )? > 0)
}

/// The name she is known by to this advocate, while they are paired: how the check-in asks the pairing
/// inside its own transaction (a pairing ended meanwhile answers `None`).
pub fn known_as(
    c: &Connection,
    survivor_id: &str,
    advocate_id: &str,
) -> crate::db::Result<Option<String>> {
    c.query_row(
        "SELECT known_as FROM advocate_links WHERE survivor_id = ?1 AND advocate_id = ?2",
        params![survivor_id, advocate_id],
        |r| r.get(0),
    )
    .optional()
}

/// Whether she is paired with this advocate.
pub fn paired(c: &Connection, survivor_id: &str, advocate_id: &str) -> crate::db::Result<bool> {
    Ok(known_as(c, survivor_id, advocate_id)?.is_some())
}

fn links(c: &Connection, column: &str, id: &str) -> crate::db::Result<Vec<Link>> {
    c.query_map(&format!(
        "SELECT survivor_id, advocate_id, known_as, created_at, confirmed_key FROM advocate_links WHERE {column} = ?1
         ORDER BY created_at"
    ), [id], |r| {
        Ok(Link {
            survivor_id: r.get(0)?,
            advocate_id: r.get(1)?,
            known_as: r.get(2)?,
            created_at: r.get(3)?,
            confirmed_key: r.get(4)?,
        })
    })
}

pub fn links_of_survivor(c: &Connection, survivor_id: &str) -> crate::db::Result<Vec<Link>> {
    links(c, "survivor_id", survivor_id)
}

pub fn links_of_advocate(c: &Connection, advocate_id: &str) -> crate::db::Result<Vec<Link>> {
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
    for id in shares::ids_to_advocate(c, survivor_id, advocate_id)? {
        shares::withdraw(c, survivor_id, &id)?;
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
