//! Sharing: she sends an item sealed in her browser to one paired advocate, until a time she picks; she
//! lists and withdraws her shares and sees when each was opened; the advocate lists and opens theirs.

use actix_web::{HttpResponse, web};
use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use serde::Deserialize;
use serde_json::json;

use super::callers::{AdvocateCaller, SurvivorCaller};
use crate::advocates::config::AdvocatesConfig;
use crate::advocates::use_cases::share::{self, Request};
use crate::advocates::use_cases::{list_shares, open as opening, withdraw as withdrawal};
use crate::blobs::Blobs;
use crate::error::ApiError;
use crate::room::Room;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ShareBody {
    id: String,
    expires_at: i64,
    sealed: String,
    #[serde(default)]
    label: Option<String>,
    #[serde(default)]
    parts: i64,
}

/// Whose share an advocate asks for (`?from=<her account id>`): share ids are each survivor's own.
#[derive(Deserialize)]
pub(super) struct Whose {
    pub(super) from: Option<String>,
}

pub(super) async fn share(
    s: SurvivorCaller,
    config: web::Data<AdvocatesConfig>,
    room: web::Data<Room>,
    advocate: web::Path<String>,
    body: web::Json<ShareBody>,
) -> Result<HttpResponse, ApiError> {
    let ShareBody {
        id,
        expires_at,
        sealed,
        label,
        parts,
    } = body.into_inner();
    let request = Request {
        id,
        expires_at,
        sealed,
        label,
        parts,
    };
    share::share(&s.db, &config, &room, s.id, advocate.into_inner(), request).await?;
    Ok(HttpResponse::Created().finish())
}

pub(super) async fn hers(s: SurvivorCaller) -> Result<HttpResponse, ApiError> {
    let list = list_shares::hers(&s.db, s.id).await?;
    Ok(HttpResponse::Ok().json(json!({ "shares": list })))
}

pub(super) async fn withdraw(
    s: SurvivorCaller,
    blobs: web::Data<Blobs>,
    room: web::Data<Room>,
    share: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    withdrawal::withdraw(&s.db, &blobs, room.into_inner(), s.id, &share).await?;
    Ok(HttpResponse::NoContent().finish())
}

pub(super) async fn theirs(a: AdvocateCaller) -> Result<HttpResponse, ApiError> {
    let list = list_shares::theirs(&a.db, a.advocate.account_id).await?;
    Ok(HttpResponse::Ok().json(json!({ "shares": list })))
}

pub(super) async fn open(
    a: AdvocateCaller,
    share: web::Path<String>,
    whose: web::Query<Whose>,
) -> Result<HttpResponse, ApiError> {
    let from = whose.into_inner().from;
    let sealed = opening::sealed(&a.db, a.advocate.account_id, &share, from).await?;
    Ok(HttpResponse::Ok().json(json!({ "sealed": B64.encode(sealed) })))
}
