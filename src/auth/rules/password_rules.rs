//! The rules a new password must meet (docs/product.md), in the order they are checked. The web app's
//! checklist (ui/src/features/auth/password-rules.ts) applies the same rules with the same texts; both
//! run the cases in tests/fixtures/password-rules.json.
//!
//! Letters are any script's letters (upper and lower case as Unicode defines them), digits are 0-9, and
//! a special character is anything that is neither a letter, a number nor white space: `!`, `€` or an
//! emoji count, `é` does not. Length is counted in characters.

use crate::auth::errors::AuthError;

/// GoTrue refuses longer passwords (bcrypt's limit); we keep the rule so both servers agree.
pub const MAX_LEN: usize = 72;
pub const MIN_LEN: usize = 8;

/// One rule: the kind GoTrue reports in `weak_password.reasons`, and the message shown when it is the
/// first one to fail.
struct Rule {
    reason: &'static str,
    message: &'static str,
    holds: fn(&str) -> bool,
}

const RULES: [Rule; 5] = [
    Rule {
        reason: "length",
        message: "Password must be at least 8 characters long.",
        holds: |p| p.chars().count() >= MIN_LEN,
    },
    Rule {
        reason: "characters",
        message: "Password must contain at least one uppercase letter.",
        holds: |p| p.chars().any(char::is_uppercase),
    },
    Rule {
        reason: "characters",
        message: "Password must contain at least one lowercase letter.",
        holds: |p| p.chars().any(char::is_lowercase),
    },
    Rule {
        reason: "characters",
        message: "Password must contain at least one digit.",
        holds: |p| p.chars().any(|c| c.is_ascii_digit()),
    },
    Rule {
        reason: "characters",
        message: "Password must contain at least one special character (e.g., !@#$%).",
        holds: |p| {
            p.chars()
                .any(|c| !c.is_alphanumeric() && !c.is_whitespace())
        },
    },
];

/// The message of the first rule `password` breaks, or `None` when it meets them all.
pub fn first_failure(password: &str) -> Option<&'static str> {
    RULES
        .iter()
        .find(|r| !(r.holds)(password))
        .map(|r| r.message)
}

/// Checks a new password: empty or too long is a malformed request (400), a weak one is 422
/// `weak_password` with the first failing rule's message and every failed kind.
pub fn check_policy(password: &str) -> Result<(), AuthError> {
    if password.is_empty() {
        return Err(AuthError::validation("Signup requires a valid password"));
    }
    if password.chars().count() > MAX_LEN {
        return Err(AuthError::validation(
            "Password cannot be longer than 72 characters",
        ));
    }
    let Some(message) = first_failure(password) else {
        return Ok(());
    };
    let mut reasons: Vec<&'static str> = RULES
        .iter()
        .filter(|r| !(r.holds)(password))
        .map(|r| r.reason)
        .collect();
    reasons.dedup();
    Err(AuthError::WeakPassword { message, reasons })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reasons(pw: &str) -> (String, Vec<&'static str>) {
        match check_policy(pw).unwrap_err() {
            AuthError::WeakPassword { message, reasons } => (message.into(), reasons),
            other => (other.to_string(), Vec::new()),
        }
    }

    #[test]
    fn rules_are_checked_in_spec_order() {
        assert!(check_policy("Str0ng!pass").is_ok());
        assert_eq!(
            reasons("Ab1!"),
            (
                "Password must be at least 8 characters long.".into(),
                vec!["length"]
            )
        );
        assert_eq!(
            reasons("abcdefg1!").0,
            "Password must contain at least one uppercase letter."
        );
        assert_eq!(
            reasons("ABCDEFG1!").0,
            "Password must contain at least one lowercase letter."
        );
        assert_eq!(
            reasons("Abcdefgh!").0,
            "Password must contain at least one digit."
        );
        assert_eq!(
            reasons("Abcdefgh1").0,
            "Password must contain at least one special character (e.g., !@#$%)."
        );
        assert_eq!(reasons("abc").1, vec!["length", "characters"]);
    }

    #[test]
    fn empty_and_overlong_are_malformed() {
        assert_eq!(check_policy("").unwrap_err().code(), "validation_failed");
        let long = format!("Aa1!{}", "x".repeat(69));
        assert_eq!(check_policy(&long).unwrap_err().code(), "validation_failed");
    }

    /// The cases the web app's checklist runs too (its Vitest reads the same file).
    #[test]
    fn shared_cases_agree_with_the_web_app() {
        #[derive(serde::Deserialize)]
        struct Case {
            password: String,
            first_failure: Option<String>,
        }
        let cases: Vec<Case> =
            serde_json::from_str(include_str!("../../../tests/fixtures/password-rules.json"))
                .unwrap();
        assert!(cases.len() >= 10);
        for case in cases {
            assert_eq!(
                first_failure(&case.password).map(str::to_string),
                case.first_failure,
                "{:?}",
                case.password
            );
            // What the server answers to the same password on sign-up.
            let answered = match check_policy(&case.password) {
                Ok(()) => None,
                Err(AuthError::WeakPassword { message, .. }) => Some(message.to_string()),
                Err(other) => panic!("{:?}: {other}", case.password),
            };
            assert_eq!(answered, case.first_failure, "{:?}", case.password);
        }
    }
}
