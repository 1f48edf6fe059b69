//! Disabling an account (GoTrue's ban without an end) and enabling it again. A disabled account cannot
//! sign in, refresh or open a recovery link; disabling ends its sessions at once, so a phone someone
//! took loses access within one access-token lifetime.

use crate::db::Connection;

use super::{AccountError, find::find};
use crate::accounts::recovery_tokens;
use crate::accounts::sessions;
use crate::accounts::store::{self, AccountRow};
use crate::ground::clock::now_text;

/// `banned_until` of a disabled account: GoTrue stores a ban as an end time; this one never ends.
pub const FOREVER: &str = "9999-12-31T23:59:59Z";

pub fn disable(c: &mut Connection, key: &str) -> Result<AccountRow, AccountError> {
    let tx = c.transaction()?;
    let account = find(&tx, key)?;
    store::set_banned_until(&tx, &account.id, Some(FOREVER), &now_text())?;
    sessions::delete_for_user(&tx, &account.id, None)?;
    recovery_tokens::delete_for_user(&tx, &account.id)?;
    let account = find(&tx, &account.id)?;
    tx.commit()?;
    Ok(account)
}

pub fn enable(c: &mut Connection, key: &str) -> Result<AccountRow, AccountError> {
    let tx = c.transaction()?;
    let account = find(&tx, key)?;
    store::set_banned_until(&tx, &account.id, None, &now_text())?;
    let account = find(&tx, &account.id)?;
    tx.commit()?;
    Ok(account)
}
