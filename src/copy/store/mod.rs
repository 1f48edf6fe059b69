//! The copy's storage, one file per table (`accounts.rs`: `copy_accounts`, `records.rs`: `copy_records`,
//! `chunks.rs`: `copy_chunks`) and the batched deletions over them (`deletion.rs`). Each write is one
//! transaction (a deletion one per batch) that keeps the account's size (`copy_accounts.bytes`) equal to
//! what it stores, each row counted as it really takes on the disk (`crate::room::size::stored_size`), so the
//! limit is checked before anything is written.

pub mod accounts;
pub mod chunks;
pub mod deletion;
pub mod records;
