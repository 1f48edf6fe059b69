//! Room on the server (docs/vault.md, "Room on the server"): the data directory's file system is shared by
//! everything the server keeps, so uploads (the copy's records, chunks and keys, shares and their parts) stop
//! at a free-space floor, answering 507, while signing in, check-ins and alarms, which write a few hundred
//! bytes each, go on below it. A reserve file keeps room for deleting when the disk is full anyway.

mod reserve;
pub mod size;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use actix_web::http::StatusCode;

pub use reserve::Reserve;

use crate::db::DbError;
use crate::error::ApiError;

/// What an upload is told below the floor, and when the disk itself is full.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the data directory's file system has no room for uploads now")]
pub struct NoRoom;

impl From<NoRoom> for ApiError {
    fn from(_: NoRoom) -> Self {
        ApiError::new(
            StatusCode::INSUFFICIENT_STORAGE,
            "server_full",
            "The server has no room for this right now. Everything is still on this device, and nothing \
             you sent before is lost. Please try again later.",
        )
    }
}

/// The floor and whether the file system was last seen below it (so the log says so once per crossing).
pub struct Room {
    dir: PathBuf,
    floor_bytes: u64,
    below: AtomicBool,
    pub reserve: Reserve,
}

impl Room {
    /// `floor_mib` 0 turns the floor off; the reserve is made at once (or its absence logged).
    pub fn new(dir: &Path, floor_mib: u64) -> Self {
        let reserve = Reserve::new(dir);
        reserve.ensure();
        Self {
            dir: dir.to_path_buf(),
            floor_bytes: floor_mib * 1024 * 1024,
            below: AtomicBool::new(false),
            reserve,
        }
    }

    /// Ok while the data directory's file system has more free space than the floor. Called before each
    /// upload is stored; one `statvfs`, no lock.
    pub fn check(&self) -> Result<(), NoRoom> {
        if self.floor_bytes == 0 {
            return Ok(());
        }
        let free = match free_bytes(&self.dir) {
            Ok(free) => free,
            Err(e) => {
                // Not knowing is no reason to refuse her: SQLite still reports a full disk (507 as well).
                tracing::debug!(error = %e, "could not read the data directory's free space");
                return Ok(());
            }
        };
        let below = free < self.floor_bytes;
        if self.below.swap(below, Ordering::Relaxed) != below {
            let (free_mib, floor_mib) = (free / (1024 * 1024), self.floor_bytes / (1024 * 1024));
            if below {
                tracing::error!(
                    free_mib,
                    floor_mib,
                    "the data directory's file system is below the floor of free space \
                     (server.data_dir_min_free_mib): new uploads are refused with 507 until there is room \
                     again; sign-in, check-ins and alarms go on"
                );
            } else {
                tracing::warn!(
                    free_mib,
                    floor_mib,
                    "the data directory's file system has room above its floor again: uploads are accepted"
                );
            }
        }
        if below { Err(NoRoom) } else { Ok(()) }
    }

    /// Runs a deletion that must work on a full disk: when SQLite finds no room for the write-ahead log
    /// (`is_full`), the reserve file is given up and the deletion tried once more; afterwards the reserve is
    /// made again if there is room for it.
    pub fn freeing<T, E>(
        &self,
        mut delete: impl FnMut() -> Result<T, E>,
        is_full: impl Fn(&E) -> bool,
    ) -> Result<T, E> {
        let result = match delete() {
            Err(e) if is_full(&e) && self.reserve.release() => {
                tracing::warn!(
                    "the data directory's file system is full: its reserve was given up so that a deletion \
                     could go through"
                );
                delete()
            }
            other => other,
        };
        if result.is_ok() {
            self.reserve.ensure();
        }
        result
    }
}

/// `NoRoom` when SQLite found the disk full (logged at most once a minute), else the error as it was: what
/// each area's error type does with a database error.
pub fn when_full(e: DbError) -> Result<NoRoom, DbError> {
    if !e.is_disk_full() {
        return Err(e);
    }
    note_disk_full();
    Ok(NoRoom)
}

/// Logs that SQLite found the disk full, at most once a minute however many writes it refuses.
fn note_disk_full() {
    static LAST: AtomicU64 = AtomicU64::new(0);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let last = LAST.load(Ordering::Relaxed);
    if now >= last + 60
        && LAST
            .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
    {
        tracing::error!(
            "the data directory's file system is full: uploads are refused with 507; free space there \
             (sign-in, check-ins and alarms need a little too)"
        );
    }
}

/// Free space for an unprivileged process (`f_bavail`), in bytes.
fn free_bytes(dir: &Path) -> std::io::Result<u64> {
    let s = rustix::fs::statvfs(dir)?;
    Ok(s.f_bavail.saturating_mul(s.f_frsize))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_floor_above_the_free_space_refuses_and_zero_is_off() {
        let dir = tempfile::tempdir().unwrap();
        let off = Room::new(dir.path(), 0);
        assert_eq!(off.check(), Ok(()));
        let huge = Room::new(dir.path(), u64::MAX / (2 * 1024 * 1024));
        assert_eq!(huge.check(), Err(NoRoom));
        assert_eq!(huge.check(), Err(NoRoom));
    }

    #[test]
    fn freeing_gives_up_the_reserve_only_when_the_disk_is_full_and_makes_it_again() {
        let dir = tempfile::tempdir().unwrap();
        let room = Room::new(dir.path(), 0);
        assert!(room.reserve.held());
        let mut tries = 0;
        let done: Result<(), &str> = room.freeing(
            || {
                tries += 1;
                if tries == 1 { Err("full") } else { Ok(()) }
            },
            |e| *e == "full",
        );
        assert_eq!((done, tries), (Ok(()), 2));
        assert!(room.reserve.held(), "made again after the deletion");
        let refused: Result<(), &str> = room.freeing(|| Err("other"), |e| *e == "full");
        assert_eq!(refused, Err("other"));
    }
}
