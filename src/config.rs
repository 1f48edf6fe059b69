//! Layered configuration: built-in defaults < TOML file < `SOLACE_*` environment < flags, checked once
//! into one typed [`Config`] that is passed to whoever needs it.

use std::fmt;
use std::net::IpAddr;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::auth::config::AuthConfig;
use crate::cli::{LogFormat, Overrides};
use crate::safety::config::SafetyConfig;
use crate::secret::Secret;
use crate::weather::config::WeatherConfig;

#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub server: ServerConfig,
    pub auth: AuthConfig,
    pub weather: WeatherConfig,
    pub site: SiteConfig,
    pub safety: SafetyConfig,
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct ServerConfig {
    pub bind: String,
    pub port: u16,
    /// Public URL without a trailing slash: OAuth redirects, the JWT issuer, the redirect allow-list.
    pub site_url: String,
    pub log_format: LogFormat,
    pub data_dir: PathBuf,
}

impl Default for ServerConfig {
    fn default() -> Self {
        Self {
            bind: "127.0.0.1".into(),
            port: 8080,
            site_url: "http://localhost:8080".into(),
            log_format: LogFormat::Text,
            data_dir: PathBuf::from("./data"),
        }
    }
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct SiteConfig {
    pub product_name: String,
    /// The footer's suggestion e-mail link; empty hides it.
    pub contact_email: String,
    /// Replaces the UI's built-in resource directory when set.
    pub resources: Option<Vec<Resource>>,
}

impl Default for SiteConfig {
    fn default() -> Self {
        Self {
            product_name: "Solace".into(),
            contact_email: String::new(),
            resources: None,
        }
    }
}

#[derive(Debug, Clone, Deserialize, serde::Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Resource {
    pub id: String,
    pub name: String,
    pub category: ResourceCategory,
    pub description: String,
    pub contact: String,
    pub hours: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub website: Option<String>,
}

#[derive(Debug, Clone, Copy, Deserialize, serde::Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ResourceCategory {
    Helpline,
    Shelter,
    Legal,
    Counseling,
    Medical,
}

/// Why the configuration was refused; `Display` names the key and where the value came from.
#[derive(Debug, PartialEq)]
pub struct ConfigError {
    pub source: String,
    pub key: String,
    pub reason: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.key.is_empty() {
            write!(f, "{}: {}", self.source, self.reason)
        } else {
            write!(f, "{}: `{}`: {}", self.source, self.key, self.reason)
        }
    }
}

impl std::error::Error for ConfigError {}

fn err(source: impl Into<String>, key: &str, reason: impl Into<String>) -> ConfigError {
    ConfigError {
        source: source.into(),
        key: key.into(),
        reason: reason.into(),
    }
}

/// The commented example config; `generate-config` prints it and a test keeps it equal to the defaults.
pub const EXAMPLE: &str = include_str!("../config.example.toml");

impl Config {
    /// Builds the configuration from every layer. `env` looks up environment variables (a parameter so
    /// tests need not touch the process environment); clap has already merged flags with their variables.
    pub fn load(
        overrides: &Overrides,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Self, ConfigError> {
        let mut config = match &overrides.config {
            Some(path) => Self::from_file(path)?,
            None => Self::default(),
        };
        config.apply_env(env)?;
        config.apply_overrides(overrides);
        config.resolve_secret_files()?;
        config.validate()?;
        Ok(config)
    }

    pub fn from_file(path: &Path) -> Result<Self, ConfigError> {
        let source = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|e| err(&source, "", format!("cannot read: {e}")))?;
        Self::from_toml(&text, &source)
    }

