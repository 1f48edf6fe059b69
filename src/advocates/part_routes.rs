//! A share's parts over HTTP (docs/advocates.md, "Parts"): she puts part n of her own share while it
//! lasts; the advocate it is for gets part n once the share is complete. Both are raw bytes.

use actix_web::http::header::ContentType;
use actix_web::{HttpResponse, web};
use futures_util::StreamExt;

use super::config::{AdvocatesConfig, MAX_PART_BYTES};
use super::errors::AdvocateError;
use super::parts;
use super::routes::{AdvocateCaller, SurvivorCaller, private};
use super::share_routes::{Whose, id};
use crate::error::ApiError;
use crate::room::Room;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/advocates/shares/{id}/parts/{n}", web::put().to(put_part))
        .route("/advocate/shares/{id}/parts/{n}", web::get().to(get_part));
}

fn number(raw: &str) -> Result<i64, AdvocateError> {
    raw.parse::<i64>()
        .ok()
        .filter(|n| (0..100_000).contains(n))
        .ok_or(AdvocateError::Invalid("A part's number is 0 or more."))
}

const PART_SIZE: &str = "A part holds 1 byte to 1 MiB.";
// A client announcing a part is let through up to the /api limit (http/expect.rs).
const _: () = assert!(MAX_PART_BYTES <= crate::http::expect::API_BODY_LIMIT);

/// How much of a too large body is read and dropped before the refusal, so that a client still sending gets
/// the answer instead of a reset connection; past this the connection is simply closed.
const DRAIN_BYTES: usize = 8 * MAX_PART_BYTES;

/// The body, kept up to one part: a larger one is refused in the `/api` format.
async fn read_part(mut payload: web::Payload) -> Result<Vec<u8>, AdvocateError> {
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
    if body.is_empty() || seen > MAX_PART_BYTES {
        return Err(AdvocateError::Invalid(PART_SIZE));
    }
    Ok(body)
}

async fn put_part(
    s: SurvivorCaller,
    config: web::Data<AdvocatesConfig>,
    room: web::Data<Room>,
    path: web::Path<(String, String)>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let (share, n) = (id(&path.0)?, number(&path.1)?);
    // Read first, so that a client still sending hears the refusal instead of a reset connection.
    let body = read_part(payload).await?;
    room.check()?;
    let (me, max, mib) = (s.id, config.max_bytes(), config.max_share_mib);
    s.db.write(move |c| parts::put(c, &me, &share, n, &body, max, mib))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn get_part(
    a: AdvocateCaller,
    path: web::Path<(String, String)>,
    from: web::Query<Whose>,
) -> Result<HttpResponse, ApiError> {
    let (me, share, n) = (a.advocate.account_id, id(&path.0)?, number(&path.1)?);
    let from = from.into_inner().survivor()?;
    let bytes =
        a.db.write(move |c| parts::get(c, &me, &share, from.as_deref(), n))
            .await?;
    Ok(private()
        .content_type(ContentType::octet_stream())
        .body(bytes))
}
