//! `/api/advocate/...` for advocates (their keys, their pairing codes, who pairs with them) and
//! `/api/advocates/...` for survivors (pairing with a code, her advocates, ending a pairing). Each side
//! refuses the other kind of account, and an advocate sees nothing until two-step sign-in is set up.

use std::time::Duration;

use actix_web::http::header::{CacheControl, CacheDirective};
use actix_web::{HttpRequest, HttpResponse, web};
use rand::Rng;
use serde::Deserialize;
use serde_json::json;

use super::errors::AdvocateError;
use super::store;
use crate::db::Db;
use crate::error::ApiError;
use crate::rate_limit::RateLimiter;
use crate::vault::SignedIn;

/// Code look-ups one survivor account may make: a code has 10^8 values, so guessing one in its hour
/// this way is hopeless.
pub struct PairingLimit(pub RateLimiter);

impl Default for PairingLimit {
    fn default() -> Self {
        Self(RateLimiter::new(10, Duration::from_secs(15 * 60)))
    }
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/advocate", web::get().to(advocate_home))
        .route("/advocate/keys", web::put().to(advocate_keys))
        .route("/advocate/pairing-code", web::post().to(pairing_code))
        .route("/advocates", web::get().to(her_advocates))
        .route("/advocates/pairing", web::post().to(look_up_code))
        .route("/advocates", web::post().to(pair))
        .route("/advocates/{id}", web::delete().to(unpair))
        .route("/advocates/{id}/key-confirmed", web::post().to(confirm_key));
}

/// The signed-in account, its database, and whether it is an advocate.
struct Caller {
    db: Db,
    id: String,
    advocate: Option<store::Advocate>,
    factors: i64,
}

async fn caller(req: &HttpRequest) -> Result<Caller, ApiError> {
    let SignedIn { account: id, db } = SignedIn::of(req).await?;
    let lookup = id.clone();
    let (advocate, factors) = db
        .read(move |c| {
            let factors = crate::accounts::store::find(c, &lookup)?.map_or(0, |a| a.factors);
            Ok::<_, AdvocateError>((store::find(c, &lookup)?, factors))
        })
        .await?;
    Ok(Caller {
        db,
        id,
        advocate,
        factors,
    })
}

/// An advocate whose session has passed two-step sign-in.
pub struct AdvocateCaller {
    pub db: Db,
    pub advocate: store::Advocate,
}

impl actix_web::FromRequest for AdvocateCaller {
    type Error = ApiError;
    type Future = futures_util::future::LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let c = caller(&req).await?;
            let advocate = c.advocate.ok_or(AdvocateError::WrongArea)?;
            // `account_of` already asked for the second step when there is a factor.
            if c.factors == 0 {
                return Err(AdvocateError::TwoStepNeeded.into());
            }
            Ok(Self { db: c.db, advocate })
        })
    }
}

/// A survivor: any signed-in account that is not an advocate.
pub struct SurvivorCaller {
    pub(super) db: Db,
    pub(super) id: String,
}

impl actix_web::FromRequest for SurvivorCaller {
    type Error = ApiError;
    type Future = futures_util::future::LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let c = caller(&req).await?;
            if c.advocate.is_some() {
                return Err(AdvocateError::WrongArea.into());
            }
            Ok(Self { db: c.db, id: c.id })
        })
    }
}

pub fn private() -> actix_web::HttpResponseBuilder {
    let mut res = HttpResponse::Ok();
    res.insert_header(CacheControl(vec![CacheDirective::NoStore]));
    res
}

