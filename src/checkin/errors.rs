//! What can go wrong in a check-in's use cases and storage, and its one mapping to the `/api` format.

use actix_web::http::StatusCode;

use crate::auth::keys::password::PoolError;
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
    /// Too many wrong PINs in this session of hers: it takes no PIN now. Unless another session of hers
    /// ends it, the check-in runs to its end (and alerts).
    #[error("too many wrong PINs")]
    Locked,
    /// Too many wrong PINs from sessions that are not hers, all together: none of them takes a PIN now,
    /// while her own sessions keep their own tries (docs/checkin.md, "His wrong PINs").
    #[error("too many wrong PINs from sessions that are not hers")]
    OthersLocked,
    #[error("e-mail is not set up on this server")]
    NoEmail,
    /// Too many PINs (or passwords) waiting to be checked: not her fault, and nothing was counted.
    #[error("the hashing threads are busy")]
    Busy,
    /// What she asked would send more than a day allows (`limits.rs`); `to` is whom, masked, or `None`
    /// for all of her e-mail together.
    #[error("over the day's sending limit")]
    SendLimit { wait_secs: u64, to: Option<String> },
    /// Too many starts and test alerts from one account this hour (`CheckinState::sends`).
    #[error("too many starts or tests")]
    RateLimited(std::time::Duration),
    #[error("the PIN could not be checked: {0}")]
    Hash(String),
    #[error(transparent)]
    Db(#[from] DbError),
}

/// PINs are hashed and checked on the auth service's pool (`use_cases/pin.rs`): busy threads are a 503 to
/// try again, never a wrong PIN.
impl From<PoolError> for CheckinError {
    fn from(e: PoolError) -> Self {
        match e {
            PoolError::Busy => Self::Busy,
            PoolError::Failed(cause) => Self::Hash(cause.to_string()),
        }
    }
}

impl From<CheckinError> for ApiError {
    fn from(e: CheckinError) -> Self {
        let retry_after = match &e {
            CheckinError::Busy => Some(1),
            CheckinError::SendLimit { wait_secs, .. } => Some(*wait_secs),
            _ => None,
        };
        let (status, code, message) = match e {
            // The words and code of every /api rate limit.
            CheckinError::RateLimited(wait) => return ApiError::rate_limited(wait),
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
                "Too many wrong PINs. No PIN is taken here now; unless the check-in is ended where \
                 your PIN has worked, it will run to its end."
                    .into(),
            ),
            // The same code: to whoever is refused, it is the same lock.
            CheckinError::OthersLocked => (
                StatusCode::FORBIDDEN,
                "pin_locked",
                "Too many wrong PINs where this check-in's PIN has not worked. No PIN is taken here \
                 now; unless the check-in is ended where it was started, it will run to its end."
                    .into(),
            ),
            CheckinError::NoEmail => (
                StatusCode::BAD_REQUEST,
                "email_unavailable",
                "This server cannot send e-mail.".into(),
            ),
            // The words and code the password pool's 503 has under /auth/v1 (tests/fixtures/server-messages.json).
            CheckinError::Busy => (
                StatusCode::SERVICE_UNAVAILABLE,
                "server_busy",
                "The server is busy, please try again in a moment".into(),
            ),
            CheckinError::SendLimit { wait_secs, to } => {
                // For the operator: who is refused is not logged (no address, no account).
                tracing::info!(
                    "a check-in or test alert was refused: over the day's sending limit"
                );
                (
                    StatusCode::TOO_MANY_REQUESTS,
                    "send_limit",
                    format!(
                        "{} as many alerts as this server sends in a day. You can send again in about {} hours.",
                        to.map_or("You have sent".into(), |to| format!("{to} has been sent")),
                        wait_secs.div_ceil(3600)
                    ),
                )
            }
            CheckinError::Hash(cause) => {
                tracing::error!(error = %cause, "a check-in PIN could not be hashed or checked");
                internal()
            }
            CheckinError::Db(e) => {
                tracing::error!(error = %e, "the check-in tables could not be read or written");
                internal()
            }
        };
        ApiError {
            retry_after,
            ..ApiError::new(status, code, message)
        }
    }
}

fn internal() -> (StatusCode, &'static str, String) {
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal_error",
        "Something went wrong on the server.".into(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn busy_hashing_threads_are_a_503_to_try_again_not_a_wrong_pin() {
        let e = ApiError::from(CheckinError::Busy);
        assert_eq!(
            (e.status.as_u16(), e.code, e.retry_after),
            (503, "server_busy", Some(1))
        );
    }

    #[test]
    fn the_sending_limit_says_whom_and_when() {
        let e = ApiError::from(CheckinError::SendLimit {
            wait_secs: 3 * 3600 + 1,
            to: Some("f***@example.org".into()),
        });
        assert_eq!((e.status.as_u16(), e.code), (429, "send_limit"));
        assert_eq!(e.retry_after, Some(3 * 3600 + 1));
        assert!(
            e.message.starts_with("f***@example.org has been sent"),
            "{}",
            e.message
        );
        assert!(e.message.ends_with("in about 4 hours."), "{}", e.message);
    }
}
