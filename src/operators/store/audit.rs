//! The `operator_audit` table: one row per operator action, newest read first, pruned by age.

use rusqlite::{Connection, params};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Unix milliseconds.
    pub at: i64,
    pub operator: String,
    pub action: String,
    pub account_id: Option<String>,
}

pub fn insert(c: &Connection, e: &Entry) -> rusqlite::Result<()> {
    c.execute(
        "INSERT INTO operator_audit (at, operator, action, account_id) VALUES (?1, ?2, ?3, ?4)",
        params![e.at, e.operator, e.action, e.account_id],
    )?;
    Ok(())
}

/// Up to `limit` entries older than `before` (Unix ms), newest first.
pub fn before(c: &Connection, before: i64, limit: u32) -> rusqlite::Result<Vec<Entry>> {
    let mut stmt = c.prepare(
        "SELECT at, operator, action, account_id FROM operator_audit WHERE at < ?1 \
         ORDER BY at DESC, id DESC LIMIT ?2",
    )?;
    let rows = stmt.query_map(params![before, limit], |r| {
        Ok(Entry {
            at: r.get(0)?,
            operator: r.get(1)?,
            action: r.get(2)?,
            account_id: r.get(3)?,
        })
    })?;
    rows.collect()
}

/// Deletes the entries older than `cutoff` (Unix ms); returns how many.
pub fn prune(c: &Connection, cutoff: i64) -> rusqlite::Result<usize> {
    c.execute("DELETE FROM operator_audit WHERE at < ?1", [cutoff])
}
