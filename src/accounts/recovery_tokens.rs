//! Queries on `recovery_tokens`: one-time links handed over by the operator.

use crate::db::{Connection, OptionalExtension, params};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecoveryRow {
    pub user_id: String,
    pub created_at: i64,
    pub expires_at: i64,
    pub used_at: Option<i64>,
}

pub fn insert(
    conn: &Connection,
    token_hash: &str,
    user_id: &str,
    created_at: i64,
    expires_at: i64,
) -> crate::db::Result<()> {
    conn.execute(
        "INSERT INTO recovery_tokens (token_hash, user_id, created_at, expires_at) \
         VALUES (?1, ?2, ?3, ?4)",
        params![token_hash, user_id, created_at, expires_at],
    )?;
    Ok(())
}

/// Marks the link used and returns it as it was before; None when no such link exists. A link that
/// was used already comes back with its `used_at` and stays as it is.
pub fn claim(
    conn: &Connection,
    token_hash: &str,
    now: i64,
) -> crate::db::Result<Option<RecoveryRow>> {
    let row = conn
        .query_row(
            "SELECT user_id, created_at, expires_at, used_at FROM recovery_tokens \
             WHERE token_hash = ?1",
            [token_hash],
            |r| {
                Ok(RecoveryRow {
                    user_id: r.get(0)?,
                    created_at: r.get(1)?,
                    expires_at: r.get(2)?,
                    used_at: r.get(3)?,
                })
            },
        )
        .optional()?;
    if row.as_ref().is_some_and(|r| r.used_at.is_none()) {
        conn.execute(
            "UPDATE recovery_tokens SET used_at = ?2 WHERE token_hash = ?1",
            params![token_hash, now],
        )?;
    }
    Ok(row)
}

/// A new link replaces the account's earlier ones: only the latest one handed over works.
pub fn delete_for_user(conn: &Connection, user_id: &str) -> crate::db::Result<usize> {
    conn.execute("DELETE FROM recovery_tokens WHERE user_id = ?1", [user_id])
}

/// Forgets links that expired before `before`.
pub fn purge_expired(conn: &Connection, before: i64) -> crate::db::Result<usize> {
    conn.execute(
        "DELETE FROM recovery_tokens WHERE expires_at < ?1",
        [before],
    )
}
