//! Pairing with a code her advocate read out to her: first who it belongs to, so she sees the name and
//! the safety code before she confirms; then the pairing, which uses the code up. Both count against the
//! same limit of tries.

use std::time::Duration;

use crate::advocates::errors::AdvocateError;
use crate::advocates::store::advocates::Advocate;
use crate::advocates::store::{links, pairing_codes};
use crate::db::Db;
use crate::rate_limit::RateLimiter;

use super::checks;

/// Code look-ups one survivor account may make: a code has 10^8 values, so guessing one in its hour
/// this way is hopeless.
pub struct PairingLimit(pub RateLimiter);

impl Default for PairingLimit {
    fn default() -> Self {
        Self(RateLimiter::new(10, Duration::from_secs(15 * 60)))
    }
}

impl PairingLimit {
    fn check(&self, survivor: &str) -> Result<(), AdvocateError> {
        self.0
            .check(survivor)
            .map_err(|wait| AdvocateError::RateLimited(wait.0))
    }
}

/// The advocate a code names, without using it up.
pub async fn look_up(
    db: &Db,
    limit: &PairingLimit,
    survivor: String,
    code: &str,
) -> Result<Advocate, AdvocateError> {
    limit.check(&survivor)?;
    let code = checks::code(code)?;
    db.read(move |c| pairing_codes::advocate_of_code(c, &code))
        .await
}

/// Pairs her with the code's advocate, who will know her as `known_as`.
pub async fn pair(
    db: &Db,
    limit: &PairingLimit,
    survivor: String,
    code: &str,
    known_as: &str,
) -> Result<Advocate, AdvocateError> {
    limit.check(&survivor)?;
    let code = checks::code(code)?;
    let known_as = known_as.trim().to_string();
    if known_as.is_empty() || known_as.chars().count() > 60 {
        return Err(AdvocateError::Invalid(
            "Choose a name for your advocate to know you by (at most 60 characters).",
        ));
    }
    let advocate = db
        .write(move |c| links::pair(c, &survivor, &code, &known_as))
        .await?;
    tracing::info!("a survivor paired with an advocate");
    Ok(advocate)
}
