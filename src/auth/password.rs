//! Passwords: the sign-up rules (SPEC.md §5) and Argon2id hashing on a bounded pool.
//!
//! Argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane) needs 19 MiB of working memory per hash.
//! The pool is one thread per core, each owning its 19 MiB buffer for its whole life: at most `cores`
//! hashes run at once, and memory stays at `cores × 19 MiB` however many requests arrive (allocating
//! the buffer per hash lets glibc's per-thread arenas keep gigabytes under load). At most
//! `max_in_flight` callers may wait for a thread; anyone beyond that gets `Busy` (HTTP 429) at once.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};

use argon2::password_hash::rand_core::{OsRng, RngCore};
use argon2::password_hash::{Output, ParamsString, PasswordHash, Salt, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use tokio::sync::oneshot;
use zeroize::Zeroizing;

use super::errors::AuthError;

/// GoTrue refuses longer passwords (bcrypt's limit); we keep the rule so both servers agree.
pub const MAX_LEN: usize = 72;
const MIN_LEN: usize = 8;

pub type Plaintext = Zeroizing<String>;

/// Checks a new password: empty or too long is a malformed request (400), a weak one is 422
/// `weak_password` with the first failing rule's message (SPEC.md wording) and every failed reason.
pub fn check_policy(password: &str) -> Result<(), AuthError> {
    if password.is_empty() {
        return Err(AuthError::validation("Signup requires a valid password"));
    }
    if password.chars().count() > MAX_LEN {
        return Err(AuthError::validation(
            "Password cannot be longer than 72 characters",
        ));
    }
    let rules: [(bool, &'static str, &'static str); 5] = [
        (
            password.chars().count() >= MIN_LEN,
            "length",
            "Password must be at least 8 characters long.",
        ),
        (
            password.chars().any(char::is_uppercase),
            "characters",
            "Password must contain at least one uppercase letter.",
        ),
        (
            password.chars().any(char::is_lowercase),
            "characters",
            "Password must contain at least one lowercase letter.",
        ),
        (
            password.chars().any(|c| c.is_ascii_digit()),
            "characters",
            "Password must contain at least one digit.",
        ),
        (
            password
                .chars()
                .any(|c| !c.is_alphanumeric() && !c.is_whitespace()),
            "characters",
            "Password must contain at least one special character (e.g., !@#$%).",
        ),
    ];
    let failed: Vec<_> = rules.iter().filter(|(ok, _, _)| !ok).collect();
    let Some((_, _, first_message)) = failed.first() else {
        return Ok(());
    };
    let mut reasons: Vec<&'static str> = failed.iter().map(|(_, reason, _)| *reason).collect();
    reasons.dedup();
    Err(AuthError::WeakPassword {
        message: first_message,
        reasons,
    })
}

#[derive(Debug, thiserror::Error)]
pub enum PoolError {
    /// Too many hashes queued: answer 429.
    #[error("too many password checks waiting")]
    Busy,
    #[error(transparent)]
    Failed(#[from] HashError),
}

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

enum Job {
    Hash(Plaintext, oneshot::Sender<Result<String, HashError>>),
    Verify(Plaintext, String, oneshot::Sender<Result<bool, HashError>>),
}

pub struct PasswordPool {
    jobs: Mutex<mpsc::Sender<Job>>,
    in_flight: AtomicUsize,
    max_in_flight: usize,
    /// A real hash of a random password: unknown e-mails are checked against it so they take as long
    /// as a wrong password.
    dummy_hash: String,
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

/// Decrements the in-flight count however the call ends (including a dropped request future).
struct InFlight<'a>(&'a AtomicUsize);

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl PasswordPool {
    pub fn new(workers: usize, max_in_flight: usize) -> std::io::Result<Self> {
        let (tx, rx) = mpsc::channel::<Job>();
        let rx = Arc::new(Mutex::new(rx));
        for i in 0..workers.max(1) {
            let rx = rx.clone();
            std::thread::Builder::new()
                .name(format!("argon2-{i}"))
                .spawn(move || worker(&rx))?;
        }
        let dummy_hash = dummy_phc();
        Ok(Self {
            jobs: Mutex::new(tx),
            in_flight: AtomicUsize::new(0),
            max_in_flight: max_in_flight.max(workers),
            dummy_hash,
        })
    }

    pub async fn hash(&self, password: Plaintext) -> Result<String, PoolError> {
        self.run(|reply| Job::Hash(password, reply)).await
    }

    /// Verifies against `phc`, or against the dummy hash when there is none (unknown user, Google-only
    /// account), which always answers false.
    pub async fn verify(
        &self,
        password: Plaintext,
        phc: Option<String>,
    ) -> Result<bool, PoolError> {
        let real = phc.is_some();
        let phc = phc.unwrap_or_else(|| self.dummy_hash.clone());
        let ok = self.run(|reply| Job::Verify(password, phc, reply)).await?;
        Ok(ok && real)
    }

    async fn run<T>(
        &self,
        job: impl FnOnce(oneshot::Sender<Result<T, HashError>>) -> Job,
    ) -> Result<T, PoolError> {
        if self.in_flight.fetch_add(1, Ordering::AcqRel) >= self.max_in_flight {
            self.in_flight.fetch_sub(1, Ordering::AcqRel);
            return Err(PoolError::Busy);
        }
        let _guard = InFlight(&self.in_flight);
        let (reply, answer) = oneshot::channel();
        self.jobs
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .send(job(reply))
            .map_err(|_| HashError::Stopped)?;
        Ok(answer.await.map_err(|_| HashError::Stopped)??)
    }
}

/// A PHC string with our parameters, a random salt and a random digest: verifying against it costs a
/// full hash, like a real account, and no password can match it. Built without hashing, so start-up
/// stays fast.
fn dummy_phc() -> String {
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

fn worker(jobs: &Mutex<mpsc::Receiver<Job>>) {
    // Allocated on the first job, so an idle server does not hold cores × 19 MiB.
    let mut hasher: Option<Hasher> = None;
    loop {
        let job = match jobs.lock().unwrap_or_else(|p| p.into_inner()).recv() {
            Ok(job) => job,
            Err(_) => return, // the pool is gone
        };
        match job {
            // A caller that gave up (closed connection) no longer needs the answer: skip the work.
            Job::Hash(_, reply) if reply.is_closed() => {}
            Job::Verify(_, _, reply) if reply.is_closed() => {}
            Job::Hash(password, reply) => {
                let _ = reply.send(hasher.get_or_insert_with(Hasher::default).hash(&password));
            }
            Job::Verify(password, phc, reply) => {
                let _ = reply.send(
                    hasher
                        .get_or_insert_with(Hasher::default)
                        .verify(&password, &phc),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reasons(pw: &str) -> (String, Vec<&'static str>) {
        match check_policy(pw).unwrap_err() {
            AuthError::WeakPassword { message, reasons } => (message.into(), reasons),
            other => (other.to_string(), Vec::new()),
        }
    }

    #[test]
    fn rules_are_checked_in_spec_order() {
        assert!(check_policy("Str0ng!pass").is_ok());
        assert_eq!(
            reasons("Ab1!"),
            (
                "Password must be at least 8 characters long.".into(),
                vec!["length"]
            )
        );
        assert_eq!(
            reasons("abcdefg1!").0,
            "Password must contain at least one uppercase letter."
        );
        assert_eq!(
            reasons("ABCDEFG1!").0,
            "Password must contain at least one lowercase letter."
        );
        assert_eq!(
            reasons("Abcdefgh!").0,
            "Password must contain at least one digit."
        );
        assert_eq!(
            reasons("Abcdefgh1").0,
            "Password must contain at least one special character (e.g., !@#$%)."
        );
        assert_eq!(reasons("abc").1, vec!["length", "characters"]);
    }

    #[test]
    fn empty_and_overlong_are_malformed() {
        assert_eq!(check_policy("").unwrap_err().code(), "validation_failed");
        let long = format!("Aa1!{}", "x".repeat(69));
        assert_eq!(check_policy(&long).unwrap_err().code(), "validation_failed");
    }

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

    #[tokio::test]
    async fn hashes_verify_and_dummy_never_matches() {
        let pool = PasswordPool::new(1, 4).unwrap();
        let h = pool
            .hash(Zeroizing::new("Str0ng!pass".into()))
            .await
            .unwrap();
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(
            pool.verify(Zeroizing::new("Str0ng!pass".into()), Some(h.clone()))
                .await
                .unwrap()
        );
        assert!(
            !pool
                .verify(Zeroizing::new("wrong".into()), Some(h))
                .await
                .unwrap()
        );
        assert!(
            !pool
                .verify(Zeroizing::new("anything".into()), None)
                .await
                .unwrap()
        );
    }
}
