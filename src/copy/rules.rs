//! What the copy accepts: the sizes of what is sent and the form of its names. The routes size their
//! bodies by these limits; the use cases check everything else against them before storing.

use super::errors::CopyError;

/// A record holds one entry with its wrapped key, far below this; an attachment goes in chunks.
pub const MAX_RECORD_BYTES: usize = 1024 * 1024;
/// A chunk is 1 MiB of an attachment plus AES-GCM's tag (docs/vault.md); a little room above that.
pub const MAX_CHUNK_BYTES: usize = 1024 * 1024 + 1024;
/// The wrapped data key and the outbox public key are each well under this.
pub const MAX_KEY_CHARS: usize = 2048;
const MAX_CHUNKS: i64 = 10_000;
/// A record's JSON: its base64 and a little room for the rest.
pub const MAX_JSON_BYTES: usize = MAX_RECORD_BYTES * 4 / 3 + 4096;
// A client announcing a body is let through up to the /api limit, then each route checks its own.
const _: () = assert!(MAX_JSON_BYTES <= crate::http::expect::API_BODY_LIMIT);
const _: () = assert!(MAX_CHUNK_BYTES <= crate::http::expect::API_BODY_LIMIT);

/// Names are the app's ids (UUIDs or similar): letters, digits, '-' and '_'.
pub fn name(raw: &str) -> Result<String, CopyError> {
    let ok = (1..=64).contains(&raw.len())
        && raw
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    ok.then(|| raw.to_string()).ok_or(CopyError::Invalid(
        "A name may use only letters, digits, '-' and '_' (at most 64).",
    ))
}

pub fn chunk_index(raw: &str) -> Result<i64, CopyError> {
    raw.parse::<i64>()
        .ok()
        .filter(|i| (0..MAX_CHUNKS).contains(i))
        .ok_or(CopyError::Invalid("A chunk's number is 0 to 9999."))
}

/// A record's kind (a-z and '-') and version (1 or more).
pub fn kind_and_version(kind: &str, version: i64) -> Result<(), CopyError> {
    let kind_ok =
        (1..=32).contains(&kind.len()) && kind.bytes().all(|b| b.is_ascii_lowercase() || b == b'-');
    if !kind_ok || version < 1 {
        return Err(CopyError::Invalid(
            "A record needs a kind (a-z and '-') and a version of 1 or more.",
        ));
    }
    Ok(())
}
