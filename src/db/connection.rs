//! The engine-neutral connection the stores are handed: SQLite's (rusqlite) or PostgreSQL's (the `postgres`
//! crate). Its methods take `&self` as rusqlite's do; the PostgreSQL client, which wants `&mut`, sits in a
//! `RefCell`, and rows are read whole before a closure sees them, so a closure may run statements of its
//! own on the same connection on either engine. SQL text reaches SQLite as written and PostgreSQL with its
//! placeholders renumbered (src/db/placeholders.rs): the stores keep to what both engines run
//! (docs/development.md, "The database layer").

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use rusqlite::TransactionBehavior;

use super::error::{DbError, Result};
use super::row::Row;
use super::value::{Params, Value};

pub struct Connection {
    engine: Engine,
}

enum Engine {
    Sqlite {
        conn: rusqlite::Connection,
        /// How `transaction` begins: the writer takes the write lock at BEGIN (`Immediate`, src/db/sqlite.rs).
        behavior: TransactionBehavior,
    },
    /// Boxed: the client is several times the size of rusqlite's connection.
    Postgres(Box<Postgres>),
}

struct Postgres {
    /// Always `Some` until the connection is dropped (`Drop for Postgres`).
    client: RefCell<Option<postgres::Client>>,
    /// Each statement text prepared once per connection (its placeholders renumbered then), and kept.
    statements: RefCell<HashMap<String, postgres::Statement>>,
    /// Whether this connection writes: its transactions take the write lock (src/db/pg.rs, `begin`).
    writes: bool,
    in_transaction: Cell<bool>,
    /// A statement failed inside the open transaction: PostgreSQL has given the transaction up, so its
    /// `commit` must not report success.
    failed: Cell<bool>,
}

/// More distinct statements than the stores write: past it the kept ones are forgotten and prepared again.
const POSTGRES_STATEMENTS: usize = 512;

impl Connection {
    pub(super) fn from_sqlite(conn: rusqlite::Connection, behavior: TransactionBehavior) -> Self {
        Self {
            engine: Engine::Sqlite { conn, behavior },
        }
    }

    pub(super) fn from_postgres(client: postgres::Client, writes: bool) -> Self {
        Self {
            engine: Engine::Postgres(Box::new(Postgres {
                client: RefCell::new(Some(client)),
                statements: RefCell::new(HashMap::new()),
                writes,
                in_transaction: Cell::new(false),
                failed: Cell::new(false),
            })),
        }
    }

    pub(super) fn into_sqlite(self) -> rusqlite::Connection {
        match self.engine {
            Engine::Sqlite { conn, .. } => conn,
            Engine::Postgres(_) => unreachable!("only SQLite's connections are opened this way"),
        }
    }

    /// The SQLite connection itself, for what only SQLite has (PRAGMAs, `VACUUM INTO`, the checkpoint);
    /// None on PostgreSQL.
    pub(super) fn sqlite(&self) -> Option<&rusqlite::Connection> {
        match &self.engine {
            Engine::Sqlite { conn, .. } => Some(conn),
            Engine::Postgres(_) => None,
        }
    }

    /// Whether this connection is PostgreSQL's: for the few statements that must name an engine's own
    /// catalogue (`solace migrate-data` listing the tables), never for a store's queries.
    pub fn is_postgres(&self) -> bool {
        matches!(self.engine, Engine::Postgres(_))
    }

    /// A PostgreSQL connection the server closed (restarted, or a network cut): the pool replaces it.
    pub(super) fn is_broken(&self) -> bool {
        match &self.engine {
            Engine::Sqlite { .. } => false,
            Engine::Postgres(pg) => pg
                .client
                .try_borrow()
                .map_or(true, |client| client.as_ref().is_none_or(|c| c.is_closed())),
        }
    }

