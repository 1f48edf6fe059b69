//! A browser (hers, or an advocate's) allows notifications for the signed-in account.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64URL;

use crate::db::Db;
use crate::push::errors::SubscriptionError;
use crate::push::store::subscriptions::{self, Subscription};
use crate::push::{PushService, endpoint};

/// What `PushSubscription.toJSON()` gives, with the page's language (a Solace addition); its keys still
/// in base64url.
pub struct NewSubscription {
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
    /// English when absent.
    pub language: Option<String>,
}

fn decode(v: &str) -> Option<Vec<u8>> {
    B64URL.decode(v.trim_end_matches('=')).ok()
}

fn checked(push: &PushService, new: NewSubscription) -> Result<Subscription, SubscriptionError> {
    use SubscriptionError::Invalid;
    if !endpoint::allowed(&new.endpoint, &push.config) {
        return Err(Invalid(
            "This browser's push service is not one this server sends to.",
        ));
    }
    let (Some(p256dh), Some(auth)) = (decode(&new.p256dh), decode(&new.auth)) else {
        return Err(Invalid("The subscription's keys are not base64url."));
    };
    let point_ok = web_push_native::p256::PublicKey::from_sec1_bytes(&p256dh).is_ok();
    if !point_ok || auth.len() != 16 {
        return Err(Invalid(
            "The subscription's keys are not a P-256 key and a 16-byte secret.",
        ));
    }
    let language = new.language.unwrap_or_else(|| "en".into());
    if language.is_empty()
        || language.len() > 35
        || !language
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-')
    {
        return Err(Invalid(
            "The language must be a language tag such as \"en\" or \"hi\".",
        ));
    }
    Ok(Subscription {
        endpoint: new.endpoint,
        p256dh,
        auth,
        language,
    })
}

pub async fn subscribe(
    push: &PushService,
    db: &Db,
    account: String,
    new: NewSubscription,
) -> Result<(), SubscriptionError> {
    let sub = checked(push, new)?;
    let now = crate::ground::clock::now_ms();
    let kept = db
        .write(move |c| subscriptions::add(c, &account, &sub, now))
        .await?;
    if !kept {
        return Err(SubscriptionError::EndpointTaken);
    }
    tracing::info!("a browser allowed notifications");
    Ok(())
}
