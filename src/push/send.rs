//! Sending one push (RFC 8030): the message encrypted to the browser's keys (RFC 8291, aes128gcm, by
//! web-push-native), signed for the push service with our VAPID key (RFC 8292: an ES256 JWT), POSTed with
//! a timeout and without following redirects. A 404 or 410 means the browser dropped the subscription.

use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64URL;
use serde::Serialize;

use super::store::subscriptions::Subscription;

/// How long the VAPID token is valid (RFC 8292 allows at most 24 hours).
const TOKEN_LIFETIME_SECS: i64 = 12 * 3600;

#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    Accepted,
    /// The push service no longer knows this subscription: forget it.
    Gone,
    Failed,
}

/// Why a message could not be made ready for its push service.
#[derive(Debug, thiserror::Error)]
pub enum PrepareError {
    #[error("cannot sign the VAPID token: {0}")]
    Sign(#[from] jsonwebtoken::errors::Error),
    #[error("the browser's key is not a P-256 point")]
    BrowserKey,
    #[error("the browser's auth secret is not 16 bytes")]
    AuthSecret,
    #[error("cannot encrypt: {0}")]
    Encrypt(String),
}

#[derive(Serialize)]
struct Claims<'a> {
    aud: &'a str,
    exp: i64,
    sub: &'a str,
}

/// The `Authorization` header for this endpoint's push service.
pub fn vapid_header(
    pkcs8: &[u8],
    public: &[u8],
    endpoint: &url::Url,
    subject: &str,
    now_secs: i64,
) -> Result<String, PrepareError> {
    let aud = endpoint.origin().ascii_serialization();
    let claims = Claims {
        aud: &aud,
        exp: now_secs + TOKEN_LIFETIME_SECS,
        sub: subject,
    };
    let key = jsonwebtoken::EncodingKey::from_ec_der(pkcs8);
    let header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::ES256);
    let jwt = jsonwebtoken::encode(&header, &claims, &key)?;
    Ok(format!("vapid t={jwt}, k={}", B64URL.encode(public)))
}

/// The message encrypted to the subscription's keys.
pub fn encrypt(s: &Subscription, message: &[u8]) -> Result<Vec<u8>, PrepareError> {
    let public = web_push_native::p256::PublicKey::from_sec1_bytes(&s.p256dh)
        .map_err(|_| PrepareError::BrowserKey)?;
    if s.auth.len() != 16 {
        return Err(PrepareError::AuthSecret);
    }
    let auth = web_push_native::Auth::clone_from_slice(&s.auth);
    web_push_native::encrypt(message.to_vec(), &public, &auth)
        .map_err(|e| PrepareError::Encrypt(e.to_string()))
}

pub struct Push<'a> {
    pub client: &'a reqwest::Client,
    pub authorization: String,
    pub body: Vec<u8>,
    pub ttl: Duration,
    pub urgent: bool,
}

pub async fn post(endpoint: &str, p: Push<'_>) -> Outcome {
    let res = p
        .client
        .post(endpoint)
        .header("TTL", p.ttl.as_secs().to_string())
        .header("Content-Encoding", "aes128gcm")
        .header("Content-Type", "application/octet-stream")
        .header("Urgency", if p.urgent { "high" } else { "normal" })
        .header("Authorization", p.authorization)
        .body(p.body)
        .send()
        .await;
    crate::metrics::push(res.as_ref().is_ok_and(|r| r.status().is_success()));
    match res {
        Ok(r) if r.status().is_success() => Outcome::Accepted,
        Ok(r) if r.status().as_u16() == 404 || r.status().as_u16() == 410 => Outcome::Gone,
        Ok(r) => {
            tracing::warn!(
                status = r.status().as_u16(),
                "a push service refused a message"
            );
            Outcome::Failed
        }
        Err(e) => {
            tracing::warn!(
                timeout = e.is_timeout(),
                "a push service could not be reached"
            );
            Outcome::Failed
        }
    }
}
