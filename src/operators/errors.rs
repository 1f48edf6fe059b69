//! What can go wrong in the operator's console and commands, and its one mapping to the `/api` format.

use actix_web::http::StatusCode;

use crate::accounts::AccountError;
use crate::db::DbError;
use crate::error::ApiError;

#[derive(Debug, thiserror::Error)]
pub enum OperatorError {
    /// An operator whose session has not passed two-step sign-in, or who has no authenticator yet.
    #[error("two-step sign-in is needed first")]
    TwoStepNeeded,
    /// No account of the kind asked for has this id, address or name.
    #[error("nothing matches")]
    NotFound,
    #[error("{0}")]
    Invalid(&'static str),
    /// Over a limit on what an operator may ask in a while (test e-mails): the wait.
    #[error("too many requests")]
    TooMany(std::time::Duration),
    /// An advocate a running check-in would alert, or an account taken: the accounts' own words.
    #[error(transparent)]
    Account(AccountError),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<AccountError> for OperatorError {
    fn from(e: AccountError) -> Self {
        match e {
            AccountError::NotFound(_) => Self::NotFound,
            AccountError::Db(e) => Self::Db(e),
            e => Self::Account(e),
        }
    }
}

impl From<OperatorError> for ApiError {
    fn from(e: OperatorError) -> Self {
        match e {
            OperatorError::TwoStepNeeded => ApiError::new(
                StatusCode::FORBIDDEN,
                "two_step_needed",
                "Set up two-step sign-in first: the console shows nothing before it.",
            ),
            OperatorError::NotFound => ApiError::new(
                StatusCode::NOT_FOUND,
                "not_found",
                "No account matches. Check the address or name, typed in full.",
            ),
            OperatorError::Invalid(message) => {
                ApiError::new(StatusCode::BAD_REQUEST, "invalid_request", message)
            }
            OperatorError::TooMany(wait) => ApiError::rate_limited(wait),
            OperatorError::Account(AccountError::EmailTaken) => ApiError::new(
                StatusCode::CONFLICT,
                "already_exists",
                "An account with this e-mail address already exists.",
            ),
            OperatorError::Account(AccountError::AdvocateInCheckin) => ApiError::new(
                StatusCode::CONFLICT,
                "in_checkin",
                "A running check-in would alert this advocate. Disable the account now if need be, \
                 and remove it once the check-in has ended.",
            ),
            OperatorError::Account(AccountError::Disabled(_)) => ApiError::new(
                StatusCode::CONFLICT,
                "account_disabled",
                "This account is disabled. Enable it first, then make the link.",
            ),
            OperatorError::Account(e) => internal(&e),
            OperatorError::Db(e) => internal(&e),
        }
    }
}

fn internal(e: &dyn std::error::Error) -> ApiError {
    tracing::error!(error = %e, "an operator's request failed");
    ApiError::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal_error",
        "Something went wrong on the server.",
    )
}
