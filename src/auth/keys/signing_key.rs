//! The file that holds the access-token signing key: a P-256 key pair as PKCS#8 DER, created on first
//! start, mode 0600, in the data directory. Back it up: without it everyone must sign in again.

use std::path::{Path, PathBuf};

use ring::rand::SystemRandom;
use ring::signature::{ECDSA_P256_SHA256_FIXED_SIGNING, EcdsaKeyPair};

use crate::data_dir;

pub const KEY_FILE: &str = "jwt-signing-key.p256.pk8";

/// Why the signing key could not be loaded or created.
#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    #[error("{what} {}: {source}", path.display())]
    File {
        what: &'static str,
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("there is no signing key at {} yet; start the server once to make it", .0.display())]
    Missing(PathBuf),
    #[error("cannot generate a signing key: {0}")]
    Generate(ring::error::Unspecified),
    #[error("not a P-256 PKCS#8 key ({0})")]
    NotP256(ring::error::KeyRejected),
    #[error("unexpected public key size")]
    PublicKeySize,
    #[error("{0}")]
    Jwt(#[from] jsonwebtoken::errors::Error),
    #[error("the signing key {} is not usable: {source}", path.display())]
    Unusable {
        path: PathBuf,
        source: Box<KeyError>,
    },
}
fn file_error(what: &'static str, path: &Path) -> impl FnOnce(std::io::Error) -> KeyError {
    let path = path.to_path_buf();
    move |source| KeyError::File { what, path, source }
}
/// Reads the key file in `data_dir` (making it private if it was not), creating it if there is none.
pub fn read_or_create(data_dir: &Path) -> Result<(PathBuf, Vec<u8>), KeyError> {
    let path = data_dir.join(KEY_FILE);
    let pkcs8 = match std::fs::read(&path) {
        Ok(bytes) => {
            data_dir::make_private(&path)
                .map_err(file_error("cannot make private the signing key", &path))?;
            bytes
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => create_key(&path)?,
        Err(e) => return Err(file_error("cannot read the signing key", &path)(e)),
    };
    Ok((path, pkcs8))
}

/// Reads the key file in `data_dir` and never creates one: for commands run beside the server, which
/// must not leave a key the server (perhaps another user) cannot read.
pub fn read_existing(data_dir: &Path) -> Result<(PathBuf, Vec<u8>), KeyError> {
    let path = data_dir.join(KEY_FILE);
    match std::fs::read(&path) {
        Ok(bytes) => Ok((path, bytes)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(KeyError::Missing(path)),
        Err(e) => Err(file_error("cannot read the signing key", &path)(e)),
    }
}

fn create_key(path: &Path) -> Result<Vec<u8>, KeyError> {
    let doc = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &SystemRandom::new())
        .map_err(KeyError::Generate)?;
    data_dir::write_private_file(path, doc.as_ref())
        .map_err(file_error("cannot write the signing key", path))?;
    tracing::info!(path = %path.display(), "generated a new token signing key");
    Ok(doc.as_ref().to_vec())
}
