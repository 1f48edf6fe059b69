//! Keys an operator already has: a Supabase project's HS256 JWT secret (`auth.jwt_secret`, GoTrue's
//! `GOTRUE_JWT_SECRET`) and its list of JWKs (`auth.jwt_keys`, GoTrue's `GOTRUE_JWT_KEYS`, a JSON array
//! with private parts). Tokens signed with any of them are accepted beside those of our own ES256 key.
//!
//! Which key signs new tokens follows GoTrue, so tokens keep working when an operator moves between
//! Solace and a hosted GoTrue: the JWK whose `key_ops` holds "sign"; else HS256 with the secret; else
//! (nothing configured) our own ES256 key.
//!
//! Safety rules, kept here in one place: the key is chosen by the header's `alg` first, so an HS256
//! token is only ever checked with the configured secret (or an `oct` JWK), never with an asymmetric
//! key's public material; `none` and unknown algorithms are refused before any key is looked at.

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey};
use serde_json::Value;

use crate::auth::keys::jwk::{JwkError, MIN_SECRET_LEN, Signer, Verifier, parse_jwk};

/// Why the configured secret or JWK list cannot be used (reported by `validate-config`, exit 2).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum TrustedKeyError {
    #[error("must be at least {MIN_SECRET_LEN} characters (a shorter HMAC secret can be guessed)")]
    ShortSecret,
    #[error("is not a JSON array of JWKs: {0}")]
    NotAnArray(String),
    #[error("key {0}: {1}")]
    Key(usize, JwkError),
    #[error("more than one key has \"sign\" in key_ops")]
    TwoSigners,
}

/// The operator's keys, parsed and checked once at start.
#[derive(Default)]
pub struct TrustedKeys {
    verifiers: Vec<Verifier>,
    signer: Option<Signer>,
    public_jwks: Vec<Value>,
}

impl TrustedKeys {
    /// `secret` and `jwks_json` are empty when not configured.
    pub fn new(secret: &str, jwks_json: &str) -> Result<Self, TrustedKeyError> {
        let mut keys = Self::default();
        let mut jwk_signer = None;
        if !jwks_json.trim().is_empty() {
            let list: Vec<Value> = serde_json::from_str(jwks_json)
                .map_err(|e| TrustedKeyError::NotAnArray(e.to_string()))?;
            for (i, jwk) in list.iter().enumerate() {
                let parsed = parse_jwk(jwk).map_err(|why| TrustedKeyError::Key(i, why))?;
                if let Some(public) = parsed.public {
                    keys.public_jwks.push(public);
                }
                keys.verifiers.push(parsed.verifier);
                if let Some(signer) = parsed.signer {
                    if jwk_signer.is_some() {
                        return Err(TrustedKeyError::TwoSigners);
                    }
                    jwk_signer = Some(signer);
                }
            }
        }
        let mut secret_signer = None;
        if !secret.trim().is_empty() {
            if secret.chars().count() < MIN_SECRET_LEN {
                return Err(TrustedKeyError::ShortSecret);
            }
            keys.verifiers.push(Verifier {
                kid: None,
                alg: Algorithm::HS256,
                key: DecodingKey::from_secret(secret.as_bytes()),
            });
            secret_signer = Some(Signer {
                kid: None,
                alg: Algorithm::HS256,
                key: EncodingKey::from_secret(secret.as_bytes()),
            });
        }
        keys.signer = jwk_signer.or(secret_signer);
        Ok(keys)
    }

    pub fn is_empty(&self) -> bool {
        self.verifiers.is_empty()
    }

    /// The key new tokens are signed with, if the operator's keys take over signing.
    pub fn signer(&self) -> Option<(Algorithm, Option<&str>, &EncodingKey)> {
        self.signer
            .as_ref()
            .map(|s| (s.alg, s.kid.as_deref(), &s.key))
    }

    /// The key to check a token with `alg` and `kid`: same algorithm always, same kid when the token
    /// names one. A token without a kid matches the secret (as GoTrue's and Supabase's tooling sign).
    pub fn decoding_key(&self, alg: Algorithm, kid: Option<&str>) -> Option<&DecodingKey> {
        let same_alg = self.verifiers.iter().filter(|v| v.alg == alg);
        let mut found = None;
        for v in same_alg {
            match (kid, v.kid.as_deref()) {
                (Some(want), Some(have)) if want == have => return Some(&v.key),
                (None, None) => return Some(&v.key),
                // A kid-less token may still be checked with the only key of its algorithm.
                (None, Some(_)) if found.is_none() => found = Some(&v.key),
                _ => {}
            }
        }
        if kid.is_none() { found } else { None }
    }

    /// Public parts of the asymmetric keys, for `/.well-known/jwks.json` (never a secret).
    pub fn public_jwks(&self) -> &[Value] {
        &self.public_jwks
    }
}

/// The algorithms an operator's key can have; anything else (`none` above all) is refused outright.
pub fn known_alg(alg: Option<&str>) -> bool {
    matches!(alg, Some("HS256" | "RS256" | "ES256"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_secret_is_refused() {
        assert_eq!(
            TrustedKeys::new("short", "").err(),
            Some(TrustedKeyError::ShortSecret)
        );
    }

    #[test]
    fn the_secret_signs_when_no_jwk_does_and_is_never_published() {
        let k = TrustedKeys::new(&"s".repeat(40), "").unwrap();
        assert_eq!(k.signer().map(|s| s.0), Some(Algorithm::HS256));
        assert!(k.public_jwks().is_empty());
        assert!(k.decoding_key(Algorithm::ES256, None).is_none());
    }

    #[test]
    fn a_malformed_list_names_the_key() {
        let e = TrustedKeys::new("", r#"[{"kty":"EC","crv":"P-256"}]"#)
            .err()
            .unwrap();
        assert_eq!(e, TrustedKeyError::Key(0, JwkError::Missing("kid")));
        assert_eq!(e.to_string(), "key 0: \"kid\" is missing");
        assert!(matches!(
            TrustedKeys::new("", "{}").err(),
            Some(TrustedKeyError::NotAnArray(_))
        ));
    }
}
