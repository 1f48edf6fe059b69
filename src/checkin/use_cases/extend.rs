//! Extending her running check-in with her PIN. The duress PIN answers exactly the same, and a copy of the
//! check-in raises its alarm now (docs/checkin.md, "Duress").

use super::pin::{Passed, Typed, checked};
use crate::checkin::CheckinState;
use crate::checkin::errors::CheckinError;
use crate::checkin::store::checkins;
use crate::ground::clock::now_ms;
use crate::vault::SignedIn;

/// Moves the end `minutes` later, never past now plus the longest a check-in may run: its new end.
pub async fn extend(
    state: &CheckinState,
    SignedIn { account, db }: SignedIn,
    session: Option<String>,
    pin: String,
    minutes: Option<u32>,
) -> Result<i64, CheckinError> {
    let minutes = minutes.unwrap_or(0);
    if !(1..=state.config.max_minutes).contains(&minutes) {
        return Err(CheckinError::Invalid(format!(
            "Extend by 1 to {} minutes.",
            state.config.max_minutes
        )));
    }
    let Passed {
        pins,
        which,
        session,
        budget,
    } = checked(state, &db, account, session, pin, false).await?;
    let now = now_ms();
    let max = now + i64::from(state.config.max_minutes) * 60_000;
    let ends_at = (pins.ends_at.max(now) + i64::from(minutes) * 60_000).min(max);
    let id = pins.id;
    let extended = if which == Typed::Duress {
        // Answered and shown as an extension; a copy raises the alarm now (docs/checkin.md).
        db.write(move |c| checkins::raise_copy_and_extend(c, &id, now, ends_at, &session, budget))
            .await?
    } else {
        db.write(move |c| {
            Ok::<_, CheckinError>(checkins::extend(c, &id, ends_at, &session, budget)?)
        })
        .await?
    };
    if !extended {
        return Err(CheckinError::NoneRunning);
    }
    state.wake.notify_one();
    tracing::info!("a check-in was extended");
    Ok(ends_at)
}
