//! The reserve: a file of `RESERVE_BYTES` really allocated on the data directory's file system, given up
//! when a deletion finds the disk full. With `secure_delete` SQLite writes every freed page to the
//! write-ahead log as zeros before it goes, so even deleting needs room; deletions run in batches of at
//! most `crate::room::size::DELETE_BATCH_BYTES`, each emptied out of the log before the next, and this reserve
//! holds several batches.

use std::fs::OpenOptions;
use std::io::Write;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

/// Room for a few delete batches (each at most 2 MiB of data, with its index pages) in the log.
pub const RESERVE_BYTES: u64 = 8 * 1024 * 1024;

/// Kept in a folder of its own so nothing that reads the data directory's files (the key files, backups)
/// reads 8 MiB of nothing.
const FOLDER: &str = "reserve";
const FILE: &str = "disk-space";

pub struct Reserve {
    path: PathBuf,
}

impl Reserve {
    pub fn new(data_dir: &Path) -> Self {
        Self {
            path: data_dir.join(FOLDER).join(FILE),
        }
    }

    pub fn held(&self) -> bool {
        std::fs::metadata(&self.path).is_ok_and(|m| m.len() >= RESERVE_BYTES)
    }

    /// Makes the reserve when it is missing: at start and after a deletion gave it up. Without room for it
    /// nothing is kept (a half reserve would only take what a deletion needs) and the log says so.
    pub fn ensure(&self) {
        if self.held() {
            return;
        }
        if let Err(e) = self.make() {
            let _ = std::fs::remove_file(&self.path);
            tracing::warn!(
                error = %e,
                "could not keep 8 MiB in reserve in the data directory; deleting on a full disk may fail"
            );
        }
    }

    fn make(&self) -> std::io::Result<()> {
        if let Some(folder) = self.path.parent() {
            std::fs::DirBuilder::new()
                .recursive(true)
                .mode(0o700)
                .create(folder)?;
        }
        let mut file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .mode(0o600)
            .open(&self.path)?;
        // Allocated, not sparse: a file system that cannot say so gets zeros written.
        match rustix::fs::fallocate(&file, rustix::fs::FallocateFlags::empty(), 0, RESERVE_BYTES) {
            Ok(()) => {}
            Err(rustix::io::Errno::OPNOTSUPP) => {
                let zeros = vec![0u8; 1024 * 1024];
                for _ in 0..RESERVE_BYTES / zeros.len() as u64 {
                    file.write_all(&zeros)?;
                }
            }
            Err(e) => return Err(e.into()),
        }
        file.sync_all()
    }

    /// Gives the reserve up; true when there was one to give.
    pub fn release(&self) -> bool {
        std::fs::remove_file(&self.path).is_ok()
    }
}
