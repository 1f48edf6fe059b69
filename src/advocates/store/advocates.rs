//! `advocates`: one row per advocate account, with the name the operator gave it and the keys made in
//! the advocate's browser (a public key, and a private key wrapped so that the server cannot open it).

use crate::db::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::shares;
use crate::advocates::errors::AdvocateError;
use crate::ground::clock::now_text;

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Advocate {
    pub account_id: String,
    pub name: String,
    pub public_key: Option<String>,
    pub wrapped_private_key: Option<String>,
    pub created_at: String,
}

fn advocate(r: &crate::db::Row<'_>) -> crate::db::Result<Advocate> {
    Ok(Advocate {
        account_id: r.get(0)?,
        name: r.get(1)?,
        public_key: r.get(2)?,
        wrapped_private_key: r.get(3)?,
        created_at: r.get(4)?,
    })
}

const COLUMNS: &str = "account_id, name, public_key, wrapped_private_key, created_at";

pub fn insert(c: &Connection, account_id: &str, name: &str) -> crate::db::Result<()> {
    c.execute(
        "INSERT INTO advocates (account_id, name, created_at) VALUES (?1, ?2, ?3)",
        params![account_id, name, now_text()],
    )?;
    Ok(())
}

pub fn find(c: &Connection, account_id: &str) -> crate::db::Result<Option<Advocate>> {
    c.query_row(
        &format!("SELECT {COLUMNS} FROM advocates WHERE account_id = ?1"),
        [account_id],
        advocate,
    )
    .optional()
}

pub fn list(c: &Connection) -> crate::db::Result<Vec<Advocate>> {
    c.query_map(
        &format!("SELECT {COLUMNS} FROM advocates ORDER BY created_at, name"),
        [],
        advocate,
    )
}

/// Keys made in the advocate's browser; new keys end every pairing's use of the old ones, so her
/// shares must be sent again (docs/advocates.md). The keys and the end of the shares sealed to the old
/// ones are one transaction.
pub fn set_keys(
    c: &mut Connection,
    account_id: &str,
    public_key: &str,
    wrapped: &str,
) -> Result<(), AdvocateError> {
    let tx = c.transaction()?;
    let replaced = tx.execute(
        "UPDATE advocates SET public_key = ?2, wrapped_private_key = ?3
         WHERE account_id = ?1 AND public_key IS NOT NULL AND public_key != ?2",
        params![account_id, public_key, wrapped],
    )? > 0;
    if replaced {
        // What was sealed to the old key can no longer be opened by anyone: it goes, out of the log too.
        shares::delete_to_advocate(&tx, account_id)?;
    } else {
        tx.execute(
            "UPDATE advocates SET public_key = ?2, wrapped_private_key = ?3 WHERE account_id = ?1",
            params![account_id, public_key, wrapped],
        )?;
    }
    tx.commit()?;
    if replaced {
        crate::db::checkpoint(c)?;
    }
    Ok(())
}
