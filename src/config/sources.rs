//! Where settings come from besides the file: `SOLACE_*` environment variables, command-line flags, and
//! secrets kept in files of their own (`*_file` keys).

use std::path::Path;

use super::Config;
use crate::cli::Overrides;
use crate::config_error::{ConfigError, err};
use crate::secret::Secret;

impl Config {
    /// Environment variables for settings that have no flag (secrets and their `_FILE` variants).
    pub(super) fn apply_env(
        &mut self,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<(), ConfigError> {
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
        secret_from_env(env, "SOLACE_EMAIL_PASSWORD", &mut self.email.password)?;
        secret_from_env(env, "SOLACE_DATABASE_PASSWORD", &mut self.database.password)?;
        let storage = &mut self.storage;
        secret_from_env(
            env,
            "SOLACE_STORAGE_ACCESS_KEY_ID",
            &mut storage.access_key_id,
        )?;
        secret_from_env(
            env,
            "SOLACE_STORAGE_SECRET_ACCESS_KEY",
            &mut storage.secret_access_key,
        )?;
        Ok(())
    }

    pub(super) fn apply_overrides(&mut self, o: &Overrides) -> Result<(), ConfigError> {
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
    pub(super) fn resolve_secret_files(&mut self) -> Result<(), ConfigError> {
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
        let email = &mut self.email;
        secret_from_file(
            &email.password_file,
            "email.password_file",
            &mut email.password,
        )?;
        let database = &mut self.database;
        secret_from_file(
            &database.password_file,
            "database.password_file",
            &mut database.password,
        )?;
        let storage = &mut self.storage;
        secret_from_file(
            &storage.access_key_id_file,
            "storage.access_key_id_file",
            &mut storage.access_key_id,
        )?;
        secret_from_file(
            &storage.secret_access_key_file,
            "storage.secret_access_key_file",
            &mut storage.secret_access_key,
        )?;
        if let Some(path) = &self.metrics.bearer_token_file {
            self.metrics.bearer_token = read_secret_file(path, "metrics.bearer_token_file")?;
        }
        let second = &mut self.operator.email;
        if second.password.is_empty()
            && let Some(path) = &second.password_file
        {
            second.password = read_secret_file(path, "operator.email.password_file")?;
        }
        Ok(())
    }
}

/// `NAME`, then `NAME_FILE`: the file's content wins when both are set.
fn secret_from_env(
    env: &dyn Fn(&str) -> Option<String>,
    name: &str,
    secret: &mut Secret,
) -> Result<(), ConfigError> {
    if let Some(value) = env(name) {
        *secret = Secret::new(value);
    }
    let file_var = format!("{name}_FILE");
    if let Some(path) = env(&file_var) {
        *secret = read_secret_file(Path::new(&path), &file_var)?;
    }
    Ok(())
}

/// A `*_file` key's secret, read only when no layer above gave the secret itself.
fn secret_from_file(
    path: &Option<std::path::PathBuf>,
    key: &str,
    secret: &mut Secret,
) -> Result<(), ConfigError> {
    if secret.is_empty()
        && let Some(path) = path
    {
        *secret = read_secret_file(path, key)?;
    }
    Ok(())
}

/// A file holding only a secret (one line ending at its end is not part of it); errors name `key`.
pub fn read_secret_file(path: &Path, key: &str) -> Result<Secret, ConfigError> {
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
