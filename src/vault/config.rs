//! The `[vault]` config section: where the server's vault key comes from.

use std::path::PathBuf;

use serde::Deserialize;

use crate::config_error::ConfigError;

/// A key file shorter than this is refused: it would be guessable.
pub const MIN_KEY_CHARS: usize = 32;

#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct VaultConfig {
    /// A file holding the vault key (at least 32 characters). Several instances behind one load
    /// balancer must share it. Unset: a key is generated on first start in the data directory.
    pub secret_file: Option<PathBuf>,
}

impl VaultConfig {
    /// Checks that a configured key file can be read and is long enough, so `validate-config` catches
    /// it before the server starts.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let Some(path) = &self.secret_file else {
            return Ok(());
        };
        let refuse = |reason: String| ConfigError::invalid("vault.secret_file", reason);
        let text = std::fs::read_to_string(path)
            .map_err(|e| refuse(format!("cannot read {}: {e}", path.display())))?;
        if text.trim().chars().count() < MIN_KEY_CHARS {
            return Err(refuse(format!(
                "{} must hold at least {MIN_KEY_CHARS} characters",
                path.display()
            )));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unset_is_valid_and_short_or_missing_files_are_refused() {
        assert!(VaultConfig::default().validate().is_ok());
        let dir = tempfile::tempdir().unwrap();
        let short = dir.path().join("short");
        std::fs::write(&short, "too short\n").unwrap();
        let e = VaultConfig {
            secret_file: Some(short),
        }
        .validate()
        .unwrap_err();
        assert_eq!(e.key, "vault.secret_file");
        let missing = VaultConfig {
            secret_file: Some(dir.path().join("absent")),
        };
        assert!(missing.validate().is_err());
        let good = dir.path().join("good");
        std::fs::write(&good, "x".repeat(MIN_KEY_CHARS)).unwrap();
        assert!(
            VaultConfig {
                secret_file: Some(good)
            }
            .validate()
            .is_ok()
        );
    }
}
