//! Her check-in PIN and duress PIN, kept as Argon2id hashes (as passwords are, src/auth/keys), hashed and
//! checked on the auth service's bounded pool of hashing threads: PINs sent at once wait for those threads
//! like passwords do, or are told the server is busy, instead of each taking a thread and 19 MiB. Each try
//! is counted before its PIN is checked (docs/checkin.md, "His wrong PINs").

use zeroize::Zeroizing;

use crate::auth::keys::password::PasswordPool;
use crate::checkin::CheckinState;
use crate::checkin::errors::CheckinError;
use crate::checkin::store::tries::{self, Budget, MaxWrong, Pins};
use crate::db::Db;

/// Wrong PINs a check-in takes before it refuses every PIN (docs/checkin.md, "His wrong PINs"): five in
/// each session of hers, as before; three from all other sessions together, for the whole check-in. Three
/// is what a bank card allows: enough for her own typing slips when she has signed in again, and as few
/// guesses as that leaves him however often he signs in.
const MAX_WRONG: MaxWrong = MaxWrong { hers: 5, others: 3 };

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

/// A PIN that passed: her check-in, which PIN it was, and the session and count of its try.
pub(super) struct Passed {
    pub pins: Pins,
    pub which: Typed,
    pub session: String,
    pub budget: Budget,
}

/// Her running check-in, which PIN was typed, and where. The try is counted before the PIN is checked
/// (`store::tries::take`), against the session's own count if it is hers, else against the one all other
/// sessions share, and given back only if it could not be checked. A full count while other tries on the
/// same count are still being checked is not a lock yet (`in_flight.rs`): busy, try again. With `late`, an
/// overdue alarm she can still answer is checked when none runs.
pub(super) async fn checked(
    state: &CheckinState,
    db: &Db,
    account: String,
    session: Option<String>,
    typed: String,
    late: bool,
) -> Result<Passed, CheckinError> {
    // A token without a session id (an external service's) is one session for all such tokens.
    let session = session.unwrap_or_default();
    // Whose count, read first to count this check in flight on it; `take` decides again inside its
    // transaction. A session only ever becomes hers, so the two differ only in a race with her PIN passing
    // in this very session, and then only "busy" or "locked" could be told wrongly.
    let (a, s) = (account.clone(), session.clone());
    let budget = db
        .read(move |c| Ok::<_, CheckinError>(tries::budget(c, &a, &s)?))
        .await?;
    let checking = state.pin_checks.enter(&account, &session, budget);
    let s = session.clone();
    let (pins, budget) = match db
        .write(move |c| tries::take(c, &account, &s, MAX_WRONG, late))
        .await
    {
        Err(e @ (CheckinError::Locked | CheckinError::OthersLocked)) => {
            return Err(if checking.others() {
                CheckinError::Busy
            } else {
                e
            });
        }
        taken => taken?,
    };
    let (pin_hash, duress_hash) = (pins.pin_hash.clone(), pins.duress_pin_hash.clone());
    match which(&state.passwords, typed, pin_hash, duress_hash).await {
        Ok(Typed::Wrong) => Err(CheckinError::WrongPin),
        // Her PIN or the duress PIN: extending clears the session's count and makes it hers, ending
        // removes it all.
        Ok(which) => Ok(Passed {
            pins,
            which,
            session,
            budget,
        }),
        Err(e) => {
            let (id, s) = (pins.id, session);
            db.write(move |c| Ok::<_, CheckinError>(tries::give_back(c, &id, &s, budget)?))
                .await?;
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PIN hash as check-ins have stored it since they came (Argon2id, 19 MiB, 2 passes, 1 lane, as a PHC
    /// string; this one is of "2468"): a check-in running when the server is upgraded still takes her PIN,
    /// and only hers. New hashes are made with the same parameters.
    const STORED: &str = "$argon2id$v=19$m=19456,t=2,p=1$jy7SD9enyGefKjxnulXBig$5euk0TkUH8qRWFh7D28kxpdNapmui0o+MfY9TBKWbQ8";

    #[tokio::test]
    async fn a_pin_hash_stored_before_still_verifies_on_the_pool() {
        let pool = PasswordPool::new(1, 4).unwrap();
        let check =
            |typed: &str, duress: Option<String>| which(&pool, typed.into(), STORED.into(), duress);
        assert_eq!(check("2468", None).await.unwrap(), Typed::CheckIn);
        assert_eq!(check("2469", None).await.unwrap(), Typed::Wrong);
        let duress = hash(&pool, "1357".into()).await.unwrap();
        assert_eq!(
            check("1357", Some(duress.clone())).await.unwrap(),
            Typed::Duress
        );
        assert_eq!(
            check("2468", Some(duress.clone())).await.unwrap(),
            Typed::CheckIn
        );
        let parameters = |phc: &str| phc.split('$').take(4).collect::<Vec<_>>().join("$");
        assert_eq!(parameters(&duress), parameters(STORED));
    }
}
