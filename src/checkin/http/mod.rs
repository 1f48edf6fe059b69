//! The check-in's routes, over HTTP only: each reads the request, calls one use case and writes the
//! answer. Her own (`routes.rs`: status, start, test alert; `pin_routes.rs`: extend and end with her PIN)
//! and her advocates' (`advocate_routes.rs`: the alerts they were sent).

mod advocate_routes;
mod pin_routes;
mod routes;

use actix_web::web;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/checkin", web::get().to(routes::status))
        .route("/checkin", web::post().to(routes::start))
        .route("/checkin/test", web::post().to(routes::test))
        .route("/checkin/extend", web::post().to(pin_routes::extend))
        .route("/checkin/end", web::post().to(pin_routes::end))
        .route("/advocate/alerts", web::get().to(advocate_routes::list))
        .route(
            "/advocate/alerts/{id}",
            web::delete().to(advocate_routes::dismiss),
        );
}
