//! The error type of the `/api` routes and its one mapping to HTTP: a status and a JSON body
//! `{"error": "<code>", "message": "<text for people>"}`. The logged cause stays on the server.

use std::fmt;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq)]
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

    /// 429 with a `Retry-After` header; `wait` is rounded up to whole seconds.
    pub fn rate_limited(wait: std::time::Duration) -> Self {
        let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        let secs = secs.max(1);
        Self {
            retry_after: Some(secs),
            ..Self::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                format!("Too many requests. Try again in {secs} seconds."),
            )
        }
    }

    pub fn not_found() -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            "not_found",
            "There is nothing at this address.",
        )
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}: {}",
            self.status.as_u16(),
            self.code,
            self.message
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
