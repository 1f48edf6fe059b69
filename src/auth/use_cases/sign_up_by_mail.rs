//! Sign-up confirmed by e-mail, when the operator has set up `[email]` (docs/auth-contract.md, "Confirming
//! sign-ups by e-mail"): GoTrue's flow with confirmations on, made so that nothing tells a new address from
//! a taken one. Both get the same answer (a user object with `confirmation_sent_at`, no session) after the
//! same work (one Argon2 hash, one write, one e-mail handed to a background task); the new address gets a
//! link that makes the account and signs her in, the taken one a neutral note with no link. No account
//! exists before the link is opened. A password sign-in with what either sign-up sent answers
//! `email_not_confirmed` while it waits, so trying it tells nothing either. Sign-in names cannot be mailed
//! and keep the way without e-mail (`signup.rs`).

use std::net::IpAddr;

use serde_json::{Map, Value};
use zeroize::Zeroizing;

use crate::accounts::recovery::{link_url, new_link_token};
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::rules::sign_up_mail::{self, LINK_LIFETIME_SECS};
use crate::auth::service::{AuthService, pool_error};
use crate::auth::store::accounts;
use crate::auth::store::models::SignedIn;
use crate::auth::store::pending_sign_up_rows::PendingRow;
use crate::auth::store::pending_sign_ups::{self as pending, Confirmed};
use crate::auth::use_cases::signup::{SignUpFrom, answer};
use crate::ground::clock::{now_ms, now_text};
use crate::logging::mask_email;
use crate::opaque_tokens::hash_token;
use crate::rate_limit::{source_key, whole_seconds};

const LINK_LIFETIME_MS: i64 = LINK_LIFETIME_SECS * 1000;

impl AuthService {
    pub(super) async fn sign_up_by_mail(
        &self,
        email: String,
        password: Zeroizing<String>,
        data: Map<String, Value>,
        from: SignUpFrom,
    ) -> AuthResult<Value> {
        self.take_mail(&email, from.client)?;
        let exists = accounts::find_by_email(&self.db, email.clone())
            .await?
            .is_some();
        let hash = self.passwords.hash(password).await.map_err(pool_error)?;
        let now = now_ms();
        // A taken address gets no link: nothing can be made under it.
        let link = (!exists).then(new_link_token);
        let row = PendingRow {
            id: uuid::Uuid::new_v4().to_string(),
            email: email.clone(),
            password_hash: hash,
            user_metadata: Value::Object(data.clone()).to_string(),
            token_hash: link.as_ref().map(|l| l.hash.clone()),
            created_at: now,
            expires_at: now + LINK_LIFETIME_MS,
        };
        let id = row.id.clone();
        pending::add(&self.db, row).await?;
        let site = self.site_name();
        let (subject, body) = match &link {
            Some(l) => {
                let to = self.link(&l.token, from.redirect_to.as_deref());
                sign_up_mail::confirm(from.language, &site, &to)
            }
            None => {
                tracing::info!(email = %mask_email(&email), "sign-up for an address that has an account");
                sign_up_mail::taken(from.language, &site)
            }
        };
        self.mail_later(email.clone(), subject, body);
        Ok(answer(&id, &email, data, Some(&now_text())))
    }

    /// `POST /resend` with `type: signup`: a new link for the address's newest waiting sign-up, the old
    /// one no longer working. Counted like a sign-up's e-mail and answered alike whatever there was.
    pub async fn resend_sign_up(
        &self,
        email: String,
        client: Option<IpAddr>,
        language: &'static str,
    ) -> AuthResult<()> {
        if !self.confirms_by_mail() {
            // Every account was confirmed when it was made: there is nothing to send.
            return Ok(());
        }
        self.take_mail(&email, client)?;
        let now = now_ms();
        let Some(row) = pending::newest(&self.db, email.clone(), now).await? else {
            return Ok(());
        };
        if row.token_hash.is_none() {
            return Ok(());
        }
        let link = new_link_token();
        pending::renew(&self.db, row.id, link.hash, now + LINK_LIFETIME_MS).await?;
        let (subject, body) =
            sign_up_mail::confirm(language, &self.site_name(), &self.link(&link.token, None));
        self.mail_later(email, subject, body);
        Ok(())
    }

    /// Whether `password` is what one of the address's waiting sign-ups sent (checked after the account's
    /// own password failed, so a taken address and a new one answer alike).
    pub(super) async fn waiting_sign_up_matches(
        &self,
        email: &str,
        password: &Zeroizing<String>,
    ) -> AuthResult<bool> {
        for hash in pending::hashes(&self.db, email.to_string(), now_ms()).await? {
            let ok = self
                .passwords
                .verify(password.clone(), Some(hash))
                .await
                .map_err(pool_error)?;
            if ok {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Opens a confirmation link: the new account's first session, or None for a link that is unknown,
    /// used or expired.
    pub(super) async fn redeem_sign_up(&self, token: &str) -> AuthResult<Option<SignedIn>> {
        if !self.confirms_by_mail() {
            return Ok(None);
        }
        match pending::confirm(&self.db, hash_token(token.trim()), now_ms()).await? {
            Confirmed::SignedIn(signed_in) => {
                tracing::info!("sign-up confirmed by its e-mail's link: account created");
                crate::metrics::sign_up();
                Ok(Some(*signed_in))
            }
            Confirmed::Refused => {
                tracing::info!("sign-up link refused");
                Ok(None)
            }
        }
    }

    fn take_mail(&self, email: &str, client: Option<IpAddr>) -> AuthResult<()> {
        self.limits
            .mails
            .take(email, &source_key(client))
            .map_err(|wait| AuthError::OverEmailSendRateLimit {
                retry_after_secs: whole_seconds(wait),
            })
    }

    fn link(&self, token: &str, redirect_to: Option<&str>) -> String {
        let site_url = self
            .sign_up_mail
            .as_ref()
            .map_or("", |m| m.site_url.as_str());
        let target = self.redirects.resolve(&[redirect_to]);
        link_url(site_url, "signup", token, &target)
    }

    /// The site as the mails name it: its address only, never the product's name.
    fn site_name(&self) -> String {
        let site_url = self
            .sign_up_mail
            .as_ref()
            .map_or("", |m| m.site_url.as_str());
        url::Url::parse(site_url)
            .ok()
            .and_then(|u| {
                let host = u.host_str()?.to_string();
                Some(match u.port() {
                    Some(port) => format!("{host}:{port}"),
                    None => host,
                })
            })
            .unwrap_or_else(|| site_url.to_string())
    }

    /// The e-mail goes in the background: the answer does not wait for the mail server, whose pace would
    /// otherwise differ between the two mails.
    fn mail_later(&self, to: String, subject: String, body: String) {
        let Some(mail) = &self.sign_up_mail else {
            return;
        };
        let mailer = mail.mailer.clone();
        tokio::spawn(async move {
            crate::email::deliver(mailer, &to, &subject, &body).await;
        });
    }
}
