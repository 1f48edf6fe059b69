//! `GET /verify?type=recovery&token=…&redirect_to=…`: a one-time recovery link handed over in person
//! (`solace users recovery-link`, `crate::accounts::recovery`); with `type=signup`, the link in a
//! sign-up's confirmation e-mail (`sign_up_by_mail.rs`), which lands the same way with `type=signup`.
//! As GoTrue does, a good link signs the person in and sends the browser to `redirect_to` with the
//! session in the fragment and `type=recovery`, which auth-js turns into a `PASSWORD_RECOVERY` event;
//! a used, expired or unknown link sends it there with `error_code=otp_expired` instead. The session's
//! amr method is "recovery", which lets it set a new password without the current one
//! (docs/auth-contract.md).

use serde::Deserialize;
use url::Url;

use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::keys::tokens;
use crate::auth::service::AuthService;
use crate::auth::store::accounts::{self, Redeemed};
use crate::auth::store::models::{Session, SignedIn};

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct VerifyParams {
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub token: Option<String>,
    pub redirect_to: Option<String>,
}

/// Why a link did not sign anyone in, as the app reads it from the redirect.
#[derive(Debug, PartialEq, Eq)]
enum LinkError {
    /// Unknown, used or expired: GoTrue does not say which.
    Expired,
    Banned,
    Server,
}

impl LinkError {
    fn parts(&self) -> (&'static str, &'static str, &'static str) {
        match self {
            Self::Expired => (
                "access_denied",
                "otp_expired",
                "Email link is invalid or has expired",
            ),
            Self::Banned => ("invalid_request", "user_banned", "User is banned"),
            Self::Server => (
                "server_error",
                "unexpected_failure",
                "Unexpected failure, please check server logs for more information",
            ),
        }
    }
}

/// The JSON body of `POST /verify` (auth-js `verifyOtp({ type: 'recovery', token_hash })`).
#[derive(Deserialize, Default)]
#[serde(default)]
struct VerifyBody {
    #[serde(rename = "type")]
    kind: Option<String>,
    token_hash: Option<String>,
}

/// The links this server makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LinkKind {
    Recovery,
    /// Only while sign-ups are confirmed by e-mail.
    Signup,
}

impl LinkKind {
    fn as_str(self) -> &'static str {
        match self {
            Self::Recovery => "recovery",
            Self::Signup => "signup",
        }
    }
}

/// Recovery links, and sign-up links when sign-ups are confirmed by e-mail; the other kinds come by
/// e-mail or SMS, which this server never sends.
fn check_kind(kind: Option<&str>, by_mail: bool) -> AuthResult<LinkKind> {
    match kind.unwrap_or("") {
        "recovery" => Ok(LinkKind::Recovery),
        "signup" if by_mail => Ok(LinkKind::Signup),
        "signup" | "invite" | "magiclink" | "email_change" | "email" | "sms" | "phone_change" => {
            Err(AuthError::OtpDisabled)
        }
        _ => Err(AuthError::validation("Unsupported verification type")),
    }
}

impl AuthService {
    /// `GET /verify`: checks the request (errors here are JSON, as in GoTrue), then always answers
    /// with a redirect.
    pub async fn verify(&self, p: VerifyParams) -> AuthResult<String> {
        let token = p
            .token
            .filter(|t| !t.trim().is_empty())
            .ok_or_else(|| AuthError::validation("Verify requires a token or a token hash"))?;
        let kind = check_kind(p.kind.as_deref(), self.confirms_by_mail())?;
        let target = self.redirects.resolve(&[p.redirect_to.as_deref()]);
        let result = match self.redeem_kind(kind, &token).await {
            Ok(signed_in) => self
                .session_response(signed_in, None)
                .map_err(|_| LinkError::Server),
            Err(e) => Err(e),
        };
        Ok(match result {
            Ok(session) => success_location(&target, &session, kind),
            Err(e) => error_location(&target, &e),
        })
    }

