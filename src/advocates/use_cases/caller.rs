//! Which side of the advocates' area a signed-in account is on: an advocate (only once two-step sign-in
//! is set up) or a survivor (any account that is not an advocate). Each side refuses the other.

use crate::advocates::errors::AdvocateError;
use crate::advocates::store::advocates::{self, Advocate};
use crate::db::Db;

/// The signed-in account as an advocate whose session has passed two-step sign-in.
pub async fn advocate(db: &Db, account: String) -> Result<Advocate, AdvocateError> {
    let (advocate, factors) = db
        .read(move |c| {
            let factors = crate::accounts::store::find(c, &account)?.map_or(0, |a| a.factors);
            Ok::<_, AdvocateError>((advocates::find(c, &account)?, factors))
        })
        .await?;
    let advocate = advocate.ok_or(AdvocateError::WrongArea)?;
    // Signing in already asked for the second step when there is a factor.
    if factors == 0 {
        return Err(AdvocateError::TwoStepNeeded);
    }
    Ok(advocate)
}

/// The signed-in account as a survivor: refused when it is an advocate's.
pub async fn survivor(db: &Db, account: String) -> Result<String, AdvocateError> {
    let lookup = account.clone();
    let advocate = db
        .read(move |c| Ok::<_, AdvocateError>(advocates::find(c, &lookup)?))
        .await?;
    match advocate {
        Some(_) => Err(AdvocateError::WrongArea),
        None => Ok(account),
    }
}
