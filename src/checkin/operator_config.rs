//! The `[operator]` section's alarm settings (docs/operator.md, "When alarms cannot be sent"): where the
//! operator is told when alarm e-mail fails (`alert_email`), and an optional second mail server for that
//! message (`[operator.email]`, the same keys as `[email]`), so that a broken main mail server does not
//! also silence the message about it.

use serde::Deserialize;

use crate::config_error::ConfigError;
use crate::email::config::EmailConfig;

#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct OperatorConfig {
    /// Told (only counts and the reason) when alarm e-mails start failing; empty: nobody is e-mailed.
    pub alert_email: String,
    /// The mail server for that message; empty: the main `[email]` server.
    pub email: EmailConfig,
}

impl OperatorConfig {
    pub fn validate(&self, main: &EmailConfig) -> Result<(), ConfigError> {
        self.email.validate().map_err(|mut e| {
            e.key = format!("operator.{}", e.key);
            e
        })?;
        let to = self.alert_email.trim();
        if to.is_empty() {
            return Ok(());
        }
        if !crate::email::send::is_address(to) {
            return Err(ConfigError::invalid(
                "operator.alert_email",
                "must be one e-mail address, e.g. alerts@shelter.example",
            ));
        }
        if !main.enabled() && !self.email.enabled() {
            return Err(ConfigError::invalid(
                "operator.alert_email",
                "needs a mail server to send through: [email] or [operator.email]",
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn main() -> EmailConfig {
        EmailConfig {
            smtp_url: "smtp://127.0.0.1:25?tls=none".into(),
            from: "Solace <alerts@example.org>".into(),
            ..Default::default()
        }
    }

    #[test]
    fn nonsense_is_named_under_operator() {
        let bad = OperatorConfig {
            alert_email: "not an address".into(),
            ..Default::default()
        };
        assert_eq!(
            bad.validate(&main()).unwrap_err().key,
            "operator.alert_email"
        );
        let nowhere = OperatorConfig {
            alert_email: "ops@example.org".into(),
            ..Default::default()
        };
        let e = nowhere.validate(&EmailConfig::default()).unwrap_err();
        assert!(e.reason.contains("[operator.email]"), "{e}");
        let second = OperatorConfig {
            alert_email: "ops@example.org".into(),
            email: EmailConfig {
                smtp_url: "http://mail.example.org".into(),
                ..main()
            },
        };
        assert_eq!(
            second.validate(&main()).unwrap_err().key,
            "operator.email.smtp_url"
        );
        assert!(
            OperatorConfig::default()
                .validate(&EmailConfig::default())
                .is_ok()
        );
    }
}
