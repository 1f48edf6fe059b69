//! `POST /user/delete`: she deletes her own account. GoTrue has no self-service delete, so this is our
//! own endpoint in GoTrue's style (docs/auth-contract.md, "Deleting one's own account"): a Bearer access
//! token plus `{"password": …}`, GoTrue's error bodies, and the sign-in limits, so it is no cheaper way
//! to guess a password. The deletion itself is the operator's (`solace users delete`), so there is
//! one delete; it refuses while her check-in runs, which only her PIN ends.

use std::net::IpAddr;

use serde::Deserialize;
use zeroize::Zeroizing;

use crate::accounts::AccountError;
use crate::auth::errors::{AuthError, AuthResult, parse_json};
use crate::auth::service::AuthService;
use crate::auth::use_cases::user::Authenticated;
use crate::ground::clock::now_ms;

/// An account without a password (Google only) proves it is her by a sign-in this recent instead.
pub const FRESH_SIGN_IN_MS: i64 = 5 * 60 * 1000;

#[derive(Deserialize, Default)]
#[serde(default)]
struct DeleteBody {
    password: Option<String>,
    /// A code from her authenticator app, needed when she has one.
    code: Option<String>,
}

impl AuthService {
    pub async fn delete_own_account(
        &self,
        auth: Authenticated,
        body: &[u8],
        source: Option<IpAddr>,
    ) -> AuthResult<()> {
        let body: DeleteBody = parse_json(body)?;
        let user = auth.user.row;
        match user.password_hash {
            Some(hash) => {
                let password = Zeroizing::new(body.password.unwrap_or_default());
                if !self
                    .check_password(&user.email, source, password, Some(hash))
                    .await?
                {
                    tracing::info!("account deletion refused: wrong password");
                    return Err(AuthError::InvalidCredentials);
                }
            }
            None => self.require_fresh_sign_in(auth.session_id.clone()).await?,
        }
        self.require_code_if_enrolled(&user.id, &auth.session_id, source, body.code.as_deref())
            .await?;
        let (id, neighbours) = (user.id, self.neighbours.clone());
        self.db
            .write(move |c| crate::accounts::delete::delete_own(c, &id, &*neighbours))
            .await
            .map_err(|e| match e {
                AccountError::NotFound(_) => AuthError::UserNotFound,
                // Whoever has her password could otherwise silence her alarm (docs/checkin.md).
                AccountError::CheckinRunning | AccountError::AdvocateInCheckin => {
                    tracing::info!("account deletion refused: a check-in is running");
                    AuthError::CheckinRunning
                }
                e => AuthError::internal(&e),
            })?;
        // No id or address: the log keeps nothing that points back to her.
        tracing::info!("an account was deleted by its owner");
        Ok(())
    }

    async fn require_fresh_sign_in(&self, session_id: String) -> AuthResult<()> {
        let session = self
            .db
            .read(move |c| Ok::<_, AuthError>(crate::accounts::sessions::find(c, &session_id)?))
            .await?
            .ok_or(AuthError::SessionNotFound)?;
        if now_ms() - session.created_at > FRESH_SIGN_IN_MS {
            return Err(AuthError::ReauthenticationNeeded);
        }
        Ok(())
    }
}
