//! Operator accounts (`solace operators ...`, docs/operator.md, "Operator accounts"). An operator signs
//! in with a private sign-in name (NAME, stored as `NAME@sign-in.invalid`, so no e-mail address is
//! needed and none is kept), a password chosen through a one-time set-up link, and two-step sign-in,
//! which the console asks for before it shows anything.

use std::time::Duration;

use crate::db::Connection;
use serde_json::Map;

use crate::accounts::create::{NewAccount, create_as};
use crate::accounts::role::{self, Role};
use crate::accounts::{self, email::normalise, recovery, sessions, store};
use crate::auth::rules::sign_in_names::MIN_CHARS;
use crate::ground::sign_in_name::{DOMAIN, name_of};
use crate::operators::errors::OperatorError;

/// Where an operator's set-up link lands: the console.
pub fn console_url(site_url: &str) -> String {
    format!("{}/operator", site_url.trim_end_matches('/'))
}

/// An operator's account as `solace operators list` shows it.
pub struct OperatorRow {
    pub name: String,
    pub password_set: bool,
    pub two_step: bool,
    pub created_at: String,
    pub last_sign_in_at: Option<String>,
}

/// The stored address of the sign-in name NAME.
fn address(name: &str) -> Result<String, OperatorError> {
    let name = name.trim();
    let ok = name.chars().count() >= MIN_CHARS && !name.contains('@');
    normalise(&format!("{name}@{DOMAIN}"), DOMAIN)
        .ok()
        .filter(|_| ok)
        .ok_or(OperatorError::Invalid(
            "An operator's name is a sign-in name of at least 6 characters, without spaces or '@'.",
        ))
}

/// The operator account named NAME.
fn operator(c: &Connection, name: &str) -> Result<String, OperatorError> {
    let id = store::find_by_email(c, &address(name)?)?
        .map(|u| u.id)
        .ok_or(OperatorError::NotFound)?;
    if role::of(c, &id)? != Role::Operator {
        return Err(OperatorError::NotFound);
    }
    Ok(id)
}

/// Makes the operator NAME; returns the one-time set-up link.
pub fn add(
    c: &mut Connection,
    site_url: &str,
    lifetime: Duration,
    name: &str,
) -> Result<String, OperatorError> {
    let new = NewAccount {
        email: address(name)?,
        password_hash: None,
        user_metadata: Map::new(),
        app_metadata: Map::new(),
        banned_until: None,
    };
    let id = create_as(c, new, Role::Operator)?;
    Ok(recovery::create_to(c, &id, site_url, &console_url(site_url), lifetime)?.url)
}

pub fn list(c: &Connection) -> Result<Vec<OperatorRow>, OperatorError> {
    let mut all = Vec::new();
    for (id, email) in role::members(c, Role::Operator)? {
        let (Some(user), Some(account)) = (store::find_by_id(c, &id)?, store::find(c, &id)?) else {
            continue;
        };
        all.push(OperatorRow {
            name: name_of(&email).unwrap_or(&email).to_string(),
            password_set: user.password_hash.is_some(),
            two_step: account.factors > 0,
            created_at: account.created_at,
            last_sign_in_at: account.last_sign_in_at,
        });
    }
    Ok(all)
}

/// Deletes the operator NAME's account; the audit keeps their name beside what they did.
pub fn remove(c: &mut Connection, name: &str) -> Result<(), OperatorError> {
    let id = operator(c, name)?;
    crate::neighbours::delete_account(c, &id)?;
    Ok(())
}

/// For an operator who lost their password or authenticator: their authenticators go, every session ends,
/// and a new one-time set-up link is returned.
pub fn reset(
    c: &mut Connection,
    site_url: &str,
    lifetime: Duration,
    name: &str,
) -> Result<String, OperatorError> {
    let id = operator(c, name)?;
    accounts::remove_factors::remove_all(c, &id)?;
    sessions::delete_for_user(c, &id, None)?;
    Ok(recovery::create_to(c, &id, site_url, &console_url(site_url), lifetime)?.url)
}

/// The operator behind a valid token: refused until an authenticator is set up (the auth service asks
/// for its code on every session once one is).
pub async fn signed_in_operator(
    db: crate::db::Db,
    id: String,
) -> Result<super::Actor, OperatorError> {
    let lookup = id.clone();
    let account = db
        .read(move |c| Ok::<_, OperatorError>(store::find(c, &lookup)?))
        .await?
        .ok_or(OperatorError::NotFound)?;
    if account.factors == 0 {
        return Err(OperatorError::TwoStepNeeded);
    }
    let name = name_of(&account.email)
        .unwrap_or(&account.email)
        .to_string();
    Ok(super::Actor { id, name, db })
}
