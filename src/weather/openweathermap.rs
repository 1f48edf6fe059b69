//! OpenWeatherMap: current weather (`/data/2.5/weather`) and the 5-day / 3-hour forecast
//! (`/data/2.5/forecast`), metric units, with the operator's key. The key travels in the query string,
//! so no URL of these requests is ever logged or shown.

use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::midday::{self, Slot};
use super::outlook;
use super::{
    BoxFuture, Current, Forecast, Icon, Provider, WeatherError, bad_answer, kmh, round,
    transport_error,
};
use crate::secret::Secret;

const NAME: &str = "openweathermap";
/// The forecast's step; its list starts at the first step after now.
const STEP_SECS: i64 = 3 * 3600;

pub struct OpenWeatherMap {
    client: reqwest::Client,
    base: String,
    key: Secret,
}

impl OpenWeatherMap {
    pub fn new(client: reqwest::Client, base: &str, key: Secret) -> Self {
        Self {
            client,
            base: base.trim_end_matches('/').to_owned(),
            key,
        }
    }

    async fn get<T: DeserializeOwned>(&self, path: &str, city: &str) -> Result<T, WeatherError> {
        let res = self
            .client
            .get(format!("{}{path}", self.base))
            .query(&[
                ("q", city),
                ("units", "metric"),
                ("appid", self.key.expose()),
            ])
            .send()
            .await
            .map_err(|e| transport_error(NAME, e))?;
        match res.status().as_u16() {
            200..=299 => {}
            401 => {
                tracing::warn!(provider = NAME, "OpenWeatherMap refused the API key");
                return Err(WeatherError::InvalidKey);
            }
            404 => return Err(WeatherError::NotFound),
            status => return Err(bad_answer(NAME, format_args!("status {status}"))),
        }
        let body = res.bytes().await.map_err(|e| transport_error(NAME, e))?;
        serde_json::from_slice(&body).map_err(|e| bad_answer(NAME, e))
    }
}

impl Provider for OpenWeatherMap {
    fn name(&self) -> &'static str {
        NAME
    }

    fn current<'a>(&'a self, city: &'a str) -> BoxFuture<'a, Result<Current, WeatherError>> {
        Box::pin(async move {
            let w: CurrentWire = self.get("/data/2.5/weather", city).await?;
            let (main, description, icon) = condition(&w.weather);
            Ok(Current {
                city: w.name,
                country: w.sys.and_then(|s| s.country).unwrap_or_default(),
                main,
                description,
                icon,
                temp_c: round(w.main.temp),
                feels_like_c: round(w.main.feels_like),
                wind_kmh: kmh(w.wind.map_or(0.0, |w| w.speed)),
                humidity: round(w.main.humidity.unwrap_or(0.0)),
                updated: w.dt,
            })
        })
    }

    fn forecast<'a>(&'a self, city: &'a str) -> BoxFuture<'a, Result<Forecast, WeatherError>> {
        Box::pin(async move {
            let f: ForecastWire = self.get("/data/2.5/forecast", city).await?;
            let offset = f.city.timezone;
            let slots: Vec<Slot> = f
                .list
                .into_iter()
                .map(|item| {
                    let (main, description, icon) = condition(&item.weather);
                    Slot {
                        dt: item.dt,
                        main,
                        description,
                        icon,
                        temp_c: round(item.main.temp),
                        pop: item.pop.map(|p| round(p * 100.0)),
                    }
                })
                .collect();
            // Now lies within the step before the first one; that is the city's today.
            let first = slots.iter().map(|s| s.dt).min().unwrap_or_default();
            let date = outlook::local_date(first - STEP_SECS, offset);
            let ranges = outlook::ranges_of(&slots, offset);
            let sun = (
                f.city.sunrise.filter(|&t| t > 0),
                f.city.sunset.filter(|&t| t > 0),
            );
            Ok(Forecast {
                city: f.city.name,
                today: outlook::today(date, &ranges, sun, offset),
                hourly: outlook::strip(&slots, first, offset),
                days: outlook::with_ranges(midday::pick(slots, offset), &ranges),
            })
        })
    }
}

#[derive(Deserialize)]
struct CurrentWire {
    name: String,
    /// When the values were computed (Unix seconds).
    #[serde(default)]
    dt: i64,
    #[serde(default)]
    weather: Vec<Condition>,
    main: Measures,
    wind: Option<Wind>,
    sys: Option<Sys>,
}

#[derive(Deserialize)]
struct ForecastWire {
    list: Vec<Item>,
    city: CityWire,
}

#[derive(Deserialize)]
struct Item {
    dt: i64,
    main: Measures,
    #[serde(default)]
    weather: Vec<Condition>,
    /// Probability of precipitation, 0 to 1.
    pop: Option<f64>,
}

#[derive(Deserialize)]
struct CityWire {
    name: String,
    /// Offset from UTC in seconds.
    #[serde(default)]
    timezone: i64,
    /// Today's sunrise and sunset (Unix seconds).
    sunrise: Option<i64>,
    sunset: Option<i64>,
}

#[derive(Deserialize)]
struct Condition {
    id: u16,
    main: String,
    description: String,
    #[serde(default)]
    icon: String,
}

#[derive(Deserialize)]
struct Measures {
    temp: f64,
    #[serde(default)]
    feels_like: f64,
    humidity: Option<f64>,
}

#[derive(Deserialize)]
struct Wind {
    speed: f64,
}

#[derive(Deserialize)]
struct Sys {
    country: Option<String>,
}

fn condition(weather: &[Condition]) -> (String, String, Icon) {
    match weather.first() {
        Some(c) => (c.main.clone(), c.description.clone(), icon(c.id, &c.icon)),
        None => (String::new(), String::new(), Icon::Cloudy),
    }
}

/// Maps a condition id (https://openweathermap.org/weather-conditions) onto our icons; the icon code's
/// last letter says day (`d`) or night (`n`).
fn icon(id: u16, owm_icon: &str) -> Icon {
    let day = !owm_icon.ends_with('n');
    match id {
        200..=299 => Icon::Thunderstorm,
        300..=399 => Icon::Drizzle,
        511 | 600..=699 => Icon::Snow,
        500..=599 => Icon::Rain,
        771 | 781 => Icon::Wind,
        700..=799 => Icon::Fog,
        800 => Icon::clear(day),
        801 | 802 => Icon::partly_cloudy(day),
        _ => Icon::Cloudy,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn condition_ids_map_onto_our_icons() {
        assert_eq!(icon(211, "11d"), Icon::Thunderstorm);
        assert_eq!(icon(301, "09d"), Icon::Drizzle);
        assert_eq!(icon(502, "10n"), Icon::Rain);
        assert_eq!(icon(511, "13d"), Icon::Snow, "freezing rain");
        assert_eq!(icon(601, "13d"), Icon::Snow);
        assert_eq!(icon(741, "50d"), Icon::Fog);
        assert_eq!(icon(781, "50d"), Icon::Wind);
        assert_eq!(icon(800, "01d"), Icon::ClearDay);
        assert_eq!(icon(800, "01n"), Icon::ClearNight);
        assert_eq!(icon(802, "03n"), Icon::PartlyCloudyNight);
        assert_eq!(icon(804, "04d"), Icon::Cloudy);
    }
}
