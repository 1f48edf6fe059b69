//! The auth service's shared state and what every use case needs: rate limits and turning a started
//! session into the JSON GoTrue answers with. Each use case lives in its own file (`signup.rs`,
//! `password_grant.rs`, `refresh.rs`, `user.rs`, `logout.rs`, `google_flow.rs`, `pkce.rs`) as an
//! `impl AuthService` block; storage units of work are in `accounts.rs` and `sessions.rs`.

use std::net::IpAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};

use crate::accounts::neighbours::Neighbours;
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::keys::claims::Claims;
use crate::auth::keys::password::{PasswordPool, PoolError};
use crate::auth::keys::tokens::{self, KeyError, TokenKeys};
use crate::auth::rules::config::AuthConfig;
use crate::auth::rules::lockout::Lockout;
use crate::auth::rules::redirect::RedirectPolicy;
use crate::auth::store::google_client::{GoogleClient, GoogleClientError};
use crate::auth::store::models::Session;
use crate::auth::store::models::SignedIn;
use crate::auth::store::sessions;
use crate::db::Db;
use crate::ground::clock::now_ms;
use crate::rate_limit::source_key;
use crate::rate_limit::{RateLimiter, RetryAfter};

/// How many password checks may wait for a hashing thread, per core, before callers get 503.
const QUEUE_PER_CORE: usize = 64;

pub struct AuthService {
    pub(super) db: Db,
    pub(super) keys: TokenKeys,
    /// Shared with the check-in PINs (`hashing_pool`), so all Argon2 work waits for the same threads.
    pub(super) passwords: Arc<PasswordPool>,
    pub(super) config: AuthConfig,
    pub(super) redirects: RedirectPolicy,
    pub(super) google: Option<GoogleClient>,
    pub(super) limits: Limits,
    pub(super) mfa_secrets: crate::auth::keys::mfa_secret::SecretBox,
    pub(super) pending_flows: crate::auth::store::pending_flows::PendingFlows,
    /// Confirmation e-mails for sign-ups with an e-mail address; None without `[email]`.
    pub(super) sign_up_mail: Option<SignUpMail>,
    /// What the features above accounts say when one is deleted or shown (her check-in, her copy): they
    /// sit above the auth service, so the server hands this in (`crate::neighbours`).
    pub(super) neighbours: Arc<dyn Neighbours>,
}

/// What a sign-up's confirmation e-mail needs: the mailer, and the site's address for the link.
pub(super) struct SignUpMail {
    pub(super) mailer: Arc<crate::email::Mailer>,
    pub(super) site_url: String,
}

pub(super) struct Limits {
    token_ip: RateLimiter,
    pub(super) sign_in: Lockout,
    signup_ip: RateLimiter,
    pub(super) signup_email: RateLimiter,
    pub(super) user_update: RateLimiter,
    authorize_ip: RateLimiter,
    /// Sign-up e-mails (`rules::sign_up_mail`), per address, per client address and for the whole server.
    pub(super) mails: crate::auth::rules::sign_up_mail::MailLimits,
    /// Two-step sign-in code checks (`[auth.mfa]`).
    pub(super) mfa_codes: crate::auth::rules::code_limits::CodeLimits,
}

