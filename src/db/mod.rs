//! The database: the engine-neutral `Connection` every store speaks to (docs/development.md, "The database
//! layer"), and the two engines behind it. SQLite: one file in the data directory, WAL mode, one writer
//! connection behind a mutex and a small pool of readers. PostgreSQL: the same shape on a server, one
//! writer connection per instance and a pool of readers (r2d2), every write transaction taking one lock
//! shared by all instances. Every call runs on the blocking thread pool, never on the async executor.

mod connection;
mod error;
mod migrations;
mod pg;
mod pg_server;
mod placeholders;
mod row;
mod sqlite;
#[cfg(test)]
pub(crate) mod stand_in;
#[cfg(test)]
mod tests;
mod value;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

pub use connection::{Connection, Transaction};
pub use error::{CaFileProblem, Conversion, DbError, OptionalExtension, Result};
pub use migrations::{LATEST_VERSION as SCHEMA_VERSION, version as schema_version};
pub use pg::tls as postgres_tls;
pub use pg_server::Server as PostgresServer;
pub use row::Row;
pub use sqlite::checkpoint;
use sqlite::open_connection;
pub(crate) use value::params;
pub use value::{FromValue, Params, ToValue, Value};

pub const FILE_NAME: &str = "solace.db";
const MAX_IDLE_READERS: usize = 4;

#[derive(Clone)]
pub struct Db {
    writer: Arc<Mutex<Connection>>,
    readers: Arc<Readers>,
}

/// Where readers come from, and where the writer is opened again when PostgreSQL closed it.
enum Readers {
    Sqlite {
        path: PathBuf,
        idle: Mutex<Vec<Connection>>,
    },
    Postgres {
        /// Boxed: the client's settings are several times the size of SQLite's side.
        server: Box<PostgresServer>,
        pool: r2d2::Pool<pg_server::Readers>,
    },
}

impl Db {
    /// Opens (creating it 0600 if needed) and migrates the database in `data_dir`.
    pub fn open(data_dir: &Path) -> Result<Self, DbError> {
        let path = data_dir.join(FILE_NAME);
        create_private_file(&path).map_err(DbError::Io)?;
        let writer = sqlite::open_writer(&path)?;
        Ok(Self {
            writer: Arc::new(Mutex::new(writer)),
            readers: Arc::new(Readers::Sqlite {
                path,
                idle: Mutex::new(Vec::new()),
            }),
        })
    }

    /// Opens the database `[database]` names: the data directory's SQLite file (None), or PostgreSQL.
    pub fn open_on(data_dir: &Path, postgres: Option<PostgresServer>) -> Result<Self, DbError> {
        match postgres {
            None => Self::open(data_dir),
            Some(server) => Self::open_postgres(server),
        }
    }

    /// Connects to PostgreSQL (`[database] url = "postgres://..."`) and applies pending migrations.
    pub fn open_postgres(server: PostgresServer) -> Result<Self, DbError> {
        let mut writer = server.connect(true)?;
        migrations::run_postgres(&mut writer)?;
        Ok(Self {
            writer: Arc::new(Mutex::new(writer)),
            readers: Arc::new(Readers::Postgres {
                pool: pg_server::readers(server.clone()),
                server: Box::new(server),
            }),
        })
    }

    /// Runs `f` with the single writer connection. Open a transaction inside `f` for multi-statement work.
    pub async fn write<T, E>(
        &self,
        f: impl FnOnce(&mut Connection) -> Result<T, E> + Send + 'static,
    ) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<DbError> + Send + 'static,
    {
        let this = self.clone();
        tokio::task::spawn_blocking(move || {
            let mut conn = this
                .writer
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            // A PostgreSQL server that restarted closed the writer: its next write opens it again.
            if conn.is_broken()
                && let Readers::Postgres { server, .. } = &*this.readers
            {
                *conn = server.connect(true).map_err(E::from)?;
            }
            f(&mut conn)
        })
        .await
        .map_err(|_| E::from(DbError::Worker))?
    }

