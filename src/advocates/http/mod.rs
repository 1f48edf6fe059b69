//! The advocates' routes, over HTTP only: each reads the request, calls one use case and writes the
//! answer. `/api/advocate/...` is the advocates' side (`advocate_routes.rs`: their keys, pairing codes,
//! who pairs with them; `share_routes.rs`: their shares), `/api/advocates/...` hers (`pairing_routes.rs`:
//! pairing with a code, her advocates, ending a pairing; `share_routes.rs` and `part_routes.rs`: what she
//! shares). `callers.rs` tells the two sides apart. Every answer is `Cache-Control: no-store`, as every
//! /api answer is (src/http/security_headers.rs).

mod advocate_routes;
pub mod callers;
mod pairing_routes;
mod part_routes;
mod share_routes;

use actix_web::web;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/advocate", web::get().to(advocate_routes::home))
        .route("/advocate/keys", web::put().to(advocate_routes::keys))
        .route(
            "/advocate/pairing-code",
            web::post().to(advocate_routes::pairing_code),
        )
        .route("/advocates", web::get().to(pairing_routes::her_advocates))
        .route(
            "/advocates/pairing",
            web::post().to(pairing_routes::look_up),
        )
        .route("/advocates", web::post().to(pairing_routes::pair))
        .route("/advocates/{id}", web::delete().to(pairing_routes::unpair))
        .route(
            "/advocates/{id}/key-confirmed",
            web::post().to(pairing_routes::confirm_key),
        )
        .route("/advocates/shares", web::get().to(share_routes::hers))
        .route(
            "/advocates/shares/{id}",
            web::delete().to(share_routes::withdraw),
        )
        .route(
            "/advocates/{id}/shares",
            web::post().to(share_routes::share),
        )
        .route("/advocate/shares", web::get().to(share_routes::theirs))
        .route("/advocate/shares/{id}", web::get().to(share_routes::open))
        .route(
            "/advocates/shares/{id}/parts/{n}",
            web::put().to(part_routes::put),
        )
        .route(
            "/advocate/shares/{id}/parts/{n}",
            web::get().to(part_routes::get),
        );
}
