//! The shapes the advocates' requests must have: ids, part numbers, pairing codes. Each refusal is an
//! `Invalid` with the words she or the app is shown.

use crate::advocates::errors::AdvocateError;

/// A share's id (her browser's UUID) or an account's: a path segment the server can trust.
pub fn id(raw: &str) -> Result<String, AdvocateError> {
    let ok = (1..=64).contains(&raw.len())
        && raw
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    ok.then(|| raw.to_string()).ok_or(AdvocateError::Invalid(
        "An id may use only letters, digits, '-' and '_' (at most 64).",
    ))
}

/// Whose share an advocate asks for (`?from=<her account id>`), when the page says.
pub fn survivor(from: Option<String>) -> Result<Option<String>, AdvocateError> {
    from.as_deref().map(id).transpose()
}

/// A part's number in its share.
pub fn part_number(raw: &str) -> Result<i64, AdvocateError> {
    raw.parse::<i64>()
        .ok()
        .filter(|n| (0..100_000).contains(n))
        .ok_or(AdvocateError::Invalid("A part's number is 0 or more."))
}

/// A pairing code as she typed it: 8 digits, spaces and dashes let through.
pub fn code(raw: &str) -> Result<String, AdvocateError> {
    let digits: String = raw
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect();
    (digits.len() == 8 && digits.bytes().all(|b| b.is_ascii_digit()))
        .then_some(digits)
        .ok_or(AdvocateError::Invalid("A pairing code is 8 digits."))
}
