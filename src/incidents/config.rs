//! The `[incidents]` config section: the kinds of abuse the Incident Log's form offers. Unset, the
//! browser offers its built-in list (India's Domestic Incident Report headings and the usual others), in
//! every language it ships. An operator elsewhere can rename, reorder, drop or add kinds. And which
//! court certificate, if any, the evidence bundle carries filled in (`certificate`).

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use crate::config_error::ConfigError;
use crate::local::config::{LocalText, check_text};

/// The ids of the built-in kinds; the browser has their texts in every language it ships.
pub const BUILT_IN: [&str; 8] = [
    "physical",
    "sexual",
    "verbal_emotional",
    "economic",
    "dowry",
    "threats",
    "stalking",
    "children",
];

const MAX_CATEGORIES: usize = 40;

/// The court certificates the browser fills in for the evidence bundle, with what each is, for the
/// operator who names an unknown one.
pub const CERTIFICATES: [(&str, &str); 2] = [
    (
        "india-bsa-63",
        "India: the certificate of section 63(4)(c) of the Bharatiya Sakshya Adhiniyam, 2023",
    ),
    (
        "us-fre-902-14",
        "United States: a certification under Federal Rule of Evidence 902(14)",
    ),
];

#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct IncidentsConfig {
    /// The kinds offered, in this order; empty: the built-in ones.
    pub categories: Vec<Category>,
    /// The court certificate the evidence bundle carries as a template to complete and sign (one of
    /// `CERTIFICATES`); empty: none. The browser fills it in; nothing is sent anywhere.
    pub certificate: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Category {
    /// Kept in each sealed entry (`kinds`), so it must stay the same once entries use it.
    pub id: String,
    /// Required for a kind of the operator's own; for a built-in id, replaces its texts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<LocalText>,
}

impl IncidentsConfig {
    pub fn validate(&self) -> Result<(), ConfigError> {
        let certificate = self.certificate.as_str();
        if !certificate.is_empty() && !CERTIFICATES.iter().any(|(id, _)| *id == certificate) {
            let known: Vec<String> = CERTIFICATES
                .iter()
                .map(|(id, what)| format!("{id:?} ({what})"))
                .collect();
            return Err(ConfigError::invalid(
                "incidents.certificate",
                format!(
                    "{certificate:?} is not a certificate this version fills in; use {}, or \"\" for none",
                    known.join(" or ")
                ),
            ));
        }
        if self.categories.len() > MAX_CATEGORIES {
            return Err(ConfigError::invalid(
                "incidents.categories",
                format!("at most {MAX_CATEGORIES} kinds"),
            ));
        }
        let mut seen = HashSet::new();
        for (i, c) in self.categories.iter().enumerate() {
            let key = format!("incidents.categories[{i}]");
            let id_ok = !c.id.is_empty()
                && c.id.len() <= 40
                && c.id.starts_with(|ch: char| ch.is_ascii_lowercase())
                && c.id
                    .chars()
                    .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '_');
            if !id_ok {
                return Err(ConfigError::invalid(
                    &format!("{key}.id"),
                    format!(
                        "{:?} is not an id: lower-case letters, digits and _, starting with a letter",
                        c.id
                    ),
                ));
            }
            if !seen.insert(c.id.as_str()) {
                return Err(ConfigError::invalid(
                    &format!("{key}.id"),
                    format!("{:?} is listed twice", c.id),
                ));
            }
            match &c.label {
                Some(label) => check_text(label, &format!("{key}.label"))?,
                None if !BUILT_IN.contains(&c.id.as_str()) => {
                    return Err(ConfigError::invalid(
                        &format!("{key}.label"),
                        format!(
                            "{:?} is not a built-in kind ({}), so it needs a label",
                            c.id,
                            BUILT_IN.join(", ")
                        ),
                    ));
                }
                None => {}
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(toml: &str) -> IncidentsConfig {
        toml::from_str(toml).unwrap()
    }

    #[test]
    fn built_in_ids_need_no_label_and_new_ones_do() {
        assert!(parse("[[categories]]\nid = \"dowry\"\n").validate().is_ok());
        let err = parse("[[categories]]\nid = \"acid_attack\"\n")
            .validate()
            .unwrap_err();
        assert!(
            err.to_string().contains("incidents.categories[0].label"),
            "{err}"
        );
        assert!(
            parse("[[categories]]\nid = \"acid_attack\"\nlabel = { en = \"Acid attack\", hi = \"तेज़ाब से हमला\" }\n")
                .validate()
                .is_ok()
        );
    }

    #[test]
    fn bad_and_repeated_ids_are_named() {
        let err = parse("[[categories]]\nid = \"Bad Id\"\nlabel = \"x\"\n")
            .validate()
            .unwrap_err();
        assert!(
            err.to_string().contains("incidents.categories[0].id"),
            "{err}"
        );
        let err = parse("[[categories]]\nid = \"threats\"\n[[categories]]\nid = \"threats\"\n")
            .validate()
            .unwrap_err();
        assert!(
            err.to_string().contains("incidents.categories[1].id"),
            "{err}"
        );
    }
}
