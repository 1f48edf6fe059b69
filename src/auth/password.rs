//! Passwords: the sign-up rules (SPEC.md §5) and Argon2id hashing on a bounded pool.
//!
//! Argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane) needs 19 MiB per running hash, so at most
//! one hash per core runs at a time (a semaphore) and at most `max_in_flight` callers may wait for one;
//! anyone beyond that gets `Busy` (HTTP 429) at once instead of piling up memory and latency.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher as _, PasswordVerifier as _, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use tokio::sync::Semaphore;
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
    Err(AuthError::weak_password(first_message, reasons))
}

#[derive(Debug)]
pub enum PoolError {
    /// Too many hashes queued: answer 429.
    Busy,
    Failed(String),
}

pub struct PasswordPool {
    permits: Arc<Semaphore>,
    in_flight: AtomicUsize,
    max_in_flight: usize,
    /// A real hash of a random password: unknown e-mails are checked against it so they take as long
    /// as a wrong password.
    dummy_hash: String,
}

pub fn argon2() -> Argon2<'static> {
    Argon2::new(
        Algorithm::Argon2id,
        Version::V0x13,
        Params::new(19 * 1024, 2, 1, None).expect("valid OWASP parameters"),
    )
}

/// One Argon2id hash, on the calling thread.
pub fn hash_blocking(password: &str) -> Result<String, String> {
    let salt = SaltString::generate(&mut OsRng);
    argon2()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| e.to_string())
}

fn verify_blocking(password: &str, phc: &str) -> Result<bool, String> {
    let parsed = PasswordHash::new(phc).map_err(|e| e.to_string())?;
    Ok(argon2()
        .verify_password(password.as_bytes(), &parsed)
        .is_ok())
}

/// Decrements the in-flight count however the call ends (including a dropped request future).
struct InFlight<'a>(&'a AtomicUsize);

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl PasswordPool {
    pub fn new(workers: usize, max_in_flight: usize) -> Result<Self, String> {
        let random: String = uuid::Uuid::new_v4().to_string();
        Ok(Self {
            permits: Arc::new(Semaphore::new(workers.max(1))),
            in_flight: AtomicUsize::new(0),
            max_in_flight: max_in_flight.max(workers),
            dummy_hash: hash_blocking(&random)?,
        })
    }

    pub async fn hash(&self, password: Plaintext) -> Result<String, PoolError> {
        self.run(move || hash_blocking(&password)).await
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
        let ok = self.run(move || verify_blocking(&password, &phc)).await?;
        Ok(ok && real)
    }

    async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> Result<T, String> + Send + 'static,
    ) -> Result<T, PoolError> {
        if self.in_flight.fetch_add(1, Ordering::AcqRel) >= self.max_in_flight {
            self.in_flight.fetch_sub(1, Ordering::AcqRel);
            return Err(PoolError::Busy);
        }
        let _guard = InFlight(&self.in_flight);
        let permit = self
            .permits
            .clone()
            .acquire_owned()
            .await
            .map_err(|e| PoolError::Failed(e.to_string()))?;
        tokio::task::spawn_blocking(move || {
            let result = job();
            drop(permit);
            result
        })
        .await
        .map_err(|e| PoolError::Failed(e.to_string()))?
        .map_err(PoolError::Failed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reasons(pw: &str) -> (String, Vec<&'static str>) {
        let e = check_policy(pw).unwrap_err();
        (e.message.into_owned(), e.weak_reasons)
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
        assert_eq!(check_policy("").unwrap_err().code, "validation_failed");
        let long = format!("Aa1!{}", "x".repeat(69));
        assert_eq!(check_policy(&long).unwrap_err().code, "validation_failed");
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
