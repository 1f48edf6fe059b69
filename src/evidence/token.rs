//! Checking an RFC 3161 time-stamp token without the server: the token names the digest it stamped,
//! its signed attributes carry the digest of that statement, and the certificate's key signed those
//! attributes. The ASN.1 and the signature checks (ECDSA, RSA) come from RustCrypto's crates; this file only connects them.

use cms::cert::CertificateChoices;
use cms::content_info::ContentInfo;
use cms::signed_data::{SignedData, SignerIdentifier, SignerInfo};
use der::oid::ObjectIdentifier;
use der::referenced::OwnedToRef;
use der::{Decode, Encode};
use p256::ecdsa::signature::Verifier;
use p256::ecdsa::{DerSignature, VerifyingKey};
use sha2::{Digest, Sha256};
use x509_cert::Certificate;
use x509_tsp::TstInfo;

const SHA256: ObjectIdentifier = ObjectIdentifier::new_unwrap("2.16.840.1.101.3.4.2.1");
const RSA_ENCRYPTION: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.113549.1.1.1");
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
    #[error("the time-stamp token does not carry its signer's certificate")]
    NoCertificate,
}

/// Checks that `token` (DER) stamps `digest` (SHA-256) and was signed by `cert`'s key.
pub fn check(token: &[u8], digest: &[u8; 32], cert: &Certificate) -> Result<Stamp, TokenProblem> {
    let parts = Parts::read(token, digest)?;
    parts.signed_by(cert)?;
    Ok(parts.stamp())
}

/// Checks a second authority's token against the signer's certificate it carries (the browser asks for
/// it): proof that the holder of that key stamped `digest` then, and that certificate. Who that holder
/// is, the certificate does not prove (anyone can make one): the authority's own published certificate
/// does (docs/evidence.md, "A second authority").
pub fn check_self_contained(
    token: &[u8],
    digest: &[u8; 32],
) -> Result<(Stamp, Certificate), TokenProblem> {
    let parts = Parts::read(token, digest)?;
    let certs = parts
        .signed
        .certificates
        .as_ref()
        .ok_or(TokenProblem::NoCertificate)?;
    let signer = certs
        .0
        .iter()
        .filter_map(|c| match c {
            CertificateChoices::Certificate(c) => Some(c),
            _ => None,
        })
        .find(|c| parts.names(c))
        .ok_or(TokenProblem::NoCertificate)?;
    parts.signed_by(signer)?;
    Ok((parts.stamp(), signer.clone()))
}

/// A token taken apart: the signed statement (TSTInfo) and its one signer.
struct Parts {
    signed: SignedData,
    statement: Vec<u8>,
    tst: TstInfo,
}

impl Parts {
    fn read(token: &[u8], digest: &[u8; 32]) -> Result<Self, TokenProblem> {
        let unreadable = |_| TokenProblem::Unreadable;
        let info = ContentInfo::from_der(token).map_err(unreadable)?;
        let signed: SignedData = info.content.decode_as().map_err(unreadable)?;
        let statement = signed
            .encap_content_info
            .econtent
            .as_ref()
            .ok_or(TokenProblem::Unreadable)?
            .value()
            .to_vec();
        let tst = TstInfo::from_der(&statement).map_err(unreadable)?;
        if tst.message_imprint.hash_algorithm.oid != SHA256
            || tst.message_imprint.hashed_message.as_bytes() != digest.as_slice()
        {
            return Err(TokenProblem::OtherDigest);
        }
        Ok(Self {
            signed,
            statement,
            tst,
        })
    }

    fn signer(&self) -> Result<&SignerInfo, TokenProblem> {
        self.signed
            .signer_infos
            .0
            .get(0)
            .ok_or(TokenProblem::NotSigned)
    }

    /// Whether the signer names `cert` (by issuer and serial number, as RFC 3161 authorities do).
    fn names(&self, cert: &Certificate) -> bool {
        let tbs = &cert.tbs_certificate;
        self.signer().is_ok_and(|s| {
            matches!(&s.sid, SignerIdentifier::IssuerAndSerialNumber(id)
                if id.issuer == tbs.issuer && id.serial_number == tbs.serial_number)
        })
    }

    /// The signed attributes attest the statement, and `cert`'s key signed them (P-256 ECDSA, as this
    /// server signs, or RSA PKCS #1 v1.5, as most public authorities do; both over SHA-256).
    fn signed_by(&self, cert: &Certificate) -> Result<(), TokenProblem> {
        let signer = self.signer()?;
        let attrs = signer
            .signed_attrs
            .as_ref()
            .ok_or(TokenProblem::NotSigned)?;
        let attested = attrs
            .iter()
            .find(|a| a.oid == ID_MESSAGE_DIGEST)
            .and_then(|a| a.values.get(0))
            .and_then(|v| v.decode_as::<der::asn1::OctetString>().ok());
        let statement_digest = Sha256::digest(&self.statement);
        if signer.digest_alg.oid != SHA256
            || !self.names(cert)
            || attested.as_ref().map(|o| o.as_bytes()) != Some(statement_digest.as_slice())
        {
            return Err(TokenProblem::NotSigned);
        }
        let signed_bytes = attrs.to_der().map_err(|_| TokenProblem::NotSigned)?;
        let spki = &cert.tbs_certificate.subject_public_key_info;
        let signature = signer.signature.as_bytes();
        let valid = if spki.algorithm.oid == RSA_ENCRYPTION {
            let key = rsa::RsaPublicKey::try_from(spki.owned_to_ref())
                .map_err(|_| TokenProblem::NotSigned)?;
            let signature = rsa::pkcs1v15::Signature::try_from(signature)
                .map_err(|_| TokenProblem::NotSigned)?;
            rsa::pkcs1v15::VerifyingKey::<Sha256>::new(key)
                .verify(&signed_bytes, &signature)
                .is_ok()
        } else {
            let key = VerifyingKey::from_sec1_bytes(spki.subject_public_key.raw_bytes())
                .map_err(|_| TokenProblem::NotSigned)?;
            let signature =
                DerSignature::from_bytes(signature).map_err(|_| TokenProblem::NotSigned)?;
            key.verify(&signed_bytes, &signature).is_ok()
        };
        valid.then_some(()).ok_or(TokenProblem::NotSigned)
    }

    fn stamp(&self) -> Stamp {
        Stamp {
            at: self.tst.gen_time.to_unix_duration().as_secs() as i64,
        }
    }
}
