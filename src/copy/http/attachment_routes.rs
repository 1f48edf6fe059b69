//! An attachment's chunks: sent, listed, read and deleted one request each.

use actix_web::http::header::ContentType;
use actix_web::{HttpResponse, web};
use serde_json::json;

use crate::copy::use_cases::{Owner, attachments};
use crate::error::ApiError;
use crate::room::Room;

pub(super) async fn put(
    owner: Owner,
    room: web::Data<Room>,
    path: web::Path<(String, String)>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    attachments::put_chunk(owner, room.into_inner(), (&path.0, &path.1), body).await?;
    Ok(HttpResponse::NoContent().finish())
}

pub(super) async fn list(owner: Owner, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let chunks = attachments::chunk_list(owner, &id).await?;
    Ok(HttpResponse::Ok().json(json!({ "chunks": chunks })))
}

pub(super) async fn get(
    owner: Owner,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let data = attachments::chunk(owner, (&path.0, &path.1)).await?;
    Ok(HttpResponse::Ok()
        .insert_header(ContentType::octet_stream())
        .body(data))
}

pub(super) async fn delete(
    owner: Owner,
    room: web::Data<Room>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    attachments::delete(owner, room.into_inner(), &id).await?;
    Ok(HttpResponse::NoContent().finish())
}
