//! The length of time the operator writes in the configuration and on the command line.

use std::time::Duration;

use serde::Deserialize;

/// A length of time written as GoTrue writes it: a number with a unit, `s`, `m` or `h`, possibly
/// several (`"1h30m"`); `"0"` means none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span(pub Duration);

/// A text that is not a [`Span`].
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a duration such as \"90s\", \"30m\" or \"24h\" (\"0\" for none)")]
pub struct SpanError(String);

impl std::str::FromStr for Span {
    type Err = SpanError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        if text == "0" {
            return Ok(Self(Duration::ZERO));
        }
        let invalid = || SpanError(text.to_string());
        let mut total: u64 = 0;
        let mut number = String::new();
        for c in text.chars() {
            if c.is_ascii_digit() {
                number.push(c);
                continue;
            }
            let unit = match c {
                's' => 1,
                'm' => 60,
                'h' => 3600,
                _ => return Err(invalid()),
            };
            let n: u64 = number.parse().map_err(|_| invalid())?;
            total = n
                .checked_mul(unit)
                .and_then(|s| total.checked_add(s))
                .ok_or_else(invalid)?;
            number.clear();
        }
        if !number.is_empty() || text.is_empty() {
            return Err(invalid());
        }
        Ok(Self(Duration::from_secs(total)))
    }
}

impl<'de> Deserialize<'de> for Span {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
