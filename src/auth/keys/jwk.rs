//! One JWK from the operator's `auth.jwt_keys`, read and checked: EC P-256, RSA (2048 bits or more) or an
//! `oct` secret, with its private parts, whose `key_ops` say whether it signs. The DER that ring and
//! jsonwebtoken take is written by RustCrypto's `p256` and `pkcs1`, not by hand.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey};
use p256::elliptic_curve::sec1::ToEncodedPoint;
use p256::pkcs8::EncodePrivateKey;
use pkcs1::der::Encode;
use serde_json::{Value, json};

/// Why a JWK cannot be used, as `validate-config` prints it.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum JwkError {
    #[error("is not a JSON object")]
    NotAnObject,
    #[error("\"{0}\" is missing")]
    Missing(&'static str),
    #[error("\"{0}\" is not base64url")]
    NotBase64(&'static str),
    #[error("only EC keys on P-256 (ES256) are supported")]
    NotP256,
    #[error("x, y and d must be 32 bytes each")]
    WrongEcSize,
    #[error("not a usable P-256 private key (d does not belong to x and y)")]
    UnusableEc,
    #[error("RSA keys must be at least 2048 bits")]
    ShortRsa,
    #[error("not a usable RSA private key")]
    UnusableRsa,
    #[error("\"k\" must be at least {MIN_SECRET_LEN} bytes")]
    ShortSecret,
    #[error("kty {0:?} is not supported (EC, RSA or oct)")]
    UnknownType(String),
    #[error("alg must be {0} for this key")]
    WrongAlg(&'static str),
}

/// 32 characters: GoTrue's own setup and Supabase's self-hosting guide ask for at least this much,
/// and an HS256 secret is only as strong as it is long (256 bits of key for a 256-bit MAC).
pub const MIN_SECRET_LEN: usize = 32;

pub struct Verifier {
    pub kid: Option<String>,
    pub alg: Algorithm,
    pub key: DecodingKey,
}

pub struct Signer {
    pub kid: Option<String>,
    pub alg: Algorithm,
    pub key: EncodingKey,
}

pub(super) struct ParsedJwk {
    pub verifier: Verifier,
    pub signer: Option<Signer>,
    pub public: Option<Value>,
}

fn field<'a>(jwk: &'a Value, name: &'static str) -> Result<&'a str, JwkError> {
    jwk.get(name)
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty())
        .ok_or(JwkError::Missing(name))
}

fn bytes(jwk: &Value, name: &'static str) -> Result<Vec<u8>, JwkError> {
    B64.decode(field(jwk, name)?.trim_end_matches('='))
        .map_err(|_| JwkError::NotBase64(name))
}

pub(super) fn parse_jwk(jwk: &Value) -> Result<ParsedJwk, JwkError> {
    if !jwk.is_object() {
        return Err(JwkError::NotAnObject);
    }
    // GoTrue keys its JWK map by kid, so every key must have one.
    let kid = field(jwk, "kid")?.to_string();
    let signs = jwk
        .get("key_ops")
        .and_then(Value::as_array)
        .is_some_and(|ops| ops.iter().any(|op| op.as_str() == Some("sign")));
    let declared = jwk.get("alg").and_then(Value::as_str);
    let (alg, decoding, encoding, public) = match field(jwk, "kty")? {
        "EC" => {
            let (der, public) = ec_key(jwk, &kid)?;
            let decoding = DecodingKey::from_ec_components(field(jwk, "x")?, field(jwk, "y")?)
                .map_err(|_| JwkError::UnusableEc)?;
            (
                Algorithm::ES256,
                decoding,
                EncodingKey::from_ec_der(&der),
                Some(public),
            )
        }
        "RSA" => {
            let der = rsa_key(jwk)?;
            let decoding = DecodingKey::from_rsa_components(field(jwk, "n")?, field(jwk, "e")?)
                .map_err(|_| JwkError::UnusableRsa)?;
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
                return Err(JwkError::ShortSecret);
            }
            (
                Algorithm::HS256,
                DecodingKey::from_secret(&k),
                EncodingKey::from_secret(&k),
                None,
            )
        }
        other => return Err(JwkError::UnknownType(other.to_string())),
    };
    let expected = match alg {
        Algorithm::ES256 => "ES256",
        Algorithm::RS256 => "RS256",
        _ => "HS256",
    };
    if declared.is_some_and(|a| a != expected) {
        return Err(JwkError::WrongAlg(expected));
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

/// The private key as PKCS#8 DER and its public JWK; the private scalar must give the stated point.
fn ec_key(jwk: &Value, kid: &str) -> Result<(Vec<u8>, Value), JwkError> {
    if jwk.get("crv").and_then(Value::as_str) != Some("P-256") {
        return Err(JwkError::NotP256);
    }
    let (x, y, d) = (bytes(jwk, "x")?, bytes(jwk, "y")?, bytes(jwk, "d")?);
    if x.len() != 32 || y.len() != 32 || d.len() != 32 {
        return Err(JwkError::WrongEcSize);
    }
    let secret = p256::SecretKey::from_slice(&d).map_err(|_| JwkError::UnusableEc)?;
    let point = secret.public_key().to_encoded_point(false);
    if point.x().map(|p| p.as_slice()) != Some(&x[..])
        || point.y().map(|p| p.as_slice()) != Some(&y[..])
    {
        return Err(JwkError::UnusableEc);
    }
    let der = secret.to_pkcs8_der().map_err(|_| JwkError::UnusableEc)?;
    let public = json!({"kty": "EC", "crv": "P-256", "x": field(jwk, "x")?, "y": field(jwk, "y")?,
        "kid": kid, "alg": "ES256", "use": "sig", "key_ops": ["verify"]});
    Ok((der.as_bytes().to_vec(), public))
}

/// The private key as PKCS#1 DER, after ring has accepted it (its parts must agree).
fn rsa_key(jwk: &Value) -> Result<Vec<u8>, JwkError> {
    let names = ["n", "e", "d", "p", "q", "dp", "dq", "qi"];
    let parts = names
        .iter()
        .map(|n| bytes(jwk, n))
        .collect::<Result<Vec<_>, _>>()?;
    if parts[0].len() < 256 {
        return Err(JwkError::ShortRsa);
    }
    let uint = |i: usize| pkcs1::UintRef::new(&parts[i]).map_err(|_| JwkError::UnusableRsa);
    let key = pkcs1::RsaPrivateKey {
        modulus: uint(0)?,
        public_exponent: uint(1)?,
        private_exponent: uint(2)?,
        prime1: uint(3)?,
        prime2: uint(4)?,
        exponent1: uint(5)?,
        exponent2: uint(6)?,
        coefficient: uint(7)?,
        other_prime_infos: None,
    };
    let der = key.to_der().map_err(|_| JwkError::UnusableRsa)?;
    ring::signature::RsaKeyPair::from_der(&der).map_err(|_| JwkError::UnusableRsa)?;
    Ok(der)
}
