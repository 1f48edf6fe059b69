//! Sign-ups waiting for their confirmation e-mail's link, as units of work (`pending_sign_up_rows`
//! has the queries). Confirming one makes the account and its first session in one transaction.

use crate::accounts::store;
use crate::auth::errors::AuthResult;
use crate::auth::store::accounts::{sign_up_rows, start_session};
use crate::auth::store::models::{SignInMethod, SignedIn};
use crate::auth::store::pending_sign_up_rows::{self as rows, PendingRow};
use crate::db::Db;
use crate::ground::clock::now_text;

/// What opening a link did.
pub enum Confirmed {
    SignedIn(Box<SignedIn>),
    /// Unknown, used or expired, or the address got an account some other way meanwhile.
    Refused,
}

pub async fn add(db: &Db, row: PendingRow) -> AuthResult<()> {
    db.write(move |c| {
        let tx = c.transaction()?;
        rows::insert(&tx, &row)?;
        tx.commit()?;
        Ok(())
    })
    .await
}

/// The password hashes of the address's waiting sign-ups, newest first.
pub async fn hashes(db: &Db, email: String, now: i64) -> AuthResult<Vec<String>> {
    db.read(move |c| Ok(rows::hashes(c, &email, now)?)).await
}

pub async fn newest(db: &Db, email: String, now: i64) -> AuthResult<Option<PendingRow>> {
    db.read(move |c| Ok(rows::newest(c, &email, now)?)).await
}

pub async fn renew(db: &Db, id: String, token_hash: String, expires_at: i64) -> AuthResult<()> {
    db.write(move |c| Ok(rows::renew(c, &id, &token_hash, expires_at)?))
        .await
}

/// Opens a link: the account is made from its sign-up, every waiting sign-up for the address is
/// forgotten, and the account's first session starts. A link works once.
pub async fn confirm(db: &Db, token_hash: String, now: i64) -> AuthResult<Confirmed> {
    db.write(move |c| {
        let tx = c.transaction()?;
        let Some(row) = rows::by_token(&tx, &token_hash)?.filter(|r| now <= r.expires_at) else {
            return Ok(Confirmed::Refused);
        };
        rows::delete_for_email(&tx, &row.email)?;
        if store::find_by_email(&tx, &row.email)?.is_some() {
            tx.commit()?;
            return Ok(Confirmed::Refused);
        }
        let data = serde_json::from_str(&row.user_metadata).unwrap_or_default();
        let (user, identity) = sign_up_rows(&row.email, row.password_hash, data);
        store::insert(&tx, &user)?;
        crate::accounts::identities::insert_identity(&tx, &identity)?;
        store::touch_sign_in(&tx, &user.id, &now_text())?;
        let signed_in = start_session(&tx, &user.id, SignInMethod::EmailLink)?;
        tx.commit()?;
        Ok(Confirmed::SignedIn(Box::new(signed_in)))
    })
    .await
}
