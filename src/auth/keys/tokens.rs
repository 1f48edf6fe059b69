//! Access tokens (ES256 JWTs), the JWKS that publishes their key, and opaque refresh tokens.
//!
//! The P-256 key pair is generated on first start and kept as PKCS#8 DER, mode 0600, in the data
//! directory. Refresh tokens are stored only as SHA-256 hashes. So that a client whose refresh reply was
//! lost can be handed the same child token again (GoTrue returns the active child when its parent is
//! presented), a child token is derived, not drawn: HMAC(key, parent token, child's public salt). Only
//! someone holding the parent token and the server's key can compute it.

use std::path::Path;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use ring::hmac;
use ring::rand::SystemRandom;
use ring::signature::{ECDSA_P256_SHA256_FIXED_SIGNING, EcdsaKeyPair, KeyPair};
use serde::Serialize;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::auth::keys::signing_key;
use crate::auth::keys::trusted_keys::TrustedKeys;
pub use crate::opaque_tokens::{derive_child, hash_token, random_token};

use crate::auth::keys::claims::{RoleClaims, Verified};
pub use crate::auth::keys::signing_key::KeyError;

pub const AUDIENCE: &str = "authenticated";

/// Why an access token was refused (or, for `sign`, could not be made).
#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    #[error("{0}")]
    Jwt(#[from] jsonwebtoken::errors::Error),
    #[error("unknown key id")]
    UnknownKeyId,
    /// The header names another algorithm than ES256 (e.g. `none`, or HS256 with our public key).
    #[error("signing method is invalid")]
    WrongAlgorithm,
}

impl TokenError {
    /// Why a token was refused, in the words GoTrue's JWT library uses, never our library's own text
    /// (which names its internals, e.g. "unknown variant `none`") and never anything from the token.
    pub fn public_reason(&self) -> &'static str {
        use jsonwebtoken::errors::ErrorKind as K;
        let kind = match self {
            Self::UnknownKeyId => {
                return "token is unverifiable: error while executing keyfunc: unrecognized JWT kid";
            }
            Self::WrongAlgorithm => return "token signature is invalid: signing method is invalid",
            Self::Jwt(e) => e.kind(),
        };
        match kind {
            K::InvalidSignature => "token signature is invalid",
            K::InvalidAlgorithm | K::InvalidAlgorithmName | K::MissingAlgorithm => {
                "token signature is invalid: signing method is invalid"
            }
            K::ExpiredSignature => "token has invalid claims: token is expired",
            K::ImmatureSignature => "token has invalid claims: token is not valid yet",
            K::InvalidAudience => "token has invalid claims: token has invalid audience",
            K::InvalidIssuer => "token has invalid claims: token has invalid issuer",
            K::InvalidSubject => "token has invalid claims: token has invalid subject",
            K::MissingRequiredClaim(_) => {
                "token has invalid claims: token is missing required claim"
            }
            K::InvalidEcdsaKey | K::InvalidKeyFormat | K::Crypto(_) => "token is unverifiable",
            _ => "token is malformed",
        }
    }
}

pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    kid: String,
    x: String,
    y: String,
    refresh_key: hmac::Key,
    issuer: String,
    /// The operator's Supabase keys (`auth.jwt_secret`, `auth.jwt_keys`); empty when none.
    trusted: TrustedKeys,
}

impl TokenKeys {
    /// Loads the key from `data_dir`, creating it on first start. `issuer` is `<site_url>/auth/v1`.
    pub fn load_or_create(data_dir: &Path, issuer: String) -> Result<Self, KeyError> {
        let (path, pkcs8) = signing_key::read_or_create(data_dir)?;
        Self::from_pkcs8(&pkcs8, issuer).map_err(|e| KeyError::Unusable {
            path,
            source: Box::new(e),
        })
    }

