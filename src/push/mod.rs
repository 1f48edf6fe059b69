//! Web Push (docs/checkin.md, "Web Push"): her browser is told a check-in is about to run out, an
//! advocate's browser that an alert came. Every message is worded neutrally (the service worker shows it
//! under the disguise's name); what happened is read inside the app. The push service (Google's,
//! Mozilla's, Apple's) sees that a message arrived, when, and its size, never its words: each is
//! encrypted to the browser's own keys.

pub mod config;
pub mod endpoint;
pub mod key;
mod routes;
pub mod send;
pub mod store;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use serde_json::json;

use crate::db::Db;
use config::PushConfig;
use send::{Outcome, Push};

/// A slow push service holds one send for at most this long.
const TIMEOUT: Duration = Duration::from_secs(10);

pub use routes::configure;

pub struct PushService {
    pub config: PushConfig,
    key: key::VapidKey,
    /// The VAPID `sub`: how the push service can reach the operator.
    subject: String,
    client: reqwest::Client,
}

/// What a message says; the service worker shows it under the disguise's name.
pub enum Message {
    /// Her check-in runs out soon.
    Reminder { ttl: Duration },
    /// An advocate has a new alert in /advocate.
    Alert,
}

impl Message {
    /// The words for one browser, in the language its page had when it subscribed (Hindi or English).
    fn payload(&self, language: &str) -> String {
        let hindi = language == "hi" || language.starts_with("hi-");
        let (kind, body) = match (self, hindi) {
            (Message::Reminder { .. }, false) => ("reminder", "You have a reminder"),
            (Message::Reminder { .. }, true) => ("reminder", "आपके लिए एक रिमाइंडर है"),
            (Message::Alert, false) => ("message", "You have a new message"),
            (Message::Alert, true) => ("message", "आपके लिए एक नया संदेश है"),
        };
        json!({ "kind": kind, "body": body }).to_string()
    }

    fn ttl(&self) -> Duration {
        match self {
            Message::Reminder { ttl } => *ttl,
            Message::Alert => Duration::from_secs(24 * 3600),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum PushError {
    #[error(transparent)]
    Key(#[from] key::PushKeyError),
    #[error("cannot build the push client: {0}")]
    Client(String),
}

impl PushService {
    /// None when `[push] enabled = false`; otherwise loads (or makes) the VAPID key.
    pub fn from_config(
        config: &PushConfig,
        site_url: &str,
        contact_email: &str,
        data_dir: &Path,
    ) -> Result<Option<Self>, PushError> {
        if !config.enabled {
            return Ok(None);
        }
        let key = key::read_or_create(data_dir)?;
        let client = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .connect_timeout(Duration::from_secs(5))
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| PushError::Client(e.to_string()))?;
        let subject = if contact_email.contains('@') {
            format!("mailto:{contact_email}")
        } else {
            site_url.to_string()
        };
        Ok(Some(Self {
            config: config.clone(),
            key,
            subject,
            client,
        }))
    }

    /// The public key browsers subscribe with (base64url, no padding).
    pub fn public_key(&self) -> String {
        use base64::Engine;
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&self.key.public)
    }

    /// Sends the message to every browser of this account, in the background (a slow push service holds
    /// nothing else up); gone subscriptions are forgotten.
    pub fn notify(self: &Arc<Self>, db: &Db, account: String, message: Message) {
        let (this, db) = (self.clone(), db.clone());
        let (ttl, urgent) = (message.ttl(), matches!(message, Message::Alert));
        actix_web::rt::spawn(async move {
            let subs = match db
                .read(move |c| store::of_account(c, &account).map_err(crate::db::DbError::Sqlite))
                .await
            {
                Ok(s) => s,
                Err(e) => return tracing::warn!(error = %e, "could not read push subscriptions"),
            };
            let (mut sent, mut failed) = (0, 0);
            for s in subs {
                let payload = message.payload(&s.language);
                match this.send_one(&s, payload.as_bytes(), ttl, urgent).await {
                    Outcome::Accepted => sent += 1,
                    Outcome::Gone => {
                        let endpoint = s.endpoint.clone();
                        let _ = db
                            .write(move |c| {
                                store::forget(c, &endpoint).map_err(crate::db::DbError::Sqlite)
                            })
                            .await;
                        tracing::info!("a push subscription the browser dropped was forgotten");
                    }
                    Outcome::Failed => failed += 1,
                }
            }
            if sent + failed > 0 {
                tracing::info!(sent, failed, "push notifications sent");
            }
        });
    }

    async fn send_one(
        &self,
        s: &store::Subscription,
        payload: &[u8],
        ttl: Duration,
        urgent: bool,
    ) -> Outcome {
        // Checked again at sending: the configuration may have narrowed since she subscribed.
        let Ok(url) = url::Url::parse(&s.endpoint) else {
            return Outcome::Gone;
        };
        if !endpoint::allowed(&s.endpoint, &self.config) {
            return Outcome::Gone;
        }
        let now = crate::ground::clock::now_ms() / 1000;
        let prepared =
            send::vapid_header(&self.key.pkcs8, &self.key.public, &url, &self.subject, now)
                .and_then(|auth| Ok((auth, send::encrypt(s, payload)?)));
        let (authorization, body) = match prepared {
            Ok(p) => p,
            Err(e) => {
                tracing::warn!(error = %e, "a push message could not be prepared");
                return Outcome::Failed;
            }
        };
        let push = Push {
            client: &self.client,
            authorization,
            body,
            ttl,
            urgent,
        };
        send::post(&s.endpoint, push).await
    }
}
