//! The `[operator]` section's console settings (docs/operator.md, "Operator accounts"): from where the
//! console answers, and how long its audit is kept. Kept apart from the section's mail settings so each
//! stays small.

use std::net::IpAddr;

use serde::Deserialize;

use crate::config_error::ConfigError;
use crate::http::client_address::TrustedProxy;

/// From where `/operator` and `/api/operator/*` answer; from anywhere else they answer 404.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ConsoleReach {
    /// This machine (loopback) and `allowed_networks` only.
    #[default]
    Local,
    /// Every address: two-step sign-in is then all that stands before the console.
    Anywhere,
    /// Nowhere.
    Off,
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct OperatorConfig {
    pub enabled: ConsoleReach,
    /// Networks besides loopback the console answers (`10.0.0.0/8`, `192.168.1.20`), read as
    /// `src/http/client_address.rs` reads the client's address.
    pub allowed_networks: Vec<TrustedProxy>,
    /// Days an entry of the operators' audit is kept.
    pub audit_days: u32,
    /// Told (counts and the reason only) when alarm e-mails start failing; empty: nobody is e-mailed.
    /// Checked, with `email`, by `crate::checkin::operator_config::validate`.
    pub alert_email: String,
    /// `[operator.email]`: a second mail server for that message; empty: the main `[email]` server.
    pub email: crate::email::config::EmailConfig,
}

impl Default for OperatorConfig {
    fn default() -> Self {
        Self {
            enabled: ConsoleReach::Local,
            allowed_networks: Vec::new(),
            // A year: long enough to answer "who did this to my account" when she asks months later.
            audit_days: 365,
            alert_email: String::new(),
            email: Default::default(),
        }
    }
}

impl OperatorConfig {
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !(1..=3650).contains(&self.audit_days) {
            return Err(ConfigError::invalid(
                "operator.audit_days",
                "must be between 1 and 3650 (days)",
            ));
        }
        Ok(())
    }

    /// Whether a request from `client` (as `ClientIp` resolved it) may reach the console.
    pub fn allows(&self, client: IpAddr) -> bool {
        match self.enabled {
            ConsoleReach::Off => false,
            ConsoleReach::Anywhere => true,
            ConsoleReach::Local => {
                let client = client.to_canonical();
                client.is_loopback()
                    || crate::http::client_address::TrustedProxies::new(&self.allowed_networks)
                        .contains(client)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_default_only_this_machine_reaches_the_console() {
        let c = OperatorConfig::default();
        assert!(c.allows("127.0.0.1".parse().unwrap()));
        assert!(c.allows("::1".parse().unwrap()));
        assert!(c.allows("::ffff:127.0.0.1".parse().unwrap()));
        assert!(!c.allows("203.0.113.9".parse().unwrap()));
        let c = OperatorConfig {
            allowed_networks: vec!["10.0.0.0/8".parse().unwrap()],
            ..OperatorConfig::default()
        };
        assert!(c.allows("10.1.2.3".parse().unwrap()));
        assert!(!c.allows("11.1.2.3".parse().unwrap()));
        let off = OperatorConfig {
            enabled: ConsoleReach::Off,
            ..OperatorConfig::default()
        };
        assert!(!off.allows("127.0.0.1".parse().unwrap()));
    }
}
