//! Who is signed in: the one extractor every `/api` route that acts for an account starts from (the vault
//! secret, the encrypted copy, Web Push, check-ins, advocates). The account a request's Bearer token names,
//! checked as for the vault secret (all steps of sign-in, an external GoTrue's keys when one is
//! configured), with the database. It lives with the vault because the external service's keys are checked
//! here (`jwks.rs`), the lowest floor that knows both kinds of token.
//!
//! It answers in which role too (`accounts::role`): the routes that act for a survivor or an advocate
//! take `SignedIn`, which refuses an operator's token (403 `wrong_area`); the advocates' two sides
//! (`src/advocates/http/callers.rs`) and the operator's console (`src/operators/http/`) take
//! `SignedIn::in_role`, which refuses every role but theirs.

use actix_web::http::StatusCode;
use actix_web::{FromRequest, HttpRequest, web};

use super::Vault;
use crate::accounts::role::{self, Role};
use crate::auth::AuthService;
use crate::db::Db;
use crate::error::ApiError;

pub struct SignedIn {
    pub account: String,
    pub db: Db,
}

/// 401 `not_signed_in` without a valid session (503 when an external auth service's keys cannot be had).
impl FromRequest for SignedIn {
    type Error = ApiError;
    type Future = futures_util::future::LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { Ok(Self::with_session(&req).await?.0) })
    }
}

impl SignedIn {
    pub async fn of(req: &HttpRequest) -> Result<Self, ApiError> {
        Self::extract(req).await
    }

    /// As the extractor, with the sign-in session the token belongs to (`Vault::session_of`): the
    /// check-in's PIN tells her sessions from others (docs/checkin.md, "His wrong PINs").
    pub async fn with_session(req: &HttpRequest) -> Result<(Self, Option<String>), ApiError> {
        let (signed_in, role, session) = Self::in_any_role(req).await?;
        if role == Role::Operator {
            return Err(wrong_area());
        }
        Ok((signed_in, session))
    }

    /// Who is signed in, refused (403 `wrong_area`) unless the account's role is `role`: the one answer to
    /// "in which role" of the advocates' two sides and of the operator's console.
    pub async fn in_role(req: &HttpRequest, role: Role) -> Result<Self, ApiError> {
        let (signed_in, theirs, _) = Self::in_any_role(req).await?;
        if theirs != role {
            return Err(wrong_area());
        }
        Ok(signed_in)
    }

    /// Who is signed in and in which role, refusing no role: what `SignedIn` and `in_role` refuse by.
    async fn in_any_role(req: &HttpRequest) -> Result<(Self, Role, Option<String>), ApiError> {
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
        let account = of.account.clone();
        let role = db.read(move |c| role::of(c, &account)).await.map_err(|e| {
            tracing::error!(error = %e, "cannot read an account's role");
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "server_busy",
                "The server is busy. Please try again in a moment.",
            )
        })?;
        let signed_in = Self {
            account: of.account,
            db: db.get_ref().clone(),
        };
        Ok((signed_in, role, of.session))
    }
}

/// 403 for a token of an account whose role this area is not for.
pub fn wrong_area() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        "wrong_area",
        "This page is not for this account.",
    )
}
