//! TOTP secrets are kept sealed (AES-256-GCM) in the database, so a copy of the database alone does
//! not let anyone compute her codes. The 32-byte key is made on first start, mode 0600, in the data
//! directory next to the signing key; back both up together. The factor id is bound in as associated
//! data, so a sealed secret cannot be moved onto another factor.

use std::path::{Path, PathBuf};

use ring::aead::{AES_256_GCM, Aad, LessSafeKey, NONCE_LEN, Nonce, UnboundKey};
use ring::rand::{SecureRandom, SystemRandom};
use zeroize::Zeroizing;

use crate::data_dir;

pub const KEY_FILE: &str = "mfa-secret-key.aes256";

#[derive(Debug, thiserror::Error)]
pub enum SecretKeyError {
    #[error("cannot {what} the two-step sign-in key {}: {source}", path.display())]
    File {
        what: &'static str,
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("the two-step sign-in key {} is not 32 bytes", .0.display())]
    Size(PathBuf),
}

/// A sealed secret could not be opened (wrong key file, or the row was altered).
#[derive(Debug, thiserror::Error)]
#[error("a stored two-step sign-in secret could not be opened")]
pub struct Unsealable;

pub struct SecretBox {
    key: LessSafeKey,
}

impl SecretBox {
    /// Reads the key in `data_dir`, creating it if there is none.
    pub fn load_or_create(data_dir: &Path) -> Result<Self, SecretKeyError> {
        let path = data_dir.join(KEY_FILE);
        let err = |what| {
            let path = path.clone();
            move |source| SecretKeyError::File { what, path, source }
        };
        let bytes = match std::fs::read(&path) {
            Ok(b) => Zeroizing::new(b),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let mut fresh = Zeroizing::new(vec![0u8; 32]);
                SystemRandom::new()
                    .fill(&mut fresh)
                    .map_err(|_| err("generate")(std::io::Error::other("no randomness")))?;
                data_dir::write_private_file(&path, &fresh).map_err(err("write"))?;
                fresh
            }
            Err(e) => return Err(err("read")(e)),
        };
        Self::from_bytes(&bytes).ok_or(SecretKeyError::Size(path))
    }

    pub fn from_bytes(bytes: &[u8]) -> Option<Self> {
        let unbound = UnboundKey::new(&AES_256_GCM, bytes).ok()?;
        Some(Self {
            key: LessSafeKey::new(unbound),
        })
    }

    /// nonce || ciphertext || tag.
    pub fn seal(&self, factor_id: &str, secret: &[u8]) -> Vec<u8> {
        let mut nonce = [0u8; NONCE_LEN];
        SystemRandom::new()
            .fill(&mut nonce)
            .expect("the system random source works");
        let mut data = secret.to_vec();
        self.key
            .seal_in_place_append_tag(
                Nonce::assume_unique_for_key(nonce),
                Aad::from(factor_id.as_bytes()),
                &mut data,
            )
            .expect("AES-GCM sealing of a short secret cannot fail");
        let mut out = nonce.to_vec();
        out.extend_from_slice(&data);
        data.iter_mut().for_each(|b| *b = 0);
        out
    }

    pub fn open(&self, factor_id: &str, sealed: &[u8]) -> Result<Zeroizing<Vec<u8>>, Unsealable> {
        if sealed.len() < NONCE_LEN {
            return Err(Unsealable);
        }
        let (nonce, body) = sealed.split_at(NONCE_LEN);
        let nonce = Nonce::try_assume_unique_for_key(nonce).map_err(|_| Unsealable)?;
        let mut data = Zeroizing::new(body.to_vec());
        let plain = self
            .key
            .open_in_place(nonce, Aad::from(factor_id.as_bytes()), &mut data)
            .map_err(|_| Unsealable)?;
        Ok(Zeroizing::new(plain.to_vec()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opens_only_what_it_sealed_for_the_same_factor() {
        let b = SecretBox::from_bytes(&[7u8; 32]).unwrap();
        let sealed = b.seal("f1", b"secret bytes");
        assert_eq!(b.open("f1", &sealed).unwrap().as_slice(), b"secret bytes");
        assert!(b.open("f2", &sealed).is_err(), "bound to its factor");
        let other = SecretBox::from_bytes(&[8u8; 32]).unwrap();
        assert!(other.open("f1", &sealed).is_err(), "another key");
    }
}
