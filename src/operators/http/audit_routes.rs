//! `GET /api/operator/audit?before=RFC3339&limit=50`: the operators' actions, newest first, a page at a
//! time.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, SecondsFormat};
use serde::Deserialize;
use serde_json::json;

use super::Operator;
use crate::error::ApiError;
use crate::operators::errors::OperatorError;
use crate::operators::use_cases::audit;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/audit", web::get().to(page));
}

#[derive(Deserialize)]
struct Page {
    before: Option<String>,
    limit: Option<u32>,
}

async fn page(
    Operator(actor): Operator,
    query: web::Query<Page>,
) -> Result<HttpResponse, ApiError> {
    let before = match query.before.as_deref() {
        None => None,
        Some(text) => Some(
            DateTime::parse_from_rfc3339(text)
                .map_err(|_| {
                    OperatorError::Invalid("before must be a date like 2026-11-29T04:00:00Z")
                })?
                .timestamp_millis(),
        ),
    };
    let page = audit::page(&actor.db, before, query.limit.unwrap_or(50)).await?;
    let entries: Vec<_> = page
        .entries
        .into_iter()
        .map(|e| {
            json!({
                "at": DateTime::from_timestamp_millis(e.at)
                    .map(|t| t.to_rfc3339_opts(SecondsFormat::Millis, true)),
                "operator": e.operator,
                "action": e.action,
                "account_id": e.account_id,
            })
        })
        .collect();
    Ok(HttpResponse::Ok().json(json!({ "entries": entries, "more": page.more })))
}
