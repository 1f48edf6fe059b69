//! Google sign-in, second step: `/callback` exchanges Google's code, learns who the person is, signs
//! them in and sends the browser back to the app the way auth-js reads it (implicit flow: tokens in the
//! fragment; PKCE: `?code=` for `POST /token?grant_type=pkce`, see `pkce.rs`).

use serde::Deserialize;
use url::Url;

use crate::auth::errors::AuthError;
use crate::auth::keys::tokens;
use crate::auth::service::AuthService;
use crate::auth::store::google_store::{self, GoogleNext};
use crate::auth::store::models::Session;
use crate::auth::store::oauth_flows::FlowRow;
use crate::auth::store::sessions::FLOW_TTL_MS;
use crate::auth::use_cases::google_flow::provider_disabled;
use crate::ground::clock::now_ms;
use crate::logging::mask_email;

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct CallbackParams {
    pub code: Option<String>,
    pub state: Option<String>,
    pub error: Option<String>,
    pub error_description: Option<String>,
}
/// Where `/callback` sends the browser. `early` is a failure before the flow was known (no or a bad
/// state): it goes to the site with 303, as GoTrue does; everything else is a 302 to the app.
pub struct Redirect {
    pub early: bool,
    pub location: String,
}

/// A failed sign-in, reported to the app on its redirect URL (docs/auth-contract.md).
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
        // The cause stays in the log; the person reads a plain sentence.
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
    /// `GET|POST /callback`: always a redirect, to the app with a session or an error.
    pub async fn callback(&self, p: CallbackParams) -> Redirect {
        let site = self.redirects.site_url().to_string();
        let Some(state) = p.state.filter(|s| !s.is_empty()) else {
            return Redirect {
                early: true,
                location: FlowError::new(
                    "invalid_request",
                    "bad_oauth_callback",
                    "OAuth state parameter missing",
                )
                .location(&site),
            };
        };
        let flow = match self.pending_flows.claim(&state) {
            Some(flow) if now_ms() - flow.created_at <= FLOW_TTL_MS => flow,
            _ => {
                return Redirect {
                    early: true,
                    location: FlowError::new(
                        "invalid_request",
                        "bad_oauth_state",
                        "OAuth callback with invalid state",
                    )
                    .location(&site),
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
            early: false,
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
                provider_disabled().to_string(),
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
        let pkce = flow.code_challenge.is_some();
        let code_for_app = tokens::random_token();
        let next = if pkce {
            GoogleNext::Code {
                code_hash: tokens::hash_token(&code_for_app),
                provider_access_token: tokens.access_token.clone(),
                provider_refresh_token: tokens.refresh_token.clone(),
            }
        } else {
            GoogleNext::Session
        };
        let masked = mask_email(&email);
        let signed_in = google_store::sign_in(
            &self.db,
            flow,
            person,
            email,
            self.config.disable_signup,
            next,
        )
        .await
        .map_err(|e| match e {
            AuthError::SignupDisabled => {
                FlowError::new("access_denied", "signup_disabled", e.to_string())
            }
            AuthError::UserBanned => FlowError::new("access_denied", "user_banned", e.to_string()),
            other => FlowError::server(&other),
        })?;
        tracing::info!(email = %masked, "signed in with Google");
        match signed_in {
            None => Ok(Outcome::Code(code_for_app)),
            Some(signed_in) => {
                let session = self
                    .session_response(signed_in, Some((tokens.access_token, tokens.refresh_token)))
                    .map_err(|e| FlowError::server(&e))?;
                Ok(Outcome::Implicit(Box::new(session)))
            }
        }
    }
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
