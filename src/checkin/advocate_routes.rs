//! `/api/advocate/alerts`: the check-in alerts of the people paired with this advocate (their notes
//! sealed to the advocate's key, opened in the advocate's browser), where else an alert reaches them, and
//! dismissing one.

use actix_web::{HttpResponse, web};
use serde_json::json;

use super::CheckinState;
use super::alerts;
use super::errors::CheckinError;
use crate::advocates::AdvocateCaller;
use crate::error::ApiError;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/advocate/alerts", web::get().to(list))
        .route("/advocate/alerts/{id}", web::delete().to(dismiss));
}

/// The alerts, and `email_to`: the address an alert is also e-mailed to (null when this server sends no
/// e-mail), so the area can say which ways an alert reaches the advocate.
async fn list(a: AdvocateCaller, state: web::Data<CheckinState>) -> Result<HttpResponse, ApiError> {
    let me = a.advocate.account_id;
    let mail = state.mailer.is_some();
    let (list, email_to) =
        a.db.read(move |c| {
            let email_to = match mail {
                true => Some(alerts::address_of(c, &me)?),
                false => None,
            };
            Ok::<_, CheckinError>((alerts::of_advocate(c, &me)?, email_to))
        })
        .await?;
    Ok(crate::advocates::private().json(json!({ "alerts": list, "email_to": email_to })))
}

async fn dismiss(a: AdvocateCaller, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let (me, id) = (a.advocate.account_id, id.into_inner());
    if !a.db.write(move |c| alerts::dismiss(c, &me, &id)).await? {
        return Err(ApiError::not_found());
    }
    Ok(HttpResponse::NoContent().finish())
}
