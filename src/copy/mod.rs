//! The encrypted copy of her records on this server (docs/vault.md, "The copy on the server"), so a lost
//! phone does not mean a lost record. The server stores what the browser sends, already encrypted under
//! keys it never holds: records, attachment chunks, the recovery wrap of her data key and the outbox
//! public key. It knows only sizes and times.

pub mod chunks;
pub mod config;
pub mod deletion;
pub mod errors;
mod routes;
pub mod store;

pub use routes::configure;

/// The `[copy]` settings the routes read.
pub struct CopyState {
    pub config: config::CopyConfig,
}
