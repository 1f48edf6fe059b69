//! What this server offers her check-ins, her running check-in, and an overdue alarm she can still answer.

use crate::checkin::CheckinState;
use crate::checkin::errors::CheckinError;
use crate::checkin::store::checkins::{self, Running};
use crate::checkin::store::late_alarms::{self, Alarm};
use crate::ground::clock::now_ms;
use crate::vault::SignedIn;

use super::MAX_RECIPIENTS;

pub struct Status {
    /// Whether this server sends e-mail, so trusted people can be chosen.
    pub email: bool,
    pub min_minutes: u32,
    pub max_minutes: u32,
    pub max_recipients: usize,
    /// The server's clock, Unix milliseconds: her screen counts down from it.
    pub now: i64,
    pub checkin: Option<Running>,
    /// An overdue alarm she can still answer with her PIN (docs/checkin.md, "Checking in late").
    pub alarm: Option<Alarm>,
}

pub async fn status(
    state: &CheckinState,
    SignedIn { account, db }: SignedIn,
) -> Result<Status, CheckinError> {
    let (checkin, alarm) = db
        .read(move |c| {
            Ok::<_, CheckinError>((
                checkins::running(c, &account)?,
                late_alarms::alarm(c, &account)?,
            ))
        })
        .await?;
    Ok(Status {
        email: state.mailer.is_some(),
        min_minutes: state.config.min_minutes,
        max_minutes: state.config.max_minutes,
        max_recipients: MAX_RECIPIENTS,
        now: now_ms(),
        checkin,
        alarm,
    })
}
