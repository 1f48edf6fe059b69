//! Queries on `sessions` and `refresh_tokens`. Times are unix milliseconds.

use crate::db::{Connection, OptionalExtension, Row, params};

#[derive(Debug, Clone)]
pub struct SessionRow {
    pub id: String,
    pub user_id: String,
    pub amr_method: String,
    pub created_at: i64,
    /// The last refresh-token rotation; `None` until the first one.
    pub refreshed_at: Option<i64>,
}

#[derive(Debug, Clone)]
pub struct RefreshRow {
    pub id: i64,
    pub session_id: String,
    pub parent_id: Option<i64>,
    pub salt: String,
    pub revoked_at: Option<i64>,
}

fn session(r: &Row<'_>) -> crate::db::Result<SessionRow> {
    Ok(SessionRow {
        id: r.get(0)?,
        user_id: r.get(1)?,
        amr_method: r.get(2)?,
        created_at: r.get(3)?,
        refreshed_at: r.get(4)?,
    })
}

fn refresh(r: &Row<'_>) -> crate::db::Result<RefreshRow> {
    Ok(RefreshRow {
        id: r.get(0)?,
        session_id: r.get(1)?,
        parent_id: r.get(2)?,
        salt: r.get(3)?,
        revoked_at: r.get(4)?,
    })
}

pub fn insert(conn: &Connection, s: &SessionRow) -> crate::db::Result<()> {
    conn.execute(
        "INSERT INTO sessions (id, user_id, amr_method, created_at) VALUES (?1, ?2, ?3, ?4)",
        params![s.id, s.user_id, s.amr_method, s.created_at],
    )?;
    Ok(())
}

pub fn find(conn: &Connection, id: &str) -> crate::db::Result<Option<SessionRow>> {
    conn.query_row(
        "SELECT id, user_id, amr_method, created_at, refreshed_at FROM sessions WHERE id = ?1",
        [id],
        session,
    )
    .optional()
}

pub fn mark_refreshed(conn: &Connection, id: &str, now: i64) -> crate::db::Result<()> {
    conn.execute(
        "UPDATE sessions SET refreshed_at = ?2 WHERE id = ?1",
        params![id, now],
    )?;
    Ok(())
}

/// Deletes one session; its refresh tokens go with it (cascade).
pub fn delete(conn: &Connection, id: &str) -> crate::db::Result<usize> {
    conn.execute("DELETE FROM sessions WHERE id = ?1", [id])
}

/// Deletes every session of a user, or every one but `keep`.
pub fn delete_for_user(
    conn: &Connection,
    user_id: &str,
    keep: Option<&str>,
) -> crate::db::Result<usize> {
    conn.execute(
        "DELETE FROM sessions WHERE user_id = ?1 AND id IS DISTINCT FROM ?2",
        params![user_id, keep],
    )
}

pub fn insert_refresh(
    conn: &Connection,
    session_id: &str,
    token_hash: &str,
    parent_id: Option<i64>,
    salt: &str,
    now: i64,
) -> crate::db::Result<i64> {
    conn.query_row(
        "INSERT INTO refresh_tokens (token_hash, session_id, parent_id, salt, created_at) \
         VALUES (?1, ?2, ?3, ?4, ?5) RETURNING id",
        params![token_hash, session_id, parent_id, salt, now],
        |r| r.get(0),
    )
}

pub fn find_refresh(conn: &Connection, token_hash: &str) -> crate::db::Result<Option<RefreshRow>> {
    conn.query_row(
        "SELECT id, session_id, parent_id, salt, revoked_at FROM refresh_tokens WHERE token_hash = ?1",
        [token_hash],
        refresh,
    )
    .optional()
}

/// The newest token of the session that is still usable.
pub fn active_refresh(
    conn: &Connection,
    session_id: &str,
) -> crate::db::Result<Option<RefreshRow>> {
    conn.query_row(
        "SELECT id, session_id, parent_id, salt, revoked_at FROM refresh_tokens \
         WHERE session_id = ?1 AND revoked_at IS NULL ORDER BY id DESC LIMIT 1",
        [session_id],
        refresh,
    )
    .optional()
}

pub fn revoke_refresh(conn: &Connection, id: i64, now: i64) -> crate::db::Result<()> {
    conn.execute(
        "UPDATE refresh_tokens SET revoked_at = ?2 WHERE id = ?1 AND revoked_at IS NULL",
        params![id, now],
    )?;
    Ok(())
}

/// Deletes sessions that started before `timebox_before` or were last active before `idle_before`
/// (`None`: that limit is off).
pub fn purge_ended(
    conn: &Connection,
    timebox_before: Option<i64>,
    idle_before: Option<i64>,
) -> crate::db::Result<usize> {
    conn.execute(
        "DELETE FROM sessions WHERE created_at < ?1 OR (created_at < ?2 AND coalesce(refreshed_at, 0) < ?2)",
        params![timebox_before, idle_before],
    )
}

/// Forgets tokens revoked before `before`; a reuse of one of them then reads as an unknown token.
pub fn purge_revoked(conn: &Connection, before: i64) -> crate::db::Result<usize> {
    conn.execute(
        "DELETE FROM refresh_tokens WHERE revoked_at IS NOT NULL AND revoked_at < ?1",
        [before],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn purge_forgets_only_long_revoked_tokens_and_deleting_a_session_takes_its_tokens() {
        for (_dir, c) in crate::db::stand_in::both_engines() {
            purge_and_delete(&c);
        }
    }

    fn purge_and_delete(c: &Connection) {
        c.execute(
            "INSERT INTO users (id, email, created_at, updated_at) VALUES ('u', 'u@x.org', 't', 't')",
            [],
        )
        .unwrap();
        let s = SessionRow {
            id: "s".into(),
            user_id: "u".into(),
            amr_method: "password".into(),
            created_at: 0,
            refreshed_at: None,
        };
        insert(c, &s).unwrap();
        let old = insert_refresh(c, "s", "h1", None, "salt", 0).unwrap();
        let recent = insert_refresh(c, "s", "h2", Some(old), "salt", 0).unwrap();
        let live = insert_refresh(c, "s", "h3", Some(recent), "salt", 0).unwrap();
        revoke_refresh(c, old, 100).unwrap();
        revoke_refresh(c, recent, 5_000).unwrap();
        assert_eq!(purge_revoked(c, 1_000).unwrap(), 1);
        assert!(find_refresh(c, "h1").unwrap().is_none());
        assert!(find_refresh(c, "h2").unwrap().is_some());
        assert_eq!(active_refresh(c, "s").unwrap().unwrap().id, live);
        assert_eq!(delete(c, "s").unwrap(), 1);
        assert!(find_refresh(c, "h3").unwrap().is_none(), "cascade");
    }
}
