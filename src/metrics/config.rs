//! The `[metrics]` config section: whether `/metrics` answers and to whom (docs/operator.md, "Metrics").

use std::path::PathBuf;

use serde::Deserialize;

use crate::config_error::ConfigError;
use crate::http::client_address::TrustedProxy;
use crate::secret::Secret;

/// Shorter tokens could be guessed by a patient scanner.
const MIN_TOKEN_CHARS: usize = 32;

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct MetricsConfig {
    pub enabled: bool,
    /// Networks besides loopback that may read `/metrics` without a token (written like
    /// `server.trusted_proxies`), as the client address resolves behind the operator's proxies.
    pub allowed_networks: Vec<TrustedProxy>,
    /// A file holding a bearer token: once set, the token is needed from every address.
    pub bearer_token_file: Option<PathBuf>,
    /// Read from `bearer_token_file` (never from this file itself).
    #[serde(skip)]
    pub bearer_token: Secret,
}

impl Default for MetricsConfig {
    fn default() -> Self {
        Self {
            enabled: true,
            allowed_networks: Vec::new(),
            bearer_token_file: None,
            bearer_token: Secret::default(),
        }
    }
}

impl MetricsConfig {
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.bearer_token_file.is_some()
            && self.bearer_token.expose().trim().chars().count() < MIN_TOKEN_CHARS
        {
            return Err(ConfigError::invalid(
                "metrics.bearer_token_file",
                format!(
                    "the token must be at least {MIN_TOKEN_CHARS} characters (e.g. `openssl rand -hex 32`)"
                ),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_file_needs_a_long_token_and_networks_must_be_networks() {
        let short = MetricsConfig {
            bearer_token_file: Some("/etc/solace/metrics-token".into()),
            bearer_token: Secret::new("short"),
            ..Default::default()
        };
        assert_eq!(
            short.validate().unwrap_err().key,
            "metrics.bearer_token_file"
        );
        let long = MetricsConfig {
            bearer_token: Secret::new("x".repeat(MIN_TOKEN_CHARS)),
            ..short
        };
        assert!(long.validate().is_ok());
        assert!(toml::from_str::<MetricsConfig>("allowed_networks = [\"lan\"]").is_err());
        let lan: MetricsConfig = toml::from_str("allowed_networks = [\"10.0.0.0/8\"]").unwrap();
        assert_eq!(lan.allowed_networks.len(), 1);
    }
}
