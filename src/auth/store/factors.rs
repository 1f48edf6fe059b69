//! Two-step sign-in as storage units of work, each one transaction (called from `mfa.rs`), plus the
//! `aal`/`amr` claims a session's steps give.

use crate::db::Connection;

use crate::accounts::factors::{self as rows, ChallengeRow, FactorRow, UNVERIFIED, VERIFIED};
use crate::accounts::sessions as session_rows;
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::keys::claims::Amr;
use crate::auth::keys::tokens;
use crate::auth::rules::mfa::MfaConfig;
use crate::auth::store::models::{SignInMethod, SignedIn, User, removable_without_code_until};
use crate::ground::clock::{now_ms, now_text, timestamp};

pub const TOTP: &str = "totp";

/// GoTrue's `CalculateAALAndAMR`: aal2 once a second step was passed; the methods newest first.
pub fn aal_and_amr(
    session: &session_rows::SessionRow,
    steps: &[(String, i64)],
) -> (String, Vec<Amr>) {
    let mut amr: Vec<Amr> = steps
        .iter()
        .map(|(method, at)| Amr {
            method: method.clone(),
            timestamp: *at,
        })
        .collect();
    amr.push(Amr {
        method: session.amr_method.clone(),
        timestamp: session.created_at / 1000,
    });
    amr.sort_by_key(|entry| std::cmp::Reverse(entry.timestamp));
    let aal = if steps.iter().any(|(m, _)| m == TOTP) {
        "aal2"
    } else {
        "aal1"
    };
    (aal.into(), amr)
}

pub fn is_aal2(c: &Connection, session_id: &str) -> crate::db::Result<bool> {
    Ok(rows::claims(c, session_id)?.iter().any(|(m, _)| m == TOTP))
}

/// What a new factor is made of, prepared outside the transaction.
pub struct NewFactor {
    pub id: String,
    pub friendly_name: String,
    pub sealed_secret: Vec<u8>,
}

/// GoTrue's `validateFactors` then the insert: stale unconfirmed factors go first, then the name must
/// be new, the counts within bounds, and a session at aal2 if a confirmed factor exists.
pub fn enroll(
    c: &mut Connection,
    user_id: &str,
    session_id: &str,
    new: NewFactor,
    config: &MfaConfig,
) -> AuthResult<FactorRow> {
    let tx = c.transaction()?;
    let expiry = chrono::Duration::from_std(config.unverified_factor_expiry.0)
        .unwrap_or(chrono::Duration::MAX);
    let before = timestamp(chrono::Utc::now() - expiry);
    rows::delete_stale_unverified(&tx, user_id, &before)?;
    let existing = rows::for_user(&tx, user_id)?;
    if existing
        .iter()
        .any(|f| f.friendly_name == new.friendly_name)
    {
        return Err(AuthError::FactorNameConflict(new.friendly_name));
    }
    let verified = existing.iter().filter(|f| f.is_verified()).count();
    if existing.len() >= config.max_enrolled_factors as usize
        || verified >= config.max_verified_factors as usize
    {
        return Err(AuthError::TooManyFactors);
    }
    if verified > 0 && !is_aal2(&tx, session_id)? {
        return Err(AuthError::AalRequiredToEnroll);
    }
    let now = now_text();
    let factor = FactorRow {
        id: new.id,
        user_id: user_id.into(),
        friendly_name: new.friendly_name,
        factor_type: TOTP.into(),
        status: UNVERIFIED.into(),
        last_step: None,
        last_challenged_at: None,
        created_at: now.clone(),
        updated_at: now,
        verified_at: None,
    };
    rows::insert(&tx, &factor, &new.sealed_secret)?;
    tx.commit()?;
    Ok(factor)
}

pub fn owned(c: &Connection, user_id: &str, factor_id: &str) -> AuthResult<FactorRow> {
    rows::find_owned(c, user_id, factor_id)?.ok_or(AuthError::MfaFactorNotFound)
}

/// A user's factors, for the operator (the admin API); refused when the user does not exist.
pub fn of_user(c: &Connection, user_id: &str) -> AuthResult<Vec<FactorRow>> {
    if crate::accounts::identities::find_with_identities(c, user_id)?.is_none() {
        return Err(AuthError::AdminUserNotFound);
    }
    Ok(rows::for_user(c, user_id)?)
}

/// The operator removes one of a user's factors (the admin API). As GoTrue answers, a missing user is told
/// before a factor id that is not one, hence `factor_id` still unchecked.
pub fn remove_by_operator(
    c: &mut Connection,
    user_id: &str,
    factor_id: AuthResult<String>,
) -> AuthResult<FactorRow> {
    let tx = c.transaction()?;
    if crate::accounts::identities::find_with_identities(&tx, user_id)?.is_none() {
        return Err(AuthError::AdminUserNotFound);
    }
    let factor = owned(&tx, user_id, &factor_id?)?;
    rows::delete(&tx, &factor.id)?;
    tx.commit()?;
    Ok(factor)
}

pub fn challenge(
    c: &mut Connection,
    user_id: &str,
    factor_id: &str,
    ip: String,
    expiry_ms: i64,
) -> AuthResult<(ChallengeRow, FactorRow)> {
    let tx = c.transaction()?;
    let factor = owned(&tx, user_id, factor_id)?;
    // Keeps the table small however often a client asks.
    rows::delete_old_challenges(&tx, &factor.id, now_ms() - expiry_ms)?;
    let ch = ChallengeRow {
        id: uuid::Uuid::new_v4().to_string(),
        factor_id: factor.id.clone(),
        ip_address: ip,
        created_at: now_ms(),
        verified_at: None,
    };
    rows::insert_challenge(&tx, &ch, &now_text())?;
    tx.commit()?;
    Ok((ch, factor))
}

