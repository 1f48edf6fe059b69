//! `Expect: 100-continue`: a client announcing a body larger than any route accepts gets the 413 at once,
//! before being told to continue, so it never sends (and we never read) megabytes that would be refused.
//! actix otherwise answers "100 Continue" to every such request before any route sees it.

use actix_http::body::BoxBody;
use actix_http::{HttpMessage, Request, Response};
use actix_service::{ServiceFactory, fn_service};
use actix_web::ResponseError;
use actix_web::http::header::CONTENT_LENGTH;

use crate::error::ApiError;

/// The largest body an `/api` route reads: an advocate's share is up to 1 MiB of base64 in JSON. Routes with
/// their own limit (the copy's records and chunks, a share's parts) stay under it.
pub const API_BODY_LIMIT: usize = 2 * 1024 * 1024;

/// A part of the site under `prefix` whose routes read at most `largest` bytes, and refuse more in their own
/// error format (the auth service's is GoTrue's). The server names them (`server.rs`), so this plumbing
/// knows no feature; every other path gets `API_BODY_LIMIT` and the `/api` error.
#[derive(Clone, Copy)]
pub struct Part {
    pub prefix: &'static str,
    pub largest: usize,
    pub too_large: fn() -> Response<BoxBody>,
}

impl Part {
    fn holds(&self, path: &str) -> bool {
        path.strip_prefix(self.prefix)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
    }
}

pub fn guard(
    parts: &'static [Part],
) -> impl ServiceFactory<
    Request,
    Config = (),
    Response = Request,
    Error = Response<BoxBody>,
    InitError = (),
> {
    fn_service(move |req: Request| async move {
        let announced = req
            .headers()
            .get(CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<usize>().ok());
        let part = parts.iter().find(|p| p.holds(req.path()));
        let largest = part.map_or(API_BODY_LIMIT, |p| p.largest);
        match announced {
            // The same JSON each part of the API uses for its errors (GoTrue's under /auth/v1, ours elsewhere).
            Some(n) if n > largest => Err(part.map_or_else(
                || ApiError::too_large().error_response().into(),
                |p| (p.too_large)(),
            )),
            _ => Ok(req),
        }
    })
}
