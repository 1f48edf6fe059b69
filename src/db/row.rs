//! One row of a query's answer, read by column number into engine-neutral values.

use super::error::Result;
use super::value::{FromValue, Value, read};

pub struct Row<'r> {
    engine: Engine<'r>,
}

enum Engine<'r> {
    Sqlite(&'r rusqlite::Row<'r>),
    Postgres(&'r postgres::Row),
}

impl<'r> Row<'r> {
    pub(super) fn sqlite(sqlite: &'r rusqlite::Row<'r>) -> Self {
        Self {
            engine: Engine::Sqlite(sqlite),
        }
    }

    pub(super) fn postgres(row: &'r postgres::Row) -> Self {
        Self {
            engine: Engine::Postgres(row),
        }
    }

    /// The column `index` (from 0), as `T`; a value of another type is an error that names the column.
    pub fn get<T: FromValue>(&self, index: usize) -> Result<T> {
        let value = match self.engine {
            Engine::Sqlite(row) => match row.get_ref(index)? {
                rusqlite::types::ValueRef::Null => Value::Null,
                rusqlite::types::ValueRef::Integer(i) => Value::Integer(i),
                rusqlite::types::ValueRef::Real(r) => Value::Real(r),
                rusqlite::types::ValueRef::Text(t) => match std::str::from_utf8(t) {
                    Ok(s) => Value::Text(s),
                    // Only a hand-edited file holds text that is not UTF-8: the error says what it is.
                    Err(_) => Value::Blob(t),
                },
                rusqlite::types::ValueRef::Blob(b) => Value::Blob(b),
            },
            Engine::Postgres(row) => super::pg::column(row, index)?,
        };
        read(index, value)
    }
}
