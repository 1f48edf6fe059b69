//! What can go wrong in the advocates' routes and commands, and its one mapping to the `/api` format.

use actix_web::http::StatusCode;

use crate::blobs::BlobError;
use crate::db::DbError;
use crate::error::ApiError;
use crate::room::NoRoom;

#[derive(Debug, thiserror::Error)]
pub enum AdvocateError {
    /// A survivor's token on the advocates' area, or an advocate's on hers.
    #[error("this area is for another kind of account")]
    WrongArea,
    /// An advocate who has not set up two-step sign-in, or a session that has not passed it.
    #[error("two-step sign-in is needed first")]
    TwoStepNeeded,
    #[error("no such code, or it was used or has expired")]
    UnknownCode,
    /// Too many code look-ups from one survivor account (`use_cases::pair::PairingLimit`).
    #[error("too many pairing codes tried")]
    RateLimited(std::time::Duration),
    #[error("no such advocate")]
    NotFound,
    /// Ending a pairing that her running check-in would alert: only her PIN ends a check-in.
    #[error("a running check-in names this advocate")]
    InCheckin,
    #[error("{0}")]
    Invalid(&'static str),
    /// A share's parts together beyond `[advocates] max_share_mib` (the number is that limit).
    #[error("a share holds at most {0} MiB here")]
    TooLarge(u64),
    /// She keeps `[advocates] max_shares_per_survivor` shares already (the number).
    #[error("at most {0} shares at once")]
    TooManyShares(u64),
    /// `[advocates] max_unfinished_shares` of hers wait for their parts already (the number).
    #[error("at most {0} unfinished shares at once")]
    Unfinished(u64),
    /// Below the data directory's free-space floor, or SQLite found the disk full (src/room/).
    #[error(transparent)]
    NoRoom(#[from] NoRoom),
    /// The bucket did not take or give a part's bytes (`[storage] url = "s3://..."`).
    #[error(transparent)]
    Blob(BlobError),
    #[error(transparent)]
    Db(DbError),
}

impl From<BlobError> for AdvocateError {
    fn from(e: BlobError) -> Self {
        match e {
            BlobError::Db(e) => e.into(),
            e => Self::Blob(e),
        }
    }
}

impl From<DbError> for AdvocateError {
    fn from(e: DbError) -> Self {
        crate::room::when_full(e).map_or_else(Self::Db, Self::NoRoom)
    }
}

impl From<AdvocateError> for ApiError {
    fn from(e: AdvocateError) -> Self {
        match e {
            AdvocateError::WrongArea => ApiError::new(
                StatusCode::FORBIDDEN,
                "wrong_area",
                "This page is not for this account.",
            ),
            AdvocateError::TwoStepNeeded => ApiError::new(
                StatusCode::FORBIDDEN,
                "two_step_needed",
                "Please set up two-step sign-in first, and sign in with your code.",
            ),
            AdvocateError::UnknownCode => ApiError::new(
                StatusCode::NOT_FOUND,
                "unknown_code",
                "That code does not work. It may have been used or be more than an hour old; ask for a new one.",
            ),
            AdvocateError::RateLimited(wait) => ApiError::rate_limited(wait),
            AdvocateError::NotFound => ApiError::not_found(),
            AdvocateError::InCheckin => ApiError::new(
                StatusCode::CONFLICT,
                "advocate_in_checkin",
                "Your check-in will tell this advocate if it runs out, so they stay until it ends. \
                 End the check-in with your PIN first, then you can remove them.",
            ),
            AdvocateError::Invalid(why) => {
                ApiError::new(StatusCode::BAD_REQUEST, "invalid_request", why)
            }
            AdvocateError::TooLarge(mib) => ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "share_too_large",
                format!(
                    "This server takes at most {mib} MiB in one share. Share fewer photos or recordings at once."
                ),
            ),
            AdvocateError::TooManyShares(most) => ApiError::new(
                StatusCode::CONFLICT,
                "too_many_shares",
                format!(
                    "You are sharing {most} things already, the most this server keeps for one person. \
                     Withdraw a share you no longer need in Settings, then share this."
                ),
            ),
            AdvocateError::Unfinished(_) => ApiError::new(
                StatusCode::CONFLICT,
                "unfinished_shares",
                "Something you started sharing has not finished sending yet. Let it finish, or withdraw it \
                 in Settings, then share this.",
            ),
            AdvocateError::NoRoom(no_room) => no_room.into(),
            AdvocateError::Blob(e) => e.into(),
            AdvocateError::Db(e) => {
                tracing::error!(error = %e, "the advocates' tables could not be read or written");
                ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "internal_error",
                    "Something went wrong on the server.",
                )
            }
        }
    }
}
