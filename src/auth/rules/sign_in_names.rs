//! Private sign-in names: an account whose address is `<name>@sign-in.invalid` was made with a name she
//! chose instead of an e-mail address (docs/auth-contract.md, "Sign-in names"). GoTrue's clients carry it
//! like any other address; how one is recognised is on the ground floor (`crate::ground::sign_in_name`),
//! since the logs need it too. Here: whether the operator allows them, and how long one must be.

use serde::Deserialize;

use crate::auth::errors::{AuthError, AuthResult};
use crate::ground::sign_in_name::name_of;

/// The fewest characters a sign-in name may have: a short one is easy to guess.
pub const MIN_CHARS: usize = 6;

/// Whether accounts may, must or may not be made with a sign-in name (`auth.sign_in_names`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SignInNames {
    /// Either; the sign-up screen recommends a name.
    #[default]
    Allow,
    /// Only names: a sign-up with a real e-mail address is refused.
    Require,
    /// Only e-mail addresses.
    Off,
}

impl SignInNames {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Allow => "allow",
            Self::Require => "require",
            Self::Off => "off",
        }
    }

    /// Checks a normalised sign-up address against the operator's choice and the name rules.
    pub fn check_signup(self, email: &str) -> AuthResult<()> {
        match (self, name_of(email)) {
            (Self::Off, Some(_)) => Err(AuthError::EmailAddressNotAccepted(
                "Sign-in names are not available on this server; sign up with an email address",
            )),
            (Self::Require, None) => Err(AuthError::EmailAddressNotAccepted(
                "This server takes a sign-in name instead of an email address; sign up with a sign-in name",
            )),
            (_, Some(name)) if name.chars().count() < MIN_CHARS => Err(AuthError::validation(
                "A sign-in name needs at least 6 characters",
            )),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked_against_the_choice() {
        let code = |p: SignInNames, e: &str| p.check_signup(e).err().map(|e| e.code());
        assert_eq!(code(SignInNames::Allow, "jane@example.org"), None);
        assert_eq!(
            code(SignInNames::Allow, "quiet.river@sign-in.invalid"),
            None
        );
        assert_eq!(
            code(SignInNames::Allow, "ab@sign-in.invalid"),
            Some("validation_failed")
        );
        assert_eq!(
            code(SignInNames::Require, "jane@example.org"),
            Some("email_address_invalid")
        );
        assert_eq!(
            code(SignInNames::Require, "quiet.river@sign-in.invalid"),
            None
        );
        assert_eq!(
            code(SignInNames::Off, "quiet.river@sign-in.invalid"),
            Some("email_address_invalid")
        );
        assert_eq!(code(SignInNames::Off, "jane@example.org"), None);
    }
}
