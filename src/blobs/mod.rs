//! Where what is large and sealed keeps its bytes (`[storage] url`): copy chunks and share parts. With
//! `file://` (the default) the bytes stay in their database row, as they always have; with `s3://` they go to
//! an object of an S3-compatible bucket, and the row keeps only the object's key and size. A row says
//! itself where its bytes are (`object` empty or not), so rows of both kinds can be read side by side.
//!
//! Object keys are random (`{prefix}blobs/{uuid}`): they name no account, share or attachment. An upload is
//! first staged (`deletions::stage`), then stored in the bucket, then claimed by its row's transaction, so
//! the client hears of success only once the object is stored and the row written; a failure leaves no
//! row, and the staged key is swept later. Objects whose rows went are deleted by `sweep`, right after the
//! deletion and every `SWEEP_EVERY` for the rest (an account deleted from the command line, a store that
//! was down).

pub mod deletions;
pub mod s3;
#[cfg(test)]
pub(crate) mod stand_in;

use std::sync::Arc;
use std::time::Duration;

use crate::db::{Connection, Db, DbError};
use crate::ground::clock::now_ms;

pub use s3::{BucketSettings, S3Error};

/// How often the objects of rows deleted elsewhere are looked for.
pub const SWEEP_EVERY: Duration = Duration::from_secs(30);
/// Keys deleted per round of a sweep.
const SWEEP_BATCH: i64 = 100;

/// The bytes' home: the database (`file://`) or a bucket (`s3://`). Cheap to clone.
#[derive(Clone)]
pub enum Blobs {
    Database,
    Bucket(Arc<s3::Store>),
}

