//! Checking an RFC 3161 time-stamp token without the server: the token names the digest it stamped,
//! its signed attributes carry the digest of that statement, and the certificate's key signed those
//! attributes. The ASN.1 and the ECDSA check come from RustCrypto's crates; this file only connects them.

use cms::content_info::ContentInfo;
use cms::signed_data::{SignedData, SignerIdentifier};
use der::oid::ObjectIdentifier;
use der::{Decode, Encode};
use p256::ecdsa::signature::Verifier;
use p256::ecdsa::{DerSignature, VerifyingKey};
use sha2::{Digest, Sha256};
use x509_cert::Certificate;
use x509_tsp::TstInfo;

const SHA256: ObjectIdentifier = ObjectIdentifier::new_unwrap("2.16.840.1.101.3.4.2.1");
const ID_MESSAGE_DIGEST: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.113549.1.9.4");

/// What a valid token says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stamp {
    /// When the authority signed, as Unix seconds.
    pub at: i64,
}

/// Why a token does not prove what it should.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TokenProblem {
    #[error("the time-stamp token cannot be read")]
    Unreadable,
    #[error("the time-stamp token is for another digest")]
    OtherDigest,
    #[error("the time-stamp token was not signed by this certificate")]
    NotSigned,
}

/// Checks that `token` (DER) stamps `digest` (SHA-256) and was signed by `cert`'s key.
pub fn check(token: &[u8], digest: &[u8; 32], cert: &Certificate) -> Result<Stamp, TokenProblem> {
    let unreadable = |_| TokenProblem::Unreadable;
    let info = ContentInfo::from_der(token).map_err(unreadable)?;
    let signed: SignedData = info.content.decode_as().map_err(unreadable)?;
    let content = signed
        .encap_content_info
        .econtent
        .as_ref()
        .ok_or(TokenProblem::Unreadable)?;
    let statement = content.value();
    let tst = TstInfo::from_der(statement).map_err(unreadable)?;
    if tst.message_imprint.hash_algorithm.oid != SHA256
        || tst.message_imprint.hashed_message.as_bytes() != digest.as_slice()
    {
        return Err(TokenProblem::OtherDigest);
    }
    let signer = signed
        .signer_infos
        .0
        .get(0)
        .ok_or(TokenProblem::NotSigned)?;
    let tbs = &cert.tbs_certificate;
    let named_us = matches!(&signer.sid, SignerIdentifier::IssuerAndSerialNumber(id)
        if id.issuer == tbs.issuer && id.serial_number == tbs.serial_number);
    let attrs = signer
        .signed_attrs
        .as_ref()
        .ok_or(TokenProblem::NotSigned)?;
    let attested = attrs
        .iter()
        .find(|a| a.oid == ID_MESSAGE_DIGEST)
        .and_then(|a| a.values.get(0))
        .and_then(|v| v.decode_as::<der::asn1::OctetString>().ok());
    let statement_digest = Sha256::digest(statement);
    if !named_us || attested.as_ref().map(|o| o.as_bytes()) != Some(statement_digest.as_slice()) {
        return Err(TokenProblem::NotSigned);
    }
    let key =
        VerifyingKey::from_sec1_bytes(tbs.subject_public_key_info.subject_public_key.raw_bytes())
            .map_err(|_| TokenProblem::NotSigned)?;
    let signature = DerSignature::from_bytes(signer.signature.as_bytes())
        .map_err(|_| TokenProblem::NotSigned)?;
    let signed_bytes = attrs.to_der().map_err(|_| TokenProblem::NotSigned)?;
    key.verify(&signed_bytes, &signature)
        .map_err(|_| TokenProblem::NotSigned)?;
    let at = tst.gen_time.to_unix_duration().as_secs() as i64;
    Ok(Stamp { at })
}
