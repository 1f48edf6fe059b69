//! HTTP only, for two-step sign-in (`mfa.rs`): the bearer token first, as GoTrue's middleware does.

use actix_web::{HttpRequest, HttpResponse, web};

use crate::auth::errors::AuthResult;
use crate::auth::http::request::{bearer, peer_ip};
use crate::auth::service::AuthService;

type Service = web::Data<AuthService>;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/factors", web::post().to(enroll))
        .route("/factors/{factor_id}/challenge", web::post().to(challenge))
        .route("/factors/{factor_id}/verify", web::post().to(verify))
        .route("/factors/{factor_id}", web::delete().to(unenroll));
}

async fn enroll(s: Service, req: HttpRequest, body: web::Bytes) -> AuthResult<HttpResponse> {
    let auth = s.authenticate(bearer(&req)).await?;
    Ok(HttpResponse::Ok().json(s.mfa_enroll(auth, &body).await?))
}

async fn challenge(
    s: Service,
    req: HttpRequest,
    id: web::Path<String>,
) -> AuthResult<HttpResponse> {
    let auth = s.authenticate(bearer(&req)).await?;
    Ok(HttpResponse::Ok().json(s.mfa_challenge(auth, &id, peer_ip(&req)).await?))
}

async fn verify(
    s: Service,
    req: HttpRequest,
    id: web::Path<String>,
    body: web::Bytes,
) -> AuthResult<HttpResponse> {
    let auth = s.authenticate(bearer(&req)).await?;
    s.limit_token_ip(peer_ip(&req))?;
    Ok(HttpResponse::Ok().json(s.mfa_verify(auth, &id, &body, peer_ip(&req)).await?))
}

async fn unenroll(s: Service, req: HttpRequest, id: web::Path<String>) -> AuthResult<HttpResponse> {
    let auth = s.authenticate(bearer(&req)).await?;
    Ok(HttpResponse::Ok().json(s.mfa_unenroll(auth, &id).await?))
}
