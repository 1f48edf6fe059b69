//! The GoTrue-compatible auth service under `/auth/v1`.

pub mod config;

use actix_web::{HttpResponse, web};

/// Registers the auth routes inside the `/auth/v1` scope.
pub fn configure(_cfg: &mut web::ServiceConfig) {}

/// Any path GoTrue does not have: a 404 in GoTrue's legacy error form.
pub async fn not_found() -> HttpResponse {
    HttpResponse::NotFound().json(serde_json::json!({
        "code": 404, "error_code": "not_found", "msg": "Not found"
    }))
}
