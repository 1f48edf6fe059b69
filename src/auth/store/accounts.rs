//! Accounts as storage units of work: load a user, create an account, sign a known user in, change a
//! user. Each public function is one transaction (or one read); the use-case files
//! call these and never open a transaction themselves.

use crate::db::Connection;
use serde_json::Value;

use crate::accounts::identities::{self, IdentityRow};
use crate::accounts::recovery_tokens;
use crate::accounts::sessions as session_rows;
use crate::accounts::store::{self, UserRow};
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::store::models::User;
use crate::auth::store::models::{SignInMethod, SignedIn};
use crate::auth::store::sessions;
use crate::db::Db;
use crate::ground::clock::{now_ms, now_text};

/// Starts a session for a user who exists, inside the caller's transaction.
pub(in crate::auth) fn start_session(
    c: &Connection,
    user_id: &str,
    method: SignInMethod,
) -> AuthResult<SignedIn> {
    // Every way in (password, Google, PKCE, recovery link) starts its session here, so a disabled
    // account is refused in one place.
    if crate::accounts::is_disabled(c, user_id)? {
        return Err(AuthError::UserBanned);
    }
    let (session, refresh_token) = sessions::start(c, user_id, method)?;
    let user = User::load(c, user_id)?.ok_or(AuthError::UserNotFound)?;
    Ok(SignedIn {
        user,
        session,
        refresh_token,
        steps: Vec::new(),
    })
}

/// What opening a recovery link did.
pub enum Redeemed {
    SignedIn(Box<SignedIn>),
    /// Unknown, used or expired: GoTrue does not say which.
    Expired,
    Banned,
}

/// One transaction: mark the recovery link (by its token's hash) used and, if it was good, start a
/// "recovery" session.
pub async fn redeem_recovery_link(db: &Db, token_hash: String) -> AuthResult<Redeemed> {
    db.write(move |c| {
        let tx = c.transaction()?;
        let now = now_ms();
        let row = recovery_tokens::claim(&tx, &token_hash, now)?;
        let Some(row) = row.filter(|r| r.used_at.is_none() && now <= r.expires_at) else {
            tx.commit()?;
            return Ok(Redeemed::Expired);
        };
        if crate::accounts::is_disabled(&tx, &row.user_id)? {
            tx.commit()?;
            return Ok(Redeemed::Banned);
        }
        store::touch_sign_in(&tx, &row.user_id, &now_text())?;
        let signed_in = start_session(&tx, &row.user_id, SignInMethod::Recovery)?;
        tx.commit()?;
        Ok(Redeemed::SignedIn(Box::new(signed_in)))
    })
    .await
}

/// `email` must already be normalised.
pub async fn find_by_email(db: &Db, email: String) -> AuthResult<Option<UserRow>> {
    db.read(move |c| Ok(store::find_by_email(c, &email)?)).await
}

/// Inserts the account with its identity; false when another sign-up for the address came first.
pub async fn create(db: &Db, row: UserRow, identity: IdentityRow) -> AuthResult<bool> {
    db.write(move |c| {
        let tx = c.transaction()?;
        // Checked again inside the write: two sign-ups for one address may race.
        if store::find_by_email(&tx, &row.email)?.is_some() {
            return Ok(false);
        }
        store::insert(&tx, &row)?;
        identities::insert_identity(&tx, &identity)?;
        tx.commit()?;
        Ok(true)
    })
    .await
}

/// The write `create` makes, undone before it commits: a sign-up for a taken address spends the time a
/// new account's commit takes (a synced write), so the answer's timing does not tell the two apart.
/// `row` and `identity` must carry an address and ids of their own, not the taken one's.
pub async fn write_alike(db: &Db, row: UserRow, identity: IdentityRow) -> AuthResult<()> {
    db.write(move |c| {
        let tx = c.transaction()?;
        store::insert(&tx, &row)?;
        identities::insert_identity(&tx, &identity)?;
        crate::accounts::store::delete(&tx, &row.id)?;
        tx.commit()?;
        Ok(())
    })
    .await
}

/// The rows of a new account made by sign-up; sign-up also copies the identity's fields into
/// `user_metadata`, as GoTrue's sign-up does.
pub fn sign_up_rows(
    email: &str,
    hash: String,
    data: serde_json::Map<String, Value>,
) -> (UserRow, IdentityRow) {
    let (mut row, identity) = crate::accounts::create::email_account_rows(
        email,
        Some(hash),
        data,
        serde_json::Map::new(),
    );
    if let (Value::Object(metadata), Value::Object(extra)) =
        (&mut row.user_metadata, &identity.identity_data)
    {
        metadata.extend(extra.clone());
    }
    (row, identity)
}

/// Records the sign-in of a user whose credentials were checked and starts a session.
pub async fn sign_in(db: &Db, user_id: String, method: SignInMethod) -> AuthResult<SignedIn> {
    db.write(move |c| {
        let tx = c.transaction()?;
        store::touch_sign_in(&tx, &user_id, &now_text())?;
        let signed_in = start_session(&tx, &user_id, method)?;
        tx.commit()?;
        Ok(signed_in)
    })
    .await
}

/// A change to the signed-in user. A new password signs out every session but `keep_session`.
pub struct Change {
    pub user_id: String,
    pub user_metadata: Value,
    pub app_metadata: Value,
    pub new_password_hash: Option<String>,
    pub keep_session: String,
}

pub async fn update(db: &Db, change: Change) -> AuthResult<User> {
    db.write(move |c| {
        let tx = c.transaction()?;
        let now = now_text();
        let id = &change.user_id;
        store::update_metadata(&tx, id, &change.user_metadata, &change.app_metadata, &now)?;
        if let Some(hash) = &change.new_password_hash {
            store::set_password(&tx, id, hash, &now)?;
            session_rows::delete_for_user(&tx, id, Some(&change.keep_session))?;
        }
        let user = User::load(&tx, id)?.ok_or(AuthError::UserNotFound)?;
        tx.commit()?;
        Ok(user)
    })
    .await
}
