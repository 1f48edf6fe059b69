//! What only SQLite has, kept here so nothing above `src/db/` depends on it: how a connection is opened
//! (WAL, `secure_delete`, the writer's immediate transactions), the checkpoint that empties the
//! write-ahead log after a deletion, and `VACUUM INTO` backups.

use std::path::Path;
use std::time::Duration;

use rusqlite::{OpenFlags, TransactionBehavior};

use super::connection::Connection;
use super::error::DbError;
use super::migrations;

const BUSY_TIMEOUT: Duration = Duration::from_secs(5);
/// Statements are prepared once per connection and kept (`prepare_cached`): more than the stores' busiest
/// path uses, so a sign-in never prepares its statements again.
const STATEMENT_CACHE: usize = 128;

pub(super) fn open_connection(path: &Path, read_only: bool) -> Result<Connection, DbError> {
    let flags = if read_only {
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX
    } else {
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX
    };
    let mut conn = rusqlite::Connection::open_with_flags(path, flags)?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    // The server and a `solace users` command are two writers on one file. A deferred transaction that
    // reads and then writes is refused at once ("database is locked", the busy timeout never waits) when
    // the other process wrote in between; taking the write lock at BEGIN makes it wait its turn instead.
    let behavior = if read_only {
        TransactionBehavior::Deferred
    } else {
        TransactionBehavior::Immediate
    };
    conn.set_transaction_behavior(behavior);
    conn.pragma_update(None, "foreign_keys", "ON")?;
    // Deleted rows are overwritten with zeros, not left readable in free space: whoever takes the
    // server's disk must not find who had an account (see `checkpoint` for the write-ahead log).
    conn.pragma_update(None, "secure_delete", "ON")?;
    // FULL: a committed sign-up survives a power cut, not only a killed process.
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
    Ok(Connection::from_sqlite(conn, behavior))
}

/// Opens the writer: the write-ahead log on, then every pending migration applied.
pub(super) fn open_writer(path: &Path) -> Result<Connection, DbError> {
    let writer = open_connection(path, false)?;
    let mut sqlite = writer.into_sqlite();
    sqlite.pragma_update(None, "journal_mode", "WAL")?;
    migrations::run(&mut sqlite)?;
    Ok(Connection::from_sqlite(
        sqlite,
        TransactionBehavior::Immediate,
    ))
}

/// Copies the write-ahead log into the database file and empties the log. A deletion leaves the old rows
/// in the log's earlier frames until then, so it runs after every account deletion and at shutdown;
/// with `secure_delete` the database file keeps nothing of them either. A reader in the middle of a
/// query can hold the log back for a moment: a few short retries, then a warning. Nothing on PostgreSQL,
/// whose server keeps its own log and reuses the space of deleted rows itself (SECURITY.md, "PostgreSQL").
pub fn checkpoint(conn: &Connection) -> Result<(), DbError> {
    let Some(sqlite) = conn.sqlite() else {
        return Ok(());
    };
    for attempt in 0..20 {
        let busy: i64 = sqlite.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| r.get(0))?;
        if busy == 0 {
            return Ok(());
        }
        std::thread::sleep(Duration::from_millis(10 << attempt.min(4)));
    }
    tracing::warn!("the write-ahead log could not be emptied now; SQLite will do it later");
    Ok(())
}

/// Writes a consistent copy of the live database file `source` to `to` (`VACUUM INTO`), safe while
/// the server runs.
pub(super) fn vacuum_into(source: &Path, to: &str) -> Result<(), DbError> {
    let conn = open_connection(source, true)?;
    conn.execute("VACUUM INTO ?1", [to])?;
    Ok(())
}
