//! Queries on `mfa_factors`, `mfa_challenges` and `mfa_amr_claims` (two-step sign-in).

use crate::db::{Connection, OptionalExtension, Row, params};

pub const VERIFIED: &str = "verified";
pub const UNVERIFIED: &str = "unverified";

#[derive(Debug, Clone)]
pub struct FactorRow {
    pub id: String,
    pub user_id: String,
    pub friendly_name: String,
    pub factor_type: String,
    pub status: String,
    pub last_step: Option<i64>,
    pub last_challenged_at: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    /// When the first code was accepted (RFC 3339); None while unverified.
    pub verified_at: Option<String>,
}

impl FactorRow {
    pub fn is_verified(&self) -> bool {
        self.status == VERIFIED
    }
}

#[derive(Debug, Clone)]
pub struct ChallengeRow {
    pub id: String,
    pub factor_id: String,
    pub ip_address: String,
    pub created_at: i64,
    pub verified_at: Option<i64>,
}

const FACTOR_COLUMNS: &str = "id, user_id, friendly_name, factor_type, status, last_step, \
     last_challenged_at, created_at, updated_at, verified_at";

fn factor(r: &Row<'_>) -> crate::db::Result<FactorRow> {
    Ok(FactorRow {
        id: r.get(0)?,
        user_id: r.get(1)?,
        friendly_name: r.get(2)?,
        factor_type: r.get(3)?,
        status: r.get(4)?,
        last_step: r.get(5)?,
        last_challenged_at: r.get(6)?,
        created_at: r.get(7)?,
        updated_at: r.get(8)?,
        verified_at: r.get(9)?,
    })
}

pub fn insert(c: &Connection, f: &FactorRow, sealed_secret: &[u8]) -> crate::db::Result<()> {
    c.execute(
        "INSERT INTO mfa_factors (id, user_id, friendly_name, factor_type, status, secret, \
         created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            f.id,
            f.user_id,
            f.friendly_name,
            f.factor_type,
            f.status,
            sealed_secret,
            f.created_at,
            f.updated_at
        ],
    )?;
    Ok(())
}

/// The user's factors, oldest first (GoTrue's order).
pub fn for_user(c: &Connection, user_id: &str) -> crate::db::Result<Vec<FactorRow>> {
    c.query_map(
        &format!(
            "SELECT {FACTOR_COLUMNS} FROM mfa_factors WHERE user_id = ?1 ORDER BY created_at, id"
        ),
        [user_id],
        factor,
    )
}

/// A factor of this user (another user's factor is "not found", as in GoTrue).
pub fn find_owned(
    c: &Connection,
    user_id: &str,
    factor_id: &str,
) -> crate::db::Result<Option<FactorRow>> {
    c.query_row(
        &format!("SELECT {FACTOR_COLUMNS} FROM mfa_factors WHERE id = ?1 AND user_id = ?2"),
        [factor_id, user_id],
        factor,
    )
    .optional()
}

pub fn sealed_secret(c: &Connection, factor_id: &str) -> crate::db::Result<Vec<u8>> {
    c.query_row(
        "SELECT secret FROM mfa_factors WHERE id = ?1",
        [factor_id],
        |r| r.get(0),
    )
}

pub fn delete(c: &Connection, factor_id: &str) -> crate::db::Result<usize> {
    c.execute("DELETE FROM mfa_factors WHERE id = ?1", [factor_id])
}

/// Removes every factor of a user (`solace users remove-factors`); returns how many.
pub fn delete_for_user(c: &Connection, user_id: &str) -> crate::db::Result<usize> {
    c.execute("DELETE FROM mfa_factors WHERE user_id = ?1", [user_id])
}

/// GoTrue's `DeleteUnverifiedFactors`: once one factor is verified, the half-finished others go.
pub fn delete_unverified(c: &Connection, user_id: &str, keep: &str) -> crate::db::Result<usize> {
    c.execute(
        "DELETE FROM mfa_factors WHERE user_id = ?1 AND status = ?2 AND id != ?3",
        params![user_id, UNVERIFIED, keep],
    )
}

/// Unverified factors older than `before` (RFC 3339) are dropped, as GoTrue's `DeleteExpiredFactors`.
pub fn delete_stale_unverified(
    c: &Connection,
    user_id: &str,
    before: &str,
) -> crate::db::Result<usize> {
    c.execute(
        "DELETE FROM mfa_factors WHERE user_id = ?1 AND status = ?2 AND created_at < ?3",
        params![user_id, UNVERIFIED, before],
    )
}

