//! The `[database]` section: where the tables live. `sqlite://` is the data directory's `solace.db`, as
//! always; `postgres://user@host:port/db?sslmode=...` names a PostgreSQL server (docs/development.md, "The
//! database layer"), which `solace validate-config --connect` checks too.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use serde::Deserialize;

use crate::config_error::ConfigError;
use crate::db::{DbError, PostgresServer};
use crate::secret::Secret;

/// The one SQLite URL: the data directory's file, whatever `server.data_dir` says.
pub const SQLITE: &str = "sqlite://";

/// How long `--connect` waits for the server to answer at all.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct DatabaseConfig {
    /// A `Secret`: a PostgreSQL URL may hold the password, and a config dump must not show it.
    pub url: Secret,
    /// A file holding only the PostgreSQL password (instead of one in `url`).
    pub password_file: Option<PathBuf>,
    /// PEM certificates of the authority that signed the server's (or the server's own, self-signed);
    /// unset: the public authorities.
    pub ca_file: Option<PathBuf>,
    /// The password from `SOLACE_DATABASE_PASSWORD(_FILE)` or `password_file`, once the layers are merged.
    #[serde(skip)]
    pub password: Secret,
}

impl Default for DatabaseConfig {
    fn default() -> Self {
        Self {
            url: Secret::new(SQLITE),
            password_file: None,
            ca_file: None,
            password: Secret::default(),
        }
    }
}

impl DatabaseConfig {
    /// The PostgreSQL server's settings with the password in place, or None for SQLite.
    pub fn postgres(&self) -> Option<postgres::Config> {
        let mut config = parse_postgres(self.url.expose()).ok()??;
        if !self.password.is_empty() {
            config.password(self.password.expose());
        }
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        Some(config)
    }

    /// The PostgreSQL server the database layer connects to (settings, password and TLS), or None for
    /// SQLite; an error when `ca_file` holds no certificate it can read.
    pub fn server(&self) -> Result<Option<PostgresServer>, DbError> {
        match self.postgres() {
            None => Ok(None),
            Some(config) => Ok(Some(PostgresServer::new(config, self.ca_file.as_deref())?)),
        }
    }

    /// Whether the file's URL itself holds a password (warned about when others can read the file).
    pub fn url_holds_password(&self) -> bool {
        matches!(parse_postgres(self.url.expose()), Ok(Some(c)) if c.get_password().is_some())
    }

    pub(super) fn validate(&self) -> Result<(), ConfigError> {
        let postgres = parse_postgres(self.url.expose())?;
        match postgres {
            None if self.password_file.is_some() => Err(ConfigError::invalid(
                "database.password_file",
                "is for a postgres:// database, but database.url is sqlite://: remove it",
            )),
            None if self.ca_file.is_some() => Err(ConfigError::invalid(
                "database.ca_file",
                "is for a postgres:// database, but database.url is sqlite://: remove it",
            )),
            None => Ok(()),
            Some(c) if c.get_password().is_some() && self.password_file.is_some() => {
                Err(ConfigError::invalid(
                    "database.password_file",
                    "the password is in database.url too: keep it in one place (the file is safer)",
                ))
            }
            Some(_) => match &self.ca_file {
                Some(path) if !path.is_file() => Err(ConfigError::invalid(
                    "database.ca_file",
                    format!("{} is not a file", path.display()),
                )),
                _ => Ok(()),
            },
        }
    }
}

/// None for `sqlite://`; the server's settings for a `postgres://` URL. The URL itself never appears in
/// an error, as it may hold the password.
fn parse_postgres(url: &str) -> Result<Option<postgres::Config>, ConfigError> {
    let bad = |why: String| ConfigError::invalid("database.url", why);
    let url = url.trim();
    if url == SQLITE {
        return Ok(None);
    }
    if url.starts_with("sqlite:") {
        return Err(bad(format!(
            "must be exactly {SQLITE:?}: SQLite keeps its file in the data directory (server.data_dir)"
        )));
    }
    if !is_postgres_url(url) {
        return Err(bad(format!(
            "must be {SQLITE:?} or postgres://USER@HOST:PORT/DATABASE (it starts with neither)"
        )));
    }
    postgres_settings(url, "database.url").map(Some)
}

