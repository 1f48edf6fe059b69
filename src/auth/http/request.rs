//! What the auth routes read from a request besides its body: the client's address, the Bearer token,
//! whether the body is JSON, and the errors of actix's body and query readers in GoTrue's terms.

use std::net::IpAddr;

use actix_web::HttpRequest;
use actix_web::error::{JsonPayloadError, QueryPayloadError, UrlencodedError};
use actix_web::http::header;

use crate::auth::errors::{AuthError, AuthResult};

pub fn peer_ip(req: &HttpRequest) -> Option<IpAddr> {
    // The TCP peer, or the client a trusted proxy names; never a header from anyone else, where a
    // client could write anything to dodge the limits.
    crate::http::client_address::ClientIp::of(req)
}

/// The language of the e-mails a request makes the server send: the browser's first choice.
pub fn mail_language(req: &HttpRequest) -> &'static str {
    let accept = req
        .headers()
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok());
    crate::auth::rules::sign_up_mail::language(accept)
}

pub fn bearer(req: &HttpRequest) -> Option<&str> {
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.trim().split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then_some(token)
}

/// Sign-up and sign-in take JSON only. GoTrue reads any body as JSON whatever its type; we also
/// refuse the types an HTML form can send (form, multipart, text/plain), because those need no CORS
/// preflight, so any web page could otherwise post them from her browser. Same answer as GoTrue gives a
/// form body: 400 `bad_json`.
pub fn require_json(req: &HttpRequest) -> AuthResult<()> {
    let essence = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .map(|v| v.trim().to_ascii_lowercase());
    match essence.as_deref() {
        Some("application/json") => Ok(()),
        _ => Err(AuthError::NotJson),
    }
}

pub fn json_error(err: JsonPayloadError, _req: &HttpRequest) -> actix_web::Error {
    match err {
        JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
            AuthError::PayloadTooLarge.into()
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
        UrlencodedError::Overflow { .. } => AuthError::PayloadTooLarge.into(),
        other => AuthError::validation(format!("Could not read the form: {other}")).into(),
    }
}
