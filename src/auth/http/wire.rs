//! The one mapping from `AuthError` to HTTP, in GoTrue's two wire forms: clients that
//! send `X-Supabase-Api-Version: 2024-01-01` or later (auth-js always does) get
//! `{"code": "<error_code>", "message": …}`; others get the legacy `{"code": <status>, "error_code", "msg"}`.
//! A middleware on the scope picks the form, because `ResponseError` cannot see the request, and turns
//! every other 4xx/5xx (actix extractor errors, 404, 405, 413) into the same JSON.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{HttpResponse, ResponseError};
use serde_json::{Value, json};

use crate::auth::errors::AuthError;

pub const API_VERSION_HEADER: HeaderName = HeaderName::from_static("x-supabase-api-version");
const ERROR_CODE_HEADER: HeaderName = HeaderName::from_static("x-sb-error-code");
/// The first API version whose errors carry the string code in `code`.
const API_2024: &str = "2024-01-01";

/// The one table from a domain error to its HTTP status and GoTrue error code. GoTrue itself answers
/// some codes with two statuses, by where they arise: an access token's `session_not_found` and
/// `session_expired` are 403, a refresh token's are 400 (each is its own variant here).
pub fn status_and_code(e: &AuthError) -> (StatusCode, &'static str) {
    use AuthError as E;
    match e {
        E::Validation(_) => (StatusCode::BAD_REQUEST, "validation_failed"),
        E::BadJson(_) | E::NotJson => (StatusCode::BAD_REQUEST, "bad_json"),
        E::MetadataTooLarge { .. } => (StatusCode::PAYLOAD_TOO_LARGE, "request_entity_too_large"),
        E::MetadataTooDeep { .. } => (StatusCode::BAD_REQUEST, "validation_failed"),
        E::EmailChangeUnsupported | E::PhoneChangeUnsupported => {
            (StatusCode::UNPROCESSABLE_ENTITY, "validation_failed")
        }
        E::UnsupportedGrantType | E::InvalidCredentials => {
            (StatusCode::BAD_REQUEST, "invalid_credentials")
        }
        E::WeakPassword { .. } => (StatusCode::UNPROCESSABLE_ENTITY, "weak_password"),
        E::SamePassword => (StatusCode::UNPROCESSABLE_ENTITY, "same_password"),
        E::CurrentPasswordRequired => (StatusCode::BAD_REQUEST, "current_password_required"),
        E::CurrentPasswordInvalid => (StatusCode::BAD_REQUEST, "current_password_invalid"),
        E::SignupDisabled => (StatusCode::UNPROCESSABLE_ENTITY, "signup_disabled"),
        E::UserAlreadyExists => (StatusCode::UNPROCESSABLE_ENTITY, "user_already_exists"),
        E::EmailNotConfirmed => (StatusCode::BAD_REQUEST, "email_not_confirmed"),
        E::EmailAddressNotAccepted(_) => (StatusCode::BAD_REQUEST, "email_address_invalid"),
        E::UserBanned => (StatusCode::BAD_REQUEST, "user_banned"),
        E::ReauthenticationNeeded => (StatusCode::BAD_REQUEST, "reauthentication_needed"),
        E::CheckinRunning => (StatusCode::CONFLICT, "checkin_running"),
        E::AnonymousProviderDisabled => (
            StatusCode::UNPROCESSABLE_ENTITY,
            "anonymous_provider_disabled",
        ),
        E::PhoneProviderDisabled | E::PhoneResendDisabled | E::PhoneOtpUnsupported => {
            (StatusCode::BAD_REQUEST, "phone_provider_disabled")
        }
        E::PhoneLoginsDisabled => (StatusCode::UNPROCESSABLE_ENTITY, "phone_provider_disabled"),
        E::MagicLinkDisabled => (StatusCode::UNPROCESSABLE_ENTITY, "email_provider_disabled"),
        E::OtpSignupsNotAllowed => (StatusCode::UNPROCESSABLE_ENTITY, "otp_disabled"),
        E::Web3ProviderDisabled => (StatusCode::UNPROCESSABLE_ENTITY, "web3_provider_disabled"),
        E::MfaPhoneEnrollDisabled => (
            StatusCode::UNPROCESSABLE_ENTITY,
            "mfa_phone_enroll_not_enabled",
        ),
        E::MfaWebAuthnEnrollDisabled => (
            StatusCode::UNPROCESSABLE_ENTITY,
            "mfa_webauthn_enroll_not_enabled",
        ),
        E::FactorIdNotUuid => (StatusCode::NOT_FOUND, "validation_failed"),
        E::MfaFactorNotFound => (StatusCode::NOT_FOUND, "mfa_factor_not_found"),
        E::AalRequiredToEnroll => (StatusCode::FORBIDDEN, "insufficient_aal"),
        E::AalRequiredToUnenroll => (StatusCode::UNPROCESSABLE_ENTITY, "insufficient_aal"),
        E::AalRequiredToUpdate | E::MfaCodeRequired => {
            (StatusCode::UNAUTHORIZED, "insufficient_aal")
        }
        E::TooManyFactors => (
            StatusCode::UNPROCESSABLE_ENTITY,
            "too_many_enrolled_mfa_factors",
        ),
        E::FactorNameConflict(_) => (StatusCode::UNPROCESSABLE_ENTITY, "mfa_factor_name_conflict"),
        E::ChallengeNotFound => (StatusCode::UNPROCESSABLE_ENTITY, "mfa_factor_not_found"),
        E::ChallengeIpMismatch => (StatusCode::UNPROCESSABLE_ENTITY, "mfa_ip_address_mismatch"),
        E::ChallengeExpired(_) => (StatusCode::UNPROCESSABLE_ENTITY, "mfa_challenge_expired"),
        E::MfaVerificationFailed => (StatusCode::UNPROCESSABLE_ENTITY, "mfa_verification_failed"),
        E::NoAuthorization => (StatusCode::UNAUTHORIZED, "no_authorization"),
        E::BadJwt(_) => (StatusCode::FORBIDDEN, "bad_jwt"),
        E::SessionNotFound => (StatusCode::FORBIDDEN, "session_not_found"),
        E::SessionNoLongerValid => (StatusCode::FORBIDDEN, "session_expired"),
        E::UserNotFound => (StatusCode::FORBIDDEN, "user_not_found"),
        E::RefreshTokenNotFound => (StatusCode::BAD_REQUEST, "refresh_token_not_found"),
        E::RefreshTokenAlreadyUsed => (StatusCode::BAD_REQUEST, "refresh_token_already_used"),
        E::RefreshSessionNotFound => (StatusCode::BAD_REQUEST, "session_not_found"),
        E::SessionInactive | E::SessionPastTimebox => (StatusCode::BAD_REQUEST, "session_expired"),
        E::FlowStateNotFound => (StatusCode::NOT_FOUND, "flow_state_not_found"),
        E::FlowStateExpired => (StatusCode::UNPROCESSABLE_ENTITY, "flow_state_expired"),
        E::BadCodeVerifier => (StatusCode::BAD_REQUEST, "bad_code_verifier"),
        E::OtpExpired => (StatusCode::FORBIDDEN, "otp_expired"),
        E::OtpDisabled => (StatusCode::UNPROCESSABLE_ENTITY, "otp_disabled"),
        E::SamlDisabled => (StatusCode::NOT_FOUND, "saml_provider_disabled"),
        E::ManualLinkingDisabled => (StatusCode::NOT_FOUND, "manual_linking_disabled"),
        E::NotAdmin => (StatusCode::FORBIDDEN, "not_admin"),
        E::AdminUserNotFound | E::LinkUserNotFound => (StatusCode::NOT_FOUND, "user_not_found"),
        E::AdminBadUserId => (StatusCode::NOT_FOUND, "validation_failed"),
        E::EmailExists => (StatusCode::UNPROCESSABLE_ENTITY, "email_exists"),
        E::NotFound => (StatusCode::NOT_FOUND, "not_found"),
        E::MethodNotAllowed => (StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed"),
        E::PayloadTooLarge => (StatusCode::PAYLOAD_TOO_LARGE, "request_entity_too_large"),
        E::RateLimited { .. } => (StatusCode::TOO_MANY_REQUESTS, "over_request_rate_limit"),
        E::OverEmailSendRateLimit { .. } => {
            (StatusCode::TOO_MANY_REQUESTS, "over_email_send_rate_limit")
        }
        // GoTrue has no code for this; ours names it plainly.
        E::ServerBusy { .. } => (StatusCode::SERVICE_UNAVAILABLE, "server_busy"),
        E::Internal => (StatusCode::INTERNAL_SERVER_ERROR, "unexpected_failure"),
    }
}

impl AuthError {
    /// The GoTrue error code that goes with this error.
    pub fn code(&self) -> &'static str {
        status_and_code(self).1
    }
}

