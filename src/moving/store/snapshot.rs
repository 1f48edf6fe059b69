//! The source's one snapshot: a read transaction held for the whole move, so every table is copied, and
//! verified, as it stood at one moment, whatever else reads the database meanwhile. It is never
//! committed: it only reads, and is dropped (rolled back) at the end.

use crate::db::{Connection, DbError, Transaction};

/// Begins the read transaction and reads once, which fixes SQLite's snapshot there (a deferred
/// transaction takes it at its first read); PostgreSQL's reader begins `REPEATABLE READ READ ONLY`.
pub fn begin(source: &Connection) -> Result<Transaction<'_>, DbError> {
    let tx = source.unchecked_transaction()?;
    let fixed = if source.is_postgres() {
        "SELECT CAST(count(*) AS BIGINT) FROM information_schema.tables"
    } else {
        "SELECT count(*) FROM sqlite_schema"
    };
    tx.query_row(fixed, [], |r| r.get::<i64>(0))?;
    Ok(tx)
}
