//! `/api/push`: the server's VAPID public key, and a browser (hers, or an advocate's) allowing or stopping
//! notifications for the signed-in account.

use std::sync::Arc;

use actix_web::{HttpResponse, web};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64URL;
use serde::Deserialize;
use serde_json::json;

use super::{PushService, endpoint, store};
use crate::db::DbError;
use crate::error::ApiError;
use crate::vault::SignedIn;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/push", web::get().to(key))
        .route("/push/subscriptions", web::post().to(subscribe))
        .route("/push/subscriptions", web::delete().to(unsubscribe));
}

type Service = web::Data<Option<Arc<PushService>>>;

fn off() -> ApiError {
    ApiError::new(
        actix_web::http::StatusCode::NOT_FOUND,
        "push_off",
        "This server does not send notifications.",
    )
}

fn invalid(why: &str) -> ApiError {
    ApiError::new(
        actix_web::http::StatusCode::BAD_REQUEST,
        "invalid_request",
        why,
    )
}

async fn key(push: Service) -> Result<HttpResponse, ApiError> {
    let push = push.get_ref().as_ref().ok_or_else(off)?;
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

fn server_error(e: DbError) -> ApiError {
    tracing::error!(error = %e, "a push subscription could not be stored");
    ApiError::new(
        actix_web::http::StatusCode::INTERNAL_SERVER_ERROR,
        "internal_error",
        "Something went wrong on the server.",
    )
}

fn decode(v: &str) -> Option<Vec<u8>> {
    B64URL.decode(v.trim_end_matches('=')).ok()
}

async fn subscribe(
    req: actix_web::HttpRequest,
    push: Service,
    body: web::Json<SubscribeBody>,
) -> Result<HttpResponse, ApiError> {
    let push = push.get_ref().as_ref().ok_or_else(off)?;
    let SignedIn { account, db } = SignedIn::of(&req).await?;
    let body = body.into_inner();
    if !endpoint::allowed(&body.endpoint, &push.config) {
        return Err(invalid(
            "This browser's push service is not one this server sends to.",
        ));
    }
    let (Some(p256dh), Some(auth)) = (decode(&body.keys.p256dh), decode(&body.keys.auth)) else {
        return Err(invalid("The subscription's keys are not base64url."));
    };
    let point_ok = web_push_native::p256::PublicKey::from_sec1_bytes(&p256dh).is_ok();
    if !point_ok || auth.len() != 16 {
        return Err(invalid(
            "The subscription's keys are not a P-256 key and a 16-byte secret.",
        ));
    }
    let language = body.language.unwrap_or_else(|| "en".into());
    if language.is_empty()
        || language.len() > 35
        || !language
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-')
    {
        return Err(invalid(
            "The language must be a language tag such as \"en\" or \"hi\".",
        ));
    }
    let sub = store::Subscription {
        endpoint: body.endpoint,
        p256dh,
        auth,
        language,
    };
    let now = crate::ground::clock::now_ms();
    let kept = db
        .write(move |c| store::add(c, &account, &sub, now).map_err(DbError::Sqlite))
        .await
        .map_err(server_error)?;
    if !kept {
        return Err(ApiError::new(
            actix_web::http::StatusCode::CONFLICT,
            "endpoint_taken",
            "This browser already gets notifications for another account. Stop them there first.",
        ));
    }
    tracing::info!("a browser allowed notifications");
    Ok(HttpResponse::NoContent().finish())
}

async fn unsubscribe(
    req: actix_web::HttpRequest,
    push: Service,
    body: web::Json<UnsubscribeBody>,
) -> Result<HttpResponse, ApiError> {
    push.get_ref().as_ref().ok_or_else(off)?;
    let SignedIn { account, db } = SignedIn::of(&req).await?;
    let endpoint = body.into_inner().endpoint;
    db.write(move |c| store::remove(c, &account, &endpoint).map_err(DbError::Sqlite))
        .await
        .map_err(server_error)?;
    Ok(HttpResponse::NoContent().finish())
}
