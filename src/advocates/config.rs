//! The `[advocates]` config section: how large one share may be, its attachments included
//! (docs/advocates.md, "Parts").

use serde::Deserialize;

use crate::config_error::ConfigError;

/// One part of a share's attachments: AES-GCM ciphertext of at most 1 MiB (the browser's pieces are 16
/// bytes smaller, for the tag).
pub const MAX_PART_BYTES: usize = 1024 * 1024;

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct AdvocatesConfig {
    /// The most one share's parts may hold together, in MiB.
    pub max_share_mib: u64,
}

impl Default for AdvocatesConfig {
    fn default() -> Self {
        // A few phone photos and a voice recording of some minutes, with room to spare.
        Self { max_share_mib: 50 }
    }
}

impl AdvocatesConfig {
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !(1..=2048).contains(&self.max_share_mib) {
            return Err(ConfigError::invalid(
                "advocates.max_share_mib",
                "must be between 1 and 2048 (MiB)",
            ));
        }
        Ok(())
    }

    pub fn max_bytes(&self) -> i64 {
        self.max_share_mib as i64 * 1024 * 1024
    }

    /// The most parts a share can announce: as many full parts as the limit holds.
    pub fn max_parts(&self) -> i64 {
        let part = MAX_PART_BYTES as i64;
        (self.max_bytes() + part - 1) / part
    }
}
