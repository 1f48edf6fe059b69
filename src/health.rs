//! `GET /health`: 200 when the database answers, 503 when it does not. While alarm e-mails fail (or one was
//! given up in the last day) it says `degraded` with the reasons in plain words, still 200: a load
//! balancer keeps the box, whose alarms wait for the mail server, not for it. Other methods get a JSON 405.

use std::time::Duration;

use actix_web::http::header;
use actix_web::{HttpResponse, Resource, web};
use serde_json::json;

use crate::checkin::use_cases::alarm_report::health_reasons;
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
    let reasons = match ok {
        true => tokio::time::timeout(DB_TIMEOUT, health_reasons(&db))
            .await
            .ok()
            .and_then(Result::ok)
            .unwrap_or_default(),
        false => Vec::new(),
    };
    let status = match (ok, reasons.is_empty()) {
        (false, _) => "unavailable",
        (true, true) => "ok",
        (true, false) => "degraded",
    };
    let body = json!({
        "status": status,
        "database": if ok { "ok" } else { "unavailable" },
        "reasons": reasons,
        "version": env!("CARGO_PKG_VERSION"),
    });
    if ok {
        HttpResponse::Ok().json(body)
    } else {
        HttpResponse::ServiceUnavailable().json(body)
    }
}
