//! GoTrue's admin API (`/auth/v1/admin/...`, docs/auth-contract.md "Admin API"): the operator's
//! account tools for scripts and auth-js's `GoTrueAdminApi`, open only to a service-role token
//! (`solace service-key`). The work itself is done by the use cases in `crate::accounts`, the same ones
//! behind `solace users ...`; this file checks the caller, reads GoTrue's parameters and shapes the
//! answers. Each use is logged with the action and the account id, never an address or a token.

use serde_json::{Value, json};

use crate::accounts;
use crate::accounts::AccountError;
use crate::accounts::ban::Ban;
use crate::accounts::create::NewAccount;
use crate::accounts::update::Changes;
use crate::auth::errors::{AuthError, AuthResult, parse_json};
use crate::auth::rules::metadata;
use crate::auth::service::AuthService;
use crate::auth::use_cases::admin_params::{
    LinkParams, UserParams, ban_of, metadata_of, user_id, user_json,
};
use crate::auth::use_cases::signup::normalise_email;

/// GoTrue's page size when the caller names none.
pub const DEFAULT_PER_PAGE: u64 = 50;
/// Bounds the work one list request can ask for.
pub const MAX_PER_PAGE: u64 = 1000;

/// One page of the account list.
pub struct UserPage {
    pub users: Vec<Value>,
    pub total: u64,
}

impl From<AccountError> for AuthError {
    fn from(e: AccountError) -> Self {
        match e {
            AccountError::NotFound(_) => AuthError::AdminUserNotFound,
            AccountError::EmailTaken => AuthError::EmailExists,
            AccountError::Disabled(_) => AuthError::UserBanned,
            AccountError::CheckinRunning | AccountError::AdvocateInCheckin => {
                AuthError::CheckinRunning
            }
            AccountError::Db(e) => AuthError::from(e),
        }
    }
}

impl AuthService {
    /// GoTrue's `requireAdminCredentials`: a Bearer token signed by a key we trust whose role is one of
    /// `auth.admin_roles`.
    /// A person's own access token is a valid token with the wrong role: 403 `not_admin`.
    pub fn require_admin(&self, bearer: Option<&str>, action: &'static str) -> AuthResult<()> {
        let refused = |e: AuthError| {
            tracing::warn!(action, code = e.code(), "admin API call refused");
            e
        };
        let token = bearer
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .ok_or(AuthError::NoAuthorization)
            .map_err(refused)?;
        let claims = self
            .keys
            .verify_role(token)
            .map_err(|e| refused(AuthError::BadJwt(e.public_reason().into())))?;
        if !self.config.admin_roles.contains(&claims.role) {
            return Err(refused(AuthError::NotAdmin));
        }
        Ok(())
    }

    pub async fn admin_list(&self, page: u64, per_page: u64) -> AuthResult<UserPage> {
        let neighbours = self.neighbours.clone();
        let (users, total) = self
            .db
            .read(move |c| {
                let (ids, total) = accounts::list::page(c, page, per_page)?;
                let users = ids
                    .iter()
                    .filter_map(|id| user_json(c, &*neighbours, id).transpose())
                    .collect::<AuthResult<Vec<_>>>()?;
                Ok::<_, AuthError>((users, total))
            })
            .await?;
        tracing::info!(action = "list_users", page, per_page, "admin API");
        Ok(UserPage { users, total })
    }

    pub async fn admin_get(&self, id: &str) -> AuthResult<Value> {
        let (id, neighbours) = (user_id(id)?, self.neighbours.clone());
        let user = self
            .db
            .read({
                let id = id.clone();
                move |c| user_json(c, &*neighbours, &id)
            })
            .await?
            .ok_or(AuthError::AdminUserNotFound)?;
        tracing::info!(action = "get_user", user_id = %id, "admin API");
        Ok(user)
    }

    pub async fn admin_create(&self, body: &[u8]) -> AuthResult<Value> {
        let neighbours = self.neighbours.clone();
        let p: UserParams = parse_json(body)?;
        let email = p.email.as_deref().map(str::trim).unwrap_or("");
        if email.is_empty() {
            return Err(
                if p.phone.as_deref().is_some_and(|s| !s.trim().is_empty()) {
                    AuthError::PhoneProviderDisabled
                } else {
                    AuthError::validation("Cannot create a user without either an email or phone")
                },
            );
        }
        let email = normalise_email(email)?;
        let user_metadata = metadata_of(p.user_metadata, "user_metadata")?.unwrap_or_default();
        let app_metadata = metadata_of(p.app_metadata, "app_metadata")?.unwrap_or_default();
        let ban = ban_of(p.ban_duration.as_deref())?;
        // Checked again when the account is written; here so a taken address costs no password hash.
        let taken = self
            .db
            .read({
                let email = email.clone();
                move |c| {
                    Ok::<_, AuthError>(crate::accounts::store::find_by_email(c, &email)?.is_some())
                }
            })
            .await?;
        if taken {
            return Err(AuthError::EmailExists);
        }
        // An account made without a password has none until she chooses one through a recovery
        // link; GoTrue gives it a random one instead, which comes to the same.
        let password_hash = self.hash_new_password(p.password).await?;
        let new = NewAccount {
            email,
            password_hash,
            user_metadata,
            app_metadata,
            banned_until: ban.and_then(Ban::until),
        };
        let user = self
            .db
            .write(move |c| {
                let id = accounts::create::create(c, new)?;
                user_json(c, &*neighbours, &id)?.ok_or(AuthError::AdminUserNotFound)
            })
            .await?;
        tracing::info!(action = "create_user", user_id = %user["id"].as_str().unwrap_or(""), "admin API");
        Ok(user)
    }

