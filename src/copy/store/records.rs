//! `copy_records`: her records, each a ciphertext with its kind and version.

use crate::db::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::accounts::grow;
use crate::copy::errors::CopyError;
use crate::ground::clock::now_text;
use crate::room::size::stored_size;

/// One record as the index lists it: no content.
#[derive(Debug, Serialize, PartialEq)]
pub struct RecordInfo {
    pub id: String,
    pub kind: String,
    pub version: i64,
    pub size: i64,
    pub updated_at: String,
}

#[derive(Debug, Serialize)]
pub struct Record {
    pub id: String,
    pub kind: String,
    pub version: i64,
    #[serde(skip)]
    pub data: Vec<u8>,
    pub updated_at: String,
}

/// Every record of the account, without its content, oldest change first.
pub fn list(c: &Connection, account: &str) -> crate::db::Result<Vec<RecordInfo>> {
    c.query_map(
        "SELECT id, kind, version, length(data), updated_at FROM copy_records WHERE account_id = ?1
         ORDER BY updated_at, id",
        [account],
        |r| {
            Ok(RecordInfo {
                id: r.get(0)?,
                kind: r.get(1)?,
                version: r.get(2)?,
                size: r.get(3)?,
                updated_at: r.get(4)?,
            })
        },
    )
}

/// Stores a record whose `version` is newer than the stored one; an older or equal version is a
/// conflict the app resolves (docs/vault.md: the higher version wins, the other is kept as a copy).
pub fn put(
    c: &mut Connection,
    account: &str,
    record: &Record,
    limit: u64,
) -> Result<(), CopyError> {
    let tx = c.transaction()?;
    let stored: Option<(i64, i64)> = tx
        .query_row(
            "SELECT version, length(data) FROM copy_records WHERE account_id = ?1 AND id = ?2",
            params![account, record.id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    if let Some((version, _)) = stored
        && version >= record.version
    {
        return Err(CopyError::Conflict {
            current_version: version,
        });
    }
    let old = stored.map_or(0, |(_, size)| stored_size(size as usize));
    grow(&tx, account, stored_size(record.data.len()) - old, limit)?;
    tx.execute(
        "INSERT INTO copy_records (account_id, id, kind, version, data, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (account_id, id) DO UPDATE SET kind = ?3, version = ?4, data = ?5, updated_at = ?6",
        params![account, record.id, record.kind, record.version, record.data, now_text()],
    )?;
    tx.commit()?;
    Ok(())
}

pub fn get(c: &Connection, account: &str, id: &str) -> crate::db::Result<Option<Record>> {
    c.query_row(
        "SELECT id, kind, version, data, updated_at FROM copy_records WHERE account_id = ?1 AND id = ?2",
        params![account, id],
        |r| {
            Ok(Record {
                id: r.get(0)?,
                kind: r.get(1)?,
                version: r.get(2)?,
                data: r.get(3)?,
                updated_at: r.get(4)?,
            })
        },
    )
    .optional()
}

/// False when there was no such record.
pub fn delete(c: &mut Connection, account: &str, id: &str) -> Result<bool, CopyError> {
    let tx = c.transaction()?;
    let size: Option<i64> = tx
        .query_row(
            "SELECT length(data) FROM copy_records WHERE account_id = ?1 AND id = ?2",
            params![account, id],
            |r| r.get(0),
        )
        .optional()?;
    let Some(size) = size else { return Ok(false) };
    tx.execute(
        "DELETE FROM copy_records WHERE account_id = ?1 AND id = ?2",
        params![account, id],
    )?;
    grow(&tx, account, -stored_size(size as usize), u64::MAX)?;
    tx.commit()?;
    Ok(true)
}
