//! Secrets and what is made with them: the token-signing key, keys trusted from elsewhere, Argon2
//! password hashes, MFA secrets and TOTP codes, opaque refresh and link tokens, the service key.

pub mod argon;
pub mod claims;
pub mod jwk;
pub mod mfa_secret;
pub mod mfa_totp;
pub mod password;
pub mod service_key;
pub mod signing_key;
pub mod tokens;
pub mod trusted_keys;
