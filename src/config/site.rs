//! The `[site]` config section: the product's name, the neutral tab title, the contact address, the
//! resource directory and the default language.

use serde::Deserialize;

use super::ConfigError;

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct SiteConfig {
    pub product_name: String,
    /// The browser tab's title on every screen of the app (not the disguises): neutral, so the tab, the
    /// history and a printed page do not name the app unless the operator wants them to.
    pub page_title: String,
    /// The heading of the sign-in screen, which the hidden gesture opens on a disguised device; empty: the page
    /// title. Neutral by default, since whoever sees that screen learns what it signs into.
    pub sign_in_title: String,
    /// The footer's suggestion e-mail link; empty hides it.
    pub contact_email: String,
    /// Replaces the UI's built-in resource directory when set.
    pub resources: Option<Vec<Resource>>,
    /// The language shown when the browser asks for none the app has and she has not chosen one.
    pub default_language: String,
}

/// A title that says nothing about what the site is for.
pub const DEFAULT_PAGE_TITLE: &str = "Welcome";

/// A title longer than this is cut off by every browser's tab anyway.
const MAX_PAGE_TITLE_CHARS: usize = 60;

/// The languages the UI ships, one code per folder in ui/src/locales (set by build.rs).
pub const UI_LANGUAGES: &str = env!("SOLACE_UI_LANGUAGES");

impl Default for SiteConfig {
    fn default() -> Self {
        Self {
            product_name: "Solace".into(),
            page_title: DEFAULT_PAGE_TITLE.into(),
            sign_in_title: String::new(),
            contact_email: String::new(),
            resources: None,
            default_language: "en".into(),
        }
    }
}

#[derive(Debug, Clone, Deserialize, serde::Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Resource {
    pub id: String,
    pub name: String,
    pub category: ResourceCategory,
    pub description: String,
    pub contact: String,
    pub hours: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub website: Option<String>,
}

#[derive(Debug, Clone, Copy, Deserialize, serde::Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ResourceCategory {
    Helpline,
    Shelter,
    Legal,
    Counseling,
    Medical,
}

/// A title shown where a browser shows a tab's: one line that fits.
fn one_short_line(title: &str, key: &str) -> Result<(), ConfigError> {
    let title = title.trim();
    if title.chars().count() > MAX_PAGE_TITLE_CHARS || title.chars().any(char::is_control) {
        return Err(ConfigError::invalid(
            key,
            format!("must be one line of at most {MAX_PAGE_TITLE_CHARS} characters"),
        ));
    }
    Ok(())
}

impl SiteConfig {
    /// What the sign-in screen's heading says: the operator's choice, else the page title.
    pub fn sign_in_title(&self) -> &str {
        match self.sign_in_title.trim() {
            "" => self.page_title.trim(),
            own => own,
        }
    }

    /// Whether a title the browser keeps names the product. When none does, what the device keeps of the public
    /// settings leaves the name out too (`public_config.rs`): they would give away what the titles hide.
    pub fn titles_name_the_product(&self) -> bool {
        let name = self.product_name.trim().to_lowercase();
        [self.page_title.as_str(), self.sign_in_title()]
            .iter()
            .any(|t| t.to_lowercase().contains(&name))
    }

    pub(super) fn validate(&self, languages: &[String]) -> Result<(), ConfigError> {
        if self.product_name.trim().is_empty() {
            return Err(ConfigError::invalid(
                "site.product_name",
                "must not be empty",
            ));
        }
        if self.page_title.trim().is_empty() {
            return Err(ConfigError::invalid("site.page_title", "must not be empty"));
        }
        one_short_line(&self.page_title, "site.page_title")?;
        one_short_line(&self.sign_in_title, "site.sign_in_title")?;
        if !languages.contains(&self.default_language) {
            return Err(ConfigError::invalid(
                "site.default_language",
                format!(
                    "{:?} is not a language the app has (it has: {})",
                    self.default_language,
                    languages.join(", ")
                ),
            ));
        }
        let email = self.contact_email.trim();
        if !email.is_empty() && !email.contains('@') {
            return Err(ConfigError::invalid(
                "site.contact_email",
                format!("{email:?} is not an e-mail address"),
            ));
        }
        for (i, r) in self.resources.iter().flatten().enumerate() {
            let key = |field: &str| format!("site.resources[{i}].{field}");
            for (field, value) in [
                ("id", &r.id),
                ("name", &r.name),
                ("description", &r.description),
                ("hours", &r.hours),
            ] {
                if value.trim().is_empty() {
                    return Err(ConfigError::invalid(&key(field), "must not be empty"));
                }
            }
            // The card's call button dials it.
            crate::local::config::dialable(&r.contact, &key("contact"))?;
        }
        Ok(())
    }
}
