//! Queries on `users` and `identities`.

use rusqlite::{Connection, OptionalExtension, Row, params};
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

#[derive(Debug, Clone)]
pub struct IdentityRow {
    pub id: String,
    pub provider: String,
    pub provider_id: String,
    pub user_id: String,
    pub identity_data: Value,
    pub email: Option<String>,
    pub last_sign_in_at: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

const USER_COLUMNS: &str = "id, email, password_hash, user_metadata, app_metadata, email_confirmed_at, \
                            last_sign_in_at, created_at, updated_at";
const IDENTITY_COLUMNS: &str = "id, provider, provider_id, user_id, identity_data, email, last_sign_in_at, \
                                created_at, updated_at";

fn json(text: String) -> Value {
    serde_json::from_str(&text).unwrap_or_else(|_| Value::Object(Default::default()))
}

fn user(r: &Row<'_>) -> rusqlite::Result<UserRow> {
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

fn identity(r: &Row<'_>) -> rusqlite::Result<IdentityRow> {
    Ok(IdentityRow {
        id: r.get(0)?,
        provider: r.get(1)?,
        provider_id: r.get(2)?,
        user_id: r.get(3)?,
        identity_data: json(r.get(4)?),
        email: r.get(5)?,
        last_sign_in_at: r.get(6)?,
        created_at: r.get(7)?,
        updated_at: r.get(8)?,
    })
}

/// A user with its identities, in creation order.
pub fn find_with_identities(
    conn: &Connection,
    id: &str,
) -> rusqlite::Result<Option<(UserRow, Vec<IdentityRow>)>> {
    let Some(row) = find_by_id(conn, id)? else {
        return Ok(None);
    };
    Ok(Some((row, identities_of(conn, id)?)))
}

/// `email` must already be normalised (trimmed, lower case).
pub fn find_by_email(conn: &Connection, email: &str) -> rusqlite::Result<Option<UserRow>> {
    conn.query_row(
        &format!("SELECT {USER_COLUMNS} FROM users WHERE email = ?1"),
        [email],
        user,
    )
    .optional()
}

pub fn find_by_id(conn: &Connection, id: &str) -> rusqlite::Result<Option<UserRow>> {
    conn.query_row(
        &format!("SELECT {USER_COLUMNS} FROM users WHERE id = ?1"),
        [id],
        user,
    )
    .optional()
}

pub fn insert(conn: &Connection, u: &UserRow) -> rusqlite::Result<()> {
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
) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE users SET user_metadata = ?2, app_metadata = ?3, updated_at = ?4 WHERE id = ?1",
        params![id, user_metadata.to_string(), app_metadata.to_string(), now],
    )?;
    Ok(())
}

pub fn set_password(conn: &Connection, id: &str, hash: &str, now: &str) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE users SET password_hash = ?2, updated_at = ?3 WHERE id = ?1",
        params![id, hash, now],
    )?;
    Ok(())
}

pub fn touch_sign_in(conn: &Connection, id: &str, now: &str) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE users SET last_sign_in_at = ?2, updated_at = ?2 WHERE id = ?1",
        params![id, now],
    )?;
    Ok(())
}

pub fn identities_of(conn: &Connection, user_id: &str) -> rusqlite::Result<Vec<IdentityRow>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {IDENTITY_COLUMNS} FROM identities WHERE user_id = ?1 ORDER BY created_at, id"
    ))?;
    let rows = stmt.query_map([user_id], identity)?;
    rows.collect()
}

pub fn find_identity(
    conn: &Connection,
    provider: &str,
    provider_id: &str,
) -> rusqlite::Result<Option<IdentityRow>> {
    conn.query_row(
        &format!(
            "SELECT {IDENTITY_COLUMNS} FROM identities WHERE provider = ?1 AND provider_id = ?2"
        ),
        [provider, provider_id],
        identity,
    )
    .optional()
}

pub fn insert_identity(conn: &Connection, i: &IdentityRow) -> rusqlite::Result<()> {
    conn.execute(
        &format!(
            "INSERT INTO identities ({IDENTITY_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"
        ),
        params![
            i.id,
            i.provider,
            i.provider_id,
            i.user_id,
            i.identity_data.to_string(),
            i.email,
            i.last_sign_in_at,
            i.created_at,
            i.updated_at
        ],
    )?;
    Ok(())
}

pub fn update_identity(
    conn: &Connection,
    id: &str,
    identity_data: &Value,
    now: &str,
) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE identities SET identity_data = ?2, last_sign_in_at = ?3, updated_at = ?3 WHERE id = ?1",
        params![id, identity_data.to_string(), now],
    )?;
    Ok(())
}
