//! `Expect: 100-continue`: a client announcing a body larger than any route accepts gets the 413 at once,
//! before being told to continue, so it never sends (and we never read) megabytes that would be refused.
//! actix otherwise answers "100 Continue" to every such request before any route sees it.

use actix_http::body::BoxBody;
use actix_http::{HttpMessage, Request, Response, StatusCode};
use actix_service::{ServiceFactory, fn_service};
use actix_web::http::header::{CONTENT_LENGTH, CONTENT_TYPE, HeaderValue};

/// The largest body any route reads (the auth routes' limit); the routes still check their own.
pub const LARGEST_BODY: u64 = 64 * 1024;

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
            .and_then(|v| v.trim().parse::<u64>().ok());
        match announced {
            Some(n) if n > LARGEST_BODY => Err(too_large(req.path())),
            _ => Ok(req),
        }
    })
}

/// The same JSON each part of the API uses for its errors (GoTrue's under /auth/v1, ours elsewhere).
fn too_large(path: &str) -> Response<BoxBody> {
    let body = if path == "/auth/v1" || path.starts_with("/auth/v1/") {
        r#"{"code":413,"error_code":"request_entity_too_large","msg":"Request body is too large"}"#
    } else {
        r#"{"error":"payload_too_large","message":"The request is too large."}"#
    };
    let mut res = Response::with_body(StatusCode::PAYLOAD_TOO_LARGE, BoxBody::new(body));
    res.headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    res
}
