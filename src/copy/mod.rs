//! The encrypted copy of her records on this server (docs/vault.md, "The copy on the server"), so a lost
//! phone does not mean a lost record. The server stores what the browser sends, already encrypted under
//! keys it never holds: records, attachment chunks, the recovery wrap of her data key and the outbox
//! public key. It knows only sizes and times.
//!
//! In the auth service's layers (docs/development.md, "Layers"): `http/` (the routes), `use_cases/` (one
//! file per part of the copy), `store/` (one file per table, each write its own transaction), `rules.rs`
//! (sizes and names); `errors.rs` maps what goes wrong to the `/api` format once.

pub mod config;
pub mod errors;
mod http;
pub mod rules;
pub mod store;
pub mod use_cases;

pub use http::configure;

/// The `[copy]` settings the routes read.
pub struct CopyState {
    pub config: config::CopyConfig,
}
