//! A share's parts over HTTP (docs/advocates.md, "Parts"): she puts part n of her own share while it
//! lasts; the advocate it is for gets part n once the share is complete. Both are raw bytes.

use actix_web::http::header::ContentType;
use actix_web::{HttpResponse, web};

use super::config::{AdvocatesConfig, MAX_PART_BYTES};
use super::errors::AdvocateError;
use super::parts;
use super::routes::{AdvocateCaller, SurvivorCaller, private};
use super::share_routes::id;
use crate::error::ApiError;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/advocates/shares/{id}/parts/{n}")
            // A little above one part, so a part just too large gets our own message, not the framework's.
            .app_data(web::PayloadConfig::new(MAX_PART_BYTES + 1024))
            .route(web::put().to(put_part)),
    )
    .route("/advocate/shares/{id}/parts/{n}", web::get().to(get_part));
}

fn number(raw: &str) -> Result<i64, AdvocateError> {
    raw.parse::<i64>()
        .ok()
        .filter(|n| (0..100_000).contains(n))
        .ok_or(AdvocateError::Invalid("A part's number is 0 or more."))
}

async fn put_part(
    s: SurvivorCaller,
    config: web::Data<AdvocatesConfig>,
    path: web::Path<(String, String)>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let (share, n) = (id(&path.0)?, number(&path.1)?);
    if body.is_empty() || body.len() > MAX_PART_BYTES {
        return Err(AdvocateError::Invalid("A part holds 1 byte to 1 MiB.").into());
    }
    let (me, max, mib) = (s.id, config.max_bytes(), config.max_share_mib);
    s.db.write(move |c| parts::put(c, &me, &share, n, &body, max, mib))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn get_part(
    a: AdvocateCaller,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (me, share, n) = (a.advocate.account_id, id(&path.0)?, number(&path.1)?);
    let bytes = a.db.write(move |c| parts::get(c, &me, &share, n)).await?;
    Ok(private()
        .content_type(ContentType::octet_stream())
        .body(bytes))
}
