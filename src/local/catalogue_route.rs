//! `GET /api/locales/<code>.json`: an operator's catalogue, for the page that shows that language.

use actix_web::{HttpResponse, http::header, web};

use crate::error::ApiError;
use crate::local::catalogues::OperatorCatalogues;

pub async fn get(
    catalogues: web::Data<OperatorCatalogues>,
    file: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let code = file.strip_suffix(".json").ok_or_else(ApiError::not_found)?;
    let catalogue = catalogues.0.get(code).ok_or_else(ApiError::not_found)?;
    // no-cache: a corrected file shows after a restart, without waiting for a browser cache to expire.
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .json(catalogue))
}
