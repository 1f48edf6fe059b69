//! Queries on `pending_sign_ups`: sign-ups waiting for the link in their confirmation e-mail. An address's
//! newest comes first: by `created_at`, and for two in the same millisecond by `seq`, the order column the
//! database fills as each row is written (migration 0024).

use crate::db::{Connection, OptionalExtension, params};

/// The sign-ups kept per address: a few, so that hers still works after someone else tried her
/// address, and a password sign-in never checks more than this many hashes.
pub const KEPT_PER_ADDRESS: i64 = 3;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingRow {
    pub id: String,
    /// Normalised.
    pub email: String,
    pub password_hash: String,
    /// A JSON object.
    pub user_metadata: String,
    /// None for a sign-up for an address that already had an account: no link was sent.
    pub token_hash: Option<String>,
    pub created_at: i64,
    pub expires_at: i64,
}

/// Adds a sign-up and forgets the address's oldest beyond [`KEPT_PER_ADDRESS`].
pub fn insert(c: &Connection, row: &PendingRow) -> crate::db::Result<()> {
    c.execute(
        "INSERT INTO pending_sign_ups \
         (id, email, password_hash, user_metadata, token_hash, created_at, expires_at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            row.id,
            row.email,
            row.password_hash,
            row.user_metadata,
            row.token_hash,
            row.created_at,
            row.expires_at
        ],
    )?;
    c.execute(
        "DELETE FROM pending_sign_ups WHERE email = ?1 AND id NOT IN \
         (SELECT id FROM pending_sign_ups WHERE email = ?1 ORDER BY created_at DESC, seq DESC LIMIT ?2)",
        params![row.email, KEPT_PER_ADDRESS],
    )?;
    Ok(())
}

/// The password hashes of the address's sign-ups still waiting at `now`, newest first.
pub fn hashes(c: &Connection, email: &str, now: i64) -> crate::db::Result<Vec<String>> {
    c.query_map(
        "SELECT password_hash FROM pending_sign_ups WHERE email = ?1 AND expires_at >= ?2 \
         ORDER BY created_at DESC, seq DESC",
        params![email, now],
        |r| r.get(0),
    )
}

/// The newest sign-up for the address still waiting at `now`.
pub fn newest(c: &Connection, email: &str, now: i64) -> crate::db::Result<Option<PendingRow>> {
    c.query_row(
        "SELECT id, email, password_hash, user_metadata, token_hash, created_at, expires_at \
         FROM pending_sign_ups WHERE email = ?1 AND expires_at >= ?2 \
         ORDER BY created_at DESC, seq DESC LIMIT 1",
        params![email, now],
        read,
    )
    .optional()
}

/// The sign-up a link's token belongs to, if any (expired or not).
pub fn by_token(c: &Connection, token_hash: &str) -> crate::db::Result<Option<PendingRow>> {
    c.query_row(
        "SELECT id, email, password_hash, user_metadata, token_hash, created_at, expires_at \
         FROM pending_sign_ups WHERE token_hash = ?1",
        [token_hash],
        read,
    )
    .optional()
}

/// A new link for a waiting sign-up (a resend): the old one stops working.
pub fn renew(c: &Connection, id: &str, token_hash: &str, expires_at: i64) -> crate::db::Result<()> {
    c.execute(
        "UPDATE pending_sign_ups SET token_hash = ?2, expires_at = ?3 WHERE id = ?1",
        params![id, token_hash, expires_at],
    )?;
    Ok(())
}

/// Forgets every sign-up for the address (its account now exists).
pub fn delete_for_email(c: &Connection, email: &str) -> crate::db::Result<usize> {
    c.execute("DELETE FROM pending_sign_ups WHERE email = ?1", [email])
}

/// Forgets sign-ups whose link expired before `before`.
pub fn purge_expired(c: &Connection, before: i64) -> crate::db::Result<usize> {
    c.execute(
        "DELETE FROM pending_sign_ups WHERE expires_at < ?1",
        [before],
    )
}

fn read(r: &crate::db::Row) -> crate::db::Result<PendingRow> {
    Ok(PendingRow {
        id: r.get(0)?,
        email: r.get(1)?,
        password_hash: r.get(2)?,
        user_metadata: r.get(3)?,
        token_hash: r.get(4)?,
        created_at: r.get(5)?,
        expires_at: r.get(6)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sign-ups made in the same millisecond keep the order they were written in, whatever their ids.
    #[test]
    fn ties_keep_the_order_they_were_written_in() {
        for (_dir, c) in crate::db::stand_in::both_engines() {
            ties_keep_their_order(&c);
        }
    }

    fn ties_keep_their_order(c: &Connection) {
        for id in ["z", "y", "x", "w"] {
            let row = PendingRow {
                id: id.into(),
                email: "her@example.org".into(),
                password_hash: format!("hash-{id}"),
                user_metadata: "{}".into(),
                token_hash: None,
                created_at: 5,
                expires_at: 100,
            };
            insert(c, &row).unwrap();
        }
        assert_eq!(
            hashes(c, "her@example.org", 10).unwrap(),
            ["hash-w", "hash-x", "hash-y"],
            "the oldest written is the one forgotten"
        );
        let newest = newest(c, "her@example.org", 10).unwrap().unwrap();
        assert_eq!(newest.id, "w");
    }
}
