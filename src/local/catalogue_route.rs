//! `GET /api/locales/<code>.json`: an operator's catalogue, for the page that shows that language,
//! compressed like the app's own files (once, when first asked for).

use std::collections::BTreeMap;

use actix_web::{HttpRequest, HttpResponse, web};

use crate::assets::{Asset, generated_asset, respond};
use crate::error::ApiError;
use crate::local::catalogues::OperatorCatalogues;

/// Each language file as it is served: its JSON with brotli and gzip copies.
pub struct ServedCatalogues(BTreeMap<String, Asset>);

impl ServedCatalogues {
    pub fn new(catalogues: &OperatorCatalogues) -> Self {
        Self(
            catalogues
                .0
                .iter()
                .map(|(code, value)| {
                    let json = serde_json::to_vec(value).expect("a JSON value serialises");
                    // no-cache: a corrected file shows after a restart, without waiting for a cache.
                    (code.clone(), generated_asset(json, "application/json"))
                })
                .collect(),
        )
    }
}

pub async fn get(
    req: HttpRequest,
    catalogues: web::Data<ServedCatalogues>,
    file: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let code = file.strip_suffix(".json").ok_or_else(ApiError::not_found)?;
    let catalogue = catalogues.0.get(code).ok_or_else(ApiError::not_found)?;
    Ok(respond(&req, catalogue, false))
}
