//! The `city` query parameter: checked once, then used in two forms: as sent upstream (trimmed, inner
//! runs of spaces collapsed) and as the cache key (the same, lowercased), so "  new   DELHI " and
//! "New Delhi" share one cache entry.

use super::WeatherError;

pub const MAX_CHARS: usize = 100;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct City {
    query: String,
    key: String,
}

impl City {
    pub fn parse(raw: Option<&str>) -> Result<Self, WeatherError> {
        let raw = raw.ok_or(WeatherError::BadCity("Enter a city name."))?;
        if raw.chars().any(char::is_control) {
            return Err(WeatherError::BadCity(
                "The city name contains characters that are not allowed.",
            ));
        }
        let query = raw.split_whitespace().collect::<Vec<_>>().join(" ");
        if query.is_empty() {
            return Err(WeatherError::BadCity("Enter a city name."));
        }
        if query.chars().count() > MAX_CHARS {
            return Err(WeatherError::BadCity(
                "The city name is too long (at most 100 characters).",
            ));
        }
        let key = query.to_lowercase();
        Ok(Self { query, key })
    }

    /// What the weather service is asked for.
    pub fn query(&self) -> &str {
        &self.query
    }

    /// What the cache files the answer under.
    pub fn key(&self) -> &str {
        &self.key
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spaces_and_case_do_not_make_a_new_city() {
        let a = City::parse(Some("  new   DELHI ")).unwrap();
        let b = City::parse(Some("New Delhi")).unwrap();
        assert_eq!(a.key(), b.key());
        assert_eq!(a.query(), "new DELHI");
    }

    #[test]
    fn refuses_missing_blank_long_and_control_characters() {
        for raw in [
            None,
            Some(""),
            Some("   "),
            Some("Del\u{0}hi"),
            Some("a\nb"),
        ] {
            assert!(
                matches!(City::parse(raw), Err(WeatherError::BadCity(_))),
                "{raw:?}"
            );
        }
        assert!(City::parse(Some(&"é".repeat(100))).is_ok());
        assert!(City::parse(Some(&"é".repeat(101))).is_err());
    }
}
