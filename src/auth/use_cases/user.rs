//! The signed-in user: checking a Bearer access token (`GET /user` and everything that needs one) and
//! `PUT /user` (metadata and password changes).

use serde::Deserialize;
use serde_json::{Map, Value};
use zeroize::Zeroizing;

use crate::accounts::update::merge_metadata;
use crate::auth::errors::{AuthError, AuthResult, parse_json};
use crate::auth::rules::metadata;
use crate::auth::rules::password_rules;
use crate::auth::service::{AuthService, limit, pool_error};
use crate::auth::store::accounts::{self, Change};
use crate::auth::store::models::User;
use crate::auth::store::sessions;
use crate::logging::mask_email;

/// A verified access token whose session and user still exist and whose session has not ended.
pub struct Authenticated {
    pub session_id: String,
    pub user: User,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct UpdateUserBody {
    email: Option<String>,
    phone: Option<String>,
    password: Option<String>,
    current_password: Option<String>,
    data: Option<Value>,
}

impl AuthService {
    /// Checks the Bearer token, then that its user and session exist and the session is within the
    /// configured limits (GoTrue checks the same on every authenticated request).
    pub async fn authenticate(&self, bearer: Option<&str>) -> AuthResult<Authenticated> {
        let token = bearer
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .ok_or(AuthError::NoAuthorization)?;
        let claims = self
            .keys
            .verify(token)
            .map_err(|e| AuthError::BadJwt(e.public_reason().into()))?;
        let session_id = claims
            .session_id
            .filter(|s| !s.is_empty())
            .ok_or(AuthError::SessionNotFound)?;
        let limits = self.config.session_limits();
        let user = sessions::authenticate(&self.db, claims.sub, session_id.clone(), limits).await?;
        Ok(Authenticated { session_id, user })
    }

    pub async fn update_user(&self, auth: Authenticated, body: &[u8]) -> AuthResult<User> {
        // Per account: bounds how fast a (possibly stolen) token can rewrite the account or guess
        // its current password.
        limit(&self.limits.user_update, &auth.user.row.id)?;
        let body: UpdateUserBody = parse_json(body)?;
        // GoTrue: with a confirmed factor, a password change needs a session that passed it.
        if body.password.as_deref().is_some_and(|p| !p.is_empty())
            && auth.user.factors.iter().any(|f| f.is_verified())
            && !self.session_is_aal2(auth.session_id.clone()).await?
        {
            return Err(AuthError::AalRequiredToUpdate);
        }
        let current = auth.user.row;
        if let Some(email) = body.email.as_deref().filter(|e| !e.trim().is_empty())
            && crate::accounts::email::canonical(email) != current.email
        {
            return Err(AuthError::EmailChangeUnsupported);
        }
        if body.phone.as_deref().is_some_and(|p| !p.trim().is_empty()) {
            return Err(AuthError::PhoneChangeUnsupported);
        }
        let metadata = match body.data {
            None | Some(Value::Null) => merge_metadata(&current.user_metadata, Map::new()),
            Some(Value::Object(changes)) => merge_metadata(&current.user_metadata, changes),
            Some(_) => return Err(AuthError::bad_json("`data` must be a JSON object")),
        };
        // Before any password work: a refused change should cost us nothing.
        metadata::check(&metadata)?;
        let new_password_hash = match body.password {
            None => None,
            Some(p) => {
                let password = Zeroizing::new(p);
                password_rules::check_policy(&password)?;
                let current_password = Zeroizing::new(body.current_password.unwrap_or_default());
                if !sessions::is_recovery(&self.db, auth.session_id.clone()).await? {
                    self.check_current_password(current_password, current.password_hash.clone())
                        .await?;
                }
                let same = self
                    .passwords
                    .verify(password.clone(), current.password_hash.clone())
                    .await
                    .map_err(pool_error)?;
                if same {
                    return Err(AuthError::SamePassword);
                }
                Some(self.passwords.hash(password).await.map_err(pool_error)?)
            }
        };
        let password_changed = new_password_hash.is_some();
        let user = accounts::update(
            &self.db,
            Change {
                user_id: current.id,
                user_metadata: Value::Object(metadata),
                app_metadata: current.app_metadata,
                new_password_hash,
                keep_session: auth.session_id,
            },
        )
        .await?;
        if password_changed {
            tracing::info!(email = %mask_email(&user.row.email), "password changed; other sessions ended");
        }
        Ok(user)
    }

    /// GoTrue's `update_password_require_current_password`: someone holding only an access token
    /// (stolen, or a device left signed in) cannot lock the owner out by changing her password. An
    /// account without a password (Google only) has nothing to confirm, and a session from a recovery
    /// link (checked by the caller) needs none either, both as in GoTrue.
    async fn check_current_password(
        &self,
        presented: Zeroizing<String>,
        hash: Option<String>,
    ) -> AuthResult<()> {
        if !self.config.update_password_require_current_password || hash.is_none() {
            return Ok(());
        }
        if presented.is_empty() {
            return Err(AuthError::CurrentPasswordRequired);
        }
        let ok = self
            .passwords
            .verify(presented, hash)
            .await
            .map_err(pool_error)?;
        if ok {
            Ok(())
        } else {
            Err(AuthError::CurrentPasswordInvalid)
        }
    }
}
