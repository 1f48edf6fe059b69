//! The `[storage]` section: where what is large and sealed goes (copy chunks, share parts, attachments).
//! `file://` keeps them in the database, as always; `s3://BUCKET/PREFIX` names a bucket of any
//! S3-compatible store, where they go as objects (`crate::blobs`), checked by `solace validate-config
//! --connect`.

use std::path::PathBuf;

use serde::Deserialize;

use crate::blobs::BucketSettings;
use crate::config_error::{ConfigError, normalise_url};
use crate::secret::Secret;

/// The one file URL: the data directory, whatever `server.data_dir` says.
pub const FILES: &str = "file://";

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct StorageConfig {
    pub url: String,
    /// The store's address, e.g. `https://s3.eu-central-1.amazonaws.com` or a MinIO server's; empty: AWS's
    /// address for `region`.
    pub endpoint: String,
    pub region: String,
    /// `true`: the bucket in the path (`https://host/BUCKET/key`), as MinIO and most self-hosted stores
    /// want; `false`: in the host name (`https://BUCKET.host/key`), as AWS prefers.
    pub path_style: bool,
    pub access_key_id_file: Option<PathBuf>,
    pub secret_access_key_file: Option<PathBuf>,
    /// From `SOLACE_STORAGE_ACCESS_KEY_ID(_FILE)` or `access_key_id_file`, once the layers are merged.
    #[serde(skip)]
    pub access_key_id: Secret,
    #[serde(skip)]
    pub secret_access_key: Secret,
}

impl Default for StorageConfig {
    fn default() -> Self {
        Self {
            url: FILES.into(),
            endpoint: String::new(),
            region: "us-east-1".into(),
            path_style: false,
            access_key_id_file: None,
            secret_access_key_file: None,
            access_key_id: Secret::default(),
            secret_access_key: Secret::default(),
        }
    }
}

/// A bucket and the prefix under which Solace's keys go (empty, or ending in `/`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bucket {
    pub name: String,
    pub prefix: String,
}

impl StorageConfig {
    /// The bucket for an `s3://` URL, None for `file://`.
    pub fn bucket(&self) -> Result<Option<Bucket>, ConfigError> {
        let bad = |why: &str| ConfigError::invalid("storage.url", why);
        let url = self.url.trim();
        if url == FILES {
            return Ok(None);
        }
        if url.starts_with("file:") {
            return Err(bad(
                "must be exactly \"file://\": files are kept in the data directory (server.data_dir)",
            ));
        }
        let Some(rest) = url.strip_prefix("s3://") else {
            return Err(bad("must be \"file://\" or s3://BUCKET/PREFIX"));
        };
        let (name, prefix) = rest.split_once('/').unwrap_or((rest, ""));
        if !valid_bucket_name(name) {
            return Err(bad(
                "names no valid bucket: 3 to 63 lower-case letters, digits, dots and hyphens, \
                 starting and ending with a letter or digit (s3://BUCKET/PREFIX)",
            ));
        }
        let prefix = prefix.trim_matches('/');
        if prefix.chars().any(char::is_control) || prefix.contains("//") {
            return Err(bad("the prefix after the bucket must be a plain path"));
        }
        Ok(Some(Bucket {
            name: name.to_string(),
            prefix: if prefix.is_empty() {
                String::new()
            } else {
                format!("{prefix}/")
            },
        }))
    }

    /// Where the bucket is and the keys to it, for `crate::blobs`; None for `file://`.
    pub fn bucket_settings(&self) -> Option<BucketSettings> {
        // The configuration was checked when it was loaded: a bucket that does not parse is not here.
        let bucket = self.bucket().ok().flatten()?;
        Some(BucketSettings {
            endpoint: self.endpoint_url(),
            region: self.region.trim().to_string(),
            name: bucket.name,
            prefix: bucket.prefix,
            path_style: self.path_style,
            access_key_id: self.access_key_id.clone(),
            secret_access_key: self.secret_access_key.clone(),
        })
    }

    /// The address requests go to: `endpoint`, or AWS's for `region`.
    pub fn endpoint_url(&self) -> String {
        match self.endpoint.trim() {
            "" => format!("https://s3.{}.amazonaws.com", self.region.trim()),
            own => own.trim_end_matches('/').to_string(),
        }
    }

