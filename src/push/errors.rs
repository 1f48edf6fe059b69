//! What can go wrong with Web Push: setting it up at start (`PushError`), and a browser allowing or
//! stopping notifications (`SubscriptionError`, mapped to the `/api` error format once, here).

use actix_web::http::StatusCode;

use super::key;
use crate::db::DbError;
use crate::error::ApiError;

#[derive(Debug, thiserror::Error)]
pub enum PushError {
    #[error(transparent)]
    Key(#[from] key::PushKeyError),
    #[error("cannot build the push client: {0}")]
    Client(String),
}

#[derive(Debug, thiserror::Error)]
pub enum SubscriptionError {
    /// The operator turned notifications off (`[push] enabled = false`).
    #[error("this server does not send notifications")]
    Off,
    #[error("{0}")]
    Invalid(&'static str),
    /// Another account registered this browser's endpoint first (`store::subscriptions::add`).
    #[error("the endpoint belongs to another account")]
    EndpointTaken,
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<SubscriptionError> for ApiError {
    fn from(e: SubscriptionError) -> Self {
        match e {
            SubscriptionError::Off => ApiError::new(
                StatusCode::NOT_FOUND,
                "push_off",
                "This server does not send notifications.",
            ),
            SubscriptionError::Invalid(why) => {
                ApiError::new(StatusCode::BAD_REQUEST, "invalid_request", why)
            }
            SubscriptionError::EndpointTaken => ApiError::new(
                StatusCode::CONFLICT,
                "endpoint_taken",
                "This browser already gets notifications for another account. Stop them there first.",
            ),
            SubscriptionError::Db(e) => {
                tracing::error!(error = %e, "a push subscription could not be stored");
                ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "internal_error",
                    "Something went wrong on the server.",
                )
            }
        }
    }
}
