//! Google sign-in: `/authorize` sends the browser to Google with a state and PKCE of our own; `/callback`
//! exchanges Google's code, learns who the person is, signs them in and sends the browser back to the
//! app the way auth-js reads it (implicit flow: tokens in the fragment; PKCE: `?code=` for `/token`).
//!
//! Who the person is comes from Google's userinfo endpoint, called with the access token we just
//! received from the token endpoint over TLS. That answer is authenticated by the TLS connection itself,
//! so there is no id_token signature, issuer or audience to check, and no JWKS to fetch and cache.

use std::time::Duration;

use actix_web::http::StatusCode;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use serde::Deserialize;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use url::Url;

use super::config::GoogleConfig;
use super::errors::{AuthError, AuthResult, parse_json};
use super::models::{Session, now_ms, now_text};
use super::service::{AuthService, FLOW_TTL_MS, SignInMethod, load_user, start_session};
use super::tokens;
use crate::db::oauth_flows::{self, FlowRow};
use crate::db::users::{self, IdentityRow, UserRow};
use crate::logging::mask_email;
use crate::secret::Secret;

const HTTP_TIMEOUT: Duration = Duration::from_secs(10);

pub struct GoogleClient {
    client_id: String,
    client_secret: Secret,
    authorize_url: String,
    token_url: String,
    userinfo_url: String,
    redirect_uri: String,
    http: reqwest::Client,
}

#[derive(Deserialize)]
struct GoogleTokens {
    access_token: String,
    refresh_token: Option<String>,
}

/// The OpenID Connect userinfo claims we use.
#[derive(Deserialize, Clone)]
struct GoogleUser {
    sub: String,
    email: Option<String>,
    #[serde(default)]
    email_verified: Option<Value>,
    name: Option<String>,
    picture: Option<String>,
}

impl GoogleUser {
    fn verified(&self) -> bool {
        // Google sends a boolean; some stand-ins send the string "true".
        matches!(&self.email_verified, Some(Value::Bool(true)))
            || matches!(&self.email_verified, Some(Value::String(s)) if s == "true")
    }

    /// user_metadata / identity_data as GoTrue fills them for Google.
    fn claims(&self) -> Value {
        let mut v = json!({
            "sub": self.sub,
            "provider_id": self.sub,
            "email": self.email.clone().unwrap_or_default().to_lowercase(),
            "email_verified": self.verified(),
            "phone_verified": false,
        });
        if let Some(name) = &self.name {
            v["name"] = json!(name);
            v["full_name"] = json!(name);
        }
        if let Some(picture) = &self.picture {
            v["picture"] = json!(picture);
            v["avatar_url"] = json!(picture);
        }
        v
    }
}

impl GoogleClient {
    pub fn new(cfg: &GoogleConfig, site_url: &str) -> Result<Self, String> {
        let http = reqwest::Client::builder()
            .timeout(HTTP_TIMEOUT)
            .user_agent(concat!("solace/", env!("CARGO_PKG_VERSION")))
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| format!("cannot build the HTTP client for Google sign-in: {e}"))?;
        Ok(Self {
            client_id: cfg.client_id.trim().to_string(),
            client_secret: cfg.client_secret.clone(),
            authorize_url: cfg.authorize_url.clone(),
            token_url: cfg.token_url.clone(),
            userinfo_url: cfg.userinfo_url.clone(),
            redirect_uri: format!("{site_url}/auth/v1/callback"),
            http,
        })
    }

    fn authorize_url(&self, state: &str, verifier: &str) -> Result<String, String> {
        let mut url = Url::parse(&self.authorize_url).map_err(|e| e.to_string())?;
        url.query_pairs_mut()
            .append_pair("client_id", &self.client_id)
            .append_pair("redirect_uri", &self.redirect_uri)
            .append_pair("response_type", "code")
            .append_pair("scope", "openid email profile")
            .append_pair("state", state)
            .append_pair("code_challenge", &s256(verifier))
            .append_pair("code_challenge_method", "S256");
        Ok(url.into())
    }

    async fn exchange(&self, code: &str, verifier: &str) -> Result<GoogleTokens, String> {
        let res = self
            .http
            .post(&self.token_url)
            .form(&[
                ("grant_type", "authorization_code"),
                ("code", code),
                ("redirect_uri", &self.redirect_uri),
                ("client_id", &self.client_id),
                ("client_secret", self.client_secret.expose()),
                ("code_verifier", verifier),
            ])
            .send()
            .await
            .map_err(|e| format!("token endpoint unreachable: {e}"))?;
        if !res.status().is_success() {
            return Err(format!("token endpoint answered {}", res.status()));
        }
        res.json()
            .await
            .map_err(|e| format!("token endpoint answer unreadable: {e}"))
    }

    async fn userinfo(&self, access_token: &str) -> Result<GoogleUser, String> {
        let res = self
            .http
            .get(&self.userinfo_url)
            .bearer_auth(access_token)
            .send()
            .await
            .map_err(|e| format!("userinfo endpoint unreachable: {e}"))?;
        if !res.status().is_success() {
            return Err(format!("userinfo endpoint answered {}", res.status()));
        }
        res.json()
            .await
            .map_err(|e| format!("userinfo answer unreadable: {e}"))
    }
}

