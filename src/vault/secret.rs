//! The server's vault key and the per-account secret derived from it.
//!
//! secret = HMAC-SHA256(vault key, "solace-vault-v1:" + account id). Nothing is stored per account, and
//! every instance holding the same key answers the same secret, so a load balancer may send her to any.

use std::path::Path;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use rand::RngCore;
use ring::hmac;

use super::VaultError;
use super::config::{MIN_KEY_CHARS, VaultConfig};
use crate::data_dir;

/// Generated in the data directory when the config names no key file.
pub const KEY_FILE: &str = "vault-key";
const CONTEXT: &str = "solace-vault-v1:";

pub struct VaultKey(hmac::Key);

impl VaultKey {
    /// The configured key file, else `<data_dir>/vault-key` (created on first start, mode 0600).
    pub fn load(config: &VaultConfig, data_dir: &Path) -> Result<Self, VaultError> {
        let (path, text) = match &config.secret_file {
            Some(path) => (path.clone(), read(path)?),
            None => {
                let path = data_dir.join(KEY_FILE);
                match std::fs::read_to_string(&path) {
                    Ok(text) => {
                        data_dir::make_private(&path).map_err(key_error(&path))?;
                        (path, text)
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                        let text = create(&path)?;
                        (path, text)
                    }
                    Err(e) => return Err(key_error(&path)(e)),
                }
            }
        };
        let text = text.trim();
        if text.chars().count() < MIN_KEY_CHARS {
            return Err(VaultError::Key(
                path.display().to_string(),
                format!("it must hold at least {MIN_KEY_CHARS} characters"),
            ));
        }
        Ok(Self::from_bytes(text.as_bytes()))
    }

    pub fn from_bytes(bytes: &[u8]) -> Self {
        Self(hmac::Key::new(hmac::HMAC_SHA256, bytes))
    }

    /// The account's secret, base64url without padding (43 characters).
    pub fn secret_for(&self, account_id: &str) -> String {
        let mut ctx = hmac::Context::with_key(&self.0);
        ctx.update(CONTEXT.as_bytes());
        ctx.update(account_id.as_bytes());
        B64.encode(ctx.sign().as_ref())
    }
}

fn read(path: &Path) -> Result<String, VaultError> {
    std::fs::read_to_string(path).map_err(key_error(path))
}

/// 32 random bytes as base64url text, so a generated key can be copied to other instances as it is.
fn create(path: &Path) -> Result<String, VaultError> {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let text = B64.encode(bytes);
    data_dir::write_private_file(path, text.as_bytes()).map_err(key_error(path))?;
    tracing::info!(path = %path.display(), "generated a new vault key");
    Ok(text)
}

fn key_error(path: &Path) -> impl FnOnce(std::io::Error) -> VaultError {
    let path = path.display().to_string();
    move |e| VaultError::Key(path, e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn secret_is_stable_per_account_and_key() {
        let k = VaultKey::from_bytes(b"0123456789abcdef0123456789abcdef");
        assert_eq!(k.secret_for("a"), k.secret_for("a"));
        assert_ne!(k.secret_for("a"), k.secret_for("b"));
        let other = VaultKey::from_bytes(b"fedcba9876543210fedcba9876543210");
        assert_ne!(k.secret_for("a"), other.secret_for("a"));
        assert_eq!(k.secret_for("a").len(), 43);
    }

    #[test]
    fn generated_key_is_private_and_reused() {
        let dir = tempfile::tempdir().unwrap();
        let first = VaultKey::load(&VaultConfig::default(), dir.path()).unwrap();
        let path = dir.path().join(KEY_FILE);
        assert_eq!(
            std::fs::metadata(&path).unwrap().permissions().mode() & 0o777,
            0o600
        );
        let again = VaultKey::load(&VaultConfig::default(), dir.path()).unwrap();
        assert_eq!(first.secret_for("u"), again.secret_for("u"));
    }
}
