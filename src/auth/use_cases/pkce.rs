//! `POST /token?grant_type=pkce`: the app trades the code from a PKCE Google callback, with the
//! verifier only it knows, for a session.

use serde::Deserialize;

use crate::auth::errors::{AuthError, AuthResult, parse_json};
use crate::auth::keys::tokens;
use crate::auth::service::AuthService;
use crate::auth::store::google_client::s256;
use crate::auth::store::google_store;
use crate::auth::store::models::Session;
use crate::auth::store::sessions::FLOW_TTL_MS;
use crate::ground::clock::now_ms;

#[derive(Deserialize, Default)]
#[serde(default)]
struct PkceGrant {
    auth_code: Option<String>,
    code_verifier: Option<String>,
}

impl AuthService {
    pub async fn exchange_pkce(&self, body: &[u8]) -> AuthResult<Session> {
        let body: PkceGrant = parse_json(body)?;
        let code = body.auth_code.unwrap_or_default();
        let verifier = body.code_verifier.unwrap_or_default();
        if code.is_empty() || verifier.is_empty() {
            return Err(AuthError::validation(
                "invalid request: both auth code and code verifier should be non-empty",
            ));
        }
        let (signed_in, provider) =
            google_store::redeem(&self.db, tokens::hash_token(&code), move |flow| {
                if now_ms() - flow.code_issued_at.unwrap_or(0) > FLOW_TTL_MS {
                    return Err(AuthError::FlowStateExpired);
                }
                let computed = match flow.code_challenge_method.as_deref() {
                    Some("plain") => verifier,
                    _ => s256(&verifier),
                };
                if Some(computed) != flow.code_challenge {
                    return Err(AuthError::BadCodeVerifier);
                }
                Ok(())
            })
            .await?;
        self.session_response(signed_in, provider)
    }
}
