//! `/api/advocates`, `/api/advocates/pairing`, `/api/advocates/{id}` and `.../key-confirmed`: her
//! advocates, pairing with a code, ending a pairing, and confirming an advocate's new key.

use actix_web::{HttpResponse, web};
use serde::Deserialize;
use serde_json::json;

use super::callers::SurvivorCaller;
use crate::advocates::store::advocates::Advocate;
use crate::advocates::use_cases::pair::{self, PairingLimit};
use crate::advocates::use_cases::{confirm_key, her_advocates, unpair};
use crate::blobs::Blobs;
use crate::error::ApiError;
use crate::room::Room;

/// An advocate as she sees them before and after pairing.
fn named(a: &Advocate) -> serde_json::Value {
    json!({"id": a.account_id, "name": a.name, "public_key": a.public_key})
}

pub(super) async fn her_advocates(s: SurvivorCaller) -> Result<HttpResponse, ApiError> {
    let found: Vec<_> = her_advocates::list(&s.db, s.id)
        .await?
        .into_iter()
        .map(|(a, link)| json!({"id": a.account_id, "name": a.name, "public_key": a.public_key, "confirmed_key": link.confirmed_key, "since": link.created_at}))
        .collect();
    Ok(HttpResponse::Ok().json(json!({ "advocates": found })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CodeBody {
    code: String,
}

/// Who a code belongs to, so she can see the name and the safety code before she confirms.
pub(super) async fn look_up(
    s: SurvivorCaller,
    limit: web::Data<PairingLimit>,
    body: web::Json<CodeBody>,
) -> Result<HttpResponse, ApiError> {
    let a = pair::look_up(&s.db, &limit, s.id, &body.code).await?;
    Ok(HttpResponse::Ok().json(named(&a)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PairBody {
    code: String,
    /// The name she wants her advocate to know her by.
    known_as: String,
}

pub(super) async fn pair(
    s: SurvivorCaller,
    limit: web::Data<PairingLimit>,
    body: web::Json<PairBody>,
) -> Result<HttpResponse, ApiError> {
    let a = pair::pair(&s.db, &limit, s.id, &body.code, &body.known_as).await?;
    Ok(HttpResponse::Ok().json(named(&a)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ConfirmKeyBody {
    public_key: String,
}

/// After an advocate's new key: she compared the new safety code with them.
pub(super) async fn confirm_key(
    s: SurvivorCaller,
    advocate: web::Path<String>,
    body: web::Json<ConfirmKeyBody>,
) -> Result<HttpResponse, ApiError> {
    let key = body.into_inner().public_key;
    confirm_key::confirm_key(&s.db, s.id, advocate.into_inner(), key).await?;
    Ok(HttpResponse::NoContent().finish())
}

pub(super) async fn unpair(
    s: SurvivorCaller,
    blobs: web::Data<Blobs>,
    room: web::Data<Room>,
    advocate: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    unpair::unpair(
        &s.db,
        &blobs,
        room.into_inner(),
        s.id,
        advocate.into_inner(),
    )
    .await?;
    Ok(HttpResponse::NoContent().finish())
}
