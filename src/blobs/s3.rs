//! One S3-compatible bucket through object_store: put, get and delete of one object, and one page of a
//! listing. Every request is bounded in time (`TIMEOUT`) and tried at most twice (a 5xx or a dropped
//! connection is retried once, within `TIMEOUT`): the object calls are all idempotent (a put goes to a new
//! key each time, `super::Blobs::stage`).

use std::time::Duration;

use futures_util::StreamExt;
use object_store::aws::{AmazonS3, AmazonS3Builder};
use object_store::path::Path;
use object_store::{ClientOptions, ObjectStore, PutPayload, RetryConfig};

use crate::secret::Secret;

/// How long one request may take; with its one retry, a call ends within about twice this.
pub const TIMEOUT: Duration = Duration::from_secs(10);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// S3's error codes an operator can act on, as the store names them in its answer.
const CODES: [&str; 4] = [
    "NoSuchBucket",
    "InvalidAccessKeyId",
    "SignatureDoesNotMatch",
    "AccessDenied",
];

/// Where the bucket is and the keys to it (from `[storage]`).
#[derive(Debug, Clone)]
pub struct BucketSettings {
    /// `http(s)://host[:port]`: the store's address.
    pub endpoint: String,
    pub region: String,
    pub name: String,
    /// Empty, or ending in `/`: every key Solace writes starts with it.
    pub prefix: String,
    pub path_style: bool,
    pub access_key_id: Secret,
    pub secret_access_key: Secret,
}

/// What a call to the store ended in. No text holds a key: the store's answer is passed on with both keys
/// cut out (some stores repeat the key's id).
#[derive(Debug, thiserror::Error)]
pub enum S3Error {
    #[error("the store refused: {text}")]
    Refused {
        code: Option<&'static str>,
        text: String,
    },
    #[error("nothing answers there (connection refused)")]
    NothingListens,
    #[error("no such host")]
    NoSuchHost,
    #[error("no answer within {} seconds", TIMEOUT.as_secs())]
    NoAnswer,
}

impl S3Error {
    /// S3's error code (`NoSuchBucket`, `AccessDenied`, ...), when the store sent one of `CODES`.
    pub fn code(&self) -> Option<&'static str> {
        match self {
            Self::Refused { code, .. } => *code,
            _ => None,
        }
    }
}

/// The bucket and the client that reaches it.
pub struct Store {
    bucket: AmazonS3,
    prefix: String,
    keys: [String; 2],
}

impl Store {
    pub fn new(settings: &BucketSettings) -> Result<Self, S3Error> {
        let keys = [
            settings.access_key_id.expose().to_string(),
            settings.secret_access_key.expose().to_string(),
        ];
        let bucket = builder(settings).build().map_err(|e| explain(&e, &keys))?;
        Ok(Self {
            bucket,
            prefix: settings.prefix.clone(),
            keys,
        })
    }

    /// The bucket's key for one of Solace's names: under the prefix. The calls below take whole keys.
    pub fn key(&self, name: &str) -> String {
        format!("{}{name}", self.prefix)
    }

    pub async fn put(&self, key: &str, bytes: Vec<u8>) -> Result<(), S3Error> {
        self.bucket
            .put(&Path::from(key), PutPayload::from(bytes))
            .await
            .map_err(|e| self.explain(&e))?;
        Ok(())
    }

    /// The object's bytes; `None` when the bucket has no such key.
    pub async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, S3Error> {
        let got = match self.bucket.get(&Path::from(key)).await {
            Ok(got) => got,
            Err(object_store::Error::NotFound { .. }) => return Ok(None),
            Err(e) => return Err(self.explain(&e)),
        };
        let bytes = got.bytes().await.map_err(|e| self.explain(&e))?;
        Ok(Some(bytes.to_vec()))
    }

    /// Deletes the object; a key already gone is no error (S3 answers 204 either way).
    pub async fn delete(&self, key: &str) -> Result<(), S3Error> {
        match self.bucket.delete(&Path::from(key)).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(self.explain(&e)),
        }
    }

    /// Up to `max` keys under the prefix (whole keys, prefix included).
    pub async fn list(&self, max: usize) -> Result<Vec<String>, S3Error> {
        let prefix = Path::from(self.prefix.as_str());
        let prefix = (!self.prefix.is_empty()).then_some(&prefix);
        let mut listing = self.bucket.list(prefix).take(max);
        let mut keys = Vec::new();
        while let Some(meta) = listing.next().await {
            keys.push(meta.map_err(|e| self.explain(&e))?.location.to_string());
        }
        Ok(keys)
    }

    fn explain(&self, e: &object_store::Error) -> S3Error {
        explain(e, &self.keys)
    }
}

fn builder(settings: &BucketSettings) -> AmazonS3Builder {
    AmazonS3Builder::new()
        .with_bucket_name(&settings.name)
        .with_region(&settings.region)
        .with_access_key_id(settings.access_key_id.expose())
        .with_secret_access_key(settings.secret_access_key.expose())
        .with_retry(RetryConfig {
            max_retries: 1,
            retry_timeout: TIMEOUT,
            ..Default::default()
        })
        .with_client_options(
            ClientOptions::new()
                .with_timeout(TIMEOUT)
                .with_connect_timeout(CONNECT_TIMEOUT)
                // `storage.endpoint` was checked to be http(s); plain http is for a store on a private network.
                .with_allow_http(true),
        )
        .with_endpoint(virtual_host(settings))
        .with_virtual_hosted_style_request(!settings.path_style)
}

/// object_store wants the bucket already in a virtual-hosted endpoint's host name.
fn virtual_host(settings: &BucketSettings) -> String {
    let endpoint = settings.endpoint.clone();
    if settings.path_style {
        return endpoint;
    }
    match url::Url::parse(&endpoint) {
        Ok(mut url) => {
            let host = format!("{}.{}", settings.name, url.host_str().unwrap_or_default());
            if url.set_host(Some(&host)).is_err() {
                return endpoint;
            }
            url.as_str().trim_end_matches('/').to_string()
        }
        Err(_) => endpoint,
    }
}

/// The library's text, which can hold the store's error document and so the key's id: read for what an
/// operator can act on, and otherwise passed on with both keys cut out.
fn explain(e: &object_store::Error, keys: &[String; 2]) -> S3Error {
    let mut text = e.to_string();
    let mut cause = std::error::Error::source(e);
    while let Some(c) = cause {
        text = format!("{text}: {c}");
        cause = c.source();
    }
    for (needle, problem) in [
        ("Connection refused", S3Error::NothingListens),
        ("dns error", S3Error::NoSuchHost),
        ("timed out", S3Error::NoAnswer),
    ] {
        if text.contains(needle) {
            return problem;
        }
    }
    let code = CODES.into_iter().find(|code| text.contains(code));
    let text = keys
        .iter()
        .filter(|k| !k.is_empty())
        .fold(text, |text, key| text.replace(key.as_str(), "[redacted]"));
    S3Error::Refused { code, text }
}
