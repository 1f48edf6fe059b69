//! `/api/copy`: the signed-in account's encrypted copy (docs/vault.md, "The copy on the server"), over
//! HTTP only: each route reads the request, calls one use case and writes the answer. Nothing sent here
//! is readable by the server: records and chunks are ciphertext.

mod attachment_routes;
mod routes;

use actix_web::{FromRequest, HttpRequest, web};

use super::CopyState;
use super::rules::{MAX_CHUNK_BYTES, MAX_JSON_BYTES};
use super::use_cases::Owner;
use crate::blobs::Blobs;
use crate::error::ApiError;
use crate::vault::SignedIn;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/copy")
            .app_data(web::JsonConfig::default().limit(MAX_JSON_BYTES))
            .app_data(web::PayloadConfig::new(MAX_CHUNK_BYTES))
            .route("", web::get().to(routes::index))
            .route("", web::delete().to(routes::delete_all))
            .route("/keys", web::put().to(routes::put_keys))
            .route("/records/{id}", web::put().to(routes::put_record))
            .route("/records/{id}", web::get().to(routes::get_record))
            .route("/records/{id}", web::delete().to(routes::delete_record))
            .route("/attachments/{id}", web::get().to(attachment_routes::list))
            .route(
                "/attachments/{id}",
                web::delete().to(attachment_routes::delete),
            )
            .route(
                "/attachments/{id}/{index}",
                web::put().to(attachment_routes::put),
            )
            .route(
                "/attachments/{id}/{index}",
                web::get().to(attachment_routes::get),
            ),
    );
}

/// The signed-in account whose copy a request is on; refused (404) when the operator turned the copy off,
/// 401 without a valid session.
impl FromRequest for Owner {
    type Error = ApiError;
    type Future = futures_util::future::LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let state = req.app_data::<web::Data<CopyState>>().cloned();
            if !state.as_ref().is_some_and(|s| s.config.enabled) {
                return Err(ApiError::not_found());
            }
            let signed_in = SignedIn::extract(&req).await?;
            let blobs = req
                .app_data::<web::Data<Blobs>>()
                .map(|b| b.get_ref().clone());
            Ok(Self {
                db: signed_in.db,
                blobs: blobs.unwrap_or(Blobs::Database),
                account: signed_in.account,
                limit: state.map_or(0, |s| s.config.max_bytes()),
            })
        })
    }
}
