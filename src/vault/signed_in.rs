//! The account a request's Bearer token names, checked as for the vault secret (all steps of sign-in, an
//! external GoTrue's keys when one is configured), with the database: where each of her `/api` routes
//! beyond the vault starts (the encrypted copy, advocates).

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, web};

use super::Vault;
use crate::auth::AuthService;
use crate::db::Db;
use crate::error::ApiError;

pub struct SignedIn {
    pub account: String,
    pub db: Db,
}

impl SignedIn {
    pub async fn of(req: &HttpRequest) -> Result<Self, ApiError> {
        Ok(Self::with_session(req).await?.0)
    }

    /// As `of`, with the sign-in session the token belongs to (`Vault::session_of`): the check-in's PIN
    /// tells her sessions from others (docs/checkin.md, "His wrong PINs").
    pub async fn with_session(req: &HttpRequest) -> Result<(Self, Option<String>), ApiError> {
        let missing = |what: &str| {
            tracing::error!("a route is missing the server's {what}");
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal_error",
                "Something went wrong on the server.",
            )
        };
        let vault = req
            .app_data::<web::Data<Vault>>()
            .ok_or_else(|| missing("vault"))?;
        let auth = req
            .app_data::<web::Data<AuthService>>()
            .ok_or_else(|| missing("auth service"))?;
        let db = req
            .app_data::<web::Data<Db>>()
            .ok_or_else(|| missing("database"))?;
        let of = vault.session_of(super::bearer(req), auth).await?;
        let signed_in = Self {
            account: of.account,
            db: db.get_ref().clone(),
        };
        Ok((signed_in, of.session))
    }
}
