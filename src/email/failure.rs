//! Why an e-mail did not go, in the plain categories an operator can act on. Never the server's reply
//! text, which can quote the address.

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MailFailure {
    /// The mail server answered, and refused (a temporary 4xx or a permanent 5xx reply).
    Refused,
    /// No connection could be made, or it broke.
    Unreachable,
    /// The mail server took too long to answer.
    Timeout,
    /// Anything else (TLS, a reply that could not be read, settings that do not work).
    Other,
}

impl MailFailure {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Refused => "refused",
            Self::Unreachable => "unreachable",
            Self::Timeout => "timeout",
            Self::Other => "other",
        }
    }

    /// Read back from the database; anything unknown is `Other`.
    pub fn parse(text: &str) -> Self {
        match text {
            "refused" => Self::Refused,
            "unreachable" => Self::Unreachable,
            "timeout" => Self::Timeout,
            _ => Self::Other,
        }
    }

    /// The reason in plain words, as the console shows it.
    pub fn plain(self) -> &'static str {
        match self {
            Self::Refused => "the mail server refused the message",
            Self::Unreachable => "the mail server could not be reached",
            Self::Timeout => "the mail server took too long to answer",
            Self::Other => "the mail could not be sent (check the mail settings and the log)",
        }
    }
}
