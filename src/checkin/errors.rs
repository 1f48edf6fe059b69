//! What can go wrong in the check-in routes, and its one mapping to the `/api` format.

use actix_web::http::StatusCode;

use crate::db::DbError;
use crate::error::ApiError;

#[derive(Debug, thiserror::Error)]
pub enum CheckinError {
    #[error("{0}")]
    Invalid(String),
    #[error("no check-in is running")]
    NoneRunning,
    #[error("a check-in is running already")]
    AlreadyRunning,
    #[error("wrong PIN")]
    WrongPin,
    /// Too many wrong PINs: the check-in runs to its end (and alerts) whatever is typed now.
    #[error("too many wrong PINs")]
    Locked,
    #[error("e-mail is not set up on this server")]
    NoEmail,
    #[error("the PIN could not be checked: {0}")]
    Hash(String),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<rusqlite::Error> for CheckinError {
    fn from(e: rusqlite::Error) -> Self {
        Self::Db(DbError::Sqlite(e))
    }
}

impl From<CheckinError> for ApiError {
    fn from(e: CheckinError) -> Self {
        let (status, code, message) = match e {
            CheckinError::Invalid(why) => (StatusCode::BAD_REQUEST, "invalid_request", why),
            CheckinError::NoneRunning => (
                StatusCode::NOT_FOUND,
                "no_checkin",
                "No check-in is running.".into(),
            ),
            CheckinError::AlreadyRunning => (
                StatusCode::CONFLICT,
                "checkin_running",
                "A check-in is running already; end it first.".into(),
            ),
            CheckinError::WrongPin => (
                StatusCode::FORBIDDEN,
                "wrong_pin",
                "That PIN is not right.".into(),
            ),
            CheckinError::Locked => (
                StatusCode::FORBIDDEN,
                "pin_locked",
                "Too many wrong PINs. This check-in will run to its end.".into(),
            ),
            CheckinError::NoEmail => (
                StatusCode::BAD_REQUEST,
                "email_unavailable",
                "This server cannot send e-mail.".into(),
            ),
            CheckinError::Hash(cause) => {
                tracing::error!(error = %cause, "a check-in PIN could not be hashed or checked");
                internal()
            }
            CheckinError::Db(e) => {
                tracing::error!(error = %e, "the check-in tables could not be read or written");
                internal()
            }
        };
        ApiError::new(status, code, message)
    }
}

fn internal() -> (StatusCode, &'static str, String) {
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal_error",
        "Something went wrong on the server.".into(),
    )
}
