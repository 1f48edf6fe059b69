//! The authority's key and certificate: the operator's own files, or a pair made on first start.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use der::DecodePem;
use der::oid::ObjectIdentifier;
use p256::ecdsa::{DerSignature, SigningKey};
use p256::pkcs8::DecodePrivateKey;
use x509_cert::Certificate;
use x509_cert::builder::{Builder, CertificateBuilder, Profile};
use x509_cert::ext::pkix::ExtendedKeyUsage;
use x509_cert::name::Name;
use x509_cert::serial_number::SerialNumber;
use x509_cert::time::Validity;

use super::errors::AuthorityError;

pub(super) const ID_KP_TIME_STAMPING: ObjectIdentifier =
    ObjectIdentifier::new_unwrap("1.3.6.1.5.5.7.3.8");
/// Twenty years: the record may be needed in court long after it was written.
const CERT_LIFETIME: Duration = Duration::from_secs(20 * 365 * 24 * 3600);

pub(super) fn file(
    what: &'static str,
    path: &Path,
) -> impl FnOnce(std::io::Error) -> AuthorityError {
    let path = path.to_path_buf();
    move |source| AuthorityError::File { what, path, source }
}

pub(super) fn unusable(path: &Path, why: impl std::fmt::Display) -> AuthorityError {
    AuthorityError::Unusable {
        path: path.to_path_buf(),
        why: why.to_string(),
    }
}

pub(super) fn read_key(path: &Path) -> Result<SigningKey, AuthorityError> {
    let bytes = std::fs::read(path).map_err(file("cannot read", path))?;
    match std::str::from_utf8(&bytes) {
        Ok(pem) if pem.contains("-----BEGIN") => {
            SigningKey::from_pkcs8_pem(pem).map_err(|e| unusable(path, e))
        }
        _ => SigningKey::from_pkcs8_der(&bytes).map_err(|e| unusable(path, e)),
    }
}

pub(super) fn read_cert(path: &Path) -> Result<Certificate, AuthorityError> {
    let pem = std::fs::read(path).map_err(file("cannot read", path))?;
    Certificate::from_pem(&pem).map_err(|e| unusable(path, e))
}

/// 16 random bytes read as a positive integer in its shortest DER form (top bit clear, the next one
/// set): 126 random bits, so serials never repeat in practice (RFC 3161 asks them to be unique).
pub(super) fn serial_bytes() -> [u8; 16] {
    let mut bytes = [0u8; 16];
    rand::Rng::fill(&mut rand::rng(), &mut bytes[..]);
    bytes[0] = (bytes[0] & 0x3f) | 0x40;
    bytes
}

/// A new key and a self-signed certificate for time-stamping only.
pub(super) fn make_own() -> Result<(SigningKey, Certificate), AuthorityError> {
    let make = |e: &dyn std::fmt::Display| AuthorityError::Make(e.to_string());
    let key = SigningKey::random(&mut p256::elliptic_curve::rand_core::OsRng);
    let subject = Name::from_str("CN=Solace time-stamping").map_err(|e| make(&e))?;
    let spki =
        spki::SubjectPublicKeyInfoOwned::from_key(*key.verifying_key()).map_err(|e| make(&e))?;
    let serial = SerialNumber::new(&serial_bytes()).map_err(|e| make(&e))?;
    let validity = Validity::from_now(CERT_LIFETIME).map_err(|e| make(&e))?;
    // A leaf that is its own issuer: key identifiers, not a CA, digital signature and non-repudiation.
    let profile = Profile::Leaf {
        issuer: subject.clone(),
        enable_key_agreement: false,
        enable_key_encipherment: false,
    };
    let mut builder = CertificateBuilder::new(profile, serial, validity, subject, spki, &key)
        .map_err(|e| make(&e))?;
    // The only purpose, so x509-cert marks it critical, as RFC 3161 requires of a TSA certificate.
    builder
        .add_extension(&ExtendedKeyUsage(vec![ID_KP_TIME_STAMPING]))
        .map_err(|e| make(&e))?;
    let cert = builder.build::<DerSignature>().map_err(|e| make(&e))?;
    Ok((key, cert))
}
