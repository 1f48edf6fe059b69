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
    /// Several instances on one database (README, "Running on more than one machine"): the instance that
    /// sends an alert claims it for this long and renews the claim while it sends; if it dies, another
    /// instance sends the alert once the claim has run out, within this and a few seconds. One instance
    /// never waits for it.
    pub alert_lease_seconds: u32,
}

impl Default for CheckinConfig {
    fn default() -> Self {
        Self {
            min_minutes: 15,
            max_minutes: 24 * 60,
            alert_retry_hours: 24,
            alert_lease_seconds: DEFAULT_LEASE_SECONDS,
        }
    }
}

/// Half a minute: an alarm whose sender died waits at most this (and a few seconds) for another instance.
pub const DEFAULT_LEASE_SECONDS: u32 = 30;
/// The claim is renewed three times a lease: shorter would be a write every fraction of a second.
const SHORTEST_LEASE: u32 = 2;
/// Ten minutes: longer, and an alarm whose sender died would wait too long.
const LONGEST_LEASE: u32 = 600;

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
        if !(SHORTEST_LEASE..=LONGEST_LEASE).contains(&self.alert_lease_seconds) {
            return Err(ConfigError::invalid(
                "checkin.alert_lease_seconds",
                format!(
                    "must be between {SHORTEST_LEASE} and {LONGEST_LEASE} (seconds): how long another \
                     instance waits before it sends an alert whose sender stopped"
                ),
            ));
        }
        Ok(())
    }
}