    pub async fn admin_update(&self, id: &str, body: &[u8]) -> AuthResult<Value> {
        let (id, neighbours) = (user_id(id)?, self.neighbours.clone());
        // An unknown account is reported before anything about the body, as GoTrue's `loadUser` does.
        self.admin_get_quietly(&id).await?;
        let p: UserParams = parse_json(body)?;
        if p.phone.as_deref().is_some_and(|s| !s.trim().is_empty()) {
            return Err(AuthError::PhoneChangeUnsupported);
        }
        let email = match p.email.as_deref().map(str::trim) {
            Some(e) if !e.is_empty() => Some(normalise_email(e)?),
            _ => None,
        };
        let user_metadata = metadata_of(p.user_metadata, "user_metadata")?;
        let app_metadata = metadata_of(p.app_metadata, "app_metadata")?;
        let ban = ban_of(p.ban_duration.as_deref())?;
        let changes = Changes {
            email,
            user_metadata,
            app_metadata,
            ban,
            password_hash: self.hash_new_password(p.password).await?,
        };
        let user = self
            .db
            .write({
                let id = id.clone();
                move |c| {
                    // The bound holds for what is stored, not only for this change: several changes
                    // within it each must not add up past it.
                    let stored = crate::accounts::store::find_by_id(c, &id)?
                        .ok_or(AuthError::AdminUserNotFound)?;
                    for (stored, change) in [
                        (&stored.user_metadata, &changes.user_metadata),
                        (&stored.app_metadata, &changes.app_metadata),
                    ] {
                        if let Some(change) = change {
                            let merged = accounts::update::merge_metadata(stored, change.clone());
                            metadata::check(&merged)?;
                        }
                    }
                    accounts::update::update(c, &id, changes)?;
                    user_json(c, &*neighbours, &id)?.ok_or(AuthError::AdminUserNotFound)
                }
            })
            .await?;
        tracing::info!(action = "update_user", user_id = %id, "admin API");
        Ok(user)
    }

    pub async fn admin_delete(&self, id: &str) -> AuthResult<()> {
        let (id, neighbours) = (user_id(id)?, self.neighbours.clone());
        let raised = self
            .db
            .write({
                let id = id.clone();
                move |c| {
                    // Looked up by id only: an e-mail address never reaches here as a path segment
                    // that parses as a UUID.
                    Ok::<_, AuthError>(
                        accounts::delete::delete(c, &id, &*neighbours)?.alarms_raised,
                    )
                }
            })
            .await?;
        // A check-in that was running raised its alarm; the timer sends it within seconds.
        tracing::info!(action = "delete_user", user_id = %id, checkin_alarms_raised = raised, "admin API");
        Ok(())
    }

    /// `POST /admin/generate_link` with `type: "recovery"`: the same one-time link as
    /// `solace users recovery-link`, answered as GoTrue does (the user's fields and the link's).
    /// This server has no e-mail one-time code, so `email_otp` is empty; `hashed_token` is what
    /// `POST /verify` takes as `token_hash`.
    pub async fn admin_generate_link(&self, body: &[u8]) -> AuthResult<Value> {
        let neighbours = self.neighbours.clone();
        let p: LinkParams = parse_json(body)?;
        if p.email.trim().is_empty() {
            return Err(AuthError::validation("An email address is required"));
        }
        let email = normalise_email(&p.email)?;
        let exists = self
            .db
            .read({
                let email = email.clone();
                move |c| {
                    Ok::<_, AuthError>(crate::accounts::store::find_by_email(c, &email)?.is_some())
                }
            })
            .await?;
        if !exists && p.kind == "recovery" {
            return Err(AuthError::LinkUserNotFound);
        }
        match p.kind.as_str() {
            "recovery" => {}
            "signup" | "invite" | "magiclink" | "email_change_current" | "email_change_new" => {
                return Err(AuthError::OtpDisabled);
            }
            other => {
                return Err(AuthError::validation(format!(
                    "Invalid email action link type requested: {other}"
                )));
            }
        }
        let redirect_to = self.redirects.resolve(&[p.redirect_to.as_deref()]);
        let site = self.redirects.site_url().to_string();
        let lifetime = self.config.recovery_link_lifetime.0;
        let (link, mut user) = self
            .db
            .write({
                let redirect_to = redirect_to.clone();
                move |c| {
                    let link =
                        accounts::recovery::create_to(c, &email, &site, &redirect_to, lifetime)?;
                    let user = user_json(c, &*neighbours, &link.account.id)?
                        .ok_or(AuthError::AdminUserNotFound)?;
                    Ok::<_, AuthError>((link, user))
                }
            })
            .await?;
        user["action_link"] = json!(link.url);
        user["email_otp"] = json!("");
        user["hashed_token"] = json!(link.token);
        user["verification_type"] = json!("recovery");
        user["redirect_to"] = json!(redirect_to);
        tracing::info!(action = "generate_link", user_id = %link.account.id, kind = "recovery", "admin API");
        Ok(user)
    }

    async fn admin_get_quietly(&self, id: &str) -> AuthResult<()> {
        let (id, neighbours) = (id.to_string(), self.neighbours.clone());
        self.db
            .read(move |c| user_json(c, &*neighbours, &id))
            .await?
            .map(|_| ())
            .ok_or(AuthError::AdminUserNotFound)
    }
}
