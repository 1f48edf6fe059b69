//! The client side of Google's OAuth endpoints: the authorize URL, the code exchange, the userinfo call.
//!
//! Who the person is comes from Google's userinfo endpoint, called with the access token we just
//! received from the token endpoint over TLS. That answer is authenticated by the TLS connection itself,
//! so there is no id_token signature, issuer or audience to check, and no JWKS to fetch and cache.

use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use serde::Deserialize;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use url::Url;

use crate::auth::rules::config::GoogleConfig;
use crate::secret::Secret;

const HTTP_TIMEOUT: Duration = Duration::from_secs(10);

/// A failed call to Google; logged on the server, never shown as such to the person.
#[derive(Debug, thiserror::Error)]
pub enum GoogleClientError {
    #[error("cannot build the HTTP client for Google sign-in: {0}")]
    Build(reqwest::Error),
    #[error("the Google authorize URL is not a URL: {0}")]
    AuthorizeUrl(#[from] url::ParseError),
    #[error("{endpoint} endpoint unreachable: {source}")]
    Unreachable {
        endpoint: &'static str,
        source: reqwest::Error,
    },
    #[error("{endpoint} endpoint answered {status}")]
    Status {
        endpoint: &'static str,
        status: reqwest::StatusCode,
    },
    #[error("{endpoint} answer unreadable: {source}")]
    Unreadable {
        endpoint: &'static str,
        source: reqwest::Error,
    },
}

pub struct GoogleClient {
    client_id: String,
    client_secret: Secret,
    authorize_url: String,
    token_url: String,
    userinfo_url: String,
    redirect_uri: String,
    http: reqwest::Client,
}

#[derive(Deserialize)]
pub struct GoogleTokens {
    pub access_token: String,
    pub refresh_token: Option<String>,
}

/// The OpenID Connect userinfo claims we use.
#[derive(Deserialize, Clone)]
pub struct GoogleUser {
    pub sub: String,
    pub email: Option<String>,
    #[serde(default)]
    email_verified: Option<Value>,
    name: Option<String>,
    picture: Option<String>,
}

impl GoogleUser {
    pub fn verified(&self) -> bool {
        // Google sends a boolean; some stand-ins send the string "true".
        matches!(&self.email_verified, Some(Value::Bool(true)))
            || matches!(&self.email_verified, Some(Value::String(s)) if s == "true")
    }

    /// user_metadata / identity_data as GoTrue fills them for Google.
    pub fn claims(&self) -> Value {
        let mut v = json!({
            "sub": self.sub,
            "provider_id": self.sub,
            "email": crate::accounts::email::canonical(self.email.as_deref().unwrap_or_default()),
            "email_verified": self.verified(),
            "phone_verified": false,
        });
        if let Some(name) = &self.name {
            v["name"] = json!(name);
            v["full_name"] = json!(name);
        }
        if let Some(picture) = &self.picture {
            v["picture"] = json!(picture);
            v["avatar_url"] = json!(picture);
        }
        v
    }
}

impl GoogleClient {
    pub fn new(cfg: &GoogleConfig, site_url: &str) -> Result<Self, GoogleClientError> {
        let http = reqwest::Client::builder()
            .timeout(HTTP_TIMEOUT)
            .user_agent(concat!("solace/", env!("CARGO_PKG_VERSION")))
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(GoogleClientError::Build)?;
        Ok(Self {
            client_id: cfg.client_id.trim().to_string(),
            client_secret: cfg.client_secret.clone(),
            authorize_url: cfg.authorize_url.clone(),
            token_url: cfg.token_url.clone(),
            userinfo_url: cfg.userinfo_url.clone(),
            redirect_uri: format!("{site_url}/auth/v1/callback"),
            http,
        })
    }

    pub fn authorize_url(&self, state: &str, verifier: &str) -> Result<String, GoogleClientError> {
        let mut url = Url::parse(&self.authorize_url)?;
        url.query_pairs_mut()
            .append_pair("client_id", &self.client_id)
            .append_pair("redirect_uri", &self.redirect_uri)
            .append_pair("response_type", "code")
            .append_pair("scope", "openid email profile")
            .append_pair("state", state)
            .append_pair("code_challenge", &s256(verifier))
            .append_pair("code_challenge_method", "S256");
        Ok(url.into())
    }

    pub async fn exchange(
        &self,
        code: &str,
        verifier: &str,
    ) -> Result<GoogleTokens, GoogleClientError> {
        let req = self.http.post(&self.token_url).form(&[
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", &self.redirect_uri),
            ("client_id", &self.client_id),
            ("client_secret", self.client_secret.expose()),
            ("code_verifier", verifier),
        ]);
        call(req, "token").await
    }

    pub async fn userinfo(&self, access_token: &str) -> Result<GoogleUser, GoogleClientError> {
        let req = self.http.get(&self.userinfo_url).bearer_auth(access_token);
        call(req, "userinfo").await
    }
}

async fn call<T: serde::de::DeserializeOwned>(
    req: reqwest::RequestBuilder,
    endpoint: &'static str,
) -> Result<T, GoogleClientError> {
    let res = req
        .send()
        .await
        .map_err(|source| GoogleClientError::Unreachable { endpoint, source })?;
    if !res.status().is_success() {
        return Err(GoogleClientError::Status {
            endpoint,
            status: res.status(),
        });
    }
    res.json()
        .await
        .map_err(|source| GoogleClientError::Unreadable { endpoint, source })
}

/// The PKCE S256 challenge of a verifier.
pub fn s256(verifier: &str) -> String {
    B64.encode(Sha256::digest(verifier.as_bytes()))
}
