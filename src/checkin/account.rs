//! What her account's changes may do to her check-in (docs/checkin.md, "Nothing done to her account
//! silences it"). Someone with her password can do anything she can do with it, so only her PIN ends a
//! check-in: while one runs her account cannot delete itself nor unpair an advocate the check-in names, and
//! a deletion that goes through anyway (the operator's) raises its alarm at once. An advocate a running
//! check-in names is not deleted at all until it ends: their copy of her alert would go with them. Each
//! function runs inside the caller's transaction, so the check and the change it guards cannot be split.

use crate::db::{Connection, params};

/// Whether a check-in of this account runs now: only her PIN can end it.
pub fn runs(c: &Connection, account_id: &str) -> crate::db::Result<bool> {
    c.query_row(
        "SELECT CASE WHEN count(*) > 0 THEN 1 ELSE 0 END FROM checkins WHERE account_id = ?1 AND state = 'running'",
        [account_id],
        |r| r.get(0),
    )
}

/// Whether a running check-in of anyone's would alert this advocate.
pub fn alerts_advocate(c: &Connection, advocate_id: &str) -> crate::db::Result<bool> {
    c.query_row(
        "SELECT CASE WHEN count(*) > 0 THEN 1 ELSE 0 END FROM checkins k JOIN checkin_advocate_notes n ON n.checkin_id = k.id
         WHERE k.state = 'running' AND n.advocate_id = ?1",
        [advocate_id],
        |r| r.get(0),
    )
}

/// Whether a running check-in of hers would alert this advocate.
pub fn names_advocate(
    c: &Connection,
    survivor_id: &str,
    advocate_id: &str,
) -> crate::db::Result<bool> {
    c.query_row(
        "SELECT CASE WHEN count(*) > 0 THEN 1 ELSE 0 END FROM checkins k JOIN checkin_advocate_notes n ON n.checkin_id = k.id
         WHERE k.account_id = ?1 AND k.state = 'running' AND n.advocate_id = ?2",
        params![survivor_id, advocate_id],
        |r| r.get(0),
    )
}

/// Her account is about to be deleted: each running check-in of it raises its alarm now, as 'stopped'
/// (she can never check in again), and each advocate's sealed note keeps the name she is known by
/// (`known_as`: her pairings, advocate and name, read by the caller in this transaction from the
/// advocates' module), since her pairings go with the account before the timer stores the advocates'
/// alerts. The check-ins themselves outlive the account and go once their alert is sent. Returns how many
/// alarms were raised.
pub fn raise_before_deletion(
    c: &Connection,
    account_id: &str,
    known_as: &[(String, String)],
    now: i64,
) -> crate::db::Result<usize> {
    for (advocate_id, name) in known_as {
        c.execute(
            "UPDATE checkin_advocate_notes SET known_as = ?3
             WHERE advocate_id = ?2 AND checkin_id IN (SELECT id FROM checkins WHERE account_id = ?1)",
            params![account_id, advocate_id, name],
        )?;
    }
    // An alarm already sent waits only for her late check-in, which a deleted account can never make.
    c.execute(
        "DELETE FROM checkins WHERE account_id = ?1 AND state = 'told'",
        [account_id],
    )?;
    c.execute(
        "UPDATE checkins SET state = 'alerting', kind = 'stopped', next_try_at = ?2
         WHERE account_id = ?1 AND state = 'running'",
        params![account_id, now],
    )
}
