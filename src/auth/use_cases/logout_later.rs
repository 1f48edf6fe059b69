//! `POST /logout/offline` (a Solace addition, not GoTrue's): ends the session whose refresh token hashes
//! to `refresh_token_hash`. The web app keeps that hash when she exits while offline and sends it once the
//! device is back online (docs/auth-contract.md, "Ending a session after an offline exit"). A hash lets
//! nobody in: only the token itself refreshes, and it left the device at the exit.

use serde::Deserialize;

use crate::auth::errors::{AuthError, AuthResult, parse_json};
use crate::auth::service::AuthService;
use crate::auth::store::sessions;

#[derive(Deserialize, Default)]
#[serde(default)]
struct Body {
    refresh_token_hash: String,
}

impl AuthService {
    /// Ends the session, if there is one; the answer is the same either way.
    pub async fn logout_later(&self, body: &[u8]) -> AuthResult<()> {
        let body: Body = parse_json(body)?;
        let hash = body.refresh_token_hash.trim().to_ascii_lowercase();
        if hash.len() != 64 || !hash.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(AuthError::validation(
                "refresh_token_hash must be the SHA-256 of a refresh token, in hex",
            ));
        }
        if sessions::end_by_refresh_hash(&self.db, hash).await? {
            tracing::info!("session ended after an offline exit");
        }
        Ok(())
    }
}
