//! Why a configuration is refused, and the URL check several sections share. A leaf module: each
//! section (`auth::rules::config`, `weather::config`, …) uses it without importing `config.rs`, which imports
//! the sections.

/// Why the configuration was refused; `Display` names the key and where the value came from.
#[derive(Debug, PartialEq, thiserror::Error)]
#[error("{origin}: {}{reason}", if key.is_empty() { String::new() } else { format!("`{key}`: ") })]
pub struct ConfigError {
    /// The file, variable or check the value came from.
    pub origin: String,
    pub key: String,
    pub reason: String,
}

impl ConfigError {
    /// A value that parsed but breaks a rule of its section.
    pub fn invalid(key: &str, reason: impl Into<String>) -> Self {
        err(CHECK, key, reason)
    }
}

/// Where a rule-breaking value is reported from (the layers are merged by then).
const CHECK: &str = "configuration";

pub(crate) fn err(source: impl Into<String>, key: &str, reason: impl Into<String>) -> ConfigError {
    ConfigError {
        origin: source.into(),
        key: key.into(),
        reason: reason.into(),
    }
}

/// Checks an http(s) URL and returns it without a trailing slash; errors name `key`.
pub fn normalise_url(value: &str, key: &str) -> Result<String, ConfigError> {
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
