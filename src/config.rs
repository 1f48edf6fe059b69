//! Layered configuration: built-in defaults < TOML file < `SOLACE_*` environment < flags, checked once
//! into one typed [`Config`] that is passed to whoever needs it.

use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::auth::config::AuthConfig;
use crate::cli::{LogFormat, Overrides};
use crate::config_error::err;
pub use crate::config_error::{ConfigError, normalise_url};
use crate::http::connections::ConnectionsConfig;
use crate::local::catalogues::OperatorCatalogues;
use crate::local::config::LocalConfig;
use crate::safety::config::SafetyConfig;
use crate::secret::Secret;
use crate::vault::config::VaultConfig;
use crate::weather::config::WeatherConfig;

#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub server: ServerConfig,
    pub auth: AuthConfig,
    pub weather: WeatherConfig,
    pub site: SiteConfig,
    pub vault: VaultConfig,
    pub connections: ConnectionsConfig,
    pub safety: SafetyConfig,
    pub local: LocalConfig,
    pub timestamp: crate::timestamp::config::TimestampConfig,
    pub incidents: crate::incidents::config::IncidentsConfig,
    /// `locales/*.json` next to the config file (not a key of the file itself).
    #[serde(skip)]
    pub catalogues: OperatorCatalogues,
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct ServerConfig {
    /// Read as an IP address once, when the file is parsed (a wrong one names `server.bind`).
    pub bind: IpAddr,
    pub port: u16,
    /// Public URL without a trailing slash: OAuth redirects, the JWT issuer, the redirect allow-list.
    pub site_url: String,
    pub log_format: LogFormat,
    pub data_dir: PathBuf,
    /// Reverse proxies whose `Forwarded` / `X-Forwarded-For` names the client (src/http/client_address.rs).
    pub trusted_proxies: Vec<crate::http::client_address::TrustedProxy>,
}

impl Default for ServerConfig {
    fn default() -> Self {
        Self {
            bind: IpAddr::from([127, 0, 0, 1]),
            port: 8080,
            site_url: "http://localhost:8080".into(),
            log_format: LogFormat::Text,
            data_dir: PathBuf::from("./data"),
            trusted_proxies: Vec::new(),
        }
    }
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct SiteConfig {
    pub product_name: String,
    /// The browser tab's title on every screen of the app (not the disguises): neutral, so the tab, the
    /// history and a printed page do not name the app unless the operator wants them to.
    pub page_title: String,
    /// The footer's suggestion e-mail link; empty hides it.
    pub contact_email: String,
    /// Replaces the UI's built-in resource directory when set.
    pub resources: Option<Vec<Resource>>,
    /// The language shown when the browser asks for none the app has and she has not chosen one.
    pub default_language: String,
}

/// A title that says nothing about what the site is for.
pub const DEFAULT_PAGE_TITLE: &str = "Welcome";

/// A title longer than this is cut off by every browser's tab anyway.
const MAX_PAGE_TITLE_CHARS: usize = 60;

/// The languages the UI ships, one code per folder in ui/src/locales (set by build.rs).
pub const UI_LANGUAGES: &str = env!("SOLACE_UI_LANGUAGES");

impl Default for SiteConfig {
    fn default() -> Self {
        Self {
            product_name: "Solace".into(),
            page_title: DEFAULT_PAGE_TITLE.into(),
            contact_email: String::new(),
            resources: None,
            default_language: "en".into(),
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
            Some(path) => {
                let mut config = Self::from_file(path)?;
                let dir = path.parent().unwrap_or(Path::new("."));
                config.catalogues = OperatorCatalogues::load(&dir.join("locales"))?;
                config
            }
            None => Self::default(),
        };
        config.apply_env(env)?;
        config.apply_overrides(overrides)?;
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
        if let Some(path) = env("SOLACE_VAULT_SECRET_FILE") {
            self.vault.secret_file = Some(path.into());
        }
        if let Some(id) = env("SOLACE_GOOGLE_CLIENT_ID") {
            self.auth.google.client_id = id;
        }
        if let Some(secret) = env("SOLACE_GOOGLE_CLIENT_SECRET") {
            self.auth.google.client_secret = Secret::new(secret);
        }
        if let Some(path) = env("SOLACE_JWT_SECRET_FILE") {
            self.auth.jwt_secret = read_secret_file(Path::new(&path), "SOLACE_JWT_SECRET_FILE")?;
        }
        if let Some(path) = env("SOLACE_JWT_KEYS_FILE") {
            self.auth.jwt_keys = read_secret_file(Path::new(&path), "SOLACE_JWT_KEYS_FILE")?;
        }
        if let Some(path) = env("SOLACE_GOOGLE_CLIENT_SECRET_FILE") {
            self.auth.google.client_secret =
                read_secret_file(Path::new(&path), "SOLACE_GOOGLE_CLIENT_SECRET_FILE")?;
        }
        Ok(())
    }