/// An error ready to be written: ours, or a status actix produced (bad extractor input, 404, 405).
struct Rendered {
    status: StatusCode,
    code: &'static str,
    message: String,
    weak_reasons: Vec<&'static str>,
    retry_after_secs: Option<u64>,
}

impl Rendered {
    fn of(e: &AuthError) -> Self {
        let (status, code) = status_and_code(e);
        Self {
            status,
            code,
            message: e.to_string(),
            weak_reasons: match e {
                AuthError::WeakPassword { reasons, .. } => reasons.clone(),
                _ => Vec::new(),
            },
            retry_after_secs: match e {
                AuthError::RateLimited { retry_after_secs }
                | AuthError::OverEmailSendRateLimit { retry_after_secs }
                | AuthError::ServerBusy { retry_after_secs } => Some(*retry_after_secs),
                _ => None,
            },
        }
    }

    /// For a status that came from actix rather than from our code.
    fn from_status(status: StatusCode) -> Self {
        match status {
            StatusCode::NOT_FOUND => Self::of(&AuthError::NotFound),
            StatusCode::PAYLOAD_TOO_LARGE => Self::of(&AuthError::PayloadTooLarge),
            StatusCode::METHOD_NOT_ALLOWED => Self::of(&AuthError::MethodNotAllowed),
            s => Self {
                status: s,
                ..if s.is_server_error() {
                    Self::of(&AuthError::Internal)
                } else {
                    Self::of(&AuthError::validation("The request could not be read"))
                }
            },
        }
    }

