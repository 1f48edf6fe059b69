//! `GET /health`: 200 when the database answers, 503 when it does not.

use std::time::Duration;

use actix_web::{HttpResponse, web};
use serde_json::json;

use crate::db::Db;

const DB_TIMEOUT: Duration = Duration::from_secs(2);

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
