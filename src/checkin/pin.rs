//! Her check-in PIN and duress PIN, kept as Argon2id hashes (as passwords are, src/auth/keys), hashed and
//! checked off the async executor.

use super::errors::CheckinError;
use crate::auth::keys::argon::Hasher;

pub async fn hash(pin: String) -> Result<String, CheckinError> {
    tokio::task::spawn_blocking(move || Hasher::default().hash(&pin))
        .await
        .map_err(|e| CheckinError::Hash(e.to_string()))?
        .map_err(|e| CheckinError::Hash(e.to_string()))
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
    pin: String,
    pin_hash: String,
    duress_hash: Option<String>,
) -> Result<Typed, CheckinError> {
    tokio::task::spawn_blocking(move || {
        let mut h = Hasher::default();
        let normal = h.verify(&pin, &pin_hash)?;
        let duress =
            h.verify(&pin, duress_hash.as_deref().unwrap_or(&pin_hash))? && duress_hash.is_some();
        Ok::<_, crate::auth::keys::argon::HashError>(match (normal, duress) {
            (_, true) => Typed::Duress,
            (true, false) => Typed::CheckIn,
            (false, false) => Typed::Wrong,
        })
    })
    .await
    .map_err(|e| CheckinError::Hash(e.to_string()))?
    .map_err(|e| CheckinError::Hash(e.to_string()))
}
