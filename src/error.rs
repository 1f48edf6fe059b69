//! The error type of the `/api` routes and its one mapping to HTTP: a status and a JSON body
//! `{"error": "<code>", "message": "<text for people>"}`. The logged cause stays on the server.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{} {code}: {message}", status.as_u16())]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    /// Seconds for a `Retry-After` header (429 answers).
    pub retry_after: Option<u64>,
}

#[derive(Serialize)]
struct Body<'a> {
    error: &'a str,
    message: &'a str,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        Self {
            status,
            code,
            message: message.into(),
            retry_after: None,
        }
    }

    /// 429 with a `Retry-After` header (whole seconds, rounded up as everywhere).
    pub fn rate_limited(wait: std::time::Duration) -> Self {
        let secs = crate::rate_limit::whole_seconds(wait);
        Self {
            retry_after: Some(secs),
            ..Self::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                format!("Too many requests. Try again in {secs} seconds."),
            )
        }
    }

    /// 413: a body over the route's limit (also refused before any route runs: `http/expect.rs`).
    pub fn too_large() -> Self {
        Self::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "payload_too_large",
            "The request is too large.",
        )
    }

    pub fn not_found() -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            "not_found",
            "There is nothing at this address.",
        )
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        let mut res = HttpResponse::build(self.status);
        if let Some(secs) = self.retry_after {
            res.insert_header((actix_web::http::header::RETRY_AFTER, secs));
        }
        res.json(Body {
            error: self.code,
            message: &self.message,
        })
    }
}

/// The `/api` scope's answer to any path it does not know.
pub async fn api_not_found() -> Result<HttpResponse, ApiError> {
    Err(ApiError::not_found())
}
