//! Moving an installation's data from one database to another (`solace migrate-data`, README "Moving to
//! PostgreSQL, and back"): every table copied in the order its foreign keys need, in batches keyed by the
//! primary key, rows already in the target with the same content skipped (so a run started again after an
//! interruption goes on where it stopped and never repeats a row), and at the end each table's row count
//! and checksum compared on both sides. The source is read inside one read-only transaction: one snapshot,
//! never written. The front end, with its refusals and its printing, is `src/commands/migrate_data.rs`.
//!
//! - `store/`: the engines' catalogues (which tables, columns, keys and parents), the rows read and written
//!   in batches, the snapshot, and the checksums;
//! - `use_cases/`: checking that both sides are at one schema, copying one table, the step for the large
//!   objects, verifying;
//! - `errors.rs`: `MoveError`, each refusal or failure in plain words naming the table.

pub mod errors;
pub mod store;
#[cfg(test)]
mod tests;
pub mod use_cases;
