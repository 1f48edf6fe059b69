//! The one error type of `/auth/v1` and its mapping to HTTP, in GoTrue's two wire forms: clients that
//! send `X-Supabase-Api-Version: 2024-01-01` or later (auth-js always does) get
//! `{"code": "<error_code>", "message": …}`; others get the legacy `{"code": <status>, "error_code", "msg"}`.
//! A middleware on the scope picks the form, because `ResponseError` cannot see the request, and turns
//! every other 4xx/5xx (actix extractor errors, 404, 405, 413) into the same JSON.

use std::borrow::Cow;
use std::fmt;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::error::{JsonPayloadError, QueryPayloadError, UrlencodedError};
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{HttpRequest, HttpResponse, ResponseError};
use serde_json::{Value, json};

use crate::db::DbError;

pub const API_VERSION_HEADER: HeaderName = HeaderName::from_static("x-supabase-api-version");
const ERROR_CODE_HEADER: HeaderName = HeaderName::from_static("x-sb-error-code");
/// The first API version whose errors carry the string code in `code`.
const API_2024: &str = "2024-01-01";

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuthError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: Cow<'static, str>,
    /// `weak_password` only: which rules failed ("length", "characters").
    pub weak_reasons: Vec<&'static str>,
    pub retry_after_secs: Option<u64>,
}

pub type AuthResult<T> = Result<T, AuthError>;

impl AuthError {
    pub fn new(
        status: StatusCode,
        code: &'static str,
        message: impl Into<Cow<'static, str>>,
    ) -> Self {
        Self {
            status,
            code,
            message: message.into(),
            weak_reasons: Vec::new(),
            retry_after_secs: None,
        }
    }

    pub fn validation(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "validation_failed", message)
    }

    pub fn bad_json(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "bad_json", message)
    }

    pub fn invalid_credentials() -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            "invalid_credentials",
            "Invalid login credentials",
        )
    }

    pub fn weak_password(message: &'static str, reasons: Vec<&'static str>) -> Self {
        Self {
            weak_reasons: reasons,
            ..Self::new(StatusCode::UNPROCESSABLE_ENTITY, "weak_password", message)
        }
    }

    pub fn no_authorization() -> Self {
        Self::new(
            StatusCode::UNAUTHORIZED,
            "no_authorization",
            "This endpoint requires a valid Bearer token",
        )
    }

    pub fn bad_jwt(detail: &str) -> Self {
        Self::new(
            StatusCode::FORBIDDEN,
            "bad_jwt",
            format!("invalid JWT: unable to parse or verify signature, {detail}"),
        )
    }

    pub fn session_not_found() -> Self {
        Self::new(
            StatusCode::FORBIDDEN,
            "session_not_found",
            "Session from session_id claim in JWT does not exist",
        )
    }

    pub fn user_not_found() -> Self {
        Self::new(
            StatusCode::FORBIDDEN,
            "user_not_found",
            "User from sub claim in JWT does not exist",
        )
    }

    pub fn rate_limited(retry_after_secs: u64) -> Self {
        Self {
            retry_after_secs: Some(retry_after_secs.max(1)),
            ..Self::new(
                StatusCode::TOO_MANY_REQUESTS,
                "over_request_rate_limit",
                "Request rate limit reached",
            )
        }
    }

    pub fn not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", "Not found")
    }

    /// A fault on our side; the cause is logged here and never sent.
    pub fn internal(cause: &dyn fmt::Display) -> Self {
        tracing::error!(error = %cause, "auth request failed");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "unexpected_failure",
            "Unexpected failure, please check server logs for more information",
        )
    }

    fn body(&self, api_2024: bool) -> Value {
        let mut body = if api_2024 {
            json!({ "code": self.code, "error_code": self.code, "message": self.message })
        } else {
            json!({ "code": self.status.as_u16(), "error_code": self.code, "msg": self.message })
        };
        if !self.weak_reasons.is_empty() {
            body["weak_password"] = json!({ "reasons": self.weak_reasons });
        }
        body
    }

    fn render(&self, api_2024: bool) -> HttpResponse {
        let mut res = HttpResponse::build(self.status);
        res.insert_header((ERROR_CODE_HEADER, self.code));
        if let Some(secs) = self.retry_after_secs {
            res.insert_header((header::RETRY_AFTER, secs.to_string()));
        }
        res.json(self.body(api_2024))
    }

    /// The error for a status that came from actix rather than from our code.
    fn from_status(status: StatusCode) -> Self {
        match status {
            StatusCode::NOT_FOUND => Self::not_found(),
            StatusCode::PAYLOAD_TOO_LARGE => Self::new(
                status,
                "request_entity_too_large",
                "Request body is too large",
            ),
            StatusCode::METHOD_NOT_ALLOWED => {
                Self::new(status, "method_not_allowed", "Method not allowed")
            }
            s if s.is_server_error() => Self::new(
                s,
                "unexpected_failure",
                "Unexpected failure, please check server logs for more information",
            ),
            s => Self::new(s, "validation_failed", "The request could not be read"),
        }
    }
}

