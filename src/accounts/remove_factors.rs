//! Removing every two-step sign-in factor of an account, for an authenticator that was lost. Sessions
//! that passed a second step drop back to aal1 (their step goes with the factor); she signs in with
//! her password alone afterwards.

use crate::db::Connection;

use super::{AccountError, find::find};
use crate::accounts::factors;
use crate::accounts::store::AccountRow;

/// Returns the account and how many factors were removed.
pub fn remove_all(c: &mut Connection, key: &str) -> Result<(AccountRow, usize), AccountError> {
    let tx = c.transaction()?;
    let account = find(&tx, key)?;
    let removed = factors::delete_for_user(&tx, &account.id)?;
    let account = find(&tx, &account.id)?;
    tx.commit()?;
    Ok((account, removed))
}
