//! The console's advocates page and `solace advocates add` (docs/advocates.md, docs/operator.md): the
//! advocates with their pairings and last activity, a new advocate with a one-time set-up link, an advocate
//! removed, and their two-step sign-in reset for a lost authenticator.

use std::time::Duration;

use crate::db::Connection;
use serde_json::Map;

use super::Actor;
use super::audit::record;
use crate::accounts::create::{NewAccount, create_with};
use crate::accounts::role::{self, Role};
use crate::accounts::{self, email::normalise};
use crate::advocates::area_url;
use crate::advocates::store::{advocates as store, links};
use crate::logging::mask_email;
use crate::neighbours::delete_account;
use crate::operators::OperatorsState;
use crate::operators::errors::OperatorError;

/// One advocate as the console lists them: their e-mail address masked.
pub struct AdvocateView {
    pub id: String,
    pub name: String,
    pub email_masked: String,
    pub created_at: String,
    /// They opened the set-up link and made their keys in the advocates' area.
    pub set_up: bool,
    pub two_step: bool,
    pub pairings: usize,
    /// Their last sign-in.
    pub last_active_at: Option<String>,
}

/// A new advocate: their account's id and the one-time set-up link that leads to the advocates' area.
pub struct Added {
    pub id: String,
    pub address: String,
    pub name: String,
    pub link: String,
}

/// Makes an advocate's account (the role, the advocates' row, the set-up link): the command's and the
/// console's one way to add one.
pub fn add_on(
    c: &mut Connection,
    site_url: &str,
    lifetime: Duration,
    address: &str,
    name: &str,
) -> Result<Added, OperatorError> {
    let address = normalise(address, "")
        .map_err(|_| OperatorError::Invalid("That is not an e-mail address."))?;
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 80 {
        return Err(OperatorError::Invalid(
            "The name must be 1 to 80 characters.",
        ));
    }
    let new = NewAccount {
        email: address.clone(),
        password_hash: None,
        user_metadata: Map::new(),
        app_metadata: Map::new(),
        banned_until: None,
    };
    // The role and the advocates' row in one transaction: the area asks the role, and an advocate's
    // role without a row (or a row without the role) would be an account on neither side.
    let id = create_with(c, new, Role::Advocate, |tx, id| store::insert(tx, id, name))?;
    let link = accounts::recovery::create_to(c, &id, site_url, &area_url(site_url), lifetime)?;
    Ok(Added {
        id,
        address,
        name: name.to_string(),
        link: link.url,
    })
}

pub async fn add(
    state: &OperatorsState,
    actor: &Actor,
    address: String,
    name: String,
) -> Result<Added, OperatorError> {
    let who = actor.clone();
    let site = state.site_url.clone();
    let lifetime = state.link_lifetime;
    actor
        .db
        .write(move |c| {
            let added = add_on(c, &site, lifetime, &address, &name)?;
            record(c, &who, "advocate.add", Some(&added.id))?;
            Ok(added)
        })
        .await
}

pub async fn list(actor: &Actor) -> Result<Vec<AdvocateView>, OperatorError> {
    actor
        .db
        .read(|c| {
            let mut all = Vec::new();
            for a in store::list(c)? {
                let Some(account) = accounts::store::find(c, &a.account_id)? else {
                    continue;
                };
                all.push(AdvocateView {
                    pairings: links::links_of_advocate(c, &a.account_id)?.len(),
                    id: a.account_id,
                    name: a.name,
                    email_masked: mask_email(&account.email),
                    created_at: a.created_at,
                    set_up: a.public_key.is_some(),
                    two_step: account.factors > 0,
                    last_active_at: account.last_sign_in_at,
                });
            }
            Ok(all)
        })
        .await
}

fn advocate(c: &Connection, id: &str) -> Result<(), OperatorError> {
    if store::find(c, id)?.is_none() || role::of(c, id)? != Role::Advocate {
        return Err(OperatorError::NotFound);
    }
    Ok(())
}

/// Removes an advocate's account with its pairings; refused while a running check-in would alert them.
pub async fn remove(actor: &Actor, id: String) -> Result<(), OperatorError> {
    let who = actor.clone();
    actor
        .db
        .write(move |c| {
            advocate(c, &id)?;
            delete_account(c, &id)?;
            record(c, &who, "advocate.remove", Some(&id))
        })
        .await
}

/// Removes an advocate's authenticators: their sessions drop to a password's step, and the advocates'
/// area asks them to set up two-step sign-in again before it shows anything.
pub async fn reset_two_step(actor: &Actor, id: String) -> Result<(), OperatorError> {
    let who = actor.clone();
    actor
        .db
        .write(move |c| {
            advocate(c, &id)?;
            accounts::remove_factors::remove_all(c, &id)?;
            record(c, &who, "advocate.reset_two_step", Some(&id))
        })
        .await
}
