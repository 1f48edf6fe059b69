//! The Google sign-in's storage units of work: find or create the account of a Google user, record a
//! PKCE code, redeem it. Each public function is one transaction. Flows not yet back from Google are
//! not stored here but in memory (`pending_flows.rs`).

use crate::db::Connection;
use serde_json::{Value, json};

use crate::accounts::identities::{self, IdentityRow};
use crate::accounts::store::{self, UserRow};
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::store::accounts::start_session;
use crate::auth::store::google_client::GoogleUser;
use crate::auth::store::models::{SignInMethod, SignedIn};
use crate::auth::store::oauth_flows::{self, FlowRow};
use crate::db::Db;
use crate::ground::clock::{now_ms, now_text};

/// What a Google sign-in leads to once the person is known.
pub enum GoogleNext {
    /// Implicit flow: start a session now.
    Session,
    /// PKCE flow: record the user and a single-use code (its hash) on the flow for `/token`.
    Code {
        code_hash: String,
        provider_access_token: String,
        provider_refresh_token: Option<String>,
    },
}

/// One transaction: find or create the account of a Google user (`SignupDisabled` when it would be new
/// and sign-ups are off), then start its session or store the flow with its PKCE code for `/token`.
pub async fn sign_in(
    db: &Db,
    flow: FlowRow,
    person: GoogleUser,
    email: String,
    disable_signup: bool,
    next: GoogleNext,
) -> AuthResult<Option<SignedIn>> {
    db.write(move |c| {
        let tx = c.transaction()?;
        let user_id = upsert_google_user(&tx, &person, &email, disable_signup)?;
        let signed_in = match next {
            GoogleNext::Session => Some(start_session(&tx, &user_id, SignInMethod::OAuth)?),
            GoogleNext::Code {
                code_hash,
                provider_access_token,
                provider_refresh_token,
            } => {
                oauth_flows::insert(&tx, &flow)?;
                oauth_flows::set_code(
                    &tx,
                    &flow.id,
                    &code_hash,
                    &user_id,
                    &provider_access_token,
                    provider_refresh_token.as_deref(),
                    now_ms(),
                )?;
                None
            }
        };
        tx.commit()?;
        Ok(signed_in)
    })
    .await
}

/// The PKCE exchange in one transaction: finds the flow holding `code_hash`, lets `check` judge it
/// (expiry, code verifier; an expired flow is deleted), then deletes it and starts the session.
/// Returns the session and Google's tokens.
pub async fn redeem(
    db: &Db,
    code_hash: String,
    check: impl FnOnce(&FlowRow) -> AuthResult<()> + Send + 'static,
) -> AuthResult<(SignedIn, Option<(String, Option<String>)>)> {
    db.write(move |c| {
        let tx = c.transaction()?;
        let flow =
            oauth_flows::find_by_code(&tx, &code_hash)?.ok_or(AuthError::FlowStateNotFound)?;
        if let Err(e) = check(&flow) {
            if e == AuthError::FlowStateExpired {
                oauth_flows::delete(&tx, &flow.id)?;
                tx.commit()?;
            }
            return Err(e);
        }
        let user_id = flow.user_id.clone().ok_or(AuthError::FlowStateNotFound)?;
        oauth_flows::delete(&tx, &flow.id)?;
        let signed_in = start_session(&tx, &user_id, SignInMethod::OAuth)?;
        tx.commit()?;
        let provider = flow
            .provider_access_token
            .map(|t| (t, flow.provider_refresh_token));
        Ok((signed_in, provider))
    })
    .await
}

/// Finds the Google identity, else links a verified address to its account, else creates an account.
fn upsert_google_user(
    tx: &Connection,
    person: &GoogleUser,
    email: &str,
    disable_signup: bool,
) -> AuthResult<String> {
    let now = now_text();
    let claims = person.claims();
    if let Some(identity) = identities::find_identity(tx, "google", &person.sub)? {
        identities::update_identity(tx, &identity.id, &claims, &now)?;
        store::touch_sign_in(tx, &identity.user_id, &now)?;
        return Ok(identity.user_id);
    }
    let new_identity = |user_id: &str| IdentityRow {
        id: uuid::Uuid::new_v4().to_string(),
        provider: "google".into(),
        provider_id: person.sub.clone(),
        user_id: user_id.to_string(),
        identity_data: claims.clone(),
        email: Some(email.to_string()),
        last_sign_in_at: Some(now.clone()),
        created_at: now.clone(),
        updated_at: now.clone(),
    };
    if let Some(user) = store::find_by_email(tx, email)? {
        identities::insert_identity(tx, &new_identity(&user.id))?;
        let mut app = user.app_metadata.clone();
        let mut providers: Vec<Value> = app["providers"].as_array().cloned().unwrap_or_default();
        if !providers.contains(&json!("google")) {
            providers.push(json!("google"));
        }
        app["providers"] = Value::Array(providers);
        store::update_metadata(tx, &user.id, &user.user_metadata, &app, &now)?;
        store::touch_sign_in(tx, &user.id, &now)?;
        return Ok(user.id);
    }
    if disable_signup {
        return Err(AuthError::SignupDisabled);
    }
    let id = uuid::Uuid::new_v4().to_string();
    store::insert(
        tx,
        &UserRow {
            id: id.clone(),
            email: email.to_string(),
            password_hash: None,
            user_metadata: claims.clone(),
            app_metadata: json!({"provider": "google", "providers": ["google"]}),
            email_confirmed_at: Some(now.clone()),
            last_sign_in_at: Some(now.clone()),
            created_at: now.clone(),
            updated_at: now.clone(),
        },
    )?;
    identities::insert_identity(tx, &new_identity(&id))?;
    Ok(id)
}
