//! A password checked under the sign-in lockout (`rules/lockout.rs`), the one way every use case that
//! asks for her password checks it: refused at once while the account is locked for this address, one
//! Argon2 hash either way (an unknown address costs the same as a wrong password), and the outcome counted.

use std::net::IpAddr;

use zeroize::Zeroizing;

use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::rules::lockout::Lockout;
use crate::auth::service::{AuthService, pool_error, rate_limited};
use crate::auth::store::lockouts;
use crate::ground::clock::now_ms;

impl AuthService {
    /// Whether `password` matches `hash` (`None`: no such account, or no password). `email` is the
    /// canonical address the lockout counts.
    pub(in crate::auth) async fn check_password(
        &self,
        email: &str,
        source: Option<IpAddr>,
        password: Zeroizing<String>,
        hash: Option<String>,
    ) -> AuthResult<bool> {
        self.before_attempt(self.limits.sign_in, email, source)
            .await?;
        let ok = self
            .passwords
            .verify(password, hash)
            .await
            .map_err(pool_error)?;
        self.attempted(self.limits.sign_in, email, source, ok)
            .await?;
        Ok(ok)
    }

    /// Counts one attempt under `lockout` (in the database: every instance counts together);
    /// refused with the wait while this address must not try.
    pub(in crate::auth) async fn before_attempt(
        &self,
        lockout: Lockout,
        account: &str,
        source: Option<IpAddr>,
    ) -> AuthResult<()> {
        let account = account.to_string();
        self.db
            .write(move |c| {
                Ok::<_, AuthError>(lockouts::before_attempt(
                    c,
                    &lockout,
                    &account,
                    source,
                    now_ms(),
                )?)
            })
            .await?
            .map_err(rate_limited)
    }

    /// The attempt's outcome, counted: a right one makes this address one of her devices.
    pub(in crate::auth) async fn attempted(
        &self,
        lockout: Lockout,
        account: &str,
        source: Option<IpAddr>,
        right: bool,
    ) -> AuthResult<()> {
        let account = account.to_string();
        self.db
            .write(move |c| {
                match right {
                    true => lockouts::succeeded(c, &lockout, &account, source, now_ms())?,
                    false => lockouts::failed(c, &lockout, &account, now_ms())?,
                }
                Ok::<_, AuthError>(())
            })
            .await
    }
}
