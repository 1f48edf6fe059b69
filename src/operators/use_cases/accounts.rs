//! The console's accounts page (docs/operator.md, "The console's accounts and advocates pages"): one
//! survivor's account found by her full address or sign-in name, never a list, and what an operator may
//! do to it. Operators' and advocates' accounts are not found here: they have their own commands.

use crate::db::Connection;

use super::Actor;
use super::audit::record;
use crate::accounts::neighbours::Neighbours;
use crate::accounts::role::{self, Role};
use crate::accounts::{self, email, store};
use crate::ground::sign_in_name::DOMAIN;
use crate::neighbours::{Features, delete_account};
use crate::operators::OperatorsState;
use crate::operators::errors::OperatorError;

/// What the console shows of her account: nothing she wrote, nobody she chose.
pub struct AccountView {
    pub id: String,
    pub created_at: String,
    pub last_sign_in_at: Option<String>,
    pub two_step: bool,
    pub disabled: bool,
    pub copy_bytes: i64,
    pub checkin_running: bool,
    pub advocates: usize,
}

/// What an operator may do to an account that answers 204.
#[derive(Clone, Copy)]
pub enum Action {
    Disable,
    Enable,
    SignOut,
    RemoveFactors,
    Delete,
}

impl Action {
    fn name(self) -> &'static str {
        match self {
            Self::Disable => "account.disable",
            Self::Enable => "account.enable",
            Self::SignOut => "account.sign_out",
            Self::RemoveFactors => "account.remove_factors",
            Self::Delete => "account.delete",
        }
    }
}

/// The stored address `find` stands for: an e-mail address, or a sign-in name typed without its domain.
fn address(find: &str) -> Result<String, OperatorError> {
    let find = email::canonical(find);
    if find.is_empty() || find.chars().count() > 255 {
        return Err(OperatorError::Invalid(
            "Type her whole e-mail address or sign-in name (at most 255 characters).",
        ));
    }
    Ok(if find.contains('@') {
        find
    } else {
        format!("{find}@{DOMAIN}")
    })
}

/// A survivor's account by its exact address or sign-in name. The search is in the audit, its text not.
pub async fn find(actor: &Actor, find: &str) -> Result<AccountView, OperatorError> {
    let address = address(find)?;
    let who = actor.clone();
    actor
        .db
        .write(move |c| {
            let found = store::find_by_email(c, &address)?
                .map(|u| u.id)
                .filter(|id| role::of(c, id).is_ok_and(|r| r == Role::Survivor));
            record(c, &who, "account.find", found.as_deref())?;
            view(c, &found.ok_or(OperatorError::NotFound)?)
        })
        .await
}

fn survivor(c: &Connection, id: &str) -> Result<(), OperatorError> {
    let exists = store::find_by_id(c, id)?.is_some();
    if !exists || role::of(c, id)? != Role::Survivor {
        return Err(OperatorError::NotFound);
    }
    Ok(())
}

fn view(c: &Connection, id: &str) -> Result<AccountView, OperatorError> {
    let a = store::find(c, id)?.ok_or(OperatorError::NotFound)?;
    Ok(AccountView {
        checkin_running: crate::checkin::account::runs(c, id)?,
        advocates: crate::advocates::store::links::links_of_survivor(c, id)?.len(),
        two_step: a.factors > 0,
        disabled: accounts::disabled_by(a.banned_until.as_deref()),
        copy_bytes: Features.copy_of(c, id)?.map_or(0, |(bytes, _)| bytes),
        id: a.id,
        created_at: a.created_at,
        last_sign_in_at: a.last_sign_in_at,
    })
}

/// Disables, enables, signs out everywhere, removes the authenticators of, or deletes her account. A
/// deletion raises her running check-in's alarm, as `solace users delete` does, and wakes the timer.
pub async fn act(
    state: &OperatorsState,
    actor: &Actor,
    id: String,
    action: Action,
) -> Result<(), OperatorError> {
    let who = actor.clone();
    let raised = actor
        .db
        .write(move |c| {
            survivor(c, &id)?;
            let mut raised = 0;
            match action {
                Action::Disable => {
                    accounts::disable::disable(c, &id)?;
                }
                Action::Enable => {
                    accounts::disable::enable(c, &id)?;
                }
                Action::SignOut => {
                    accounts::sessions::delete_for_user(c, &id, None)?;
                }
                Action::RemoveFactors => {
                    accounts::remove_factors::remove_all(c, &id)?;
                }
                Action::Delete => raised = delete_account(c, &id)?.alarms_raised,
            }
            record(c, &who, action.name(), Some(&id))?;
            Ok::<_, OperatorError>(raised)
        })
        .await?;
    if raised > 0 {
        state.wake.notify_one();
    }
    Ok(())
}

/// A one-time recovery link to her account, to be handed over in person; shown once, never stored.
pub async fn recovery_link(
    state: &OperatorsState,
    actor: &Actor,
    id: String,
) -> Result<String, OperatorError> {
    let who = actor.clone();
    let site = state.site_url.clone();
    let lifetime = state.link_lifetime;
    actor
        .db
        .write(move |c| {
            survivor(c, &id)?;
            let link = accounts::recovery::create(c, &id, &site, lifetime)?;
            record(c, &who, "account.recovery_link", Some(&id))?;
            Ok(link.url)
        })
        .await
}
