//! The JSON shapes GoTrue answers with: user, its factors, identity, session (docs/auth-contract.md).

use crate::accounts::sessions::SessionRow;
use serde::Serialize;
use serde_json::{Value, json};

use crate::accounts::factors::FactorRow;
use crate::accounts::identities::IdentityRow;
use crate::accounts::store::UserRow;
use crate::ground::clock::timestamp;

/// A user with its identities, as `/user`, `/signup` and `/token` return it.
#[derive(Debug, Clone)]
pub struct User {
    pub row: UserRow,
    pub identities: Vec<IdentityRow>,
    /// Two-step sign-in factors (GoTrue lists them in the user as `factors`).
    pub factors: Vec<crate::accounts::factors::FactorRow>,
}

impl User {
    /// The user `id` with its identities, if it exists.
    pub fn load(c: &crate::db::Connection, id: &str) -> crate::db::Result<Option<Self>> {
        let Some((row, identities)) = crate::accounts::identities::find_with_identities(c, id)?
        else {
            return Ok(None);
        };
        let factors = crate::accounts::factors::for_user(c, id)?;
        Ok(Some(Self {
            row,
            identities,
            factors,
        }))
    }

    pub fn to_json(&self) -> Value {
        let u = &self.row;
        let mut v = json!({
            "id": u.id,
            "aud": "authenticated",
            "role": "authenticated",
            "email": u.email,
            "phone": "",
            "app_metadata": u.app_metadata,
            "user_metadata": u.user_metadata,
            "identities": self.identities.iter().map(identity_json).collect::<Vec<_>>(),
            "created_at": u.created_at,
            "updated_at": u.updated_at,
            "is_anonymous": false,
        });
        // GoTrue leaves `factors` out when there are none.
        if !self.factors.is_empty() {
            v["factors"] = json!(self.factors.iter().map(factor_json).collect::<Vec<_>>());
        }
        // GoTrue omits null timestamps rather than sending null.
        for (key, value) in [
            ("email_confirmed_at", &u.email_confirmed_at),
            ("confirmed_at", &u.email_confirmed_at),
            ("last_sign_in_at", &u.last_sign_in_at),
        ] {
            if let Some(value) = value {
                v[key] = json!(value);
            }
        }
        v
    }
}

/// For this long after a factor is first confirmed, a session without the second step may remove it
/// (docs/auth-contract.md, "Her second step is hers"): someone who knows her password and adds an
/// authenticator of his own cannot shut her out of her account and her records.
pub const NEW_FACTOR_GRACE: chrono::Duration = chrono::Duration::days(7);

/// Until when a confirmed factor may be removed without its code; None once that time has passed.
pub fn removable_without_code_until(f: &FactorRow) -> Option<chrono::DateTime<chrono::Utc>> {
    let confirmed = chrono::DateTime::parse_from_rfc3339(f.verified_at.as_deref()?).ok()?;
    let until = confirmed.with_timezone(&chrono::Utc) + NEW_FACTOR_GRACE;
    (until > chrono::Utc::now()).then_some(until)
}

/// A factor as GoTrue's `models.Factor` serialises it, plus when it was confirmed and, while it is new,
/// until when it can be removed without a code (Solace's own fields: the app warns her with them).
pub fn factor_json(f: &FactorRow) -> Value {
    let mut v = json!({
        "id": f.id,
        "status": f.status,
        "factor_type": f.factor_type,
        "created_at": f.created_at,
        "updated_at": f.updated_at,
        "last_challenged_at": f.last_challenged_at,
    });
    if !f.friendly_name.is_empty() {
        v["friendly_name"] = json!(f.friendly_name);
    }
    if let Some(at) = &f.verified_at {
        v["verified_at"] = json!(at);
    }
    if let Some(until) = removable_without_code_until(f) {
        v["removable_without_code_until"] = json!(timestamp(until));
    }
    v
}

fn identity_json(i: &IdentityRow) -> Value {
    let mut v = json!({
        "identity_id": i.id,
        "id": i.provider_id,
        "user_id": i.user_id,
        "identity_data": i.identity_data,
        "provider": i.provider,
        "created_at": i.created_at,
        "updated_at": i.updated_at,
    });
    if let Some(at) = &i.last_sign_in_at {
        v["last_sign_in_at"] = json!(at);
    }
    if let Some(email) = &i.email {
        v["email"] = json!(email);
    }
    v
}

/// A signed-in session: what `/signup` and `/token` return and the OAuth redirect carries.
#[derive(Debug, Clone, Serialize)]
pub struct Session {
    pub access_token: String,
    pub token_type: &'static str,
    pub expires_in: u64,
    pub expires_at: i64,
    pub refresh_token: String,
    pub user: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider_token: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider_refresh_token: Option<String>,
}

/// What the session was started with: the JWT's `amr` method.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignInMethod {
    Password,
    OAuth,
    /// A one-time recovery link from the operator (`auth::recovery`): GoTrue's "recovery" method.
    Recovery,
    /// The link in a sign-up's confirmation e-mail: GoTrue's "otp" method.
    EmailLink,
}

impl SignInMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Password => "password",
            Self::OAuth => "oauth",
            Self::Recovery => "recovery",
            Self::EmailLink => "otp",
        }
    }
}

/// A session just started or refreshed: what a `/token` answer is made of.
pub struct SignedIn {
    pub user: User,
    pub session: SessionRow,
    pub refresh_token: String,
    /// Second steps the session has passed (GoTrue's AMR claims), e.g. ("totp", unix seconds).
    pub steps: Vec<(String, i64)>,
}
