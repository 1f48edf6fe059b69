//! Sessions as storage units of work: start one, check an access token's session, rotate a refresh
//! token, end sessions, purge old rows. Each public function is one transaction on the writer (or one
//! read); the use-case files call these and never open a transaction themselves.

use crate::db::Connection;
use zeroize::Zeroizing;

use crate::accounts::factors as factor_rows;
use crate::accounts::sessions::{self as rows, SessionRow};
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::keys::tokens;
use crate::auth::rules::config::SessionLimits;
use crate::auth::store::models::{SignInMethod, SignedIn, User};
use crate::auth::store::oauth_flows;
use crate::db::Db;
use crate::ground::clock::now_ms;

/// Revoked refresh tokens (and ended sessions) are kept this long, then purged: long enough that a
/// reused token still reads as reused and a late refresh still gets `session_expired`.
const KEEP_ENDED_MS: i64 = 24 * 3600 * 1000;
/// Google sign-ins not finished within this long are forgotten.
pub const FLOW_TTL_MS: i64 = 300_000;

/// Why a session may no longer be used (GoTrue's `Session.CheckValidity`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    PastTimebox,
    Inactive,
}

impl SessionLimits {
    /// Checks the timebox first, then inactivity since the last refresh (or the start), as GoTrue does.
    pub fn check(&self, s: &SessionRow, now: i64) -> Result<(), Ended> {
        if self.timebox_ms.is_some_and(|t| now > s.created_at + t) {
            return Err(Ended::PastTimebox);
        }
        let last = s.refreshed_at.unwrap_or(s.created_at).max(s.created_at);
        if self.inactivity_ms.is_some_and(|t| now > last + t) {
            return Err(Ended::Inactive);
        }
        Ok(())
    }
}

/// Inserts a session and its first refresh token (random: it has no parent to derive from). Runs inside
/// the caller's transaction, as one step of a sign-in.
pub(in crate::auth) fn start(
    c: &Connection,
    user_id: &str,
    method: SignInMethod,
) -> crate::db::Result<(SessionRow, String)> {
    let now = now_ms();
    let session = SessionRow {
        id: uuid::Uuid::new_v4().to_string(),
        user_id: user_id.to_string(),
        amr_method: method.as_str().into(),
        created_at: now,
        refreshed_at: None,
    };
    rows::insert(c, &session)?;
    let token = tokens::random_token();
    rows::insert_refresh(
        c,
        &session.id,
        &tokens::hash_token(&token),
        None,
        &tokens::random_token(),
        now,
    )?;
    Ok((session, token))
}

/// The user behind an access token, if its session still exists, belongs to it and has not ended.
pub async fn authenticate(
    db: &Db,
    user_id: String,
    session_id: String,
    limits: SessionLimits,
) -> AuthResult<User> {
    db.read(move |c| {
        let user = User::load(c, &user_id)?.ok_or(AuthError::UserNotFound)?;
        match rows::find(c, &session_id)? {
            Some(s) if s.user_id == user.row.id => match limits.check(&s, now_ms()) {
                Ok(()) => Ok(user),
                Err(_) => Err(AuthError::SessionNoLongerValid),
            },
            _ => Err(AuthError::SessionNotFound),
        }
    })
    .await
}

/// Computes child refresh tokens of one presented parent inside the database transaction.
pub struct ChildDeriver {
    pub key: ring::hmac::Key,
    pub parent: Zeroizing<String>,
}

impl ChildDeriver {
    fn derive(&self, salt: &str) -> String {
        tokens::derive_child(&self.key, &self.parent, salt)
    }
}

/// One transaction: GoTrue's refresh-token rotation. The presented token must exist and its session
/// be within its limits; then either it is the active token (revoke it, issue a derived child), or it
/// is the parent of the active one (the client lost our last answer: hand the same child again), or it
/// was revoked within the reuse interval (several tabs: a new child), or it is reused later, which
/// ends the whole session because the token may have been stolen.
pub async fn rotate(
    db: &Db,
    presented_hash: String,
    reuse_ms: i64,
    limits: SessionLimits,
    deriver: ChildDeriver,
) -> AuthResult<SignedIn> {
    db.write(move |c| {
        let tx = c.transaction()?;
        let now = now_ms();
        let token =
            rows::find_refresh(&tx, &presented_hash)?.ok_or(AuthError::RefreshTokenNotFound)?;
        let session =
            rows::find(&tx, &token.session_id)?.ok_or(AuthError::RefreshSessionNotFound)?;
        limits.check(&session, now).map_err(|ended| match ended {
            Ended::PastTimebox => AuthError::SessionPastTimebox,
            Ended::Inactive => AuthError::SessionInactive,
        })?;
        let issue_child = |tx: &Connection| -> crate::db::Result<String> {
            let salt = tokens::random_token();
            let child = deriver.derive(&salt);
            let hash = tokens::hash_token(&child);
            rows::insert_refresh(tx, &session.id, &hash, Some(token.id), &salt, now)?;
            Ok(child)
        };
        let refresh_token = match token.revoked_at {
            None => {
                rows::revoke_refresh(&tx, token.id, now)?;
                issue_child(&tx)?
            }
            Some(revoked_at) => match rows::active_refresh(&tx, &session.id)? {
                Some(a) if a.parent_id == Some(token.id) => deriver.derive(&a.salt),
                _ if reuse_ms > 0 && now - revoked_at <= reuse_ms => issue_child(&tx)?,
                _ => {
                    rows::delete(&tx, &session.id)?;
                    tx.commit()?;
                    tracing::warn!(
                        session_id = %session.id,
                        "refresh token reused after rotation; session revoked"
                    );
                    return Err(AuthError::RefreshTokenAlreadyUsed);
                }
            },
        };
        if crate::accounts::is_disabled(&tx, &session.user_id)? {
            return Err(AuthError::UserBanned);
        }
        rows::mark_refreshed(&tx, &session.id, now)?;
        let user = User::load(&tx, &session.user_id)?.ok_or(AuthError::RefreshSessionNotFound)?;
        // A refresh keeps the level the session reached (GoTrue reads the claims again).
        let steps = crate::accounts::factors::claims(&tx, &session.id)?;
        tx.commit()?;
        Ok(SignedIn {
            user,
            session,
            refresh_token,
            steps,
        })
    })
    .await
}

