//! `/api/advocate`, `/api/advocate/keys` and `/api/advocate/pairing-code`: the advocate's own area.

use actix_web::{HttpResponse, web};
use serde::Deserialize;
use serde_json::json;

use super::callers::AdvocateCaller;
use crate::advocates::use_cases::{home, pairing_code, set_keys};
use crate::error::ApiError;

pub(super) async fn home(a: AdvocateCaller) -> Result<HttpResponse, ApiError> {
    let people = home::people(&a.db, a.advocate.account_id.clone()).await?;
    let people: Vec<_> = people
        .into_iter()
        .map(|l| json!({"id": l.survivor_id, "known_as": l.known_as, "since": l.created_at}))
        .collect();
    Ok(HttpResponse::Ok().json(json!({
        "name": a.advocate.name,
        "public_key": a.advocate.public_key,
        "wrapped_private_key": a.advocate.wrapped_private_key,
        "people": people,
    })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct KeysBody {
    public_key: String,
    wrapped_private_key: String,
}

pub(super) async fn keys(
    a: AdvocateCaller,
    body: web::Json<KeysBody>,
) -> Result<HttpResponse, ApiError> {
    let KeysBody {
        public_key,
        wrapped_private_key,
    } = body.into_inner();
    set_keys::set_keys(
        &a.db,
        a.advocate.account_id,
        public_key,
        wrapped_private_key,
    )
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

pub(super) async fn pairing_code(a: AdvocateCaller) -> Result<HttpResponse, ApiError> {
    let (code, expires_at) = pairing_code::new_code(&a.db, a.advocate).await?;
    Ok(HttpResponse::Ok().json(json!({"code": code, "expires_at": expires_at})))
}
