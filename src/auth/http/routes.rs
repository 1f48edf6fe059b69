//! HTTP only: read the request, call the service, write the answer. Errors become GoTrue JSON in
//! `wire::render`.

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use serde_json::json;

use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::http::request::{self, bearer, peer_ip, require_json};
use crate::auth::service::AuthService;
use crate::auth::use_cases::google_callback::{CallbackParams, Redirect};
use crate::auth::use_cases::google_flow::AuthorizeParams;
use crate::auth::use_cases::logout::parse_scope;
use crate::auth::use_cases::recovery::VerifyParams;
use crate::auth::use_cases::signup::SignUpFrom;

/// Largest request body accepted under /auth/v1; larger ones get 413.
pub const BODY_LIMIT: usize = 64 * 1024;

type Service = web::Data<AuthService>;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.app_data(web::PayloadConfig::new(BODY_LIMIT))
        .app_data(
            web::JsonConfig::default()
                .limit(BODY_LIMIT)
                .error_handler(request::json_error),
        )
        .app_data(web::QueryConfig::default().error_handler(request::query_error))
        .app_data(
            web::FormConfig::default()
                .limit(BODY_LIMIT)
                .error_handler(request::form_error),
        )
        .route("/settings", web::get().to(settings))
        .route("/health", web::get().to(health))
        .route("/.well-known/jwks.json", web::get().to(jwks))
        .route("/signup", web::post().to(signup))
        .route("/token", web::post().to(token))
        .route("/user", web::get().to(get_user))
        .route("/user", web::put().to(update_user))
        .route("/logout", web::post().to(logout))
        .route("/logout/offline", web::post().to(logout_later))
        .route("/user/delete", web::post().to(delete_own_account))
        .route("/verify", web::get().to(verify))
        .route("/verify", web::post().to(verify_post))
        .route("/authorize", web::get().to(authorize))
        .route("/callback", web::get().to(callback_get))
        .route("/callback", web::post().to(callback_post))
        .configure(crate::auth::http::admin_routes::configure)
        .configure(crate::auth::http::mfa_routes::configure)
        .configure(crate::auth::http::disabled::configure);
}

async fn settings(s: Service) -> HttpResponse {
    HttpResponse::Ok().json(s.settings())
}

async fn health() -> HttpResponse {
    HttpResponse::Ok().json(json!({
        "version": env!("CARGO_PKG_VERSION"),
        "name": "GoTrue",
        "description": "Solace's GoTrue-compatible auth service",
    }))
}

async fn jwks(s: Service) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "public, max-age=600"))
        .json(s.jwks())
}

#[derive(Deserialize)]
struct SignupQuery {
    /// Where a confirmation e-mail's link lands (auth-js `emailRedirectTo`).
    redirect_to: Option<String>,
}

async fn signup(
    s: Service,
    req: HttpRequest,
    query: web::Query<SignupQuery>,
    body: web::Bytes,
) -> AuthResult<HttpResponse> {
    s.limit_signup_ip(peer_ip(&req))?;
    require_json(&req)?;
    let from = SignUpFrom {
        client: peer_ip(&req),
        language: request::mail_language(&req),
        redirect_to: query.into_inner().redirect_to,
    };
    let answer = s.signup(&body, from).await?;
    Ok(HttpResponse::Ok().json(answer))
}

#[derive(Deserialize)]
struct TokenQuery {
    grant_type: Option<String>,
}

async fn token(
    s: Service,
    req: HttpRequest,
    query: web::Query<TokenQuery>,
    body: web::Bytes,
) -> AuthResult<HttpResponse> {
    s.limit_token_ip(peer_ip(&req))?;
    require_json(&req)?;
    let session = match query.grant_type.as_deref() {
        Some("password") => s.sign_in_password(&body, peer_ip(&req)).await?,
        Some("refresh_token") => s.refresh(&body).await?,
        Some("pkce") => s.exchange_pkce(&body).await?,
        Some("web3") => return Err(AuthError::Web3ProviderDisabled),
        _ => return Err(AuthError::UnsupportedGrantType),
    };
    Ok(HttpResponse::Ok().json(session))
}