    pub(super) fn validate(&mut self) -> Result<(), ConfigError> {
        let Some(_) = self.bucket()? else {
            let set = [
                ("storage.endpoint", !self.endpoint.trim().is_empty()),
                ("storage.path_style", self.path_style),
                (
                    "storage.access_key_id_file",
                    self.access_key_id_file.is_some(),
                ),
                (
                    "storage.secret_access_key_file",
                    self.secret_access_key_file.is_some(),
                ),
            ];
            if let Some((key, _)) = set.iter().find(|(_, set)| *set) {
                return Err(ConfigError::invalid(
                    key,
                    "is for an s3:// store, but storage.url is file://: remove it",
                ));
            }
            return Ok(());
        };
        if !self.endpoint.trim().is_empty() {
            self.endpoint = normalise_url(&self.endpoint, "storage.endpoint")?;
        }
        let region = self.region.trim();
        if region.is_empty()
            || !region
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            return Err(ConfigError::invalid(
                "storage.region",
                "must be a region name such as us-east-1 (lower-case letters, digits, hyphens)",
            ));
        }
        for (key, secret, var) in [
            (
                "storage.access_key_id_file",
                &self.access_key_id,
                "SOLACE_STORAGE_ACCESS_KEY_ID",
            ),
            (
                "storage.secret_access_key_file",
                &self.secret_access_key,
                "SOLACE_STORAGE_SECRET_ACCESS_KEY",
            ),
        ] {
            if secret.is_empty() {
                return Err(ConfigError::invalid(
                    key,
                    format!("an s3:// store needs its key: set {key} or {var}_FILE ({var})"),
                ));
            }
        }
        Ok(())
    }
}

/// S3's rules for a bucket name that works in both addressing styles.
fn valid_bucket_name(name: &str) -> bool {
    let edge = |c: Option<char>| c.is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
    (3..=63).contains(&name.len())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '.' || c == '-')
        && edge(name.chars().next())
        && edge(name.chars().last())
        && !name.contains("..")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s3(url: &str) -> StorageConfig {
        StorageConfig {
            url: url.into(),
            access_key_id: Secret::new("AKIDEXAMPLE"),
            secret_access_key: Secret::new("hunter2-secret"),
            ..Default::default()
        }
    }

    #[test]
    fn bucket_and_prefix() {
        let b = s3("s3://solace-data/prod/one/").bucket().unwrap().unwrap();
        assert_eq!(
            (b.name.as_str(), b.prefix.as_str()),
            ("solace-data", "prod/one/")
        );
        let b = s3("s3://solace-data").bucket().unwrap().unwrap();
        assert_eq!(b.prefix, "");
        assert!(s3("file://").bucket().unwrap().is_none());
        assert_eq!(
            s3("s3://b1").endpoint_url(),
            "https://s3.us-east-1.amazonaws.com"
        );
    }

    #[test]
    fn a_config_dump_shows_no_key() {
        let dump = format!("{:?}", s3("s3://bucket"));
        assert!(
            !dump.contains("AKIDEXAMPLE") && !dump.contains("hunter2"),
            "{dump}"
        );
    }

    #[test]
    fn bad_values_name_their_key() {
        for (url, key) in [
            ("s3://No_Such", "storage.url"),
            ("s3://ab", "storage.url"),
            ("gs://bucket", "storage.url"),
            ("file:///srv/files", "storage.url"),
        ] {
            assert_eq!(s3(url).validate().unwrap_err().key, key, "{url}");
        }
        let mut c = s3("s3://bucket");
        c.region = "EU Central".into();
        assert_eq!(c.validate().unwrap_err().key, "storage.region");
        let mut c = s3("s3://bucket");
        c.endpoint = "minio:9000".into();
        assert_eq!(c.validate().unwrap_err().key, "storage.endpoint");
        let mut c = s3("s3://bucket");
        c.secret_access_key = Secret::default();
        assert_eq!(
            c.validate().unwrap_err().key,
            "storage.secret_access_key_file"
        );
        let mut c = StorageConfig {
            path_style: true,
            ..Default::default()
        };
        assert_eq!(c.validate().unwrap_err().key, "storage.path_style");
    }
}
