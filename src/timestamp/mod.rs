//! RFC 3161 time-stamps under `/api/timestamp`: the server as a witness of *when* a digest existed, so an
//! incident-log entry cannot be back-dated. It is the operator's own witness, named as such in the bundle
//! (a second authority can be independent: `external.rs`). It sees a SHA-256 digest and nothing else, and
//! needs no account, so a stamp is tied to no one (docs/evidence.md).

pub mod authority;
pub mod config;
pub mod errors;
pub mod external;
mod handlers;
mod key_files;

use actix_web::web;

pub use authority::Authority;
pub use handlers::StampLimit;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/timestamp", web::post().to(handlers::stamp))
        .route(
            "/timestamp/certificate",
            web::get().to(handlers::certificate),
        )
        .route("/timestamp/external", web::post().to(handlers::external));
}
