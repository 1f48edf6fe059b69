//! Access tokens (ES256 JWTs), the JWKS that publishes their key, and opaque refresh tokens.
//!
//! The P-256 key pair is generated on first start and kept as PKCS#8 DER, mode 0600, in the data
//! directory. Refresh tokens are stored only as SHA-256 hashes. So that a client whose refresh reply was
//! lost can be handed the same child token again (GoTrue returns the active child when its parent is
//! presented), a child token is derived, not drawn: HMAC(key, parent token, child's public salt). Only
//! someone holding the parent token and the server's key can compute it.

use std::io::Write;
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::Path;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rand::RngCore;
use ring::hmac;
use ring::rand::SystemRandom;
use ring::signature::{ECDSA_P256_SHA256_FIXED_SIGNING, EcdsaKeyPair, KeyPair};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

pub const KEY_FILE: &str = "jwt-signing-key.p256.pk8";
pub const AUDIENCE: &str = "authenticated";

pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    kid: String,
    x: String,
    y: String,
    refresh_key: hmac::Key,
    issuer: String,
}

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

impl TokenKeys {
    /// Loads the key from `data_dir`, creating it on first start. `issuer` is `<site_url>/auth/v1`.
    pub fn load_or_create(data_dir: &Path, issuer: String) -> Result<Self, String> {
        let path = data_dir.join(KEY_FILE);
        let pkcs8 = match std::fs::read(&path) {
            Ok(bytes) => {
                tighten_mode(&path)?;
                bytes
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => create_key(&path)?,
            Err(e) => {
                return Err(format!(
                    "cannot read the signing key {}: {e}",
                    path.display()
                ));
            }
        };
        Self::from_pkcs8(&pkcs8, issuer)
            .map_err(|e| format!("the signing key {} is not usable: {e}", path.display()))
    }

    pub fn from_pkcs8(pkcs8: &[u8], issuer: String) -> Result<Self, String> {
        let pair = EcdsaKeyPair::from_pkcs8(
            &ECDSA_P256_SHA256_FIXED_SIGNING,
            pkcs8,
            &SystemRandom::new(),
        )
        .map_err(|e| format!("not a P-256 PKCS#8 key ({e})"))?;
        // Uncompressed point: 0x04 || x || y.
        let point = pair.public_key().as_ref();
        if point.len() != 65 {
            return Err("unexpected public key size".into());
        }
        let x = B64.encode(&point[1..33]);
        let y = B64.encode(&point[33..]);
        let kid = B64.encode(&Sha256::digest(point)[..12]);
        let decoding = DecodingKey::from_ec_components(&x, &y).map_err(|e| e.to_string())?;
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
        })
    }

    pub fn issuer(&self) -> &str {
        &self.issuer
    }

    pub fn sign(&self, claims: &Claims) -> Result<String, String> {
        let mut header = Header::new(Algorithm::ES256);
        header.kid = Some(self.kid.clone());
        jsonwebtoken::encode(&header, claims, &self.encoding).map_err(|e| e.to_string())
    }

    /// Accepts only ES256 tokens signed by our key, for our audience and issuer, not expired. `alg:none`
    /// and HMAC tokens fail here because the validation allows ES256 alone.
    pub fn verify(&self, token: &str) -> Result<Verified, String> {
        let header = jsonwebtoken::decode_header(token).map_err(|e| e.to_string())?;
        if header.kid.as_deref().is_some_and(|kid| kid != self.kid) {
            return Err("unknown key id".into());
        }
        let mut validation = Validation::new(Algorithm::ES256);
        validation.set_audience(&[AUDIENCE]);
        validation.set_issuer(&[&self.issuer]);
        validation.set_required_spec_claims(&["exp", "sub", "aud", "iss"]);
        validation.leeway = 0;
        jsonwebtoken::decode::<Verified>(token, &self.decoding, &validation)
            .map(|data| data.claims)
            .map_err(|e| e.to_string())
    }

    pub fn jwks(&self) -> Value {
        json!({ "keys": [{
            "kty": "EC", "crv": "P-256", "x": self.x, "y": self.y, "kid": self.kid,
            "alg": "ES256", "use": "sig", "key_ops": ["verify"],
        }]})
    }

    /// The key child refresh tokens are derived with (see the module comment).
    pub fn refresh_key(&self) -> hmac::Key {
        self.refresh_key.clone()
    }
}

/// The child of `parent` with the given salt.
pub fn derive_child(key: &hmac::Key, parent: &str, salt: &str) -> String {
    let mut ctx = hmac::Context::with_key(key);
    ctx.update(parent.as_bytes());
    ctx.update(b"\0");
    ctx.update(salt.as_bytes());
    B64.encode(ctx.sign().as_ref())
}

/// A fresh random value, base64url: refresh tokens of new sessions, salts, OAuth states and codes.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    B64.encode(bytes)
}

/// How refresh tokens and one-time codes are stored.
pub fn hash_token(token: &str) -> String {
    let digest = Sha256::digest(token.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

fn create_key(path: &Path) -> Result<Vec<u8>, String> {
    let doc = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &SystemRandom::new())
        .map_err(|e| format!("cannot generate a signing key: {e}"))?;
    // Written to a temporary name, then renamed, so a crash never leaves half a key behind.
    let tmp = path.with_extension("tmp");
    let _ = std::fs::remove_file(&tmp);
    let write = || -> std::io::Result<()> {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&tmp)?;
        f.write_all(doc.as_ref())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    };
    write().map_err(|e| format!("cannot write the signing key {}: {e}", path.display()))?;
    tracing::info!(path = %path.display(), "generated a new token signing key");
    Ok(doc.as_ref().to_vec())
}

fn tighten_mode(path: &Path) -> Result<(), String> {
    let meta = std::fs::metadata(path)
        .map_err(|e| format!("cannot read the signing key {}: {e}", path.display()))?;
    if meta.permissions().mode() & 0o077 != 0 {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600)).map_err(|e| {
            format!(
                "the signing key {} is readable by others and cannot be made private: {e}",
                path.display()
            )
        })?;
        tracing::warn!(path = %path.display(), "the signing key was readable by others; set its mode to 0600");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn derivation_is_stable_and_salted() {
        let k = keys().refresh_key();
        assert_eq!(derive_child(&k, "p", "s"), derive_child(&k, "p", "s"));
        assert_ne!(derive_child(&k, "p", "s"), derive_child(&k, "p", "t"));
        assert_ne!(
            derive_child(&k, "p", "s"),
            derive_child(&keys().refresh_key(), "p", "s")
        );
        assert!(derive_child(&k, "p", "s").len() >= 32);
    }
}
