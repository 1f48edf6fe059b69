//! A new pairing code for the advocate to read out to her in person: 8 random digits, kept as a hash,
//! for an hour (`store::pairing_codes`).

use rand::Rng;

use crate::advocates::errors::AdvocateError;
use crate::advocates::store::advocates::Advocate;
use crate::advocates::store::pairing_codes;
use crate::db::Db;

/// The code and when it stops working (Unix milliseconds).
pub async fn new_code(db: &Db, advocate: Advocate) -> Result<(String, i64), AdvocateError> {
    if advocate.public_key.is_none() {
        return Err(AdvocateError::Invalid(
            "Set up your keys before pairing with anyone.",
        ));
    }
    let code = format!("{:08}", rand::rng().random_range(0..100_000_000u32));
    let (id, stored) = (advocate.account_id, code.clone());
    let expires_at = db
        .write(move |c| Ok::<_, AdvocateError>(pairing_codes::new_pairing_code(c, &id, &stored)?))
        .await?;
    Ok((code, expires_at))
}
