//! The `[safety]` config section: the neutral pages the quick exit leaves for.

use std::net::IpAddr;

use serde::Deserialize;

use crate::config_error::ConfigError;

const KEY: &str = "safety.exit_destinations";

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct SafetyConfig {
    /// Pages the quick exit replaces the app with, one picked at random. They must show nothing personal
    /// even to someone signed in there (so no webmail inbox or social network).
    pub exit_destinations: Vec<String>,
    /// The disguise the app installs as ('Add to Home screen': name, icon, first screen) unless the device
    /// picked the other one in Settings.
    pub default_disguise: crate::assets::Disguise,
}

impl Default for SafetyConfig {
    fn default() -> Self {
        Self {
            // A search engine without accounts, an encyclopedia's portal and a public weather service:
            // everyday pages that look ordinary in a history list and never show who is signed in.
            exit_destinations: vec![
                "https://duckduckgo.com/".into(),
                "https://www.wikipedia.org/".into(),
                "https://www.yr.no/en".into(),
            ],
            default_disguise: crate::assets::Disguise::Weather,
        }
    }
}

impl SafetyConfig {
    /// Each destination is an absolute https URL on another site than Solace's own (`site_url`), none
    /// twice; plain http is accepted only for a loopback host, so tests can use a local page.
    pub fn validate(&self, site_url: &str) -> Result<(), ConfigError> {
        if self.exit_destinations.is_empty() {
            return Err(error(KEY, "list at least one neutral page".into()));
        }
        let own_origin = url::Url::parse(site_url).ok().map(|u| u.origin());
        let mut seen = Vec::new();
        for (i, raw) in self.exit_destinations.iter().enumerate() {
            let key = format!("{KEY}[{i}]");
            let parsed = url::Url::parse(raw.trim())
                .map_err(|e| error(&key, format!("{raw:?} is not an absolute URL ({e})")))?;
            let loopback = match parsed.host() {
                Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
                Some(url::Host::Ipv4(ip)) => IpAddr::V4(ip).is_loopback(),
                Some(url::Host::Ipv6(ip)) => IpAddr::V6(ip).is_loopback(),
                None => false,
            };
            match parsed.scheme() {
                "https" => {}
                "http" if loopback => {}
                _ => {
                    return Err(error(
                        &key,
                        format!(
                            "{raw:?} must be an https:// address (http only for a loopback host)"
                        ),
                    ));
                }
            }
            if parsed.host().is_none() {
                return Err(error(&key, format!("{raw:?} has no host")));
            }
            if !parsed.username().is_empty() || parsed.password().is_some() {
                return Err(error(
                    &key,
                    format!("{raw:?} must not carry a user name or password"),
                ));
            }
            if own_origin.as_ref() == Some(&parsed.origin()) {
                return Err(error(
                    &key,
                    format!("{raw:?} is Solace's own site; Back would lead into the app again"),
                ));
            }
            if seen.contains(&parsed) {
                return Err(error(&key, format!("{raw:?} is listed twice")));
            }
            seen.push(parsed);
        }
        Ok(())
    }
}

fn error(key: &str, reason: String) -> ConfigError {
    ConfigError::invalid(key, reason)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SITE: &str = "https://solace.example.org";

    fn with(list: &[&str]) -> SafetyConfig {
        SafetyConfig {
            exit_destinations: list.iter().map(|s| s.to_string()).collect(),
            ..SafetyConfig::default()
        }
    }

    #[test]
    fn defaults_are_valid_neutral_https_pages() {
        let d = SafetyConfig::default();
        assert!(d.validate(SITE).is_ok());
        assert!(
            d.exit_destinations
                .iter()
                .all(|u| u.starts_with("https://"))
        );
        assert!(!d.exit_destinations.iter().any(|u| u.contains("mail")));
    }

    #[test]
    fn empty_list_is_refused() {
        let e = with(&[]).validate(SITE).unwrap_err();
        assert_eq!(e.key, KEY);
    }

    #[test]
    fn plain_http_is_refused_except_on_loopback() {
        let e = with(&["http://example.org/"]).validate(SITE).unwrap_err();
        assert_eq!(e.key, "safety.exit_destinations[0]");
        assert!(e.reason.contains("https"), "{}", e.reason);
        for local in [
            "http://127.0.0.1:9000/",
            "http://localhost:9/",
            "http://[::1]:9/",
        ] {
            assert!(with(&[local]).validate(SITE).is_ok(), "{local}");
        }
    }

    #[test]
    fn relative_other_schemes_and_credentials_are_refused() {
        for bad in [
            "/neutral",
            "javascript:alert(1)",
            "ftp://example.org/",
            "https://u:p@example.org/",
        ] {
            let e = with(&["https://example.org/", bad])
                .validate(SITE)
                .unwrap_err();
            assert_eq!(e.key, "safety.exit_destinations[1]", "{bad}");
        }
    }

    #[test]
    fn duplicates_and_the_own_site_are_refused() {
        let e = with(&["https://example.org", "https://example.org/"])
            .validate(SITE)
            .unwrap_err();
        assert!(e.reason.contains("twice"), "{}", e.reason);
        let e = with(&["https://solace.example.org/help"])
            .validate(SITE)
            .unwrap_err();
        assert!(e.reason.contains("own site"), "{}", e.reason);
    }
}
