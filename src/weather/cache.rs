//! A small time-bounded cache with single flight: while one request asks the weather service about a
//! city, every other request for that city waits for the same answer instead of asking again. Answers
//! are kept `ttl`, "not found" and "invalid key" a shorter time, other failures not at all (only shared
//! with the requests that were already waiting). Shared by all server workers; bounded in size.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::OnceCell;

use super::WeatherError;

/// Upper bound for keeping a refusal ("not found", "invalid key"), so a new city or a fixed key shows
/// up soon.
pub const REFUSAL_TTL: Duration = Duration::from_secs(60);

pub struct Cache<V> {
    ttl: Duration,
    refusal_ttl: Duration,
    max_entries: usize,
    slots: Mutex<HashMap<String, Arc<OnceCell<Stored<V>>>>>,
}

struct Stored<V> {
    outcome: Result<Arc<V>, WeatherError>,
    expires: Instant,
}

impl<V> Cache<V> {
    pub fn new(ttl: Duration, max_entries: usize) -> Self {
        Self::with_refusal_ttl(ttl, ttl, max_entries)
    }

    /// Refusals are kept `refusal_ttl`, at most [`REFUSAL_TTL`].
    pub fn with_refusal_ttl(ttl: Duration, refusal_ttl: Duration, max_entries: usize) -> Self {
        Self {
            ttl,
            refusal_ttl: refusal_ttl.min(REFUSAL_TTL),
            max_entries,
            slots: Mutex::new(HashMap::new()),
        }
    }

    /// The cached outcome for `key`, or the outcome of `fetch` (run by at most one caller at a time).
    /// If the caller running `fetch` goes away, one of the waiting callers runs its own `fetch`.
    pub async fn get_or_fetch<F, Fut>(&self, key: &str, fetch: F) -> Result<Arc<V>, WeatherError>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<V, WeatherError>>,
    {
        let cell = self.slot(key);
        let stored = cell
            .get_or_init(|| async {
                let outcome = fetch().await.map(Arc::new);
                let keep = self.keep_for(&outcome);
                Stored {
                    outcome,
                    expires: Instant::now() + keep,
                }
            })
            .await;
        stored.outcome.clone()
    }

    fn keep_for(&self, outcome: &Result<Arc<V>, WeatherError>) -> Duration {
        match outcome {
            Ok(_) => self.ttl,
            Err(WeatherError::NotFound | WeatherError::InvalidKey) => self.refusal_ttl,
            Err(_) => Duration::ZERO,
        }
    }

    /// The live or in-flight slot for `key`, or a fresh one (remembered when there is room).
    fn slot(&self, key: &str) -> Arc<OnceCell<Stored<V>>> {
        let now = Instant::now();
        let mut slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(cell) = slots.get(key)
            && cell.get().is_none_or(|s| s.expires > now)
        {
            return cell.clone();
        }
        let cell = Arc::new(OnceCell::new());
        slots.remove(key);
        if self.make_room(&mut slots, now) {
            slots.insert(key.to_owned(), cell.clone());
        }
        cell
    }