impl fmt::Display for AuthError {
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

impl ResponseError for AuthError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        self.render(false)
    }
}

impl From<DbError> for AuthError {
    fn from(e: DbError) -> Self {
        Self::internal(&e)
    }
}

impl From<rusqlite::Error> for AuthError {
    fn from(e: rusqlite::Error) -> Self {
        Self::internal(&e)
    }
}

/// Whether the request asked for the 2024 error form: a date header at or after 2024-01-01.
fn wants_2024(req: &ServiceRequest) -> bool {
    req.headers()
        .get(&API_VERSION_HEADER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| chrono::NaiveDate::parse_from_str(v.trim(), "%Y-%m-%d").ok())
        .is_some_and(|d| d >= chrono::NaiveDate::from_ymd_opt(2024, 1, 1).expect("valid date"))
}

/// Scope middleware: renders errors in the form the client asked for, echoes the API version, and
/// replaces actix's plain-text error bodies with GoTrue JSON.
pub async fn render(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let api_2024 = wants_2024(&req);
    let mut res = match next.call(req).await {
        Ok(res) => res.map_into_boxed_body(),
        Err(e) => return Err(e),
    };
    let status = res.status();
    if status.is_client_error() || status.is_server_error() {
        let ours = res
            .response()
            .error()
            .and_then(|e| e.as_error::<AuthError>())
            .cloned();
        let is_json = res
            .headers()
            .get(header::CONTENT_TYPE)
            .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
        let error = match ours {
            Some(e) => Some(e),
            None if !is_json => Some(AuthError::from_status(status)),
            None => None,
        };
        if let Some(error) = error {
            res = res.into_response(error.render(api_2024));
        }
    }
    if api_2024 {
        res.headers_mut()
            .insert(API_VERSION_HEADER, HeaderValue::from_static(API_2024));
    }
    Ok(res)
}

pub fn json_error(err: JsonPayloadError, _req: &HttpRequest) -> actix_web::Error {
    match err {
        JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
            AuthError::from_status(StatusCode::PAYLOAD_TOO_LARGE).into()
        }
        other => {
            AuthError::bad_json(format!("Could not parse request body as JSON: {other}")).into()
        }
    }
}

pub fn query_error(err: QueryPayloadError, _req: &HttpRequest) -> actix_web::Error {
    AuthError::validation(format!("Could not read the query string: {err}")).into()
}

pub fn form_error(err: UrlencodedError, _req: &HttpRequest) -> actix_web::Error {
    match err {
        UrlencodedError::Overflow { .. } => {
            AuthError::from_status(StatusCode::PAYLOAD_TOO_LARGE).into()
        }
        other => AuthError::validation(format!("Could not read the form: {other}")).into(),
    }
}

/// Parses a JSON body ourselves (instead of `web::Json`) so each endpoint checks its preconditions in
/// GoTrue's order, e.g. `signup_disabled` before a malformed body. Unknown fields are ignored.
pub fn parse_json<T: serde::de::DeserializeOwned>(body: &[u8]) -> AuthResult<T> {
    serde_json::from_slice(body)
        .map_err(|e| AuthError::bad_json(format!("Could not parse request body as JSON: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_forms_carry_the_code() {
        let e = AuthError::invalid_credentials();
        assert_eq!(
            e.body(true),
            json!({"code":"invalid_credentials","error_code":"invalid_credentials","message":"Invalid login credentials"})
        );
        assert_eq!(
            e.body(false),
            json!({"code":400,"error_code":"invalid_credentials","msg":"Invalid login credentials"})
        );
    }

    #[test]
    fn weak_password_lists_reasons() {
        let e = AuthError::weak_password("too weak", vec!["length", "characters"]);
        assert_eq!(
            e.body(true)["weak_password"],
            json!({"reasons":["length","characters"]})
        );
    }
}
