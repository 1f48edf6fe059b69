//! Solace as a library: the binary (`main.rs`), the integration tests and the benches all use these
//! modules, so a constant or type is written once. One `pub mod` line per module; add yours on its own
//! line.

pub mod accounts;
pub mod advocates;
pub mod assets;
pub mod auth;
pub mod blobs;
pub mod checkin;
pub mod cli;
pub mod commands;
pub mod config;
pub mod config_error;
pub mod copy;
pub mod data_dir;
pub mod db;
pub mod email;
pub mod error;
pub mod evidence;
pub mod ground;
pub mod health;
pub mod http;
pub mod incidents;
pub mod local;
pub mod logging;
pub mod metrics;
pub mod moving;
pub mod neighbours;
pub mod opaque_tokens;
pub mod operations;
pub mod operators;
pub mod public_config;
pub mod push;
pub mod rate_limit;
pub mod room;
pub mod safety;
pub mod secret;
pub mod server;
pub mod shared_keys;
pub mod timestamp;
pub mod vault;
pub mod weather;
