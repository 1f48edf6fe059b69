//! What the auth service keeps and fetches: each function one SQLite transaction (accounts, sessions,
//! factors, Google sign-ins in progress), the rows' types, and the client for Google's token endpoint.

pub mod accounts;
pub mod factors;
pub mod google_client;
pub mod google_store;
pub mod models;
pub mod pending_flows;
pub mod pending_sign_ups;
pub mod sessions;
