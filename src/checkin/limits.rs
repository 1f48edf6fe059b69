//! What one account can make the server send (docs/checkin.md, "Limits"): alert e-mails, test or real,
//! counted per account, and every alert, e-mail or advocate's, counted per recipient, over a day. Tests and
//! new check-ins are refused once a day's count is reached; an alarm is never held back, only counted.
//!
//! Counted in memory, under keys that are a salted SHA-256 of the account and the recipient: nothing here
//! is written to disk, and no address is kept for it (the salt is new at every start).

use std::sync::Mutex;
use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use sha2::{Digest, Sha256};

use super::errors::CheckinError;
use crate::logging::mask_email;
use crate::rate_limit::{RateLimiter, whole_seconds};

/// Alerts (tests, duress and overdue together) one account may have sent to one address or advocate in a
/// day before a test or new check-in naming them is refused. A check-in already running sends its alarms
/// anyway (at most two: one duress alert while it runs and its last), so a recipient gets at most six.
pub const PER_RECIPIENT_PER_DAY: u32 = 4;
/// Alert e-mails one account may have sent in a day (to anyone) before more tests or check-ins are
/// refused; a running check-in's alarms still go, so at most 30 (20 and its five addresses twice).
pub const PER_ACCOUNT_PER_DAY: u32 = 20;
const DAY: Duration = Duration::from_secs(24 * 3600);

/// Whom an alert goes to.
pub enum To<'a> {
    Email(&'a str),
    Advocate(&'a str),
}

pub struct SendLimits {
    salt: [u8; 32],
    emails: RateLimiter,
    recipients: RateLimiter,
    /// Checking every key of a request and then counting them is one step, so two tests sent at once
    /// cannot both pass on the same room.
    gate: Mutex<()>,
}

impl Default for SendLimits {
    fn default() -> Self {
        Self {
            salt: rand::random(),
            emails: RateLimiter::new(PER_ACCOUNT_PER_DAY, DAY),
            recipients: RateLimiter::new(PER_RECIPIENT_PER_DAY, DAY),
            gate: Mutex::new(()),
        }
    }
}

impl SendLimits {
    /// A salted hash of the account and whom (kind, id): the limiters never hold an address.
    fn hash(&self, account: &str, kind: &str, id: &str) -> String {
        let mut h = Sha256::new();
        for part in [
            &self.salt[..],
            account.as_bytes(),
            kind.as_bytes(),
            id.as_bytes(),
        ] {
            h.update((part.len() as u64).to_be_bytes());
            h.update(part);
        }
        B64.encode(h.finalize())
    }

    fn key(&self, account: &str, to: &To) -> String {
        match to {
            To::Email(address) => self.hash(account, "email", address),
            To::Advocate(id) => self.hash(account, "advocate", id),
        }
    }

    fn account_key(&self, account: &str) -> String {
        self.hash(account, "account", "")
    }

    /// Whether one alert to each of `to` fits in `account`'s day: for a test, or a check-in she starts
    /// (its first alarm must fit). `count` counts them (a test, sent now).
    pub fn allow(&self, account: &str, to: &[To], count: bool) -> Result<(), CheckinError> {
        let _one_at_a_time = self.gate.lock().unwrap_or_else(|p| p.into_inner());
        let refused = |wait: Duration, to: Option<String>| CheckinError::SendLimit {
            wait_secs: whole_seconds(wait),
            to,
        };
        for t in to {
            let key = self.key(account, t);
            if self.recipients.left(&key) == 0 {
                let whom = match t {
                    To::Email(address) => mask_email(address),
                    To::Advocate(_) => "Your advocate".into(),
                };
                return Err(refused(self.recipients.wait(&key), Some(whom)));
            }
        }
        let emails = to.iter().filter(|t| matches!(t, To::Email(_))).count() as u32;
        let account_key = self.account_key(account);
        if emails > 0 && self.emails.left(&account_key) < emails {
            return Err(refused(self.emails.wait(&account_key), None));
        }
        if count {
            to.iter().for_each(|t| self.sent(account, t));
        }
        Ok(())
    }

    /// One alert went (an alarm, which no limit holds back): counted against what may follow it.
    pub fn sent(&self, account: &str, to: &To) {
        self.recipients.count(&self.key(account, to), 1);
        if matches!(to, To::Email(_)) {
            self.emails.count(&self.account_key(account), 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recipients_day_is_per_account_and_alarms_still_count() {
        let limits = SendLimits::default();
        let friend = [To::Email("friend@example.org")];
        for _ in 0..PER_RECIPIENT_PER_DAY {
            limits.allow("her", &friend, true).unwrap();
        }
        match limits.allow("her", &friend, true) {
            Err(CheckinError::SendLimit { wait_secs, to }) => {
                assert!(wait_secs > 23 * 3600);
                assert_eq!(to.as_deref(), Some("f***@example.org"));
            }
            other => panic!("{other:?}"),
        }
        assert!(limits.allow("someone else", &friend, false).is_ok());
        // An advocate is counted apart from an address.
        let advocate = [To::Advocate("friend@example.org")];
        assert!(limits.allow("her", &advocate, false).is_ok());
    }

    #[test]
    fn an_accounts_emails_are_counted_together_and_advocates_do_not_use_them_up() {
        let limits = SendLimits::default();
        let addresses: Vec<String> = (0..PER_ACCOUNT_PER_DAY)
            .map(|i| format!("p{i}@x.org"))
            .collect();
        let to: Vec<To> = addresses.iter().map(|a| To::Email(a)).collect();
        limits.allow("her", &to, true).unwrap();
        let one_more = [To::Email("new@x.org")];
        assert!(matches!(
            limits.allow("her", &one_more, false),
            Err(CheckinError::SendLimit { to: None, .. })
        ));
        assert!(limits.allow("her", &[To::Advocate("a1")], true).is_ok());
    }
}
