//! The move's storage side: the catalogue of each engine (`catalog.rs`), rows read and written in batches
//! (`rows.rs`), the source's snapshot and the checksums (`snapshot.rs`, `checksum.rs`).

pub mod catalog;
pub mod checksum;
pub mod rows;
pub mod snapshot;
