//! The two sides of the advocates' area as extractors: an advocate whose session has passed two-step
//! sign-in, and a survivor (any signed-in account that is not an advocate). Each refuses the other kind of
//! account (`use_cases::caller`).

use actix_web::{FromRequest, HttpRequest};
use futures_util::future::LocalBoxFuture;

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

/// Who is signed in (`SignedIn`), then which side they are on.
fn side<T, F>(req: &HttpRequest, then: F) -> LocalBoxFuture<'static, Result<T, ApiError>>
where
    F: AsyncFnOnce(Db, String) -> Result<T, ApiError> + 'static,
{
    let req = req.clone();
    Box::pin(async move {
        let SignedIn { account, db } = SignedIn::of(&req).await?;
        then(db, account).await
    })
}

impl FromRequest for AdvocateCaller {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        side(req, async |db, account| {
            let advocate = caller::advocate(&db, account).await?;
            Ok(Self { db, advocate })
        })
    }
}

/// A survivor: any signed-in account that is not an advocate.
pub struct SurvivorCaller {
    pub db: Db,
    pub id: String,
}

impl FromRequest for SurvivorCaller {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        side(req, async |db, account| {
            let id = caller::survivor(&db, account).await?;
            Ok(Self { db, id })
        })
    }
}
