//! How an address that stands for a private sign-in name is told from an e-mail address: it ends in the
//! reserved domain the app puts after a name (docs/auth-contract.md, "Sign-in names"). The `.invalid`
//! top-level domain is reserved (RFC 2606), so no such address can belong to anyone's mailbox. Here, low,
//! because the logs must recognise one too (`logging::mask_email`); the rules on names are the auth
//! service's (`auth::rules::sign_in_names`).

/// The reserved domain the app puts after a sign-in name.
pub const DOMAIN: &str = "sign-in.invalid";

/// The sign-in name an address stands for, if it is one.
pub fn name_of(email: &str) -> Option<&str> {
    email
        .rsplit_once('@')
        .filter(|(_, domain)| domain.eq_ignore_ascii_case(DOMAIN))
        .map(|(name, _)| name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_told_from_addresses() {
        assert_eq!(name_of("quiet.river@sign-in.invalid"), Some("quiet.river"));
        assert_eq!(name_of("quiet.river@Sign-In.Invalid"), Some("quiet.river"));
        assert_eq!(name_of("jane@example.org"), None);
        assert_eq!(name_of("jane@other.invalid"), None);
    }
}
