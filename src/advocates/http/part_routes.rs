//! A share's parts over HTTP (docs/advocates.md, "Parts"): she puts part n of her own share while it
//! lasts; the advocate it is for gets part n once the share is complete. Both are raw bytes.

use actix_web::http::header::ContentType;
use actix_web::{HttpResponse, web};
use futures_util::StreamExt;

use super::callers::{AdvocateCaller, SurvivorCaller};
use super::share_routes::Whose;
use crate::advocates::config::{AdvocatesConfig, MAX_PART_BYTES};
use crate::advocates::errors::AdvocateError;
use crate::advocates::use_cases::open;
use crate::advocates::use_cases::put_part::{Keeping, put_part};
use crate::blobs::Blobs;
use crate::error::ApiError;
use crate::room::Room;

// A client announcing a part is let through up to the /api limit (http/expect.rs).
const _: () = assert!(MAX_PART_BYTES <= crate::http::expect::API_BODY_LIMIT);

/// How much of a too large body is read and dropped before the refusal, so that a client still sending gets
/// the answer instead of a reset connection; past this the connection is simply closed.
const DRAIN_BYTES: usize = 8 * MAX_PART_BYTES;

/// The body, kept up to one part; `None` when it was larger (read on up to `DRAIN_BYTES` and dropped).
async fn read_body(mut payload: web::Payload) -> Result<Option<Vec<u8>>, AdvocateError> {
    let (mut body, mut seen) = (Vec::new(), 0usize);
    while let Some(piece) = payload.next().await {
        let piece = piece.map_err(|_| AdvocateError::Invalid("The part did not arrive whole."))?;
        seen += piece.len();
        if seen > DRAIN_BYTES {
            break;
        }
        if seen <= MAX_PART_BYTES {
            body.extend_from_slice(&piece);
        }
    }
    Ok((seen <= MAX_PART_BYTES).then_some(body))
}

pub(super) async fn put(
    s: SurvivorCaller,
    (config, blobs, room): (
        web::Data<AdvocatesConfig>,
        web::Data<Blobs>,
        web::Data<Room>,
    ),
    path: web::Path<(String, String)>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    // Read first, so that a client still sending hears the refusal instead of a reset connection.
    let body = read_body(payload).await?;
    let (share, n) = path.into_inner();
    let to = Keeping {
        db: &s.db,
        blobs: &blobs,
        config: &config,
        room: &room,
    };
    put_part(to, s.id, (&share, &n), body).await?;
    Ok(HttpResponse::NoContent().finish())
}

pub(super) async fn get(
    a: AdvocateCaller,
    blobs: web::Data<Blobs>,
    path: web::Path<(String, String)>,
    whose: web::Query<Whose>,
) -> Result<HttpResponse, ApiError> {
    let (share, n) = path.into_inner();
    let from = whose.into_inner().from;
    let bytes = open::part(&a.db, &blobs, a.advocate.account_id, (&share, &n), from).await?;
    Ok(HttpResponse::Ok()
        .content_type(ContentType::octet_stream())
        .body(bytes))
}
