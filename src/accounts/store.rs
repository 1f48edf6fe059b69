//! Queries on the `users` table: the accounts as the auth service reads and writes them, and as the
//! operator sees them (no password hash, no metadata).

use crate::db::{Connection, OptionalExtension, Row, params};
use serde_json::Value;

#[derive(Debug, Clone)]
pub struct UserRow {
    pub id: String,
    pub email: String,
    pub password_hash: Option<String>,
    pub user_metadata: Value,
    pub app_metadata: Value,
    pub email_confirmed_at: Option<String>,
    pub last_sign_in_at: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

const USER_COLUMNS: &str = "id, email, password_hash, user_metadata, app_metadata, email_confirmed_at, \
                            last_sign_in_at, created_at, updated_at";
pub(super) fn json(text: String) -> Value {
    serde_json::from_str(&text).unwrap_or_else(|_| Value::Object(Default::default()))
}

fn user(r: &Row<'_>) -> crate::db::Result<UserRow> {
    Ok(UserRow {
        id: r.get(0)?,
        email: r.get(1)?,
        password_hash: r.get(2)?,
        user_metadata: json(r.get(3)?),
        app_metadata: json(r.get(4)?),
        email_confirmed_at: r.get(5)?,
        last_sign_in_at: r.get(6)?,
        created_at: r.get(7)?,
        updated_at: r.get(8)?,
    })
}

/// `email` must already be normalised (trimmed, lower case).
pub fn find_by_email(conn: &Connection, email: &str) -> crate::db::Result<Option<UserRow>> {
    conn.query_row(
        &format!("SELECT {USER_COLUMNS} FROM users WHERE email = ?1"),
        [email],
        user,
    )
    .optional()
}

pub fn find_by_id(conn: &Connection, id: &str) -> crate::db::Result<Option<UserRow>> {
    conn.query_row(
        &format!("SELECT {USER_COLUMNS} FROM users WHERE id = ?1"),
        [id],
        user,
    )
    .optional()
}

pub fn insert(conn: &Connection, u: &UserRow) -> crate::db::Result<()> {
    conn.execute(
        &format!("INSERT INTO users ({USER_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"),
        params![
            u.id,
            u.email,
            u.password_hash,
            u.user_metadata.to_string(),
            u.app_metadata.to_string(),
            u.email_confirmed_at,
            u.last_sign_in_at,
            u.created_at,
            u.updated_at
        ],
    )?;
    Ok(())
}

pub fn update_metadata(
    conn: &Connection,
    id: &str,
    user_metadata: &Value,
    app_metadata: &Value,
    now: &str,
) -> crate::db::Result<()> {
    conn.execute(
        "UPDATE users SET user_metadata = ?2, app_metadata = ?3, updated_at = ?4 WHERE id = ?1",
        params![id, user_metadata.to_string(), app_metadata.to_string(), now],
    )?;
    Ok(())
}

pub fn set_password(conn: &Connection, id: &str, hash: &str, now: &str) -> crate::db::Result<()> {
    conn.execute(
        "UPDATE users SET password_hash = ?2, updated_at = ?3 WHERE id = ?1",
        params![id, hash, now],
    )?;
    Ok(())
}

pub fn touch_sign_in(conn: &Connection, id: &str, now: &str) -> crate::db::Result<()> {
    conn.execute(
        "UPDATE users SET last_sign_in_at = ?2, updated_at = ?2 WHERE id = ?1",
        params![id, now],
    )?;
    Ok(())
}

/// One account as the operator sees it: no password hash, no metadata.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountRow {
    pub id: String,
    pub email: String,
    pub created_at: String,
    pub last_sign_in_at: Option<String>,
    pub banned_until: Option<String>,
    /// Sign-in methods, e.g. "email", "google".
    pub providers: Vec<String>,
    pub sessions: i64,
    /// Confirmed two-step sign-in factors.
    pub factors: i64,
}

const COLUMNS: &str = "u.id, u.email, u.created_at, u.last_sign_in_at, u.banned_until, \
     (SELECT string_agg(provider, ',') FROM identities i WHERE i.user_id = u.id), \
     (SELECT count(*) FROM sessions s WHERE s.user_id = u.id), \
     (SELECT count(*) FROM mfa_factors f WHERE f.user_id = u.id AND f.status = 'verified')";

