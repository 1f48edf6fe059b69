//! The command-line front ends, together above the features they drive: each turns a subcommand of
//! `src/cli.rs` into calls on a feature's own functions and prints what happened for the operator. No
//! feature imports them (tests/integration/architecture.rs keeps them on the top floor).
//!
//! - `users`: `solace users ...`, the operator's account commands on `crate::accounts`;
//! - `advocates`: `solace advocates ...`, advocate accounts and their set-up links;
//! - `operators`: `solace operators ...`, the console's operator accounts and their set-up links;
//! - `email`: `solace email test ADDRESS`, one message through `[email]`;
//! - `healthcheck`: `solace healthcheck`, a running server's `/health` for systemd and containers;
//! - `migrate_data`: `solace migrate-data --to URL`, the database copied to PostgreSQL or back to SQLite
//!   (`crate::moving`), with its refusals and progress;
//! - `connect`: `solace validate-config --connect`, reaching the PostgreSQL server and the S3 bucket named.

pub mod advocates;
pub mod connect;
pub mod email;
pub mod healthcheck;
pub mod migrate_data;
pub mod operators;
pub mod users;
