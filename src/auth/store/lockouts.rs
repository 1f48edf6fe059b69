//! The lockouts' counts (`rules::lockout`), in the database so that every instance on it counts together.
//! Each count is one row of `lockout_counts`, keyed by a SHA-256 of what it counts, never the e-mail or
//! address itself; a count whose window has ended is worth nothing and is deleted on the next failure.
//! Each function is its own transaction.

use std::net::IpAddr;

use base64::Engine;
use base64::engine::general_purpose::STANDARD_NO_PAD;
use sha2::{Digest, Sha256};

use crate::auth::rules::lockout::{KNOWN_FOR_MS, Lockout, pair_key};
use crate::db::{Connection, OptionalExtension, Result, params};
use crate::rate_limit::RetryAfter;

/// Counts one attempt for `account` from `source`; `Err` with the wait when it must not go ahead: this
/// address is over its count for the account, or the account is under attack from many addresses and this
/// one has never passed.
pub fn before_attempt(
    c: &mut Connection,
    l: &Lockout,
    account: &str,
    source: Option<IpAddr>,
    now: i64,
) -> Result<std::result::Result<(), RetryAfter>> {
    let tx = c.transaction()?;
    let pair = pair_key(account, source);
    if let Err(wait) = hit(&tx, &key(l, "pair", &pair), l.per_pair, l.window_ms, now)? {
        tx.commit()?;
        return Ok(Err(wait));
    }
    let hot = ends_at(&tx, &key(l, "hot", account), now)?;
    let known = ends_at(&tx, &key(l, "known", &pair), now)?.is_some();
    tx.commit()?;
    Ok(match hot {
        Some(until) if !known => Err(wait(until - now)),
        _ => Ok(()),
    })
}

/// A wrong password or code (an unknown e-mail counts the same, so the answer tells nothing): past the
/// count of failures from everywhere, only known addresses may try until the window ends.
pub fn failed(c: &mut Connection, l: &Lockout, account: &str, now: i64) -> Result<()> {
    let tx = c.transaction()?;
    tx.execute("DELETE FROM lockout_counts WHERE ends_at <= ?1", [now])?;
    if hit(
        &tx,
        &key(l, "failed", account),
        l.all_sources,
        l.window_ms,
        now,
    )?
    .is_err()
    {
        set(&tx, &key(l, "hot", account), now + l.window_ms)?;
    }
    tx.commit()
}

/// A right password or code: this address becomes one of her devices for this account.
pub fn succeeded(
    c: &Connection,
    l: &Lockout,
    account: &str,
    source: Option<IpAddr>,
    now: i64,
) -> Result<()> {
    set(
        c,
        &key(l, "known", &pair_key(account, source)),
        now + KNOWN_FOR_MS,
    )
}

fn key(l: &Lockout, kind: &str, what: &str) -> String {
    let mut hash = Sha256::new();
    for part in [l.scope, kind, what] {
        hash.update(part.as_bytes());
        hash.update(b"\0");
    }
    STANDARD_NO_PAD.encode(hash.finalize())
}

fn wait(ms: i64) -> RetryAfter {
    RetryAfter(std::time::Duration::from_millis(ms.max(0) as u64))
}

/// When the count `key` ends, if it has not.
fn ends_at(c: &Connection, key: &str, now: i64) -> Result<Option<i64>> {
    c.query_row(
        "SELECT ends_at FROM lockout_counts WHERE key = ?1 AND ends_at > ?2",
        params![key, now],
        |r| r.get(0),
    )
    .optional()
}

