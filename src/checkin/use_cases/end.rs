//! Checking in with her PIN: a running check-in ends quietly; after its alarm, her PIN answers the alarm
//! (docs/checkin.md, "Checking in late"). The duress PIN gets exactly the same answer on her screen and
//! raises an alarm at once instead: the log does not tell the two apart either.

use super::pin::{Passed, Typed, checked};
use crate::checkin::CheckinState;
use crate::checkin::errors::CheckinError;
use crate::checkin::store::checkins;
use crate::checkin::store::late_alarms::{self, Answer, Told};
use crate::ground::clock::now_ms;
use crate::vault::SignedIn;

/// How her PIN was taken.
pub enum Ended {
    /// Her running check-in ended (or, for the duress PIN, raised its alarm).
    OnTime,
    /// Her overdue alarm is answered: who it had reached, and when.
    Late(Vec<Told>),
}

pub async fn end(
    state: &CheckinState,
    SignedIn { account, db }: SignedIn,
    session: Option<String>,
    pin: String,
) -> Result<Ended, CheckinError> {
    let Passed { pins, which, .. } = checked(state, &db, account, session, pin, true).await?;
    let id = pins.id;
    if pins.running {
        let ended = if which == Typed::Duress {
            // Its alarm is due now; false when the timer took it first.
            let (id, now) = (id.clone(), now_ms());
            let raised = db
                .write(move |c| Ok::<_, CheckinError>(checkins::raise_now(c, &id, now)?))
                .await?;
            state.wake.notify_one();
            raised
        } else {
            let id = id.clone();
            db.write(move |c| checkins::end(c, &id)).await?
        };
        if ended {
            // The same line either way: the log must not tell a duress PIN from hers either.
            tracing::info!("a check-in ended");
            crate::metrics::checkin(crate::metrics::Checkin::Ended);
            return Ok(Ended::OnTime);
        }
        // It ran out while her PIN was checked: she answers its alarm.
    }
    let answer = match which {
        Typed::Duress => Answer::Duress,
        _ => Answer::Safe,
    };
    let told = {
        // No e-mail of the alarm is half sent while it is answered (the timer holds this while it sends).
        let _sending = state.sending.lock().await;
        db.write(move |c| late_alarms::answer(c, &id, answer, now_ms()))
            .await?
    };
    let told = told.ok_or(CheckinError::NoneRunning)?;
    state.wake.notify_one();
    // As above, one line for either PIN.
    tracing::info!(told = told.len(), "a check-in was answered after its alarm");
    Ok(Ended::Late(told))
}
