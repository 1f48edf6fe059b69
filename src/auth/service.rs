//! The auth domain: sign-up, password sign-in, refresh-token rotation, the current user, sign-out.
//! Handlers hand it parsed requests; it answers with sessions, users or an `AuthError`.

use std::net::IpAddr;
use std::time::Duration;

use rusqlite::Connection;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use zeroize::Zeroizing;

use super::config::AuthConfig;
use super::errors::{AuthError, AuthResult, parse_json};
use super::models::{Session, User, now_ms, now_text};
use super::oauth::GoogleClient;
use super::password::{self, PasswordPool, PoolError};
use super::redirect::RedirectPolicy;
use super::tokens::{self, Amr, Claims, TokenKeys};
use crate::db::sessions::{self, SessionRow};
use crate::db::users::{self, IdentityRow, UserRow};
use crate::db::{Db, oauth_flows};
use crate::logging::mask_email;
use crate::rate_limit::RateLimiter;

/// Revoked refresh tokens are kept this long for reuse detection, then purged.
const KEEP_REVOKED_MS: i64 = 24 * 3600 * 1000;
/// Google sign-ins not finished within this long are forgotten.
pub const FLOW_TTL_MS: i64 = 300_000;
/// How many password checks may wait for a hashing thread, per core, before callers get 429.
const QUEUE_PER_CORE: usize = 64;

pub struct AuthService {
    pub(super) db: Db,
    pub(super) keys: TokenKeys,
    pub(super) passwords: PasswordPool,
    pub(super) config: AuthConfig,
    pub(super) redirects: RedirectPolicy,
    pub(super) google: Option<GoogleClient>,
    limits: Limits,
}

struct Limits {
    token_ip: RateLimiter,
    token_email: RateLimiter,
    signup_ip: RateLimiter,
    signup_email: RateLimiter,
}

/// What the session was started with: the JWT's `amr` method.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignInMethod {
    Password,
    OAuth,
}

impl SignInMethod {
    fn as_str(self) -> &'static str {
        match self {
            Self::Password => "password",
            Self::OAuth => "oauth",
        }
    }
}

