//! HTTP plumbing shared by every route: middleware and JSON error bodies.

pub mod request_log;
pub mod security_headers;