    /// Loads the key from `data_dir` without ever creating one (`signing_key::read_existing`).
    pub fn load_existing(data_dir: &Path, issuer: String) -> Result<Self, KeyError> {
        let (path, pkcs8) = signing_key::read_existing(data_dir)?;
        Self::from_pkcs8(&pkcs8, issuer).map_err(|e| KeyError::Unusable {
            path,
            source: Box::new(e),
        })
    }

    pub fn from_pkcs8(pkcs8: &[u8], issuer: String) -> Result<Self, KeyError> {
        let pair = EcdsaKeyPair::from_pkcs8(
            &ECDSA_P256_SHA256_FIXED_SIGNING,
            pkcs8,
            &SystemRandom::new(),
        )
        .map_err(KeyError::NotP256)?;
        // Uncompressed point: 0x04 || x || y.
        let point = pair.public_key().as_ref();
        if point.len() != 65 {
            return Err(KeyError::PublicKeySize);
        }
        let x = B64.encode(&point[1..33]);
        let y = B64.encode(&point[33..]);
        let kid = B64.encode(&Sha256::digest(point)[..12]);
        let decoding = DecodingKey::from_ec_components(&x, &y)?;
        let mut derive = Sha256::new();
        derive.update(b"solace refresh-token derivation v1\0");
        derive.update(pkcs8);
        Ok(Self {
            encoding: EncodingKey::from_ec_der(pkcs8),
            decoding,
            kid,
            x,
            y,
            refresh_key: hmac::Key::new(hmac::HMAC_SHA256, &derive.finalize()),
            issuer,
            trusted: TrustedKeys::default(),
        })
    }

    /// Also trusts (and, by GoTrue's rule, signs with) the operator's keys; see `trusted_keys`.
    pub fn with_trusted(mut self, trusted: TrustedKeys) -> Self {
        self.trusted = trusted;
        self
    }

    pub fn issuer(&self) -> &str {
        &self.issuer
    }

    pub fn sign<C: Serialize>(&self, claims: &C) -> Result<String, TokenError> {
        if let Some((alg, kid, key)) = self.trusted.signer() {
            let mut header = Header::new(alg);
            header.kid = kid.map(str::to_string);
            return Ok(jsonwebtoken::encode(&header, claims, key)?);
        }
        let mut header = Header::new(Algorithm::ES256);
        header.kid = Some(self.kid.clone());
        Ok(jsonwebtoken::encode(&header, claims, &self.encoding)?)
    }

    /// Accepts only ES256 tokens signed by our key, for our audience and issuer, not expired. `alg:none`
    /// and HMAC tokens fail here because the validation allows ES256 alone.
    pub fn verify(&self, token: &str) -> Result<Verified, TokenError> {
        let mut validation = self.validation(&["exp", "sub", "aud", "iss"]);
        validation.set_audience(&[AUDIENCE]);
        self.decode(token, &validation, false)
    }

    /// For the admin API: the same signature, key and issuer checks as `verify`, but neither an
    /// audience nor a subject is required, because a service-role token (GoTrue's and ours) has none.
    /// A token signed with one of the operator's own keys (`auth.jwt_secret` / `jwt_keys`) may also
    /// lack `exp`, as GoTrue accepts it (Supabase tooling makes such keys); one signed with this
    /// server's key never may (docs/auth-contract.md, "Admin API").
    pub fn verify_role(&self, token: &str) -> Result<RoleClaims, TokenError> {
        let mut validation = self.validation(&["exp", "iss"]);
        validation.validate_aud = false;
        self.decode(token, &validation, true)
    }

    fn validation(&self, required: &[&str]) -> Validation {
        let mut validation = Validation::new(Algorithm::ES256);
        validation.set_issuer(&[&self.issuer]);
        validation.set_required_spec_claims(required);
        validation.leeway = 0;
        validation
    }

