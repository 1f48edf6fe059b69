//! `/api/copy`: the signed-in account's encrypted copy (docs/vault.md, "The copy on the server"). The
//! account is the one the Bearer token names, checked as for the vault secret, so an external GoTrue
//! works too. Nothing sent here is readable by the server: records and chunks are ciphertext.

use actix_web::http::header::{CacheControl, CacheDirective, ContentType};
use actix_web::{HttpRequest, HttpResponse, web};
use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use serde::Deserialize;

use super::CopyState;
use super::chunks;
use super::deletion;
use super::errors::CopyError;
use super::store::{self, Keys, Record};
use crate::db::Db;
use crate::error::ApiError;
use crate::room::Room;
use crate::vault::SignedIn;

/// A record holds one entry with its wrapped key, far below this; an attachment goes in chunks.
const MAX_RECORD_BYTES: usize = 1024 * 1024;
/// A chunk is 1 MiB of an attachment plus AES-GCM's tag (docs/vault.md); a little room above that.
pub const MAX_CHUNK_BYTES: usize = 1024 * 1024 + 1024;
/// The wrapped data key and the outbox public key are each well under this.
const MAX_KEY_CHARS: usize = 2048;
const MAX_CHUNKS: i64 = 10_000;
/// A record's JSON: its base64 and a little room for the rest.
const MAX_JSON_BYTES: usize = MAX_RECORD_BYTES * 4 / 3 + 4096;
// A client announcing a body is let through up to the /api limit, then each route checks its own.
const _: () = assert!(MAX_JSON_BYTES <= crate::http::expect::API_BODY_LIMIT);
const _: () = assert!(MAX_CHUNK_BYTES <= crate::http::expect::API_BODY_LIMIT);

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/copy")
            .app_data(web::JsonConfig::default().limit(MAX_JSON_BYTES))
            .app_data(web::PayloadConfig::new(MAX_CHUNK_BYTES))
            .route("", web::get().to(index))
            .route("", web::delete().to(delete_all))
            .route("/keys", web::put().to(put_keys))
            .route("/records/{id}", web::put().to(put_record))
            .route("/records/{id}", web::get().to(get_record))
            .route("/records/{id}", web::delete().to(delete_record))
            .route("/attachments/{id}", web::get().to(chunk_list))
            .route("/attachments/{id}", web::delete().to(delete_attachment))
            .route("/attachments/{id}/{index}", web::put().to(put_chunk))
            .route("/attachments/{id}/{index}", web::get().to(get_chunk)),
    );
}

/// The signed-in account a request is for, with what its handler needs; refused (404) when the
/// operator turned the copy off, 401 without a valid session.
pub struct CopyAccount {
    db: Db,
    account: String,
    limit: u64,
}

impl actix_web::FromRequest for CopyAccount {
    type Error = ApiError;
    type Future = futures_util::future::LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let state = req.app_data::<web::Data<CopyState>>().cloned();
            if !state.as_ref().is_some_and(|s| s.config.enabled) {
                return Err(ApiError::not_found());
            }
            let signed_in = SignedIn::of(&req).await?;
            Ok(Self {
                db: signed_in.db,
                account: signed_in.account,
                limit: state.map_or(0, |s| s.config.max_bytes()),
            })
        })
    }
}

/// Names are the app's ids (UUIDs or similar): letters, digits, '-' and '_'.
fn name(raw: &str) -> Result<String, CopyError> {
    let ok = (1..=64).contains(&raw.len())
        && raw
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    ok.then(|| raw.to_string()).ok_or(CopyError::Invalid(
        "A name may use only letters, digits, '-' and '_' (at most 64).",
    ))
}

fn private() -> actix_web::HttpResponseBuilder {
    let mut res = HttpResponse::Ok();
    res.insert_header(CacheControl(vec![CacheDirective::NoStore]));
    res
}

async fn index(c: CopyAccount) -> Result<HttpResponse, ApiError> {
    let account = c.account.clone();
    let index =
        c.db.read(move |conn| Ok::<_, CopyError>(store::index(conn, &account)?))
            .await?;
    Ok(private().json(serde_json::json!({
        "keys": index.keys,
        "records": index.records,
        "bytes": index.bytes,
        "limit_bytes": c.limit,
        "updated_at": index.updated_at,
    })))
}

/// A deletion must work on a full disk: `Room::freeing` gives up the reserve when SQLite finds no room.
fn freeing<T>(
    room: web::Data<Room>,
    delete: impl Fn(&mut rusqlite::Connection) -> Result<T, CopyError> + Send + 'static,
) -> impl FnOnce(&mut rusqlite::Connection) -> Result<T, CopyError> + Send + 'static {
    move |conn| room.freeing(|| delete(&mut *conn), |e| matches!(e, CopyError::NoRoom(_)))
}