async fn advocate_home(a: AdvocateCaller) -> Result<HttpResponse, ApiError> {
    let id = a.advocate.account_id.clone();
    let people =
        a.db.read(move |c| Ok::<_, AdvocateError>(store::links_of_advocate(c, &id)?))
            .await?;
    let people: Vec<_> = people
        .into_iter()
        .map(|l| json!({"id": l.survivor_id, "known_as": l.known_as, "since": l.created_at}))
        .collect();
    Ok(private().json(json!({
        "name": a.advocate.name,
        "public_key": a.advocate.public_key,
        "wrapped_private_key": a.advocate.wrapped_private_key,
        "people": people,
    })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KeysBody {
    public_key: String,
    wrapped_private_key: String,
}

async fn advocate_keys(
    a: AdvocateCaller,
    body: web::Json<KeysBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let fits = |k: &str| (1..=4096).contains(&k.len());
    if !fits(&body.public_key) || !fits(&body.wrapped_private_key) {
        return Err(
            AdvocateError::Invalid("Both keys are needed, each at most 4096 characters.").into(),
        );
    }
    let id = a.advocate.account_id;
    a.db.write(move |c| store::set_keys(c, &id, &body.public_key, &body.wrapped_private_key))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn pairing_code(a: AdvocateCaller) -> Result<HttpResponse, ApiError> {
    if a.advocate.public_key.is_none() {
        return Err(AdvocateError::Invalid("Set up your keys before pairing with anyone.").into());
    }
    let code = format!("{:08}", rand::rng().random_range(0..100_000_000u32));
    let (id, stored) = (a.advocate.account_id, code.clone());
    let expires_at =
        a.db.write(move |c| Ok::<_, AdvocateError>(store::new_pairing_code(c, &id, &stored)?))
            .await?;
    Ok(private().json(json!({"code": code, "expires_at": expires_at})))
}

async fn her_advocates(s: SurvivorCaller) -> Result<HttpResponse, ApiError> {
    let id = s.id;
    let found = s
        .db
        .read(move |c| {
            let mut out = Vec::new();
            for link in store::links_of_survivor(c, &id)? {
                if let Some(a) = store::find(c, &link.advocate_id)? {
                    out.push(json!({"id": a.account_id, "name": a.name, "public_key": a.public_key, "confirmed_key": link.confirmed_key, "since": link.created_at}));
                }
            }
            Ok::<_, AdvocateError>(out)
        })
        .await?;
    Ok(private().json(json!({ "advocates": found })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CodeBody {
    code: String,
}

fn code(raw: &str) -> Result<String, AdvocateError> {
    let digits: String = raw
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect();
    (digits.len() == 8 && digits.bytes().all(|b| b.is_ascii_digit()))
        .then_some(digits)
        .ok_or(AdvocateError::Invalid("A pairing code is 8 digits."))
}

/// Who a code belongs to, so she can see the name and the safety code before she confirms.
async fn look_up_code(
    s: SurvivorCaller,
    limit: web::Data<PairingLimit>,
    body: web::Json<CodeBody>,
) -> Result<HttpResponse, ApiError> {
    limit
        .0
        .check(&s.id)
        .map_err(|wait| ApiError::rate_limited(wait.0))?;
    let code = code(&body.code)?;
    let a =
        s.db.read(move |c| store::advocate_of_code(c, &code))
            .await?;
    Ok(private().json(json!({"id": a.account_id, "name": a.name, "public_key": a.public_key})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PairBody {
    code: String,
    /// The name she wants her advocate to know her by.
    known_as: String,
}

async fn pair(
    s: SurvivorCaller,
    limit: web::Data<PairingLimit>,
    body: web::Json<PairBody>,
) -> Result<HttpResponse, ApiError> {
    limit
        .0
        .check(&s.id)
        .map_err(|wait| ApiError::rate_limited(wait.0))?;
    let body = body.into_inner();
    let code = code(&body.code)?;
    let known_as = body.known_as.trim().to_string();
    if known_as.is_empty() || known_as.chars().count() > 60 {
        return Err(AdvocateError::Invalid(
            "Choose a name for your advocate to know you by (at most 60 characters).",
        )
        .into());
    }
    let id = s.id;
    let a =
        s.db.write(move |c| store::pair(c, &id, &code, &known_as))
            .await?;
    tracing::info!("a survivor paired with an advocate");
    Ok(private().json(json!({"id": a.account_id, "name": a.name, "public_key": a.public_key})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfirmKeyBody {
    public_key: String,
}

/// After an advocate's new key: she compared the new safety code with them.
async fn confirm_key(
    s: SurvivorCaller,
    advocate: web::Path<String>,
    body: web::Json<ConfirmKeyBody>,
) -> Result<HttpResponse, ApiError> {
    let (id, advocate, key) = (s.id, advocate.into_inner(), body.into_inner().public_key);
    if !s
        .db
        .write(move |c| Ok::<_, AdvocateError>(store::confirm_key(c, &id, &advocate, &key)?))
        .await?
    {
        return Err(AdvocateError::NotFound.into());
    }
    Ok(HttpResponse::NoContent().finish())
}

async fn unpair(
    s: SurvivorCaller,
    room: web::Data<crate::room::Room>,
    advocate: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let (id, advocate) = (s.id, advocate.into_inner());
    let full = |e: &AdvocateError| matches!(e, AdvocateError::NoRoom(_));
    if !s
        .db
        .write(move |c| room.freeing(|| store::unlink(&mut *c, &id, &advocate), full))
        .await?
    {
        return Err(AdvocateError::NotFound.into());
    }
    Ok(HttpResponse::NoContent().finish())
}