    fn decode<T: serde::de::DeserializeOwned>(
        &self,
        token: &str,
        validation: &Validation,
        operator_keys_may_omit_exp: bool,
    ) -> Result<T, TokenError> {
        // Checked before the library reads the header: it cannot name an algorithm it does not know
        // (`none`) except through a parse error, and GoTrue answers this case in its own words.
        // A header that cannot be read at all is left to the library: "token is malformed".
        let alg = header_alg(token);
        let ours = alg.as_deref() == Some("ES256");
        let trusted_alg =
            !self.trusted.is_empty() && crate::auth::keys::trusted_keys::known_alg(alg.as_deref());
        if alg.is_some() && !ours && !trusted_alg {
            return Err(TokenError::WrongAlgorithm);
        }
        let header = jsonwebtoken::decode_header(token)?;
        if ours && header.kid.as_deref().is_none_or(|kid| kid == self.kid) {
            return Ok(jsonwebtoken::decode::<T>(token, &self.decoding, validation)?.claims);
        }
        // Another key: the operator's. The key is picked by the header's algorithm, so an HS256
        // token never meets an asymmetric key. Their tokens carry the issuer of wherever they were
        // made (Supabase's own keys say "supabase"), and GoTrue does not check it either.
        let key = self
            .trusted
            .decoding_key(header.alg, header.kid.as_deref())
            .ok_or(if header.alg == Algorithm::HS256 {
                TokenError::WrongAlgorithm
            } else {
                TokenError::UnknownKeyId
            })?;
        let mut theirs = validation.clone();
        theirs.algorithms = vec![header.alg];
        theirs.iss = None;
        theirs.required_spec_claims.remove("iss");
        if operator_keys_may_omit_exp {
            // A present `exp` is still checked.
            theirs.required_spec_claims.remove("exp");
        }
        Ok(jsonwebtoken::decode::<T>(token, key, &theirs)?.claims)
    }

    pub fn jwks(&self) -> Value {
        let mut keys = vec![json!({
            "kty": "EC", "crv": "P-256", "x": self.x, "y": self.y, "kid": self.kid,
            "alg": "ES256", "use": "sig", "key_ops": ["verify"],
        })];
        keys.extend(self.trusted.public_jwks().iter().cloned());
        json!({ "keys": keys })
    }

    /// The key child refresh tokens are derived with (see the module comment).
    pub fn refresh_key(&self) -> hmac::Key {
        self.refresh_key.clone()
    }
}

/// The `alg` a token's header names, if the header can be read at all.
fn header_alg(token: &str) -> Option<String> {
    let header = B64.decode(token.split('.').next()?).ok()?;
    let header: Value = serde_json::from_slice(&header).ok()?;
    header.get("alg")?.as_str().map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auth::keys::claims::Claims;

    fn keys() -> TokenKeys {
        let doc =
            EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &SystemRandom::new())
                .unwrap();
        TokenKeys::from_pkcs8(doc.as_ref(), "http://localhost/auth/v1".into()).unwrap()
    }

    fn claims(exp: i64) -> Claims {
        Claims {
            iss: "http://localhost/auth/v1".into(),
            sub: "u1".into(),
            aud: AUDIENCE.into(),
            exp,
            iat: 0,
            email: "a@b.c".into(),
            phone: String::new(),
            app_metadata: json!({}),
            user_metadata: json!({}),
            role: "authenticated".into(),
            aal: "aal1".into(),
            amr: vec![],
            session_id: "s1".into(),
            is_anonymous: false,
        }
    }

    #[test]
    fn signs_and_verifies_and_refuses_other_keys() {
        let k = keys();
        let exp = chrono::Utc::now().timestamp() + 60;
        let t = k.sign(&claims(exp)).unwrap();
        let v = k.verify(&t).unwrap();
        assert_eq!(
            (v.sub.as_str(), v.session_id.as_deref()),
            ("u1", Some("s1"))
        );
        assert!(keys().verify(&t).is_err(), "another key's token");
        assert!(
            k.verify(&k.sign(&claims(exp - 120)).unwrap()).is_err(),
            "expired"
        );
    }
}
