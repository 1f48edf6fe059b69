//! The openings table's one home (docs/advocates.md, "Openings"): each time an advocate opened one of her
//! shares, so that she sees every opening and not only the first. Only the time is kept; the server never
//! sees what a share holds. Rows go with their share (a foreign key), so withdrawal, expiry, the pairing's
//! end and either account's deletion take them too.

use std::collections::HashMap;

use crate::db::{Connection, params};

/// The most openings one share keeps, the latest: an advocate asking again and again cannot grow the table
/// without end, and her list stays short enough to read.
pub const KEPT: i64 = 50;

/// Records an opening of her share `share_id` at `at` (`now_text`) and lets the oldest beyond `KEPT` go; part of the
/// caller's unit of work (the opening itself, `shares::open`).
pub fn record(
    c: &Connection,
    survivor_id: &str,
    share_id: &str,
    at: &str,
) -> crate::db::Result<()> {
    c.execute(
        "INSERT INTO advocate_share_openings (survivor_id, share_id, opened_at) VALUES (?1, ?2, ?3)",
        params![survivor_id, share_id, at],
    )?;
    c.execute(
        "DELETE FROM advocate_share_openings WHERE survivor_id = ?1 AND share_id = ?2 AND n NOT IN
           (SELECT n FROM advocate_share_openings WHERE survivor_id = ?1 AND share_id = ?2
            ORDER BY n DESC LIMIT ?3)",
        params![survivor_id, share_id, KEPT],
    )?;
    Ok(())
}

/// Every opening kept of each of her shares, oldest first, by share id.
pub fn of_survivor(
    c: &Connection,
    survivor_id: &str,
) -> crate::db::Result<HashMap<String, Vec<String>>> {
    let mut by_share: HashMap<String, Vec<String>> = HashMap::new();
    let rows: Vec<(String, String)> = c.query_map(
        "SELECT share_id, opened_at FROM advocate_share_openings WHERE survivor_id = ?1 ORDER BY n",
        [survivor_id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    for (share, at) in rows {
        by_share.entry(share).or_default().push(at);
    }
    Ok(by_share)
}
