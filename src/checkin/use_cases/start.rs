//! Starting a check-in: its length, her note, whom it alerts (within the day's limits), her PIN and the
//! optional duress PIN, hashed on the auth service's pool. One runs per account.

use super::checks::{self, SealedNote};
use super::pin;
use crate::checkin::CheckinState;
use crate::checkin::delivery::mail;
use crate::checkin::errors::CheckinError;
use crate::checkin::store::checkins::{self, NewCheckin, Running};
use crate::ground::clock::now_ms;
use crate::vault::SignedIn;

/// A check-in as she asks for it.
pub struct Start {
    pub minutes: u32,
    pub note: String,
    pub emails: Vec<String>,
    pub advocates: Vec<SealedNote>,
    pub pin: String,
    pub duress_pin: Option<String>,
    /// The language of the e-mail: her screen's.
    pub language: Option<String>,
}

/// Starts it from her sign-in `session` (hers for its PINs): her running check-in, as she sees it.
pub async fn start(
    state: &CheckinState,
    SignedIn { account, db }: SignedIn,
    session: Option<String>,
    asked: Start,
) -> Result<Option<Running>, CheckinError> {
    let (min, max) = (state.config.min_minutes, state.config.max_minutes);
    if !(min..=max).contains(&asked.minutes) {
        return Err(CheckinError::Invalid(format!(
            "A check-in lasts {min} to {max} minutes."
        )));
    }
    checks::note(&asked.note)?;
    let recipients = checks::addresses(&asked.emails, state)?;
    let advocates = checks::sealed_notes(asked.advocates)?;
    if recipients.is_empty() && advocates.is_empty() {
        return Err(CheckinError::Invalid(
            "Choose at least one person to alert.".into(),
        ));
    }
    checks::pin(&asked.pin)?;
    if let Some(d) = &asked.duress_pin {
        checks::pin(d)?;
        if *d == asked.pin {
            return Err(CheckinError::Invalid(
                "The help-now PIN must differ from your PIN.".into(),
            ));
        }
    }
    state
        .limits
        .allow(&account, &checks::whom(&recipients, &advocates), false)?;
    checks::sends(state, &account)?;
    let pin_hash = pin::hash(&state.passwords, asked.pin).await?;
    let duress_pin_hash = match asked.duress_pin {
        Some(d) => Some(pin::hash(&state.passwords, d).await?),
        None => None,
    };
    let new = NewCheckin {
        id: uuid::Uuid::new_v4().to_string(),
        account_id: account.clone(),
        ends_at: now_ms() + i64::from(asked.minutes) * 60_000,
        note: asked.note.trim().to_string(),
        language: mail::language(asked.language.as_deref()).to_string(),
        recipients,
        advocates,
        pin_hash,
        duress_pin_hash,
        session: session.unwrap_or_default(),
    };
    let running = db
        .write(move |c| {
            checkins::start(c, &new)?;
            Ok::<_, CheckinError>(checkins::running(c, &account)?)
        })
        .await?;
    state.wake.notify_one();
    tracing::info!("a check-in started");
    crate::metrics::checkin(crate::metrics::Checkin::Started);
    Ok(running)
}