    /// `POST /verify` with the link's token as `token_hash`: the session as JSON, for clients that
    /// read the link themselves. auth-js then emits `PASSWORD_RECOVERY`.
    pub async fn verify_post(&self, body: &[u8]) -> AuthResult<Session> {
        let body: VerifyBody = crate::auth::errors::parse_json(body)?;
        let token_hash = body.token_hash.filter(|t| !t.trim().is_empty());
        let by_mail = self.confirms_by_mail();
        let kind = match (body.kind.as_deref(), token_hash.is_some()) {
            (Some("recovery"), true) => LinkKind::Recovery,
            // auth-js sends `type: 'email'` or `'signup'` for a confirmation link's token_hash.
            (Some("signup" | "email"), true) if by_mail => LinkKind::Signup,
            (Some(kind), _) if !kind.is_empty() => {
                check_kind(Some(kind), by_mail)?;
                // A known kind without a link token: a code sent by e-mail or SMS, never sent here.
                return Err(AuthError::OtpDisabled);
            }
            _ => return Err(AuthError::OtpDisabled),
        };
        let token = token_hash.unwrap_or_default();
        match self.redeem_kind(kind, &token).await {
            Ok(signed_in) => self.session_response(signed_in, None),
            Err(LinkError::Expired) => Err(AuthError::OtpExpired),
            Err(LinkError::Banned) => Err(AuthError::UserBanned),
            Err(LinkError::Server) => Err(AuthError::Internal),
        }
    }

    async fn redeem_kind(&self, kind: LinkKind, token: &str) -> Result<SignedIn, LinkError> {
        match kind {
            LinkKind::Recovery => self.redeem(token).await,
            LinkKind::Signup => match self.redeem_sign_up(token).await {
                Ok(Some(signed_in)) => Ok(signed_in),
                Ok(None) => Err(LinkError::Expired),
                Err(_) => Err(LinkError::Server),
            },
        }
    }

    /// Marks the link used and, if it was good, starts a "recovery" session (one unit of work).
    async fn redeem(&self, token: &str) -> Result<SignedIn, LinkError> {
        let hash = tokens::hash_token(token.trim());
        let outcome = accounts::redeem_recovery_link(&self.db, hash)
            .await
            .map(|redeemed| match redeemed {
                Redeemed::SignedIn(signed_in) => Ok(*signed_in),
                Redeemed::Expired => Err(LinkError::Expired),
                Redeemed::Banned => Err(LinkError::Banned),
            });
        match outcome {
            Ok(Ok(signed_in)) => {
                tracing::info!("signed in with a recovery link");
                Ok(signed_in)
            }
            Ok(Err(e)) => {
                tracing::info!(reason = ?e, "recovery link refused");
                Err(e)
            }
            Err(_) => Err(LinkError::Server),
        }
    }
}

fn with_fragment(target: &str, fragment: String) -> String {
    match Url::parse(target) {
        Ok(mut url) => {
            url.set_fragment(Some(&fragment));
            url.into()
        }
        Err(_) => format!("{target}#{fragment}"),
    }
}

/// The implicit-flow answer, keys in GoTrue's (sorted) order.
fn success_location(target: &str, s: &Session, kind: LinkKind) -> String {
    let fragment = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("access_token", &s.access_token)
        .append_pair("expires_at", &s.expires_at.to_string())
        .append_pair("expires_in", &s.expires_in.to_string())
        .append_pair("refresh_token", &s.refresh_token)
        .append_pair("sb", "")
        .append_pair("token_type", "bearer")
        .append_pair("type", kind.as_str())
        .finish();
    with_fragment(target, fragment)
}

/// GoTrue puts a failed verification in the fragment for the implicit flow.
fn error_location(target: &str, e: &LinkError) -> String {
    let (error, code, description) = e.parts();
    let fragment = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("error", error)
        .append_pair("error_code", code)
        .append_pair("error_description", description)
        .finish();
    with_fragment(target, fragment)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_link_lands_with_gotrues_error_in_the_fragment() {
        let at = error_location("https://app.example.org/", &LinkError::Expired);
        assert_eq!(
            at,
            "https://app.example.org/#error=access_denied&error_code=otp_expired\
             &error_description=Email+link+is+invalid+or+has+expired"
        );
    }
}