fn s256(verifier: &str) -> String {
    B64.encode(Sha256::digest(verifier.as_bytes()))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct AuthorizeParams {
    pub provider: Option<String>,
    pub redirect_to: Option<String>,
    pub code_challenge: Option<String>,
    pub code_challenge_method: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct CallbackParams {
    pub code: Option<String>,
    pub state: Option<String>,
    pub error: Option<String>,
    pub error_description: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct PkceGrant {
    auth_code: Option<String>,
    code_verifier: Option<String>,
}

/// Where `/callback` sends the browser, and with which status.
pub struct Redirect {
    pub status: StatusCode,
    pub location: String,
}

/// A failed sign-in, reported to the app on its redirect URL (AUTH_CONTRACT §6).
struct FlowError {
    error: &'static str,
    code: &'static str,
    description: String,
}

impl FlowError {
    fn new(error: &'static str, code: &'static str, description: impl Into<String>) -> Self {
        Self {
            error,
            code,
            description: description.into(),
        }
    }

    fn server(cause: &dyn std::fmt::Display) -> Self {
        tracing::warn!(error = %cause, "Google sign-in failed");
        Self::new(
            "server_error",
            "unexpected_failure",
            "Unable to complete sign-in with Google",
        )
    }

    fn location(&self, base: &str) -> String {
        let pairs = url::form_urlencoded::Serializer::new(String::new())
            .append_pair("error", self.error)
            .append_pair("error_code", self.code)
            .append_pair("error_description", &self.description)
            .finish();
        match Url::parse(base) {
            Ok(mut url) => {
                url.query_pairs_mut()
                    .append_pair("error", self.error)
                    .append_pair("error_code", self.code)
                    .append_pair("error_description", &self.description);
                url.set_fragment(Some(&pairs));
                url.into()
            }
            Err(_) => format!("{base}?{pairs}#{pairs}"),
        }
    }
}

enum Outcome {
    Implicit(Box<Session>),
    Code(String),
}

impl AuthService {
    fn google(&self) -> AuthResult<&GoogleClient> {
        self.google
            .as_ref()
            .ok_or_else(|| AuthError::validation("Unsupported provider: provider is not enabled"))
    }

    /// `GET /authorize`: the URL at Google to send the browser to.
    pub async fn authorize(&self, p: AuthorizeParams, referer: Option<&str>) -> AuthResult<String> {
        match p.provider.as_deref().map(str::to_lowercase).as_deref() {
            Some("google") => {}
            Some(_) | None => {
                return Err(AuthError::validation(
                    "Unsupported provider: provider is not enabled",
                ));
            }
        }
        let google = self.google()?;
        let challenge = p.code_challenge.filter(|c| !c.is_empty());
        let method = p
            .code_challenge_method
            .filter(|m| !m.is_empty())
            .map(|m| m.to_lowercase());
        let pkce = match (challenge, method) {
            (None, None) => None,
            (Some(c), Some(m)) => {
                let valid = (43..=128).contains(&c.len())
                    && c.bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b"._~-".contains(&b));
                if !valid {
                    return Err(AuthError::validation(
                        "code challenge has to be between 43 and 128 characters",
                    ));
                }
                if m != "s256" && m != "plain" {
                    return Err(AuthError::validation("code challenge method not supported"));
                }
                Some((c, m))
            }
            _ => {
                return Err(AuthError::validation(
                    "PKCE flow requires code_challenge_method and code_challenge",
                ));
            }
        };
        let redirect_to = self.redirects.resolve(&[p.redirect_to.as_deref(), referer]);
        let flow = FlowRow {
            id: tokens::random_token(),
            redirect_to,
            code_challenge: pkce.as_ref().map(|(c, _)| c.clone()),
            code_challenge_method: pkce.map(|(_, m)| m),
            google_verifier: tokens::random_token(),
            user_id: None,
            provider_access_token: None,
            provider_refresh_token: None,
            created_at: now_ms(),
            code_issued_at: None,
        };
        let location = google
            .authorize_url(&flow.id, &flow.google_verifier)
            .map_err(|e| AuthError::internal(&e))?;
        self.db
            .write(move |c| {
                oauth_flows::insert(c, &flow)?;
                Ok::<_, AuthError>(())
            })
            .await?;
        Ok(location)
    }

    /// `GET|POST /callback`: always a redirect, to the app with a session or an error.
    pub async fn callback(&self, p: CallbackParams) -> Redirect {
        let site = self.redirects.site_url().to_string();
        let Some(state) = p.state.filter(|s| !s.is_empty()) else {
            return Redirect {
                status: StatusCode::SEE_OTHER,
                location: FlowError::new(
                    "invalid_request",
                    "bad_oauth_callback",
                    "OAuth state parameter missing",
                )
                .location(&site),
            };
        };
        let found = self
            .db
            .write(move |c| {
                let flow = oauth_flows::find(c, &state)?;
                // A state is good for one callback only.
                if flow.is_some() {
                    oauth_flows::delete(c, &state)?;
                }
                Ok::<_, AuthError>(flow)
            })
            .await;
        let flow = match found {
            Ok(Some(flow)) if now_ms() - flow.created_at <= FLOW_TTL_MS => flow,
            Ok(_) => {
                return Redirect {
                    status: StatusCode::SEE_OTHER,
                    location: FlowError::new(
                        "invalid_request",
                        "bad_oauth_state",
                        "OAuth callback with invalid state",
                    )
                    .location(&site),
                };
            }
            Err(_) => {
                return Redirect {
                    status: StatusCode::SEE_OTHER,
                    location: FlowError::server(&"database").location(&site),
                };
            }
        };
        let target = flow.redirect_to.clone();
        let location = match self
            .finish_callback(flow, p.code, p.error, p.error_description)
            .await
        {
            Ok(Outcome::Implicit(session)) => implicit_location(&target, &session),
            Ok(Outcome::Code(code)) => code_location(&target, &code),
            Err(e) => e.location(&target),
        };
        Redirect {
            status: StatusCode::FOUND,
            location,
        }
    }

    async fn finish_callback(
        &self,
        flow: FlowRow,
        code: Option<String>,
        error: Option<String>,
        error_description: Option<String>,
    ) -> Result<Outcome, FlowError> {
        if let Some(error) = error.filter(|e| !e.is_empty()) {
            let kind = if error == "access_denied" {
                "access_denied"
            } else {
                "server_error"
            };
            return Err(FlowError::new(
                kind,
                "bad_oauth_callback",
                error_description.unwrap_or(error),
            ));
        }
        let code = code.filter(|c| !c.is_empty()).ok_or_else(|| {
            FlowError::new(
                "invalid_request",
                "bad_oauth_callback",
                "OAuth callback with missing authorization code",
            )
        })?;
        let google = self.google.as_ref().ok_or_else(|| {
            FlowError::new(
                "invalid_request",
                "validation_failed",
                "Unsupported provider: provider is not enabled",
            )
        })?;
        let tokens = google
            .exchange(&code, &flow.google_verifier)
            .await
            .map_err(|e| FlowError::server(&e))?;
        let person = google
            .userinfo(&tokens.access_token)
            .await
            .map_err(|e| FlowError::server(&e))?;
        let email = person
            .email
            .as_deref()
            .map(|e| e.trim().to_lowercase())
            .filter(|e| !e.is_empty())
            .ok_or_else(|| {
                FlowError::new(
                    "server_error",
                    "unexpected_failure",
                    "Error getting user email from external provider",
                )
            })?;
        if !person.verified() {
            return Err(FlowError::new(
                "access_denied",
                "provider_email_needs_verification",
                "Verify the e-mail address of your Google account, then try again",
            ));
        }
        let disable_signup = self.config.disable_signup;
        let pkce = flow.code_challenge.is_some();
        let code_for_app = tokens::random_token();
        let code_hash = tokens::hash_token(&code_for_app);
        let provider_access = tokens.access_token.clone();
        let provider_refresh = tokens.refresh_token.clone();
        let masked = mask_email(&email);
        let result = self
            .db
            .write(move |c| {
                let tx = c.transaction()?;
                let user_id = match upsert_google_user(&tx, &person, &email, disable_signup)? {
                    Ok(id) => id,
                    Err(e) => return Ok(Err(e)),
                };
                if pkce {
                    // The flow row was taken off the table when its state was used; put it back
                    // holding the single-use code the app will exchange at /token.
                    oauth_flows::insert(&tx, &flow)?;
                    oauth_flows::set_code(
                        &tx,
                        &flow.id,
                        &code_hash,
                        &user_id,
                        &provider_access,
                        provider_refresh.as_deref(),
                        now_ms(),
                    )?;
                    tx.commit()?;
                    return Ok(Ok(None));
                }
                let (session, refresh) = start_session(&tx, &user_id, SignInMethod::OAuth)?;
                let user = load_user(&tx, &user_id)?.ok_or_else(AuthError::user_not_found)?;
                tx.commit()?;
                Ok::<_, AuthError>(Ok(Some((user, session, refresh))))
            })
            .await
            .map_err(|e| FlowError::server(&e))??;
        tracing::info!(email = %masked, "signed in with Google");
        match result {
            None => Ok(Outcome::Code(code_for_app)),
            Some((user, session, refresh)) => {
                let session = self
                    .session_response(
                        user,
                        &session,
                        refresh,
                        Some((tokens.access_token, tokens.refresh_token)),
                    )
                    .map_err(|e| FlowError::server(&e))?;
                Ok(Outcome::Implicit(Box::new(session)))
            }
        }
    }

    /// `POST /token?grant_type=pkce`: trades the code from a PKCE callback for a session.
    pub async fn exchange_pkce(&self, body: &[u8]) -> AuthResult<Session> {
        let body: PkceGrant = parse_json(body)?;
        let code = body.auth_code.unwrap_or_default();
        let verifier = body.code_verifier.unwrap_or_default();
        if code.is_empty() || verifier.is_empty() {
            return Err(AuthError::validation(
                "invalid request: both auth code and code verifier should be non-empty",
            ));
        }
        let code_hash = tokens::hash_token(&code);
        let (user, session, refresh, provider) = self
            .db
            .write(move |c| {
                let flow = oauth_flows::find_by_code(c, &code_hash)?.ok_or_else(|| {
                    AuthError::new(
                        StatusCode::NOT_FOUND,
                        "flow_state_not_found",
                        "invalid flow state, no valid flow state found",
                    )
                })?;
                if now_ms() - flow.code_issued_at.unwrap_or(0) > FLOW_TTL_MS {
                    oauth_flows::delete(c, &flow.id)?;
                    return Err(AuthError::new(
                        StatusCode::UNPROCESSABLE_ENTITY,
                        "flow_state_expired",
                        "invalid flow state, flow state has expired",
                    ));
                }
                let challenge = flow.code_challenge.clone().unwrap_or_default();
                let computed = match flow.code_challenge_method.as_deref() {
                    Some("plain") => verifier.clone(),
                    _ => s256(&verifier),
                };
                if computed != challenge {
                    return Err(AuthError::new(
                        StatusCode::BAD_REQUEST,
                        "bad_code_verifier",
                        "code challenge does not match previously saved code verifier",
                    ));
                }
                let user_id = flow.user_id.clone().ok_or_else(|| {
                    AuthError::new(
                        StatusCode::NOT_FOUND,
                        "flow_state_not_found",
                        "invalid flow state, no valid flow state found",
                    )
                })?;
                let tx = c.transaction()?;
                oauth_flows::delete(&tx, &flow.id)?;
                let (session, refresh) = start_session(&tx, &user_id, SignInMethod::OAuth)?;
                let user = load_user(&tx, &user_id)?.ok_or_else(AuthError::user_not_found)?;
                tx.commit()?;
                let provider = flow
                    .provider_access_token
                    .map(|t| (t, flow.provider_refresh_token));
                Ok((user, session, refresh, provider))
            })
            .await?;
        self.session_response(user, &session, refresh, provider)
    }
}

/// Finds the Google identity, else links a verified address to its account, else creates an account.
/// The inner error is for the person (sign-ups off), the outer one for the database.
fn upsert_google_user(
    tx: &rusqlite::Connection,
    person: &GoogleUser,
    email: &str,
    disable_signup: bool,
) -> AuthResult<Result<String, FlowError>> {
    let now = now_text();
    let claims = person.claims();
    if let Some(identity) = users::find_identity(tx, "google", &person.sub)? {
        users::update_identity(tx, &identity.id, &claims, &now)?;
        users::touch_sign_in(tx, &identity.user_id, &now)?;
        return Ok(Ok(identity.user_id));
    }
    let new_identity = |user_id: &str| IdentityRow {
        id: uuid::Uuid::new_v4().to_string(),
        provider: "google".into(),
        provider_id: person.sub.clone(),
        user_id: user_id.to_string(),
        identity_data: claims.clone(),
        email: Some(email.to_string()),
        last_sign_in_at: Some(now.clone()),
        created_at: now.clone(),
        updated_at: now.clone(),
    };
    if let Some(user) = users::find_by_email(tx, email)? {
        users::insert_identity(tx, &new_identity(&user.id))?;
        let mut app = user.app_metadata.clone();
        let mut providers: Vec<Value> = app["providers"].as_array().cloned().unwrap_or_default();
        if !providers.contains(&json!("google")) {
            providers.push(json!("google"));
        }
        app["providers"] = Value::Array(providers);
        users::update_metadata(tx, &user.id, &user.user_metadata, &app, &now)?;
        users::touch_sign_in(tx, &user.id, &now)?;
        return Ok(Ok(user.id));
    }
    if disable_signup {
        return Ok(Err(FlowError::new(
            "access_denied",
            "signup_disabled",
            "Signups not allowed for this instance",
        )));
    }
    let id = uuid::Uuid::new_v4().to_string();
    users::insert(
        tx,
        &UserRow {
            id: id.clone(),
            email: email.to_string(),
            password_hash: None,
            user_metadata: claims.clone(),
            app_metadata: json!({"provider": "google", "providers": ["google"]}),
            email_confirmed_at: Some(now.clone()),
            last_sign_in_at: Some(now.clone()),
            created_at: now.clone(),
            updated_at: now.clone(),
        },
    )?;
    users::insert_identity(tx, &new_identity(&id))?;
    Ok(Ok(id))
}

fn implicit_location(target: &str, s: &Session) -> String {
    let mut pairs = url::form_urlencoded::Serializer::new(String::new());
    pairs
        .append_pair("access_token", &s.access_token)
        .append_pair("expires_at", &s.expires_at.to_string())
        .append_pair("expires_in", &s.expires_in.to_string());
    if let Some(t) = &s.provider_refresh_token {
        pairs.append_pair("provider_refresh_token", t);
    }
    if let Some(t) = &s.provider_token {
        pairs.append_pair("provider_token", t);
    }
    let fragment = pairs
        .append_pair("refresh_token", &s.refresh_token)
        .append_pair("sb", "")
        .append_pair("token_type", "bearer")
        .finish();
    match Url::parse(target) {
        Ok(mut url) => {
            url.set_fragment(Some(&fragment));
            url.into()
        }
        Err(_) => format!("{target}#{fragment}"),
    }
}

fn code_location(target: &str, code: &str) -> String {
    match Url::parse(target) {
        Ok(mut url) => {
            url.query_pairs_mut().append_pair("code", code);
            url.into()
        }
        Err(_) => format!("{target}?code={code}"),
    }
}
