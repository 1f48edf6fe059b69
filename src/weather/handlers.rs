//! `GET /api/weather/current?city=` and `GET /api/weather/forecast?city=` (no `city`: the configured
//! default city): parse, limit per client address, ask the service, map its errors to HTTP.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use super::{Weather, WeatherError};
use crate::error::ApiError;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/weather")
            // A query string we cannot read is a bad city too, answered as JSON like every /api error.
            .app_data(web::QueryConfig::default().error_handler(|_, _| {
                ApiError::from(WeatherError::BadCity("Enter a city name.")).into()
            }))
            .route("/current", web::get().to(current))
            .route("/forecast", web::get().to(forecast))
            // A nested scope does not fall back to /api's JSON 404 by itself.
            .default_service(web::to(crate::error::api_not_found)),
    );
}

#[derive(Deserialize)]
struct CityParam {
    city: Option<String>,
}

async fn current(
    req: HttpRequest,
    q: web::Query<CityParam>,
    weather: web::Data<Weather>,
) -> Result<HttpResponse, ApiError> {
    limit(&req, &weather)?;
    let answer = weather.current(q.city.as_deref()).await?;
    Ok(HttpResponse::Ok().json(&*answer))
}

async fn forecast(
    req: HttpRequest,
    q: web::Query<CityParam>,
    weather: web::Data<Weather>,
) -> Result<HttpResponse, ApiError> {
    limit(&req, &weather)?;
    let answer = weather.forecast(q.city.as_deref()).await?;
    Ok(HttpResponse::Ok().json(&*answer))
}

/// Counts the request against its client's address: the TCP peer, or whom a trusted proxy names (never a
/// header a client could forge).
fn limit(req: &HttpRequest, weather: &Weather) -> Result<(), ApiError> {
    let client = crate::http::client_address::ClientIp::of(req)
        .map(|ip| ip.to_string())
        .unwrap_or_default();
    weather
        .check_rate(&client)
        .map_err(|wait| ApiError::rate_limited(wait.0))
}

impl From<WeatherError> for ApiError {
    fn from(e: WeatherError) -> Self {
        match e {
            WeatherError::BadCity(why) => ApiError::new(StatusCode::BAD_REQUEST, "bad_city", why),
            WeatherError::InvalidKey => ApiError::new(
                StatusCode::UNAUTHORIZED,
                "invalid_api_key",
                "The weather service refused this server's API key.",
            ),
            WeatherError::NotFound => ApiError::new(
                StatusCode::NOT_FOUND,
                "city_not_found",
                "No city with this name was found.",
            ),
            WeatherError::Upstream => ApiError::new(
                StatusCode::BAD_GATEWAY,
                "upstream_error",
                "The weather service is not answering properly.",
            ),
            WeatherError::Timeout => ApiError::new(
                StatusCode::GATEWAY_TIMEOUT,
                "upstream_timeout",
                "The weather service did not answer in time.",
            ),
            WeatherError::Off => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "weather_off",
                "Weather is switched off on this server.",
            ),
        }
    }
}
