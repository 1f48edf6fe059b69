//! Queries on `oauth_flows`: Google sign-ins between /authorize and /callback (and the PKCE exchange).

use crate::db::{Connection, OptionalExtension, Row, params};

#[derive(Debug, Clone)]
pub struct FlowRow {
    pub id: String,
    pub redirect_to: String,
    pub code_challenge: Option<String>,
    pub code_challenge_method: Option<String>,
    pub google_verifier: String,
    pub user_id: Option<String>,
    pub provider_access_token: Option<String>,
    pub provider_refresh_token: Option<String>,
    pub created_at: i64,
    pub code_issued_at: Option<i64>,
}

const COLUMNS: &str = "id, redirect_to, code_challenge, code_challenge_method, google_verifier, user_id, \
                       provider_access_token, provider_refresh_token, created_at, code_issued_at";

fn flow(r: &Row<'_>) -> crate::db::Result<FlowRow> {
    Ok(FlowRow {
        id: r.get(0)?,
        redirect_to: r.get(1)?,
        code_challenge: r.get(2)?,
        code_challenge_method: r.get(3)?,
        google_verifier: r.get(4)?,
        user_id: r.get(5)?,
        provider_access_token: r.get(6)?,
        provider_refresh_token: r.get(7)?,
        created_at: r.get(8)?,
        code_issued_at: r.get(9)?,
    })
}

pub fn insert(conn: &Connection, f: &FlowRow) -> crate::db::Result<()> {
    conn.execute(
        "INSERT INTO oauth_flows (id, redirect_to, code_challenge, code_challenge_method, google_verifier, \
         created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            f.id,
            f.redirect_to,
            f.code_challenge,
            f.code_challenge_method,
            f.google_verifier,
            f.created_at
        ],
    )?;
    Ok(())
}

pub fn find_by_code(conn: &Connection, code_hash: &str) -> crate::db::Result<Option<FlowRow>> {
    conn.query_row(
        &format!("SELECT {COLUMNS} FROM oauth_flows WHERE auth_code_hash = ?1"),
        [code_hash],
        flow,
    )
    .optional()
}

/// Records the signed-in user and a single-use code on a PKCE flow.
pub fn set_code(
    conn: &Connection,
    id: &str,
    code_hash: &str,
    user_id: &str,
    provider_access_token: &str,
    provider_refresh_token: Option<&str>,
    now: i64,
) -> crate::db::Result<()> {
    conn.execute(
        "UPDATE oauth_flows SET auth_code_hash = ?2, user_id = ?3, provider_access_token = ?4, \
         provider_refresh_token = ?5, code_issued_at = ?6 WHERE id = ?1",
        params![
            id,
            code_hash,
            user_id,
            provider_access_token,
            provider_refresh_token,
            now
        ],
    )?;
    Ok(())
}

pub fn delete(conn: &Connection, id: &str) -> crate::db::Result<usize> {
    conn.execute("DELETE FROM oauth_flows WHERE id = ?1", [id])
}

pub fn purge_older_than(conn: &Connection, before: i64) -> crate::db::Result<usize> {
    conn.execute("DELETE FROM oauth_flows WHERE created_at < ?1", [before])
}
