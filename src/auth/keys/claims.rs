//! What the access tokens say: GoTrue's claims, and the parts of them the service reads back.

use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Amr {
    pub method: String,
    pub timestamp: i64,
}

/// The claims GoTrue puts in an access token.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Claims {
    pub iss: String,
    pub sub: String,
    pub aud: String,
    pub exp: i64,
    pub iat: i64,
    pub email: String,
    pub phone: String,
    pub app_metadata: Value,
    pub user_metadata: Value,
    pub role: String,
    pub aal: String,
    pub amr: Vec<Amr>,
    pub session_id: String,
    pub is_anonymous: bool,
}

/// What a verified access token tells us.
#[derive(Debug, Clone, Deserialize)]
pub struct Verified {
    pub sub: String,
    pub session_id: Option<String>,
}

/// The claims the admin API looks at.
#[derive(Debug, Clone, Deserialize)]
pub struct RoleClaims {
    #[serde(default)]
    pub role: String,
}

/// A service-role token's claims, as GoTrue's tooling writes them: no subject, no session.
#[derive(Debug, Clone, Serialize)]
pub struct ServiceClaims {
    pub iss: String,
    pub role: String,
    pub iat: i64,
    pub exp: i64,
}
