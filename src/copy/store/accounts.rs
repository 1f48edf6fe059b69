//! `copy_accounts`: one row per account with a copy, holding its size, when it last changed and its two
//! keys (the recovery wrap of her data key, the outbox public key).

use crate::db::{Connection, OptionalExtension, Transaction, params};
use serde::Serialize;

use crate::copy::errors::CopyError;
use crate::ground::clock::now_text;

#[derive(Debug, Serialize, PartialEq)]
pub struct Keys {
    pub recovery_wrap: Option<String>,
    pub outbox_public_key: Option<String>,
}

/// The account's keys (none until one is set), its size and when its copy last changed; `None` before
/// anything is stored.
pub fn head(
    c: &Connection,
    account: &str,
) -> crate::db::Result<Option<(Option<Keys>, i64, String)>> {
    c.query_row(
        "SELECT recovery_wrap, outbox_public_key, bytes, updated_at FROM copy_accounts
         WHERE account_id = ?1",
        [account],
        |r| {
            let keys = Keys {
                recovery_wrap: r.get(0)?,
                outbox_public_key: r.get(1)?,
            };
            let keys =
                (keys.recovery_wrap.is_some() || keys.outbox_public_key.is_some()).then_some(keys);
            Ok((keys, r.get(2)?, r.get(3)?))
        },
    )
    .optional()
}

/// The size of every account's copy together, counted as the quotas count it.
pub fn total_bytes(c: &Connection) -> crate::db::Result<i64> {
    c.query_row(
        "SELECT COALESCE(SUM(bytes), 0) FROM copy_accounts",
        [],
        |r| r.get(0),
    )
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
                Ok(text_len(r.get::<Option<String>>(0)?.as_deref())
                    + text_len(r.get::<Option<String>>(1)?.as_deref()))
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

/// The account's row goes last, once its records and chunks are gone (`deletion::delete_all`).
pub(super) fn forget(c: &Connection, account: &str) -> crate::db::Result<()> {
    c.execute("DELETE FROM copy_accounts WHERE account_id = ?1", [account])?;
    Ok(())
}
