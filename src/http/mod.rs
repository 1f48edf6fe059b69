//! HTTP plumbing shared by every route: middleware, JSON error bodies, and the server's connection guard.

pub mod api_errors;
pub mod chunked;
pub mod client_address;
pub mod client_faults;
pub mod connections;
pub mod expect;
pub mod request_log;
pub mod security_headers;
pub mod serve;
pub mod systemd;
