//! One log line per request: request id, method, path, status, latency. The query string is never
//! logged (it can carry tokens, codes or e-mail addresses) and path segments with an `@` are masked.

use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;

pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

pub async fn log(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let id = req
        .headers()
        .get(&REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .filter(|v| is_safe_id(v))
        .map(str::to_owned)
        .unwrap_or_else(new_request_id);
    let method = req.method().clone();
    let path = loggable_path(req.path());
    let result = next.call(req).await;
    let status = match &result {
        Ok(res) => res.status().as_u16(),
        Err(e) => e.as_response_error().status_code().as_u16(),
    };
    tracing::info!(
        request_id = %id,
        method = %method,
        path = %path,
        status,
        latency_ms = format!("{:.1}", started.elapsed().as_secs_f64() * 1000.0),
        "request"
    );
    let mut res = result?;
    if let Ok(value) = HeaderValue::from_str(&id) {
        res.headers_mut().insert(REQUEST_ID, value);
    }
    Ok(res)
}

/// A random version-4 UUID from the thread's generator: no system call per request (`Uuid::new_v4`
/// asks the kernel each time, which showed in the static-file profile). Request ids need to be unique,
/// not secret.
fn new_request_id() -> String {
    uuid::Builder::from_random_bytes(rand::random())
        .into_uuid()
        .simple()
        .to_string()
}

fn is_safe_id(v: &str) -> bool {
    !v.is_empty()
        && v.len() <= 64
        && v.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

pub fn loggable_path(path: &str) -> String {
    path.split('/')
        .map(|seg| {
            if seg.contains('@') || seg.contains("%40") {
                "[redacted]"
            } else {
                seg
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_segments_that_hold_an_address() {
        assert_eq!(loggable_path("/u/jane@example.org/x"), "/u/[redacted]/x");
        assert_eq!(loggable_path("/u/jane%40example.org"), "/u/[redacted]");
        assert_eq!(loggable_path("/journal"), "/journal");
    }

    #[test]
    fn generated_request_ids_are_distinct_v4_uuids() {
        let (a, b) = (new_request_id(), new_request_id());
        assert_ne!(a, b);
        let parsed = uuid::Uuid::parse_str(&a).unwrap();
        assert_eq!(parsed.get_version_num(), 4);
        assert!(is_safe_id(&a));
    }

    #[test]
    fn accepts_only_short_plain_request_ids() {
        assert!(is_safe_id("abc-123"));
        assert!(!is_safe_id("a b"));
        assert!(!is_safe_id(&"x".repeat(65)));
    }
}