/// Why the auth service could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error(transparent)]
    Key(#[from] KeyError),
    #[error("cannot start a password hashing thread: {0}")]
    Pool(std::io::Error),
    #[error(transparent)]
    Google(#[from] GoogleClientError),
    #[error(transparent)]
    MfaKey(#[from] crate::auth::keys::mfa_secret::SecretKeyError),
    #[error("auth.jwt_secret / auth.jwt_keys: {0}")]
    TrustedKeys(crate::auth::keys::trusted_keys::TrustedKeyError),
}

impl AuthService {
    /// Builds the service from the (already validated) `[auth]` section: loads or creates the signing
    /// key and starts the password hashing threads.
    pub fn new(
        config: &AuthConfig,
        site_url: &str,
        db: Db,
        data_dir: &Path,
        mailer: Option<Arc<crate::email::Mailer>>,
        neighbours: Arc<dyn Neighbours>,
    ) -> Result<Self, StartError> {
        let keys = TokenKeys::load_or_create(data_dir, format!("{site_url}/auth/v1"))?
            .with_trusted(config.trusted_keys().map_err(StartError::TrustedKeys)?);
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let passwords =
            Arc::new(PasswordPool::new(cores, cores * QUEUE_PER_CORE).map_err(StartError::Pool)?);
        let r = &config.rate_limit;
        let window = Duration::from_secs(r.window_secs);
        let limits = Limits {
            token_ip: RateLimiter::new(r.token_per_ip, window),
            sign_in: Lockout::new(
                "password",
                r.token_per_email,
                r.token_per_email_all_sources,
                window,
            ),
            signup_ip: RateLimiter::new(r.signup_per_ip, window),
            signup_email: RateLimiter::new(r.signup_per_email, window),
            user_update: RateLimiter::new(r.user_update_per_user, window),
            authorize_ip: RateLimiter::new(r.authorize_per_ip, window),
            mails: Default::default(),
            mfa_codes: crate::auth::rules::code_limits::CodeLimits::new(&config.mfa),
        };
        let mfa_secrets = crate::auth::keys::mfa_secret::SecretBox::load_or_create(data_dir)?;
        let google = config
            .google
            .enabled()
            .then(|| GoogleClient::new(&config.google, site_url))
            .transpose()?;
        Ok(Self {
            db,
            keys,
            passwords,
            redirects: RedirectPolicy::new(site_url, &config.additional_redirect_urls),
            google,
            config: config.clone(),
            limits,
            mfa_secrets,
            pending_flows: Default::default(),
            sign_up_mail: mailer.map(|mailer| SignUpMail {
                mailer,
                site_url: site_url.to_string(),
            }),
            neighbours,
        })
    }

    /// The Argon2 threads, for the other hashes the server checks (check-in PINs): one bounded pool for all.
    pub fn hashing_pool(&self) -> Arc<PasswordPool> {
        self.passwords.clone()
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
            "mailer_autoconfirm": !self.confirms_by_mail(),
            "phone_autoconfirm": false,
            "sms_provider": "",
            "saml_enabled": false,
            "passkeys_enabled": false,
        })
    }

    /// Whether a sign-up with an e-mail address waits for the link in a confirmation e-mail.
    pub(super) fn confirms_by_mail(&self) -> bool {
        self.sign_up_mail.is_some() && !self.config.sign_up_returns_session
    }

    pub fn limit_token_ip(&self, ip: Option<IpAddr>) -> AuthResult<()> {
        limit(&self.limits.token_ip, &source_key(ip))
    }

    pub fn limit_signup_ip(&self, ip: Option<IpAddr>) -> AuthResult<()> {
        limit(&self.limits.signup_ip, &source_key(ip))
    }

    pub fn limit_authorize_ip(&self, ip: Option<IpAddr>) -> AuthResult<()> {
        limit(&self.limits.authorize_ip, &source_key(ip))
    }

    /// Signs an access token for a started session and wraps it with the refresh token and the user.
    pub(super) fn session_response(
        &self,
        signed_in: SignedIn,
        provider: Option<(String, Option<String>)>,
    ) -> AuthResult<Session> {
        let SignedIn {
            user,
            session,
            refresh_token,
            steps,
        } = signed_in;
        let (aal, amr) = crate::auth::store::factors::aal_and_amr(&session, &steps);
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
            aal,
            amr,
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

    /// Hourly: forget revoked refresh tokens, ended sessions and unfinished Google sign-ins.
    pub async fn purge(&self) -> AuthResult<sessions::Purged> {
        sessions::purge(&self.db, self.config.session_limits(), now_ms()).await
    }
}

pub(super) fn limit(limiter: &RateLimiter, key: &str) -> AuthResult<()> {
    limiter.check(key).map_err(rate_limited)
}

pub(super) fn rate_limited(RetryAfter(wait): RetryAfter) -> AuthError {
    AuthError::RateLimited {
        retry_after_secs: crate::rate_limit::whole_seconds(wait),
    }
}

pub(in crate::auth) fn pool_error(e: PoolError) -> AuthError {
    match e {
        PoolError::Busy => AuthError::ServerBusy {
            retry_after_secs: 1,
        },
        PoolError::Failed(cause) => AuthError::internal(&cause),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_hashing_queue_is_not_a_rate_limit() {
        let busy = AuthError::ServerBusy {
            retry_after_secs: 1,
        };
        assert_eq!(pool_error(PoolError::Busy), busy);
    }

    #[test]
    fn the_wait_is_rounded_up_like_on_api() {
        let limiter = RateLimiter::new(1, Duration::from_secs(60));
        assert_eq!(limit(&limiter, "k"), Ok(()));
        // A moment into the window a little under 60 s remain: "try again in 60 seconds", not 59.
        assert_eq!(
            limit(&limiter, "k"),
            Err(AuthError::RateLimited {
                retry_after_secs: 60
            })
        );
    }
}
