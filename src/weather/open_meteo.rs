//! Open-Meteo, which needs no key: the geocoding API turns the city name into coordinates, the forecast
//! API gives current and hourly weather there (`timezone=auto` so `utc_offset_seconds` is the city's,
//! Unix times, wind in m/s). WMO weather codes get OpenWeatherMap-style English words and our icons.

use std::time::Duration;

use serde::de::DeserializeOwned;

use super::cache::Cache;
use super::midday::{self, Slot};
use super::open_meteo_wire::{CurrentWire, HourlyWire, Place, Refusal, SearchWire, wmo};
use super::outlook;
use super::{
    BoxFuture, Current, Forecast, Provider, WeatherError, bad_answer, kmh, round, transport_error,
};

const NAME: &str = "open-meteo";
/// Coordinates of a place do not change; keep them a day when caching is on.
const PLACE_TTL: Duration = Duration::from_secs(24 * 60 * 60);
/// Local today plus five days, so five middays remain after today's has passed.
const FORECAST_DAYS: &str = "6";

pub struct OpenMeteo {
    client: reqwest::Client,
    forecast_base: String,
    geocoding_base: String,
    places: Cache<Place>,
}

impl OpenMeteo {
    pub fn new(
        client: reqwest::Client,
        forecast_base: &str,
        geocoding_base: &str,
        cache_ttl: Duration,
        cache_max_entries: usize,
    ) -> Self {
        let place_ttl = if cache_ttl.is_zero() {
            Duration::ZERO
        } else {
            PLACE_TTL.max(cache_ttl)
        };
        Self {
            client,
            forecast_base: forecast_base.trim_end_matches('/').to_owned(),
            geocoding_base: geocoding_base.trim_end_matches('/').to_owned(),
            places: Cache::with_refusal_ttl(place_ttl, cache_ttl, cache_max_entries),
        }
    }

    async fn get<T: DeserializeOwned>(
        &self,
        url: String,
        query: &[(&str, &str)],
    ) -> Result<T, WeatherError> {
        let res = self
            .client
            .get(url)
            .query(query)
            .send()
            .await
            .map_err(|e| transport_error(NAME, e))?;
        let status = res.status();
        let body = res.bytes().await.map_err(|e| transport_error(NAME, e))?;
        if !status.is_success() {
            // Open-Meteo explains refusals as {"error":true,"reason":"..."}; the reason names no user data.
            let reason = serde_json::from_slice::<Refusal>(&body)
                .map(|r| r.reason)
                .unwrap_or_default();
            return Err(bad_answer(NAME, format_args!("status {status} {reason}")));
        }
        serde_json::from_slice(&body).map_err(|e| bad_answer(NAME, e))
    }

    async fn place(&self, city: &str) -> Result<std::sync::Arc<Place>, WeatherError> {
        self.places
            .get_or_fetch(&city.to_lowercase(), || self.geocode(city))
            .await
    }

    async fn geocode(&self, city: &str) -> Result<Place, WeatherError> {
        // "London, GB" as OpenWeatherMap accepts it: the name, narrowed to a country.
        let (name, country) = match city.rsplit_once(',') {
            Some((name, cc))
                if cc.trim().len() == 2 && cc.trim().bytes().all(|b| b.is_ascii_alphabetic()) =>
            {
                (name.trim(), Some(cc.trim()))
            }
            _ => (city, None),
        };
        let mut query = vec![
            ("name", name),
            ("count", "1"),
            ("language", "en"),
            ("format", "json"),
        ];
        if let Some(cc) = country {
            query.push(("countryCode", cc));
        }
        let found: SearchWire = self
            .get(format!("{}/v1/search", self.geocoding_base), &query)
            .await?;
        found
            .results
            .into_iter()
            .next()
            .ok_or(WeatherError::NotFound)
    }

    async fn weather<T: DeserializeOwned>(
        &self,
        place: &Place,
        extra: &[(&str, &str)],
    ) -> Result<T, WeatherError> {
        let (lat, lon) = (place.latitude.to_string(), place.longitude.to_string());
        let mut query = vec![
            ("latitude", lat.as_str()),
            ("longitude", lon.as_str()),
            ("timezone", "auto"),
            ("timeformat", "unixtime"),
            ("wind_speed_unit", "ms"),
        ];
        query.extend_from_slice(extra);
        self.get(format!("{}/v1/forecast", self.forecast_base), &query)
            .await
    }
}

impl Provider for OpenMeteo {
    fn name(&self) -> &'static str {
        NAME
    }

    fn current<'a>(&'a self, city: &'a str) -> BoxFuture<'a, Result<Current, WeatherError>> {
        Box::pin(async move {
            let place = self.place(city).await?;
            let w: CurrentWire = self
                .weather(
                    &place,
                    &[(
                        "current",
                        "temperature_2m,relative_humidity_2m,apparent_temperature,is_day,weather_code,wind_speed_10m",
                    )],
                )
                .await?;
            let c = w.current;
            let (main, description, icon) = wmo(c.weather_code, c.is_day != 0);
            Ok(Current {
                city: place.name.clone(),
                country: place.country_code.clone(),
                main: main.into(),
                description: description.into(),
                icon,
                temp_c: round(c.temperature_2m),
                feels_like_c: round(c.apparent_temperature),
                wind_kmh: kmh(c.wind_speed_10m),
                humidity: round(c.relative_humidity_2m),
                updated: c.time,
            })
        })
    }

    fn forecast<'a>(&'a self, city: &'a str) -> BoxFuture<'a, Result<Forecast, WeatherError>> {
        Box::pin(async move {
            let place = self.place(city).await?;
            let w: HourlyWire = self
                .weather(
                    &place,
                    &[
                        ("current", "weather_code"),
                        (
                            "hourly",
                            "temperature_2m,weather_code,is_day,precipitation_probability",
                        ),
                        (
                            "daily",
                            "temperature_2m_max,temperature_2m_min,sunrise,sunset,precipitation_probability_max",
                        ),
                        ("forecast_days", FORECAST_DAYS),
                    ],
                )
                .await?;
            let offset = w.utc_offset_seconds;
            // Hours from the start of the current local hour on: a midday already past is not a forecast.
            let local_now = w.current.time + offset;
            let from = local_now - local_now.rem_euclid(3600) - offset;
            let h = w.hourly;
            let pops = h
                .precipitation_probability
                .iter()
                .copied()
                .chain(std::iter::repeat(None));
            let slots: Vec<Slot> = h
                .time
                .iter()
                .zip(&h.temperature_2m)
                .zip(&h.weather_code)
                .zip(&h.is_day)
                .zip(pops)
                .filter_map(|((((&dt, &temp), &code), &is_day), pop)| {
                    let (temp, code) = (temp?, code?);
                    let (main, description, icon) = wmo(code, is_day.unwrap_or(1) != 0);
                    (dt >= from).then(|| Slot {
                        dt,
                        main: main.into(),
                        description: description.into(),
                        icon,
                        temp_c: round(temp),
                        pop: pop.map(round),
                    })
                })
                .collect();
            let date = outlook::local_date(w.current.time, offset);
            let (ranges, sun) = w.daily.read(offset, &date);
            Ok(Forecast {
                city: place.name.clone(),
                today: outlook::today(date, &ranges, sun, offset),
                hourly: outlook::strip(&slots, from, offset),
                days: outlook::with_ranges(midday::pick(slots, offset), &ranges),
            })
        })
    }
}