    fn body(&self, api_2024: bool) -> Value {
        let mut body = if api_2024 {
            json!({ "code": self.code, "error_code": self.code, "message": self.message })
        } else {
            json!({ "code": self.status.as_u16(), "error_code": self.code, "msg": self.message })
        };
        if !self.weak_reasons.is_empty() {
            body["weak_password"] = json!({ "reasons": self.weak_reasons });
        }
        body
    }

    fn response(&self, api_2024: bool) -> HttpResponse {
        let mut res = HttpResponse::build(self.status);
        res.insert_header((ERROR_CODE_HEADER, self.code));
        if let Some(secs) = self.retry_after_secs {
            res.insert_header((header::RETRY_AFTER, secs.to_string()));
        }
        res.json(self.body(api_2024))
    }
}

impl ResponseError for AuthError {
    fn status_code(&self) -> StatusCode {
        status_and_code(self).0
    }

    /// The legacy form; `render` below rewrites it when the client asked for the 2024 one.
    fn error_response(&self) -> HttpResponse {
        Rendered::of(self).response(false)
    }
}

/// Whether the request asked for the 2024 error form: a date header at or after 2024-01-01.
fn wants_2024(req: &ServiceRequest) -> bool {
    req.headers()
        .get(&API_VERSION_HEADER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| chrono::NaiveDate::parse_from_str(v.trim(), "%Y-%m-%d").ok())
        .is_some_and(|d| d >= chrono::NaiveDate::from_ymd_opt(2024, 1, 1).expect("valid date"))
}

/// Scope middleware: renders errors in the form the client asked for, echoes the API version, and
/// replaces actix's plain-text error bodies with GoTrue JSON.
pub async fn render(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let api_2024 = wants_2024(&req);
    let mut res = match next.call(req).await {
        Ok(res) => res.map_into_boxed_body(),
        Err(e) => return Err(e),
    };
    let status = res.status();
    if status.is_client_error() || status.is_server_error() {
        let ours = res
            .response()
            .error()
            .and_then(|e| e.as_error::<AuthError>())
            .cloned();
        let is_json = res
            .headers()
            .get(header::CONTENT_TYPE)
            .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
        let error = match ours {
            Some(e) => Some(Rendered::of(&e)),
            None if !is_json => Some(Rendered::from_status(status)),
            None => None,
        };
        if let Some(error) = error {
            res = res.into_response(error.response(api_2024));
        }
    }
    if api_2024 {
        res.headers_mut()
            .insert(API_VERSION_HEADER, HeaderValue::from_static(API_2024));
    }
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_hashing_queue_is_busy_not_rate_limited() {
        let (status, code) = status_and_code(&AuthError::ServerBusy {
            retry_after_secs: 1,
        });
        assert_eq!((status.as_u16(), code), (503, "server_busy"));
    }

    #[test]
    fn both_forms_carry_the_code() {
        let e = Rendered::of(&AuthError::InvalidCredentials);
        assert_eq!(
            e.body(true),
            json!({"code":"invalid_credentials","error_code":"invalid_credentials","message":"Invalid login credentials"})
        );
        assert_eq!(
            e.body(false),
            json!({"code":400,"error_code":"invalid_credentials","msg":"Invalid login credentials"})
        );
    }

    #[test]
    fn weak_password_lists_reasons() {
        let e = Rendered::of(&AuthError::WeakPassword {
            message: "too weak",
            reasons: vec!["length", "characters"],
        });
        assert_eq!(
            e.body(true)["weak_password"],
            json!({"reasons":["length","characters"]})
        );
    }
}
