//! One row of a query's answer, read by column number into engine-neutral values.

use super::error::Result;
use super::value::{FromValue, Value, read};

pub struct Row<'r> {
    sqlite: &'r rusqlite::Row<'r>,
}

impl<'r> Row<'r> {
    pub(super) fn sqlite(sqlite: &'r rusqlite::Row<'r>) -> Self {
        Self { sqlite }
    }

    /// The column `index` (from 0), as `T`; a value of another type is an error that names the column.
    pub fn get<T: FromValue>(&self, index: usize) -> Result<T> {
        let value = match self.sqlite.get_ref(index)? {
            rusqlite::types::ValueRef::Null => Value::Null,
            rusqlite::types::ValueRef::Integer(i) => Value::Integer(i),
            rusqlite::types::ValueRef::Real(r) => Value::Real(r),
            rusqlite::types::ValueRef::Text(t) => match std::str::from_utf8(t) {
                Ok(s) => Value::Text(s),
                // Only a hand-edited file holds text that is not UTF-8: the error says what it is.
                Err(_) => Value::Blob(t),
            },
            rusqlite::types::ValueRef::Blob(b) => Value::Blob(b),
        };
        read(index, value)
    }
}
