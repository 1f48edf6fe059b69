//! The rate-limit table under many keys: 120,000 distinct e-mails fill it, and a
//! stranger, a real account's first sign-in, is still let in while the keys already counted stay counted.
//! Driven through the limiter itself: the same flood over HTTP takes minutes (bench/soak.sh does that).

use std::time::Duration;

use solace::rate_limit::RateLimiter;

const WINDOW: Duration = Duration::from_secs(300);

#[test]
fn a_full_table_still_lets_a_stranger_in() {
    let per_email = RateLimiter::new(5, WINDOW);
    for i in 0..120_000 {
        assert!(per_email.check(&format!("flood{i}@example.org")).is_ok());
    }
    assert!(
        per_email.tracked_keys() <= 100_000,
        "the table stays bounded"
    );
    assert!(
        per_email.check("owner@example.org").is_ok(),
        "her first sign-in is not refused because the table is full"
    );
    for _ in 0..4 {
        per_email.check("owner@example.org").unwrap();
    }
    assert!(
        per_email.check("owner@example.org").is_err(),
        "a key that is being counted is still limited"
    );
}

#[test]
fn one_ipv6_network_cannot_spread_over_many_keys() {
    let per_address = RateLimiter::new(30, WINDOW);
    let mut refused = 0;
    for i in 0..10_000u32 {
        let addr = format!("2001:db8:7:9:{:x}:{:x}::1", i >> 8, i & 0xff);
        if per_address.check(&addr).is_err() {
            refused += 1;
        }
    }
    assert_eq!(refused, 10_000 - 30, "one /64 is one client");
    assert_eq!(per_address.tracked_keys(), 1, "and one key in the table");
}
