//! One error for everything the database says, whichever engine it runs on, and the questions the code
//! asks of it (was it a unique key, was the disk full) instead of matching on one engine's codes.

use std::fmt;

/// What a statement's value could not be turned into: the column, what the code asked for and what the
/// database held.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conversion {
    pub column: usize,
    pub wanted: &'static str,
    pub found: String,
}

impl fmt::Display for Conversion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "column {} holds {}, which is not {}",
            self.column, self.found, self.wanted
        )
    }
}

/// What is wrong with `database.ca_file`: the file and why.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct CaFileProblem(pub(super) String);

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// SQLite refused a statement.
    #[error("database error: {0}")]
    Sqlite(rusqlite::Error),
    /// PostgreSQL refused a statement, or could not be reached.
    #[error("database error: {}", postgres_words(.0))]
    Postgres(postgres::Error),
    /// A transaction used in a way the engines do not share: opened inside another, or committed after
    /// one of its statements failed (PostgreSQL then gives the whole transaction up).
    #[error("database error: transaction refused: {0}")]
    Transaction(&'static str),
    /// `query_row` found no row (`OptionalExtension::optional` turns it into `None`).
    #[error("database error: the query returned no row")]
    NoRows,
    /// A column's value is not the type the code reads it as: a bug or a hand-edited database, never a panic.
    #[error("database error: {0}")]
    Conversion(Conversion),
    /// A parameter no database integer holds (a `u64` past `i64::MAX`).
    #[error("database error: the parameter {0} is too large for a 64-bit integer")]
    TooLarge(u64),
    /// The file was written by a newer Solace; running old code on it could corrupt it.
    #[error(
        "the database has schema version {found}, but this solace binary only knows up to {supported}; \
         run the newer binary or restore a backup"
    )]
    NewerSchema { found: i64, supported: i64 },
    #[error("database file error: {0}")]
    Io(std::io::Error),
    /// `database.ca_file` could not be read as PEM certificates.
    #[error("database.ca_file {0}")]
    CaFile(#[from] CaFileProblem),
    /// No connection of the pool came free (or could be opened) in time.
    #[error("database error: no connection to the database: {0}")]
    Pool(String),
    /// The blocking task was cancelled or panicked.
    #[error("database worker stopped unexpectedly")]
    Worker,
}

impl From<rusqlite::Error> for DbError {
    fn from(e: rusqlite::Error) -> Self {
        match e {
            rusqlite::Error::QueryReturnedNoRows => Self::NoRows,
            e => Self::Sqlite(e),
        }
    }
}

/// What PostgreSQL said, without its DETAIL: a unique key's DETAIL repeats the key's value (an e-mail
/// address), which must not reach the log; SQLite's words name only the column.
fn postgres_words(e: &postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!("{} ({})", db.message(), db.code().code()),
        None => e.to_string(),
    }
}

impl From<postgres::Error> for DbError {
    fn from(e: postgres::Error) -> Self {
        Self::Postgres(e)
    }
}

impl DbError {
    fn postgres_code(&self) -> Option<&postgres::error::SqlState> {
        match self {
            Self::Postgres(e) => e.code(),
            _ => None,
        }
    }

    fn sqlite_code(&self) -> Option<&rusqlite::ffi::Error> {
        match self {
            Self::Sqlite(rusqlite::Error::SqliteFailure(e, _)) => Some(e),
            _ => None,
        }
    }

    /// A row would have repeated a unique key (or primary key) of its table.
    pub fn is_unique_violation(&self) -> bool {
        self.sqlite_code().is_some_and(|e| {
            e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                || e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY
        }) || self.postgres_code() == Some(&postgres::error::SqlState::UNIQUE_VIOLATION)
    }

    /// The database could not grow its file: the disk (or the file system's quota) is full.
    pub fn is_disk_full(&self) -> bool {
        self.sqlite_code()
            .is_some_and(|e| e.code == rusqlite::ErrorCode::DiskFull)
            || self.postgres_code() == Some(&postgres::error::SqlState::DISK_FULL)
    }
}

/// What every statement answers.
pub type Result<T, E = DbError> = std::result::Result<T, E>;

/// `query_row(..).optional()`: no row is `None` rather than an error, as in rusqlite.
pub trait OptionalExtension<T> {
    fn optional(self) -> Result<Option<T>>;
}

impl<T> OptionalExtension<T> for Result<T> {
    fn optional(self) -> Result<Option<T>> {
        match self {
            Ok(v) => Ok(Some(v)),
            Err(DbError::NoRows) => Ok(None),
            Err(e) => Err(e),
        }
    }
}