/// Marks the factor verified (remembering when, the first time) and records the step whose code was
/// just used.
pub fn accept_code(c: &Connection, factor_id: &str, step: i64, now: &str) -> crate::db::Result<()> {
    c.execute(
        "UPDATE mfa_factors SET status = ?2, last_step = ?3, updated_at = ?4, \
         verified_at = coalesce(verified_at, ?4) WHERE id = ?1",
        params![factor_id, VERIFIED, step, now],
    )?;
    Ok(())
}

pub fn insert_challenge(c: &Connection, ch: &ChallengeRow, now: &str) -> crate::db::Result<()> {
    c.execute(
        "INSERT INTO mfa_challenges (id, factor_id, ip_address, created_at) VALUES (?1, ?2, ?3, ?4)",
        params![ch.id, ch.factor_id, ch.ip_address, ch.created_at],
    )?;
    c.execute(
        "UPDATE mfa_factors SET last_challenged_at = ?2 WHERE id = ?1",
        params![ch.factor_id, now],
    )?;
    Ok(())
}

/// A factor's challenges made before `before_ms` can no longer be answered; they go when a new one is made.
pub fn delete_old_challenges(
    c: &Connection,
    factor_id: &str,
    before_ms: i64,
) -> crate::db::Result<usize> {
    c.execute(
        "DELETE FROM mfa_challenges WHERE factor_id = ?1 AND created_at < ?2",
        params![factor_id, before_ms],
    )
}

pub fn find_challenge(
    c: &Connection,
    factor_id: &str,
    challenge_id: &str,
) -> crate::db::Result<Option<ChallengeRow>> {
    c.query_row(
        "SELECT id, factor_id, ip_address, created_at, verified_at FROM mfa_challenges \
         WHERE id = ?1 AND factor_id = ?2",
        [challenge_id, factor_id],
        |r| {
            Ok(ChallengeRow {
                id: r.get(0)?,
                factor_id: r.get(1)?,
                ip_address: r.get(2)?,
                created_at: r.get(3)?,
                verified_at: r.get(4)?,
            })
        },
    )
    .optional()
}

pub fn delete_challenge(c: &Connection, id: &str) -> crate::db::Result<()> {
    c.execute("DELETE FROM mfa_challenges WHERE id = ?1", [id])?;
    Ok(())
}

pub fn mark_challenge_verified(c: &Connection, id: &str, now_ms: i64) -> crate::db::Result<()> {
    c.execute(
        "UPDATE mfa_challenges SET verified_at = ?2 WHERE id = ?1",
        params![id, now_ms],
    )?;
    Ok(())
}

/// GoTrue's `AddClaimToSession`: records (or renews) a step the session has passed.
pub fn add_claim(
    c: &Connection,
    session_id: &str,
    method: &str,
    factor_id: &str,
    at_secs: i64,
) -> crate::db::Result<()> {
    c.execute(
        "INSERT INTO mfa_amr_claims (session_id, method, factor_id, updated_at) \
         VALUES (?1, ?2, ?3, ?4) ON CONFLICT (session_id, method) \
         DO UPDATE SET factor_id = excluded.factor_id, updated_at = excluded.updated_at",
        params![session_id, method, factor_id, at_secs],
    )?;
    Ok(())
}

/// The extra steps a session has passed: (method, unix seconds).
pub fn claims(c: &Connection, session_id: &str) -> crate::db::Result<Vec<(String, i64)>> {
    c.query_map(
        "SELECT method, updated_at FROM mfa_amr_claims WHERE session_id = ?1",
        [session_id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}

/// GoTrue's `InvalidateSessionsWithAALLessThan(aal2)`: every session of the user that has not passed
/// a second step ends, but `keep`.
pub fn end_aal1_sessions(
    c: &Connection,
    user_id: &str,
    keep: Option<&str>,
) -> crate::db::Result<usize> {
    c.execute(
        "DELETE FROM sessions WHERE user_id = ?1 AND id IS DISTINCT FROM ?2 AND id NOT IN \
         (SELECT session_id FROM mfa_amr_claims WHERE method = 'totp')",
        params![user_id, keep],
    )
}

/// Ends every refresh token of a session: after a second step the client must use the new one.
pub fn drop_refresh_tokens(c: &Connection, session_id: &str) -> crate::db::Result<usize> {
    c.execute(
        "DELETE FROM refresh_tokens WHERE session_id = ?1",
        [session_id],
    )
}
