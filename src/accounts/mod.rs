//! Accounts: the one home of the `users` table's queries (`store`), of the tables that hang from an account
//! and that both the auth service and the operator's commands change (`sessions` with refresh tokens,
//! `factors` with their challenges and claims, `recovery_tokens`), and of the rules every part of Solace
//! applies to an account (disabled or banned, created, changed, deleted, its e-mail address, its
//! timestamps). The auth service and the operator's `solace users` command both build on this module and
//! never on each other. What the features above keep of an account (her check-in, her copy) is asked of
//! them through `neighbours`, which the caller hands in: accounts import nothing above them. One use case per file, each a function on a database connection so any front end
//! can call it.

pub mod ban;
pub mod create;
pub mod delete;
pub mod disable;
pub mod email;
pub mod errors;
pub mod factors;
pub mod find;
pub mod identities;
pub mod list;
pub mod neighbours;
pub mod recovery;
pub mod recovery_tokens;
pub mod remove_factors;
pub mod role;
pub mod sessions;
pub mod store;
pub mod update;

pub use errors::AccountError;

use crate::db::Connection;

/// Whether the account may not sign in now (GoTrue's `IsBanned`: `banned_until` in the future).
/// An unreadable date counts as disabled: refusing is the safe mistake.
pub fn is_disabled(c: &Connection, user_id: &str) -> crate::db::Result<bool> {
    Ok(disabled_by(store::banned_until(c, user_id)?.as_deref()))
}

/// Whether a `banned_until` value disables the account now.
pub fn disabled_by(banned_until: Option<&str>) -> bool {
    banned_until.is_some_and(|until| {
        chrono::DateTime::parse_from_rfc3339(until).map_or(true, |t| t > chrono::Utc::now())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ban_lasts_until_its_end_and_an_unreadable_one_counts() {
        assert!(!disabled_by(None));
        assert!(disabled_by(Some(disable::FOREVER)));
        assert!(!disabled_by(Some("2000-01-01T00:00:00Z")));
        assert!(disabled_by(Some("not a date")));
    }
}
