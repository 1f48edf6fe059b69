//! The `[push]` config section: which push services the server may send to (docs/checkin.md, "Web Push").

use serde::Deserialize;

use crate::config_error::ConfigError;

/// The push services of the browsers in use (Chrome and Chromium-based, Firefox, Safari, Edge): a
/// subscription's endpoint must be on one of these, so the server never POSTs to a host she (or someone
/// holding her session) chose, such as one inside the operator's network.
pub const DEFAULT_HOSTS: &[&str] = &[
    "fcm.googleapis.com",
    "push.services.mozilla.com",
    "push.apple.com",
    "notify.windows.com",
];

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct PushConfig {
    /// Off: the browser is never offered notifications and nothing is pushed.
    pub enabled: bool,
    /// Host names (and their subdomains) of the push services accepted, over https on port 443.
    pub allowed_hosts: Vec<String>,
    /// For tests: endpoints starting with this URL, which must be on a loopback address, are accepted too.
    pub test_endpoint: Option<String>,
}

impl Default for PushConfig {
    fn default() -> Self {
        Self {
            enabled: true,
            allowed_hosts: DEFAULT_HOSTS.iter().map(|h| (*h).to_string()).collect(),
            test_endpoint: None,
        }
    }
}

impl PushConfig {
    pub fn validate(&self) -> Result<(), ConfigError> {
        for host in &self.allowed_hosts {
            let ok = matches!(url::Host::parse(host), Ok(url::Host::Domain(d)) if d == host.as_str() && d.contains('.'));
            if !ok {
                return Err(ConfigError::invalid(
                    "push.allowed_hosts",
                    format!(
                        "{host:?} is not a lower-case host name with a dot (an IP address is not accepted)"
                    ),
                ));
            }
        }
        if let Some(t) = &self.test_endpoint {
            let loopback = url::Url::parse(t).ok().is_some_and(|u| {
                matches!(u.scheme(), "http" | "https")
                    && match u.host() {
                        Some(url::Host::Ipv4(a)) => a.is_loopback(),
                        Some(url::Host::Ipv6(a)) => a.is_loopback(),
                        _ => false,
                    }
            });
            if !loopback {
                return Err(ConfigError::invalid(
                    "push.test_endpoint",
                    "must be an http(s) URL on a loopback address (127.0.0.1 or [::1]); it is for tests",
                ));
            }
        }
        Ok(())
    }
}
