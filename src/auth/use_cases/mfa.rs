//! Two-step sign-in with TOTP, as GoTrue's MFA API (docs/auth-contract.md, "Two-step sign-in"):
//! `POST /factors` (enroll), `POST /factors/{id}/challenge`, `POST /factors/{id}/verify` (raises the
//! session to aal2 and answers with new tokens) and `DELETE /factors/{id}`. The HTTP side is
//! `mfa_routes.rs`, the transactions `factors.rs`, the code arithmetic `mfa_totp.rs`.

use std::net::IpAddr;

use serde::Deserialize;
use serde_json::{Value, json};

use crate::accounts::factors::FactorRow;
use crate::auth::errors::{AuthError, AuthResult, parse_json};
use crate::auth::keys::mfa_totp;
use crate::auth::service::{AuthService, rate_limited};
use crate::auth::store::factors::{self, NewFactor, Removal, TOTP};
use crate::auth::store::models::Session;
use crate::auth::use_cases::user::Authenticated;

#[derive(Deserialize, Default)]
#[serde(default)]
struct EnrollBody {
    factor_type: Option<String>,
    friendly_name: Option<String>,
    issuer: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct VerifyBody {
    challenge_id: Option<String>,
    code: Option<String>,
}

/// The client address as the challenge records it (verify must come from the same one).
pub(in crate::auth) fn ip_text(ip: Option<IpAddr>) -> String {
    ip.map(|i| i.to_string()).unwrap_or_default()
}

fn now_secs() -> u64 {
    chrono::Utc::now().timestamp().max(0) as u64
}

impl AuthService {
    pub async fn mfa_enroll(&self, auth: Authenticated, body: &[u8]) -> AuthResult<Value> {
        let b: EnrollBody = parse_json(body)?;
        match b.factor_type.as_deref().unwrap_or("") {
            TOTP => {}
            "phone" => return Err(AuthError::MfaPhoneEnrollDisabled),
            "webauthn" => return Err(AuthError::MfaWebAuthnEnrollDisabled),
            _ => {
                return Err(AuthError::validation(
                    "factor_type needs to be totp, phone, or webauthn",
                ));
            }
        }
        // GoTrue names the entry in her authenticator app after the site's host and her e-mail; anyone
        // who opens that app would read both. The operator's neutral name stands for both instead.
        let name = &self.config.mfa.authenticator_name;
        let issuer = b
            .issuer
            .filter(|i| !i.is_empty())
            .unwrap_or_else(|| name.clone());
        let enrolment = mfa_totp::enrol(&issuer, name).map_err(|e| match e {
            mfa_totp::TotpError::Invalid(why) => {
                AuthError::validation(format!("Cannot make a TOTP factor: {why}"))
            }
            e => AuthError::internal(&e),
        })?;
        let id = uuid::Uuid::new_v4().to_string();
        let new = NewFactor {
            sealed_secret: self.mfa_secrets.seal(&id, &enrolment.secret),
            id,
            friendly_name: b.friendly_name.unwrap_or_default(),
        };
        let (user_id, session_id) = (auth.user.row.id.clone(), auth.session_id.clone());
        let config = self.config.mfa.clone();
        let factor = self
            .db
            .write(move |c| factors::enroll(c, &user_id, &session_id, new, &config))
            .await?;
        tracing::info!("a two-step sign-in factor was added");
        Ok(json!({
            "id": factor.id,
            "type": TOTP,
            "friendly_name": factor.friendly_name,
            "totp": {
                "qr_code": enrolment.qr_svg,
                "secret": enrolment.secret_base32,
                "uri": enrolment.uri,
            },
        }))
    }

    pub async fn mfa_challenge(
        &self,
        auth: Authenticated,
        factor_id: &str,
        ip: Option<IpAddr>,
    ) -> AuthResult<Value> {
        let factor_id = factor_id_of(factor_id)?;
        let user_id = auth.user.row.id;
        let expiry_ms = self.config.mfa.challenge_expiry.0.as_millis() as i64;
        let (ch, factor) = self
            .db
            .write(move |c| factors::challenge(c, &user_id, &factor_id, ip_text(ip), expiry_ms))
            .await?;
        let expiry_secs = self.config.mfa.challenge_expiry.0.as_secs() as i64;
        Ok(json!({
            "id": ch.id,
            "type": factor.factor_type,
            "expires_at": ch.created_at / 1000 + expiry_secs,
        }))
    }

    pub async fn mfa_verify(
        &self,
        auth: Authenticated,
        factor_id: &str,
        body: &[u8],
        ip: Option<IpAddr>,
    ) -> AuthResult<Session> {
        let factor_id = factor_id_of(factor_id)?;
        // GoTrue loads the factor before it reads the body.
        let (uid, fid) = (auth.user.row.id.clone(), factor_id.clone());
        self.db.read(move |c| factors::owned(c, &uid, &fid)).await?;
        let b: VerifyBody = parse_json(body)?;
        let code = b.code.unwrap_or_default();
        if code.is_empty() {
            return Err(AuthError::validation("Code needs to be non-empty"));
        }
        let challenge_id = b
            .challenge_id
            .as_deref()
            .and_then(|c| uuid::Uuid::parse_str(c).ok())
            .map(|c| c.to_string())
            .ok_or_else(|| AuthError::bad_json("Could not read the challenge_id"))?;
        let user_id = auth.user.row.id.clone();
        let expiry_ms = self.config.mfa.challenge_expiry.0.as_millis() as i64;
        let (fid, cid, ip_seen) = (factor_id.clone(), challenge_id.clone(), ip_text(ip));
        let (factor, sealed) = self
            .db
            .write(move |c| factors::open_challenge(c, &user_id, &fid, &cid, &ip_seen, expiry_ms))
            .await?;
        let session_id = auth.session_id;
        let step = self
            .check_code(&factor, &sealed, &code, &session_id, ip)
            .await?;
        let signed_in = self
            .db
            .write(move |c| factors::passed(c, &factor, &challenge_id, &session_id, step))
            .await?;
        tracing::info!("two-step sign-in passed");
        self.session_response(signed_in, None)
    }

