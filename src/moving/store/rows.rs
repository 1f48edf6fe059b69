//! A table's rows, read and written in batches by primary key, whole: every column, in the table's order.

use super::catalog::{Table, quoted};
use crate::db::{Connection, DbError, FromValue, ToValue, Value};

/// One column's value, owned, as either engine gives it.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Null,
    Integer(i64),
    Real(f64),
    Text(String),
    Blob(Vec<u8>),
}

/// One row: a cell per column of its table, in the table's order.
pub type Row = Vec<Cell>;

impl FromValue for Cell {
    fn from_value(value: Value<'_>) -> Result<Self, &'static str> {
        Ok(match value {
            Value::Null => Cell::Null,
            Value::Integer(i) => Cell::Integer(i),
            Value::Real(r) => Cell::Real(r),
            Value::Text(t) => Cell::Text(t.to_owned()),
            Value::Blob(b) => Cell::Blob(b.to_vec()),
        })
    }
}

impl ToValue for Cell {
    fn to_value(&self) -> crate::db::Result<Value<'_>> {
        Ok(match self {
            Cell::Null => Value::Null,
            Cell::Integer(i) => Value::Integer(*i),
            Cell::Real(r) => Value::Real(*r),
            Cell::Text(t) => Value::Text(t),
            Cell::Blob(b) => Value::Blob(b),
        })
    }
}

/// How many rows the table holds.
pub fn count(conn: &Connection, table: &Table) -> Result<u64, DbError> {
    let sql = format!(
        "SELECT CAST(count(*) AS BIGINT) FROM {}",
        quoted(&table.name)
    );
    conn.query_row(&sql, [], |r| r.get::<u64>(0))
}

/// Up to `limit` rows whose key comes after `after` (from the first when None), in key order: the
/// engine's own order, used only to walk one side, never to match rows across the two.
pub fn after(
    conn: &Connection,
    table: &Table,
    after: Option<&[Cell]>,
    limit: usize,
) -> Result<Vec<Row>, DbError> {
    let key = table
        .key
        .iter()
        .map(|k| quoted(k))
        .collect::<Vec<_>>()
        .join(", ");
    let placeholders = (1..=table.key.len())
        .map(|i| format!("?{i}"))
        .collect::<Vec<_>>()
        .join(", ");
    let filter = match after {
        Some(_) => format!("WHERE ({key}) > ({placeholders})"),
        None => String::new(),
    };
    let sql = format!(
        "SELECT {} FROM {} {filter} ORDER BY {key} LIMIT {limit}",
        column_list(table),
        quoted(&table.name)
    );
    let params: Vec<&dyn ToValue> = after
        .unwrap_or_default()
        .iter()
        .map(|c| c as &dyn ToValue)
        .collect();
    conn.query_map(&sql, params.as_slice(), |r| read(r, table))
}

/// The rows of the table whose keys are among `keys` (each a key's cells, in the key's order), in no
/// particular order: matched by equality, so the two engines' orders of text never meet.
pub fn with_keys(
    conn: &Connection,
    table: &Table,
    keys: &[Vec<Cell>],
) -> Result<Vec<Row>, DbError> {
    if keys.is_empty() {
        return Ok(Vec::new());
    }
    let width = table.key.len();
    let terms: Vec<String> = (0..keys.len())
        .map(|n| {
            let equal: Vec<String> = table
                .key
                .iter()
                .enumerate()
                .map(|(i, k)| format!("{} = ?{}", quoted(k), n * width + i + 1))
                .collect();
            format!("({})", equal.join(" AND "))
        })
        .collect();
    let sql = format!(
        "SELECT {} FROM {} WHERE {}",
        column_list(table),
        quoted(&table.name),
        terms.join(" OR ")
    );
    let params: Vec<&dyn ToValue> = keys.iter().flatten().map(|c| c as &dyn ToValue).collect();
    conn.query_map(&sql, params.as_slice(), |r| read(r, table))
}

/// Writes `rows` in one transaction: all of them, or none when one is refused. A refusal for a repeated
/// unique value is told apart (`DbError::is_unique_violation`), as the target holding other data.
pub fn insert(conn: &mut Connection, table: &Table, rows: &[Row]) -> Result<(), DbError> {
    let placeholders = (1..=table.columns.len())
        .map(|i| format!("?{i}"))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "INSERT INTO {} ({}) VALUES ({placeholders})",
        quoted(&table.name),
        column_list(table)
    );
    let tx = conn.transaction()?;
    for row in rows {
        let params: Vec<&dyn ToValue> = row.iter().map(|c| c as &dyn ToValue).collect();
        tx.execute(&sql, params.as_slice())?;
    }
    tx.commit()
}

/// Empties every table of a database this command has just made, where its migrations left rows of their
/// own (SQLite's first migration notes when the file was made): the source's rows take their place.
pub fn clear(conn: &mut Connection, tables: &[Table]) -> Result<(), DbError> {
    let tx = conn.transaction()?;
    for table in tables.iter().rev() {
        tx.execute(&format!("DELETE FROM {}", quoted(&table.name)), [])?;
    }
    tx.commit()
}

fn column_list(table: &Table) -> String {
    table
        .columns
        .iter()
        .map(|c| quoted(c))
        .collect::<Vec<_>>()
        .join(", ")
}

fn read(r: &crate::db::Row<'_>, table: &Table) -> Result<Row, DbError> {
    (0..table.columns.len()).map(|i| r.get::<Cell>(i)).collect()
}
