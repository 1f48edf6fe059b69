//! Passwords: Argon2id hashing on a bounded pool (the rules a new password must meet are in
//! `password_rules.rs`).
//!
//! Argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane) needs 19 MiB of working memory per hash.
//! The pool is one thread per core, each owning its 19 MiB buffer for its whole life: at most `cores`
//! hashes run at once, and memory stays at `cores × 19 MiB` however many requests arrive (allocating
//! the buffer per hash lets glibc's per-thread arenas keep gigabytes under load). At most
//! `max_in_flight` callers may wait for a thread; anyone beyond that gets `Busy` at once (503 `server_busy`, see auth/http/wire.rs).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};

pub use crate::auth::keys::argon::{HashError, params};
use crate::auth::keys::argon::{Hasher, dummy_phc};
use tokio::sync::oneshot;
use zeroize::Zeroizing;

pub type Plaintext = Zeroizing<String>;

#[derive(Debug, thiserror::Error)]
pub enum PoolError {
    /// Too many hashes queued: the server is busy (503), which is not her fault.
    #[error("too many password checks waiting")]
    Busy,
    #[error(transparent)]
    Failed(#[from] HashError),
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
/// Decrements the in-flight count however the call ends (including a dropped request future).
struct InFlight<'a>(&'a AtomicUsize);

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        let before = self.0.fetch_sub(1, Ordering::AcqRel);
        crate::metrics::hashing_in_flight(before.saturating_sub(1));
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
        let before = self.in_flight.fetch_add(1, Ordering::AcqRel);
        if before >= self.max_in_flight {
            self.in_flight.fetch_sub(1, Ordering::AcqRel);
            crate::metrics::hashing_refused();
            return Err(PoolError::Busy);
        }
        crate::metrics::hashing_in_flight(before + 1);
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
