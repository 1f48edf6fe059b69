//! E-mail addresses as accounts keep them: trimmed and lower-cased, so one address is one account
//! whatever case she types it in.

/// The form an address is stored and looked up in.
pub fn canonical(raw: &str) -> String {
    raw.trim().to_lowercase()
}

/// Why an address cannot belong to an account.
#[derive(Debug, PartialEq, Eq)]
pub enum EmailProblem {
    Missing,
    Invalid,
}

/// The canonical address, checked: one `@`, a dotted domain, no spaces, at most 255 bytes. A private
/// sign-in name (`private_domain`) is hers to choose in any script, as it is never mailed; other
/// addresses keep to the characters GoTrue's (and HTML's) address pattern allows before the '@'.
pub fn normalise(raw: &str, private_domain: &str) -> Result<String, EmailProblem> {
    let email = canonical(raw);
    if email.is_empty() {
        return Err(EmailProblem::Missing);
    }
    if email.len() > 255 || email.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(EmailProblem::Invalid);
    }
    let (local, domain) = email.split_once('@').ok_or(EmailProblem::Invalid)?;
    let labels_ok = domain.split('.').count() >= 2
        && domain.split('.').all(|l| {
            !l.is_empty()
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| c.is_alphanumeric() || c == '-')
        });
    let local_ok = domain == private_domain
        || local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || ".!#$%&'*+/=?^_`{|}~-".contains(c));
    if local.is_empty() || local.len() > 64 || !local_ok || domain.contains('@') || !labels_ok {
        return Err(EmailProblem::Invalid);
    }
    Ok(email)
}