async fn delete_all(c: CopyAccount, room: web::Data<Room>) -> Result<HttpResponse, ApiError> {
    let account = c.account;
    c.db.write(freeing(room, move |conn| {
        deletion::delete_all(conn, &account)
    }))
    .await?;
    tracing::info!("an account's copy was deleted by its owner");
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KeysBody {
    recovery_wrap: Option<String>,
    outbox_public_key: Option<String>,
}

async fn put_keys(
    c: CopyAccount,
    room: web::Data<Room>,
    body: web::Json<KeysBody>,
) -> Result<HttpResponse, ApiError> {
    room.check()?;
    let body = body.into_inner();
    let too_long = |k: &Option<String>| k.as_ref().is_some_and(|k| k.len() > MAX_KEY_CHARS);
    if too_long(&body.recovery_wrap) || too_long(&body.outbox_public_key) {
        return Err(CopyError::Invalid("A key is longer than a wrapped key can be.").into());
    }
    let keys = Keys {
        recovery_wrap: body.recovery_wrap,
        outbox_public_key: body.outbox_public_key,
    };
    let (account, limit) = (c.account, c.limit);
    c.db.write(move |conn| store::set_keys(conn, &account, &keys, limit))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordBody {
    kind: String,
    version: i64,
    /// The record's ciphertext, base64.
    data: String,
}

async fn put_record(
    c: CopyAccount,
    room: web::Data<Room>,
    id: web::Path<String>,
    body: web::Json<RecordBody>,
) -> Result<HttpResponse, ApiError> {
    room.check()?;
    let body = body.into_inner();
    let id = name(&id)?;
    let kind_ok = (1..=32).contains(&body.kind.len())
        && body
            .kind
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b == b'-');
    if !kind_ok || body.version < 1 {
        return Err(CopyError::Invalid(
            "A record needs a kind (a-z and '-') and a version of 1 or more.",
        )
        .into());
    }
    let data = B64
        .decode(body.data.as_bytes())
        .map_err(|_| CopyError::Invalid("data must be base64."))?;
    if data.is_empty() || data.len() > MAX_RECORD_BYTES {
        return Err(CopyError::Invalid(
            "A record holds 1 byte to 1 MiB; attachments go in chunks.",
        )
        .into());
    }
    let record = Record {
        id,
        kind: body.kind,
        version: body.version,
        data,
        updated_at: String::new(),
    };
    let (account, limit) = (c.account, c.limit);
    c.db.write(move |conn| store::put_record(conn, &account, &record, limit))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn get_record(c: CopyAccount, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let (id, account) = (name(&id)?, c.account);
    let record =
        c.db.read(move |conn| Ok::<_, CopyError>(store::record(conn, &account, &id)?))
            .await?
            .ok_or(CopyError::NotFound)?;
    Ok(private().json(serde_json::json!({
        "id": record.id,
        "kind": record.kind,
        "version": record.version,
        "data": B64.encode(&record.data),
        "updated_at": record.updated_at,
    })))
}

async fn delete_record(
    c: CopyAccount,
    room: web::Data<Room>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let (id, account) = (name(&id)?, c.account);
    if !c
        .db
        .write(freeing(room, move |conn| {
            store::delete_record(conn, &account, &id)
        }))
        .await?
    {
        return Err(CopyError::NotFound.into());
    }
    Ok(HttpResponse::NoContent().finish())
}

fn chunk_index(raw: &str) -> Result<i64, CopyError> {
    raw.parse::<i64>()
        .ok()
        .filter(|i| (0..MAX_CHUNKS).contains(i))
        .ok_or(CopyError::Invalid("A chunk's number is 0 to 9999."))
}

async fn put_chunk(
    c: CopyAccount,
    room: web::Data<Room>,
    path: web::Path<(String, String)>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    room.check()?;
    let (attachment, idx) = (name(&path.0)?, chunk_index(&path.1)?);
    if body.is_empty() {
        return Err(CopyError::Invalid("A chunk cannot be empty.").into());
    }
    let (account, limit) = (c.account, c.limit);
    c.db.write(move |conn| chunks::put_chunk(conn, &account, &attachment, idx, &body, limit))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn chunk_list(c: CopyAccount, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let (attachment, account) = (name(&id)?, c.account);
    let chunks =
        c.db.read(move |conn| Ok::<_, CopyError>(chunks::chunk_list(conn, &account, &attachment)?))
            .await?;
    Ok(private().json(serde_json::json!({ "chunks": chunks })))
}

async fn get_chunk(
    c: CopyAccount,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (attachment, idx, account) = (name(&path.0)?, chunk_index(&path.1)?, c.account);
    let data =
        c.db.read(move |conn| Ok::<_, CopyError>(chunks::chunk(conn, &account, &attachment, idx)?))
            .await?
            .ok_or(CopyError::NotFound)?;
    Ok(private()
        .insert_header(ContentType::octet_stream())
        .body(data))
}

async fn delete_attachment(
    c: CopyAccount,
    room: web::Data<Room>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let (attachment, account) = (name(&id)?, c.account);
    c.db.write(freeing(room, move |conn| {
        chunks::delete_attachment(conn, &account, &attachment)
    }))
    .await?;
    Ok(HttpResponse::NoContent().finish())
}