/// One hit on the count `key`, at most `limit` in a window (0: no limit, nothing counted); over it, the
/// hit is not counted and the wait until the window ends is returned.
fn hit(
    c: &Connection,
    key: &str,
    limit: u32,
    window_ms: i64,
    now: i64,
) -> Result<std::result::Result<(), RetryAfter>> {
    if limit == 0 {
        return Ok(Ok(()));
    }
    let current: Option<(i64, i64)> = c
        .query_row(
            "SELECT hits, ends_at FROM lockout_counts WHERE key = ?1 AND ends_at > ?2",
            params![key, now],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    match current {
        Some((hits, until)) if hits >= i64::from(limit) => return Ok(Err(wait(until - now))),
        Some(_) => {
            c.execute(
                "UPDATE lockout_counts SET hits = hits + 1 WHERE key = ?1",
                [key],
            )?;
        }
        None => {
            c.execute(
                "INSERT INTO lockout_counts (key, hits, ends_at) VALUES (?1, 1, ?2)
                 ON CONFLICT (key) DO UPDATE SET hits = 1, ends_at = ?2",
                params![key, now + window_ms],
            )?;
        }
    }
    Ok(Ok(()))
}

/// The mark `key` (an account under attack, a known device) lasts until `until`.
fn set(c: &Connection, key: &str, until: i64) -> Result<()> {
    c.execute(
        "INSERT INTO lockout_counts (key, hits, ends_at) VALUES (?1, 0, ?2)
         ON CONFLICT (key) DO UPDATE SET ends_at = ?2",
        params![key, until],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    const A: Option<IpAddr> = Some(IpAddr::V4(std::net::Ipv4Addr::new(203, 0, 113, 7)));
    const B: Option<IpAddr> = Some(IpAddr::V4(std::net::Ipv4Addr::new(198, 51, 100, 2)));
    const C: Option<IpAddr> = Some(IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 9)));
    const HER: &str = "her@example.org";

    fn ip(last: u8) -> Option<IpAddr> {
        Some(IpAddr::V4(std::net::Ipv4Addr::new(10, 0, 0, last)))
    }

    fn guess(c: &mut Connection, l: &Lockout, from: Option<IpAddr>, now: i64) -> bool {
        let allowed = before_attempt(c, l, HER, from, now).unwrap().is_ok();
        if allowed {
            failed(c, l, HER, now).unwrap();
        }
        allowed
    }

    #[test]
    fn guessing_from_one_address_slows_that_address_only() {
        for (_dir, mut c) in crate::db::stand_in::both_engines() {
            let l = Lockout::new("password", 30, 300, Duration::from_secs(300));
            for _ in 0..30 {
                assert!(guess(&mut c, &l, A, 1_000));
            }
            assert!(!guess(&mut c, &l, A, 1_000), "the 31st try from A waits");
            let wait = before_attempt(&mut c, &l, HER, A, 2_000)
                .unwrap()
                .unwrap_err();
            assert_eq!(wait.0, Duration::from_millis(299_000));
            assert!(before_attempt(&mut c, &l, HER, B, 2_000).unwrap().is_ok());
            assert!(
                before_attempt(&mut c, &l, "other@example.org", A, 2_000)
                    .unwrap()
                    .is_ok()
            );
            assert!(
                before_attempt(&mut c, &l, HER, A, 301_000).unwrap().is_ok(),
                "its window ended"
            );
        }
    }

    #[test]
    fn a_spread_attack_leaves_her_known_device_able_to_sign_in() {
        for (_dir, mut c) in crate::db::stand_in::both_engines() {
            let l = Lockout::new("password", 30, 5, Duration::from_secs(300));
            before_attempt(&mut c, &l, HER, B, 0).unwrap().unwrap();
            succeeded(&c, &l, HER, B, 0).unwrap();
            // Six addresses, one guess each: over the all-address limit of 5.
            for i in 1..=6u8 {
                assert!(guess(&mut c, &l, ip(i), 10));
            }
            let wait = before_attempt(&mut c, &l, HER, C, 20).unwrap().unwrap_err();
            assert!(wait.0 <= Duration::from_secs(300));
            assert!(
                before_attempt(&mut c, &l, HER, B, 20).unwrap().is_ok(),
                "her device"
            );
            assert!(
                before_attempt(&mut c, &l, "someone@example.org", C, 20)
                    .unwrap()
                    .is_ok()
            );
            // Another kind of lockout counts apart: her factor is not under attack.
            let codes = Lockout::new("code", 30, 5, Duration::from_secs(300));
            assert!(before_attempt(&mut c, &codes, HER, C, 20).unwrap().is_ok());
        }
    }

    /// The two-step codes' lockout (`rules::code_limits`): his wrong codes do not stop her known device, and
    /// one address is bounded however many sessions it opens.
    #[test]
    fn his_wrong_codes_leave_her_device_and_one_address_is_bounded() {
        for (_dir, mut c) in crate::db::stand_in::both_engines() {
            let l = Lockout::new("code", 10, 5, Duration::from_secs(300));
            let (her, his) = (ip(1), ip(2));
            before_attempt(&mut c, &l, "f", her, 0).unwrap().unwrap();
            succeeded(&c, &l, "f", her, 0).unwrap();
            for _ in 0..6 {
                before_attempt(&mut c, &l, "f", his, 1).unwrap().unwrap();
                failed(&mut c, &l, "f", 1).unwrap();
            }
            assert!(before_attempt(&mut c, &l, "f", his, 2).unwrap().is_err());
            assert!(
                before_attempt(&mut c, &l, "f", her, 2).unwrap().is_ok(),
                "her device"
            );
            assert!(
                before_attempt(&mut c, &l, "g", his, 2).unwrap().is_ok(),
                "another factor"
            );
            succeeded(&c, &l, "h", ip(3), 0).unwrap();
            for _ in 0..10 {
                before_attempt(&mut c, &l, "h", ip(3), 3).unwrap().unwrap();
            }
            assert!(before_attempt(&mut c, &l, "h", ip(3), 3).unwrap().is_err());
        }
    }

    #[test]
    fn nothing_of_the_address_or_account_is_stored() {
        for (_dir, mut c) in crate::db::stand_in::both_engines() {
            let l = Lockout::new("password", 30, 1, Duration::from_secs(300));
            for _ in 0..3 {
                let _ = guess(&mut c, &l, A, 5);
            }
            succeeded(&c, &l, HER, A, 5).unwrap();
            let keys: Vec<String> = c
                .query_map("SELECT key FROM lockout_counts", [], |r| r.get(0))
                .unwrap();
            assert_eq!(
                keys.len(),
                4,
                "pair, failures, under attack, known: {keys:?}"
            );
            assert!(
                keys.iter()
                    .all(|k| !k.contains("her") && !k.contains("203.0"))
            );
            // A failure later sweeps the ended counts (the known device stays 90 days).
            failed(&mut c, &l, "other", 400_000).unwrap();
            let left: i64 = c
                .query_row("SELECT count(*) FROM lockout_counts", [], |r| r.get(0))
                .unwrap();
            assert_eq!(left, 2, "her known device, and the new failure");
        }
    }
}
