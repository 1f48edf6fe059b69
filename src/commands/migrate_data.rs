//! `solace migrate-data --to URL`: the configured database ([database] url) copied into another, SQLite to
//! PostgreSQL or back (`crate::moving` does the copy). Here: the refusals that come before any row moves
//! (exit 2), opening each side (the source read-only, the target migrated when empty), the lock that keeps
//! a server off the SQLite side meanwhile, and the progress and summary printed for the operator. A URL's
//! password is never printed: a PostgreSQL side is shown as `user@host:port/database`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use crate::config::{Config, ConfigError, database};
use crate::data_dir::{self, DataDirError};
use crate::db::{self, Connection, DbError, PostgresServer};
use crate::moving::errors::MoveError;
use crate::moving::use_cases::schema::{self, TargetState};
use crate::moving::use_cases::{self, Event, Moved};

/// What the command line says of the target.
pub struct Target<'a> {
    pub url: &'a str,
    pub password_file: Option<&'a Path>,
    pub ca_file: Option<&'a Path>,
    pub storage: Option<&'a str>,
}

/// Exit status for a move refused before it began (as for a bad configuration).
const REFUSED: u8 = 2;

/// Why the move is refused before any row moves, in words for the operator.
#[derive(Debug, thiserror::Error)]
enum Refusal {
    #[error(
        "--storage is not yet available: this version keeps copy chunks and share parts in the \
         database's tables, so migrate-data moves them with the rest; leave --storage out"
    )]
    StorageNotYet,
    #[error("the source and the target are the same database ({0})")]
    Same(String),
    #[error("the source and the target are both SQLite: for a copy of the file, use solace backup")]
    BothSqlite,
    #[error(
        "the source and the target are both PostgreSQL: copy between them with PostgreSQL's own \
         tools (pg_dump and pg_restore)"
    )]
    BothPostgres,
    #[error("--to must be postgres://USER@HOST:PORT/DATABASE or sqlite://PATH")]
    BadTarget,
    #[error("--password-file and --ca-file are for a postgres:// target")]
    NotPostgres,
    #[error(
        "a solace server is running on {}: stop it first (and every server on the source), so \
         nothing is written while the copy runs; what it wrote afterwards would be missing",
        .0.display()
    )]
    ServerRunning(PathBuf),
    #[error("cannot reach the {0}: {1}")]
    Unreachable(&'static str, DbError),
    #[error("{0}")]
    Config(#[from] ConfigError),
    #[error("{0}")]
    DataDir(#[from] DataDirError),
    #[error("{0}")]
    Db(#[from] DbError),
    #[error("{0}")]
    Move(#[from] MoveError),
}

/// One side of the move.
enum Side {
    Sqlite(PathBuf),
    /// Boxed: the client's settings are many times a path's size.
    Postgres(Box<PostgresServer>),
}

impl Side {
    /// How the side is shown: the file, or PostgreSQL's place without its password.
    fn shown(&self) -> String {
        match self {
            Side::Sqlite(path) => format!("SQLite {}", path.display()),
            Side::Postgres(server) => format!("PostgreSQL {}", server.place()),
        }
    }
}

pub fn run(config: &Config, target: &Target<'_>) -> ExitCode {
    match prepare(config, target) {
        Ok((source, target)) => copy(&source, &target),
        Err(why) => refuse(&why),
    }
}

/// Both sides, once the move is one this command makes.
fn prepare(config: &Config, target: &Target<'_>) -> Result<(Side, Side), Refusal> {
    if target.storage.is_some() {
        return Err(Refusal::StorageNotYet);
    }
    let source = match config.database.server()? {
        Some(server) => Side::Postgres(Box::new(server)),
        None => Side::Sqlite(config.server.data_dir.join(db::FILE_NAME)),
    };
    let target = target_side(config, target)?;
    match (&source, &target) {
        (Side::Sqlite(from), Side::Sqlite(to)) => Err(if same_file(from, to) {
            Refusal::Same(from.display().to_string())
        } else {
            Refusal::BothSqlite
        }),
        (Side::Postgres(from), Side::Postgres(to)) => Err(if from.place() == to.place() {
            Refusal::Same(from.place())
        } else {
            Refusal::BothPostgres
        }),
        _ => Ok((source, target)),
    }
}

fn target_side(config: &Config, target: &Target<'_>) -> Result<Side, Refusal> {
    let url = target.url.trim();
    if database::is_postgres_url(url) {
        let password = target.password_file.map(database_password).transpose()?;
        let server = database::server_at(url, "--to", password.as_deref(), target.ca_file)?;
        return Ok(Side::Postgres(Box::new(server)));
    }
    let Some(path) = url.strip_prefix("sqlite://") else {
        return Err(Refusal::BadTarget);
    };
    if target.password_file.is_some() || target.ca_file.is_some() {
        return Err(Refusal::NotPostgres);
    }
    let path = match path {
        "" => config.server.data_dir.join(db::FILE_NAME),
        path if Path::new(path).is_dir() => Path::new(path).join(db::FILE_NAME),
        path => PathBuf::from(path),
    };
    Ok(Side::Sqlite(path))
}

fn database_password(file: &Path) -> Result<String, ConfigError> {
    crate::config::read_secret_file(file, "--password-file").map(|s| s.expose().to_string())
}

/// Whether two paths name one file (the target may not exist yet: then they do not).
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

fn copy(source: &Side, target: &Side) -> ExitCode {
    // The SQLite side's data directory is locked for the whole move: a server running there (on the
    // source, or on PostgreSQL with this data directory) would write what the copy never sees.
    let sqlite_dir = [source, target].into_iter().find_map(|side| match side {
        Side::Sqlite(path) => path.parent().map(Path::to_path_buf),
        Side::Postgres(_) => None,
    });
    let _lock = match sqlite_dir.as_deref().map(data_dir::lock_existing) {
        Some(Err(DataDirError::InUse(dir))) => return refuse(&Refusal::ServerRunning(dir)),
        Some(Err(e)) => return refuse(&e.into()),
        Some(Ok(lock)) => lock,
        None => None,
    };
    let opened = open_source(source).and_then(|s| Ok((s, open_target(target)?)));
    let (source_conn, (mut target_conn, state)) = match opened {
        Ok(both) => both,
        Err(why) => return refuse(&why),
    };
    println!("copying {} into {}", source.shown(), target.shown());
    let mut printer = Printer::default();
    let result = use_cases::run(
        &source_conn,
        &mut target_conn,
        state == TargetState::Empty,
        &mut |event| printer.print(event),
    );
    match result {
        Ok(moved) => {
            summary(&moved, target);
            ExitCode::SUCCESS
        }
        Err(e) if e.is_refusal() => refuse(&e.into()),
        Err(e) => {
            eprintln!("solace: migrate-data failed: {e}");
            eprintln!(
                "solace: the source is unchanged; what was copied stays in the target, and running the \
                 command again goes on from there once the cause is fixed"
            );
            ExitCode::FAILURE
        }
    }
}

fn open_source(source: &Side) -> Result<Connection, Refusal> {
    let conn = match source {
        Side::Sqlite(path) => db::open_read_only(path)?,
        Side::Postgres(server) => {
            db::connect_postgres(server, false).map_err(|e| Refusal::Unreachable("source", e))?
        }
    };
    schema::source_is_current(&conn)?;
    Ok(conn)
}

/// The target, migrated when no migration had touched it, and whether it was.
fn open_target(target: &Side) -> Result<(Connection, TargetState), Refusal> {
    match target {
        Side::Postgres(server) => {
            let mut conn = db::connect_postgres(server, true)
                .map_err(|e| Refusal::Unreachable("target", e))?;
            let state = schema::target_state(&conn)?;
            if state == TargetState::Empty {
                db::migrate_postgres(&mut conn)?;
            }
            Ok((conn, state))
        }
        Side::Sqlite(path) => {
            // Read its version before the writer's migrations would bring an older file forward.
            let state = if path.exists() {
                schema::target_state(&db::open_read_only(path)?)?
            } else {
                TargetState::Empty
            };
            Ok((db::open_sqlite_writer(path)?, state))
        }
    }
}

/// Prints each table's progress at most once a second, and each table when done.
#[derive(Default)]
struct Printer {
    last: Option<Instant>,
}

impl Printer {
    fn print(&mut self, event: Event<'_>) {
        match event {
            Event::Copying { table, done, total } => {
                if self
                    .last
                    .is_none_or(|t| t.elapsed() >= Duration::from_secs(1))
                {
                    self.last = Some(Instant::now());
                    println!("  {table}: {done}/{total} rows");
                }
            }
            Event::Copied {
                table,
                written,
                present,
            } => {
                self.last = None;
                let total = written + present;
                if present > 0 {
                    println!("  {table}: {total}/{total} rows ({present} were there already)");
                } else {
                    println!("  {table}: {total}/{total} rows");
                }
            }
            Event::Objects(what) => println!("{what}"),
            Event::Verified { table, rows } => {
                println!("  verified {table}: {rows} rows, the same checksum on both sides")
            }
        }
    }
}

fn summary(moved: &Moved, target: &Side) {
    println!(
        "done: {} tables, {} rows written now, {} there already; every table's row count and checksum \
         agree",
        moved.tables, moved.written, moved.present
    );
    let next = match target {
        Side::Postgres(_) => {
            "set [database] url to the target's postgres:// URL (its password in \
                              database.password_file), then start the servers"
        }
        Side::Sqlite(_) => {
            "set [database] url = \"sqlite://\" with the target as the data directory's \
                            solace.db, then start the server"
        }
    };
    println!("next: {next}");
}

fn refuse(why: &Refusal) -> ExitCode {
    eprintln!("solace: migrate-data refused: {why}");
    ExitCode::from(REFUSED)
}
