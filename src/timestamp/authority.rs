//! The time-stamping authority: its key and certificate, and the RFC 3161 tokens it signs. The server
//! only ever sees a SHA-256 digest, never what was written, and cannot tie a stamp to an account (the
//! endpoint needs none).
//!
//! The ASN.1 comes from RustCrypto's crates (`x509-tsp`, `cms`, `x509-cert`); this file only fills in
//! the fields. What OpenSSL's `ts -verify` needs and RFC 3161 asks for: the TSTInfo as the signed
//! content, the ESS signing-certificate-v2 attribute naming our certificate, and a certificate whose
//! only extended key usage, marked critical, is time-stamping. The TSTInfo names the authority (`tsa`)
//! by the certificate's subject, so nobody reads the token as coming from someone else.

use std::path::Path;
use std::str::FromStr;
use std::time::SystemTime;

use cms::cert::CertificateChoices;
use cms::cert::IssuerAndSerialNumber;
use cms::signed_data::{EncapsulatedContentInfo, SignerIdentifier};
use der::asn1::{GeneralizedTime, Int, OctetString, SetOfVec};
use der::oid::ObjectIdentifier;
use der::{Any, Decode, Encode, EncodePem, Sequence, Tag};
use p256::ecdsa::{DerSignature, SigningKey};
use p256::pkcs8::{EncodePrivateKey, LineEnding};
use sha2::{Digest, Sha256};
use spki::AlgorithmIdentifierOwned;
use x509_cert::Certificate;
use x509_cert::attr::Attribute;
use x509_cert::ext::pkix::name::GeneralName;

use super::errors::AuthorityError;
use super::key_files::{file, make_own, read_cert, read_key, serial_bytes};
use x509_tsp::{Accuracy, MessageImprint, TimeStampReq, TimeStampResp, TspVersion, TstInfo};

use super::config::TimestampConfig;

pub const KEY_FILE: &str = "timestamp-key.p256.pk8";
pub const CERT_FILE: &str = "timestamp-cert.pem";

const SHA256: ObjectIdentifier = ObjectIdentifier::new_unwrap("2.16.840.1.101.3.4.2.1");
const ID_CT_TST_INFO: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.113549.1.9.16.1.4");
const ID_AA_SIGNING_CERTIFICATE_V2: ObjectIdentifier =
    ObjectIdentifier::new_unwrap("1.2.840.113549.1.9.16.2.47");

/// RFC 5035's `ESSCertIDv2` with the default hash (SHA-256) and no issuer serial.
#[derive(Clone, Debug, Eq, PartialEq, Sequence)]
struct EssCertIdV2 {
    cert_hash: OctetString,
}

/// RFC 5035's `SigningCertificateV2`, without policies.
#[derive(Clone, Debug, Eq, PartialEq, Sequence)]
struct SigningCertificateV2 {
    certs: Vec<EssCertIdV2>,
}

/// Why a request gets no token, in words for the person or tool that sent it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the request is not an RFC 3161 TimeStampReq in DER")]
    Malformed,
    #[error("only SHA-256 digests (32 bytes) are stamped")]
    Algorithm,
    #[error("this authority stamps only under its own policy {0}")]
    Policy(String),
}

pub struct Authority {
    key: SigningKey,
    cert: Certificate,
    cert_pem: String,
    cert_hash: [u8; 32],
    policy: ObjectIdentifier,
}

impl Authority {
    /// The operator's certificate and key when configured, else ours from `data_dir` (made on first
    /// start, private to the service like the other keys).
    pub fn load_or_create(
        config: &TimestampConfig,
        data_dir: &Path,
    ) -> Result<Self, AuthorityError> {
        let policy = ObjectIdentifier::from_str(&config.policy)
            .map_err(|e| AuthorityError::Make(e.to_string()))?;
        let (key, cert) = match (&config.cert_file, &config.key_file) {
            (Some(cert), Some(key)) => (read_key(key)?, read_cert(cert)?),
            _ => {
                let key_path = data_dir.join(KEY_FILE);
                let cert_path = data_dir.join(CERT_FILE);
                if key_path.exists() && cert_path.exists() {
                    crate::data_dir::make_private(&key_path)
                        .map_err(file("cannot protect", &key_path))?;
                    (read_key(&key_path)?, read_cert(&cert_path)?)
                } else {
                    let (key, cert) = make_own()?;
                    let der = key
                        .to_pkcs8_der()
                        .map_err(|e| AuthorityError::Make(e.to_string()))?;
                    crate::data_dir::write_private_file(&key_path, der.as_bytes())
                        .map_err(file("cannot write", &key_path))?;
                    let pem = cert
                        .to_pem(LineEnding::LF)
                        .map_err(|e| AuthorityError::Make(e.to_string()))?;
                    crate::data_dir::write_private_file(&cert_path, pem.as_bytes())
                        .map_err(file("cannot write", &cert_path))?;
                    tracing::info!(certificate = %cert_path.display(), "made a time-stamping key and certificate");
                    (key, cert)
                }
            }
        };
        let cert_der = cert
            .to_der()
            .map_err(|e| AuthorityError::Make(e.to_string()))?;
        let cert_pem = cert
            .to_pem(LineEnding::LF)
            .map_err(|e| AuthorityError::Make(e.to_string()))?;
        Ok(Self {
            key,
            cert_hash: Sha256::digest(&cert_der).into(),
            cert,
            cert_pem,
            policy,
        })
    }

