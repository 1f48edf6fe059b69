//! Layered configuration: built-in defaults < TOML file < `SOLACE_*` environment < flags, checked once
//! into one typed [`Config`] that is passed to whoever needs it.

use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::auth::rules::config::AuthConfig;
use crate::cli::{LogFormat, Overrides};
use crate::config_error::err;
pub use crate::config_error::{ConfigError, normalise_url};
use crate::http::connections::ConnectionsConfig;
use crate::local::catalogues::OperatorCatalogues;
use crate::local::config::LocalConfig;
use crate::safety::config::SafetyConfig;
use crate::vault::config::VaultConfig;
use crate::weather::config::WeatherConfig;

pub mod database;
mod site;
mod sources;
pub mod storage;
mod stores;
pub use database::DatabaseConfig;
pub use site::{DEFAULT_PAGE_TITLE, Resource, ResourceCategory, SiteConfig, UI_LANGUAGES};
pub use sources::read_secret_file;
pub use storage::{Bucket, StorageConfig};

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
    pub copy: crate::copy::config::CopyConfig,
    pub incidents: crate::incidents::config::IncidentsConfig,
    pub email: crate::email::config::EmailConfig,
    pub checkin: crate::checkin::config::CheckinConfig,
    pub push: crate::push::config::PushConfig,
    pub advocates: crate::advocates::config::AdvocatesConfig,
    pub metrics: crate::metrics::config::MetricsConfig,
    pub operator: crate::operators::config::OperatorConfig,
    pub database: DatabaseConfig,
    pub storage: StorageConfig,
    /// `locales/*.json` next to the config file (not a key of the file itself).
    #[serde(skip)]
    pub catalogues: OperatorCatalogues,
    /// The file this was read from, if any (checked again for the operator's health page).
    #[serde(skip)]
    pub file: Option<PathBuf>,
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
    /// Below this much free space on the data directory's file system, in MiB, uploads are refused (507)
    /// while sign-in, check-ins and alarms go on (src/room/); 0 turns the floor off.
    pub data_dir_min_free_mib: u64,
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
            // Room for the database's own growth (sessions, check-ins, the write-ahead log), logs and a
            // backup's first minutes, far above what one upload adds.
            data_dir_min_free_mib: 1024,
        }
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
            Some(path) => {
                let mut config = Self::from_file(path)?;
                let dir = path.parent().unwrap_or(Path::new("."));
                config.catalogues = OperatorCatalogues::load(&dir.join("locales"))?;
                config.file = Some(path.clone());
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
        self.copy.validate()?;
        self.incidents.validate()?;
        self.email.validate()?;
        self.checkin.validate()?;
        self.push.validate()?;
        self.advocates.validate()?;
        self.metrics.validate()?;
        self.operator.validate()?;
        self.database.validate()?;
        self.storage.validate()?;
        crate::checkin::operator_config::validate(
            &self.operator.alert_email,
            &self.operator.email,
            &self.email,
        )?;
        self.site.validate(&self.languages())
    }

    /// Settings that work but weaken her protection: `validate-config` prints them and `serve` logs them.
    pub fn warnings(&self) -> Vec<String> {
        let mut warnings = Vec::new();
        if self.auth.sign_up_returns_session && self.auth.external_url.is_empty() {
            warnings.push(
                "auth.sign_up_returns_session is on: a sign-up for an address that has an account answers                  `user_already_exists`, so anyone who tries her e-mail address learns that she has an account                  here. Switch it off unless a client needs GoTrue's autoconfirm answers."
                    .to_string(),
            );
        }
        warnings.extend(self.store_warnings());
        warnings
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
        if self.data_dir_min_free_mib > 1_048_576 {
            return Err(ConfigError::invalid(
                "server.data_dir_min_free_mib",
                "must be between 0 (off) and 1048576 (MiB)",
            ));
        }
        Ok(())
    }
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
