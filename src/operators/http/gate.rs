//! The console's gate: `/operator` (its pages) and `/api/operator/*` answer 404, as if nothing were there,
//! to any client `[operator] enabled` does not let in (src/operators/config.rs). The client is the address
//! `src/http/client_address.rs` resolved; a request that came through a proxy the operator did not list
//! in `server.trusted_proxies` is not let in by "local", since its sender is not known (a reverse proxy
//! on this machine would otherwise make every visitor look like this machine).

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{HttpRequest, ResponseError, web};

use crate::error::ApiError;
use crate::http::client_address::{ClientIp, forwarded_by_stranger};
use crate::operators::OperatorsState;
use crate::operators::config::ConsoleReach;

/// Whether the console answers this request.
pub fn allows(req: &HttpRequest) -> bool {
    let Some(state) = req.app_data::<web::Data<OperatorsState>>() else {
        return false;
    };
    let Some(client) = ClientIp::of(req) else {
        return false;
    };
    if state.config.enabled == ConsoleReach::Local && forwarded_by_stranger(req) {
        return false;
    }
    state.config.allows(client)
}

/// Middleware: 404 in the `/api` format before anything else when the gate is closed.
pub async fn guard(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    if !allows(req.request()) {
        let (req, _) = req.into_parts();
        let res = ApiError::not_found().error_response();
        return Ok(ServiceResponse::new(req, res).map_into_right_body());
    }
    Ok(next.call(req).await?.map_into_left_body())
}
