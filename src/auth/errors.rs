//! What can go wrong in the auth service, one variant per GoTrue answer. The message a person reads is
//! written here once (the `#[error]` text, GoTrue's own wording); the status and error code that go
//! with each variant are in `wire.rs`, the only place that knows about HTTP.

use std::borrow::Cow;
use std::fmt;

use crate::db::DbError;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AuthError {
    // ----- the request itself -----
    /// A field is missing or malformed; the text says which.
    #[error("{0}")]
    Validation(Cow<'static, str>),
    #[error("{0}")]
    BadJson(Cow<'static, str>),
    #[error("Changing the e-mail address is not supported by this server")]
    EmailChangeUnsupported,
    #[error("Phone numbers are not supported by this server")]
    PhoneChangeUnsupported,
    #[error("unsupported_grant_type")]
    UnsupportedGrantType,
    /// A body sent as anything but `application/json`: refusing it means a cross-site HTML form
    /// (which cannot send that type without a CORS preflight) cannot post to us.
    #[error("Could not parse request body as JSON: Content-Type must be application/json")]
    NotJson,
    /// `data` (user_metadata) over `rules::metadata::METADATA_MAX_BYTES` once merged.
    #[error("User metadata is too large (max {max_bytes} bytes)")]
    MetadataTooLarge { max_bytes: usize },
    #[error("User metadata is nested too deeply (max {max_depth} levels)")]
    MetadataTooDeep { max_depth: usize },

    // ----- accounts and passwords -----
    #[error("Invalid login credentials")]
    InvalidCredentials,
    /// `message` is the first failed rule; `reasons` lists every failed kind ("length", "characters").
    #[error("{message}")]
    WeakPassword {
        message: &'static str,
        reasons: Vec<&'static str>,
    },
    #[error("New password should be different from the old password.")]
    SamePassword,
    /// GoTrue uses the same message for a missing and a wrong current password.
    #[error("Current password required when setting new password.")]
    CurrentPasswordRequired,
    #[error("Current password required when setting new password.")]
    CurrentPasswordInvalid,
    #[error("Signups not allowed for this instance")]
    SignupDisabled,
    #[error("User already registered")]
    UserAlreadyExists,
    /// A password sign-in with what a sign-up sent before its confirmation e-mail's link was opened.
    #[error("Email not confirmed")]
    EmailNotConfirmed,
    /// A sign-up address of a kind the operator does not take (`auth.sign_in_names`).
    #[error("{0}")]
    EmailAddressNotAccepted(&'static str),
    /// The operator disabled the account (`solace users disable`): GoTrue's banned user.
    #[error("User is banned")]
    UserBanned,
    /// Deleting an account without a password needs a sign-in from the last few minutes.
    #[error("Please sign in again first: deleting an account needs a recent sign-in")]
    ReauthenticationNeeded,
    /// Deleting her own account while her check-in runs: only her PIN ends it (docs/checkin.md).
    #[error(
        "A check-in is running. This account cannot be deleted until the check-in is ended with its PIN."
    )]
    CheckinRunning,
    #[error("Anonymous sign-ins are disabled")]
    AnonymousProviderDisabled,
    #[error("Phone signups are disabled")]
    PhoneProviderDisabled,
    // ----- features that are off, in GoTrue's words (`disabled.rs`) -----
    #[error("Phone logins are disabled")]
    PhoneLoginsDisabled,
    /// `POST /resend` names the same text as a sign-in but answers 400.
    #[error("Phone logins are disabled")]
    PhoneResendDisabled,
    #[error("Unsupported phone provider")]
    PhoneOtpUnsupported,
    #[error("Login with magic link is disabled")]
    MagicLinkDisabled,
    #[error("Signups not allowed for otp")]
    OtpSignupsNotAllowed,
    #[error("Web3 provider is disabled")]
    Web3ProviderDisabled,
    #[error("MFA enroll is disabled for Phone")]
    MfaPhoneEnrollDisabled,
    #[error("MFA enroll is disabled for WebAuthn")]
    MfaWebAuthnEnrollDisabled,
    #[error("factor_id must be an UUID")]
    FactorIdNotUuid,
    #[error("Factor not found")]
    MfaFactorNotFound,

    // ----- two-step sign-in (`mfa*.rs`), GoTrue's words -----
    #[error("AAL2 required to enroll a new factor")]
    AalRequiredToEnroll,
    #[error("AAL2 required to unenroll verified factor")]
    AalRequiredToUnenroll,
    #[error("AAL2 session is required to update email or password when MFA is enabled.")]
    AalRequiredToUpdate,
    /// Deleting her own account while she has an authenticator needs a code from it.
    #[error("A code from the authenticator app is needed to delete this account")]
    MfaCodeRequired,
    #[error("Maximum number of verified factors reached, unenroll to continue")]
    TooManyFactors,
    /// The name is quoted as Go's `%q` quotes it.
    #[error("A factor with the friendly name {0:?} for this user already exists")]
    FactorNameConflict(String),
    #[error("MFA factor with the provided challenge ID not found")]
    ChallengeNotFound,
    #[error("Challenge and verify IP addresses mismatch.")]
    ChallengeIpMismatch,
    #[error(
        "MFA challenge {0} has expired, verify against another challenge or create a new challenge."
    )]
    ChallengeExpired(String),
    #[error("Invalid TOTP code entered")]
    MfaVerificationFailed,

    // ----- access tokens (`Authorization: Bearer`) -----
    #[error("This endpoint requires a valid Bearer token")]
    NoAuthorization,
    #[error("invalid JWT: unable to parse or verify signature, {0}")]
    BadJwt(String),
    #[error("Session from session_id claim in JWT does not exist")]
    SessionNotFound,
    /// The token's session is past its inactivity limit or its timebox.
    #[error("Session is no longer valid")]
    SessionNoLongerValid,
    #[error("User from sub claim in JWT does not exist")]
    UserNotFound,

    // ----- refresh tokens -----
    #[error("Invalid Refresh Token: Refresh Token Not Found")]
    RefreshTokenNotFound,
    #[error("Invalid Refresh Token: Already Used")]
    RefreshTokenAlreadyUsed,
    #[error("Invalid Refresh Token: No Valid Session Found")]
    RefreshSessionNotFound,
    #[error("Invalid Refresh Token: Session Expired (Inactivity)")]
    SessionInactive,
    #[error("Invalid Refresh Token: Session Expired")]
    SessionPastTimebox,

    // ----- Google sign-in, PKCE exchange -----
    #[error("invalid flow state, no valid flow state found")]
    FlowStateNotFound,
    #[error("invalid flow state, flow state has expired")]
    FlowStateExpired,
    #[error("code challenge does not match previously saved code verifier")]
    BadCodeVerifier,

    // ----- features this server does not offer -----
    /// A recovery link that is unknown, used or expired (GoTrue does not say which).
    #[error("Token has expired or is invalid")]
    OtpExpired,
    #[error("One-time sign-in links and codes by e-mail or SMS are not available on this server")]
    OtpDisabled,
    #[error("SAML 2.0 is disabled")]
    SamlDisabled,
    #[error("Manual linking is disabled")]
    ManualLinkingDisabled,
    #[error("User not allowed")]
    NotAdmin,

    // ----- the admin API (`admin.rs`) -----
    #[error("User not found")]
    AdminUserNotFound,
    #[error("user_id must be an UUID")]
    AdminBadUserId,
    #[error("A user with this email address has already been registered")]
    EmailExists,
    #[error("User with this email not found")]
    LinkUserNotFound,

    // ----- routing and load -----
    #[error("Not found")]
    NotFound,
    #[error("Method not allowed")]
    MethodNotAllowed,
    #[error("Request body is too large")]
    PayloadTooLarge,
    #[error("Request rate limit reached")]
    RateLimited { retry_after_secs: u64 },
    /// Sign-up e-mails to one address, from one client or from the server are at their limit
    /// (`rules::sign_up_mail`).
    #[error("For security purposes, you can only request this after {retry_after_secs} seconds.")]
    OverEmailSendRateLimit { retry_after_secs: u64 },
    /// Every password-hashing thread is busy and the queue is full: the server, not the caller, is
    /// over its limit, so this is a 503 that auth-js retries rather than a 429.
    #[error("The server is busy, please try again in a moment")]
    ServerBusy { retry_after_secs: u64 },
    /// A fault on our side; the cause was logged when it was made and is never sent.
    #[error("Unexpected failure, please check server logs for more information")]
    Internal,
}

pub type AuthResult<T> = Result<T, AuthError>;

impl AuthError {
    pub fn validation(message: impl Into<Cow<'static, str>>) -> Self {
        Self::Validation(message.into())
    }

    pub fn bad_json(message: impl Into<Cow<'static, str>>) -> Self {
        Self::BadJson(message.into())
    }

    /// Logs the cause here, on the server, and answers with GoTrue's generic failure.
    pub fn internal(cause: &dyn fmt::Display) -> Self {
        tracing::error!(error = %cause, "auth request failed");
        Self::Internal
    }
}

impl From<DbError> for AuthError {
    fn from(e: DbError) -> Self {
        Self::internal(&e)
    }
}

/// Parses a JSON body ourselves (instead of `web::Json`) so each endpoint checks its preconditions in
/// GoTrue's order, e.g. `signup_disabled` before a malformed body. Unknown fields are ignored.
pub fn parse_json<T: serde::de::DeserializeOwned>(body: &[u8]) -> AuthResult<T> {
    serde_json::from_slice(body)
        .map_err(|e| AuthError::bad_json(format!("Could not parse request body as JSON: {e}")))
}
