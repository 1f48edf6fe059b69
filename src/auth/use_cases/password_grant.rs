//! `POST /token?grant_type=password`: sign in with e-mail and password.

use std::net::IpAddr;

use serde::Deserialize;
use zeroize::Zeroizing;

use crate::auth::errors::{AuthError, AuthResult, parse_json};
use crate::auth::service::AuthService;
use crate::auth::store::accounts;
use crate::auth::store::models::Session;
use crate::auth::store::models::SignInMethod;
use crate::logging::mask_email;
use crate::metrics;

#[derive(Deserialize, Default)]
#[serde(default)]
struct PasswordGrant {
    email: Option<String>,
    password: Option<String>,
    phone: Option<String>,
}

impl AuthService {
    /// `source` is the client address; the limits count attempts per account and address
    /// (`lockout.rs`), so guesses from elsewhere never refuse her own device.
    pub async fn sign_in_password(
        &self,
        body: &[u8],
        source: Option<IpAddr>,
    ) -> AuthResult<Session> {
        let body: PasswordGrant = parse_json(body)?;
        let password = Zeroizing::new(body.password.unwrap_or_default());
        let raw_email = body.email.unwrap_or_default();
        let phone_given = body.phone.is_some_and(|p| !p.is_empty());
        // GoTrue's order: both given, then the provider (phone sign-in is off: 422).
        if !raw_email.is_empty() && phone_given {
            return Err(AuthError::validation(
                "Only an email address or phone number should be provided on login.",
            ));
        }
        if raw_email.trim().is_empty() {
            return Err(if phone_given {
                AuthError::PhoneLoginsDisabled
            } else {
                AuthError::validation("missing email or phone")
            });
        }
        let email = crate::accounts::email::canonical(&raw_email);
        let found = accounts::find_by_email(&self.db, email.clone()).await?;
        let hash = found.as_ref().and_then(|u| u.password_hash.clone());
        let ok = self
            .check_password(&email, source, password.clone(), hash)
            .await
            .inspect_err(|e| {
                if matches!(e, AuthError::RateLimited { .. }) {
                    metrics::sign_in(metrics::SignIn::Locked);
                }
            })?;
        let Some(user) = found.filter(|_| ok) else {
            // A sign-up still waiting for its e-mail's link, for a new address or a taken one alike
            // (`sign_up_by_mail.rs`): GoTrue's answer for an address not yet confirmed.
            if self.waiting_sign_up_matches(&email, &password).await? {
                tracing::info!(email = %mask_email(&email), "password sign-in before the sign-up's link");
                return Err(AuthError::EmailNotConfirmed);
            }
            tracing::info!(email = %mask_email(&email), "password sign-in refused");
            metrics::sign_in(metrics::SignIn::Refused);
            return Err(AuthError::InvalidCredentials);
        };
        let signed_in = accounts::sign_in(&self.db, user.id, SignInMethod::Password).await?;
        metrics::sign_in(metrics::SignIn::Accepted);
        self.session_response(signed_in, None)
    }
}
