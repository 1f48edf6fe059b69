//! `POST /signup`: a new account with an e-mail address (or a sign-in name, see `sign_in_names.rs`)
//! and a password, in one of three ways (docs/auth-contract.md, "Sign-up"):
//! - with `[email]` set up, an e-mail address waits for the link in a confirmation e-mail
//!   (`sign_up_by_mail.rs`);
//! - otherwise the account is made at once, and the answer never tells whether the address already had an
//!   account: both cases get 200 with the same kind of user object and no session, after the same
//!   password-hashing work, as GoTrue answers a repeated sign-up when it confirms addresses. The app signs
//!   in next with the same address and password;
//! - with `auth.sign_up_returns_session` (GoTrue's `MAILER_AUTOCONFIRM`, for clients written against it), a
//!   session, and 422 `user_already_exists` for a taken address.

use std::net::IpAddr;

use serde::Deserialize;
use serde_json::{Map, Value, json};
use zeroize::Zeroizing;

use crate::auth::errors::{AuthError, AuthResult, parse_json};
use crate::auth::rules::metadata;
use crate::auth::rules::password_rules;
use crate::auth::service::{AuthService, limit, pool_error};
use crate::auth::store::accounts::{self, sign_up_rows};
use crate::auth::store::models::SignInMethod;
use crate::ground::clock::now_text;
use crate::ground::sign_in_name;
use crate::logging::mask_email;

/// What a sign-up request says besides its body.
pub struct SignUpFrom {
    pub client: Option<IpAddr>,
    /// The language of the e-mails it sends (`rules::sign_up_mail::language`).
    pub language: &'static str,
    /// Where the confirmation link lands (`redirect_to`, checked against the allowed targets).
    pub redirect_to: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct SignupBody {
    email: Option<String>,
    password: Option<String>,
    phone: Option<String>,
    channel: Option<String>,
    data: Option<Value>,
}

impl AuthService {
    pub async fn signup(&self, body: &[u8], from: SignUpFrom) -> AuthResult<Value> {
        if self.config.disable_signup {
            return Err(AuthError::SignupDisabled);
        }
        let body: SignupBody = parse_json(body)?;
        let password = Zeroizing::new(body.password.unwrap_or_default());
        let email = body.email.unwrap_or_default();
        let phone = body.phone.unwrap_or_default();
        // GoTrue's order (docs/auth-contract.md, "Features that are off"): neither address is an
        // anonymous sign-in; then a missing or over-long password; then the provider.
        if email.is_empty() && phone.is_empty() {
            return Err(AuthError::AnonymousProviderDisabled);
        }
        if password.is_empty() || password.chars().count() > password_rules::MAX_LEN {
            password_rules::check_policy(&password)?;
        }
        if !email.is_empty() && !phone.is_empty() {
            return Err(AuthError::validation(
                "Only an email address or phone number should be provided on signup.",
            ));
        }
        // The address before the password rules: ours are stricter than GoTrue's default (six
        // characters), and clients expect a bad address to be named first.
        let email = if email.is_empty() {
            None
        } else {
            Some(normalise_email(&email)?)
        };
        if let Some(email) = &email {
            self.config.sign_in_names.check_signup(email)?;
        }
        password_rules::check_policy(&password)?;
        let Some(email) = email else {
            return Err(phone_signup(body.channel.as_deref()));
        };
        limit(&self.limits.signup_email, &email)?;
        let data = match body.data {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Object(map)) => map,
            Some(_) => return Err(AuthError::bad_json("`data` must be a JSON object")),
        };
        metadata::check(&data)?;
        if self.config.sign_up_returns_session {
            return self.sign_up_with_session(email, password, data).await;
        }
        if self.confirms_by_mail() && sign_in_name::name_of(&email).is_none() {
            return self.sign_up_by_mail(email, password, data, from).await;
        }
        let exists = accounts::find_by_email(&self.db, email.clone())
            .await?
            .is_some();
        // The hash is made either way, so an existing address does not answer sooner.
        let hash = self.passwords.hash(password).await.map_err(pool_error)?;
        let answer_id = if exists {
            // A stand-in account under an address nobody can have, written and removed again.
            let stand_in = format!("{}@repeated-sign-up.invalid", uuid::Uuid::new_v4());
            let (row, identity) = sign_up_rows(&stand_in, hash, data.clone());
            let id = row.id.clone();
            accounts::write_alike(&self.db, row, identity).await?;
            tracing::info!(email = %mask_email(&email), "sign-up for an address that has an account");
            id
        } else {
            let (row, identity) = sign_up_rows(&email, hash, data.clone());
            let id = row.id.clone();
            if accounts::create(&self.db, row, identity).await? {
                tracing::info!(email = %mask_email(&email), "account created");
                crate::metrics::sign_up();
            }
            id
        };
        Ok(answer(&answer_id, &email, data, None))
    }

