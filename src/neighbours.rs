//! The features built above accounts, answering for them when an account is deleted or shown
//! (`accounts::neighbours`): her check-in, which outlives the account and raises its alarm as it goes, and
//! her encrypted copy, whose size the operator sees. It sits on the check-in's floor, above accounts, the
//! auth service and the copy; the front doors hand it to accounts and the auth service (src/server.rs, the
//! commands), which may not call up to these features themselves.

use crate::db::Connection;

use crate::accounts::AccountError;
use crate::accounts::delete::{self, Deleted};
use crate::accounts::neighbours::{By, Neighbours};
use crate::advocates::store::links;
use crate::checkin::account as checkin;
use crate::ground::clock::now_ms;

/// Every feature above accounts that keeps something of one.
pub struct Features;

impl Neighbours for Features {
    /// Only her PIN ends a check-in: an account cannot delete itself while one runs, and an advocate a
    /// running check-in would alert is not deleted by anyone; the operator's deletion raises her alarm.
    fn before_deletion(
        &self,
        tx: &Connection,
        account_id: &str,
        by: By,
    ) -> Result<usize, AccountError> {
        if by == By::Herself && checkin::runs(tx, account_id)? {
            return Err(AccountError::CheckinRunning);
        }
        if checkin::alerts_advocate(tx, account_id)? {
            return Err(AccountError::AdvocateInCheckin);
        }
        // The names she is known by, asked of the advocates' module here: the check-in's rule file is one
        // the advocates' unpairing asks, so it cannot ask back.
        let known_as: Vec<(String, String)> = links::links_of_survivor(tx, account_id)?
            .into_iter()
            .map(|l| (l.advocate_id, l.known_as))
            .collect();
        Ok(checkin::raise_before_deletion(
            tx,
            account_id,
            &known_as,
            now_ms(),
        )?)
    }

    fn copy_of(
        &self,
        c: &Connection,
        account_id: &str,
    ) -> Result<Option<(i64, String)>, AccountError> {
        let head = crate::copy::store::accounts::head(c, account_id)?;
        Ok(head.map(|(_, bytes, updated_at)| (bytes, updated_at)))
    }
}

/// The operator deletes an account (`solace users delete`, `solace advocates remove`, `solace operators
/// remove`, the console), her check-in having its say.
pub fn delete_account(c: &mut Connection, key: &str) -> Result<Deleted, AccountError> {
    delete::delete(c, key, &Features)
}
