//! Queries on the `identities` table: how an account signs in (e-mail, Google), one row per provider.

use crate::db::{Connection, OptionalExtension, Row, params};
use serde_json::Value;

use super::store::{UserRow, find_by_id, json};

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

const IDENTITY_COLUMNS: &str = "id, provider, provider_id, user_id, identity_data, email, last_sign_in_at, \
                                created_at, updated_at";

fn identity(r: &Row<'_>) -> crate::db::Result<IdentityRow> {
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

pub fn identities_of(conn: &Connection, user_id: &str) -> crate::db::Result<Vec<IdentityRow>> {
    conn.query_map(
        &format!(
            "SELECT {IDENTITY_COLUMNS} FROM identities WHERE user_id = ?1 ORDER BY created_at, id"
        ),
        [user_id],
        identity,
    )
}

pub fn find_identity(
    conn: &Connection,
    provider: &str,
    provider_id: &str,
) -> crate::db::Result<Option<IdentityRow>> {
    conn.query_row(
        &format!(
            "SELECT {IDENTITY_COLUMNS} FROM identities WHERE provider = ?1 AND provider_id = ?2"
        ),
        [provider, provider_id],
        identity,
    )
    .optional()
}

pub fn insert_identity(conn: &Connection, i: &IdentityRow) -> crate::db::Result<()> {
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
) -> crate::db::Result<()> {
    conn.execute(
        "UPDATE identities SET identity_data = ?2, last_sign_in_at = ?3, updated_at = ?3 WHERE id = ?1",
        params![id, identity_data.to_string(), now],
    )?;
    Ok(())
}

/// A user with its identities, in creation order.
pub fn find_with_identities(
    conn: &Connection,
    id: &str,
) -> crate::db::Result<Option<(UserRow, Vec<IdentityRow>)>> {
    let Some(row) = find_by_id(conn, id)? else {
        return Ok(None);
    };
    Ok(Some((row, identities_of(conn, id)?)))
}
