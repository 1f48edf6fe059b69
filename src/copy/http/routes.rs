//! The whole copy, its keys and its records.

use actix_web::{HttpResponse, web};
use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use serde::Deserialize;
use serde_json::json;

use crate::copy::store::accounts::Keys;
use crate::copy::use_cases::records::NewRecord;
use crate::copy::use_cases::{Owner, copy, keys, records};
use crate::error::ApiError;
use crate::room::Room;

pub(super) async fn index(owner: Owner) -> Result<HttpResponse, ApiError> {
    let index = copy::index(&owner).await?;
    Ok(HttpResponse::Ok().json(json!({
        "keys": index.keys,
        "records": index.records,
        "bytes": index.bytes,
        "limit_bytes": owner.limit,
        "updated_at": index.updated_at,
    })))
}

pub(super) async fn delete_all(
    owner: Owner,
    room: web::Data<Room>,
) -> Result<HttpResponse, ApiError> {
    copy::delete_all(owner, room.into_inner()).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct KeysBody {
    recovery_wrap: Option<String>,
    outbox_public_key: Option<String>,
}

pub(super) async fn put_keys(
    owner: Owner,
    room: web::Data<Room>,
    body: web::Json<KeysBody>,
) -> Result<HttpResponse, ApiError> {
    let KeysBody {
        recovery_wrap,
        outbox_public_key,
    } = body.into_inner();
    let new = Keys {
        recovery_wrap,
        outbox_public_key,
    };
    keys::set(owner, room.into_inner(), new).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RecordBody {
    kind: String,
    version: i64,
    /// The record's ciphertext, base64.
    data: String,
}

pub(super) async fn put_record(
    owner: Owner,
    room: web::Data<Room>,
    id: web::Path<String>,
    body: web::Json<RecordBody>,
) -> Result<HttpResponse, ApiError> {
    let RecordBody {
        kind,
        version,
        data,
    } = body.into_inner();
    let new = NewRecord {
        kind,
        version,
        data,
    };
    records::put(owner, room.into_inner(), &id, new).await?;
    Ok(HttpResponse::NoContent().finish())
}

pub(super) async fn get_record(
    owner: Owner,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let record = records::get(owner, &id).await?;
    Ok(HttpResponse::Ok().json(json!({
        "id": record.id,
        "kind": record.kind,
        "version": record.version,
        "data": B64.encode(&record.data),
        "updated_at": record.updated_at,
    })))
}

pub(super) async fn delete_record(
    owner: Owner,
    room: web::Data<Room>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    records::delete(owner, room.into_inner(), &id).await?;
    Ok(HttpResponse::NoContent().finish())
}