    /// GoTrue with `MAILER_AUTOCONFIRM`: the new account's first session, or `user_already_exists`.
    async fn sign_up_with_session(
        &self,
        email: String,
        password: Zeroizing<String>,
        data: Map<String, Value>,
    ) -> AuthResult<Value> {
        if accounts::find_by_email(&self.db, email.clone())
            .await?
            .is_some()
        {
            tracing::info!(email = %mask_email(&email), "sign-up for an address that has an account");
            return Err(AuthError::UserAlreadyExists);
        }
        let hash = self.passwords.hash(password).await.map_err(pool_error)?;
        let (row, identity) = sign_up_rows(&email, hash, data);
        let id = row.id.clone();
        if !accounts::create(&self.db, row, identity).await? {
            return Err(AuthError::UserAlreadyExists);
        }
        tracing::info!(email = %mask_email(&email), "account created");
        crate::metrics::sign_up();
        let signed_in = accounts::sign_in(&self.db, id, SignInMethod::Password).await?;
        let session = self.session_response(signed_in, None)?;
        serde_json::to_value(session).map_err(|e| AuthError::internal(&e))
    }
}

/// The user object both cases answer with: what GoTrue shows of a user whose address is not yet
/// confirmed, with no identities (which GoTrue lists only for a new account) and no sign-in time;
/// `confirmation_sent_at` when a confirmation e-mail went out.
pub(super) fn answer(
    id: &str,
    email: &str,
    data: Map<String, Value>,
    confirmation_sent_at: Option<&str>,
) -> Value {
    let now = now_text();
    let mut user = json!({
        "id": id,
        "aud": "authenticated",
        "role": "authenticated",
        "email": email,
        "phone": "",
        "app_metadata": {"provider": "email", "providers": ["email"]},
        "user_metadata": data,
        "identities": [],
        "created_at": now,
        "updated_at": now,
        "is_anonymous": false,
    });
    if let Some(sent) = confirmation_sent_at {
        user["confirmation_sent_at"] = json!(sent);
    }
    user
}

/// Checks an address as accounts do (`crate::accounts::email`), with GoTrue's messages.
pub fn normalise_email(raw: &str) -> AuthResult<String> {
    use crate::accounts::email::{EmailProblem, normalise};
    normalise(raw, sign_in_name::DOMAIN).map_err(|p| match p {
        EmailProblem::Missing => AuthError::validation("To signup, please provide your email"),
        EmailProblem::Invalid => {
            AuthError::validation("Unable to validate email address: invalid format")
        }
    })
}

/// GoTrue's text for a channel other than SMS when no Twilio provider is set up.
const INVALID_CHANNEL: &str = "Invalid channel, supported values are 'sms' or 'whatsapp'. 'whatsapp' is only supported if Twilio or Twilio Verify is used as the provider.";

/// A phone sign-up, after the password checks: GoTrue looks at the channel, then at the provider.
pub(in crate::auth) fn phone_signup(channel: Option<&str>) -> AuthError {
    match channel.unwrap_or("") {
        "" | "sms" => AuthError::PhoneProviderDisabled,
        _ => AuthError::validation(INVALID_CHANNEL),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phone_sign_up_checks_the_channel_then_the_provider() {
        assert_eq!(phone_signup(Some("sms")), AuthError::PhoneProviderDisabled);
        assert_eq!(phone_signup(None), AuthError::PhoneProviderDisabled);
        assert_eq!(phone_signup(Some("whatsapp")).code(), "validation_failed");
    }

    #[test]
    fn emails_are_trimmed_lowercased_and_checked() {
        assert_eq!(
            normalise_email("  Jane.Doe@Example.ORG ").unwrap(),
            "jane.doe@example.org"
        );
        assert!(normalise_email("o'neil+news@example.org").is_ok());
        assert!(
            normalise_email("शांत-नदी@sign-in.invalid").is_ok(),
            "a name in any script"
        );
        for bad in [
            "jane",
            "jane@",
            "@x.org",
            "a b@x.org",
            "a@x",
            "a@@x.org",
            "a@x..org",
            "xx:;x@x.x",
            "(jane)@x.org",
        ] {
            assert_eq!(
                normalise_email(bad).unwrap_err().code(),
                "validation_failed",
                "{bad}"
            );
        }
    }
}