    /// Drops expired entries and abandoned flights, then the entry closest to expiry; flights someone
    /// still waits for stay. False when there is still no room (the caller then fetches uncached).
    fn make_room(
        &self,
        slots: &mut HashMap<String, Arc<OnceCell<Stored<V>>>>,
        now: Instant,
    ) -> bool {
        if slots.len() < self.max_entries {
            return true;
        }
        // Callers clone a cell only under this lock, so a count of one means nobody holds it: a
        // flight whose callers all went away (closed connections) and that would otherwise pin a slot.
        slots.retain(|_, cell| match cell.get() {
            Some(s) => s.expires > now,
            None => Arc::strong_count(cell) > 1,
        });
        if slots.len() < self.max_entries {
            return true;
        }
        let oldest = slots
            .iter()
            .filter_map(|(k, cell)| cell.get().map(|s| (s.expires, k)))
            .min()
            .map(|(_, k)| k.clone());
        match oldest {
            Some(k) => {
                slots.remove(&k);
                slots.len() < self.max_entries
            }
            None => false,
        }
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.slots.lock().unwrap().len()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    fn counted(
        calls: &AtomicUsize,
        answer: Result<u32, WeatherError>,
    ) -> Result<u32, WeatherError> {
        calls.fetch_add(1, Ordering::SeqCst);
        answer
    }

    #[tokio::test]
    async fn concurrent_callers_share_one_fetch() {
        let cache = Arc::new(Cache::new(Duration::from_secs(60), 10));
        let calls = Arc::new(AtomicUsize::new(0));
        let (gate_tx, gate_rx) = tokio::sync::watch::channel(false);
        let callers: Vec<_> = (0..50)
            .map(|_| {
                let (cache, calls, mut gate) = (cache.clone(), calls.clone(), gate_rx.clone());
                tokio::spawn(async move {
                    cache
                        .get_or_fetch("delhi", || async move {
                            // Hold the flight open until every caller has joined it.
                            let _ = gate.wait_for(|open| *open).await;
                            counted(&calls, Ok(7))
                        })
                        .await
                })
            })
            .collect();
        // On this single-threaded runtime, yielding lets every spawned caller run up to its wait.
        tokio::task::yield_now().await;
        gate_tx.send(true).unwrap();
        for caller in callers {
            assert_eq!(caller.await.unwrap().as_deref(), Ok(&7));
        }
        assert_eq!(calls.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn failures_are_shared_but_not_kept() {
        let cache = Cache::<u32>::new(Duration::from_secs(60), 10);
        let calls = AtomicUsize::new(0);
        for _ in 0..2 {
            let r = cache
                .get_or_fetch("x", || async {
                    counted(&calls, Err(WeatherError::Upstream))
                })
                .await;
            assert_eq!(r, Err(WeatherError::Upstream));
        }
        assert_eq!(calls.load(Ordering::SeqCst), 2);
        for _ in 0..2 {
            let r = cache
                .get_or_fetch("y", || async {
                    counted(&calls, Err(WeatherError::NotFound))
                })
                .await;
            assert_eq!(r, Err(WeatherError::NotFound));
        }
        assert_eq!(calls.load(Ordering::SeqCst), 3, "not-found is kept");
    }

    #[tokio::test]
    async fn size_stays_bounded() {
        let cache = Cache::new(Duration::from_secs(60), 3);
        for i in 0..10u32 {
            let r = cache
                .get_or_fetch(&i.to_string(), || async move { Ok(i) })
                .await;
            assert_eq!(r.as_deref(), Ok(&i));
        }
        assert_eq!(cache.len(), 3);
    }

    #[tokio::test]
    async fn abandoned_flights_do_not_pin_the_cache() {
        let cache = Cache::new(Duration::from_secs(60), 1);
        let abandoned = cache.get_or_fetch("a", std::future::pending::<Result<u32, WeatherError>>);
        assert!(
            tokio::time::timeout(Duration::from_millis(1), abandoned)
                .await
                .is_err()
        );
        let calls = AtomicUsize::new(0);
        for _ in 0..2 {
            let r = cache
                .get_or_fetch("b", || async { counted(&calls, Ok(2)) })
                .await;
            assert_eq!(r.as_deref(), Ok(&2));
        }
        assert_eq!(calls.load(Ordering::SeqCst), 1, "b was cached");
    }

    #[tokio::test]
    async fn zero_ttl_keeps_nothing() {
        let cache = Cache::new(Duration::ZERO, 3);
        let calls = AtomicUsize::new(0);
        for _ in 0..3 {
            let _ = cache
                .get_or_fetch("k", || async { counted(&calls, Ok(1)) })
                .await;
        }
        assert_eq!(calls.load(Ordering::SeqCst), 3);
    }
}
