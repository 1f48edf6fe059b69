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

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey};
use serde_json::{Value, json};

/// Why the configured secret or JWK list cannot be used (reported by `validate-config`, exit 2).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum TrustedKeyError {
    #[error("must be at least {MIN_SECRET_LEN} characters (a shorter HMAC secret can be guessed)")]
    ShortSecret,
    #[error("is not a JSON array of JWKs: {0}")]
    NotAnArray(String),
    #[error("key {0}: {1}")]
    Key(usize, String),
    #[error("more than one key has \"sign\" in key_ops")]
    TwoSigners,
}

/// 32 characters: GoTrue's own setup and Supabase's self-hosting guide ask for at least this much,
/// and an HS256 secret is only as strong as it is long (256 bits of key for a 256-bit MAC).
pub const MIN_SECRET_LEN: usize = 32;

struct Verifier {
    kid: Option<String>,
    alg: Algorithm,
    key: DecodingKey,
}

struct Signer {
    kid: Option<String>,
    alg: Algorithm,
    key: EncodingKey,
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

struct ParsedJwk {
    verifier: Verifier,
    signer: Option<Signer>,
    public: Option<Value>,
}

fn field<'a>(jwk: &'a Value, name: &str) -> Result<&'a str, String> {
    jwk.get(name)
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty())
        .ok_or_else(|| format!("\"{name}\" is missing"))
}

fn bytes(jwk: &Value, name: &str) -> Result<Vec<u8>, String> {
    B64.decode(field(jwk, name)?.trim_end_matches('='))
        .map_err(|_| format!("\"{name}\" is not base64url"))
}

fn parse_jwk(jwk: &Value) -> Result<ParsedJwk, String> {
    if !jwk.is_object() {
        return Err("is not a JSON object".into());
    }
    // GoTrue keys its JWK map by kid, so every key must have one.
    let kid = field(jwk, "kid")?.to_string();
    let ops: Vec<&str> = jwk
        .get("key_ops")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let signs = ops.contains(&"sign");
    let declared = jwk.get("alg").and_then(Value::as_str);
    let (alg, decoding, encoding, public) = match field(jwk, "kty")? {
        "EC" => {
            if jwk.get("crv").and_then(Value::as_str) != Some("P-256") {
                return Err("only EC keys on P-256 (ES256) are supported".into());
            }
            let (x, y, d) = (bytes(jwk, "x")?, bytes(jwk, "y")?, bytes(jwk, "d")?);
            if x.len() != 32 || y.len() != 32 || d.len() != 32 {
                return Err("x, y and d must be 32 bytes each".into());
            }
            let pkcs8 = ec_pkcs8(&d, &x, &y);
            // Proves d belongs to x, y: ring refuses a key pair whose parts do not match.
            ring::signature::EcdsaKeyPair::from_pkcs8(
                &ring::signature::ECDSA_P256_SHA256_FIXED_SIGNING,
                &pkcs8,
                &ring::rand::SystemRandom::new(),
            )
            .map_err(|e| format!("not a usable P-256 private key ({e})"))?;
            let decoding = DecodingKey::from_ec_components(field(jwk, "x")?, field(jwk, "y")?)
                .map_err(|e| e.to_string())?;
            let public = json!({"kty": "EC", "crv": "P-256", "x": field(jwk, "x")?,
                "y": field(jwk, "y")?, "kid": kid, "alg": "ES256", "use": "sig", "key_ops": ["verify"]});
            (
                Algorithm::ES256,
                decoding,
                EncodingKey::from_ec_der(&pkcs8),
                Some(public),
            )
        }
        "RSA" => {
            let names = ["n", "e", "d", "p", "q", "dp", "dq", "qi"];
            let parts = names
                .iter()
                .map(|n| bytes(jwk, n))
                .collect::<Result<Vec<_>, _>>()?;
            if parts[0].len() < 256 {
                return Err("RSA keys must be at least 2048 bits".into());
            }
            let der = rsa_pkcs1(&parts);
            ring::signature::RsaKeyPair::from_der(&der)
                .map_err(|e| format!("not a usable RSA private key ({e})"))?;
            let decoding = DecodingKey::from_rsa_components(field(jwk, "n")?, field(jwk, "e")?)
                .map_err(|e| e.to_string())?;
            let public = json!({"kty": "RSA", "n": field(jwk, "n")?, "e": field(jwk, "e")?,
                "kid": kid, "alg": "RS256", "use": "sig", "key_ops": ["verify"]});
            (
                Algorithm::RS256,
                decoding,
                EncodingKey::from_rsa_der(&der),
                Some(public),
            )
        }
        "oct" => {
            let k = bytes(jwk, "k")?;
            if k.len() < MIN_SECRET_LEN {
                return Err(format!("\"k\" must be at least {MIN_SECRET_LEN} bytes"));
            }
            (
                Algorithm::HS256,
                DecodingKey::from_secret(&k),
                EncodingKey::from_secret(&k),
                None,
            )
        }
        other => return Err(format!("kty {other:?} is not supported (EC, RSA or oct)")),
    };
    let expected = match alg {
        Algorithm::ES256 => "ES256",
        Algorithm::RS256 => "RS256",
        _ => "HS256",
    };
    if declared.is_some_and(|a| a != expected) {
        return Err(format!("alg must be {expected} for this key"));
    }
    Ok(ParsedJwk {
        verifier: Verifier {
            kid: Some(kid.clone()),
            alg,
            key: decoding,
        },
        signer: signs.then_some(Signer {
            kid: Some(kid),
            alg,
            key: encoding,
        }),
        public,
    })
}