fn account(r: &Row<'_>) -> crate::db::Result<AccountRow> {
    let providers: Option<String> = r.get(5)?;
    let mut providers: Vec<String> = providers
        .unwrap_or_default()
        .split(',')
        .filter(|p| !p.is_empty())
        .map(str::to_string)
        .collect();
    providers.sort();
    providers.dedup();
    Ok(AccountRow {
        id: r.get(0)?,
        email: r.get(1)?,
        created_at: r.get(2)?,
        last_sign_in_at: r.get(3)?,
        banned_until: r.get(4)?,
        providers,
        sessions: r.get(6)?,
        factors: r.get(7)?,
    })
}

/// Every account, oldest first.
pub fn list(conn: &Connection) -> crate::db::Result<Vec<AccountRow>> {
    conn.query_map(
        &format!("SELECT {COLUMNS} FROM users u ORDER BY u.created_at, u.id"),
        [],
        account,
    )
}

/// `key` is an account id or a normalised (trimmed, lower-case) e-mail address.
pub fn find(conn: &Connection, key: &str) -> crate::db::Result<Option<AccountRow>> {
    conn.query_row(
        &format!("SELECT {COLUMNS} FROM users u WHERE u.id = ?1 OR u.email = ?1"),
        [key],
        account,
    )
    .optional()
}

/// Sets or clears (None) the time until which the account may not sign in.
pub fn set_banned_until(
    conn: &Connection,
    id: &str,
    until: Option<&str>,
    now: &str,
) -> crate::db::Result<()> {
    conn.execute(
        "UPDATE users SET banned_until = ?2, updated_at = ?3 WHERE id = ?1",
        params![id, until, now],
    )?;
    Ok(())
}

/// The account's address, if it exists: where the check-in's alarm e-mails an advocate.
pub fn email_of(conn: &Connection, id: &str) -> crate::db::Result<Option<String>> {
    conn.query_row("SELECT email FROM users WHERE id = ?1", [id], |r| r.get(0))
        .optional()
}

/// The account's `banned_until`, if it exists and has one.
pub fn banned_until(conn: &Connection, id: &str) -> crate::db::Result<Option<String>> {
    Ok(conn
        .query_row("SELECT banned_until FROM users WHERE id = ?1", [id], |r| {
            r.get::<Option<String>>(0)
        })
        .optional()?
        .flatten())
}

/// Deletes the account; its identities, sessions, refresh tokens, sign-ins in progress and recovery
/// links go with it (ON DELETE CASCADE).
pub fn delete(conn: &Connection, id: &str) -> crate::db::Result<usize> {
    conn.execute("DELETE FROM users WHERE id = ?1", [id])
}

/// One page of account ids, newest first (GoTrue's default order for its admin list).
pub fn page_ids(conn: &Connection, limit: u64, offset: u64) -> crate::db::Result<Vec<String>> {
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let offset = i64::try_from(offset).unwrap_or(i64::MAX);
    conn.query_map(
        "SELECT id FROM users ORDER BY created_at DESC, id DESC LIMIT ?1 OFFSET ?2",
        params![limit, offset],
        |r| r.get(0),
    )
}

pub fn count(conn: &Connection) -> crate::db::Result<u64> {
    conn.query_row("SELECT count(*) FROM users", [], |r| r.get::<i64>(0))
        .map(|n| n.max(0) as u64)
}

/// Changes the account's address and its e-mail identity's with it. `email` must be normalised.
pub fn set_email(conn: &Connection, id: &str, email: &str, now: &str) -> crate::db::Result<()> {
    conn.execute(
        "UPDATE users SET email = ?2, updated_at = ?3 WHERE id = ?1",
        params![id, email, now],
    )?;
    // The identity's JSON is changed here rather than by the engine: SQLite's json_set and PostgreSQL's
    // jsonb_set are two dialects.
    let identities = conn.query_map(
        "SELECT id, identity_data FROM identities WHERE user_id = ?1 AND provider = 'email'",
        [id],
        |r| Ok((r.get::<String>(0)?, r.get::<String>(1)?)),
    )?;
    for (identity, data) in identities {
        let mut data: Value =
            serde_json::from_str(&data).unwrap_or_else(|_| Value::Object(Default::default()));
        if let Value::Object(fields) = &mut data {
            fields.insert("email".into(), Value::String(email.into()));
        }
        conn.execute(
            "UPDATE identities SET email = ?2, updated_at = ?3, identity_data = ?4 WHERE id = ?1",
            params![identity, email, now, data.to_string()],
        )?;
    }
    Ok(())
}
