//! `GET /api/vault/secret`: the signed-in account's vault secret, to a valid session only.

use actix_web::http::StatusCode;
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Serialize;

use super::{SignedIn, Vault, VaultError};
use crate::error::ApiError;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/vault/secret", web::get().to(secret));
}

#[derive(Serialize)]
struct Answer {
    secret: String,
}

/// Kept out of every cache by `crate::http::security_headers`, as every `/api` answer is.
async fn secret(me: SignedIn, vault: web::Data<Vault>) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(Answer {
        secret: vault.secret_for(&me.account),
    }))
}

/// The Bearer token of a request, if it has a non-empty one.
pub fn bearer(req: &HttpRequest) -> Option<&str> {
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.trim().split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then_some(token.trim())
        .filter(|t| !t.is_empty())
}

impl From<VaultError> for ApiError {
    fn from(e: VaultError) -> Self {
        match e {
            VaultError::NotSignedIn => ApiError::new(
                StatusCode::UNAUTHORIZED,
                "not_signed_in",
                "Please sign in again to open your private space.",
            ),
            VaultError::AuthUnavailable => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "auth_unavailable",
                "The sign-in service is not answering. Please try again in a moment.",
            ),
            VaultError::Key(..) | VaultError::Setup(_) => ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal_error",
                "Something went wrong on the server.",
            ),
        }
    }
}