/// PKCS#8 v1 for a P-256 key, the layout ring itself writes (private scalar plus public point).
fn ec_pkcs8(d: &[u8], x: &[u8], y: &[u8]) -> Vec<u8> {
    let mut out = vec![
        0x30, 0x81, 0x87, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d,
        0x02, 0x01, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x04, 0x6d, 0x30,
        0x6b, 0x02, 0x01, 0x01, 0x04, 0x20,
    ];
    out.extend_from_slice(d);
    out.extend_from_slice(&[0xa1, 0x44, 0x03, 0x42, 0x00, 0x04]);
    out.extend_from_slice(x);
    out.extend_from_slice(y);
    out
}

/// PKCS#1 RSAPrivateKey: SEQUENCE { version 0, n, e, d, p, q, dp, dq, qi } in DER.
fn rsa_pkcs1(parts: &[Vec<u8>]) -> Vec<u8> {
    let mut body = der(0x02, &[0]);
    for p in parts {
        let trimmed: &[u8] = {
            let start = p
                .iter()
                .position(|&b| b != 0)
                .unwrap_or(p.len().saturating_sub(1));
            &p[start..]
        };
        // A leading 1 bit would read as negative: DER adds a zero byte.
        let mut int = Vec::with_capacity(trimmed.len() + 1);
        if trimmed.first().is_some_and(|b| b & 0x80 != 0) {
            int.push(0);
        }
        int.extend_from_slice(trimmed);
        body.extend(der(0x02, &int));
    }
    der(0x30, &body)
}

fn der(tag: u8, content: &[u8]) -> Vec<u8> {
    let mut out = vec![tag];
    let len = content.len();
    if len < 0x80 {
        out.push(len as u8);
    } else {
        let be = len.to_be_bytes();
        let start = be.iter().position(|&b| b != 0).unwrap_or(be.len() - 1);
        out.push(0x80 | (be.len() - start) as u8);
        out.extend_from_slice(&be[start..]);
    }
    out.extend_from_slice(content);
    out
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
        assert_eq!(e, TrustedKeyError::Key(0, "\"kid\" is missing".into()));
        assert!(matches!(
            TrustedKeys::new("", "{}").err(),
            Some(TrustedKeyError::NotAnArray(_))
        ));
    }
}
