//! The data directory: created private (0700) and locked, so two servers never share one database. A
//! directory or file that is wider than that (a restored backup, a copy made with another umask) is
//! tightened at start (0700 for the directory, 0600 for its files) and the change is logged.

use std::fs::{File, OpenOptions, TryLockError};
use std::io;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
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
    tighten(dir).map_err(|e| DataDirError::Create(dir.to_path_buf(), e))?;
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

/// Takes the lock of a data directory a server may be running on, without waiting and without creating or
/// changing anything there: for a command that must not run beside a server (`solace migrate-data`, whose
/// copy would miss what the server writes after it began). None when the directory has no lock file (no
/// server ever ran there); `InUse` when a server holds it.
pub fn lock_existing(dir: &Path) -> Result<Option<DataDirLock>, DataDirError> {
    let file = match File::open(dir.join(LOCK_FILE)) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(DataDirError::Lock(dir.to_path_buf(), e)),
    };
    match file.try_lock() {
        Ok(()) => Ok(Some(DataDirLock { _file: file })),
        Err(TryLockError::WouldBlock) => Err(DataDirError::InUse(dir.to_path_buf())),
        Err(TryLockError::Error(e)) => Err(DataDirError::Lock(dir.to_path_buf(), e)),
    }
}

/// Group and other users get nothing: the database and the keys are hers and the server's alone.
const DIR_MODE: u32 = 0o700;
const FILE_MODE: u32 = 0o600;

/// Narrows the directory and every file directly in it to owner-only, logging each change.
fn tighten(dir: &Path) -> io::Result<()> {
    narrow(dir, DIR_MODE)?;
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_type()?.is_file() {
            narrow(&entry.path(), FILE_MODE)?;
        }
    }
    Ok(())
}

/// Narrows one file to owner-only (0600), logging the change if it was wider; true when it was.
pub fn make_private(path: &Path) -> io::Result<bool> {
    narrow(path, FILE_MODE)
}

/// Writes a new owner-only file (a key) under a temporary name, then renames it, so a crash never leaves
/// half a file behind.
pub fn write_private_file(path: &Path, contents: &[u8]) -> io::Result<()> {
    use std::io::Write;
    let tmp = path.with_extension("tmp");
    let _ = std::fs::remove_file(&tmp);
    let mut f = OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(FILE_MODE)
        .open(&tmp)?;
    f.write_all(contents)?;
    f.sync_all()?;
    std::fs::rename(&tmp, path)
}

/// Whether users other than the file's owner may read it (its group, or everyone).
pub fn readable_by_others(path: &Path) -> io::Result<bool> {
    Ok(mode(path)? & 0o044 != 0)
}

fn mode(path: &Path) -> io::Result<u32> {
    Ok(std::fs::metadata(path)?.permissions().mode() & 0o777)
}

fn narrow(path: &Path, wanted: u32) -> io::Result<bool> {
    let mode = mode(path)?;
    if mode & !wanted == 0 {
        return Ok(false);
    }
    let narrowed = mode & wanted;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(narrowed))?;
    tracing::warn!(
        path = %path.display(),
        was = %format!("{mode:04o}"),
        now = %format!("{narrowed:04o}"),
        "tightened permissions: other users of this machine could read Solace's data"
    );
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn tightens_a_restored_directory_and_its_files() {
        let parent = tempfile::tempdir().unwrap();
        let dir = parent.path().join("data");
        std::fs::create_dir(&dir).unwrap();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
        let db = dir.join("solace.db");
        std::fs::write(&db, b"").unwrap();
        std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o644)).unwrap();
        let _lock = prepare_and_lock(&dir).unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&dir), 0o700);
        assert_eq!(mode(&db), 0o600);
    }
}