async fn get_user(s: Service, req: HttpRequest) -> AuthResult<HttpResponse> {
    let auth = s.authenticate(bearer(&req)).await?;
    Ok(HttpResponse::Ok().json(auth.user.to_json()))
}

async fn update_user(s: Service, req: HttpRequest, body: web::Bytes) -> AuthResult<HttpResponse> {
    let auth = s.authenticate(bearer(&req)).await?;
    let user = s.update_user(auth, &body).await?;
    Ok(HttpResponse::Ok().json(user.to_json()))
}

#[derive(Deserialize)]
struct LogoutQuery {
    scope: Option<String>,
}

async fn logout(
    s: Service,
    req: HttpRequest,
    query: web::Query<LogoutQuery>,
) -> AuthResult<HttpResponse> {
    let scope = parse_scope(query.scope.as_deref())?;
    let auth = s.authenticate(bearer(&req)).await?;
    s.logout(auth, scope).await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn authorize(
    s: Service,
    req: HttpRequest,
    query: web::Query<AuthorizeParams>,
) -> AuthResult<HttpResponse> {
    s.limit_authorize_ip(peer_ip(&req))?;
    let referer = req
        .headers()
        .get(header::REFERER)
        .and_then(|v| v.to_str().ok());
    let location = s.authorize(query.into_inner(), referer).await?;
    Ok(HttpResponse::Found()
        .insert_header((header::LOCATION, location))
        .finish())
}

async fn logout_later(s: Service, req: HttpRequest, body: web::Bytes) -> AuthResult<HttpResponse> {
    require_json(&req)?;
    s.logout_later(&body).await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn delete_own_account(
    s: Service,
    req: HttpRequest,
    body: web::Bytes,
) -> AuthResult<HttpResponse> {
    s.limit_token_ip(peer_ip(&req))?;
    let auth = s.authenticate(bearer(&req)).await?;
    require_json(&req)?;
    s.delete_own_account(auth, &body, peer_ip(&req)).await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn verify(
    s: Service,
    req: HttpRequest,
    query: web::Query<VerifyParams>,
) -> AuthResult<HttpResponse> {
    s.limit_token_ip(peer_ip(&req))?;
    let location = s.verify(query.into_inner()).await?;
    Ok(HttpResponse::SeeOther()
        .insert_header((header::LOCATION, location))
        .finish())
}

async fn verify_post(s: Service, req: HttpRequest, body: web::Bytes) -> AuthResult<HttpResponse> {
    s.limit_token_ip(peer_ip(&req))?;
    let session = s.verify_post(&body).await?;
    Ok(HttpResponse::Ok().json(session))
}

async fn callback_get(s: Service, query: web::Query<CallbackParams>) -> HttpResponse {
    redirect(s.callback(query.into_inner()).await)
}

async fn callback_post(s: Service, form: web::Form<CallbackParams>) -> HttpResponse {
    redirect(s.callback(form.into_inner()).await)
}

fn redirect(r: Redirect) -> HttpResponse {
    let status = if r.early {
        StatusCode::SEE_OTHER
    } else {
        StatusCode::FOUND
    };
    HttpResponse::build(status)
        .insert_header((header::LOCATION, r.location))
        .finish()
}

/// Paths auth-js can call that this server does not offer (it sends no SMS, e-mail only for sign-ups, and has no phone or WebAuthn MFA,
/// SSO or invites; the admin API's other paths are not offered either) answer with GoTrue's error for a disabled feature; anything else is a 404.
pub async fn not_found(req: HttpRequest) -> AuthResult<HttpResponse> {
    let path = req
        .path()
        .strip_prefix("/auth/v1")
        .unwrap_or(req.path())
        .trim_end_matches('/');
    let first = path.trim_start_matches('/').split('/').next().unwrap_or("");
    Err(match first {
        "recover" | "verify" => AuthError::OtpDisabled,
        "sso" | "saml" => AuthError::SamlDisabled,
        "user" if path.starts_with("/user/identities") => AuthError::ManualLinkingDisabled,
        "admin" | "invite" => AuthError::NotAdmin,
        "signup" | "token" | "logout" | "settings" | "authorize" | "callback" | "user" | "otp"
        | "magiclink" | "resend" | "reauthenticate" | "factors" => AuthError::MethodNotAllowed,
        _ => AuthError::NotFound,
    })
}
