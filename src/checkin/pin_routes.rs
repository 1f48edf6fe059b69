//! `/api/checkin/extend` and `/api/checkin/end`, each with her PIN. The duress PIN ends a check-in with the
//! same answer as her PIN, and sends its alert at once. After the alarm, `end` is her late check-in
//! (`late.rs`).

use actix_web::{HttpResponse, web};
use serde::Deserialize;
use serde_json::json;

use super::errors::CheckinError;
use super::late::{self, Answer};
use super::pin::{self, Typed};
use super::{CheckinState, store};
use crate::advocates::private;
use crate::db::Db;
use crate::error::ApiError;
use crate::ground::clock::now_ms;
use crate::vault::SignedIn;

/// Wrong PINs a check-in takes before it refuses every PIN (docs/checkin.md, "His wrong PINs"): five in
/// each session of hers, as before; three from all other sessions together, for the whole check-in. Three
/// is what a bank card allows: enough for her own typing slips when she has signed in again, and as few
/// guesses as that leaves him however often he signs in.
const MAX_WRONG: store::MaxWrong = store::MaxWrong { hers: 5, others: 3 };

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/checkin/extend", web::post().to(extend))
        .route("/checkin/end", web::post().to(end));
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PinBody {
    pin: String,
    /// For extending: minutes added to the current end.
    #[serde(default)]
    minutes: Option<u32>,
}

/// A PIN that passed: her running check-in, which PIN it was, and the session and count of its try.
struct Passed {
    pins: store::Pins,
    which: Typed,
    session: String,
    budget: store::Budget,
}

/// Her running check-in, which PIN was typed, and where. The try is counted before the PIN is checked
/// (`store::take_try`), against the session's own count if it is hers, else against the one all other
/// sessions share, and given back only if it could not be checked. A full count while other tries on the
/// same count are still being checked is not a lock yet (`tries.rs`): busy, try again. With `late`, an
/// overdue alarm she can still answer is checked when none runs.
async fn checked(
    state: &CheckinState,
    db: &Db,
    account: String,
    session: Option<String>,
    typed: String,
    late: bool,
) -> Result<Passed, CheckinError> {
    // A token without a session id (an external service's) is one session for all such tokens.
    let session = session.unwrap_or_default();
    // Whose count, read first to count this check in flight on it; `take_try` decides again inside its
    // transaction. A session only ever becomes hers, so the two differ only in a race with her PIN passing
    // in this very session, and then only "busy" or "locked" could be told wrongly.
    let (a, s) = (account.clone(), session.clone());
    let budget = db
        .read(move |c| Ok::<_, CheckinError>(store::budget(c, &a, &s)?))
        .await?;
    let checking = state.pin_checks.enter(&account, &session, budget);
    let s = session.clone();
    let (pins, budget) = match db
        .write(move |c| store::take_try(c, &account, &s, MAX_WRONG, late))
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
    match pin::which(&state.passwords, typed, pin_hash, duress_hash).await {
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
            db.write(move |c| Ok::<_, CheckinError>(store::give_back_try(c, &id, &s, budget)?))
                .await?;
            Err(e)
        }
    }
}

/// The duress PIN while it runs: its alarm is due now. False when it no longer runs (the timer took it).
async fn raise(db: &Db, state: &CheckinState, id: String) -> Result<bool, CheckinError> {
    let raised = db
        .write(move |c| Ok::<_, CheckinError>(store::raise_now(c, &id, now_ms())?))
        .await?;
    state.wake.notify_one();
    Ok(raised)
}

async fn extend(
    req: actix_web::HttpRequest,
    state: web::Data<CheckinState>,
    body: web::Json<PinBody>,
) -> Result<HttpResponse, ApiError> {
    let (SignedIn { account, db }, session) = SignedIn::with_session(&req).await?;
    let body = body.into_inner();
    let minutes = body.minutes.unwrap_or(0);
    if !(1..=state.config.max_minutes).contains(&minutes) {
        return Err(CheckinError::Invalid(format!(
            "Extend by 1 to {} minutes.",
            state.config.max_minutes
        ))
        .into());
    }
    let Passed {
        pins,
        which,
        session,
        budget,
    } = checked(&state, &db, account, session, body.pin, false).await?;
    let now = now_ms();
    let max = now + i64::from(state.config.max_minutes) * 60_000;
    let ends_at = (pins.ends_at.max(now) + i64::from(minutes) * 60_000).min(max);
    let id = pins.id;
    let extended = if which == Typed::Duress {
        // Answered and shown as an extension; a copy raises the alarm now (docs/checkin.md).
        db.write(move |c| store::raise_copy_and_extend(c, &id, now, ends_at, &session, budget))
            .await?
    } else {
        db.write(move |c| Ok::<_, CheckinError>(store::extend(c, &id, ends_at, &session, budget)?))
            .await?
    };
    if !extended {
        return Err(CheckinError::NoneRunning.into());
    }
    state.wake.notify_one();
    tracing::info!("a check-in was extended");
    Ok(private().json(json!({ "ends_at": ends_at })))
}

async fn end(
    req: actix_web::HttpRequest,
    state: web::Data<CheckinState>,
    body: web::Json<PinBody>,
) -> Result<HttpResponse, ApiError> {
    let (SignedIn { account, db }, session) = SignedIn::with_session(&req).await?;
    let Passed { pins, which, .. } =
        checked(&state, &db, account, session, body.into_inner().pin, true).await?;
    let id = pins.id;
    if pins.running {
        let ended = if which == Typed::Duress {
            raise(&db, &state, id.clone()).await?
        } else {
            let id = id.clone();
            db.write(move |c| store::end(c, &id)).await?
        };
        if ended {
            // The same line either way: the log must not tell a duress PIN from hers either.
            tracing::info!("a check-in ended");
            return Ok(HttpResponse::NoContent().finish());
        }
        // It ran out while her PIN was checked: she answers its alarm.
    }
    let answer = match which {
        Typed::Duress => Answer::Duress,
        _ => Answer::Safe,
    };
    let told = {
        // No e-mail of the alarm is half sent while it is answered (`late::answer`).
        let _sending = state.sending.lock().await;
        db.write(move |c| late::answer(c, &id, answer, now_ms()))
            .await?
    };
    let told = told.ok_or(CheckinError::NoneRunning)?;
    state.wake.notify_one();
    // As above, one line for either PIN.
    tracing::info!(told = told.len(), "a check-in was answered after its alarm");
    Ok(private().json(json!({ "told": told })))
}
