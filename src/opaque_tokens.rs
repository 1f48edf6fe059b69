//! Opaque tokens: refresh tokens, one-time codes and link tokens are random values stored only as
//! SHA-256 hashes; a refresh token's child is derived, not drawn (see `tokens`' module comment).

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use rand::RngCore;
use ring::hmac;
use sha2::{Digest, Sha256};

/// The child of `parent` with the given salt.
pub fn derive_child(key: &hmac::Key, parent: &str, salt: &str) -> String {
    let mut ctx = hmac::Context::with_key(key);
    ctx.update(parent.as_bytes());
    ctx.update(b"\0");
    ctx.update(salt.as_bytes());
    B64.encode(ctx.sign().as_ref())
}

/// A fresh random value, base64url: refresh tokens of new sessions, salts, OAuth states and codes.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    B64.encode(bytes)
}

/// How refresh tokens and one-time codes are stored.
pub fn hash_token(token: &str) -> String {
    base16ct::lower::encode_string(&Sha256::digest(token.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(seed: &[u8]) -> hmac::Key {
        hmac::Key::new(hmac::HMAC_SHA256, seed)
    }

    #[test]
    fn derivation_is_stable_and_salted() {
        let k = key(b"one");
        assert_eq!(derive_child(&k, "p", "s"), derive_child(&k, "p", "s"));
        assert_ne!(derive_child(&k, "p", "s"), derive_child(&k, "p", "t"));
        assert_ne!(
            derive_child(&k, "p", "s"),
            derive_child(&key(b"two"), "p", "s")
        );
        assert!(derive_child(&k, "p", "s").len() >= 32);
    }
}
