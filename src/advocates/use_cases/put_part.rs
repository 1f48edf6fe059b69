//! She puts part n of her own share while it lasts, within the share's limit (`[advocates] max_share_mib`).

use super::checks;
use crate::advocates::config::{AdvocatesConfig, MAX_PART_BYTES};
use crate::advocates::errors::AdvocateError;
use crate::advocates::store::parts;
use crate::db::Db;
use crate::room::Room;

/// The refusal of an empty part, or of one over 1 MiB.
pub const PART_SIZE: &str = "A part holds 1 byte to 1 MiB.";

/// `bytes` is the body as read (`None` when it was larger than one part).
pub async fn put_part(
    db: &Db,
    config: &AdvocatesConfig,
    room: &Room,
    survivor: String,
    share: &str,
    n: &str,
    bytes: Option<Vec<u8>>,
) -> Result<(), AdvocateError> {
    let (share, n) = (checks::id(share)?, checks::part_number(n)?);
    let bytes = bytes
        .filter(|b| !b.is_empty() && b.len() <= MAX_PART_BYTES)
        .ok_or(AdvocateError::Invalid(PART_SIZE))?;
    room.check()?;
    let (max, mib) = (config.max_bytes(), config.max_share_mib);
    db.write(move |c| parts::put(c, &survivor, &share, n, &bytes, max, mib))
        .await
}
