//! The weather service the handlers call: picks the provider, checks the city, bounds each look-up by
//! the timeout and serves repeats from the cache. Built once at start-up and shared by all workers.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use super::cache::Cache;
use super::city::City;
use super::config::{ActiveProvider, WeatherConfig};
use super::open_meteo::OpenMeteo;
use super::openweathermap::OpenWeatherMap;
use super::{Current, Forecast, Provider, WeatherError};
use crate::rate_limit::{RateLimiter, RetryAfter};

const USER_AGENT: &str = concat!("solace/", env!("CARGO_PKG_VERSION"), " (weather proxy)");
const RATE_WINDOW: Duration = Duration::from_secs(60);

pub struct Weather {
    /// None when weather is switched off.
    provider: Option<Box<dyn Provider>>,
    current: Cache<Current>,
    forecast: Cache<Forecast>,
    limiter: RateLimiter,
    timeout: Duration,
    /// Asked for when a look-up names no city: the page's first look-up can then start before it has read
    /// the same city from /api/config (docs/product.md, "Weather disguise").
    default_city: String,
}

impl Weather {
    pub fn from_config(c: &WeatherConfig) -> Result<Self, ClientError> {
        let timeout = Duration::from_secs(c.timeout_secs);
        let ttl = Duration::from_secs(c.cache_ttl_secs);
        let provider: Option<Box<dyn Provider>> = match c.active_provider() {
            ActiveProvider::Off => None,
            ActiveProvider::OpenWeatherMap => Some(Box::new(OpenWeatherMap::new(
                client(timeout)?,
                &c.openweathermap_url,
                c.api_key.clone(),
            ))),
            ActiveProvider::OpenMeteo => Some(Box::new(OpenMeteo::new(
                client(timeout)?,
                &c.open_meteo_url,
                &c.open_meteo_geocoding_url,
                ttl,
                c.cache_max_entries,
            ))),
        };
        Ok(Self {
            provider,
            current: Cache::new(ttl, c.cache_max_entries),
            forecast: Cache::new(ttl, c.cache_max_entries),
            limiter: RateLimiter::new(c.rate_limit_per_minute, RATE_WINDOW),
            timeout,
            default_city: c.default_city.clone(),
        })
    }

    /// Counts one look-up by `client` (its IP address) against the per-minute limit.
    pub fn check_rate(&self, client: &str) -> Result<(), RetryAfter> {
        self.limiter.check(client)
    }

    pub async fn current(&self, city: Option<&str>) -> Result<Arc<Current>, WeatherError> {
        let (provider, city) = self.prepare(city)?;
        let key = format!("{}:{}", provider.name(), city.key());
        self.current
            .get_or_fetch(&key, || self.bounded(provider.current(city.query())))
            .await
    }

    pub async fn forecast(&self, city: Option<&str>) -> Result<Arc<Forecast>, WeatherError> {
        let (provider, city) = self.prepare(city)?;
        let key = format!("{}:{}", provider.name(), city.key());
        self.forecast
            .get_or_fetch(&key, || self.bounded(provider.forecast(city.query())))
            .await
    }

    fn prepare(&self, city: Option<&str>) -> Result<(&dyn Provider, City), WeatherError> {
        let provider = self.provider.as_deref().ok_or(WeatherError::Off)?;
        Ok((
            provider,
            City::parse(Some(city.unwrap_or(&self.default_city)))?,
        ))
    }

    /// One whole look-up (Open-Meteo makes two calls) within the timeout.
    async fn bounded<T>(
        &self,
        lookup: impl Future<Output = Result<T, WeatherError>>,
    ) -> Result<T, WeatherError> {
        match tokio::time::timeout(self.timeout, lookup).await {
            Ok(outcome) => outcome,
            Err(_) => {
                tracing::warn!(
                    timeout_secs = self.timeout.as_secs(),
                    "the weather service did not answer in time"
                );
                Err(WeatherError::Timeout)
            }
        }
    }
}

/// The one outbound client: fixed User-Agent, bounded connect and total time, no redirects (a redirect
/// could carry the key to another host).
/// The outbound client could not be built (no TLS roots, for example).
#[derive(Debug, thiserror::Error)]
#[error("cannot set up the weather client: {0}")]
pub struct ClientError(reqwest::Error);

fn client(timeout: Duration) -> Result<reqwest::Client, ClientError> {
    reqwest::Client::builder()
        .user_agent(USER_AGENT)
        .connect_timeout(timeout)
        .timeout(timeout)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .map_err(|e| ClientError(e.without_url()))
}
