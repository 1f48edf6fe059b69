//! The edge of the auth service: routes, what they read from a request, and `wire`, the one place an
//! `AuthError` becomes GoTrue's status and JSON. Handlers call one use case each and do nothing else.

pub mod admin_routes;
pub mod disabled;
pub mod mfa_routes;
pub mod request;
pub mod routes;
pub mod wire;
