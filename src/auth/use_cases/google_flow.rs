//! Google sign-in, first step: `GET /authorize` keeps a flow in memory (our own state and PKCE verifier
//! for Google, the app's PKCE challenge if any, where to send the browser back; `pending_flows.rs`) and
//! sends the browser to Google. The second step, `/callback`, is in `google_callback.rs`.

use serde::Deserialize;

use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::keys::tokens;
use crate::auth::service::AuthService;
use crate::auth::store::google_client::GoogleClient;
use crate::auth::store::oauth_flows::FlowRow;
use crate::ground::clock::now_ms;

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct AuthorizeParams {
    pub provider: Option<String>,
    pub redirect_to: Option<String>,
    pub code_challenge: Option<String>,
    pub code_challenge_method: Option<String>,
}
impl AuthService {
    fn google(&self) -> AuthResult<&GoogleClient> {
        self.google.as_ref().ok_or_else(provider_disabled)
    }

    /// `GET /authorize`: the URL at Google to send the browser to.
    pub async fn authorize(&self, p: AuthorizeParams, referer: Option<&str>) -> AuthResult<String> {
        match p.provider.as_deref().map(str::to_lowercase).as_deref() {
            Some("google") => {}
            Some(_) | None => return Err(provider_disabled()),
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
        self.pending_flows.begin(flow, now_ms());
        Ok(location)
    }
}

pub(in crate::auth) fn provider_disabled() -> AuthError {
    AuthError::validation("Unsupported provider: provider is not enabled")
}
