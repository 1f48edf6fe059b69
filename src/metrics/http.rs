//! `/metrics` over HTTP: the middleware that counts every request by its part of the site, and the scrape
//! route with its access rule (docs/operator.md, "Metrics").

use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{HttpRequest, HttpResponse, Resource, web};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use super::config::MetricsConfig;
use crate::http::client_address::{ClientIp, TrustedProxies, TrustedProxy, forwarded_by_stranger};

pub const PATH: &str = "/metrics";

/// The parts of the site requests are counted by: a fixed list, so a label never holds a path (which can
/// carry an id or a token).
pub const GROUPS: &[&str] = &[
    "health",
    "metrics",
    "auth",
    "api_config",
    "api_copy",
    "api_checkin",
    "api_advocates",
    "api_push",
    "api_vault",
    "api_weather",
    "api_timestamp",
    "api_operator",
    "api_other",
    "assets",
];

/// The group of a request's path.
pub fn group(path: &str) -> &'static str {
    if path == "/health" {
        return "health";
    }
    if path == PATH {
        return "metrics";
    }
    if path == "/auth/v1" || path.starts_with("/auth/v1/") {
        return "auth";
    }
    let Some(api) = path.strip_prefix("/api/") else {
        return "assets";
    };
    match api.split('/').next().unwrap_or_default() {
        "config" | "locales" => "api_config",
        "copy" => "api_copy",
        "checkin" => "api_checkin",
        "advocates" | "advocate" => "api_advocates",
        "push" => "api_push",
        "vault" => "api_vault",
        "weather" => "api_weather",
        "timestamp" => "api_timestamp",
        "operator" => "api_operator",
        _ => "api_other",
    }
}

/// Middleware: counts each answered request and the time to its answer's head.
pub async fn record(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let group = group(req.path());
    let started = Instant::now();
    let res = next.call(req).await;
    let status = match &res {
        Ok(r) => r.status().as_u16(),
        Err(e) => e.as_response_error().status_code().as_u16(),
    };
    super::request(group, status, started.elapsed().as_secs_f64());
    res
}

/// What the scrape route needs to decide who may read it.
pub struct Access {
    enabled: bool,
    networks: TrustedProxies,
    /// SHA-256 of the bearer token, so the comparison is of equal lengths whatever is presented.
    token: Option<[u8; 32]>,
    data_dir: std::path::PathBuf,
}

impl Access {
    /// `console_networks`: `[operator] allowed_networks`, which reach `/metrics` as they reach the console.
    pub fn new(
        config: &MetricsConfig,
        console_networks: &[TrustedProxy],
        data_dir: &std::path::Path,
    ) -> Self {
        let token = (!config.bearer_token.is_empty())
            .then(|| Sha256::digest(config.bearer_token.expose().trim().as_bytes()).into());
        Self {
            enabled: config.enabled,
            networks: TrustedProxies::new(
                &[console_networks, &config.allowed_networks[..]].concat(),
            ),
            token,
            data_dir: data_dir.to_path_buf(),
        }
    }

    /// With a token configured, the token and nothing else opens it, from any address (a proxy in front
    /// changes nothing); without one, loopback and the allowed networks (the console's and its own) do.
    fn allows(&self, req: &HttpRequest) -> bool {
        if !self.enabled {
            return false;
        }
        if let Some(expected) = &self.token {
            let presented = req
                .headers()
                .get(actix_web::http::header::AUTHORIZATION)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.strip_prefix("Bearer "))
                .map(|t| -> [u8; 32] { Sha256::digest(t.trim().as_bytes()).into() });
            return presented.is_some_and(|p| bool::from(p.ct_eq(expected)));
        }
        if forwarded_by_stranger(req) {
            return false;
        }
        ClientIp::of(req)
            .is_some_and(|ip| ip.to_canonical().is_loopback() || self.networks.contains(ip))
    }
}

pub fn resource() -> Resource {
    web::resource(PATH).route(web::get().to(scrape))
}

/// `GET /metrics`: the text, or the 404 of an address where nothing is, for anyone it is not open to.
async fn scrape(req: HttpRequest, access: web::Data<Access>) -> HttpResponse {
    if !access.allows(&req) {
        use actix_web::ResponseError;
        return crate::error::ApiError::not_found().error_response();
    }
    HttpResponse::Ok()
        .content_type(super::CONTENT_TYPE)
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .body(super::render(&access.data_dir))
}

#[cfg(test)]
mod tests {
    use super::group;

    #[test]
    fn paths_fall_into_fixed_groups_and_ids_never_show() {
        assert_eq!(group("/auth/v1/token"), "auth");
        assert_eq!(group("/api/copy/records/4f1c"), "api_copy");
        assert_eq!(group("/api/advocate/shares/x/parts/1"), "api_advocates");
        assert_eq!(group("/api/nothing-here/someone@example.org"), "api_other");
        assert_eq!(group("/someone@example.org"), "assets");
        assert_eq!(group("/health"), "health");
        assert_eq!(group("/metrics"), "metrics");
        for path in ["/", "/api/config", "/api/checkin/end", "/auth/v1x"] {
            assert!(super::GROUPS.contains(&group(path)), "{path}");
        }
    }
}
