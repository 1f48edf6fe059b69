//! HTTP only, for the admin API (`admin.rs`): every route checks the service-role token first, as
//! GoTrue's middleware does, then calls one use case.

use std::collections::BTreeMap;

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use serde_json::json;

use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::http::request::bearer;
use crate::auth::service::AuthService;
use crate::auth::use_cases::admin::{DEFAULT_PER_PAGE, MAX_PER_PAGE};

type Service = web::Data<AuthService>;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/admin/users", web::get().to(list))
        .route("/admin/users", web::post().to(create))
        .route("/admin/users/{id}", web::get().to(get))
        .route("/admin/users/{id}", web::put().to(update))
        .route("/admin/users/{id}", web::delete().to(delete))
        .route("/admin/generate_link", web::post().to(generate_link))
        .route("/admin/users/{id}/factors", web::get().to(list_factors))
        .route(
            "/admin/users/{id}/factors/{factor_id}",
            web::delete().to(delete_factor),
        );
}

async fn list(s: Service, req: HttpRequest) -> AuthResult<HttpResponse> {
    s.require_admin(bearer(&req), "list_users")?;
    let query: BTreeMap<String, String> =
        url::form_urlencoded::parse(req.query_string().as_bytes())
            .into_owned()
            .collect();
    let number = |name: &str, default: u64| -> AuthResult<u64> {
        match query.get(name).filter(|v| !v.is_empty()) {
            None => Ok(default),
            Some(v) => v.parse().map_err(|e| {
                AuthError::validation(format!("Bad Pagination Parameters: {name} {v:?}: {e}"))
            }),
        }
    };
    let page = number("page", 1)?.max(1);
    let per_page = match number("per_page", DEFAULT_PER_PAGE)? {
        0 => DEFAULT_PER_PAGE,
        n => n.min(MAX_PER_PAGE),
    };
    let result = s.admin_list(page, per_page).await?;
    Ok(HttpResponse::Ok()
        .insert_header((
            header::LINK,
            links(&req, &query, page, per_page, result.total),
        ))
        .insert_header(("X-Total-Count", result.total.to_string()))
        .json(json!({ "users": result.users, "aud": "authenticated" })))
}

/// GoTrue's pagination `Link` header: the next page (when there is one) and the last, each the
/// request's own path and query with `page` replaced, keys in sorted order as Go writes them
/// (auth-js reads the page number right after the first `=`).
fn links(
    req: &HttpRequest,
    query: &BTreeMap<String, String>,
    page: u64,
    per_page: u64,
    total: u64,
) -> String {
    let pages = total.div_ceil(per_page);
    let with_page = |n: u64| {
        let mut q = query.clone();
        q.insert("page".into(), n.to_string());
        let encoded = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(q.iter())
            .finish();
        format!("<{}?{encoded}>", req.path())
    };
    let mut header = String::new();
    if pages > page {
        header.push_str(&format!("{}; rel=\"next\", ", with_page(page + 1)));
    }
    header.push_str(&format!("{}; rel=\"last\"", with_page(pages)));
    header
}

async fn create(s: Service, req: HttpRequest, body: web::Bytes) -> AuthResult<HttpResponse> {
    s.require_admin(bearer(&req), "create_user")?;
    Ok(HttpResponse::Ok().json(s.admin_create(&body).await?))
}

async fn get(s: Service, req: HttpRequest, id: web::Path<String>) -> AuthResult<HttpResponse> {
    s.require_admin(bearer(&req), "get_user")?;
    Ok(HttpResponse::Ok().json(s.admin_get(&id).await?))
}

async fn update(
    s: Service,
    req: HttpRequest,
    id: web::Path<String>,
    body: web::Bytes,
) -> AuthResult<HttpResponse> {
    s.require_admin(bearer(&req), "update_user")?;
    Ok(HttpResponse::Ok().json(s.admin_update(&id, &body).await?))
}

/// GoTrue's `should_soft_delete` is not offered: the account is always removed for good.
async fn delete(s: Service, req: HttpRequest, id: web::Path<String>) -> AuthResult<HttpResponse> {
    s.require_admin(bearer(&req), "delete_user")?;
    s.admin_delete(&id).await?;
    Ok(HttpResponse::Ok().json(json!({})))
}

async fn generate_link(s: Service, req: HttpRequest, body: web::Bytes) -> AuthResult<HttpResponse> {
    s.require_admin(bearer(&req), "generate_link")?;
    Ok(HttpResponse::Ok().json(s.admin_generate_link(&body).await?))
}

async fn list_factors(
    s: Service,
    req: HttpRequest,
    id: web::Path<String>,
) -> AuthResult<HttpResponse> {
    s.require_admin(bearer(&req), "list_factors")?;
    Ok(HttpResponse::Ok().json(s.admin_list_factors(&id).await?))
}

async fn delete_factor(
    s: Service,
    req: HttpRequest,
    path: web::Path<(String, String)>,
) -> AuthResult<HttpResponse> {
    s.require_admin(bearer(&req), "delete_factor")?;
    let (id, factor_id) = path.into_inner();
    Ok(HttpResponse::Ok().json(s.admin_delete_factor(&id, &factor_id).await?))
}
