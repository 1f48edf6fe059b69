//! Her records in the copy, each a ciphertext the browser made: stored when newer than the one kept, read,
//! deleted.

use std::sync::Arc;

use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;

use super::{Owner, freeing};
use crate::copy::errors::CopyError;
use crate::copy::rules::{self, MAX_RECORD_BYTES};
use crate::copy::store::records::{self, Record};
use crate::room::Room;

/// A record as the browser sends it: its ciphertext in base64.
pub struct NewRecord {
    pub kind: String,
    pub version: i64,
    pub data: String,
}

pub async fn put(owner: Owner, room: Arc<Room>, id: &str, new: NewRecord) -> Result<(), CopyError> {
    room.check()?;
    let id = rules::name(id)?;
    rules::kind_and_version(&new.kind, new.version)?;
    let data = B64
        .decode(new.data.as_bytes())
        .map_err(|_| CopyError::Invalid("data must be base64."))?;
    if data.is_empty() || data.len() > MAX_RECORD_BYTES {
        return Err(CopyError::Invalid(
            "A record holds 1 byte to 1 MiB; attachments go in chunks.",
        ));
    }
    let record = Record {
        id,
        kind: new.kind,
        version: new.version,
        data,
        updated_at: String::new(),
    };
    let Owner {
        db, account, limit, ..
    } = owner;
    let bytes = record.data.len();
    db.write(move |conn| records::put(conn, &account, &record, limit))
        .await?;
    crate::metrics::copy_stored(bytes);
    Ok(())
}

pub async fn get(owner: Owner, id: &str) -> Result<Record, CopyError> {
    let (id, account) = (rules::name(id)?, owner.account);
    owner
        .db
        .read(move |conn| Ok::<_, CopyError>(records::get(conn, &account, &id)?))
        .await?
        .ok_or(CopyError::NotFound)
}

pub async fn delete(owner: Owner, room: Arc<Room>, id: &str) -> Result<(), CopyError> {
    let (id, account) = (rules::name(id)?, owner.account);
    let deleted = freeing(&owner.db, room, move |conn| {
        records::delete(conn, &account, &id)
    })
    .await?;
    deleted.then_some(()).ok_or(CopyError::NotFound)
}
