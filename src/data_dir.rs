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

#[derive(Debug, thiserror::Error)]
pub enum DataDirError {
    #[error("cannot create data directory {}: {}", .0.display(), .1)]
    Create(PathBuf, io::Error),
    #[error(
        "data directory {} is already used by another running solace; stop it first or choose another --data-dir",
        .0.display()
    )]
    InUse(PathBuf),
    #[error("cannot lock data directory {}: {}", .0.display(), .1)]
    Lock(PathBuf, io::Error),
}

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
