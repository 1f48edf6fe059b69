//! The engine-neutral connection the stores are handed. Today it holds a SQLite connection only; its
//! methods take `&self` as rusqlite's do, so a PostgreSQL client (which wants `&mut`) can sit beside it in
//! a `RefCell` later without the stores changing. SQL text reaches the engine as written: the stores keep
//! to what both engines run (docs/development.md, "The database layer").

use rusqlite::TransactionBehavior;

use super::error::{DbError, Result};
use super::row::Row;
use super::value::{Params, Value};

pub struct Connection {
    sqlite: rusqlite::Connection,
    /// How `transaction` begins: the writer takes the write lock at BEGIN (`Immediate`, src/db/sqlite.rs).
    behavior: TransactionBehavior,
}

impl Connection {
    pub(super) fn from_sqlite(sqlite: rusqlite::Connection, behavior: TransactionBehavior) -> Self {
        Self { sqlite, behavior }
    }

    pub(super) fn into_sqlite(self) -> rusqlite::Connection {
        self.sqlite
    }

    /// The SQLite connection itself, for what only SQLite has (PRAGMAs, `VACUUM INTO`, migrations).
    pub(super) fn sqlite(&self) -> &rusqlite::Connection {
        &self.sqlite
    }

    /// Runs one statement; answers how many rows it changed.
    pub fn execute(&self, sql: &str, params: impl Params) -> Result<usize> {
        let values = params.values()?;
        let mut statement = self.sqlite.prepare_cached(sql)?;
        Ok(statement.execute(rusqlite::params_from_iter(values.iter()))?)
    }

    /// Runs several statements with no parameters, one after the other.
    pub fn execute_batch(&self, sql: &str) -> Result<()> {
        Ok(self.sqlite.execute_batch(sql)?)
    }

    /// The first row `sql` answers, read by `f`; `DbError::NoRows` when there is none.
    pub fn query_row<T>(
        &self,
        sql: &str,
        params: impl Params,
        f: impl FnOnce(&Row<'_>) -> Result<T>,
    ) -> Result<T> {
        self.rows(sql, params, |rows| match rows.next()? {
            Some(row) => f(&Row::sqlite(row)),
            None => Err(DbError::NoRows),
        })
    }

    /// Every row `sql` answers, each read by `f`, in the order the database gives them.
    pub fn query_map<T>(
        &self,
        sql: &str,
        params: impl Params,
        mut f: impl FnMut(&Row<'_>) -> Result<T>,
    ) -> Result<Vec<T>> {
        self.rows(sql, params, |rows| {
            let mut read = Vec::new();
            while let Some(row) = rows.next()? {
                read.push(f(&Row::sqlite(row))?);
            }
            Ok(read)
        })
    }

    /// Reads rows one at a time until `f` answers false: for a walk that stops part way (a batch of
    /// deletions), without reading the rest.
    pub fn query_while(
        &self,
        sql: &str,
        params: impl Params,
        mut f: impl FnMut(&Row<'_>) -> Result<bool>,
    ) -> Result<()> {
        self.rows(sql, params, |rows| {
            while let Some(row) = rows.next()? {
                if !f(&Row::sqlite(row))? {
                    break;
                }
            }
            Ok(())
        })
    }

    /// Runs `sql` on the connection's cached statement and hands its rows to `read`.
    fn rows<T>(
        &self,
        sql: &str,
        params: impl Params,
        read: impl FnOnce(&mut rusqlite::Rows<'_>) -> Result<T>,
    ) -> Result<T> {
        let values = params.values()?;
        let mut statement = self.sqlite.prepare_cached(sql)?;
        let mut rows = statement.query(rusqlite::params_from_iter(values.iter()))?;
        read(&mut rows)
    }

    /// Begins a transaction: committed by `commit`, rolled back when dropped without it.
    pub fn transaction(&mut self) -> Result<Transaction<'_>> {
        let conn: &Connection = self;
        let sqlite = rusqlite::Transaction::new_unchecked(&conn.sqlite, conn.behavior)?;
        Ok(Transaction { conn, sqlite })
    }

    /// A transaction on a shared connection (a pooled reader's), for reads that must agree with each
    /// other; as rusqlite's, the caller makes sure no other transaction is open on it.
    pub fn unchecked_transaction(&self) -> Result<Transaction<'_>> {
        let sqlite = rusqlite::Transaction::new_unchecked(&self.sqlite, self.behavior)?;
        Ok(Transaction { conn: self, sqlite })
    }
}

/// A transaction on a `Connection`, which it derefs to; rolled back when dropped uncommitted (an early
/// `?` leaves nothing behind).
pub struct Transaction<'c> {
    conn: &'c Connection,
    sqlite: rusqlite::Transaction<'c>,
}

impl Transaction<'_> {
    pub fn commit(self) -> Result<()> {
        Ok(self.sqlite.commit()?)
    }
}

impl std::ops::Deref for Transaction<'_> {
    type Target = Connection;

    fn deref(&self) -> &Connection {
        self.conn
    }
}

impl rusqlite::ToSql for Value<'_> {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        use rusqlite::types::ValueRef;
        Ok(rusqlite::types::ToSqlOutput::Borrowed(match *self {
            Value::Null => ValueRef::Null,
            Value::Integer(i) => ValueRef::Integer(i),
            Value::Real(r) => ValueRef::Real(r),
            Value::Text(t) => ValueRef::Text(t.as_bytes()),
            Value::Blob(b) => ValueRef::Blob(b),
        }))
    }
}
