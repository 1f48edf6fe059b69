//! The weather proxy under `/api/weather`: the browser asks us, we ask OpenWeatherMap (with the
//! operator's key) or Open-Meteo (no key), normalise the answer and cache it. The survivor's address is
//! never shown to a weather service and no third-party URL reaches the browser.

pub mod cache;
pub mod city;
pub mod config;
mod handlers;
mod midday;
pub mod open_meteo;
mod open_meteo_wire;
pub mod openweathermap;
pub mod outlook;
pub mod service;

use std::fmt;
use std::future::Future;
use std::pin::Pin;

use actix_web::web;
use serde::Serialize;

pub use service::{ClientError, Weather};

/// The current conditions the disguise shows.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Current {
    pub city: String,
    pub country: String,
    pub main: String,
    pub description: String,
    pub icon: Icon,
    pub temp_c: i64,
    pub feels_like_c: i64,
    pub wind_kmh: i64,
    pub humidity: i64,
    /// When the service measured or computed these values (Unix seconds), for an "Updated" line.
    pub updated: i64,
}

/// At most five days, one midday slot each (see [`midday`]), plus what a weather app shows around
/// them (see [`outlook`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Forecast {
    pub city: String,
    pub days: Vec<Day>,
    pub today: outlook::Today,
    /// The next 24 hours in the service's steps.
    pub hourly: Vec<outlook::Hour>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Day {
    /// The slot's instant (Unix seconds, UTC).
    pub dt: i64,
    /// The city's local date and time of the slot.
    pub date: String,
    pub time: String,
    pub main: String,
    pub description: String,
    pub icon: Icon,
    pub temp_c: i64,
    /// The local day's high and low (at least and at most the midday figure).
    pub high_c: i64,
    pub low_c: i64,
    /// The day's chance of precipitation in percent, when the service gives one.
    pub pop: Option<i64>,
}

/// Our own icon codes; the UI ships a drawing for each, so no answer carries a third-party image URL.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Icon {
    ClearDay,
    ClearNight,
    PartlyCloudyDay,
    PartlyCloudyNight,
    Cloudy,
    Fog,
    Drizzle,
    Rain,
    Thunderstorm,
    Snow,
    Wind,
}

impl Icon {
    pub fn clear(day: bool) -> Self {
        if day {
            Self::ClearDay
        } else {
            Self::ClearNight
        }
    }

    pub fn partly_cloudy(day: bool) -> Self {
        if day {
            Self::PartlyCloudyDay
        } else {
            Self::PartlyCloudyNight
        }
    }
}

/// Why a look-up failed. The cause worth logging is logged where it is known (without the key or the
/// city); these values only say what to tell the browser.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum WeatherError {
    #[error("{0}")]
    BadCity(&'static str),
    #[error("the weather service refused the API key")]
    InvalidKey,
    #[error("city not found")]
    NotFound,
    #[error("the weather service failed")]
    Upstream,
    #[error("the weather service did not answer in time")]
    Timeout,
    #[error("weather is switched off")]
    Off,
}

pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A weather service. `city` is already trimmed and checked.
pub trait Provider: Send + Sync {
    fn name(&self) -> &'static str;
    fn current<'a>(&'a self, city: &'a str) -> BoxFuture<'a, Result<Current, WeatherError>>;
    fn forecast<'a>(&'a self, city: &'a str) -> BoxFuture<'a, Result<Forecast, WeatherError>>;
}

/// Maps a transport error; the error is logged without its URL because OpenWeatherMap's carries the key.
pub(crate) fn transport_error(provider: &str, e: reqwest::Error) -> WeatherError {
    if e.is_timeout() {
        tracing::warn!(provider, "the weather service did not answer in time");
        return WeatherError::Timeout;
    }
    let e = e.without_url();
    let mut cause = e.to_string();
    let mut source = std::error::Error::source(&e);
    while let Some(s) = source {
        cause.push_str(": ");
        cause.push_str(&s.to_string());
        source = s.source();
    }
    tracing::warn!(provider, %cause, "cannot reach the weather service");
    WeatherError::Upstream
}

/// Logs an answer we cannot use (status or shape) and maps it to 502.
pub(crate) fn bad_answer(provider: &str, what: impl fmt::Display) -> WeatherError {
    tracing::warn!(provider, "unusable answer from the weather service: {what}");
    WeatherError::Upstream
}

/// Rounds a measurement for display (half away from zero, as people expect: 30.5 °C shows as 31).
pub(crate) fn round(v: f64) -> i64 {
    v.round() as i64
}

/// m/s to km/h, rounded.
pub(crate) fn kmh(ms: f64) -> i64 {
    round(ms * 3.6)
}

/// The disguise's first look-up when she has not picked a city: the default city's conditions and forecast, which
/// its page preloads (`server.rs`).
pub const FIRST_LOOKUP: [&str; 2] = ["/api/weather/current", "/api/weather/forecast"];

/// Registers the weather routes inside the `/api` scope.
pub fn configure(cfg: &mut web::ServiceConfig) {
    handlers::configure(cfg);
}