    pub async fn mfa_unenroll(&self, auth: Authenticated, factor_id: &str) -> AuthResult<Value> {
        let factor_id = factor_id_of(factor_id)?;
        let (user_id, session_id) = (auth.user.row.id, auth.session_id);
        let (factor, how) = self
            .db
            .write(move |c| factors::unenroll(c, &user_id, &session_id, &factor_id))
            .await?;
        match how {
            Removal::WithCode => tracing::info!("a two-step sign-in factor was removed"),
            Removal::NewWithoutCode => tracing::info!(
                "a two-step sign-in factor confirmed in the last days was removed without its code"
            ),
            Removal::ByRecoveryLink => tracing::info!(
                "a two-step sign-in factor was removed from a session a recovery link started"
            ),
        }
        Ok(json!({ "id": factor.id }))
    }

    /// `authenticate`, and when she has a confirmed factor, a session that passed it: for what the app
    /// opens only after the code (the vault secret), so a password alone opens nothing of hers.
    pub async fn authenticate_all_steps(&self, bearer: Option<&str>) -> AuthResult<Authenticated> {
        let auth = self.authenticate(bearer).await?;
        if auth.user.factors.iter().any(|f| f.is_verified())
            && !self.session_is_aal2(auth.session_id.clone()).await?
        {
            return Err(AuthError::AalRequiredToUpdate);
        }
        Ok(auth)
    }

    /// Whether the session has passed a second step (GoTrue's `IsAAL2`).
    pub(in crate::auth) async fn session_is_aal2(&self, session_id: String) -> AuthResult<bool> {
        self.db
            .read(move |c| Ok::<_, AuthError>(factors::is_aal2(c, &session_id)?))
            .await
    }

    /// Checks a code against one factor: the limits first (`code_limits.rs`), then the code, whose
    /// step must be newer than the last one used (a code is good once). Returns the step to record.
    async fn check_code(
        &self,
        factor: &FactorRow,
        sealed: &[u8],
        code: &str,
        session_id: &str,
        ip: Option<IpAddr>,
    ) -> AuthResult<i64> {
        let limits = &self.limits.mfa_codes;
        limits
            .before_check(&factor.id, session_id)
            .map_err(rate_limited)?;
        self.before_attempt(limits.by_address, &factor.id, ip)
            .await?;
        let secret = self
            .mfa_secrets
            .open(&factor.id, sealed)
            .map_err(|e| AuthError::internal(&e))?;
        let step = mfa_totp::matching_step(&secret, code, now_secs());
        match step {
            Some(step) if factor.last_step.is_none_or(|last| step > last) => {
                self.attempted(limits.by_address, &factor.id, ip, true)
                    .await?;
                Ok(step)
            }
            Some(_) => {
                // Her own code, still on her screen just after she used it: refused, as any replay is,
                // but not counted as a guess. The app's text tells her to wait for the next code.
                tracing::info!("two-step sign-in code refused: already used");
                Err(AuthError::MfaVerificationFailed)
            }
            None => {
                self.attempted(limits.by_address, &factor.id, ip, false)
                    .await?;
                tracing::info!("two-step sign-in code refused");
                Err(AuthError::MfaVerificationFailed)
            }
        }
    }

    /// For actions that ask for a code again (deleting her account): the code must match one of her
    /// confirmed factors; it is then used up like a sign-in code.
    pub(in crate::auth) async fn require_code_if_enrolled(
        &self,
        user_id: &str,
        session_id: &str,
        ip: Option<IpAddr>,
        code: Option<&str>,
    ) -> AuthResult<()> {
        let uid = user_id.to_string();
        let enrolled = self
            .db
            .read(move |c| factors::verified_with_secrets(c, &uid))
            .await?;
        if enrolled.is_empty() {
            return Ok(());
        }
        let code = code
            .filter(|c| !c.trim().is_empty())
            .ok_or(AuthError::MfaCodeRequired)?;
        let mut last_error = AuthError::MfaVerificationFailed;
        for (factor, sealed) in enrolled {
            match self
                .check_code(&factor, &sealed, code, session_id, ip)
                .await
            {
                Ok(step) => {
                    return self
                        .db
                        .write(move |c| factors::consume_step(c, &factor, step))
                        .await;
                }
                Err(e) => last_error = e,
            }
        }
        Err(last_error)
    }
}

/// GoTrue's `loadFactor`: an id that is not a UUID is a 404 `validation_failed`.
pub(in crate::auth) fn factor_id_of(raw: &str) -> AuthResult<String> {
    uuid::Uuid::parse_str(raw)
        .map(|u| u.to_string())
        .map_err(|_| AuthError::FactorIdNotUuid)
}
