//! `push_subscriptions`: the browsers allowed to notify, per account (deleted with it by the database): the browser's endpoint at its push
//! service and the keys its messages are encrypted to.

use crate::db::{Connection, params};

/// A browser profile she (or an advocate) allowed; older ones beyond this are dropped.
pub const MAX_PER_ACCOUNT: i64 = 10;

pub struct Subscription {
    pub endpoint: String,
    pub p256dh: Vec<u8>,
    pub auth: Vec<u8>,
    /// The browser's page language when it subscribed.
    pub language: String,
}

/// Keeps a subscription for this account; false, changing nothing, when another account registered
/// this endpoint first. An endpoint belongs to the account that registered it first: otherwise anyone
/// who learned her endpoint's address could register it under his account and take her reminders.
pub fn add(
    c: &mut Connection,
    account: &str,
    s: &Subscription,
    now: i64,
) -> crate::db::Result<bool> {
    let tx = c.transaction()?;
    let kept = tx.execute(
        "INSERT INTO push_subscriptions (endpoint, account_id, p256dh, auth, language, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (endpoint) DO UPDATE
         SET p256dh = ?3, auth = ?4, language = ?5, created_at = ?6
         WHERE push_subscriptions.account_id = ?2",
        params![s.endpoint, account, s.p256dh, s.auth, s.language, now],
    )? > 0;
    if !kept {
        return Ok(false);
    }
    tx.execute(
        "DELETE FROM push_subscriptions WHERE account_id = ?1 AND endpoint NOT IN
         (SELECT endpoint FROM push_subscriptions WHERE account_id = ?1
          ORDER BY created_at DESC LIMIT ?2)",
        params![account, MAX_PER_ACCOUNT],
    )?;
    tx.commit()?;
    Ok(true)
}

pub fn remove(c: &Connection, account: &str, endpoint: &str) -> crate::db::Result<bool> {
    Ok(c.execute(
        "DELETE FROM push_subscriptions WHERE account_id = ?1 AND endpoint = ?2",
        params![account, endpoint],
    )? > 0)
}

/// The push service said this endpoint is gone (404 or 410).
pub fn forget(c: &Connection, endpoint: &str) -> crate::db::Result<()> {
    c.execute(
        "DELETE FROM push_subscriptions WHERE endpoint = ?1",
        [endpoint],
    )?;
    Ok(())
}

pub fn of_account(c: &Connection, account: &str) -> crate::db::Result<Vec<Subscription>> {
    c.query_map(
        "SELECT endpoint, p256dh, auth, language FROM push_subscriptions
         WHERE account_id = ?1 ORDER BY endpoint",
        [account],
        |r| {
            Ok(Subscription {
                endpoint: r.get(0)?,
                p256dh: r.get(1)?,
                auth: r.get(2)?,
                language: r.get(3)?,
            })
        },
    )
}
