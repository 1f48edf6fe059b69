//! What the features built above accounts keep of an account, and have to say when it goes: her check-in,
//! which outlives the account (docs/checkin.md, "Nothing done to her account silences it"), and her
//! encrypted copy, whose size and last change the operator sees. Those features sit above accounts and
//! above the auth service (docs/development.md, "Layers"), so neither may call them; whoever deletes or
//! shows an account hands in an answer for them instead: the front doors build it (`src/neighbours.rs`).

use crate::db::Connection;

use super::AccountError;

/// Who deletes an account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum By {
    /// The operator (`solace users delete`, the admin API, `solace advocates remove`).
    Operator,
    /// The account itself (`POST /auth/v1/user/delete`).
    Herself,
}

pub trait Neighbours: Send + Sync {
    /// Asked inside the deletion's transaction, before the account's row goes: refuses the deletion with
    /// an `AccountError`, or makes ready for it and says how many check-in alarms it raised.
    fn before_deletion(
        &self,
        tx: &Connection,
        account_id: &str,
        by: By,
    ) -> Result<usize, AccountError>;

    /// The size and last change of her encrypted copy on the server, when she keeps one.
    fn copy_of(
        &self,
        c: &Connection,
        account_id: &str,
    ) -> Result<Option<(i64, String)>, AccountError>;
}
