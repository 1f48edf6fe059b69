//! A one-time recovery link, handed over in person by the operator (it never goes by e-mail: a reset
//! mail in her inbox would tell whoever reads it where she has an account).
//! Opening it (`GET /auth/v1/verify`, `auth::recovery`) signs the person in once so she can choose a
//! new password. Only the hash of the token is stored; a new link replaces the account's older ones.

use std::time::Duration;

use crate::db::Connection;
use url::Url;

use super::{AccountError, find::find};
use crate::accounts::recovery_tokens;
use crate::accounts::store::AccountRow;
use crate::opaque_tokens::{hash_token, random_token};

/// A new link's secret: the token that goes into the link and the hash that is stored.
pub struct LinkToken {
    pub token: String,
    pub hash: String,
}

pub fn new_link_token() -> LinkToken {
    let token = random_token();
    let hash = hash_token(&token);
    LinkToken { token, hash }
}

pub struct RecoveryLink {
    pub account: AccountRow,
    pub url: String,
    /// The secret in the link (what `POST /verify` takes as `token_hash`).
    pub token: String,
    /// Unix milliseconds.
    pub expires_at: i64,
}

/// Errors with `AccountDisabled` for a disabled account: the link could not be used.
pub fn create(
    c: &mut Connection,
    key: &str,
    site_url: &str,
    lifetime: Duration,
) -> Result<RecoveryLink, AccountError> {
    let start = format!("{}/", site_url.trim_end_matches('/'));
    create_to(c, key, site_url, &start, lifetime)
}

/// As `create`, with the page the link lands on once used (an allowed redirect, checked by the caller).
pub fn create_to(
    c: &mut Connection,
    key: &str,
    site_url: &str,
    redirect_to: &str,
    lifetime: Duration,
) -> Result<RecoveryLink, AccountError> {
    let tx = c.transaction()?;
    let account = find(&tx, key)?;
    if super::is_disabled(&tx, &account.id)? {
        return Err(AccountError::Disabled(account.email));
    }
    let now = chrono::Utc::now().timestamp_millis();
    let expires_at = now.saturating_add(lifetime.as_millis().min(i64::MAX as u128) as i64);
    let secret = new_link_token();
    recovery_tokens::delete_for_user(&tx, &account.id)?;
    recovery_tokens::purge_expired(&tx, now)?;
    recovery_tokens::insert(&tx, &secret.hash, &account.id, now, expires_at)?;
    tx.commit()?;
    Ok(RecoveryLink {
        url: link_url(site_url, "recovery", &secret.token, redirect_to),
        token: secret.token,
        account,
        expires_at,
    })
}

/// `{site}/auth/v1/verify?type=recovery&token=…&redirect_to=…` (or `type=signup` for a sign-up's
/// confirmation), by default the app's start page, where auth-js picks the session out of the fragment.
pub fn link_url(site_url: &str, kind: &str, token: &str, redirect_to: &str) -> String {
    let site = site_url.trim_end_matches('/');
    match Url::parse(&format!("{site}/auth/v1/verify")) {
        Ok(mut url) => {
            url.query_pairs_mut()
                .append_pair("type", kind)
                .append_pair("token", token)
                .append_pair("redirect_to", redirect_to);
            url.into()
        }
        Err(_) => format!("{site}/auth/v1/verify?type={kind}&token={token}"),
    }
}
