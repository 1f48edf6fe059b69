//! The two sides of the advocates' area as extractors: an advocate whose session has passed two-step
//! sign-in, and a survivor. Which side an account is on is its role (`users.role`), asked through
//! `SignedIn::in_role` as every /api route asks it; each side refuses every other role (403 `wrong_area`).

use actix_web::{FromRequest, HttpRequest};
use futures_util::future::LocalBoxFuture;

use crate::accounts::role::Role;
use crate::advocates::store::advocates::Advocate;
use crate::advocates::use_cases::caller;
use crate::db::Db;
use crate::error::ApiError;
use crate::vault::SignedIn;

/// An advocate whose session has passed two-step sign-in.
pub struct AdvocateCaller {
    pub db: Db,
    pub advocate: Advocate,
}

impl FromRequest for AdvocateCaller {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let SignedIn { account, db } = SignedIn::in_role(&req, Role::Advocate).await?;
            let advocate = caller::advocate(&db, account).await?;
            Ok(Self { db, advocate })
        })
    }
}

/// A survivor: a signed-in account whose role is a survivor's.
pub struct SurvivorCaller {
    pub db: Db,
    pub id: String,
}

impl FromRequest for SurvivorCaller {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let SignedIn { account, db } = SignedIn::in_role(&req, Role::Survivor).await?;
            Ok(Self { db, id: account })
        })
    }
}
