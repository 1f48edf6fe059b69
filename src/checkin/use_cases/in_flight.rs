//! PIN checks in flight, per count of tries: each session of hers has its own, and all other sessions of
//! the account share one (`store::tries::Budget`). A try is counted in the database before its PIN is checked
//! (`store::tries::take`), so while five are being checked a sixth on the same count finds it full although
//! none may turn out wrong: that try is told to try again in a moment, and only a full count with nothing
//! left in flight on it is the lock. His tries in flight never turn her own refusal into "busy".

use std::collections::HashMap;
use std::sync::Mutex;

use crate::checkin::store::tries::Budget;

#[derive(Default)]
pub struct InFlight(Mutex<HashMap<String, usize>>);

/// One check in flight, until dropped (however the request ends).
pub struct Checking<'a> {
    in_flight: &'a InFlight,
    key: String,
}

impl InFlight {
    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, usize>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// One check of a PIN typed in `session`, counted against `budget`.
    pub fn enter(&self, account: &str, session: &str, budget: Budget) -> Checking<'_> {
        let key = match budget {
            Budget::Hers => format!("{account}\nhers\n{session}"),
            Budget::Others => format!("{account}\nothers"),
        };
        *self.map().entry(key.clone()).or_insert(0) += 1;
        Checking {
            in_flight: self,
            key,
        }
    }
}

impl Checking<'_> {
    /// Whether another check on the same count is in flight now.
    pub fn others(&self) -> bool {
        self.in_flight.map().get(&self.key).copied().unwrap_or(0) > 1
    }
}

impl Drop for Checking<'_> {
    fn drop(&mut self) {
        let mut map = self.in_flight.map();
        if let Some(n) = map.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                map.remove(&self.key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_are_counted_per_count_of_tries_until_dropped() {
        let in_flight = InFlight::default();
        let first = in_flight.enter("her", "phone", Budget::Hers);
        assert!(!first.others());
        let second = in_flight.enter("her", "phone", Budget::Hers);
        let her_laptop = in_flight.enter("her", "laptop", Budget::Hers);
        let his = in_flight.enter("her", "his", Budget::Others);
        let stranger = in_flight.enter("someone else", "phone", Budget::Hers);
        assert!(first.others() && second.others());
        assert!(!her_laptop.others() && !stranger.others());
        assert!(!his.others(), "his tries are not hers");
        let his_again = in_flight.enter("her", "signed in again", Budget::Others);
        assert!(
            his.others() && his_again.others(),
            "all others share one count"
        );
        drop(second);
        assert!(!first.others());
        drop((first, her_laptop, his, his_again, stranger));
        assert!(in_flight.map().is_empty(), "nothing left behind");
    }
}
