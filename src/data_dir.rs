//! The data directory: created private (0700) and locked, so two servers never share one database.

use std::fs::{File, OpenOptions, TryLockError};
use std::io;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

const LOCK_FILE: &str = "solace.lock";

/// Holds the exclusive lock for as long as it lives.
#[derive(Debug)]
pub struct DataDirLock {
    _file: File,
}

#[derive(Debug)]
pub enum DataDirError {
    Create(PathBuf, io::Error),
    InUse(PathBuf),
    Lock(PathBuf, io::Error),
}

impl std::fmt::Display for DataDirError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Create(p, e) => write!(f, "cannot create data directory {}: {e}", p.display()),
            Self::InUse(p) => write!(
                f,
                "data directory {} is already used by another running solace; stop it first or choose another --data-dir",
                p.display()
            ),
            Self::Lock(p, e) => write!(f, "cannot lock data directory {}: {e}", p.display()),
        }
    }
}

impl std::error::Error for DataDirError {}

/// Creates `dir` (0700) if needed and takes its lock without waiting.
pub fn prepare_and_lock(dir: &Path) -> Result<DataDirLock, DataDirError> {
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
        .map_err(|e| DataDirError::Create(dir.to_path_buf(), e))?;
    let path = dir.join(LOCK_FILE);
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .mode(0o600)
        .open(&path)
        .map_err(|e| DataDirError::Lock(dir.to_path_buf(), e))?;
    match file.try_lock() {
        Ok(()) => Ok(DataDirLock { _file: file }),
        Err(TryLockError::WouldBlock) => Err(DataDirError::InUse(dir.to_path_buf())),
        Err(TryLockError::Error(e)) => Err(DataDirError::Lock(dir.to_path_buf(), e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn creates_a_private_directory_and_refuses_a_second_lock() {
        let parent = tempfile::tempdir().unwrap();
        let dir = parent.path().join("data");
        let first = prepare_and_lock(&dir).unwrap();
        let mode = std::fs::metadata(&dir).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o700);
        assert!(matches!(
            prepare_and_lock(&dir),
            Err(DataDirError::InUse(_))
        ));
        drop(first);
        assert!(prepare_and_lock(&dir).is_ok());
    }
}
