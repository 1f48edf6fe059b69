//! One Argon2id hash or check, on the calling thread, with OWASP's parameters (19 MiB, 2 passes,
//! 1 lane) and working memory that the thread keeps (see `password.rs` for why), plus the dummy hash
//! that unknown accounts are checked against.

use argon2::password_hash::rand_core::{OsRng, RngCore};
use argon2::password_hash::{Output, ParamsString, PasswordHash, Salt, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};

/// A hash that could not be computed or a stored hash that could not be read.
#[derive(Debug, thiserror::Error)]
pub enum HashError {
    #[error(transparent)]
    Phc(#[from] argon2::password_hash::Error),
    #[error(transparent)]
    Argon2(#[from] argon2::Error),
    #[error("password hash without salt or output")]
    Incomplete,
    #[error("password hashing threads stopped")]
    Stopped,
}

pub fn params() -> Params {
    Params::new(19 * 1024, 2, 1, Some(32)).expect("valid OWASP parameters")
}

/// Reusable working memory for one hashing thread.
pub struct Hasher {
    blocks: Vec<Block>,
}

impl Default for Hasher {
    fn default() -> Self {
        Self {
            blocks: vec![Block::default(); params().block_count()],
        }
    }
}

impl Hasher {
    /// One Argon2id hash as a PHC string, on the calling thread.
    pub fn hash(&mut self, password: &str) -> Result<String, HashError> {
        let params = params();
        let salt = SaltString::generate(&mut OsRng);
        let mut salt_bytes = [0u8; 64];
        let salt_bytes = Salt::from(&salt).decode_b64(&mut salt_bytes)?;
        let out = self.compute(
            Algorithm::Argon2id,
            Version::V0x13,
            &params,
            password,
            salt_bytes,
            32,
        )?;
        let phc = PasswordHash {
            algorithm: Algorithm::Argon2id.ident(),
            version: Some(Version::V0x13.into()),
            params: ParamsString::try_from(&params)?,
            salt: Some(Salt::from(&salt)),
            hash: Some(out),
        };
        Ok(phc.to_string())
    }

    /// Checks `password` against a PHC string, with the parameters recorded in it.
    pub fn verify(&mut self, password: &str, phc: &str) -> Result<bool, HashError> {
        let parsed = PasswordHash::new(phc)?;
        let algorithm = Algorithm::try_from(parsed.algorithm)?;
        let version = Version::try_from(parsed.version.unwrap_or(0x13))?;
        let params = Params::try_from(&parsed)?;
        let (Some(salt), Some(expected)) = (parsed.salt, parsed.hash) else {
            return Err(HashError::Incomplete);
        };
        let mut salt_bytes = [0u8; 64];
        let salt_bytes = salt.decode_b64(&mut salt_bytes)?;
        let out = self.compute(
            algorithm,
            version,
            &params,
            password,
            salt_bytes,
            expected.len(),
        )?;
        // Output's equality is constant-time.
        Ok(out == expected)
    }

    fn compute(
        &mut self,
        algorithm: Algorithm,
        version: Version,
        params: &Params,
        password: &str,
        salt: &[u8],
        len: usize,
    ) -> Result<Output, HashError> {
        let argon = Argon2::new(algorithm, version, params.clone());
        let needed = params.block_count();
        if needed == self.blocks.len() {
            Output::init_with(len, |out| {
                argon
                    .hash_password_into_with_memory(
                        password.as_bytes(),
                        salt,
                        out,
                        &mut self.blocks[..],
                    )
                    .map_err(|_| argon2::password_hash::Error::Crypto)
            })
        } else {
            // A hash made with other parameters (an older policy): a one-off buffer of its size.
            let mut blocks = vec![Block::default(); needed];
            Output::init_with(len, |out| {
                argon
                    .hash_password_into_with_memory(password.as_bytes(), salt, out, &mut blocks[..])
                    .map_err(|_| argon2::password_hash::Error::Crypto)
            })
        }
        .map_err(HashError::from)
    }
}

/// A PHC string with our parameters, a random salt and a random digest: verifying against it costs a
/// full hash, like a real account, and no password can match it. Built without hashing, so start-up
/// stays fast.
pub fn dummy_phc() -> String {
    let p = params();
    let salt = SaltString::generate(&mut OsRng);
    let mut digest = [0u8; 32];
    OsRng.fill_bytes(&mut digest);
    let digest = Output::new(&digest).expect("32 bytes is a valid Argon2 output");
    format!(
        "$argon2id$v=19$m={},t={},p={}${}${}",
        p.m_cost(),
        p.t_cost(),
        p.p_cost(),
        salt.as_str(),
        digest
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_are_standard_phc_strings_both_ways() {
        use argon2::password_hash::{PasswordHasher as _, PasswordVerifier as _};
        let mut h = Hasher::default();
        let ours = h.hash("Str0ng!pass").unwrap();
        let standard = Argon2::new(Algorithm::Argon2id, Version::V0x13, params());
        assert!(
            standard
                .verify_password(b"Str0ng!pass", &PasswordHash::new(&ours).unwrap())
                .is_ok()
        );
        let theirs = standard
            .hash_password(b"Str0ng!pass", &SaltString::generate(&mut OsRng))
            .unwrap()
            .to_string();
        assert!(h.verify("Str0ng!pass", &theirs).unwrap());
        assert!(!h.verify("str0ng!pass", &theirs).unwrap());
        // Other parameters (an older policy) still verify.
        let old = Argon2::new(
            Algorithm::Argon2id,
            Version::V0x13,
            Params::new(8 * 1024, 1, 1, None).unwrap(),
        )
        .hash_password(b"Str0ng!pass", &SaltString::generate(&mut OsRng))
        .unwrap()
        .to_string();
        assert!(h.verify("Str0ng!pass", &old).unwrap());
    }
}
