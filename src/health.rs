//! `GET /health`: 200 when the database answers, 503 when it does not. Other methods get a JSON 405.

use std::time::Duration;

use actix_web::http::header;
use actix_web::{HttpResponse, Resource, web};
use serde_json::json;

use crate::db::Db;

const DB_TIMEOUT: Duration = Duration::from_secs(2);

pub fn resource() -> Resource {
    web::resource("/health")
        .route(web::get().to(health))
        .route(web::head().to(health))
        .default_service(web::to(method_not_allowed))
}

async fn method_not_allowed() -> HttpResponse {
    HttpResponse::MethodNotAllowed()
        .insert_header((header::ALLOW, "GET, HEAD"))
        .json(json!({
            "error": "method_not_allowed",
            "message": "This address only answers GET.",
        }))
}

pub async fn health(db: web::Data<Db>) -> HttpResponse {
    let ok = matches!(
        tokio::time::timeout(DB_TIMEOUT, db.ping()).await,
        Ok(Ok(()))
    );
    let body = json!({
        "status": if ok { "ok" } else { "unavailable" },
        "database": if ok { "ok" } else { "unavailable" },
        "version": env!("CARGO_PKG_VERSION"),
    });
    if ok {
        HttpResponse::Ok().json(body)
    } else {
        HttpResponse::ServiceUnavailable().json(body)
    }
}
