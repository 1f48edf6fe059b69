//! The `[weather]` config section.

use std::path::PathBuf;

use serde::Deserialize;

use super::city::City;
use crate::config_error::{ConfigError, normalise_url};
use crate::secret::Secret;

#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "kebab-case")]
pub enum ProviderChoice {
    /// OpenWeatherMap when a key is configured, else Open-Meteo.
    #[default]
    Auto,
    #[serde(rename = "openweathermap")]
    OpenWeatherMap,
    OpenMeteo,
    Off,
}

/// The provider actually in use once `auto` is resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActiveProvider {
    OpenWeatherMap,
    OpenMeteo,
    Off,
}

impl ActiveProvider {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::OpenWeatherMap => "openweathermap",
            Self::OpenMeteo => "open-meteo",
            Self::Off => "off",
        }
    }
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct WeatherConfig {
    pub provider: ProviderChoice,
    pub api_key: Secret,
    pub api_key_file: Option<PathBuf>,
    pub openweathermap_url: String,
    pub open_meteo_url: String,
    pub open_meteo_geocoding_url: String,
    pub timeout_secs: u64,
    pub cache_ttl_secs: u64,
    /// How many cities' answers the cache holds at most (per endpoint); 0 switches the cache off.
    pub cache_max_entries: usize,
    /// Weather look-ups one client address may make per minute; 0 switches the limit off.
    pub rate_limit_per_minute: u32,
    /// The city the disguise opens on until she picks one of her own.
    pub default_city: String,
}

impl WeatherConfig {
    /// Checks the section; `serve` and `validate-config` both run this (through `Config::load`).
    pub fn validate(&mut self) -> Result<(), ConfigError> {
        if self.provider == ProviderChoice::OpenWeatherMap && self.api_key.is_empty() {
            return Err(ConfigError::invalid(
                "weather.api_key",
                "the openweathermap provider needs an API key",
            ));
        }
        self.openweathermap_url =
            normalise_url(&self.openweathermap_url, "weather.openweathermap_url")?;
        self.open_meteo_url = normalise_url(&self.open_meteo_url, "weather.open_meteo_url")?;
        self.open_meteo_geocoding_url = normalise_url(
            &self.open_meteo_geocoding_url,
            "weather.open_meteo_geocoding_url",
        )?;
        if !(1..=60).contains(&self.timeout_secs) {
            return Err(ConfigError::invalid(
                "weather.timeout_secs",
                "must be between 1 and 60",
            ));
        }
        // The default city follows the same rules as a city typed into the search, so an empty one is
        // refused at start-up rather than shown as an error later.
        let city = City::parse(Some(&self.default_city))
            .map_err(|why| ConfigError::invalid("weather.default_city", why.to_string()))?;
        self.default_city = city.query().to_owned();
        Ok(())
    }

    pub fn active_provider(&self) -> ActiveProvider {
        match self.provider {
            ProviderChoice::Auto if self.api_key.is_empty() => ActiveProvider::OpenMeteo,
            ProviderChoice::Auto | ProviderChoice::OpenWeatherMap => ActiveProvider::OpenWeatherMap,
            ProviderChoice::OpenMeteo => ActiveProvider::OpenMeteo,
            ProviderChoice::Off => ActiveProvider::Off,
        }
    }
}

impl Default for WeatherConfig {
    fn default() -> Self {
        Self {
            provider: ProviderChoice::Auto,
            api_key: Secret::default(),
            api_key_file: None,
            openweathermap_url: "https://api.openweathermap.org".into(),
            open_meteo_url: "https://api.open-meteo.com".into(),
            open_meteo_geocoding_url: "https://geocoding-api.open-meteo.com".into(),
            timeout_secs: 5,
            cache_ttl_secs: 600,
            cache_max_entries: 1000,
            rate_limit_per_minute: 60,
            default_city: "Delhi".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_city_is_delhi_and_must_be_a_city_name() {
        let mut c = WeatherConfig::default();
        assert!(c.validate().is_ok());
        assert_eq!(c.default_city, "Delhi");
        c.default_city = "  New   York ".into();
        assert!(c.validate().is_ok());
        assert_eq!(c.default_city, "New York");
        for bad in ["", "   ", "a\nb"] {
            c.default_city = bad.into();
            let e = c.validate().unwrap_err();
            assert_eq!(e.key, "weather.default_city", "{bad:?}");
        }
    }
}
