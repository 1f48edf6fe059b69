//! The weather proxy under `/api/weather`.

pub mod config;

use actix_web::web;

/// Registers the weather routes inside the `/api` scope.
pub fn configure(_cfg: &mut web::ServiceConfig) {}