    /// Runs `f` with a read-only connection from the pool; readers do not wait for the writer (WAL on
    /// SQLite, snapshots on PostgreSQL).
    pub async fn read<T, E>(
        &self,
        f: impl FnOnce(&Connection) -> Result<T, E> + Send + 'static,
    ) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<DbError> + Send + 'static,
    {
        let this = self.clone();
        tokio::task::spawn_blocking(move || match &*this.readers {
            Readers::Sqlite { path, idle } => {
                let popped = idle.lock().unwrap_or_else(|p| p.into_inner()).pop();
                let conn = match popped {
                    Some(conn) => conn,
                    None => open_connection(path, true).map_err(E::from)?,
                };
                let result = f(&conn);
                let mut idle = idle.lock().unwrap_or_else(|p| p.into_inner());
                if idle.len() < MAX_IDLE_READERS {
                    idle.push(conn);
                }
                result
            }
            Readers::Postgres { pool, .. } => {
                let conn = pool
                    .get()
                    .map_err(|e| E::from(DbError::Pool(e.to_string())))?;
                f(&conn)
            }
        })
        .await
        .map_err(|_| E::from(DbError::Worker))?
    }

    /// Answers when the database can be opened and queried: the health check. On SQLite a fresh
    /// connection, not a pooled one, so a vanished or broken file is noticed; on PostgreSQL a pooled
    /// reader, a closed one being replaced.
    pub async fn ping(&self) -> Result<(), DbError> {
        let this = self.clone();
        tokio::task::spawn_blocking(move || match &*this.readers {
            Readers::Sqlite { path, .. } => {
                let conn = open_connection(path, true)?;
                conn.query_row("SELECT count(*) FROM sqlite_schema", [], |_| Ok(()))
            }
            Readers::Postgres { pool, .. } => {
                let conn = pool.get().map_err(|e| DbError::Pool(e.to_string()))?;
                conn.query_row("SELECT count(*) FROM solace_schema", [], |_| Ok(()))
            }
        })
        .await
        .map_err(|_| DbError::Worker)?
    }
}

impl Db {
    /// `checkpoint` on the writer connection (at shutdown).
    pub async fn checkpoint(&self) -> Result<(), DbError> {
        self.write(|c| checkpoint(c)).await
    }
}

/// Opens the existing database in `data_dir` for a one-off command (`solace users ...`) next to a
/// running server: no lock file is taken, WAL lets the server keep reading, and the busy timeout waits
/// for its writes. Applies pending migrations, as the server would on its next start.
pub fn open_for_command(data_dir: &Path) -> Result<Connection, DbError> {
    let path = data_dir.join(FILE_NAME);
    if !path.exists() {
        return Err(DbError::Io(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!(
                "no database at {}; start the server once first",
                path.display()
            ),
        )));
    }
    sqlite::open_writer(&path)
}

/// `open_for_command` on the database `[database]` names: the data directory's SQLite file (None), or a
/// connection of its own to PostgreSQL, beside the running servers' (pending migrations applied too).
pub fn open_for_command_on(
    data_dir: &Path,
    postgres: Option<PostgresServer>,
) -> Result<Connection, DbError> {
    match postgres {
        None => open_for_command(data_dir),
        Some(server) => {
            let mut conn = server.connect(true)?;
            migrations::run_postgres(&mut conn)?;
            Ok(conn)
        }
    }
}

/// A read-only connection to the SQLite file at `path`, migrating nothing: `solace migrate-data`'s source,
/// left as it is. Its transactions are deferred, so one read transaction holds one snapshot of the file.
pub fn open_read_only(path: &Path) -> Result<Connection, DbError> {
    if !path.is_file() {
        return Err(DbError::Io(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!("no database at {}", path.display()),
        )));
    }
    open_connection(path, true)
}

/// The SQLite file at `path` for writing, created 0600 when missing and brought to this binary's schema:
/// `solace migrate-data`'s target when coming back down from PostgreSQL.
pub fn open_sqlite_writer(path: &Path) -> Result<Connection, DbError> {
    create_private_file(path).map_err(DbError::Io)?;
    sqlite::open_writer(path)
}

/// A connection of its own to PostgreSQL, migrating nothing (`solace migrate-data` checks the versions
/// first); one that does not write refuses to.
pub fn connect_postgres(server: &PostgresServer, writes: bool) -> Result<Connection, DbError> {
    server.connect(writes)
}

/// Applies every pending migration on a PostgreSQL connection (an empty target of `solace migrate-data`).
pub fn migrate_postgres(conn: &mut Connection) -> Result<(), DbError> {
    migrations::run_postgres(conn)
}

/// Creates `path` with mode 0600 if it does not exist; SQLite gives its -wal and -shm files the same mode.
pub fn create_private_file(path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::OpenOptionsExt;
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
    {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(e),
    }
}

