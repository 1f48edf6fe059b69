//! Security headers on every response, and `Cache-Control: no-store` on API answers.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::middleware::Next;

/// The page may only load what this server serves; `connect_extra` adds an external auth origin.
pub fn content_security_policy(connect_extra: Option<&str>) -> String {
    let connect = match connect_extra {
        Some(origin) => format!("'self' {origin}"),
        None => "'self'".into(),
    };
    format!(
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; \
         media-src 'self' blob: data:; font-src 'self'; connect-src {connect}; object-src 'none'; \
         base-uri 'none'; form-action 'self'; frame-ancestors 'none'; worker-src 'self'; manifest-src 'self'"
    )
}

#[derive(Clone)]
pub struct SecurityHeaders {
    csp: HeaderValue,
}

impl SecurityHeaders {
    pub fn new(external_auth_url: &str) -> Self {
        let origin = url::Url::parse(external_auth_url)
            .ok()
            .map(|u| u.origin().ascii_serialization());
        let csp = content_security_policy(origin.as_deref());
        Self {
            csp: HeaderValue::from_str(&csp).expect("CSP is ASCII"),
        }
    }
}

pub fn is_api_path(path: &str) -> bool {
    ["/api", "/auth/v1", "/health"].iter().any(|p| {
        path == *p
            || path
                .strip_prefix(p)
                .is_some_and(|rest| rest.starts_with('/'))
    })
}

pub async fn apply(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let policy = req
        .app_data::<actix_web::web::Data<SecurityHeaders>>()
        .map(|d| d.csp.clone());
    let api = is_api_path(req.path());
    let mut res = next.call(req).await?;
    let h = res.headers_mut();
    if let Some(csp) = policy {
        h.insert(header::CONTENT_SECURITY_POLICY, csp);
    }
    let fixed: [(HeaderName, &str); 6] = [
        (header::REFERRER_POLICY, "no-referrer"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (
            HeaderName::from_static("permissions-policy"),
            "microphone=(self), camera=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
        ),
        (
            HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ),
        (
            HeaderName::from_static("cross-origin-resource-policy"),
            "same-origin",
        ),
    ];
    for (name, value) in fixed {
        h.insert(name, HeaderValue::from_static(value));
    }
    if api && !h.contains_key(header::CACHE_CONTROL) {
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn api_paths_are_whole_segments() {
        assert!(is_api_path("/api/weather/current"));
        assert!(is_api_path("/auth/v1"));
        assert!(is_api_path("/health"));
        assert!(!is_api_path("/apiary"));
        assert!(!is_api_path("/journal"));
    }

    #[test]
    fn policy_has_no_inline_script() {
        let csp = content_security_policy(None);
        assert!(!csp.contains("unsafe-inline") && !csp.contains("unsafe-eval"));
        assert!(csp.contains("frame-ancestors 'none'"));
    }
}
