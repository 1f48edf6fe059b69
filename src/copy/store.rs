//! The copy's storage: each function one transaction on the copy's tables (a deletion one per batch),
//! keeping the account's size (`copy_accounts.bytes`) equal to what it stores, each row counted as it
//! really takes on the disk (`crate::db::stored_size`), so the limit is checked before anything is written.

use rusqlite::{Connection, OptionalExtension, Transaction, params};
use serde::Serialize;

use super::errors::CopyError;
use crate::db::stored_size;
use crate::ground::clock::now_text;

/// One record as the index lists it: no content.
#[derive(Debug, Serialize, PartialEq)]
pub struct RecordInfo {
    pub id: String,
    pub kind: String,
    pub version: i64,
    pub size: i64,
    pub updated_at: String,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct Keys {
    pub recovery_wrap: Option<String>,
    pub outbox_public_key: Option<String>,
}

/// What the app reads first on a device: the keys, every record's version, the size and the limit.
#[derive(Debug, Serialize)]
pub struct Index {
    pub keys: Option<Keys>,
    pub records: Vec<RecordInfo>,
    pub bytes: i64,
    pub updated_at: Option<String>,
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

/// What the operator may see of a copy: its size and when it last changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Usage {
    pub bytes: i64,
    pub updated_at: String,
}

pub fn usage(c: &Connection, account: &str) -> rusqlite::Result<Option<Usage>> {
    c.query_row(
        "SELECT bytes, updated_at FROM copy_accounts WHERE account_id = ?1",
        [account],
        |r| {
            Ok(Usage {
                bytes: r.get(0)?,
                updated_at: r.get(1)?,
            })
        },
    )
    .optional()
}

pub fn index(c: &Connection, account: &str) -> rusqlite::Result<Index> {
    let head = c
        .query_row(
            "SELECT recovery_wrap, outbox_public_key, bytes, updated_at FROM copy_accounts
             WHERE account_id = ?1",
            [account],
            |r| {
                let keys = Keys {
                    recovery_wrap: r.get(0)?,
                    outbox_public_key: r.get(1)?,
                };
                Ok((keys, r.get::<_, i64>(2)?, r.get::<_, String>(3)?))
            },
        )
        .optional()?;
    let mut stmt = c.prepare_cached(
        "SELECT id, kind, version, length(data), updated_at FROM copy_records WHERE account_id = ?1
         ORDER BY updated_at, id",
    )?;
    let records = stmt
        .query_map([account], |r| {
            Ok(RecordInfo {
                id: r.get(0)?,
                kind: r.get(1)?,
                version: r.get(2)?,
                size: r.get(3)?,
                updated_at: r.get(4)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(match head {
        Some((keys, bytes, updated_at)) => {
            let keys =
                (keys.recovery_wrap.is_some() || keys.outbox_public_key.is_some()).then_some(keys);
            Index {
                keys,
                records,
                bytes,
                updated_at: Some(updated_at),
            }
        }
        None => Index {
            keys: None,
            records,
            bytes: 0,
            updated_at: None,
        },
    })
}

/// Adds `delta` bytes to the account's size, refusing the change when it would pass `limit`.
pub(super) fn grow(
    tx: &Transaction<'_>,
    account: &str,
    delta: i64,
    limit: u64,
) -> Result<(), CopyError> {
    let now = now_text();
    tx.execute(
        "INSERT INTO copy_accounts (account_id, bytes, updated_at) VALUES (?1, 0, ?2)
         ON CONFLICT (account_id) DO NOTHING",
        params![account, now],
    )?;
    let bytes: i64 = tx.query_row(
        "SELECT bytes FROM copy_accounts WHERE account_id = ?1",
        [account],
        |r| r.get(0),
    )?;
    let after = bytes + delta;
    if delta > 0 && after as u64 > limit {
        return Err(CopyError::Full);
    }
    tx.execute(
        "UPDATE copy_accounts SET bytes = ?2, updated_at = ?3 WHERE account_id = ?1",
        params![account, after.max(0), now],
    )?;
    Ok(())
}

fn text_len(t: Option<&str>) -> i64 {
    t.map_or(0, |t| t.len() as i64)
}

pub fn set_keys(
    c: &mut Connection,
    account: &str,
    keys: &Keys,
    limit: u64,
) -> Result<(), CopyError> {
    let tx = c.transaction()?;
    let old = tx
        .query_row(
            "SELECT recovery_wrap, outbox_public_key FROM copy_accounts WHERE account_id = ?1",
            [account],
            |r| {
                Ok(text_len(r.get::<_, Option<String>>(0)?.as_deref())
                    + text_len(r.get::<_, Option<String>>(1)?.as_deref()))
            },
        )
        .optional()?
        .unwrap_or(0);
    let new = text_len(keys.recovery_wrap.as_deref()) + text_len(keys.outbox_public_key.as_deref());
    grow(&tx, account, new - old, limit)?;
    tx.execute(
        "UPDATE copy_accounts SET recovery_wrap = ?2, outbox_public_key = ?3 WHERE account_id = ?1",
        params![account, keys.recovery_wrap, keys.outbox_public_key],
    )?;
    tx.commit()?;
    Ok(())
}

/// Stores a record whose `version` is newer than the stored one; an older or equal version is a
/// conflict the app resolves (docs/vault.md: the higher version wins, the other is kept as a copy).
pub fn put_record(
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

pub fn record(c: &Connection, account: &str, id: &str) -> rusqlite::Result<Option<Record>> {
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

pub fn delete_record(c: &mut Connection, account: &str, id: &str) -> Result<bool, CopyError> {
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
