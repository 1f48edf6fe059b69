//! `/api/operator/advocates`: the advocates with their pairings and last activity, a new one with a set-up
//! link, one removed, one's two-step sign-in reset.

use actix_web::{HttpResponse, web};
use serde::Deserialize;
use serde_json::json;

use super::Operator;
use crate::error::ApiError;
use crate::operators::OperatorsState;
use crate::operators::use_cases::advocates;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/advocates", web::get().to(list))
        .route("/advocates", web::post().to(add))
        .route("/advocates/{id}", web::delete().to(remove))
        .route(
            "/advocates/{id}/reset-two-step",
            web::post().to(reset_two_step),
        );
}

async fn list(Operator(actor): Operator) -> Result<HttpResponse, ApiError> {
    let all: Vec<_> = advocates::list(&actor)
        .await?
        .into_iter()
        .map(|a| {
            json!({
                "id": a.id,
                "name": a.name,
                "email_masked": a.email_masked,
                "created_at": a.created_at,
                "set_up": a.set_up,
                "two_step": a.two_step,
                "pairings": a.pairings,
                "last_active_at": a.last_active_at,
            })
        })
        .collect();
    Ok(HttpResponse::Ok().json(json!({ "advocates": all })))
}

#[derive(Deserialize)]
struct NewAdvocate {
    email: String,
    name: String,
}

async fn add(
    state: web::Data<OperatorsState>,
    Operator(actor): Operator,
    body: web::Json<NewAdvocate>,
) -> Result<HttpResponse, ApiError> {
    let NewAdvocate { email, name } = body.into_inner();
    let added = advocates::add(&state, &actor, email, name).await?;
    Ok(HttpResponse::Created().json(json!({ "id": added.id, "link": added.link })))
}

async fn remove(
    Operator(actor): Operator,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    advocates::remove(&actor, id.into_inner()).await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn reset_two_step(
    Operator(actor): Operator,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    advocates::reset_two_step(&actor, id.into_inner()).await?;
    Ok(HttpResponse::NoContent().finish())
}
