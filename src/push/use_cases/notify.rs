//! The server notifies an account's browsers (a reminder, an alert), in the background; the browsers the
//! push service says are gone are forgotten.

use std::sync::Arc;
use std::time::Duration;

use crate::db::Db;
use crate::push::send::{self, Outcome, Push};
use crate::push::store::subscriptions::{self, Subscription};
use crate::push::{Message, PushService, endpoint};

impl PushService {
    /// Sends the message to every browser of this account, in the background (a slow push service holds
    /// nothing else up); gone subscriptions are forgotten.
    pub fn notify(self: &Arc<Self>, db: &Db, account: String, message: Message) {
        let (this, db) = (self.clone(), db.clone());
        let (ttl, urgent) = (message.ttl(), matches!(message, Message::Alert));
        actix_web::rt::spawn(async move {
            let subs = match db
                .read(move |c| subscriptions::of_account(c, &account))
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
                        let _ = db.write(move |c| subscriptions::forget(c, &endpoint)).await;
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
        s: &Subscription,
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
