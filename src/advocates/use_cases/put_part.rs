//! She puts part n of her own share while it lasts, within the share's limit (`[advocates] max_share_mib`).

use super::checks;
use crate::advocates::config::{AdvocatesConfig, MAX_PART_BYTES};
use crate::advocates::errors::AdvocateError;
use crate::advocates::store::parts;
use crate::blobs::Blobs;
use crate::db::Db;
use crate::room::Room;

/// The refusal of an empty part, or of one over 1 MiB.
pub const PART_SIZE: &str = "A part holds 1 byte to 1 MiB.";

/// Where a part goes: the database, where its bytes are kept, and the share's limit.
pub struct Keeping<'a> {
    pub db: &'a Db,
    pub blobs: &'a Blobs,
    pub config: &'a AdvocatesConfig,
    pub room: &'a Room,
}

/// `bytes` is the body as read (`None` when it was larger than one part). The bytes are stored before the
/// row is written (`crate::blobs`), so the part is acknowledged only once both are; a refused row deletes
/// them again.
pub async fn put_part(
    to: Keeping<'_>,
    survivor: String,
    (share, n): (&str, &str),
    bytes: Option<Vec<u8>>,
) -> Result<(), AdvocateError> {
    let (share, n) = (checks::id(share)?, checks::part_number(n)?);
    let bytes = bytes
        .filter(|b| !b.is_empty() && b.len() <= MAX_PART_BYTES)
        .ok_or(AdvocateError::Invalid(PART_SIZE))?;
    to.room.check()?;
    let (max, mib) = (to.config.max_bytes(), to.config.max_share_mib);
    let part = to.blobs.stage(to.db, bytes).await?;
    let object = part.object().map(str::to_string);
    let written = to
        .db
        .write(move |c| parts::put(c, &survivor, &share, n, &part, max, mib))
        .await;
    match written {
        Ok(()) => to.blobs.sweep(to.db).await,
        Err(e) => {
            to.blobs.discard(to.db, object).await;
            return Err(e);
        }
    };
    Ok(())
}