    /// The certificate a token is checked against (`openssl ts -verify -CAfile`).
    pub fn certificate_pem(&self) -> &str {
        &self.cert_pem
    }

    /// SHA-256 of the certificate's DER, in lower-case hex (`openssl x509 -fingerprint -sha256` without
    /// the colons).
    pub fn fingerprint_sha256(&self) -> String {
        base16ct::lower::encode_string(&self.cert_hash)
    }

    /// When the certificate ends: tokens signed after it no longer verify.
    pub fn not_after(&self) -> SystemTime {
        self.cert
            .tbs_certificate
            .validity
            .not_after
            .to_system_time()
    }

    /// Answers a DER `TimeStampReq` with a DER `TimeStampResp` holding a token for `now`.
    pub fn stamp(&self, request: &[u8], now: SystemTime) -> Result<Vec<u8>, Refusal> {
        let req = TimeStampReq::from_der(request).map_err(|_| Refusal::Malformed)?;
        let imprint = &req.message_imprint;
        if imprint.hash_algorithm.oid != SHA256 || imprint.hashed_message.as_bytes().len() != 32 {
            return Err(Refusal::Algorithm);
        }
        if req.req_policy.is_some_and(|p| p != self.policy) {
            return Err(Refusal::Policy(self.policy.to_string()));
        }
        let token = self.token(&req, now).map_err(|e| {
            tracing::error!(error = %e, "could not sign a time-stamp");
            Refusal::Malformed
        })?;
        let resp = TimeStampResp {
            status: cmpv2::status::PkiStatusInfo {
                status: cmpv2::status::PkiStatus::Accepted,
                status_string: None,
                fail_info: None,
            },
            time_stamp_token: Some(token),
        };
        resp.to_der().map_err(|_| Refusal::Malformed)
    }

    fn token(
        &self,
        req: &TimeStampReq,
        now: SystemTime,
    ) -> Result<cms::content_info::ContentInfo, SigningFailed> {
        let e = |e: &dyn std::fmt::Display| SigningFailed(e.to_string());
        let tst = TstInfo {
            version: TspVersion::V1,
            policy: self.policy,
            message_imprint: MessageImprint {
                hash_algorithm: req.message_imprint.hash_algorithm.clone(),
                hashed_message: req.message_imprint.hashed_message.clone(),
            },
            serial_number: random_serial().map_err(|x| e(&x))?,
            gen_time: GeneralizedTime::from_system_time(now).map_err(|x| e(&x))?,
            accuracy: Some(Accuracy {
                seconds: Some(1),
                millis: None,
                micros: None,
            }),
            ordering: false,
            nonce: req.nonce.clone(),
            // Who stamped, readable from the token alone (`openssl ts -reply -text`): the signing
            // certificate's subject, the one form `openssl ts -verify` checks against the signer.
            tsa: Some(GeneralName::DirectoryName(
                self.cert.tbs_certificate.subject.clone(),
            )),
            extensions: None,
        };
        let content =
            Any::new(Tag::OctetString, tst.to_der().map_err(|x| e(&x))?).map_err(|x| e(&x))?;
        let encap = EncapsulatedContentInfo {
            econtent_type: ID_CT_TST_INFO,
            econtent: Some(content),
        };
        let digest_alg = AlgorithmIdentifierOwned {
            oid: SHA256,
            parameters: None,
        };
        let sid = SignerIdentifier::IssuerAndSerialNumber(IssuerAndSerialNumber {
            issuer: self.cert.tbs_certificate.issuer.clone(),
            serial_number: self.cert.tbs_certificate.serial_number.clone(),
        });
        let mut signer =
            cms::builder::SignerInfoBuilder::new(&self.key, sid, digest_alg.clone(), &encap, None)
                .map_err(|x| e(&x))?;
        let ess = SigningCertificateV2 {
            certs: vec![EssCertIdV2 {
                cert_hash: OctetString::new(self.cert_hash.to_vec()).map_err(|x| e(&x))?,
            }],
        };
        let mut values = SetOfVec::new();
        values
            .insert(Any::encode_from(&ess).map_err(|x| e(&x))?)
            .map_err(|x| e(&x))?;
        signer
            .add_signed_attribute(Attribute {
                oid: ID_AA_SIGNING_CERTIFICATE_V2,
                values,
            })
            .map_err(|x| e(&x))?;
        let mut signed = cms::builder::SignedDataBuilder::new(&encap);
        signed.add_digest_algorithm(digest_alg).map_err(|x| e(&x))?;
        if req.cert_req {
            signed
                .add_certificate(CertificateChoices::Certificate(self.cert.clone()))
                .map_err(|x| e(&x))?;
        }
        signed
            .add_signer_info::<SigningKey, DerSignature>(signer)
            .map_err(|x| e(&x))?;
        signed.build().map_err(|x| e(&x))
    }
}

fn random_serial() -> der::Result<Int> {
    Int::new(&serial_bytes())
}

/// The time-stamp could not be made (a library refused a value); logged, never shown to the client.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct SigningFailed(String);
