//! `GET /api/operator/health`: the console's Health page. It sits with the report it answers, a floor above
//! the console's other routes, behind the same gate and the same operator-only extractor.

use actix_web::{HttpResponse, web};

use super::Operations;
use crate::operators::gate;
use crate::operators::http::Operator;

/// Mounted in the `/api` scope before the console's own `/operator` scope, which would otherwise answer it.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/operator/health")
            .wrap(actix_web::middleware::from_fn(gate::guard))
            .route(web::get().to(health)),
    );
}

async fn health(_: Operator, operations: web::Data<Operations>) -> HttpResponse {
    HttpResponse::Ok().json(operations.health_report().await)
}
