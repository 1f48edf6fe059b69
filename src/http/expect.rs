//! `Expect: 100-continue`: a client announcing a body larger than any route accepts gets the 413 at once,
//! before being told to continue, so it never sends (and we never read) megabytes that would be refused.
//! actix otherwise answers "100 Continue" to every such request before any route sees it.

use actix_http::body::BoxBody;
use actix_http::{HttpMessage, Request, Response};
use actix_service::{ServiceFactory, fn_service};
use actix_web::ResponseError;
use actix_web::http::header::CONTENT_LENGTH;

use crate::auth::errors::AuthError;
use crate::error::ApiError;

/// The largest body an `/api` route reads: an advocate's share is up to 1 MiB of base64 in JSON. Routes with
/// their own limit (the copy's records and chunks, a share's parts) stay under it.
pub const API_BODY_LIMIT: usize = 2 * 1024 * 1024;

/// The largest body the request's path may announce; the routes still check their own.
fn largest_body(path: &str) -> usize {
    if is_auth(path) {
        crate::auth::http::routes::BODY_LIMIT
    } else {
        API_BODY_LIMIT
    }
}

fn is_auth(path: &str) -> bool {
    path == "/auth/v1" || path.starts_with("/auth/v1/")
}

pub fn guard() -> impl ServiceFactory<
    Request,
    Config = (),
    Response = Request,
    Error = Response<BoxBody>,
    InitError = (),
> {
    fn_service(|req: Request| async move {
        let announced = req
            .headers()
            .get(CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<usize>().ok());
        match announced {
            Some(n) if n > largest_body(req.path()) => Err(too_large(req.path())),
            _ => Ok(req),
        }
    })
}

/// The same JSON each part of the API uses for its errors (GoTrue's under /auth/v1, ours elsewhere).
fn too_large(path: &str) -> Response<BoxBody> {
    if is_auth(path) {
        AuthError::PayloadTooLarge.error_response().into()
    } else {
        ApiError::too_large().error_response().into()
    }
}
