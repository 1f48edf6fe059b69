//! `POST /signup`: a new account with an e-mail address (or a sign-in name, see `sign_in_names.rs`)
//! and a password. The answer never tells whether the address already had an account: both cases get
//! 200 with the same kind of user object and no session, after the same password-hashing work, as
//! GoTrue answers a repeated sign-up when it confirms addresses (docs/auth-contract.md, "Sign-up").
//! The app signs in next with the same address and password.

use serde::Deserialize;
use serde_json::{Map, Value, json};
use zeroize::Zeroizing;

use crate::accounts::create::email_account_rows;
use crate::accounts::identities::IdentityRow;
use crate::accounts::store::UserRow;
use crate::accounts::time::now_text;
use crate::auth::errors::{AuthError, AuthResult, parse_json};
use crate::auth::keys::password;
use crate::auth::rules::metadata;
use crate::auth::rules::password_rules;
use crate::auth::service::{AuthService, limit, pool_error};
use crate::auth::store::accounts;
use crate::logging::mask_email;

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
    pub async fn signup(&self, body: &[u8]) -> AuthResult<Value> {
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
            password::check_policy(&password)?;
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
        password::check_policy(&password)?;
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
        let exists = accounts::find_by_email(&self.db, email.clone())
            .await?
            .is_some();
        // The hash is made either way, so an existing address does not answer sooner.
        let hash = self.passwords.hash(password).await.map_err(pool_error)?;
        let answer_id = if exists {
            // A stand-in account under an address nobody can have, written and removed again.
            let stand_in = format!("{}@repeated-sign-up.invalid", uuid::Uuid::new_v4());
            let (row, identity) = new_account(&stand_in, hash, data.clone());
            let id = row.id.clone();
            accounts::write_alike(&self.db, row, identity).await?;
            tracing::info!(email = %mask_email(&email), "sign-up for an address that has an account");
            id
        } else {
            let (row, identity) = new_account(&email, hash, data.clone());
            let id = row.id.clone();
            if accounts::create(&self.db, row, identity).await? {
                tracing::info!(email = %mask_email(&email), "account created");
            }
            id
        };
        Ok(answer(&answer_id, &email, data))
    }
}

/// The user object both cases answer with: what GoTrue shows of a user whose address is not yet
/// confirmed, with no identities (which GoTrue lists only for a new account) and no sign-in time.
fn answer(id: &str, email: &str, data: Map<String, Value>) -> Value {
    let now = now_text();
    json!({
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
    })
}

/// The rows of a new e-mail account; sign-up also copies the identity's fields into `user_metadata`,
/// as GoTrue's sign-up does.
fn new_account(email: &str, hash: String, data: Map<String, Value>) -> (UserRow, IdentityRow) {
    let (mut row, identity) = email_account_rows(email, Some(hash), data, Map::new());
    if let (Value::Object(metadata), Value::Object(extra)) =
        (&mut row.user_metadata, &identity.identity_data)
    {
        metadata.extend(extra.clone());
    }
    (row, identity)
}

/// Checks an address as accounts do (`crate::accounts::email`), with GoTrue's messages.
pub fn normalise_email(raw: &str) -> AuthResult<String> {
    use crate::accounts::email::{EmailProblem, normalise};
    normalise(raw, crate::auth::rules::sign_in_names::DOMAIN).map_err(|p| match p {
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
