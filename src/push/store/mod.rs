//! Web Push's storage: its one table, `push_subscriptions` (`subscriptions.rs`).

pub mod subscriptions;
