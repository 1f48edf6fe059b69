//! `/api/advocate/alerts`: the check-in alerts of the people paired with this advocate (their notes
//! sealed to the advocate's key, opened in the advocate's browser), and dismissing one.

use actix_web::{HttpResponse, web};
use serde_json::json;

use super::alerts;
use super::errors::CheckinError;
use crate::advocates::AdvocateCaller;
use crate::error::ApiError;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/advocate/alerts", web::get().to(list))
        .route("/advocate/alerts/{id}", web::delete().to(dismiss));
}

async fn list(a: AdvocateCaller) -> Result<HttpResponse, ApiError> {
    let me = a.advocate.account_id;
    let list =
        a.db.read(move |c| Ok::<_, CheckinError>(alerts::of_advocate(c, &me)?))
            .await?;
    Ok(crate::advocates::private().json(json!({ "alerts": list })))
}

async fn dismiss(a: AdvocateCaller, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let (me, id) = (a.advocate.account_id, id.into_inner());
    if !a.db.write(move |c| alerts::dismiss(c, &me, &id)).await? {
        return Err(ApiError::not_found());
    }
    Ok(HttpResponse::NoContent().finish())
}
