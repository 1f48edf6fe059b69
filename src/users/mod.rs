//! Account management for the server's operator: the use cases behind `solace users ...` (and the admin
//! HTTP API in `crate::auth::admin`). One use case per file, each a function on a database connection so any front
//! end can call it; `command.rs` is the command-line front end.

pub mod ban;
pub mod command;
pub mod create;
pub mod delete;
pub mod disable;
pub mod errors;
pub mod find;
pub mod list;
pub mod recovery;
pub mod remove_factors;
pub mod update;

pub use errors::UsersError;

use rusqlite::Connection;

/// Whether the account may not sign in now (GoTrue's `IsBanned`: `banned_until` in the future).
/// An unreadable date counts as disabled: refusing is the safe mistake.
pub fn is_disabled(c: &Connection, user_id: &str) -> rusqlite::Result<bool> {
    Ok(disabled_by(
        crate::db::accounts::banned_until(c, user_id)?.as_deref(),
    ))
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
