//! `/api/push` over HTTP only: the server's VAPID public key, and a browser (hers, or an advocate's)
//! allowing or stopping notifications for the signed-in account. Each route reads the request, calls one
//! use case and writes the answer.

use std::sync::Arc;

use actix_web::{FromRequest, HttpRequest, HttpResponse, web};
use serde::Deserialize;
use serde_json::json;

use super::PushService;
use super::errors::SubscriptionError;
use super::use_cases::subscribe::{NewSubscription, subscribe};
use super::use_cases::unsubscribe::unsubscribe;
use crate::db::Db;
use crate::error::ApiError;
use crate::vault::SignedIn;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/push", web::get().to(key))
        .route("/push/subscriptions", web::post().to(allow))
        .route("/push/subscriptions", web::delete().to(stop));
}

type Service = web::Data<Option<Arc<PushService>>>;

fn on(push: &Service) -> Result<&Arc<PushService>, SubscriptionError> {
    push.get_ref().as_ref().ok_or(SubscriptionError::Off)
}

/// The signed-in account a browser allows or stops notifications for: refused (404) first when the
/// operator turned notifications off, then 401 without a valid session.
struct Subscriber {
    push: Arc<PushService>,
    account: String,
    db: Db,
}

impl FromRequest for Subscriber {
    type Error = ApiError;
    type Future = futures_util::future::LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let push = req
                .app_data::<Service>()
                .and_then(|s| s.get_ref().clone())
                .ok_or(SubscriptionError::Off)?;
            let SignedIn { account, db, .. } = SignedIn::extract(&req).await?;
            Ok(Self { push, account, db })
        })
    }
}

async fn key(push: Service) -> Result<HttpResponse, ApiError> {
    let push = on(&push)?;
    Ok(HttpResponse::Ok().json(json!({ "public_key": push.public_key() })))
}

/// What `PushSubscription.toJSON()` gives (its `expirationTime` is ignored).
#[derive(Deserialize)]
struct Keys {
    p256dh: String,
    auth: String,
}

#[derive(Deserialize)]
struct SubscribeBody {
    endpoint: String,
    keys: Keys,
    /// The page's language (a Solace addition to `toJSON()`); English when absent.
    #[serde(default)]
    language: Option<String>,
}

#[derive(Deserialize)]
struct UnsubscribeBody {
    endpoint: String,
}

async fn allow(s: Subscriber, body: web::Json<SubscribeBody>) -> Result<HttpResponse, ApiError> {
    let SubscribeBody {
        endpoint,
        keys,
        language,
    } = body.into_inner();
    let new = NewSubscription {
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        language,
    };
    subscribe(&s.push, &s.db, s.account, new).await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn stop(s: Subscriber, body: web::Json<UnsubscribeBody>) -> Result<HttpResponse, ApiError> {
    unsubscribe(&s.db, s.account, body.into_inner().endpoint).await?;
    Ok(HttpResponse::NoContent().finish())
}
