//! Keys made in the advocate's browser: the public key she seals to, and the private key wrapped so that
//! the server cannot open it. New keys end the shares sealed to the old ones (docs/advocates.md).

use crate::advocates::errors::AdvocateError;
use crate::advocates::store::advocates;
use crate::db::Db;

/// The most characters either key may have.
const MAX_KEY_CHARS: usize = 4096;

pub async fn set_keys(
    db: &Db,
    advocate: String,
    public_key: String,
    wrapped_private_key: String,
) -> Result<(), AdvocateError> {
    let fits = |k: &str| (1..=MAX_KEY_CHARS).contains(&k.len());
    if !fits(&public_key) || !fits(&wrapped_private_key) {
        return Err(AdvocateError::Invalid(
            "Both keys are needed, each at most 4096 characters.",
        ));
    }
    db.write(move |c| advocates::set_keys(c, &advocate, &public_key, &wrapped_private_key))
        .await
}
