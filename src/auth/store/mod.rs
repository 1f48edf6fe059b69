//! What the auth service keeps and fetches: each function one SQLite transaction (accounts, sessions,
//! factors, Google sign-ins in progress), the rows' types, and the client for Google's token endpoint.
//! The two tables only the auth service uses have their queries here too: `oauth_flows` (Google sign-ins
//! between the callback and the app's exchange) and `pending_sign_up_rows` (sign-ups waiting for their
//! e-mail's link); the tables an account owns are `crate::accounts`'.

pub mod accounts;
pub mod factors;
pub mod google_client;
pub mod google_store;
pub mod lockouts;
pub mod models;
pub mod oauth_flows;
pub mod pending_flows;
pub mod pending_sign_up_rows;
pub mod pending_sign_ups;
pub mod sessions;