    pub fn from_toml(text: &str, source: &str) -> Result<Self, ConfigError> {
        let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
            err(source, "", e.to_string().trim_end().replace('\n', "\n  "))
        })?;
        serde_path_to_error::deserialize(toml::Value::Table(table)).map_err(|e| {
            let key = e.path().to_string();
            err(
                source,
                if key == "." { "" } else { &key },
                e.into_inner().to_string(),
            )
        })
    }

    /// Environment variables for settings that have no flag (secrets and their `_FILE` variants).
    fn apply_env(&mut self, env: &dyn Fn(&str) -> Option<String>) -> Result<(), ConfigError> {
        if let Some(path) = env("SOLACE_WEATHER_API_KEY_FILE") {
            self.weather.api_key =
                read_secret_file(Path::new(&path), "SOLACE_WEATHER_API_KEY_FILE")?;
        }
        if let Some(id) = env("SOLACE_GOOGLE_CLIENT_ID") {
            self.auth.google.client_id = id;
        }
        if let Some(secret) = env("SOLACE_GOOGLE_CLIENT_SECRET") {
            self.auth.google.client_secret = Secret::new(secret);
        }
        if let Some(path) = env("SOLACE_GOOGLE_CLIENT_SECRET_FILE") {
            self.auth.google.client_secret =
                read_secret_file(Path::new(&path), "SOLACE_GOOGLE_CLIENT_SECRET_FILE")?;
        }
        Ok(())
    }

    fn apply_overrides(&mut self, o: &Overrides) {
        if let Some(v) = &o.bind {
            self.server.bind = v.clone();
        }
        if let Some(v) = o.port {
            self.server.port = v;
        }
        if let Some(v) = &o.data_dir {
            self.server.data_dir = v.clone();
        }
        if let Some(v) = &o.site_url {
            self.server.site_url = v.clone();
        }
        if let Some(v) = o.log_format {
            self.server.log_format = v;
        }
        if let Some(v) = &o.weather_api_key {
            self.weather.api_key = Secret::new(v.clone());
        }
    }

    /// A `*_file` key is only read when the inline secret is empty, so a flag or variable still wins.
    fn resolve_secret_files(&mut self) -> Result<(), ConfigError> {
        if self.weather.api_key.is_empty()
            && let Some(path) = &self.weather.api_key_file
        {
            self.weather.api_key = read_secret_file(path, "weather.api_key_file")?;
        }
        if self.auth.google.client_secret.is_empty()
            && let Some(path) = &self.auth.google.client_secret_file
        {
            self.auth.google.client_secret =
                read_secret_file(path, "auth.google.client_secret_file")?;
        }
        Ok(())
    }

    fn validate(&mut self) -> Result<(), ConfigError> {
        const CHECK: &str = "configuration";
        self.server.bind.parse::<IpAddr>().map_err(|_| {
            err(
                CHECK,
                "server.bind",
                format!("{:?} is not an IP address", self.server.bind),
            )
        })?;
        self.server.site_url = normalise_url(&self.server.site_url, "server.site_url")?;
        for (i, u) in self.auth.additional_redirect_urls.iter().enumerate() {
            if u.trim().is_empty() {
                return Err(err(
                    CHECK,
                    &format!("auth.additional_redirect_urls[{i}]"),
                    "must not be empty",
                ));
            }
        }
        if self.auth.jwt_expiry_secs < 30 {
            return Err(err(
                CHECK,
                "auth.jwt_expiry_secs",
                "must be at least 30 seconds",
            ));
        }
        if !self.auth.external_url.trim().is_empty() {
            self.auth.external_url = normalise_url(&self.auth.external_url, "auth.external_url")?;
        }
        let g = &self.auth.google;
        if g.client_id.trim().is_empty() != g.client_secret.is_empty() {
            return Err(err(
                CHECK,
                "auth.google",
                "set both client_id and client_secret (or client_secret_file) to enable Google sign-in, or neither",
            ));
        }
        for (key, value) in [
            ("auth.google.authorize_url", &g.authorize_url),
            ("auth.google.token_url", &g.token_url),
            ("auth.google.userinfo_url", &g.userinfo_url),
        ] {
            normalise_url(value, key)?;
        }
        let w = &mut self.weather;
        if w.provider == crate::weather::config::ProviderChoice::OpenWeatherMap
            && w.api_key.is_empty()
        {
            return Err(err(
                CHECK,
                "weather.api_key",
                "the openweathermap provider needs an API key",
            ));
        }
        w.openweathermap_url = normalise_url(&w.openweathermap_url, "weather.openweathermap_url")?;
        w.open_meteo_url = normalise_url(&w.open_meteo_url, "weather.open_meteo_url")?;
        w.open_meteo_geocoding_url = normalise_url(
            &w.open_meteo_geocoding_url,
            "weather.open_meteo_geocoding_url",
        )?;
        if !(1..=60).contains(&w.timeout_secs) {
            return Err(err(
                CHECK,
                "weather.timeout_secs",
                "must be between 1 and 60",
            ));
        }
        if self.site.product_name.trim().is_empty() {
            return Err(err(CHECK, "site.product_name", "must not be empty"));
        }
        let email = self.site.contact_email.trim();
        if !email.is_empty() && !email.contains('@') {
            return Err(err(
                CHECK,
                "site.contact_email",
                format!("{email:?} is not an e-mail address"),
            ));
        }
        self.safety.validate(&self.server.site_url)?;
        Ok(())
    }

    /// Address the server listens on, for binding and for `healthcheck`.
    pub fn listen_addr(&self) -> (IpAddr, u16) {
        // validate() has checked that it parses.
        (
            self.server
                .bind
                .parse()
                .unwrap_or(IpAddr::from([127, 0, 0, 1])),
            self.server.port,
        )
    }
}

