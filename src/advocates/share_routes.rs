//! Sharing: she sends an item sealed in her browser to one paired advocate, until a time she picks; she
//! lists and withdraws her shares and sees when each was opened; the advocate lists and opens theirs.

use actix_web::{HttpResponse, web};
use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use serde::Deserialize;
use serde_json::json;

use super::config::AdvocatesConfig;
use super::errors::AdvocateError;
use super::routes::{AdvocateCaller, SurvivorCaller, private};
use super::shares::{self, Caps, MAX_DAYS, NewShare, Piece};
use crate::error::ApiError;
use crate::ground::clock::now_ms;
use crate::room::Room;

/// One shared item with its consent record and its parts' keys, sealed; the attachments travel in parts
/// (part_routes.rs).
const MAX_SHARE_BYTES: usize = 1024 * 1024;
/// Her sealed label: a line of text, its nonce and tag.
const MAX_LABEL_BYTES: usize = 2048;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/advocates/shares", web::get().to(her_shares))
        .route("/advocates/shares/{id}", web::delete().to(withdraw))
        .route("/advocates/{id}/shares", web::post().to(share))
        .route("/advocate/shares", web::get().to(their_shares))
        .route("/advocate/shares/{id}", web::get().to(open));
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ShareBody {
    /// Chosen by her browser (a UUID), so a retried upload is not stored twice.
    id: String,
    /// Unix milliseconds; at most a year ahead.
    expires_at: i64,
    /// The item and its consent record, sealed to the advocate's public key, base64.
    sealed: String,
    /// Her label of what it holds, sealed under her account's data key, base64 (optional).
    #[serde(default)]
    label: Option<String>,
    /// How many parts of at most 1 MiB its attachments will travel in (docs/advocates.md, "Parts").
    #[serde(default)]
    parts: i64,
}

/// Whose share an advocate asks for (`?from=<her account id>`): share ids are each survivor's own.
#[derive(Deserialize)]
pub(super) struct Whose {
    from: Option<String>,
}

impl Whose {
    pub(super) fn survivor(self) -> Result<Option<String>, AdvocateError> {
        self.from.as_deref().map(id).transpose()
    }
}

pub(super) fn id(raw: &str) -> Result<String, AdvocateError> {
    let ok = (1..=64).contains(&raw.len())
        && raw
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    ok.then(|| raw.to_string()).ok_or(AdvocateError::Invalid(
        "An id may use only letters, digits, '-' and '_' (at most 64).",
    ))
}

async fn share(
    s: SurvivorCaller,
    config: web::Data<AdvocatesConfig>,
    room: web::Data<Room>,
    advocate: web::Path<String>,
    body: web::Json<ShareBody>,
) -> Result<HttpResponse, ApiError> {
    room.check()?;
    let body = body.into_inner();
    if body.parts < 0 {
        return Err(AdvocateError::Invalid("parts is a count: 0 or more.").into());
    }
    if body.parts > config.max_parts() {
        return Err(AdvocateError::TooLarge(config.max_share_mib).into());
    }
    let now = now_ms();
    if body.expires_at <= now || body.expires_at > now + MAX_DAYS * 86_400_000 {
        return Err(AdvocateError::Invalid("A share ends between now and a year from now.").into());
    }
    let sealed = B64
        .decode(body.sealed.as_bytes())
        .map_err(|_| AdvocateError::Invalid("sealed must be base64."))?;
    if sealed.is_empty() || sealed.len() > MAX_SHARE_BYTES {
        return Err(AdvocateError::Invalid("A shared item holds 1 byte to 1 MiB.").into());
    }
    let label = match body.label {
        None => None,
        Some(text) => {
            let bytes = B64
                .decode(text.as_bytes())
                .map_err(|_| AdvocateError::Invalid("label must be base64."))?;
            if bytes.is_empty() || bytes.len() > MAX_LABEL_BYTES {
                return Err(AdvocateError::Invalid("A label holds 1 byte to 2 KiB.").into());
            }
            Some(bytes)
        }
    };
    let new = NewShare {
        id: id(&body.id)?,
        survivor_id: s.id,
        advocate_id: advocate.into_inner(),
        sealed,
        expires_at: body.expires_at,
        label,
        parts: body.parts,
    };
    let caps = Caps {
        shares: config.max_shares_per_survivor,
        unfinished: config.max_unfinished_shares,
    };
    s.db.write(move |c| shares::insert(c, &new, caps)).await?;
    crate::metrics::share_made();
    Ok(HttpResponse::Created().finish())
}

async fn her_shares(s: SurvivorCaller) -> Result<HttpResponse, ApiError> {
    let me = s.id;
    let list =
        s.db.read(move |c| Ok::<_, AdvocateError>(shares::of_survivor(c, &me)?))
            .await?;
    Ok(private().json(json!({ "shares": list })))
}

async fn withdraw(
    s: SurvivorCaller,
    room: web::Data<Room>,
    share: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let (me, share) = (s.id, id(&share)?);
    // Withdrawing must work on a full disk: the reserve is given up if SQLite finds no room.
    let full = |e: &AdvocateError| matches!(e, AdvocateError::NoRoom(_));
    if !s
        .db
        .write(move |c| room.freeing(|| shares::withdraw(c, &me, &share), full))
        .await?
    {
        return Err(AdvocateError::NotFound.into());
    }
    tracing::info!("a share was withdrawn");
    Ok(HttpResponse::NoContent().finish())
}

async fn their_shares(a: AdvocateCaller) -> Result<HttpResponse, ApiError> {
    let me = a.advocate.account_id;
    let list =
        a.db.read(move |c| Ok::<_, AdvocateError>(shares::of_advocate(c, &me)?))
            .await?;
    Ok(private().json(json!({ "shares": list })))
}

async fn open(
    a: AdvocateCaller,
    share: web::Path<String>,
    from: web::Query<Whose>,
) -> Result<HttpResponse, ApiError> {
    let (me, share, from) = (
        a.advocate.account_id,
        id(&share)?,
        from.into_inner().survivor()?,
    );
    let sealed =
        a.db.write(move |c| shares::open(c, &me, &share, from.as_deref(), Piece::Sealed))
            .await?;
    Ok(private().json(json!({ "sealed": B64.encode(sealed) })))
}
