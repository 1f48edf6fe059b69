//! `POST /token?grant_type=refresh_token`: a new access token and a rotated refresh token, as long as
//! the session has not ended (`auth.sessions_inactivity_timeout`, `auth.sessions_timebox`). The
//! rotation itself, one transaction, is `sessions::rotate` (docs/auth-contract.md).

use serde::Deserialize;
use zeroize::Zeroizing;

use crate::auth::errors::{AuthError, AuthResult, parse_json};
use crate::auth::keys::tokens;
use crate::auth::service::AuthService;
use crate::auth::store::models::Session;
use crate::auth::store::sessions::{self, ChildDeriver};

#[derive(Deserialize, Default)]
#[serde(default)]
struct RefreshGrant {
    refresh_token: Option<String>,
}

impl AuthService {
    pub async fn refresh(&self, body: &[u8]) -> AuthResult<Session> {
        let body: RefreshGrant = parse_json(body)?;
        let token = Zeroizing::new(body.refresh_token.unwrap_or_default());
        if token.trim().len() < 12 {
            return Err(AuthError::validation("Refresh token is not valid"));
        }
        let presented = tokens::hash_token(&token);
        let deriver = ChildDeriver {
            key: self.keys.refresh_key(),
            parent: token,
        };
        let reuse_ms = self.config.refresh_token_reuse_interval_secs as i64 * 1000;
        let limits = self.config.session_limits();
        let signed_in = sessions::rotate(&self.db, presented, reuse_ms, limits, deriver).await?;
        self.session_response(signed_in, None)
    }
}
