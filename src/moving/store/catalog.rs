//! Which tables a database holds, their columns and primary keys, and the tables their foreign keys point
//! to: asked of each engine's own catalogue (SQLite's `sqlite_schema` and table-valued PRAGMAs,
//! PostgreSQL's `information_schema`), so a table a later migration adds is copied without a change here.

use std::collections::{BTreeMap, BTreeSet};

use crate::db::{Connection, DbError};

/// One table as the move needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub name: String,
    /// Every column, in the table's order.
    pub columns: Vec<String>,
    /// The primary key's columns, in the key's order.
    pub key: Vec<String>,
    /// Whether a column holds bytes (copy chunks, share parts): its batches are kept small.
    pub holds_bytes: bool,
    /// The tables its foreign keys point to: copied before it.
    pub parents: BTreeSet<String>,
}

impl Table {
    /// Where each key column is among `columns`.
    pub fn key_positions(&self) -> Vec<usize> {
        self.key
            .iter()
            .map(|k| {
                self.columns
                    .iter()
                    .position(|c| c == k)
                    .expect("a key column is a column")
            })
            .collect()
    }
}

/// The tables of `conn`'s database (Solace's own bookkeeping, SQLite's internal tables and PostgreSQL's
/// `solace_schema`, left out), parents before children.
pub fn tables(conn: &Connection) -> Result<Vec<Table>, DbError> {
    let tables = if conn.is_postgres() {
        postgres_tables(conn)?
    } else {
        let names = conn.query_map(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%'",
            [],
            |r| r.get::<String>(0),
        )?;
        names
            .into_iter()
            .map(|name| sqlite_table(conn, name))
            .collect::<Result<_, _>>()?
    };
    Ok(parents_first(
        tables.into_iter().map(|t| (t.name.clone(), t)).collect(),
    ))
}

fn sqlite_table(conn: &Connection, name: String) -> Result<Table, DbError> {
    // (column, type, position in the primary key: 0 when not in it)
    let columns = conn.query_map(
        "SELECT name, upper(type), pk FROM pragma_table_info(?1) ORDER BY cid",
        [&name],
        |r| Ok((r.get::<String>(0)?, r.get::<String>(1)?, r.get::<i64>(2)?)),
    )?;
    let parents = conn.query_map(
        "SELECT DISTINCT \"table\" FROM pragma_foreign_key_list(?1)",
        [&name],
        |r| r.get::<String>(0),
    )?;
    let mut key: Vec<(i64, String)> = columns
        .iter()
        .filter(|c| c.2 > 0)
        .map(|c| (c.2, c.0.clone()))
        .collect();
    key.sort();
    Ok(Table {
        holds_bytes: columns.iter().any(|c| c.1 == "BLOB"),
        columns: columns.into_iter().map(|c| c.0).collect(),
        key: key.into_iter().map(|k| k.1).collect(),
        parents: parents.into_iter().filter(|p| *p != name).collect(),
        name,
    })
}