/// Which sessions a sign-out ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Every session of the user.
    Global,
    /// Only the calling one.
    Local,
    /// Every one but the calling one.
    Others,
}

pub async fn end(db: &Db, user_id: String, session_id: String, scope: Scope) -> AuthResult<()> {
    db.write(move |c| {
        let tx = c.transaction()?;
        // A session that has not passed the second step cannot end one that has (GoTrue would):
        // someone signed in with her password alone must not be able to sign her out of her devices.
        let spare_aal2 = !crate::auth::store::factors::is_aal2(&tx, &session_id)?;
        let keep = (scope == Scope::Others).then_some(session_id.as_str());
        match scope {
            Scope::Local => rows::delete(&tx, &session_id)?,
            _ if spare_aal2 => factor_rows::end_aal1_sessions(&tx, &user_id, keep)?,
            _ => rows::delete_for_user(&tx, &user_id, keep)?,
        };
        tx.commit()?;
        Ok(())
    })
    .await
}

/// Ends the session that a refresh token with this SHA-256 hash belongs to, whether that token is its
/// current one or an older one; nothing when no token has this hash. True when a session ended.
pub async fn end_by_refresh_hash(db: &Db, token_hash: String) -> AuthResult<bool> {
    db.write(move |c| {
        let Some(token) = rows::find_refresh(c, &token_hash)? else {
            return Ok(false);
        };
        Ok(rows::delete(c, &token.session_id)? > 0)
    })
    .await
}

/// How many rows the hourly clean-up removed.
pub struct Purged {
    pub refresh_tokens: usize,
    pub sessions: usize,
    pub oauth_flows: usize,
    pub pending_sign_ups: usize,
}

/// Whether the session began with a recovery link (amr method "recovery"): GoTrue lets such a session
/// set a new password without the current one, which is the point of the link.
pub async fn is_recovery(db: &Db, session_id: String) -> AuthResult<bool> {
    db.read(move |c| {
        Ok(rows::find(c, &session_id)?
            .is_some_and(|s| s.amr_method == SignInMethod::Recovery.as_str()))
    })
    .await
}

pub async fn purge(db: &Db, limits: SessionLimits, now: i64) -> AuthResult<Purged> {
    db.write(move |c| {
        let refresh_tokens = rows::purge_revoked(c, now - KEEP_ENDED_MS)?;
        let cutoff = |limit: Option<i64>| limit.map(|l| now - KEEP_ENDED_MS - l);
        let sessions =
            rows::purge_ended(c, cutoff(limits.timebox_ms), cutoff(limits.inactivity_ms))?;
        let oauth_flows = oauth_flows::purge_older_than(c, now - 3 * FLOW_TTL_MS)?;
        let pending_sign_ups = crate::auth::store::pending_sign_up_rows::purge_expired(c, now)?;
        Ok(Purged {
            refresh_tokens,
            sessions,
            oauth_flows,
            pending_sign_ups,
        })
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(created_at: i64, refreshed_at: Option<i64>) -> SessionRow {
        SessionRow {
            id: "s".into(),
            user_id: "u".into(),
            amr_method: "password".into(),
            created_at,
            refreshed_at,
        }
    }

    #[test]
    fn limits_end_sessions_by_timebox_then_inactivity() {
        let limits = SessionLimits {
            inactivity_ms: Some(100),
            timebox_ms: Some(1_000),
        };
        assert_eq!(limits.check(&session(0, None), 100), Ok(()));
        assert_eq!(limits.check(&session(0, None), 101), Err(Ended::Inactive));
        assert_eq!(limits.check(&session(0, Some(950)), 1_000), Ok(()));
        assert_eq!(
            limits.check(&session(0, Some(990)), 1_001),
            Err(Ended::PastTimebox)
        );
        let off = SessionLimits {
            inactivity_ms: None,
            timebox_ms: None,
        };
        assert_eq!(off.check(&session(0, None), i64::MAX), Ok(()));
    }
}
