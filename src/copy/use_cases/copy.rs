//! The whole copy: what a device reads first, and 'Keep my records only on this device'.

use std::sync::Arc;

use serde::Serialize;

use super::{Owner, freeing};
use crate::copy::errors::CopyError;
use crate::copy::store::accounts::{self, Keys};
use crate::copy::store::deletion;
use crate::copy::store::records::{self, RecordInfo};
use crate::room::Room;

/// What the app reads first on a device: the keys, every record's version and the size.
#[derive(Debug, Serialize)]
pub struct Index {
    pub keys: Option<Keys>,
    pub records: Vec<RecordInfo>,
    pub bytes: i64,
    pub updated_at: Option<String>,
}

pub async fn index(owner: &Owner) -> Result<Index, CopyError> {
    let account = owner.account.clone();
    owner
        .db
        .read(move |conn| {
            let head = accounts::head(conn, &account)?;
            let records = records::list(conn, &account)?;
            let (keys, bytes, updated_at) = match head {
                Some((keys, bytes, at)) => (keys, bytes, Some(at)),
                None => (None, 0, None),
            };
            Ok::<_, CopyError>(Index {
                keys,
                records,
                bytes,
                updated_at,
            })
        })
        .await
}

pub async fn delete_all(owner: Owner, room: Arc<Room>) -> Result<(), CopyError> {
    let account = owner.account;
    freeing(&owner.db, room, move |conn| {
        deletion::delete_all(conn, &account)
    })
    .await?;
    owner.blobs.sweep(&owner.db).await;
    tracing::info!("an account's copy was deleted by its owner");
    Ok(())
}

/// Every account's copy together, for the operator's health page (no account is named).
pub async fn stored_bytes(db: &crate::db::Db) -> Result<i64, CopyError> {
    db.read(|conn| Ok::<_, CopyError>(accounts::total_bytes(conn)?))
        .await
}