/// PostgreSQL's tables, asked of `pg_catalog` in three statements for all of them (its
/// `information_schema` views take a moment per question).
fn postgres_tables(conn: &Connection) -> Result<Vec<Table>, DbError> {
    let mut tables: BTreeMap<String, Table> = BTreeMap::new();
    let columns = conn.query_map(
        "SELECT CAST(c.relname AS TEXT), CAST(a.attname AS TEXT),
                CAST(format_type(a.atttypid, a.atttypmod) AS TEXT)
         FROM pg_attribute a
         JOIN pg_class c ON c.oid = a.attrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname <> 'solace_schema'
           AND a.attnum > 0 AND NOT a.attisdropped
         ORDER BY c.relname, a.attnum",
        [],
        |r| {
            Ok((
                r.get::<String>(0)?,
                r.get::<String>(1)?,
                r.get::<String>(2)?,
            ))
        },
    )?;
    for (table, column, kind) in columns {
        let entry = tables.entry(table.clone()).or_insert_with(|| Table {
            name: table,
            columns: Vec::new(),
            key: Vec::new(),
            holds_bytes: false,
            parents: BTreeSet::new(),
        });
        entry.holds_bytes |= kind == "bytea";
        entry.columns.push(column);
    }
    let keys = conn.query_map(
        "SELECT CAST(c.relname AS TEXT), CAST(a.attname AS TEXT)
         FROM pg_index i
         JOIN pg_class c ON c.oid = i.indrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY (i.indkey)
         WHERE i.indisprimary AND n.nspname = current_schema()
         ORDER BY c.relname, array_position(CAST(i.indkey AS SMALLINT[]), a.attnum)",
        [],
        |r| Ok((r.get::<String>(0)?, r.get::<String>(1)?)),
    )?;
    for (table, column) in keys {
        if let Some(entry) = tables.get_mut(&table) {
            entry.key.push(column);
        }
    }
    let parents = conn.query_map(
        "SELECT DISTINCT CAST(child.relname AS TEXT), CAST(parent.relname AS TEXT)
         FROM pg_constraint f
         JOIN pg_class child ON child.oid = f.conrelid
         JOIN pg_class parent ON parent.oid = f.confrelid
         JOIN pg_namespace n ON n.oid = child.relnamespace
         WHERE f.contype = 'f' AND n.nspname = current_schema()",
        [],
        |r| Ok((r.get::<String>(0)?, r.get::<String>(1)?)),
    )?;
    for (child, parent) in parents {
        if let Some(entry) = tables.get_mut(&child).filter(|_| child != parent) {
            entry.parents.insert(parent);
        }
    }
    Ok(tables.into_values().collect())
}

/// The tables in an order where each comes after every table it points to (ties by name, so both engines
/// give one order).
fn parents_first(mut left: BTreeMap<String, Table>) -> Vec<Table> {
    let mut ordered: Vec<Table> = Vec::new();
    while !left.is_empty() {
        let ready: Vec<String> = left
            .values()
            .filter(|t| {
                t.parents
                    .iter()
                    .all(|p| !left.contains_key(p) || ordered.iter().any(|o| &o.name == p))
            })
            .map(|t| t.name.clone())
            .collect();
        // A cycle of foreign keys (none in the schema) would leave nothing ready: take the rest by name.
        let take = if ready.is_empty() {
            left.keys().cloned().collect()
        } else {
            ready
        };
        for name in take {
            ordered.extend(left.remove(&name));
        }
    }
    ordered
}

/// PostgreSQL's identity columns (SQLite's `INTEGER PRIMARY KEY` on the other side): after rows are
/// written with their own numbers, each column's sequence must go on after the largest, or the next row a
/// server writes would take a number already used. Nothing to do on SQLite, whose row numbers follow the
/// largest by themselves.
pub fn follow_identities(conn: &Connection) -> Result<(), DbError> {
    if !conn.is_postgres() {
        return Ok(());
    }
    let identities = conn.query_map(
        "SELECT CAST(c.relname AS TEXT), CAST(a.attname AS TEXT)
         FROM pg_attribute a
         JOIN pg_class c ON c.oid = a.attrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = current_schema() AND a.attidentity <> ''",
        [],
        |r| Ok((r.get::<String>(0)?, r.get::<String>(1)?)),
    )?;
    for (table, column) in identities {
        // setval leaves the sequence alone on an empty table (max is NULL and setval is strict).
        let sql = format!(
            "SELECT CAST(setval(pg_get_serial_sequence(?1, ?2), max({})) AS BIGINT) FROM {}",
            quoted(&column),
            quoted(&table)
        );
        conn.query_row(&sql, [&table, &column], |r| r.get::<Option<i64>>(0))?;
    }
    Ok(())
}

/// A name as SQL quotes it on both engines.
pub fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}