fn normalise_url(value: &str, key: &str) -> Result<String, ConfigError> {
    let parsed = url::Url::parse(value.trim()).map_err(|e| {
        err(
            "configuration",
            key,
            format!("{value:?} is not a URL ({e})"),
        )
    })?;
    if !matches!(parsed.scheme(), "http" | "https") || parsed.host_str().is_none() {
        return Err(err(
            "configuration",
            key,
            format!("{value:?} must be an http or https URL"),
        ));
    }
    Ok(parsed.as_str().trim_end_matches('/').to_string())
}

fn read_secret_file(path: &Path, key: &str) -> Result<Secret, ConfigError> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        err(
            "configuration",
            key,
            format!("cannot read {}: {e}", path.display()),
        )
    })?;
    let value = text.trim();
    if value.is_empty() {
        return Err(err(
            "configuration",
            key,
            format!("{} is empty", path.display()),
        ));
    }
    Ok(Secret::new(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_env(_: &str) -> Option<String> {
        None
    }

    #[test]
    fn the_example_file_equals_the_defaults() {
        let parsed = Config::from_toml(EXAMPLE, "example").expect("example parses");
        assert_eq!(parsed, Config::default());
    }

    #[test]
    fn unknown_key_is_named_with_its_section() {
        let e = Config::from_toml("[server]\nprot = 1\n", "/etc/solace.toml").unwrap_err();
        assert_eq!(e.key, "server.prot");
        assert!(
            e.to_string().starts_with("/etc/solace.toml: `server.prot`"),
            "{e}"
        );
    }

    #[test]
    fn wrong_type_is_named() {
        let e = Config::from_toml("[weather]\ntimeout_secs = \"soon\"\n", "f.toml").unwrap_err();
        assert_eq!(e.key, "weather.timeout_secs");
    }

    #[test]
    fn flags_beat_env_beat_file() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("c.toml");
        std::fs::write(&file, "[server]\nport = 9000\nbind = \"0.0.0.0\"\n").unwrap();
        let key_file = dir.path().join("key");
        std::fs::write(&key_file, "from-file\n").unwrap();
        let env = |name: &str| {
            (name == "SOLACE_WEATHER_API_KEY_FILE").then(|| key_file.display().to_string())
        };
        let o = Overrides {
            config: Some(file.clone()),
            port: Some(9100),
            ..Default::default()
        };
        let c = Config::load(&o, &env).unwrap();
        assert_eq!(c.server.port, 9100);
        assert_eq!(c.server.bind, "0.0.0.0");
        assert_eq!(c.weather.api_key.expose(), "from-file");

        let o = Overrides {
            config: Some(file),
            weather_api_key: Some("flag".into()),
            ..Default::default()
        };
        let c = Config::load(&o, &env).unwrap();
        assert_eq!(c.server.port, 9000);
        assert_eq!(c.weather.api_key.expose(), "flag");
    }

    #[test]
    fn bad_values_are_refused_by_key() {
        let o = Overrides {
            bind: Some("localhost:80".into()),
            ..Default::default()
        };
        assert_eq!(Config::load(&o, &no_env).unwrap_err().key, "server.bind");
        let o = Overrides {
            site_url: Some("not a url".into()),
            ..Default::default()
        };
        assert_eq!(
            Config::load(&o, &no_env).unwrap_err().key,
            "server.site_url"
        );
    }

    #[test]
    fn debug_output_redacts_secrets() {
        let o = Overrides {
            weather_api_key: Some("owm-secret-123".into()),
            ..Default::default()
        };
        let c = Config::load(&o, &no_env).unwrap();
        assert!(!format!("{c:?}").contains("owm-secret-123"));
    }
}