/// Writes a consistent copy of the live database to `to` (SQLite `VACUUM INTO`), safe while the server runs.
pub fn backup(data_dir: &Path, to: &Path) -> Result<(), DbError> {
    let source = data_dir.join(FILE_NAME);
    if !source.exists() {
        return Err(DbError::Io(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!("no database at {}", source.display()),
        )));
    }
    if to.exists() {
        return Err(DbError::Io(std::io::Error::new(
            std::io::ErrorKind::AlreadyExists,
            format!("{} already exists; choose a new file name", to.display()),
        )));
    }
    let target = to.to_str().ok_or_else(|| {
        DbError::Io(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "backup path is not valid UTF-8",
        ))
    })?;
    sqlite::vacuum_into(&source, target)?;
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(to, std::fs::Permissions::from_mode(0o600)).map_err(DbError::Io)?;
    // The operator's health page reads when this file last changed: the backup itself may be anywhere.
    if let Err(e) = std::fs::write(data_dir.join(BACKUP_STAMP), chrono::Utc::now().to_rfc3339()) {
        eprintln!(
            "solace: the backup is written, but its time could not be noted in the data directory: {e}"
        );
    }
    Ok(())
}

/// A file in the data directory that `backup` rewrites after each backup (`solace backup`, and so the
/// packaged timer's): its modification time is when the last one was written.
pub const BACKUP_STAMP: &str = "last-backup";

#[cfg(test)]
mod immediate {
    use super::*;
    use std::sync::mpsc;
    use std::time::Duration;

    /// A `solace users` command reads, then writes, while the running server writes to the same file:
    /// the writer's transactions take the write lock at BEGIN, through the engine-neutral `transaction`.
    #[test]
    fn a_command_and_the_server_writing_at_once_both_succeed() {
        let dir = tempfile::tempdir().unwrap();
        let server = Db::open(dir.path()).unwrap();
        let mut command = open_for_command(dir.path()).unwrap();
        command
            .execute_batch("CREATE TABLE notes (n INTEGER); INSERT INTO notes VALUES (0);")
            .unwrap();

        let tx = command.transaction().unwrap();
        let read: i64 = tx
            .query_row("SELECT n FROM notes", [], |r| r.get(0))
            .unwrap();
        let (done, finished) = mpsc::channel();
        let Readers::Sqlite { path, .. } = &*server.readers else {
            unreachable!()
        };
        let path = path.clone();
        let server_write = std::thread::spawn(move || {
            let conn = open_connection(&path, false).unwrap();
            let result = conn.execute("INSERT INTO notes VALUES (1)", []);
            done.send(()).unwrap();
            result
        });
        // Without the write lock held from BEGIN, the server's write lands now, inside the command's read.
        let _ = finished.recv_timeout(Duration::from_millis(300));
        tx.execute("INSERT INTO notes VALUES (?1)", [read + 2])
            .expect("the command's write was refused");
        tx.commit().unwrap();
        server_write
            .join()
            .unwrap()
            .expect("the server's write was refused");
        let rows: i64 = command
            .query_row("SELECT count(*) FROM notes", [], |r| r.get(0))
            .unwrap();
        assert_eq!(rows, 3);
    }

    /// Two instances on one PostgreSQL: each write transaction takes the shared write lock at BEGIN, as
    /// SQLite's writer takes the file's, so the second waits for the first instead of reading before the
    /// first's write and writing after it (both would have written 1).
    #[test]
    fn on_postgres_two_instances_write_transactions_follow_each_other() {
        let server = crate::db::stand_in::server();
        let mut first = server.connect(true).unwrap();
        first
            .execute_batch("CREATE TABLE notes (n BIGINT); INSERT INTO notes VALUES (0);")
            .unwrap();
        let last = "SELECT max(n) FROM notes";
        let tx = first.transaction().unwrap();
        let read: i64 = tx.query_row(last, [], |r| r.get(0)).unwrap();
        let (done, finished) = mpsc::channel();
        let second = std::thread::spawn(move || {
            let mut second = server.connect(true).unwrap();
            let tx = second.transaction().unwrap();
            let read: i64 = tx.query_row(last, [], |r| r.get(0)).unwrap();
            tx.execute("INSERT INTO notes VALUES (?1)", [read + 1])
                .unwrap();
            tx.commit().unwrap();
            done.send(()).unwrap();
        });
        assert!(
            finished.recv_timeout(Duration::from_millis(300)).is_err(),
            "the other instance wrote inside this transaction"
        );
        tx.execute("INSERT INTO notes VALUES (?1)", [read + 1])
            .unwrap();
        tx.commit().unwrap();
        second.join().unwrap();
        let notes = first
            .query_map("SELECT n FROM notes ORDER BY n", [], |r| r.get::<i64>(0))
            .unwrap();
        assert_eq!(notes, [0, 1, 2]);
    }
}
