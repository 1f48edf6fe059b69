//! The `operator_audit` table: one row per operator action, newest read first, pruned by age.

use crate::db::{Connection, params};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Unix milliseconds.
    pub at: i64,
    pub operator: String,
    pub action: String,
    pub account_id: Option<String>,
}

pub fn insert(c: &Connection, e: &Entry) -> crate::db::Result<()> {
    c.execute(
        "INSERT INTO operator_audit (at, operator, action, account_id) VALUES (?1, ?2, ?3, ?4)",
        params![e.at, e.operator, e.action, e.account_id],
    )?;
    Ok(())
}

/// Up to `limit` entries older than `before` (Unix ms), newest first.
pub fn before(c: &Connection, before: i64, limit: u32) -> crate::db::Result<Vec<Entry>> {
    c.query_map(
        "SELECT at, operator, action, account_id FROM operator_audit WHERE at < ?1 \
         ORDER BY at DESC, id DESC LIMIT ?2",
        params![before, limit],
        |r| {
            Ok(Entry {
                at: r.get(0)?,
                operator: r.get(1)?,
                action: r.get(2)?,
                account_id: r.get(3)?,
            })
        },
    )
}

/// Deletes the entries older than `cutoff` (Unix ms); returns how many.
pub fn prune(c: &Connection, cutoff: i64) -> crate::db::Result<usize> {
    c.execute("DELETE FROM operator_audit WHERE at < ?1", [cutoff])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(at: i64, action: &str) -> Entry {
        Entry {
            at,
            operator: "night.desk".into(),
            action: action.into(),
            account_id: None,
        }
    }

    #[test]
    fn entries_read_newest_first_and_old_ones_are_pruned() {
        for (_dir, c) in crate::db::stand_in::both_engines() {
            newest_first_and_pruned(&c);
        }
    }

    fn newest_first_and_pruned(c: &Connection) {
        for (at, action) in [(1_000, "a"), (2_000, "b"), (3_000, "c")] {
            insert(c, &entry(at, action)).unwrap();
        }
        let all = before(c, i64::MAX, 10).unwrap();
        let order: Vec<&str> = all.iter().map(|e| e.action.as_str()).collect();
        assert_eq!(order, ["c", "b", "a"]);
        assert_eq!(before(c, 3_000, 1).unwrap(), vec![entry(2_000, "b")]);
        assert_eq!(prune(c, 2_000).unwrap(), 1);
        assert_eq!(before(c, i64::MAX, 10).unwrap().len(), 2);
    }
}
