//! `solace service-key`: a service-role token for the operator's scripts and the admin API
//! (docs/auth-contract.md, "Admin API"). It is signed with the server's own key, so it works as long
//! as the key in the data directory does; it carries no user and no session, as GoTrue's does.

use std::path::Path;
use std::time::Duration;

use crate::auth::keys::claims::ServiceClaims;
use crate::auth::keys::tokens::{KeyError, TokenError, TokenKeys};

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

/// A signed token, and whether the key file had to be made private first.
pub struct Issued {
    pub token: String,
    /// The signing key's file, when other users of the machine could read it until now: they may
    /// have copied it.
    pub key_was_readable: Option<std::path::PathBuf>,
}

/// Reads the server's signing key in `data_dir` (made on the server's first start; this command never
/// makes one), narrowing a key file that others could read, and signs a token that is valid for
/// `lifetime`. The issuer is the one the server checks: `<site_url>/auth/v1`.
pub fn create(
    data_dir: &Path,
    site_url: &str,
    lifetime: Duration,
) -> Result<Issued, ServiceKeyError> {
    let key_file = data_dir.join(crate::auth::keys::signing_key::KEY_FILE);
    let narrowed = key_file.exists()
        && crate::data_dir::make_private(&key_file).map_err(|source| {
            ServiceKeyError::Key(KeyError::File {
                what: "cannot make private the signing key",
                path: key_file.clone(),
                source,
            })
        })?;
    let key_was_readable = narrowed.then_some(key_file);
    let keys = TokenKeys::load_existing(data_dir, format!("{site_url}/auth/v1"))?;
    let now = chrono::Utc::now().timestamp();
    let secs = i64::try_from(lifetime.as_secs()).map_err(|_| ServiceKeyError::Lifetime)?;
    let exp = now.checked_add(secs).ok_or(ServiceKeyError::Lifetime)?;
    if secs == 0 || exp > 253_402_300_799 {
        return Err(ServiceKeyError::Lifetime);
    }
    let token = keys.sign(&ServiceClaims {
        iss: keys.issuer().to_string(),
        role: SERVICE_ROLE.into(),
        iat: now,
        exp,
    })?;
    Ok(Issued {
        token,
        key_was_readable,
    })
}
