//! An advocate's side of the area, once the role said it is theirs (`http/callers.rs`): their row, and only
//! once two-step sign-in is set up.

use crate::advocates::errors::AdvocateError;
use crate::advocates::store::advocates::{self, Advocate};
use crate::db::Db;

/// The signed-in advocate (by role) whose session has passed two-step sign-in.
pub async fn advocate(db: &Db, account: String) -> Result<Advocate, AdvocateError> {
    let (advocate, factors) = db
        .read(move |c| {
            let factors = crate::accounts::store::find(c, &account)?.map_or(0, |a| a.factors);
            Ok::<_, AdvocateError>((advocates::find(c, &account)?, factors))
        })
        .await?;
    // `advocates add` makes the role and the row in one transaction: an advocate's role without a row
    // is not an advocate the area can show.
    let advocate = advocate.ok_or(AdvocateError::WrongArea)?;
    // Signing in already asked for the second step when there is a factor.
    if factors == 0 {
        return Err(AdvocateError::TwoStepNeeded);
    }
    Ok(advocate)
}
