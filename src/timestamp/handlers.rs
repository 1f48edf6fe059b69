//! HTTP only: RFC 3161's transport over HTTP (a DER `TimeStampReq` posted as
//! `application/timestamp-query`, a DER `TimeStampResp` back as `application/timestamp-reply`), so any
//! RFC 3161 client (`openssl ts`, `curl`) can use it.

use std::time::SystemTime;

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use der::Decode;

use super::authority::{Authority, Refusal};
use super::external::ExternalAuthority;
use crate::error::ApiError;
use crate::http::client_address::ClientIp;
use crate::rate_limit::RateLimiter;

/// The per-address limit on stamps, shared by the workers.
pub struct StampLimit(pub RateLimiter);

const QUERY: &str = "application/timestamp-query";
const REPLY: &str = "application/timestamp-reply";

pub async fn stamp(
    req: HttpRequest,
    body: web::Bytes,
    authority: web::Data<Authority>,
    limit: web::Data<StampLimit>,
) -> Result<HttpResponse, ApiError> {
    admit(&req, &limit)?;
    match authority.stamp(&body, SystemTime::now()) {
        Ok(reply) => {
            crate::metrics::timestamp_issued();
            Ok(HttpResponse::Ok().content_type(REPLY).body(reply))
        }
        Err(refusal) => Err(refused(refusal)),
    }
}

/// The same request passed on to the configured external authority; 404 when there is none.
pub async fn external(
    req: HttpRequest,
    body: web::Bytes,
    external: web::Data<Option<ExternalAuthority>>,
    limit: web::Data<StampLimit>,
) -> Result<HttpResponse, ApiError> {
    let Some(external) = external.as_ref() else {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "no_external_authority",
            "This service has no second time-stamping authority (timestamp.external_url).",
        ));
    };
    admit(&req, &limit)?;
    // Its own checks stay with it; ours only keep junk from being sent on.
    if x509_tsp::TimeStampReq::from_der(&body).is_err() {
        return Err(refused(Refusal::Malformed));
    }
    match external.forward(body.to_vec()).await {
        Ok(reply) => Ok(HttpResponse::Ok().content_type(REPLY).body(reply)),
        Err(e) => {
            tracing::warn!(error = %e, "external time-stamping authority failed");
            Err(ApiError::new(
                StatusCode::BAD_GATEWAY,
                "external_authority_failed",
                e.to_string(),
            ))
        }
    }
}

/// The per-address limit, then the media type RFC 3161's HTTP transport uses.
fn admit(req: &HttpRequest, limit: &StampLimit) -> Result<(), ApiError> {
    let client = ClientIp::of(req)
        .map(|ip| ip.to_string())
        .unwrap_or_default();
    limit
        .0
        .check(&client)
        .map_err(|w| ApiError::rate_limited(w.0))?;
    let media = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .map(|v| v.trim().to_ascii_lowercase());
    if media.as_deref() != Some(QUERY) {
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "not_a_timestamp_query",
            format!("Send an RFC 3161 TimeStampReq in DER with Content-Type: {QUERY}."),
        ));
    }
    Ok(())
}

fn refused(refusal: Refusal) -> ApiError {
    let code = match refusal {
        Refusal::Malformed => "bad_timestamp_query",
        Refusal::Algorithm => "unsupported_digest",
        Refusal::Policy(_) => "unaccepted_policy",
    };
    ApiError::new(
        StatusCode::BAD_REQUEST,
        code,
        format!("No time-stamp: {refusal}."),
    )
}

pub async fn certificate(authority: web::Data<Authority>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/x-pem-file")
        .body(authority.certificate_pem().to_string())
}