/// Whether `url` names a PostgreSQL server.
pub fn is_postgres_url(url: &str) -> bool {
    let url = url.trim();
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

/// The PostgreSQL server another URL than `[database]`'s names (`solace migrate-data --to`), with the
/// password from `password` when the URL holds none, and TLS trusting `ca_file` or the public
/// authorities. Errors name `key` and never repeat the URL, which may hold the password.
pub fn server_at(
    url: &str,
    key: &str,
    password: Option<&str>,
    ca_file: Option<&Path>,
) -> Result<PostgresServer, ConfigError> {
    let mut config = postgres_settings(url.trim(), key)?;
    if let Some(password) = password.filter(|_| config.get_password().is_none()) {
        config.password(password);
    }
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(CONNECT_TIMEOUT);
    }
    PostgresServer::new(config, ca_file).map_err(|e| ConfigError::invalid(key, e.to_string()))
}

/// A `postgres://` URL's settings, each rule's refusal naming `key`.
fn postgres_settings(url: &str, key: &str) -> Result<postgres::Config, ConfigError> {
    let bad = |why: String| ConfigError::invalid(key, why);
    let config = postgres::Config::from_str(url).map_err(|e| {
        // The library's cause names the option (never its value): "invalid value for option `sslmode`".
        let mut why = e.to_string();
        if let Some(cause) = std::error::Error::source(&e) {
            why = format!("{why}: {cause}");
        }
        if why.contains("sslmode") {
            why.push_str(" (disable, prefer or require)");
        }
        bad(format!("is not a PostgreSQL URL: {why}"))
    })?;
    if config.get_user().is_none_or(str::is_empty) {
        return Err(bad("needs a user: postgres://USER@HOST/DATABASE".into()));
    }
    if config.get_hosts().is_empty() {
        return Err(bad("needs a host: postgres://USER@HOST/DATABASE".into()));
    }
    if config.get_dbname().is_none_or(str::is_empty) {
        return Err(bad(
            "needs a database name: postgres://USER@HOST/DATABASE".into()
        ));
    }
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_url(url: &str) -> DatabaseConfig {
        DatabaseConfig {
            url: Secret::new(url),
            ..Default::default()
        }
    }

    #[test]
    fn sqlite_and_postgres_urls() {
        assert!(with_url("sqlite://").validate().is_ok());
        assert!(with_url("sqlite://").postgres().is_none());
        let c = with_url("postgres://solace@db.example.org:5433/solace?sslmode=require");
        assert!(c.validate().is_ok());
        let pg = c.postgres().unwrap();
        assert_eq!(pg.get_ports(), [5433]);
        assert_eq!(pg.get_ssl_mode(), postgres::config::SslMode::Require);
        assert_eq!(pg.get_connect_timeout(), Some(&CONNECT_TIMEOUT));
    }

    #[test]
    fn bad_urls_name_the_key_and_never_echo_the_url() {
        for url in [
            "sqlite:///var/lib/x.db",
            "mysql://u:hunter2-pw@h/d",
            "postgres://u:hunter2-pw@h/d?sslmode=sometimes",
            "postgres://:hunter2-pw@h/d",
            "postgres://u:hunter2-pw@h",
        ] {
            let e = with_url(url).validate().unwrap_err();
            assert_eq!(e.key, "database.url", "{url}");
            assert!(!e.to_string().contains("hunter2"), "{e}");
        }
    }

    #[test]
    fn one_password_in_one_place() {
        let mut c = with_url("postgres://u:hunter2-pw@h/d");
        assert!(c.url_holds_password());
        c.password_file = Some("/run/secrets/pg".into());
        assert_eq!(c.validate().unwrap_err().key, "database.password_file");
        let mut c = with_url("sqlite://");
        c.password_file = Some("/run/secrets/pg".into());
        assert_eq!(c.validate().unwrap_err().key, "database.password_file");
    }

    #[test]
    fn a_config_dump_shows_no_password() {
        let mut c = with_url("postgres://u:hunter2-pw@h/d");
        c.password = Secret::new("hunter2-env");
        let dump = format!("{c:?}");
        assert!(!dump.contains("hunter2"), "{dump}");
    }

    #[test]
    fn the_merged_password_wins_over_the_urls() {
        let mut c = with_url("postgres://u:in-url@h/d");
        c.password = Secret::new("from-env");
        assert_eq!(c.postgres().unwrap().get_password(), Some(&b"from-env"[..]));
    }
}
