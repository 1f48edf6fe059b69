//! The server's VAPID key (RFC 8292): a P-256 key pair as PKCS#8 DER, made on first start, mode 0600, in
//! the data directory like the other keys. Browsers tie each subscription to its public half: a new key
//! means every browser must allow notifications again, so back it up with the others.

use std::path::{Path, PathBuf};

use ring::rand::SystemRandom;
use ring::signature::{ECDSA_P256_SHA256_FIXED_SIGNING, EcdsaKeyPair, KeyPair};

use crate::data_dir;

pub const KEY_FILE: &str = "vapid-key.p256.pk8";

#[derive(Debug, thiserror::Error)]
pub enum PushKeyError {
    #[error("{what} {}: {source}", path.display())]
    File {
        what: &'static str,
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("the Web Push key {} is not a P-256 PKCS#8 key: {why}", path.display())]
    Unusable { path: PathBuf, why: String },
}

pub struct VapidKey {
    /// PKCS#8 DER, for signing the VAPID token.
    pub pkcs8: Vec<u8>,
    /// The uncompressed public point (65 bytes), as browsers want it.
    pub public: Vec<u8>,
}

fn file(what: &'static str, path: &Path) -> impl FnOnce(std::io::Error) -> PushKeyError {
    let path = path.to_path_buf();
    move |source| PushKeyError::File { what, path, source }
}

pub fn read_or_create(data_dir: &Path) -> Result<VapidKey, PushKeyError> {
    let path = data_dir.join(KEY_FILE);
    let pkcs8 = match std::fs::read(&path) {
        Ok(bytes) => {
            data_dir::make_private(&path).map_err(file("cannot make private", &path))?;
            bytes
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let doc = EcdsaKeyPair::generate_pkcs8(
                &ECDSA_P256_SHA256_FIXED_SIGNING,
                &SystemRandom::new(),
            )
            .map_err(|e| PushKeyError::Unusable {
                path: path.clone(),
                why: e.to_string(),
            })?;
            data_dir::write_private_file(&path, doc.as_ref())
                .map_err(file("cannot write", &path))?;
            tracing::info!(path = %path.display(), "generated a new Web Push (VAPID) key");
            doc.as_ref().to_vec()
        }
        Err(e) => return Err(file("cannot read", &path)(e)),
    };
    let pair = EcdsaKeyPair::from_pkcs8(
        &ECDSA_P256_SHA256_FIXED_SIGNING,
        &pkcs8,
        &SystemRandom::new(),
    )
    .map_err(|e| PushKeyError::Unusable {
        path: path.clone(),
        why: e.to_string(),
    })?;
    let public = pair.public_key().as_ref().to_vec();
    Ok(VapidKey { pkcs8, public })
}
