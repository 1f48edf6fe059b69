//! Her check-in PIN and duress PIN, kept as Argon2id hashes (as passwords are, src/auth/keys), hashed and
//! checked on the auth service's bounded pool of hashing threads: PINs sent at once wait for those threads
//! like passwords do, or are told the server is busy, instead of each taking a thread and 19 MiB.

use zeroize::Zeroizing;

use super::errors::CheckinError;
use crate::auth::keys::password::{PasswordPool, PoolError};

impl From<PoolError> for CheckinError {
    fn from(e: PoolError) -> Self {
        match e {
            PoolError::Busy => Self::Busy,
            PoolError::Failed(cause) => Self::Hash(cause.to_string()),
        }
    }
}

pub async fn hash(pool: &PasswordPool, pin: String) -> Result<String, CheckinError> {
    Ok(pool.hash(Zeroizing::new(pin)).await?)
}

/// Which PIN she typed. Both hashes are checked every time (the check-in PIN's twice when there is no
/// duress PIN), so how long the answer takes tells nothing.
#[derive(Debug, PartialEq, Eq)]
pub enum Typed {
    CheckIn,
    Duress,
    Wrong,
}

pub async fn which(
    pool: &PasswordPool,
    pin: String,
    pin_hash: String,
    duress_hash: Option<String>,
) -> Result<Typed, CheckinError> {
    let pin = Zeroizing::new(pin);
    let normal = pool.verify(pin.clone(), Some(pin_hash.clone())).await?;
    let duress = pool
        .verify(pin, Some(duress_hash.clone().unwrap_or(pin_hash)))
        .await?
        && duress_hash.is_some();
    Ok(match (normal, duress) {
        (_, true) => Typed::Duress,
        (true, false) => Typed::CheckIn,
        (false, false) => Typed::Wrong,
    })
}
