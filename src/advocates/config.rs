//! The `[advocates]` config section: how large one share may be, its attachments included
//! (docs/advocates.md, "Parts"), and how many shares one survivor may keep ("Limits").

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
    /// The most shares one survivor may keep at once (until each ends or she withdraws it).
    pub max_shares_per_survivor: u64,
    /// The most of her shares that may wait for parts at once; one left half sent goes within a day.
    pub max_unfinished_shares: u64,
}

impl Default for AdvocatesConfig {
    fn default() -> Self {
        Self {
            // A few phone photos and a voice recording of some minutes, with room to spare.
            max_share_mib: 50,
            // A standing share sends each new incident as its own share for 90 days by default: an incident
            // a day, and some items shared by hand beside them.
            max_shares_per_survivor: 200,
            // One upload at a time in her browser; a few for pages closed half-way.
            max_unfinished_shares: 3,
        }
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
        if !(1..=10_000).contains(&self.max_shares_per_survivor) {
            return Err(ConfigError::invalid(
                "advocates.max_shares_per_survivor",
                "must be between 1 and 10000",
            ));
        }
        if !(1..=100).contains(&self.max_unfinished_shares) {
            return Err(ConfigError::invalid(
                "advocates.max_unfinished_shares",
                "must be between 1 and 100",
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
