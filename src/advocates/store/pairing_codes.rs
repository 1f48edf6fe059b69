//! `advocate_pairing_codes`: the codes an advocate reads out to her in person, kept as hashes only, each
//! for an hour and for one pairing.

use crate::db::{Connection, OptionalExtension, params};

use super::advocates::{self, Advocate};
use crate::advocates::errors::AdvocateError;
use crate::ground::clock::now_ms;
use crate::opaque_tokens::hash_token;

/// How long a pairing code can be used: long enough to say it on the phone, short enough to guess.
pub const PAIRING_MS: i64 = 3600 * 1000;

/// Stores a new code for `advocate_id` (its hash only), replacing the advocate's unused older ones.
pub fn new_pairing_code(
    c: &mut Connection,
    advocate_id: &str,
    code: &str,
) -> crate::db::Result<i64> {
    let tx = c.transaction()?;
    let now = now_ms();
    tx.execute(
        "DELETE FROM advocate_pairing_codes WHERE advocate_id = ?1 OR expires_at <= ?2",
        params![advocate_id, now],
    )?;
    let expires_at = now + PAIRING_MS;
    tx.execute(
        "INSERT INTO advocate_pairing_codes (code_hash, advocate_id, expires_at) VALUES (?1, ?2, ?3)",
        params![hash_token(code), advocate_id, expires_at],
    )?;
    tx.commit()?;
    Ok(expires_at)
}

/// The advocate a code names, while it is unused and unexpired (it is not used up by looking).
pub fn advocate_of_code(c: &Connection, code: &str) -> Result<Advocate, AdvocateError> {
    let id: Option<String> = c
        .query_row(
            "SELECT advocate_id FROM advocate_pairing_codes WHERE code_hash = ?1 AND expires_at > ?2",
            params![hash_token(code), now_ms()],
            |r| r.get(0),
        )
        .optional()?;
    let id = id.ok_or(AdvocateError::UnknownCode)?;
    advocates::find(c, &id)?.ok_or(AdvocateError::UnknownCode)
}

/// Uses a code up; part of the caller's unit of work (the pairing, `links::pair`).
pub fn use_up(c: &Connection, code: &str) -> crate::db::Result<()> {
    c.execute(
        "DELETE FROM advocate_pairing_codes WHERE code_hash = ?1",
        [hash_token(code)],
    )?;
    Ok(())
}
