//! `solace service-key`: a service-role token for the operator's scripts and the admin API
//! (docs/auth-contract.md, "Admin API"). It is signed with the server's own key, so it works as long
//! as the key in the data directory does; it carries no user and no session, as GoTrue's does.

use std::path::Path;
use std::time::Duration;

use super::tokens::{KeyError, ServiceClaims, TokenError, TokenKeys};

/// The role GoTrue's admin API accepts (`GOTRUE_JWT_ADMIN_ROLES` defaults to it).
pub const SERVICE_ROLE: &str = "service_role";

#[derive(Debug, thiserror::Error)]
pub enum ServiceKeyError {
    #[error(transparent)]
    Key(#[from] KeyError),
    #[error("cannot sign the token: {0}")]
    Sign(#[from] TokenError),
    #[error("the lifetime must be longer than 0 and end before the year 9999")]
    Lifetime,
}

/// Reads the server's signing key in `data_dir` (made on the server's first start; this command never
/// makes one) and signs a token that is valid for `lifetime`. The issuer is the one the server checks:
/// `<site_url>/auth/v1`.
pub fn create(
    data_dir: &Path,
    site_url: &str,
    lifetime: Duration,
) -> Result<String, ServiceKeyError> {
    let keys = TokenKeys::load_existing(data_dir, format!("{site_url}/auth/v1"))?;
    let now = chrono::Utc::now().timestamp();
    let secs = i64::try_from(lifetime.as_secs()).map_err(|_| ServiceKeyError::Lifetime)?;
    let exp = now.checked_add(secs).ok_or(ServiceKeyError::Lifetime)?;
    if secs == 0 || exp > 253_402_300_799 {
        return Err(ServiceKeyError::Lifetime);
    }
    Ok(keys.sign(&ServiceClaims {
        iss: keys.issuer().to_string(),
        role: SERVICE_ROLE.into(),
        iat: now,
        exp,
    })?)
}
