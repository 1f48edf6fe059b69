//! She shares an item, sealed in her browser to one paired advocate, until a time she picks; its
//! attachments follow in parts (`put_part.rs`). Within the `[advocates]` limits.

use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;

use super::checks;
use crate::advocates::config::AdvocatesConfig;
use crate::advocates::errors::AdvocateError;
use crate::advocates::store::shares::{self, Caps, MAX_DAYS, NewShare};
use crate::db::Db;
use crate::ground::clock::now_ms;
use crate::room::Room;

/// One shared item with its consent record and its parts' keys, sealed; the attachments travel in parts.
const MAX_SHARE_BYTES: usize = 1024 * 1024;
/// Her sealed label: a line of text, its nonce and tag.
const MAX_LABEL_BYTES: usize = 2048;

/// A share as her browser sends it.
pub struct Request {
    /// Chosen by her browser (a UUID), so a retried upload is not stored twice.
    pub id: String,
    /// Unix milliseconds; at most a year ahead.
    pub expires_at: i64,
    /// The item and its consent record, sealed to the advocate's public key, base64.
    pub sealed: String,
    /// Her label of what it holds, sealed under her account's data key, base64.
    pub label: Option<String>,
    /// How many parts of at most 1 MiB its attachments will travel in (docs/advocates.md, "Parts").
    pub parts: i64,
}

pub async fn share(
    db: &Db,
    config: &AdvocatesConfig,
    room: &Room,
    survivor: String,
    advocate: String,
    request: Request,
) -> Result<(), AdvocateError> {
    room.check()?;
    if request.parts < 0 {
        return Err(AdvocateError::Invalid("parts is a count: 0 or more."));
    }
    if request.parts > config.max_parts() {
        return Err(AdvocateError::TooLarge(config.max_share_mib));
    }
    let now = now_ms();
    if request.expires_at <= now || request.expires_at > now + MAX_DAYS * 86_400_000 {
        return Err(AdvocateError::Invalid(
            "A share ends between now and a year from now.",
        ));
    }
    let sealed = B64
        .decode(request.sealed.as_bytes())
        .map_err(|_| AdvocateError::Invalid("sealed must be base64."))?;
    if sealed.is_empty() || sealed.len() > MAX_SHARE_BYTES {
        return Err(AdvocateError::Invalid(
            "A shared item holds 1 byte to 1 MiB.",
        ));
    }
    let label = match request.label {
        None => None,
        Some(text) => {
            let bytes = B64
                .decode(text.as_bytes())
                .map_err(|_| AdvocateError::Invalid("label must be base64."))?;
            if bytes.is_empty() || bytes.len() > MAX_LABEL_BYTES {
                return Err(AdvocateError::Invalid("A label holds 1 byte to 2 KiB."));
            }
            Some(bytes)
        }
    };
    let new = NewShare {
        id: checks::id(&request.id)?,
        survivor_id: survivor,
        advocate_id: advocate,
        sealed,
        expires_at: request.expires_at,
        label,
        parts: request.parts,
    };
    let caps = Caps {
        shares: config.max_shares_per_survivor,
        unfinished: config.max_unfinished_shares,
    };
    db.write(move |c| shares::insert(c, &new, caps)).await?;
    crate::metrics::share_made();
    Ok(())
}
