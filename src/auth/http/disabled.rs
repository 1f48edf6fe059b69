//! Features this server does not offer answer as GoTrue answers with them switched off, checked in
//! GoTrue's order, so a client reads the same status and error code from either server
//! (docs/auth-contract.md, "Features that are off"). Solace sends no SMS, e-mail only for sign-ups, and has no phone,
//! web3 or anonymous sign-in; two-step sign-in by phone or WebAuthn is refused in `mfa.rs`. Sign-up and password sign-in by phone
//! are refused in `signup.rs` and `password_grant.rs`, web3 in the `/token` handler.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use serde_json::json;

use crate::auth::errors::{AuthError, AuthResult, parse_json};
use crate::auth::http::request::{bearer, mail_language, peer_ip};
use crate::auth::service::AuthService;
use crate::auth::store::accounts;
use crate::auth::use_cases::signup::normalise_email;

type Service = web::Data<AuthService>;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/otp", web::post().to(otp))
        .route("/magiclink", web::post().to(magiclink))
        .route("/resend", web::post().to(resend))
        .route("/reauthenticate", web::get().to(reauthenticate));
}

fn given(field: Option<String>) -> String {
    field.unwrap_or_default()
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct OtpBody {
    email: Option<String>,
    phone: Option<String>,
    create_user: Option<bool>,
    channel: Option<String>,
}

/// `POST /otp` (auth-js `signInWithOtp`): a magic link by e-mail or a code by SMS, neither of which
/// this server sends.
async fn otp(s: Service, req: HttpRequest, body: web::Bytes) -> AuthResult<HttpResponse> {
    s.limit_token_ip(peer_ip(&req))?;
    let b: OtpBody = parse_json(&body)?;
    let (email, phone) = (given(b.email), given(b.phone));
    if !email.is_empty() && !phone.is_empty() {
        return Err(AuthError::validation(
            "Only an email address or phone number should be provided",
        ));
    }
    if !email.is_empty() && b.channel.is_some_and(|c| !c.is_empty()) {
        return Err(AuthError::validation(
            "Channel should only be specified with Phone OTP",
        ));
    }
    // `shouldCreateUser: false` asks for an existing account first: GoTrue answers otp_disabled for
    // an unknown (or unreadable) address or any phone, as no account here has a phone number.
    if b.create_user == Some(false) && (!email.is_empty() || !phone.is_empty()) {
        let known = match normalise_email(&email) {
            Ok(address) if !email.is_empty() => {
                accounts::find_by_email(&s.db, address).await?.is_some()
            }
            _ => false,
        };
        if !known {
            return Err(AuthError::OtpSignupsNotAllowed);
        }
    }
    Err(if !email.is_empty() {
        AuthError::MagicLinkDisabled
    } else if !phone.is_empty() {
        AuthError::PhoneOtpUnsupported
    } else {
        AuthError::validation("One of email or phone must be set")
    })
}

/// `POST /magiclink`: GoTrue refuses before reading the body.
async fn magiclink(s: Service, req: HttpRequest) -> AuthResult<HttpResponse> {
    s.limit_token_ip(peer_ip(&req))?;
    Err(AuthError::MagicLinkDisabled)
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct ResendBody {
    #[serde(rename = "type")]
    kind: Option<String>,
    email: Option<String>,
    phone: Option<String>,
}

/// `POST /resend`: by phone it is refused; by e-mail GoTrue answers 200 `{}` after checking the address,
/// and so do we. A waiting sign-up gets a new link when sign-ups are confirmed by e-mail
/// (`sign_up_by_mail.rs`); otherwise there is never anything to resend (every account is confirmed when it
/// is made and no address change is pending) and nothing is sent.
async fn resend(s: Service, req: HttpRequest, body: web::Bytes) -> AuthResult<HttpResponse> {
    s.limit_token_ip(peer_ip(&req))?;
    let b: ResendBody = parse_json(&body)?;
    let kind = b.kind.unwrap_or_default();
    let (email, phone) = (given(b.email), given(b.phone));
    if !matches!(
        kind.as_str(),
        "signup" | "email_change" | "sms" | "phone_change"
    ) {
        return Err(AuthError::validation(
            "Missing one of these types: signup, email_change, sms, phone_change",
        ));
    }
    if email.is_empty() && kind == "signup" {
        return Err(AuthError::validation(
            "Type provided requires an email address",
        ));
    }
    if phone.is_empty() && kind == "sms" {
        return Err(AuthError::validation(
            "Type provided requires a phone number",
        ));
    }
    if !email.is_empty() && !phone.is_empty() {
        return Err(AuthError::validation(
            "Only an email address or phone number should be provided.",
        ));
    }
    if !email.is_empty() {
        let email = normalise_email(&email)?;
        if kind == "signup" {
            s.resend_sign_up(email, peer_ip(&req), mail_language(&req))
                .await?;
        }
        return Ok(HttpResponse::Ok().json(json!({})));
    }
    if !phone.is_empty() {
        return Err(AuthError::PhoneResendDisabled);
    }
    Err(AuthError::validation(
        "Missing email address or phone number",
    ))
}

/// `GET /reauthenticate`: the bearer token first, as GoTrue's middleware does. GoTrue has no switch
/// for this one (it would e-mail a code); with no e-mail to send, the answer is its code for one-time
/// codes that are not available.
async fn reauthenticate(s: Service, req: HttpRequest) -> AuthResult<HttpResponse> {
    s.authenticate(bearer(&req)).await?;
    Err(AuthError::OtpDisabled)
}
