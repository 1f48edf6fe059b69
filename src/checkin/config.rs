//! The `[checkin]` config section: the shortest and longest time a check-in may run, and how long an alert
//! e-mail the mail server does not take is tried again.

use serde::Deserialize;

use crate::config_error::ConfigError;

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct CheckinConfig {
    /// Shorter than this and a slow answer would raise a false alarm.
    pub min_minutes: u32,
    /// Longer than this and the people alerted learn too late to help.
    pub max_minutes: u32,
    /// An alert e-mail the mail server does not take is tried again, with growing waits, this long after
    /// its first failure before it is given up: at least a day, so a mail server down overnight or over a
    /// weekend's first day loses no alarm.
    pub alert_retry_hours: u32,
}

impl Default for CheckinConfig {
    fn default() -> Self {
        Self {
            min_minutes: 15,
            max_minutes: 24 * 60,
            alert_retry_hours: 24,
        }
    }
}

/// A week: beyond it a timer is no longer a check-in.
const LONGEST: u32 = 7 * 24 * 60;

impl CheckinConfig {
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !(1..=LONGEST).contains(&self.min_minutes) {
            return Err(ConfigError::invalid(
                "checkin.min_minutes",
                format!("must be between 1 and {LONGEST}"),
            ));
        }
        if !(self.min_minutes..=LONGEST).contains(&self.max_minutes) {
            return Err(ConfigError::invalid(
                "checkin.max_minutes",
                format!("must be between checkin.min_minutes and {LONGEST}"),
            ));
        }
        if !(24..=LONGEST / 60).contains(&self.alert_retry_hours) {
            return Err(ConfigError::invalid(
                "checkin.alert_retry_hours",
                format!(
                    "must be between 24 and {} (hours): an alarm the mail server does not take is tried \
                     again for at least a day",
                    LONGEST / 60
                ),
            ));
        }
        Ok(())
    }
}