/// Why bytes could not be stored or read.
#[derive(Debug, thiserror::Error)]
pub enum BlobError {
    #[error("the file store did not take or give the bytes: {0}")]
    Store(#[from] S3Error),
    /// A row names an object but this server has no bucket (`storage.url` is `file://`).
    #[error("a row's bytes are in a bucket, and storage.url names none")]
    NoBucket,
    /// The upload took so long that its staged key may be swept: it must be sent again.
    #[error("the upload took too long")]
    TooSlow,
    #[error(transparent)]
    Db(#[from] DbError),
}

/// Bytes ready for their row: kept in it, or already stored as an object.
#[derive(Debug)]
pub enum Staged {
    Inline(Vec<u8>),
    Object { key: String, size: i64 },
}

impl Staged {
    pub fn size(&self) -> i64 {
        match self {
            Self::Inline(bytes) => bytes.len() as i64,
            Self::Object { size, .. } => *size,
        }
    }

    /// The staged object's key, when the bytes went to a bucket.
    pub fn object(&self) -> Option<&str> {
        match self {
            Self::Inline(_) => None,
            Self::Object { key, .. } => Some(key),
        }
    }

    /// The row's columns: its bytes (empty for an object), its object's key, and its size when not inline.
    pub fn columns(&self) -> (&[u8], Option<&str>, Option<i64>) {
        match self {
            Self::Inline(bytes) => (bytes, None, None),
            Self::Object { key, size } => (&[], Some(key), Some(*size)),
        }
    }

    /// In the row's own transaction: the staged object becomes the row's.
    pub fn claim(&self, tx: &Connection) -> Result<(), BlobError> {
        match self {
            Self::Inline(_) => Ok(()),
            Self::Object { key, .. } => deletions::claim(tx, key, now_ms())?
                .then_some(())
                .ok_or(BlobError::TooSlow),
        }
    }
}

/// What a row holds: its bytes, or the key of its object.
#[derive(Debug, PartialEq)]
pub enum Stored {
    Inline(Vec<u8>),
    Object(String),
}

impl Stored {
    /// From a row's bytes and object columns.
    pub fn from_columns(bytes: Vec<u8>, object: Option<String>) -> Self {
        object.map_or(Self::Inline(bytes), Self::Object)
    }
}

impl Blobs {
    /// The bucket `settings` name, or the database without them.
    pub fn new(settings: Option<&BucketSettings>) -> Result<Self, S3Error> {
        Ok(match settings {
            None => Self::Database,
            Some(settings) => Self::Bucket(Arc::new(s3::Store::new(settings)?)),
        })
    }

    /// Makes `bytes` ready for a row: as they are for the database; stored under a new, staged key for a
    /// bucket (so a row that is then not written leaves an object the sweep deletes).
    pub async fn stage(&self, db: &Db, bytes: Vec<u8>) -> Result<Staged, BlobError> {
        let Self::Bucket(store) = self else {
            return Ok(Staged::Inline(bytes));
        };
        let key = store.key(&format!("blobs/{}", uuid::Uuid::new_v4()));
        let staged = key.clone();
        db.write(move |c| deletions::stage(c, &staged, now_ms()))
            .await?;
        let size = bytes.len() as i64;
        store.put(&key, bytes).await?;
        Ok(Staged::Object { key, size })
    }

    /// A staged object (`Staged::object`) whose row was not written: deleted now (or by a later sweep).
    pub async fn discard(&self, db: &Db, object: Option<String>) {
        if let Some(key) = object {
            let marked = db.write(move |c| deletions::due_now(c, &key)).await;
            if let Err(e) = marked {
                tracing::warn!(error = %e, "a discarded upload waits for its time to be swept");
            }
            self.sweep(db).await;
        }
    }

    /// The bytes a row holds; `None` when its object is missing from the bucket.
    pub async fn fetch(&self, stored: Stored) -> Result<Option<Vec<u8>>, BlobError> {
        match (stored, self) {
            (Stored::Inline(bytes), _) => Ok(Some(bytes)),
            (Stored::Object(key), Self::Bucket(store)) => Ok(store.get(&key).await?),
            (Stored::Object(_), Self::Database) => Err(BlobError::NoBucket),
        }
    }

    /// Deletes the objects whose rows are gone; what fails is left for the next sweep. Returns how many
    /// went.
    pub async fn sweep(&self, db: &Db) -> usize {
        let Self::Bucket(store) = self else {
            return 0;
        };
        let mut swept = 0;
        loop {
            let due = db
                .read(|c| deletions::due(c, now_ms(), SWEEP_BATCH))
                .await
                .unwrap_or_else(|e| {
                    tracing::warn!(error = %e, "the objects to delete could not be read");
                    Vec::new()
                });
            let mut gone = Vec::new();
            for key in &due {
                match store.delete(key).await {
                    Ok(()) => gone.push(key.clone()),
                    Err(e) => {
                        tracing::warn!(error = %e, "an object could not be deleted; the next sweep tries again");
                        break;
                    }
                }
            }
            let (count, whole) = (gone.len(), gone.len() == due.len());
            if count > 0
                && let Err(e) = db.write(move |c| deletions::done(c, &gone)).await
            {
                tracing::warn!(error = %e, "deleted objects could not be struck off");
                return swept;
            }
            swept += count;
            if !whole || (due.len() as i64) < SWEEP_BATCH {
                return swept;
            }
        }
    }

    /// Sweeps every `SWEEP_EVERY`, for objects whose rows went by another way than the one that sweeps
    /// right after (an account deleted from the command line, an expired share, a store that was down).
    pub fn spawn_sweeper(&self, db: Db) {
        if matches!(self, Self::Database) {
            return;
        }
        let blobs = self.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(SWEEP_EVERY);
            loop {
                every.tick().await;
                blobs.sweep(&db).await;
            }
        });
    }
}

/// The one answer for bytes the store would not take or give: 503 `storage_unavailable`, to be tried
/// again (an upload resumes at the chunk that failed; nothing was half written).
impl From<BlobError> for crate::error::ApiError {
    fn from(e: BlobError) -> Self {
        tracing::error!(error = %e, "the file store failed");
        Self {
            retry_after: Some(STORE_RETRY_AFTER_SECS),
            ..Self::new(
                actix_web::http::StatusCode::SERVICE_UNAVAILABLE,
                "storage_unavailable",
                "Your files could not be reached on the server just now. Nothing is lost: \
                 please try again in a minute.",
            )
        }
    }
}

/// What `Retry-After` says when the store failed.
const STORE_RETRY_AFTER_SECS: u64 = 30;
