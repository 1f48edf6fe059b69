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

/// Her running check-in and which PIN she typed; a wrong one is counted.
async fn checked(
    db: &Db,
    account: String,
    typed: String,
) -> Result<(store::Pins, Typed), CheckinError> {
    let pins = db
        .read(move |c| Ok::<_, CheckinError>(store::pins(c, &account)?))
        .await?
        .ok_or(CheckinError::NoneRunning)?;
    if pins.wrong_pins >= MAX_WRONG_PINS {
        return Err(CheckinError::Locked);
    }
    let which = pin::which(typed, pins.pin_hash.clone(), pins.duress_pin_hash.clone()).await?;
    if which == Typed::Wrong {
        let id = pins.id.clone();
        db.write(move |c| Ok::<_, CheckinError>(store::wrong_pin(c, &id)?))
            .await?;
        return Err(CheckinError::WrongPin);
    }
    Ok((pins, which))
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
    let (pins, which) = checked(&db, account, body.pin).await?;
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
    let (pins, which) = checked(&db, account, body.into_inner().pin).await?;
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
