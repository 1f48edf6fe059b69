//! The values a statement takes and gives back, in no engine's types: each engine's binding turns its own
//! into these (src/db/sqlite.rs), so the stores read and write the same Rust types on every engine.
//! Integers are 64-bit and booleans are the integers 0 and 1, which both SQLite and PostgreSQL store.

use super::error::{Conversion, DbError, Result};

/// One value, borrowed from a parameter or from the row being read.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value<'a> {
    Null,
    Integer(i64),
    Real(f64),
    Text(&'a str),
    Blob(&'a [u8]),
}

impl Value<'_> {
    pub(super) fn kind(&self) -> &'static str {
        match self {
            Value::Null => "NULL",
            Value::Integer(_) => "an integer",
            Value::Real(_) => "a real number",
            Value::Text(_) => "text",
            Value::Blob(_) => "a blob",
        }
    }
}

/// A parameter of a statement.
pub trait ToValue {
    fn to_value(&self) -> Result<Value<'_>>;
}

/// What a column's value is read as. `Err` carries what was wanted; `Row::get` adds the column.
pub trait FromValue: Sized {
    fn from_value(value: Value<'_>) -> std::result::Result<Self, &'static str>;
}

/// `FromValue` with the column named, for `Row::get`.
pub(super) fn read<T: FromValue>(column: usize, value: Value<'_>) -> Result<T> {
    T::from_value(value).map_err(|wanted| {
        let found = match value {
            Value::Integer(i) => format!("the integer {i}"),
            Value::Real(r) => format!("the number {r}"),
            other => other.kind().to_string(),
        };
        DbError::Conversion(Conversion {
            column,
            wanted,
            found,
        })
    })
}

impl<T: ToValue + ?Sized> ToValue for &T {
    fn to_value(&self) -> Result<Value<'_>> {
        (**self).to_value()
    }
}

impl<T: ToValue> ToValue for Option<T> {
    fn to_value(&self) -> Result<Value<'_>> {
        match self {
            Some(v) => v.to_value(),
            None => Ok(Value::Null),
        }
    }
}

impl<T: FromValue> FromValue for Option<T> {
    fn from_value(value: Value<'_>) -> std::result::Result<Self, &'static str> {
        match value {
            Value::Null => Ok(None),
            v => T::from_value(v).map(Some),
        }
    }
}

impl ToValue for Value<'_> {
    fn to_value(&self) -> Result<Value<'_>> {
        Ok(*self)
    }
}

/// The integer types: written as 64-bit integers, read back only when the stored integer fits.
macro_rules! integers {
    ($($t:ty),*) => {$(
        impl ToValue for $t {
            fn to_value(&self) -> Result<Value<'_>> {
                i64::try_from(*self)
                    .map(Value::Integer)
                    .map_err(|_| DbError::TooLarge(*self as u64))
            }
        }
        impl FromValue for $t {
            fn from_value(value: Value<'_>) -> std::result::Result<Self, &'static str> {
                match value {
                    Value::Integer(i) => <$t>::try_from(i).map_err(|_| stringify!(a $t)),
                    _ => Err(stringify!(a $t)),
                }
            }
        }
    )*};
}

integers!(i64, i32, u32, u64, usize);

impl ToValue for bool {
    fn to_value(&self) -> Result<Value<'_>> {
        Ok(Value::Integer(i64::from(*self)))
    }
}

impl FromValue for bool {
    fn from_value(value: Value<'_>) -> std::result::Result<Self, &'static str> {
        match value {
            Value::Integer(i) => Ok(i != 0),
            _ => Err("a boolean (an integer)"),
        }
    }
}

impl ToValue for f64 {
    fn to_value(&self) -> Result<Value<'_>> {
        Ok(Value::Real(*self))
    }
}

impl FromValue for f64 {
    fn from_value(value: Value<'_>) -> std::result::Result<Self, &'static str> {
        match value {
            Value::Real(r) => Ok(r),
            Value::Integer(i) => Ok(i as f64),
            _ => Err("a number"),
        }
    }
}

impl ToValue for str {
    fn to_value(&self) -> Result<Value<'_>> {
        Ok(Value::Text(self))
    }
}

impl ToValue for String {
    fn to_value(&self) -> Result<Value<'_>> {
        Ok(Value::Text(self))
    }
}

impl FromValue for String {
    fn from_value(value: Value<'_>) -> std::result::Result<Self, &'static str> {
        match value {
            Value::Text(s) => Ok(s.to_owned()),
            _ => Err("text"),
        }
    }
}

impl ToValue for [u8] {
    fn to_value(&self) -> Result<Value<'_>> {
        Ok(Value::Blob(self))
    }
}

impl ToValue for Vec<u8> {
    fn to_value(&self) -> Result<Value<'_>> {
        Ok(Value::Blob(self))
    }
}

impl<const N: usize> ToValue for [u8; N] {
    fn to_value(&self) -> Result<Value<'_>> {
        Ok(Value::Blob(self))
    }
}

impl FromValue for Vec<u8> {
    fn from_value(value: Value<'_>) -> std::result::Result<Self, &'static str> {
        match value {
            Value::Blob(b) => Ok(b.to_vec()),
            _ => Err("a blob"),
        }
    }
}

/// The parameters of one statement: `[]`, an array of one type (`[id]`), or `params![a, b, ..]`.
pub trait Params {
    fn values(&self) -> Result<Vec<Value<'_>>>;
}

impl Params for [&dyn ToValue; 0] {
    fn values(&self) -> Result<Vec<Value<'_>>> {
        Ok(Vec::new())
    }
}

impl Params for &[&dyn ToValue] {
    fn values(&self) -> Result<Vec<Value<'_>>> {
        self.iter().map(|p| p.to_value()).collect()
    }
}

macro_rules! arrays {
    ($($n:literal),*) => {$(
        impl<T: ToValue> Params for [T; $n] {
            fn values(&self) -> Result<Vec<Value<'_>>> {
                self.iter().map(|p| p.to_value()).collect()
            }
        }
    )*};
}

arrays!(1, 2, 3, 4, 5, 6, 7, 8);

/// The parameters of a statement of several types, as rusqlite's macro of the same name.
macro_rules! params {
    () => {
        &[] as &[&dyn $crate::db::ToValue]
    };
    ($($p:expr),+ $(,)?) => {
        &[$(&$p as &dyn $crate::db::ToValue),+] as &[&dyn $crate::db::ToValue]
    };
}

pub(crate) use params;
