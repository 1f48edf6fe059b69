//! After an advocate's new key: she compared the new safety code with them.

use crate::advocates::errors::AdvocateError;
use crate::advocates::store::links;
use crate::db::Db;

/// `NotFound` when they are not paired, or the key is not the advocate's (any more).
pub async fn confirm_key(
    db: &Db,
    survivor: String,
    advocate: String,
    public_key: String,
) -> Result<(), AdvocateError> {
    let confirmed = db
        .write(move |c| {
            Ok::<_, AdvocateError>(links::confirm_key(c, &survivor, &advocate, &public_key)?)
        })
        .await?;
    confirmed.then_some(()).ok_or(AdvocateError::NotFound)
}
