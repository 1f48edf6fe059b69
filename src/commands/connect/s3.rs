//! The S3 check: list the keys under the prefix (one key at most), signed with the configured keys, through
//! the same client the server stores with (`crate::blobs::s3`). Read-only, and allowed by the least a
//! store's policy must grant Solace anyway (`s3:ListBucket`).

use super::Unreachable;
use crate::blobs::s3::{S3Error, Store, TIMEOUT};
use crate::config::{Bucket, StorageConfig};

/// Why the bucket could not be listed. The store's own message is left out: some repeat the key's id.
#[derive(Debug, thiserror::Error)]
pub enum S3Problem {
    #[error("there is no such bucket (NoSuchBucket)")]
    NoSuchBucket,
    #[error("the store does not know this access key id (InvalidAccessKeyId)")]
    UnknownKeyId,
    #[error("the secret access key does not belong to this access key id (SignatureDoesNotMatch)")]
    WrongSecret,
    #[error("the keys may not list this bucket (AccessDenied): they need s3:ListBucket on it")]
    AccessDenied,
    #[error("nothing answers there (connection refused): is storage.endpoint right?")]
    NothingListens,
    #[error("no such host: is storage.endpoint right?")]
    NoSuchHost,
    #[error("no answer within {} seconds", TIMEOUT.as_secs())]
    NoAnswer,
    /// Any other answer, with both keys cut out (`S3Error`).
    #[error("{0}")]
    Other(String),
}

/// That the bucket could be listed, or why not.
pub fn check(storage: &StorageConfig, bucket: &Bucket) -> Result<String, Unreachable> {
    let endpoint = storage.endpoint_url();
    let place = format!("s3://{}/{} at {endpoint}", bucket.name, bucket.prefix);
    let fail = |e| Unreachable::new(&format!("the bucket {place}"), e);
    let settings = storage
        .bucket_settings()
        .ok_or_else(|| fail(S3Problem::Other("storage.url names no bucket".into())))?;
    let store = Store::new(&settings).map_err(|e| fail(explain(e)))?;
    super::within(TIMEOUT + TIMEOUT, S3Problem::NoAnswer, move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| S3Problem::Other(e.to_string()))?;
        runtime.block_on(store.list(1)).map_err(explain)
    })
    .map_err(fail)?;
    Ok(format!("listed {place}"))
}

fn explain(e: S3Error) -> S3Problem {
    match (e.code(), &e) {
        (Some("NoSuchBucket"), _) => S3Problem::NoSuchBucket,
        (Some("InvalidAccessKeyId"), _) => S3Problem::UnknownKeyId,
        (Some("SignatureDoesNotMatch"), _) => S3Problem::WrongSecret,
        (Some("AccessDenied"), _) => S3Problem::AccessDenied,
        (_, S3Error::NothingListens) => S3Problem::NothingListens,
        (_, S3Error::NoSuchHost) => S3Problem::NoSuchHost,
        (_, S3Error::NoAnswer) => S3Problem::NoAnswer,
        _ => S3Problem::Other(e.to_string()),
    }
}
