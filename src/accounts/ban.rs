//! A ban for a while (GoTrue's `ban_duration`): "none" lifts it, any other length bans from now until
//! now plus that length. Like `disable`, a ban ends the account's sessions and recovery links at once.

use std::time::Duration;

use crate::db::Connection;

use crate::accounts::recovery_tokens;
use crate::accounts::sessions;
use crate::accounts::store;
use crate::ground::clock::now_text;

/// What a `ban_duration` asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ban {
    Lift,
    For(Duration),
}

impl Ban {
    /// The `banned_until` this ban stores; a zero length lifts the ban, as in GoTrue.
    pub fn until(self) -> Option<String> {
        match self {
            Self::For(d) if !d.is_zero() => {
                let end = chrono::Duration::from_std(d)
                    .ok()
                    .and_then(|d| chrono::Utc::now().checked_add_signed(d));
                Some(end.map_or_else(
                    || super::disable::FOREVER.to_string(),
                    |t| t.to_rfc3339_opts(chrono::SecondsFormat::Micros, true),
                ))
            }
            _ => None,
        }
    }
}

/// Applies the ban inside the caller's transaction.
pub fn apply(c: &Connection, user_id: &str, ban: Ban) -> crate::db::Result<()> {
    let until = ban.until();
    store::set_banned_until(c, user_id, until.as_deref(), &now_text())?;
    if until.is_some() {
        sessions::delete_for_user(c, user_id, None)?;
        recovery_tokens::delete_for_user(c, user_id)?;
    }
    Ok(())
}
