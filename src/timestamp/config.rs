//! The `[timestamp]` config section: who signs the time-stamps that prove when an incident-log entry
//! existed (docs/evidence.md).

use std::path::PathBuf;

use serde::Deserialize;

use crate::config_error::ConfigError;

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct TimestampConfig {
    /// The operator's own time-stamping certificate (PEM) and its P-256 private key (PKCS#8, PEM or
    /// DER). Both or neither: unset, the server makes its own on first start in the data directory.
    pub cert_file: Option<PathBuf>,
    pub key_file: Option<PathBuf>,
    /// The TSA policy the tokens name (an object identifier). The default is X.509's "any policy".
    pub policy: String,
    /// Time-stamp requests one client address may make per minute; 0 switches the limit off.
    pub per_address_per_minute: u32,
    /// A second, independent RFC 3161 authority (its HTTP address) that `/api/timestamp/external`
    /// forwards requests to; empty for none.
    pub external_url: String,
    /// How long to wait for it.
    pub external_timeout_secs: u64,
    /// Who runs this server and holds its stamping key (an organisation's name), as the evidence
    /// bundle's report names the authority that made the stamps; empty: the report names the server's
    /// address instead.
    pub operator_name: String,
    /// Where the operator publishes the certificate's fingerprint for readers (a page of their own
    /// site), named in the report beside the server's own address; empty: none.
    pub certificate_page: String,
}

impl Default for TimestampConfig {
    fn default() -> Self {
        Self {
            cert_file: None,
            key_file: None,
            policy: "2.5.29.32.0".into(),
            per_address_per_minute: 60,
            external_url: String::new(),
            external_timeout_secs: 10,
            operator_name: String::new(),
            certificate_page: String::new(),
        }
    }
}

impl TimestampConfig {
    pub fn validate(&mut self) -> Result<(), ConfigError> {
        if !self.external_url.trim().is_empty() {
            self.external_url =
                crate::config_error::normalise_url(&self.external_url, "timestamp.external_url")?;
        }
        if !self.certificate_page.trim().is_empty() {
            self.certificate_page = crate::config_error::normalise_url(
                &self.certificate_page,
                "timestamp.certificate_page",
            )?;
        }
        self.operator_name = self.operator_name.trim().to_string();
        if self.operator_name.chars().count() > 120
            || self.operator_name.chars().any(char::is_control)
        {
            return Err(ConfigError::invalid(
                "timestamp.operator_name",
                "must be one line of at most 120 characters",
            ));
        }
        if self.external_timeout_secs == 0 {
            return Err(ConfigError::invalid(
                "timestamp.external_timeout_secs",
                "must be at least 1",
            ));
        }
        if self.cert_file.is_some() != self.key_file.is_some() {
            return Err(ConfigError::invalid(
                "timestamp.cert_file",
                "set both timestamp.cert_file and timestamp.key_file, or neither",
            ));
        }
        if self.policy.parse::<der::oid::ObjectIdentifier>().is_err() {
            return Err(ConfigError::invalid(
                "timestamp.policy",
                format!("{:?} is not an object identifier like 1.2.3.4", self.policy),
            ));
        }
        Ok(())
    }
}
