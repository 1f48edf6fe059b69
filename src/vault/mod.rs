//! The vault: a per-account secret the browser needs to open her encrypted journal, safety plan and
//! mood history (docs/vault.md). The server never sees that content; it only hands the secret to a
//! valid session of that account, checked by the embedded auth service (which also knows a signed-out
//! session) or, with `auth.external_url`, through the external service's published keys.

pub mod config;
mod handler;
mod jwks;
mod secret;
mod signed_in;

use std::path::Path;

pub use handler::{bearer, configure};
pub use secret::KEY_FILE;
pub use signed_in::{SignedIn, wrong_area};

use crate::auth::AuthService;
use jwks::ExternalTokens;
use secret::VaultKey;

#[derive(Debug, thiserror::Error)]
pub enum VaultError {
    #[error("the vault key {0} is not usable: {1}")]
    Key(String, String),
    #[error("cannot set up the vault: {0}")]
    Setup(String),
    /// No token, or one that is invalid, expired or of a signed-out session.
    #[error("not signed in")]
    NotSignedIn,
    #[error("the external auth service's keys cannot be fetched")]
    AuthUnavailable,
}

/// Whose a valid access token is: the account, and the sign-in session it belongs to.
pub struct TokenOf {
    pub account: String,
    pub session: Option<String>,
}

pub struct Vault {
    key: VaultKey,
    external: Option<ExternalTokens>,
}

impl Vault {
    /// The vault of the `[vault]` section, checking tokens with the embedded auth service, or with the
    /// external one at `external_url` (`auth.external_url`) when it is not empty.
    pub fn new(
        config: &config::VaultConfig,
        external_url: &str,
        data_dir: &Path,
    ) -> Result<Self, VaultError> {
        let key = VaultKey::load(config, data_dir)?;
        let external_url = external_url.trim();
        let external = (!external_url.is_empty())
            .then(|| ExternalTokens::new(external_url))
            .transpose()?;
        Ok(Self { key, external })
    }

    /// The account and the sign-in session behind a Bearer token. The session id stays the same when the
    /// token is refreshed; an external service's token without one has `None`.
    pub async fn session_of(
        &self,
        token: Option<&str>,
        auth: &AuthService,
    ) -> Result<TokenOf, VaultError> {
        let token = token.ok_or(VaultError::NotSignedIn)?;
        match &self.external {
            Some(external) => external.verify(token).await,
            None => auth
                .authenticate_all_steps(Some(token))
                .await
                .map(|a| TokenOf {
                    account: a.user.row.id,
                    session: Some(a.session_id),
                })
                .map_err(|_| VaultError::NotSignedIn),
        }
    }

    fn secret_for(&self, account_id: &str) -> String {
        self.key.secret_for(account_id)
    }
}
