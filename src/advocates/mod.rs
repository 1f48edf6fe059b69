//! Advocates (docs/advocates.md): caseworkers the operator gives an account, whom a survivor pairs with
//! in person and may later share chosen records with, sealed in her browser to the advocate's public key.
//! The server holds public keys, a wrapped private key it cannot open, pairing codes as hashes, and who
//! is paired with whom.

pub mod command;
pub mod errors;
mod routes;
pub mod store;

pub use routes::{PairingLimit, configure};