/// The factor and its sealed secret, after GoTrue's challenge checks (`validateChallenge`). An
/// expired challenge is deleted, as GoTrue does.
pub fn open_challenge(
    c: &mut Connection,
    user_id: &str,
    factor_id: &str,
    challenge_id: &str,
    ip: &str,
    expiry_ms: i64,
) -> AuthResult<(FactorRow, Vec<u8>)> {
    let factor = owned(c, user_id, factor_id)?;
    let ch =
        rows::find_challenge(c, &factor.id, challenge_id)?.ok_or(AuthError::ChallengeNotFound)?;
    if ch.verified_at.is_some() || ch.ip_address != ip {
        return Err(AuthError::ChallengeIpMismatch);
    }
    if now_ms() > ch.created_at + expiry_ms {
        rows::delete_challenge(c, &ch.id)?;
        return Err(AuthError::ChallengeExpired(ch.id));
    }
    let sealed = rows::sealed_secret(c, &factor.id)?;
    Ok((factor, sealed))
}

/// A code matched `step`: refuse it if that step (or a later one) was used already, else record it.
pub fn consume_step(c: &Connection, factor: &FactorRow, step: i64) -> AuthResult<()> {
    let fresh =
        rows::find_owned(c, &factor.user_id, &factor.id)?.ok_or(AuthError::MfaFactorNotFound)?;
    if fresh.last_step.is_some_and(|last| step <= last) {
        return Err(AuthError::MfaVerificationFailed);
    }
    rows::accept_code(c, &factor.id, step, &now_text())?;
    Ok(())
}

/// One transaction after a right code: the step is used up, the challenge spent, the factor
/// verified, the session raised to aal2 with a new refresh token, the user's aal1 sessions ended and
/// her other unconfirmed factors removed (all as GoTrue's `verifyTOTPFactor`).
pub fn passed(
    c: &mut Connection,
    factor: &FactorRow,
    challenge_id: &str,
    session_id: &str,
    step: i64,
) -> AuthResult<SignedIn> {
    let tx = c.transaction()?;
    consume_step(&tx, factor, step)?;
    let now = now_ms();
    rows::mark_challenge_verified(&tx, challenge_id, now)?;
    let session = session_rows::find(&tx, session_id)?.ok_or(AuthError::SessionNotFound)?;
    rows::add_claim(&tx, session_id, TOTP, &factor.id, now / 1000)?;
    rows::end_aal1_sessions(&tx, &factor.user_id, None)?;
    rows::delete_unverified(&tx, &factor.user_id, &factor.id)?;
    rows::drop_refresh_tokens(&tx, session_id)?;
    let refresh_token = tokens::random_token();
    session_rows::insert_refresh(
        &tx,
        session_id,
        &tokens::hash_token(&refresh_token),
        None,
        &tokens::random_token(),
        now,
    )?;
    let user = User::load(&tx, &factor.user_id)?.ok_or(AuthError::UserNotFound)?;
    let steps = rows::claims(&tx, session_id)?;
    tx.commit()?;
    Ok(SignedIn {
        user,
        session,
        refresh_token,
        steps,
    })
}

/// How a factor was removed, for the log.
#[derive(Debug, PartialEq, Eq)]
pub enum Removal {
    /// With the second step passed, or a factor never confirmed (GoTrue's rule).
    WithCode,
    /// A factor confirmed in the last days, from a session without its code.
    NewWithoutCode,
    /// From a session the operator's recovery link started: the operator has checked it is her.
    ByRecoveryLink,
}

/// GoTrue's `UnenrollFactor`, except that a confirmed factor needs an aal2 session only once it is older
/// than `NEW_FACTOR_GRACE`, or never for a session started by a recovery link. Sessions it raised drop to
/// aal1 (their claim goes with the factor, by cascade); none is ended, so removing cannot sign her out.
pub fn unenroll(
    c: &mut Connection,
    user_id: &str,
    session_id: &str,
    factor_id: &str,
) -> AuthResult<(FactorRow, Removal)> {
    let tx = c.transaction()?;
    let factor = owned(&tx, user_id, factor_id)?;
    let how = if !factor.is_verified() || is_aal2(&tx, session_id)? {
        Removal::WithCode
    } else if removable_without_code_until(&factor).is_some() {
        Removal::NewWithoutCode
    } else if session_rows::find(&tx, session_id)?
        .is_some_and(|s| s.amr_method == SignInMethod::Recovery.as_str())
    {
        Removal::ByRecoveryLink
    } else {
        return Err(AuthError::AalRequiredToUnenroll);
    };
    rows::delete(&tx, &factor.id)?;
    tx.commit()?;
    Ok((factor, how))
}

/// The confirmed factors of a user with their sealed secrets (for the code asked on account deletion).
pub fn verified_with_secrets(
    c: &Connection,
    user_id: &str,
) -> AuthResult<Vec<(FactorRow, Vec<u8>)>> {
    let mut out = Vec::new();
    for f in rows::for_user(c, user_id)?
        .into_iter()
        .filter(|f| f.status == VERIFIED)
    {
        let sealed = rows::sealed_secret(c, &f.id)?;
        out.push((f, sealed));
    }
    Ok(out)
}
