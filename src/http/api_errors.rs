//! Every refusal under `/api` in its one format, `{"error", "message"}` (`crate::error`). The routes' own errors
//! already are; what actix answers by itself before a handler runs (a body over a route's limit, JSON that does
//! not parse, a path segment of the wrong kind) comes as plain text, and is rewritten here.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::error::JsonPayloadError;
use actix_web::http::StatusCode;
use actix_web::http::header::CONTENT_TYPE;
use actix_web::middleware::Next;
use actix_web::{Error, ResponseError};

use crate::error::ApiError;

/// Scope middleware, the `/api` twin of `auth::http::wire::render`: an error answer that is not JSON yet
/// becomes one.
pub async fn as_json(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let res = next.call(req).await?.map_into_boxed_body();
    let status = res.status();
    let is_json = res
        .headers()
        .get(CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return Ok(res);
    }
    let json = res
        .response()
        .error()
        .and_then(|e| e.as_error::<JsonPayloadError>());
    let api = refusal(status, json);
    Ok(res.into_response(api.error_response()))
}

fn refusal(status: StatusCode, json: Option<&JsonPayloadError>) -> ApiError {
    let (code, message) = match status {
        StatusCode::PAYLOAD_TOO_LARGE => return ApiError::too_large(),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => (
            "unsupported_media_type",
            "Send the body as JSON (Content-Type: application/json).".to_string(),
        ),
        StatusCode::NOT_FOUND => return ApiError::not_found(),
        _ if status.is_client_error() => (
            "bad_request",
            match json {
                Some(JsonPayloadError::Deserialize(e)) => {
                    format!("The request's JSON could not be read: {e}.")
                }
                _ => "The request could not be read.".to_string(),
            },
        ),
        _ => (
            "server_error",
            "Something went wrong on the server. Try again.".to_string(),
        ),
    };
    ApiError::new(status, code, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_refusal_keeps_its_status() {
        for status in [400, 404, 405, 413, 415, 500] {
            let status = StatusCode::from_u16(status).unwrap();
            assert_eq!(refusal(status, None).status, status);
        }
        assert_eq!(
            refusal(StatusCode::PAYLOAD_TOO_LARGE, None).code,
            "payload_too_large"
        );
    }
}
