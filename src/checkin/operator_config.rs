//! The `[operator]` section's alarm settings (docs/operator.md, "When alarms cannot be sent"): where the
//! operator is told when alarm e-mail fails (`alert_email`), and an optional second mail server for that
//! message (`[operator.email]`, the same keys as `[email]`), so that a broken main mail server does not
//! also silence the message about it. The fields live in `crate::operators::config::OperatorConfig`;
//! their rules live here, beside the alarms they serve.

use crate::config_error::ConfigError;
use crate::email::config::EmailConfig;

/// Checks `operator.alert_email` and `[operator.email]`, given the main `[email]` section.
pub fn validate(
    alert_email: &str,
    second: &EmailConfig,
    main: &EmailConfig,
) -> Result<(), ConfigError> {
    second.validate().map_err(|mut e| {
        e.key = format!("operator.{}", e.key);
        e
    })?;
    let to = alert_email.trim();
    if to.is_empty() {
        return Ok(());
    }
    if !crate::email::send::is_address(to) {
        return Err(ConfigError::invalid(
            "operator.alert_email",
            "must be one e-mail address, e.g. alerts@shelter.example",
        ));
    }
    if !main.enabled() && !second.enabled() {
        return Err(ConfigError::invalid(
            "operator.alert_email",
            "needs a mail server to send through: [email] or [operator.email]",
        ));
    }
    Ok(())
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
        let none = EmailConfig::default();
        let e = validate("not an address", &none, &main()).unwrap_err();
        assert_eq!(e.key, "operator.alert_email");
        let e = validate("ops@example.org", &none, &none).unwrap_err();
        assert!(e.reason.contains("[operator.email]"), "{e}");
        let broken = EmailConfig {
            smtp_url: "http://mail.example.org".into(),
            ..main()
        };
        let e = validate("ops@example.org", &broken, &main()).unwrap_err();
        assert_eq!(e.key, "operator.email.smtp_url");
        assert!(validate("", &none, &none).is_ok());
    }
}
