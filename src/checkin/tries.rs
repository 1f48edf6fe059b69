//! PIN checks in flight, per account. A try is counted in the database before its PIN is checked
//! (`store::take_try`), so while five are being checked a sixth finds the count full although none may
//! turn out wrong: that try is told to try again in a moment, and only a count of five with nothing left
//! in flight is the lock.

use std::collections::HashMap;
use std::sync::Mutex;

#[derive(Default)]
pub struct InFlight(Mutex<HashMap<String, usize>>);

/// One check in flight, until dropped (however the request ends).
pub struct Checking<'a> {
    in_flight: &'a InFlight,
    account: String,
}

impl InFlight {
    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, usize>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub fn enter(&self, account: &str) -> Checking<'_> {
        *self.map().entry(account.to_string()).or_insert(0) += 1;
        Checking {
            in_flight: self,
            account: account.to_string(),
        }
    }
}

impl Checking<'_> {
    /// Whether another check for the same account is in flight now.
    pub fn others(&self) -> bool {
        self.in_flight
            .map()
            .get(&self.account)
            .copied()
            .unwrap_or(0)
            > 1
    }
}

impl Drop for Checking<'_> {
    fn drop(&mut self) {
        let mut map = self.in_flight.map();
        if let Some(n) = map.get_mut(&self.account) {
            *n -= 1;
            if *n == 0 {
                map.remove(&self.account);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_are_counted_per_account_until_dropped() {
        let in_flight = InFlight::default();
        let first = in_flight.enter("her");
        assert!(!first.others());
        let second = in_flight.enter("her");
        let stranger = in_flight.enter("someone else");
        assert!(first.others() && second.others() && !stranger.others());
        drop(second);
        assert!(!first.others());
        drop(first);
        assert!(in_flight.map().get("her").is_none(), "nothing left behind");
    }
}
