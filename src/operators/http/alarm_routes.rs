//! `GET /api/operator/alarms` (the check-ins' report: counts and the current problem, nothing of hers)
//! and `POST /api/operator/test-email` (a test message to an address the operator types).

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use super::Operator;
use crate::checkin::CheckinState;
use crate::error::ApiError;
use crate::operators::OperatorsState;
use crate::operators::use_cases::alarms;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/alarms", web::get().to(report))
        .route("/test-email", web::post().to(test_email));
}

async fn report(Operator(actor): Operator) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(alarms::report(&actor).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct To {
    to: String,
}

async fn test_email(
    Operator(actor): Operator,
    operators: web::Data<OperatorsState>,
    checkin: web::Data<CheckinState>,
    body: web::Json<To>,
) -> Result<HttpResponse, ApiError> {
    Ok(
        match alarms::send_test(&actor, &operators, &checkin, &body.to).await? {
            Ok(sent) => HttpResponse::Ok().json(sent),
            Err(e) => HttpResponse::build(e.status()).json(e.body()),
        },
    )
}
