//! The console's HTTP side: the gate that answers 404 outside the networks `[operator]` allows
//! (`gate.rs`), the extractor that lets only operators past two-step sign-in in (`Operator`), and the
//! routes under `/api/operator` (`account_routes.rs`, `advocate_routes.rs`, `alarm_routes.rs`, `audit_routes.rs`).

mod account_routes;
mod advocate_routes;
mod alarm_routes;
mod audit_routes;
pub mod gate;

use actix_web::{FromRequest, HttpRequest, HttpResponse, web};
use serde_json::json;

use crate::accounts::role::Role;
use crate::error::ApiError;
use crate::operators::use_cases::Actor;
use crate::operators::use_cases::operator_accounts::signed_in_operator;
use crate::vault::SignedIn;

/// Mounts `/operator/...` inside the `/api` scope, behind the gate.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/operator")
            .wrap(actix_web::middleware::from_fn(gate::guard))
            .route("/me", web::get().to(me))
            .configure(account_routes::configure)
            .configure(advocate_routes::configure)
            .configure(alarm_routes::configure)
            .configure(audit_routes::configure)
            .default_service(web::to(crate::error::api_not_found)),
    );
}

/// An operator whose session passed two-step sign-in: 401 without a valid token, 403 `wrong_area` for a
/// survivor's or an advocate's, 403 `two_step_needed` before an authenticator is set up.
pub struct Operator(pub Actor);

impl FromRequest for Operator {
    type Error = ApiError;
    type Future = futures_util::future::LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let signed_in = SignedIn::in_role(&req, Role::Operator).await?;
            // The auth service already asked for the second step of a session whose account has one.
            Ok(Self(
                signed_in_operator(signed_in.db, signed_in.account).await?,
            ))
        })
    }
}

async fn me(Operator(actor): Operator) -> HttpResponse {
    HttpResponse::Ok().json(json!({ "name": actor.name, "two_step": true }))
}
