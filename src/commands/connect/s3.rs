//! The S3 check: list the keys under the prefix (one page at most), signed with the configured keys.
//! Read-only, and allowed by the least a store's policy must grant Solace anyway (`s3:ListBucket`).

use std::time::Duration;

use futures_util::StreamExt;
use object_store::aws::AmazonS3Builder;
use object_store::{ClientOptions, ObjectStore, RetryConfig};

use super::Unreachable;
use crate::config::{Bucket, StorageConfig};

/// How long the store has to answer.
const TIMEOUT: Duration = Duration::from_secs(10);

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
    /// Any other answer, with both keys cut out of it.
    #[error("{0}")]
    Other(String),
}

/// That the bucket could be listed, or why not.
pub fn check(storage: &StorageConfig, bucket: &Bucket) -> Result<String, Unreachable> {
    let endpoint = storage.endpoint_url();
    let place = format!("s3://{}/{} at {endpoint}", bucket.name, bucket.prefix);
    let keys = [
        storage.access_key_id.expose().to_string(),
        storage.secret_access_key.expose().to_string(),
    ];
    let fail = |e| Unreachable::new(&format!("the bucket {place}"), e);
    let store = builder(storage, bucket)
        .build()
        .map_err(|e| fail(explain(&e, &keys)))?;
    let prefix = object_store::path::Path::from(bucket.prefix.as_str());
    super::within(TIMEOUT + TIMEOUT, S3Problem::NoAnswer, move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| S3Problem::Other(e.to_string()))?;
        runtime.block_on(async {
            match store.list(Some(&prefix)).next().await {
                Some(Err(e)) => Err(explain(&e, &keys)),
                _ => Ok(()),
            }
        })
    })
    .map_err(fail)?;
    Ok(format!("listed {place}"))
}

fn builder(storage: &StorageConfig, bucket: &Bucket) -> AmazonS3Builder {
    let mut builder = AmazonS3Builder::new()
        .with_bucket_name(&bucket.name)
        .with_region(storage.region.trim())
        .with_access_key_id(storage.access_key_id.expose())
        .with_secret_access_key(storage.secret_access_key.expose())
        // One try, bounded: the operator is waiting for an answer, not for a store that may come back.
        .with_retry(RetryConfig {
            max_retries: 0,
            retry_timeout: TIMEOUT,
            ..Default::default()
        })
        .with_client_options(
            ClientOptions::new()
                .with_timeout(TIMEOUT)
                .with_connect_timeout(TIMEOUT)
                // `storage.endpoint` was checked to be http(s); plain http is for a store on a private network.
                .with_allow_http(true),
        );
    if !storage.endpoint.trim().is_empty() {
        builder = builder.with_endpoint(virtual_host(storage, bucket));
    }
    builder.with_virtual_hosted_style_request(!storage.path_style)
}

/// object_store wants the bucket already in a virtual-hosted endpoint's host name.
fn virtual_host(storage: &StorageConfig, bucket: &Bucket) -> String {
    let endpoint = storage.endpoint_url();
    if storage.path_style {
        return endpoint;
    }
    match url::Url::parse(&endpoint) {
        Ok(mut url) => {
            let host = format!("{}.{}", bucket.name, url.host_str().unwrap_or_default());
            if url.set_host(Some(&host)).is_err() {
                return endpoint;
            }
            url.as_str().trim_end_matches('/').to_string()
        }
        Err(_) => endpoint,
    }
}

/// S3's answer, read from the library's text (which can hold the store's error document, and so the key's
/// id); an answer not named here is passed on with both keys cut out.
fn explain(e: &object_store::Error, keys: &[String; 2]) -> S3Problem {
    let text = super::with_causes(e);
    let known = [
        ("NoSuchBucket", S3Problem::NoSuchBucket),
        ("InvalidAccessKeyId", S3Problem::UnknownKeyId),
        ("SignatureDoesNotMatch", S3Problem::WrongSecret),
        ("AccessDenied", S3Problem::AccessDenied),
        ("Connection refused", S3Problem::NothingListens),
        ("dns error", S3Problem::NoSuchHost),
        ("timed out", S3Problem::NoAnswer),
    ];
    if let Some((_, problem)) = known.into_iter().find(|(code, _)| text.contains(code)) {
        return problem;
    }
    let cut = keys
        .iter()
        .filter(|k| !k.is_empty())
        .fold(text, |text, key| text.replace(key.as_str(), "[redacted]"));
    S3Problem::Other(cut)
}
