//! `/api/checkin/extend` and `/api/checkin/end`, each with her PIN. The duress PIN gets the same answer as
//! her PIN. After the alarm, `end` is her late check-in, answered with who the alarm had reached.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use serde_json::json;

use crate::checkin::CheckinState;
use crate::checkin::use_cases::end::{self, Ended};
use crate::checkin::use_cases::extend;
use crate::error::ApiError;
use crate::vault::SignedIn;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PinBody {
    pin: String,
    /// For extending: minutes added to the current end.
    #[serde(default)]
    minutes: Option<u32>,
}

pub(super) async fn extend(
    req: HttpRequest,
    state: web::Data<CheckinState>,
    body: web::Json<PinBody>,
) -> Result<HttpResponse, ApiError> {
    let (her, session) = SignedIn::with_session(&req).await?;
    let PinBody { pin, minutes } = body.into_inner();
    let ends_at = extend::extend(&state, her, session, pin, minutes).await?;
    Ok(HttpResponse::Ok().json(json!({ "ends_at": ends_at })))
}

pub(super) async fn end(
    req: HttpRequest,
    state: web::Data<CheckinState>,
    body: web::Json<PinBody>,
) -> Result<HttpResponse, ApiError> {
    let (her, session) = SignedIn::with_session(&req).await?;
    match end::end(&state, her, session, body.into_inner().pin).await? {
        Ended::OnTime => Ok(HttpResponse::NoContent().finish()),
        Ended::Late(told) => Ok(HttpResponse::Ok().json(json!({ "told": told }))),
    }
}