    fn apply_overrides(&mut self, o: &Overrides) -> Result<(), ConfigError> {
        if let Some(v) = &o.bind {
            self.server.bind = v.trim().parse().map_err(|_| {
                ConfigError::invalid("server.bind", format!("{v:?} is not an IP address"))
            })?;
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
        Ok(())
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
        if self.auth.jwt_secret.is_empty()
            && let Some(path) = &self.auth.jwt_secret_file
        {
            self.auth.jwt_secret = read_secret_file(path, "auth.jwt_secret_file")?;
        }
        if self.auth.jwt_keys.is_empty()
            && let Some(path) = &self.auth.jwt_keys_file
        {
            self.auth.jwt_keys = read_secret_file(path, "auth.jwt_keys_file")?;
        }
        Ok(())
    }

    /// Each section checks itself; `serve` and `validate-config` both get here through `load`.
    fn validate(&mut self) -> Result<(), ConfigError> {
        self.server.validate()?;
        self.auth.validate()?;
        self.weather.validate()?;
        self.vault.validate()?;
        self.connections.validate()?;
        self.safety.validate(&self.server.site_url)?;
        self.local.validate()?;
        self.timestamp.validate()?;
        self.incidents.validate()?;
        self.site.validate(&self.languages())
    }

    /// The languages a visitor can choose: those the UI ships and those the operator added.
    pub fn languages(&self) -> Vec<String> {
        let mut all: Vec<String> = UI_LANGUAGES.split(',').map(str::to_string).collect();
        all.extend(self.catalogues.languages().cloned());
        all.sort();
        all.dedup();
        all
    }

    /// Address the server listens on, for binding and for `healthcheck`.
    pub fn listen_addr(&self) -> SocketAddr {
        SocketAddr::new(self.server.bind, self.server.port)
    }
}

impl ServerConfig {
    fn validate(&mut self) -> Result<(), ConfigError> {
        self.site_url = normalise_url(&self.site_url, "server.site_url")?;
        Ok(())
    }
}

impl SiteConfig {
    fn validate(&self, languages: &[String]) -> Result<(), ConfigError> {
        if self.product_name.trim().is_empty() {
            return Err(ConfigError::invalid(
                "site.product_name",
                "must not be empty",
            ));
        }
        let title = self.page_title.trim();
        if title.is_empty() {
            return Err(ConfigError::invalid("site.page_title", "must not be empty"));
        }
        if title.chars().count() > MAX_PAGE_TITLE_CHARS || title.chars().any(char::is_control) {
            return Err(ConfigError::invalid(
                "site.page_title",
                format!("must be one line of at most {MAX_PAGE_TITLE_CHARS} characters"),
            ));
        }
        if !languages.contains(&self.default_language) {
            return Err(ConfigError::invalid(
                "site.default_language",
                format!(
                    "{:?} is not a language the app has (it has: {})",
                    self.default_language,
                    languages.join(", ")
                ),
            ));
        }
        let email = self.contact_email.trim();
        if !email.is_empty() && !email.contains('@') {
            return Err(ConfigError::invalid(
                "site.contact_email",
                format!("{email:?} is not an e-mail address"),
            ));
        }
        for (i, r) in self.resources.iter().flatten().enumerate() {
            let key = |field: &str| format!("site.resources[{i}].{field}");
            for (field, value) in [
                ("id", &r.id),
                ("name", &r.name),
                ("description", &r.description),
                ("hours", &r.hours),
            ] {
                if value.trim().is_empty() {
                    return Err(ConfigError::invalid(&key(field), "must not be empty"));
                }
            }
            // The card's call button dials it.
            crate::local::config::dialable(&r.contact, &key("contact"))?;
        }
        Ok(())
    }
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
        assert_eq!(c.server.bind, IpAddr::from([0, 0, 0, 0]));
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
