//! The `[copy]` config section: whether accounts keep an encrypted copy on this server, and how large
//! one may grow.

use serde::Deserialize;

use crate::config_error::ConfigError;

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct CopyConfig {
    /// Off: the app keeps records only on each device and the copy routes answer 404.
    pub enabled: bool,
    /// Largest copy one account may keep, in MiB (records, attachments and keys together).
    pub max_mib_per_account: u64,
}

impl Default for CopyConfig {
    fn default() -> Self {
        // A year of journal entries is well under 1 MiB; the rest is room for photos and recordings.
        Self {
            enabled: true,
            max_mib_per_account: 500,
        }
    }
}

impl CopyConfig {
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.enabled && !(1..=100_000).contains(&self.max_mib_per_account) {
            return Err(ConfigError::invalid(
                "copy.max_mib_per_account",
                "must be between 1 and 100000 (MiB)",
            ));
        }
        Ok(())
    }

    pub fn max_bytes(&self) -> u64 {
        self.max_mib_per_account * 1024 * 1024
    }
}
