//! Which instance sends an alert (README, "Running on more than one machine"): the one that claims it. A
//! claim lasts until `lease_until` and is renewed by its holder while it sends; once it has run out (its
//! holder died, or lost the database) any instance may claim the alert again. Each claim is one
//! conditional UPDATE, so of two instances claiming at once one wins (on PostgreSQL the write transactions
//! also follow each other, `crate::db`); on SQLite the same code serves the one process.

use crate::db::{Connection, params};

/// This instance's claim: who holds it (a random id per process) and for how long each claim or renewal
/// lasts, in ms.
#[derive(Clone)]
pub struct Claim {
    pub holder: String,
    pub lease_ms: i64,
}

/// Claims the alert `id` if it is due and nobody else holds it: whether this instance may send it now.
pub fn claim(c: &Connection, id: &str, claim: &Claim, now: i64) -> crate::db::Result<bool> {
    Ok(c.execute(
        "UPDATE checkins SET lease_until = ?3, leased_by = ?2
         WHERE id = ?1 AND next_try_at <= ?4 AND state != 'told'
           AND (lease_until IS NULL OR lease_until <= ?4 OR leased_by = ?2)",
        params![id, claim.holder, now + claim.lease_ms, now],
    )? > 0)
}

/// Renews this instance's claim on the alert `id`: false when it no longer holds it (another instance
/// took it over, or it is done).
pub fn renew(c: &Connection, id: &str, claim: &Claim, now: i64) -> crate::db::Result<bool> {
    Ok(c.execute(
        "UPDATE checkins SET lease_until = ?3 WHERE id = ?1 AND leased_by = ?2",
        params![id, claim.holder, now + claim.lease_ms],
    )? > 0)
}

/// Frees the alert `id`'s claim: its sending ended, or waits for a retry.
pub fn release(c: &Connection, id: &str) -> crate::db::Result<()> {
    c.execute(
        "UPDATE checkins SET lease_until = NULL, leased_by = NULL WHERE id = ?1",
        [id],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claim_of(holder: &str) -> Claim {
        Claim {
            holder: holder.into(),
            lease_ms: 30_000,
        }
    }

    fn alert(c: &Connection, id: &str, due_at: i64) {
        c.execute(
            "INSERT INTO checkins (id, account_id, ends_at, next_try_at, state, note, pin_hash, created_at)
             VALUES (?1, 'her', ?2, ?2, 'alerting', '', '', '')",
            params![id, due_at],
        )
        .unwrap();
    }

    #[test]
    fn an_alert_is_held_by_one_instance_until_its_lease_runs_out() {
        for (_dir, c) in crate::db::stand_in::both_engines() {
            alert(&c, "a", 100);
            let (first, second) = (claim_of("first"), claim_of("second"));
            assert!(!claim(&c, "a", &first, 99).unwrap(), "not due yet");
            assert!(claim(&c, "a", &first, 100).unwrap());
            assert!(!claim(&c, "a", &second, 101).unwrap(), "held by the first");
            // The holder renews while it sends: still not the second's when the first lease would have ended.
            assert!(renew(&c, "a", &first, 20_000).unwrap());
            assert!(!claim(&c, "a", &second, 30_100).unwrap());
            // The first died: its lease runs out and the second takes it over; the first cannot renew it.
            assert!(claim(&c, "a", &second, 50_000).unwrap());
            assert!(!renew(&c, "a", &first, 50_001).unwrap());
            assert!(!claim(&c, "missing", &first, 50_000).unwrap());
        }
    }

    /// Two instances claim one due alert at the same moment, each on its own connection: one wins.
    #[test]
    fn of_two_instances_claiming_one_alert_at_once_one_wins() {
        for (_dir, first, second) in crate::db::stand_in::two_connections_on_both_engines() {
            alert(&first, "a", 100);
            let start = std::sync::Arc::new(std::sync::Barrier::new(2));
            let racers: Vec<_> = [(first, "first"), (second, "second")]
                .into_iter()
                .map(|(mut c, holder)| {
                    let start = start.clone();
                    std::thread::spawn(move || {
                        start.wait();
                        // Each claim is the first statement of a write transaction, as in `due::fire`.
                        let tx = c.transaction().unwrap();
                        let won = claim(&tx, "a", &claim_of(holder), 200).unwrap();
                        tx.commit().unwrap();
                        won
                    })
                })
                .collect();
            let won: Vec<bool> = racers.into_iter().map(|r| r.join().unwrap()).collect();
            assert_eq!(won.iter().filter(|w| **w).count(), 1, "{won:?}");
        }
    }
}