    /// Runs one statement; answers how many rows it changed.
    pub fn execute(&self, sql: &str, params: impl Params) -> Result<usize> {
        let values = params.values()?;
        match &self.engine {
            Engine::Sqlite { conn, .. } => {
                let mut statement = conn.prepare_cached(sql)?;
                Ok(statement.execute(rusqlite::params_from_iter(values.iter()))?)
            }
            Engine::Postgres(pg) => pg.noting_failure(|| {
                let statement = pg.prepared(sql)?;
                let changed = pg.client().execute(&statement, &references(&values))?;
                Ok(usize::try_from(changed).unwrap_or(usize::MAX))
            }),
        }
    }

    /// Runs several statements with no parameters, one after the other.
    pub fn execute_batch(&self, sql: &str) -> Result<()> {
        match &self.engine {
            Engine::Sqlite { conn, .. } => Ok(conn.execute_batch(sql)?),
            Engine::Postgres(pg) => pg.noting_failure(|| Ok(pg.client().batch_execute(sql)?)),
        }
    }

    /// The first row `sql` answers, read by `f`; `DbError::NoRows` when there is none.
    pub fn query_row<T>(
        &self,
        sql: &str,
        params: impl Params,
        f: impl FnOnce(&Row<'_>) -> Result<T>,
    ) -> Result<T> {
        let mut f = Some(f);
        let mut first = None;
        self.each_row(sql, params, |row| {
            if let Some(f) = f.take() {
                first = Some(f(row));
            }
            Ok(false)
        })?;
        first.unwrap_or(Err(DbError::NoRows))
    }

    /// Every row `sql` answers, each read by `f`, in the order the database gives them.
    pub fn query_map<T>(
        &self,
        sql: &str,
        params: impl Params,
        mut f: impl FnMut(&Row<'_>) -> Result<T>,
    ) -> Result<Vec<T>> {
        let mut read = Vec::new();
        self.each_row(sql, params, |row| {
            read.push(f(row)?);
            Ok(true)
        })?;
        Ok(read)
    }

    /// Reads rows one at a time until `f` answers false: for a walk that stops part way (a batch of
    /// deletions). SQLite reads no further; PostgreSQL has sent the rows already, which are only keys.
    pub fn query_while(
        &self,
        sql: &str,
        params: impl Params,
        f: impl FnMut(&Row<'_>) -> Result<bool>,
    ) -> Result<()> {
        self.each_row(sql, params, f)
    }

    /// Runs `sql` and hands its rows to `f` until it answers false.
    fn each_row(
        &self,
        sql: &str,
        params: impl Params,
        mut f: impl FnMut(&Row<'_>) -> Result<bool>,
    ) -> Result<()> {
        let values = params.values()?;
        match &self.engine {
            Engine::Sqlite { conn, .. } => {
                let mut statement = conn.prepare_cached(sql)?;
                let mut rows = statement.query(rusqlite::params_from_iter(values.iter()))?;
                while let Some(row) = rows.next()? {
                    if !f(&Row::sqlite(row))? {
                        break;
                    }
                }
                Ok(())
            }
            Engine::Postgres(pg) => {
                // Read whole, and the client let go of, before `f` runs statements of its own.
                let rows = pg.noting_failure(|| {
                    let statement = pg.prepared(sql)?;
                    Ok(pg.client().query(&statement, &references(&values))?)
                })?;
                for row in &rows {
                    if !f(&Row::postgres(row))? {
                        break;
                    }
                }
                Ok(())
            }
        }
    }

    /// Begins a transaction: committed by `commit`, rolled back when dropped without it.
    pub fn transaction(&mut self) -> Result<Transaction<'_>> {
        self.unchecked_transaction()
    }

    /// A transaction on a shared connection (a pooled reader's), for reads that must agree with each
    /// other; as rusqlite's, no other transaction may be open on it (PostgreSQL's is refused).
    pub fn unchecked_transaction(&self) -> Result<Transaction<'_>> {
        match &self.engine {
            Engine::Sqlite { conn, behavior } => Ok(Transaction {
                conn: self,
                sqlite: Some(rusqlite::Transaction::new_unchecked(conn, *behavior)?),
            }),
            Engine::Postgres(pg) => {
                if pg.in_transaction.get() {
                    return Err(DbError::Transaction("a transaction is already open"));
                }
                pg.client().batch_execute(&super::pg::begin(pg.writes))?;
                pg.in_transaction.set(true);
                pg.failed.set(false);
                Ok(Transaction {
                    conn: self,
                    sqlite: None,
                })
            }
        }
    }
}

impl Postgres {
    fn client(&self) -> std::cell::RefMut<'_, postgres::Client> {
        std::cell::RefMut::map(self.client.borrow_mut(), |client| {
            client
                .as_mut()
                .expect("the client is there until the connection is dropped")
        })
    }

    fn prepared(&self, sql: &str) -> Result<postgres::Statement> {
        if let Some(statement) = self.statements.borrow().get(sql) {
            return Ok(statement.clone());
        }
        let numbered = super::placeholders::numbered_for_postgres(sql);
        let statement = self.client().prepare(&numbered)?;
        let mut kept = self.statements.borrow_mut();
        if kept.len() >= POSTGRES_STATEMENTS {
            kept.clear();
        }
        kept.insert(sql.to_owned(), statement.clone());
        Ok(statement)
    }

    /// Runs `f`, noting a failure inside an open transaction (`failed`).
    fn noting_failure<T>(&self, f: impl FnOnce() -> Result<T>) -> Result<T> {
        let result = f();
        if result.is_err() && self.in_transaction.get() {
            self.failed.set(true);
        }
        result
    }

    /// Ends the open transaction with `COMMIT` or `ROLLBACK`.
    fn end(&self, how: &str) -> Result<()> {
        self.in_transaction.set(false);
        Ok(self.client().batch_execute(how)?)
    }
}

impl Drop for Postgres {
    /// The client closes its connection on a runtime of its own, which cannot start on a thread that
    /// already drives one (actix's, where the server's last `Db` may be dropped): it is closed on a
    /// thread of its own then.
    fn drop(&mut self) {
        if let Some(client) = self.client.get_mut().take()
            && tokio::runtime::Handle::try_current().is_ok()
        {
            std::thread::spawn(move || drop(client));
        }
    }
}

/// The parameters as the PostgreSQL client takes them (src/db/pg.rs turns each into the type asked for).
fn references<'v>(values: &'v [Value<'v>]) -> Vec<&'v (dyn postgres::types::ToSql + Sync)> {
    values
        .iter()
        .map(|v| v as &(dyn postgres::types::ToSql + Sync))
        .collect()
}

/// A transaction on a `Connection`, which it derefs to; rolled back when dropped uncommitted (an early
/// `?` leaves nothing behind).
pub struct Transaction<'c> {
    conn: &'c Connection,
    /// SQLite's own transaction; None on PostgreSQL, whose is ended by `COMMIT` or `ROLLBACK` here.
    sqlite: Option<rusqlite::Transaction<'c>>,
}

impl Transaction<'_> {
    pub fn commit(mut self) -> Result<()> {
        if let Some(sqlite) = self.sqlite.take() {
            return Ok(sqlite.commit()?);
        }
        let Engine::Postgres(pg) = &self.conn.engine else {
            unreachable!("a transaction without SQLite's is PostgreSQL's")
        };
        if pg.failed.get() {
            // PostgreSQL answers COMMIT on a failed transaction by rolling it back, without an error.
            pg.end("ROLLBACK")?;
            return Err(DbError::Transaction(
                "a statement in it failed, so it was rolled back",
            ));
        }
        pg.end("COMMIT")
    }
}

impl Drop for Transaction<'_> {
    fn drop(&mut self) {
        if self.sqlite.is_none()
            && let Engine::Postgres(pg) = &self.conn.engine
            && pg.in_transaction.get()
        {
            // A connection that cannot roll back is broken, and the pool drops it.
            let _ = pg.end("ROLLBACK");
        }
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
