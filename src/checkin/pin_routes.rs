//! `/api/checkin/extend` and `/api/checkin/end`, each with her PIN. The duress PIN ends a check-in with the
//! same answer as her PIN, and sends its alert at once.

use actix_web::{HttpResponse, web};
use serde::Deserialize;
use serde_json::json;

use super::errors::CheckinError;
use super::pin::{self, Typed};
use super::{CheckinState, store};
use crate::accounts::time::now_ms;
use crate::advocates::private;
use crate::db::Db;
use crate::error::ApiError;
use crate::vault::SignedIn;

/// Wrong PINs a check-in takes before it refuses every PIN and runs to its end.
const MAX_WRONG_PINS: i64 = 5;

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

/// Her running check-in and which PIN she typed. The try is counted before the PIN is checked
/// (`store::take_try`), and given back only if it could not be checked. A full count while other tries
/// are still being checked is not a lock yet (`tries.rs`): busy, try again.
async fn checked(
    state: &CheckinState,
    db: &Db,
    account: String,
    typed: String,
) -> Result<(store::Pins, Typed), CheckinError> {
    let checking = state.pin_checks.enter(&account);
    let pins = match db
        .write(move |c| store::take_try(c, &account, MAX_WRONG_PINS))
        .await
    {
        Err(CheckinError::Locked) if checking.others() => return Err(CheckinError::Busy),
        taken => taken?,
    };
    let (pin_hash, duress_hash) = (pins.pin_hash.clone(), pins.duress_pin_hash.clone());
    match pin::which(&state.passwords, typed, pin_hash, duress_hash).await {
        Ok(Typed::Wrong) => Err(CheckinError::WrongPin),
        // Her PIN or the duress PIN: extending clears the count, ending removes it.
        Ok(which) => Ok((pins, which)),
        Err(e) => {
            let id = pins.id;
            db.write(move |c| Ok::<_, CheckinError>(store::give_back_try(c, &id)?))
                .await?;
            Err(e)
        }
    }
}

async fn raise(db: &Db, state: &CheckinState, id: String) -> Result<(), CheckinError> {
    db.write(move |c| Ok::<_, CheckinError>(store::raise_now(c, &id, now_ms())?))
        .await?;
    state.wake.notify_one();
    Ok(())
}

async fn extend(
    req: actix_web::HttpRequest,
    state: web::Data<CheckinState>,
    body: web::Json<PinBody>,
) -> Result<HttpResponse, ApiError> {
    let SignedIn { account, db } = SignedIn::of(&req).await?;
    let body = body.into_inner();
    let minutes = body.minutes.unwrap_or(0);
    if !(1..=state.config.max_minutes).contains(&minutes) {
        return Err(CheckinError::Invalid(format!(
            "Extend by 1 to {} minutes.",
            state.config.max_minutes
        ))
        .into());
    }
    let (pins, which) = checked(&state, &db, account, body.pin).await?;
    let now = now_ms();
    let max = now + i64::from(state.config.max_minutes) * 60_000;
    let ends_at = (pins.ends_at.max(now) + i64::from(minutes) * 60_000).min(max);
    let id = pins.id;
    let extended = if which == Typed::Duress {
        // Answered and shown as an extension; a copy raises the alarm now (docs/checkin.md).
        db.write(move |c| store::raise_copy_and_extend(c, &id, now, ends_at))
            .await?
    } else {
        db.write(move |c| Ok::<_, CheckinError>(store::extend(c, &id, ends_at)?))
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
    let SignedIn { account, db } = SignedIn::of(&req).await?;
    let (pins, which) = checked(&state, &db, account, body.into_inner().pin).await?;
    if which == Typed::Duress {
        raise(&db, &state, pins.id).await?;
    } else {
        let id = pins.id;
        if !db.write(move |c| store::end(c, &id)).await? {
            return Err(CheckinError::NoneRunning.into());
        }
    }
    // The same line either way: the log must not tell a duress PIN from hers either.
    tracing::info!("a check-in ended");
    Ok(HttpResponse::NoContent().finish())
}
