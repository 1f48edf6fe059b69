//! The e-mails a sign-up with an e-mail address sends when the operator has set up e-mail
//! (docs/auth-contract.md, "Confirming sign-ups by e-mail"), in English or Hindi. Both go to an inbox
//! someone else may read: one neutral subject for both, the site named only by its address (never the
//! product's name or what it is for), and the one to a taken address says nothing that shows she has an
//! account (no link, nothing to do, and words that fit an address with no account as well).

use std::sync::Mutex;
use std::time::Duration;

use crate::rate_limit::RateLimiter;

/// How long a confirmation link works (GoTrue's default `MAILER_OTP_EXP`).
pub const LINK_LIFETIME_SECS: i64 = 24 * 3600;

/// Sign-up e-mails (sent or asked again) to one address in an hour: a stranger cannot fill her inbox.
pub const PER_ADDRESS_PER_HOUR: u32 = 3;
/// From one client address in an hour, to any addresses.
pub const PER_CLIENT_PER_HOUR: u32 = 10;
/// From the whole server in an hour: the operator's mail account is not made a spam source.
pub const PER_SERVER_PER_HOUR: u32 = 100;
const HOUR: Duration = Duration::from_secs(3600);

/// The three limits on sign-up e-mails, counted together. They count every sign-up and resend that would
/// mail, whether or not the address has an account, so being refused tells nothing either.
pub struct MailLimits {
    address: RateLimiter,
    client: RateLimiter,
    server: RateLimiter,
    /// Checking all three and counting them is one step.
    gate: Mutex<()>,
}

impl Default for MailLimits {
    fn default() -> Self {
        Self {
            address: RateLimiter::new(PER_ADDRESS_PER_HOUR, HOUR),
            client: RateLimiter::new(PER_CLIENT_PER_HOUR, HOUR),
            server: RateLimiter::new(PER_SERVER_PER_HOUR, HOUR),
            gate: Mutex::new(()),
        }
    }
}

impl MailLimits {
    /// Counts one e-mail for `email` asked from `client`, or how long to wait when a limit is reached
    /// (then nothing is counted).
    pub fn take(&self, email: &str, client: &str) -> Result<(), Duration> {
        let _one_at_a_time = self.gate.lock().unwrap_or_else(|p| p.into_inner());
        let keys = [
            (&self.address, email),
            (&self.client, client),
            (&self.server, "all"),
        ];
        if let Some(wait) = keys
            .iter()
            .filter(|(limiter, key)| limiter.left(key) == 0)
            .map(|(limiter, key)| limiter.wait(key))
            .max()
        {
            return Err(wait);
        }
        keys.iter().for_each(|(limiter, key)| limiter.count(key, 1));
        Ok(())
    }
}

/// The languages these mails are written in; any other gets English.
pub fn language(accept_language: Option<&str>) -> &'static str {
    // The first language the browser asks for: "hi", "hi-IN", "hi;q=0.9"…
    let first = accept_language.and_then(|v| v.split(',').next()).map(|t| {
        t.split(';')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase()
    });
    match first.as_deref() {
        Some(t) if t == "hi" || t.starts_with("hi-") => "hi",
        _ => "en",
    }
}

struct Texts {
    subject: &'static str,
    asked: &'static str,
    open_link: &'static str,
    link_works: &'static str,
    nothing_to_confirm: &'static str,
    automatic: &'static str,
}

const EN: Texts = Texts {
    subject: "Your sign-up request",
    asked: "Someone asked to sign up at {site} with this e-mail address.",
    open_link: "If it was you, open this link to finish:",
    link_works: "The link works once, for 24 hours. If it was not you, you need do nothing: without the link, \
                 nothing is made.",
    nothing_to_confirm: "Nothing was changed, and there is nothing to confirm. If it was you and you have signed \
                         up there before, sign in with the password you chose then. If it was not you, you need \
                         do nothing.",
    automatic: "This message was sent automatically. Replies are not read.",
};

const HI: Texts = Texts {
    subject: "आपके साइन-अप का अनुरोध",
    asked: "किसी ने इस ईमेल पते से {site} पर साइन-अप करने को कहा।",
    open_link: "अगर यह आप थीं, तो पूरा करने के लिए यह लिंक खोलें:",
    link_works: "लिंक एक बार, 24 घंटे तक काम करता है। अगर यह आप नहीं थीं, तो कुछ करने की ज़रूरत नहीं: लिंक के \
                 बिना कुछ नहीं बनता।",
    nothing_to_confirm: "कुछ नहीं बदला, और पक्का करने को कुछ नहीं है। अगर यह आप थीं और आपने वहाँ पहले साइन-अप किया \
                         था, तो तब चुने हुए पासवर्ड से साइन इन करें। अगर यह आप नहीं थीं, तो कुछ करने की ज़रूरत नहीं।",
    automatic: "यह संदेश अपने-आप भेजा गया है। जवाब कोई नहीं पढ़ता।",
};

fn texts(language: &str) -> &'static Texts {
    if language == "hi" { &HI } else { &EN }
}

/// To a new address: the link that makes the account. `site` is the site's host.
pub fn confirm(language: &str, site: &str, link: &str) -> (String, String) {
    let t = texts(language);
    let body = format!(
        "{}\n\n{}\n\n{link}\n\n{}\n\n{}\n",
        t.asked.replace("{site}", site),
        t.open_link,
        t.link_works,
        t.automatic
    );
    (t.subject.to_string(), body)
}

/// To an address that already has an account: no link, and nothing that says so.
pub fn taken(language: &str, site: &str) -> (String, String) {
    let t = texts(language);
    let body = format!(
        "{}\n\n{}\n\n{}\n",
        t.asked.replace("{site}", site),
        t.nothing_to_confirm,
        t.automatic
    );
    (t.subject.to_string(), body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_gets_a_few_mails_an_hour_from_anyone() {
        let limits = MailLimits::default();
        for i in 0..PER_ADDRESS_PER_HOUR {
            assert!(
                limits
                    .take("her@example.org", &format!("10.0.0.{i}"))
                    .is_ok()
            );
        }
        let wait = limits.take("her@example.org", "10.0.1.1").unwrap_err();
        assert!(wait > Duration::from_secs(3500), "{wait:?}");
        assert!(limits.take("other@example.org", "10.0.1.1").is_ok());
    }

    #[test]
    fn the_browsers_first_language_chooses() {
        assert_eq!(language(Some("hi-IN,hi;q=0.9,en;q=0.8")), "hi");
        assert_eq!(language(Some("hi")), "hi");
        assert_eq!(language(Some("en-GB,hi;q=0.5")), "en");
        assert_eq!(language(Some("his")), "en");
        assert_eq!(language(None), "en");
    }

    #[test]
    fn both_mails_share_a_subject_and_hindi_ones_are_all_hindi() {
        let (s1, new) = confirm("hi", "x.example", "https://x.example/l");
        let (s2, old) = taken("hi", "x.example");
        assert_eq!(s1, s2);
        for body in [new.replace("https://x.example/l", ""), old] {
            let rest = body.replace("x.example", "");
            assert!(!rest.chars().any(|c| c.is_ascii_alphabetic()), "{body}");
        }
    }
}
