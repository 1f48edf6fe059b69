//! A password checked under the sign-in lockout (`rules/lockout.rs`), the one way every use case that
//! asks for her password checks it: refused at once while the account is locked for this address, one
//! Argon2 hash either way (an unknown address costs the same as a wrong password), and the outcome counted.

use std::net::IpAddr;

use zeroize::Zeroizing;

use crate::auth::errors::AuthResult;
use crate::auth::service::{AuthService, pool_error, rate_limited};

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
        let lockout = &self.limits.sign_in;
        lockout
            .before_attempt(email, source)
            .map_err(rate_limited)?;
        let ok = self
            .passwords
            .verify(password, hash)
            .await
            .map_err(pool_error)?;
        if ok {
            lockout.succeeded(email, source);
        } else {
            lockout.failed(email);
        }
        Ok(ok)
    }
}
