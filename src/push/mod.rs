//! Web Push (docs/checkin.md, "Web Push"): her browser is told a check-in is about to run out, an
//! advocate's browser that an alert came. Every message is worded neutrally (the service worker shows it
//! under the disguise's name); what happened is read inside the app. The push service (Google's,
//! Mozilla's, Apple's) sees that a message arrived, when, and its size, never its words: each is
//! encrypted to the browser's own keys.
//!
//! In the auth service's layers (docs/development.md, "Layers"): `http/` (the routes), `use_cases/`
//! (subscribe, unsubscribe, notify), `store/` (its one table); below them the message's sending
//! (`send.rs`), the VAPID key (`key.rs`), which endpoints are allowed (`endpoint.rs`) and the `[push]`
//! section; `errors.rs` maps what goes wrong to the `/api` format once.

pub mod config;
pub mod endpoint;
pub mod errors;
mod http;
pub mod key;
pub mod send;
pub mod store;
pub mod use_cases;

use std::path::Path;
use std::time::Duration;

use serde_json::json;

use config::PushConfig;
pub use errors::PushError;

/// A slow push service holds one send for at most this long.
const TIMEOUT: Duration = Duration::from_secs(10);

pub use http::configure;

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
}
