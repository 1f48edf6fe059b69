//! The `[local]` config section: emergency numbers and their labels, with the product's Indian numbers as the
//! defaults. Labels are "local texts": one string for every language, or one per language.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::config_error::ConfigError;

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(untagged)]
pub enum LocalText {
    /// Shown in every language.
    Same(String),
    /// Language code -> text; the page picks its language, then the operator's default, then English.
    PerLanguage(BTreeMap<String, String>),
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EmergencyContact {
    pub label: LocalText,
    /// One or more numbers for the same service, as dialled locally.
    pub numbers: Vec<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct LocalConfig {
    /// The footer's number (named as in `emergency_contacts` when it is there) and the "call … now" advice.
    pub emergency_number: String,
    /// The helpline in Home's Safety First box, called by its name in `emergency_contacts` when it is there.
    pub helpline_number: String,
    /// The call buttons on Home and the "In immediate danger?" box on Resources, in this order.
    pub emergency_contacts: Vec<EmergencyContact>,
}

/// The product's Indian numbers: one file read by the server here and by the web app when /api/config is out of
/// reach, so the two never disagree.
const BUNDLED_DEFAULTS: &str = include_str!("../../ui/src/lib/local-defaults.json");

/// The same fields without `serde(default)`, which would ask `Default` while `Default` is being built.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Bundled {
    emergency_number: String,
    helpline_number: String,
    emergency_contacts: Vec<EmergencyContact>,
}

impl Default for LocalConfig {
    fn default() -> Self {
        let b: Bundled = serde_json::from_str(BUNDLED_DEFAULTS)
            .expect("ui/src/lib/local-defaults.json is valid");
        Self {
            emergency_number: b.emergency_number,
            helpline_number: b.helpline_number,
            emergency_contacts: b.emergency_contacts,
        }
    }
}

impl LocalConfig {
    pub fn validate(&self) -> Result<(), ConfigError> {
        dialable(&self.emergency_number, "local.emergency_number")?;
        dialable(&self.helpline_number, "local.helpline_number")?;
        if self.emergency_contacts.is_empty() {
            return Err(ConfigError::invalid(
                "local.emergency_contacts",
                "list at least one number to call in an emergency",
            ));
        }
        for (i, contact) in self.emergency_contacts.iter().enumerate() {
            let key = format!("local.emergency_contacts[{i}]");
            check_text(&contact.label, &format!("{key}.label"))?;
            if contact.numbers.is_empty() {
                return Err(ConfigError::invalid(
                    &format!("{key}.numbers"),
                    "list at least one number",
                ));
            }
            for (j, number) in contact.numbers.iter().enumerate() {
                dialable(number, &format!("{key}.numbers[{j}]"))?;
                // The screens call a number by the one name the list gives it.
                if let Some(k) = self.emergency_contacts[..i]
                    .iter()
                    .position(|earlier| earlier.numbers.contains(number))
                {
                    return Err(ConfigError::invalid(
                        &format!("{key}.numbers[{j}]"),
                        format!(
                            "{number:?} is already listed under local.emergency_contacts[{k}]: give each number one name"
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
}

/// What a phone can dial from a `tel:` link: digits with an optional leading +, spaces or dashes between
/// groups, 2 to 20 digits (short codes like 112 up to international numbers).
pub(crate) fn dialable(number: &str, key: &str) -> Result<(), ConfigError> {
    let trimmed = number.trim();
    let body = trimmed.strip_prefix('+').unwrap_or(trimmed);
    let digits = body.chars().filter(char::is_ascii_digit).count();
    let only_dial_chars = body
        .chars()
        .all(|c| c.is_ascii_digit() || c == ' ' || c == '-');
    if !only_dial_chars
        || !(2..=20).contains(&digits)
        || !body.starts_with(|c: char| c.is_ascii_digit())
    {
        return Err(ConfigError::invalid(
            key,
            format!(
                "{number:?} is not a phone number (digits, an optional leading +, spaces or dashes)"
            ),
        ));
    }
    Ok(())
}

pub(crate) fn check_text(value: &LocalText, key: &str) -> Result<(), ConfigError> {
    match value {
        LocalText::Same(s) if s.trim().is_empty() => {
            Err(ConfigError::invalid(key, "must not be empty"))
        }
        LocalText::Same(_) => Ok(()),
        LocalText::PerLanguage(map) if map.is_empty() => Err(ConfigError::invalid(
            key,
            "give the text in at least one language",
        )),
        LocalText::PerLanguage(map) => {
            for (lang, s) in map {
                if !language_code(lang) {
                    return Err(ConfigError::invalid(
                        &format!("{key}.{lang}"),
                        format!(
                            "{lang:?} is not a language code (like \"en\", \"hi\" or \"pt-BR\")"
                        ),
                    ));
                }
                if s.trim().is_empty() {
                    return Err(ConfigError::invalid(
                        &format!("{key}.{lang}"),
                        "must not be empty",
                    ));
                }
            }
            Ok(())
        }
    }
}

/// A BCP 47 tag of the simple kind pages use: 2-3 letter language, optional region or script parts.
pub(crate) fn language_code(code: &str) -> bool {
    let mut parts = code.split('-');
    let lang = parts.next().unwrap_or("");
    (2..=3).contains(&lang.len())
        && lang.chars().all(|c| c.is_ascii_lowercase())
        && parts.all(|p| (2..=8).contains(&p.len()) && p.chars().all(|c| c.is_ascii_alphanumeric()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_valid() {
        assert!(LocalConfig::default().validate().is_ok());
    }

    #[test]
    fn the_defaults_are_specs_numbers_for_india() {
        let d = LocalConfig::default();
        assert_eq!(
            (d.emergency_number.as_str(), d.helpline_number.as_str()),
            ("112", "181")
        );
        let contacts: Vec<(String, Vec<String>)> = d
            .emergency_contacts
            .iter()
            .map(|c| match &c.label {
                LocalText::PerLanguage(by) => (by["en"].clone(), c.numbers.clone()),
                LocalText::Same(s) => (s.clone(), c.numbers.clone()),
            })
            .collect();
        let expected = [
            ("Emergency", vec!["112"]),
            ("Women Helpline", vec!["181"]),
            ("Police Women’s Helpline", vec!["1091"]),
            ("Police", vec!["100"]),
            ("Ambulance", vec!["108"]),
        ]
        .map(|(l, n)| (l.to_string(), n.iter().map(|s| s.to_string()).collect()));
        assert_eq!(contacts, expected.to_vec());
    }

    #[test]
    fn a_number_listed_under_two_names_is_refused() {
        let mut c = LocalConfig::default();
        c.emergency_contacts[3].numbers.push("181".into());
        let err = c.validate().unwrap_err().to_string();
        assert!(
            err.contains("local.emergency_contacts[3].numbers[1]"),
            "{err}"
        );
        assert!(err.contains("local.emergency_contacts[1]"), "{err}");
    }

    #[test]
    fn numbers_must_be_dialable() {
        for good in ["112", "+49 30 1234-5678", "0800 111 0 111"] {
            assert!(dialable(good, "k").is_ok(), "{good}");
        }
        for bad in [
            "",
            "1",
            "call 100",
            "+",
            "++112",
            "-112",
            "123456789012345678901",
        ] {
            assert!(dialable(bad, "k").is_err(), "{bad}");
        }
    }

    #[test]
    fn labels_need_words_and_real_language_codes() {
        assert!(check_text(&LocalText::Same("  ".into()), "k").is_err());
        assert!(check_text(&LocalText::PerLanguage(BTreeMap::new()), "k").is_err());
        let bad_code =
            LocalText::PerLanguage(BTreeMap::from([("English".into(), "Police".into())]));
        assert!(check_text(&bad_code, "k").is_err());
        let good = LocalText::PerLanguage(BTreeMap::from([("pt-BR".into(), "Polícia".into())]));
        assert!(check_text(&good, "k").is_ok());
    }
}
