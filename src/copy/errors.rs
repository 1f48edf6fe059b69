//! What can go wrong with the copy, and its one mapping to the `/api` error format.

use actix_web::http::StatusCode;

use crate::blobs::BlobError;
use crate::db::DbError;
use crate::error::ApiError;
use crate::room::NoRoom;

#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    #[error("nothing stored under this name")]
    NotFound,
    #[error("a newer version ({current_version}) is stored")]
    Conflict { current_version: i64 },
    #[error("the account's copy is at its size limit")]
    Full,
    #[error("{0}")]
    Invalid(&'static str),
    /// Below the data directory's free-space floor, or SQLite found the disk full (src/room/).
    #[error(transparent)]
    NoRoom(#[from] NoRoom),
    /// The bucket did not take or give the bytes (`[storage] url = "s3://..."`).
    #[error(transparent)]
    Blob(BlobError),
    #[error(transparent)]
    Db(DbError),
}

impl From<BlobError> for CopyError {
    fn from(e: BlobError) -> Self {
        match e {
            BlobError::Db(e) => e.into(),
            e => Self::Blob(e),
        }
    }
}

impl From<DbError> for CopyError {
    fn from(e: DbError) -> Self {
        crate::room::when_full(e).map_or_else(Self::Db, Self::NoRoom)
    }
}

impl From<CopyError> for ApiError {
    fn from(e: CopyError) -> Self {
        match e {
            CopyError::NotFound => ApiError::not_found(),
            CopyError::Conflict { .. } => ApiError::new(
                StatusCode::CONFLICT,
                "version_conflict",
                "A newer version of this is already saved. Both are kept on your device.",
            ),
            CopyError::Full => ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "copy_full",
                "Your copy on the server is full. Everything is still on this device.",
            ),
            CopyError::Invalid(why) => {
                ApiError::new(StatusCode::BAD_REQUEST, "invalid_request", why)
            }
            CopyError::NoRoom(no_room) => no_room.into(),
            CopyError::Blob(e) => e.into(),
            CopyError::Db(e) => {
                tracing::error!(error = %e, "the copy could not be read or written");
                ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "internal_error",
                    "Something went wrong on the server.",
                )
            }
        }
    }
}
