//! What can go wrong when managing accounts.

use crate::db::DbError;

#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    /// No account has this id or e-mail address.
    #[error("no account matches {0:?}")]
    NotFound(String),
    /// A recovery link for a disabled account could never be used.
    #[error("the account {0} is disabled; enable it first")]
    Disabled(String),
    /// Another account already has this e-mail address.
    #[error("another account already has this e-mail address")]
    EmailTaken,
    /// The account asked to delete itself while a check-in of it runs: only her PIN ends a check-in.
    #[error("a check-in of this account is running")]
    CheckinRunning,
    /// An advocate whom a running check-in would alert: their copy of her alert would go with them.
    #[error(
        "a running check-in would alert this advocate; disable the account now (users disable) if need \
         be, and delete it once the check-in has ended"
    )]
    AdvocateInCheckin,
    #[error(transparent)]
    Db(#[from] DbError),
}