/// A verified access token whose session and user still exist.
pub struct Authenticated {
    pub session_id: String,
    pub user: User,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct SignupBody {
    email: Option<String>,
    password: Option<String>,
    phone: Option<String>,
    data: Option<Value>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct PasswordGrant {
    email: Option<String>,
    password: Option<String>,
    phone: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct RefreshGrant {
    refresh_token: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct UpdateUserBody {
    email: Option<String>,
    phone: Option<String>,
    password: Option<String>,
    data: Option<Value>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogoutScope {
    Global,
    Local,
    Others,
}

impl LogoutScope {
    pub fn parse(value: Option<&str>) -> AuthResult<Self> {
        match value.unwrap_or("global") {
            "global" | "" => Ok(Self::Global),
            "local" => Ok(Self::Local),
            "others" => Ok(Self::Others),
            other => Err(AuthError::validation(format!(
                "Unsupported logout scope {other:?}"
            ))),
        }
    }
}

enum Rotation {
    Issued {
        user: Box<User>,
        session: SessionRow,
        refresh_token: String,
    },
    Reused,
}

impl AuthService {
    /// Builds the service: loads or creates the signing key and precomputes the dummy hash.
    pub fn new(
        config: &crate::config::Config,
        db: Db,
        data_dir: &std::path::Path,
    ) -> Result<Self, String> {
        let site_url = config.server.site_url.clone();
        let keys = TokenKeys::load_or_create(data_dir, format!("{site_url}/auth/v1"))?;
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let passwords = PasswordPool::new(cores, cores * QUEUE_PER_CORE)?;
        let auth = config.auth.clone();
        let r = &auth.rate_limit;
        if r.window_secs == 0 {
            return Err("configuration: `auth.rate_limit.window_secs` must be at least 1".into());
        }
        let window = Duration::from_secs(r.window_secs);
        let limits = Limits {
            token_ip: RateLimiter::new(r.token_per_ip, window),
            token_email: RateLimiter::new(r.token_per_email, window),
            signup_ip: RateLimiter::new(r.signup_per_ip, window),
            signup_email: RateLimiter::new(r.signup_per_email, window),
        };
        let google = auth
            .google
            .enabled()
            .then(|| GoogleClient::new(&auth.google, &site_url))
            .transpose()?;
        Ok(Self {
            db,
            keys,
            passwords,
            redirects: RedirectPolicy::new(&site_url, &auth.additional_redirect_urls),
            google,
            config: auth,
            limits,
        })
    }

    pub fn jwks(&self) -> Value {
        self.keys.jwks()
    }

    pub fn settings(&self) -> Value {
        json!({
            "external": {
                "anonymous_users": false, "apple": false, "azure": false, "bitbucket": false,
                "discord": false, "facebook": false, "figma": false, "fly": false, "github": false,
                "gitlab": false, "google": self.google.is_some(), "keycloak": false, "kakao": false,
                "linkedin": false, "linkedin_oidc": false, "notion": false, "spotify": false,
                "slack": false, "slack_oidc": false, "workos": false, "twitch": false, "twitter": false,
                "x": false, "zoom": false, "email": true, "phone": false,
            },
            "disable_signup": self.config.disable_signup,
            "mailer_autoconfirm": true,
            "phone_autoconfirm": false,
            "sms_provider": "",
            "saml_enabled": false,
            "passkeys_enabled": false,
        })
    }

    // ----- rate limits -----

    fn limit(limiter: &RateLimiter, key: &str) -> AuthResult<()> {
        limiter
            .check(key)
            .map_err(|retry| AuthError::rate_limited(retry.0.as_secs()))
    }

    pub fn limit_token_ip(&self, ip: Option<IpAddr>) -> AuthResult<()> {
        Self::limit(&self.limits.token_ip, &ip_key(ip))
    }

    pub fn limit_signup_ip(&self, ip: Option<IpAddr>) -> AuthResult<()> {
        Self::limit(&self.limits.signup_ip, &ip_key(ip))
    }

    // ----- sign-up and sign-in -----

    pub async fn signup(&self, body: &[u8]) -> AuthResult<Session> {
        if self.config.disable_signup {
            return Err(signup_disabled());
        }
        let body: SignupBody = parse_json(body)?;
        let password = Zeroizing::new(body.password.unwrap_or_default());
        let email = body.email.unwrap_or_default();
        if email.trim().is_empty() && password.is_empty() && body.phone.is_none() {
            return Err(AuthError::new(
                actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
                "anonymous_provider_disabled",
                "Anonymous sign-ins are disabled",
            ));
        }
        if email.trim().is_empty() && body.phone.is_some_and(|p| !p.trim().is_empty()) {
            return Err(AuthError::new(
                actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
                "phone_provider_disabled",
                "Phone signups are disabled",
            ));
        }
        password::check_policy(&password)?;
        let email = normalise_email(&email)?;
        Self::limit(&self.limits.signup_email, &email)?;
        let data = match body.data {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Object(map)) => map,
            Some(_) => return Err(AuthError::bad_json("`data` must be a JSON object")),
        };
        let lookup = email.clone();
        let taken = self
            .db
            .read(move |c| Ok::<_, AuthError>(users::find_by_email(c, &lookup)?.is_some()))
            .await?;
        if taken {
            return Err(user_already_exists());
        }
        let hash = self.passwords.hash(password).await.map_err(pool_error)?;
        let now = now_text();
        let id = uuid::Uuid::new_v4().to_string();
        let identity_data = json!({
            "sub": id, "email": email, "email_verified": true, "phone_verified": false,
        });
        let mut user_metadata = data;
        if let Value::Object(extra) = &identity_data {
            user_metadata.extend(extra.clone());
        }
        let row = UserRow {
            id: id.clone(),
            email: email.clone(),
            password_hash: Some(hash),
            user_metadata: Value::Object(user_metadata),
            app_metadata: json!({"provider": "email", "providers": ["email"]}),
            email_confirmed_at: Some(now.clone()),
            last_sign_in_at: Some(now.clone()),
            created_at: now.clone(),
            updated_at: now.clone(),
        };
        let identity = IdentityRow {
            id: uuid::Uuid::new_v4().to_string(),
            provider: "email".into(),
            provider_id: id.clone(),
            user_id: id,
            identity_data,
            email: Some(email.clone()),
            last_sign_in_at: Some(now.clone()),
            created_at: now.clone(),
            updated_at: now,
        };
        let (user, session, refresh) = self
            .db
            .write(move |c| {
                let tx = c.transaction()?;
                // Checked again inside the write: two sign-ups for one address may race.
                if users::find_by_email(&tx, &row.email)?.is_some() {
                    return Err(user_already_exists());
                }
                users::insert(&tx, &row)?;
                users::insert_identity(&tx, &identity)?;
                let (session, refresh) = start_session(&tx, &row.id, SignInMethod::Password)?;
                tx.commit()?;
                Ok((
                    User {
                        row,
                        identities: vec![identity],
                    },
                    session,
                    refresh,
                ))
            })
            .await?;
        tracing::info!(email = %mask_email(&email), "account created");
        self.session_response(user, &session, refresh, None)
    }

    pub async fn sign_in_password(&self, body: &[u8]) -> AuthResult<Session> {
        let body: PasswordGrant = parse_json(body)?;
        let password = Zeroizing::new(body.password.unwrap_or_default());
        let raw_email = body.email.unwrap_or_default();
        if raw_email.trim().is_empty() {
            return Err(if body.phone.is_some_and(|p| !p.trim().is_empty()) {
                AuthError::invalid_credentials()
            } else {
                AuthError::validation("missing email or phone")
            });
        }
        let email = raw_email.trim().to_lowercase();
        Self::limit(&self.limits.token_email, &email)?;
        let lookup = email.clone();
        let found = self
            .db
            .read(move |c| Ok::<_, AuthError>(users::find_by_email(c, &lookup)?))
            .await?;
        // An unknown address costs the same hash as a wrong password, so timing tells nothing.
        let hash = found.as_ref().and_then(|u| u.password_hash.clone());
        let ok = self
            .passwords
            .verify(password, hash)
            .await
            .map_err(pool_error)?;
        let Some(user) = found.filter(|_| ok) else {
            tracing::info!(email = %mask_email(&email), "password sign-in refused");
            return Err(AuthError::invalid_credentials());
        };
        let (user, session, refresh) = self
            .db
            .write(move |c| {
                let tx = c.transaction()?;
                users::touch_sign_in(&tx, &user.id, &now_text())?;
                let (session, refresh) = start_session(&tx, &user.id, SignInMethod::Password)?;
                let user = load_user(&tx, &user.id)?.ok_or_else(AuthError::invalid_credentials)?;
                tx.commit()?;
                Ok::<_, AuthError>((user, session, refresh))
            })
            .await?;
        self.session_response(user, &session, refresh, None)
    }

    // ----- refresh-token rotation (AUTH_CONTRACT §5) -----

    pub async fn refresh(&self, body: &[u8]) -> AuthResult<Session> {
        let body: RefreshGrant = parse_json(body)?;
        let token = Zeroizing::new(body.refresh_token.unwrap_or_default());
        if token.trim().len() < 12 {
            return Err(AuthError::validation("Refresh token is not valid"));
        }
        let deriver = ChildDeriver {
            key: self.keys.refresh_key(),
            parent: token.clone(),
        };
        let presented = tokens::hash_token(&token);
        let reuse_ms = self.config.refresh_token_reuse_interval_secs as i64 * 1000;
        let outcome = self
            .db
            .write(move |c| rotate(c, &presented, reuse_ms, &|salt| deriver.derive(salt)))
            .await?;
        match outcome {
            Rotation::Issued {
                user,
                session,
                refresh_token,
            } => self.session_response(*user, &session, refresh_token, None),
            Rotation::Reused => Err(AuthError::new(
                actix_web::http::StatusCode::BAD_REQUEST,
                "refresh_token_already_used",
                "Invalid Refresh Token: Already Used",
            )),
        }
    }

    // ----- the signed-in user -----

    /// Checks the Bearer token and that its user and session still exist.
    pub async fn authenticate(&self, bearer: Option<&str>) -> AuthResult<Authenticated> {
        let token = bearer
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .ok_or_else(AuthError::no_authorization)?;
        let claims = self
            .keys
            .verify(token)
            .map_err(|e| AuthError::bad_jwt(&e))?;
        let session_id = claims
            .session_id
            .filter(|s| !s.is_empty())
            .ok_or_else(AuthError::session_not_found)?;
        let sub = claims.sub;
        self.db
            .read(move |c| {
                let user = load_user(c, &sub)?.ok_or_else(AuthError::user_not_found)?;
                match sessions::find(c, &session_id)? {
                    Some(s) if s.user_id == user.row.id => Ok(Authenticated { session_id, user }),
                    _ => Err(AuthError::session_not_found()),
                }
            })
            .await
    }

    pub async fn update_user(&self, auth: Authenticated, body: &[u8]) -> AuthResult<User> {
        let body: UpdateUserBody = parse_json(body)?;
        let current = auth.user.row;
        if let Some(email) = body.email.as_deref().filter(|e| !e.trim().is_empty())
            && email.trim().to_lowercase() != current.email
        {
            return Err(AuthError::new(
                actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
                "validation_failed",
                "Changing the e-mail address is not supported by this server",
            ));
        }
        if body.phone.as_deref().is_some_and(|p| !p.trim().is_empty()) {
            return Err(AuthError::new(
                actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
                "validation_failed",
                "Phone numbers are not supported by this server",
            ));
        }
        let new_hash = match body.password {
            None => None,
            Some(p) => {
                let password = Zeroizing::new(p);
                password::check_policy(&password)?;
                if self
                    .passwords
                    .verify(password.clone(), current.password_hash.clone())
                    .await
                    .map_err(pool_error)?
                {
                    return Err(AuthError::new(
                        actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
                        "same_password",
                        "New password should be different from the old password.",
                    ));
                }
                Some(self.passwords.hash(password).await.map_err(pool_error)?)
            }
        };
        let mut metadata = match current.user_metadata.clone() {
            Value::Object(map) => map,
            _ => Map::new(),
        };
        match body.data {
            None | Some(Value::Null) => {}
            Some(Value::Object(changes)) => {
                // Per key, as GoTrue: a null value deletes the key.
                for (k, v) in changes {
                    if v.is_null() {
                        metadata.remove(&k);
                    } else {
                        metadata.insert(k, v);
                    }
                }
            }
            Some(_) => return Err(AuthError::bad_json("`data` must be a JSON object")),
        }
        let user_id = current.id.clone();
        let keep = auth.session_id;
        let password_changed = new_hash.is_some();
        let user = self
            .db
            .write(move |c| {
                let tx = c.transaction()?;
                let now = now_text();
                users::update_metadata(
                    &tx,
                    &user_id,
                    &Value::Object(metadata),
                    &current.app_metadata,
                    &now,
                )?;
                if let Some(hash) = &new_hash {
                    users::set_password(&tx, &user_id, hash, &now)?;
                    // A new password signs out every other device.
                    sessions::delete_for_user(&tx, &user_id, Some(&keep))?;
                }
                let user = load_user(&tx, &user_id)?.ok_or_else(AuthError::user_not_found)?;
                tx.commit()?;
                Ok::<_, AuthError>(user)
            })
            .await?;
        if password_changed {
            tracing::info!(email = %mask_email(&user.row.email), "password changed; other sessions ended");
        }
        Ok(user)
    }

    pub async fn logout(&self, auth: Authenticated, scope: LogoutScope) -> AuthResult<()> {
        let user_id = auth.user.row.id;
        let session_id = auth.session_id;
        self.db
            .write(move |c| {
                match scope {
                    LogoutScope::Global => sessions::delete_for_user(c, &user_id, None)?,
                    LogoutScope::Local => sessions::delete(c, &session_id)?,
                    LogoutScope::Others => {
                        sessions::delete_for_user(c, &user_id, Some(&session_id))?
                    }
                };
                Ok::<_, AuthError>(())
            })
            .await
    }

    // ----- sessions -----

    /// Signs an access token for the session and wraps it with the refresh token and the user.
    pub(super) fn session_response(
        &self,
        user: User,
        session: &SessionRow,
        refresh_token: String,
        provider: Option<(String, Option<String>)>,
    ) -> AuthResult<Session> {
        let now = chrono::Utc::now().timestamp();
        let expires_in = self.config.jwt_expiry_secs;
        let exp = now + expires_in as i64;
        let u = &user.row;
        let claims = Claims {
            iss: self.keys.issuer().to_string(),
            sub: u.id.clone(),
            aud: tokens::AUDIENCE.into(),
            exp,
            iat: now,
            email: u.email.clone(),
            phone: String::new(),
            app_metadata: u.app_metadata.clone(),
            user_metadata: u.user_metadata.clone(),
            role: "authenticated".into(),
            aal: "aal1".into(),
            amr: vec![Amr {
                method: session.amr_method.clone(),
                timestamp: session.created_at / 1000,
            }],
            session_id: session.id.clone(),
            is_anonymous: false,
        };
        let access_token = self
            .keys
            .sign(&claims)
            .map_err(|e| AuthError::internal(&e))?;
        let (provider_token, provider_refresh_token) = match provider {
            Some((t, r)) => (Some(t), r),
            None => (None, None),
        };
        Ok(Session {
            access_token,
            token_type: "bearer",
            expires_in,
            expires_at: exp,
            refresh_token,
            user: user.to_json(),
            provider_token,
            provider_refresh_token,
        })
    }

    /// Hourly: forget revoked refresh tokens after a day and unfinished Google sign-ins.
    pub async fn purge(&self) -> AuthResult<(usize, usize)> {
        self.db
            .write(|c| {
                let now = now_ms();
                let tokens = sessions::purge_revoked(c, now - KEEP_REVOKED_MS)?;
                let flows = oauth_flows::purge_older_than(c, now - 3 * FLOW_TTL_MS)?;
                Ok::<_, AuthError>((tokens, flows))
            })
            .await
    }
}

/// Computes child refresh tokens of one presented parent inside the database transaction.
struct ChildDeriver {
    key: ring::hmac::Key,
    parent: Zeroizing<String>,
}

impl ChildDeriver {
    fn derive(&self, salt: &str) -> String {
        tokens::derive_child(&self.key, &self.parent, salt)
    }
}

fn ip_key(ip: Option<IpAddr>) -> String {
    ip.map_or_else(|| "unknown".into(), |ip| ip.to_string())
}

fn signup_disabled() -> AuthError {
    AuthError::new(
        actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
        "signup_disabled",
        "Signups not allowed for this instance",
    )
}

fn user_already_exists() -> AuthError {
    AuthError::new(
        actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
        "user_already_exists",
        "User already registered",
    )
}

pub(super) fn pool_error(e: PoolError) -> AuthError {
    match e {
        PoolError::Busy => AuthError::rate_limited(1),
        PoolError::Failed(cause) => AuthError::internal(&cause),
    }
}

/// Trims, lower-cases and checks an address: one `@`, a dotted domain, no spaces, at most 255 bytes.
pub fn normalise_email(raw: &str) -> AuthResult<String> {
    let email = raw.trim().to_lowercase();
    if email.is_empty() {
        return Err(AuthError::validation(
            "To signup, please provide your email",
        ));
    }
    let invalid = || AuthError::validation("Unable to validate email address: invalid format");
    if email.len() > 255 || email.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(invalid());
    }
    let (local, domain) = email.split_once('@').ok_or_else(invalid)?;
    let labels_ok = domain.split('.').count() >= 2
        && domain.split('.').all(|l| {
            !l.is_empty()
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| c.is_alphanumeric() || c == '-')
        });
    if local.is_empty() || local.len() > 64 || domain.contains('@') || !labels_ok {
        return Err(invalid());
    }
    Ok(email)
}

pub(super) fn load_user(c: &Connection, id: &str) -> AuthResult<Option<User>> {
    let Some(row) = users::find_by_id(c, id)? else {
        return Ok(None);
    };
    let identities = users::identities_of(c, id)?;
    Ok(Some(User { row, identities }))
}

/// Inserts a session and its first refresh token (random: it has no parent to derive from).
pub(super) fn start_session(
    c: &Connection,
    user_id: &str,
    method: SignInMethod,
) -> AuthResult<(SessionRow, String)> {
    let now = now_ms();
    let session = SessionRow {
        id: uuid::Uuid::new_v4().to_string(),
        user_id: user_id.to_string(),
        amr_method: method.as_str().into(),
        created_at: now,
    };
    sessions::insert(c, &session)?;
    let token = tokens::random_token();
    sessions::insert_refresh(
        c,
        &session.id,
        &tokens::hash_token(&token),
        None,
        &tokens::random_token(),
        now,
    )?;
    Ok((session, token))
}

/// One transaction on the writer: the four cases of GoTrue's rotation, plus "unknown".
fn rotate(
    c: &mut Connection,
    presented_hash: &str,
    reuse_ms: i64,
    child_of: &dyn Fn(&str) -> String,
) -> AuthResult<Rotation> {
    let tx = c.transaction()?;
    let now = now_ms();
    let token = sessions::find_refresh(&tx, presented_hash)?.ok_or_else(|| {
        AuthError::new(
            actix_web::http::StatusCode::BAD_REQUEST,
            "refresh_token_not_found",
            "Invalid Refresh Token: Refresh Token Not Found",
        )
    })?;
    let session = sessions::find(&tx, &token.session_id)?.ok_or_else(|| {
        AuthError::new(
            actix_web::http::StatusCode::BAD_REQUEST,
            "session_not_found",
            "Invalid Refresh Token: Session Not Found",
        )
    })?;
    let issue_child = |tx: &Connection| -> AuthResult<String> {
        let salt = tokens::random_token();
        let child = child_of(&salt);
        sessions::insert_refresh(
            tx,
            &session.id,
            &tokens::hash_token(&child),
            Some(token.id),
            &salt,
            now,
        )?;
        Ok(child)
    };
    let refresh_token = match token.revoked_at {
        None => {
            sessions::revoke_refresh(&tx, token.id, now)?;
            issue_child(&tx)?
        }
        Some(revoked_at) => {
            let active = sessions::active_refresh(&tx, &session.id)?;
            match active {
                // The client never received its last reply: hand it the same child again.
                Some(a) if a.parent_id == Some(token.id) => child_of(&a.salt),
                _ if reuse_ms > 0 && now - revoked_at <= reuse_ms => issue_child(&tx)?,
                _ => {
                    // A token used twice may have been stolen: end the whole session.
                    sessions::delete(&tx, &session.id)?;
                    tx.commit()?;
                    tracing::warn!(
                        session_id = %session.id,
                        "refresh token reused after rotation; session revoked"
                    );
                    return Ok(Rotation::Reused);
                }
            }
        }
    };
    sessions::mark_refreshed(&tx, &session.id, now)?;
    let user = load_user(&tx, &session.user_id)?.ok_or_else(|| {
        AuthError::new(
            actix_web::http::StatusCode::BAD_REQUEST,
            "session_not_found",
            "Invalid Refresh Token: Session Not Found",
        )
    })?;
    tx.commit()?;
    Ok(Rotation::Issued {
        user: Box::new(user),
        session,
        refresh_token,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_trimmed_lowercased_and_checked() {
        assert_eq!(
            normalise_email("  Jane.Doe@Example.ORG ").unwrap(),
            "jane.doe@example.org"
        );
        for bad in [
            "jane",
            "jane@",
            "@x.org",
            "a b@x.org",
            "a@x",
            "a@@x.org",
            "a@x..org",
        ] {
            assert_eq!(
                normalise_email(bad).unwrap_err().code,
                "validation_failed",
                "{bad}"
            );
        }
    }

    #[test]
    fn logout_scopes() {
        assert_eq!(LogoutScope::parse(None).unwrap(), LogoutScope::Global);
        assert_eq!(
            LogoutScope::parse(Some("others")).unwrap(),
            LogoutScope::Others
        );
        assert_eq!(
            LogoutScope::parse(Some("everyone")).unwrap_err().code,
            "validation_failed"
        );
    }
}
