//! What the admin API reads and shows (GoTrue's parameters, a new password's checks and hash, and the user
//! JSON), apart from the use cases in `admin.rs` that act on them.

use crate::accounts::neighbours::Neighbours;
use crate::auth::rules::password_rules;
use crate::auth::service::{AuthService, pool_error};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use zeroize::Zeroizing;

use crate::accounts::ban::Ban;
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::rules::metadata;
use crate::auth::store::models::User;
use crate::ground::span::Span;

/// The body of `POST /admin/users` and `PUT /admin/users/{id}` (GoTrue's `AdminUserParams`, the
/// fields this server has).
#[derive(Deserialize, Default)]
#[serde(default)]
pub struct UserParams {
    pub email: Option<String>,
    pub phone: Option<String>,
    pub password: Option<String>,
    // `email_confirm` is accepted and has nothing to do: every address here counts as confirmed.
    pub user_metadata: Option<Value>,
    pub app_metadata: Option<Value>,
    pub ban_duration: Option<String>,
}

/// The body of `POST /admin/generate_link`.
#[derive(Deserialize, Default)]
#[serde(default)]
pub struct LinkParams {
    #[serde(rename = "type")]
    pub kind: String,
    pub email: String,
    pub redirect_to: Option<String>,
}

/// The user as the admin API shows it: `/user`'s JSON plus `banned_until` when there is one, and the size
/// and last change of her encrypted copy (`copy`, a Solace addition) when she keeps one.
pub fn user_json(
    c: &crate::db::Connection,
    neighbours: &dyn Neighbours,
    id: &str,
) -> AuthResult<Option<Value>> {
    let Some(user) = User::load(c, id)? else {
        return Ok(None);
    };
    let mut v = user.to_json();
    if let Some(until) = crate::accounts::store::banned_until(c, id)? {
        v["banned_until"] = json!(until);
    }
    if let Some((bytes, updated_at)) = neighbours.copy_of(c, id)? {
        v["copy"] = json!({"bytes": bytes, "updated_at": updated_at});
    }
    Ok(Some(v))
}

/// GoTrue's `loadUser`: an id that is not a UUID is a 404.
pub fn user_id(raw: &str) -> AuthResult<String> {
    uuid::Uuid::parse_str(raw)
        .map(|u| u.to_string())
        .map_err(|_| AuthError::AdminBadUserId)
}

/// `field` (`user_metadata` or `app_metadata`) as an object within the bounds both share: both are
/// copied into every access token.
pub fn metadata_of(v: Option<Value>, field: &str) -> AuthResult<Option<Map<String, Value>>> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Object(map)) => {
            metadata::check(&map)?;
            Ok(Some(map))
        }
        Some(_) => Err(AuthError::bad_json(format!(
            "`{field}` must be a JSON object"
        ))),
    }
}

/// GoTrue's `ban_duration`: absent or empty changes nothing, "none" lifts the ban, otherwise a Go
/// duration ("24h", "1h30m"; this server reads hours, minutes and seconds).
pub fn ban_of(text: Option<&str>) -> AuthResult<Option<Ban>> {
    match text.map(str::trim) {
        None | Some("") => Ok(None),
        Some("none") => Ok(Some(Ban::Lift)),
        Some(t) => t.parse::<Span>().map(|s| Some(Ban::For(s.0))).map_err(|_| {
            AuthError::validation(format!(
                "invalid format for ban duration: time: invalid duration {t:?}"
            ))
        }),
    }
}

impl AuthService {
    /// Checks a new password against the rules (as GoTrue's admin update does; on create too, since
    /// a weak password set by staff is as guessable as one she chose) and hashes it.
    pub(super) async fn hash_new_password(
        &self,
        password: Option<String>,
    ) -> AuthResult<Option<String>> {
        let Some(p) = password.filter(|p| !p.is_empty()) else {
            return Ok(None);
        };
        let p = Zeroizing::new(p);
        password_rules::check_policy(&p)?;
        Ok(Some(self.passwords.hash(p).await.map_err(pool_error)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ban_durations_read_as_gotrue_reads_them() {
        assert_eq!(ban_of(None).unwrap(), None);
        assert_eq!(ban_of(Some("none")).unwrap(), Some(Ban::Lift));
        assert_eq!(
            ban_of(Some("1h30m")).unwrap(),
            Some(Ban::For(std::time::Duration::from_secs(5400)))
        );
        assert_eq!(
            ban_of(Some("soon")).unwrap_err().to_string(),
            "invalid format for ban duration: time: invalid duration \"soon\""
        );
        assert!(Ban::For(std::time::Duration::ZERO).until().is_none());
        assert!(crate::accounts::disabled_by(
            Ban::For(std::time::Duration::from_secs(60))
                .until()
                .as_deref()
        ));
    }

    #[test]
    fn ids_must_be_uuids() {
        assert_eq!(user_id("x").unwrap_err(), AuthError::AdminBadUserId);
        assert!(user_id("6f1c2b1e-5a7d-4e2b-9a55-0b2f6a1d9c11").is_ok());
    }
}
