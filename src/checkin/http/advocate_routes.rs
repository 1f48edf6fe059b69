//! `/api/advocate/alerts`: the check-in alerts of the people paired with this advocate, where else an
//! alert reaches them, and dismissing one.

use actix_web::{HttpResponse, web};
use serde_json::json;

use crate::advocates::AdvocateCaller;
use crate::checkin::CheckinState;
use crate::checkin::use_cases::advocate_alerts;
use crate::error::ApiError;

/// The alerts, and `email_to`: the address an alert is also e-mailed to (null when this server sends no
/// e-mail).
pub(super) async fn list(
    a: AdvocateCaller,
    state: web::Data<CheckinState>,
) -> Result<HttpResponse, ApiError> {
    let (alerts, email_to) = advocate_alerts::list(&state, &a.db, a.advocate.account_id).await?;
    Ok(HttpResponse::Ok().json(json!({ "alerts": alerts, "email_to": email_to })))
}

pub(super) async fn dismiss(
    a: AdvocateCaller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let dismissed = advocate_alerts::dismiss(&a.db, a.advocate.account_id, id.into_inner()).await?;
    match dismissed {
        true => Ok(HttpResponse::NoContent().finish()),
        false => Err(ApiError::not_found()),
    }
}
