//! `/api/operator/accounts`: one survivor's account found by her full address or sign-in name, and what
//! an operator may do to it.

use actix_web::{HttpResponse, web};
use serde::Deserialize;
use serde_json::json;

use super::Operator;
use crate::error::ApiError;
use crate::operators::OperatorsState;
use crate::operators::use_cases::accounts::{self, Action};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/accounts", web::get().to(find))
        .route("/accounts/{id}", web::delete().to(delete))
        .route("/accounts/{id}/disable", web::post().to(disable))
        .route("/accounts/{id}/enable", web::post().to(enable))
        .route("/accounts/{id}/sign-out", web::post().to(sign_out))
        .route(
            "/accounts/{id}/remove-factors",
            web::post().to(remove_factors),
        )
        .route(
            "/accounts/{id}/recovery-link",
            web::post().to(recovery_link),
        );
}

#[derive(Deserialize)]
struct Find {
    #[serde(default)]
    find: String,
}

async fn find(
    Operator(actor): Operator,
    query: web::Query<Find>,
) -> Result<HttpResponse, ApiError> {
    let a = accounts::find(&actor, &query.find).await?;
    Ok(HttpResponse::Ok().json(json!({ "account": {
        "id": a.id,
        "created_at": a.created_at,
        "last_sign_in_at": a.last_sign_in_at,
        "two_step": a.two_step,
        "disabled": a.disabled,
        "copy_bytes": a.copy_bytes,
        "checkin_running": a.checkin_running,
        "advocates": a.advocates,
    }})))
}

async fn act(
    state: web::Data<OperatorsState>,
    actor: Operator,
    id: web::Path<String>,
    action: Action,
) -> Result<HttpResponse, ApiError> {
    accounts::act(&state, &actor.0, id.into_inner(), action).await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn disable(
    s: web::Data<OperatorsState>,
    o: Operator,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    act(s, o, id, Action::Disable).await
}

async fn enable(
    s: web::Data<OperatorsState>,
    o: Operator,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    act(s, o, id, Action::Enable).await
}

async fn sign_out(
    s: web::Data<OperatorsState>,
    o: Operator,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    act(s, o, id, Action::SignOut).await
}

async fn remove_factors(
    s: web::Data<OperatorsState>,
    o: Operator,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    act(s, o, id, Action::RemoveFactors).await
}

async fn delete(
    s: web::Data<OperatorsState>,
    o: Operator,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    act(s, o, id, Action::Delete).await
}

async fn recovery_link(
    state: web::Data<OperatorsState>,
    Operator(actor): Operator,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let link = accounts::recovery_link(&state, &actor, id.into_inner()).await?;
    Ok(HttpResponse::Ok().json(json!({ "link": link })))
}
