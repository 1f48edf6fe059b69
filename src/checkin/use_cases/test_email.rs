//! The operator's test e-mail (the console's `POST /api/operator/test-email`): a plain message to an address
//! the operator types, through the mail server alarms use, answering whether the server took it or why not.

use std::sync::Arc;

use actix_web::http::StatusCode;
use serde::Serialize;

use crate::email::failure::MailFailure;
use crate::email::{EmailError, Mailer, send_off_thread};
use crate::logging::mask_email;

const SUBJECT: &str = "Test: Solace can send e-mail";
const BODY: &str = "This is a test message from Solace, sent from the operator's console to check that the \
                    mail server takes e-mail. Nothing has happened; there is nothing to do.\n\n\
                    This message was sent automatically. Replies are not read.\n";

#[derive(Debug, Serialize, PartialEq)]
pub struct TestEmailSent {
    pub sent: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum TestEmailError {
    #[error("not an e-mail address")]
    BadAddress,
    #[error("this server has no mail server set up")]
    NoMail,
    #[error("the mail server did not take the test e-mail: {}", .0.as_str())]
    Failed(MailFailure),
}

/// The error's body under /api, with the reason the contract adds.
#[derive(Debug, Serialize)]
pub struct TestEmailErrorBody {
    pub error: &'static str,
    pub message: String,
    pub reason: Option<MailFailure>,
}

impl TestEmailError {
    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadAddress => StatusCode::BAD_REQUEST,
            Self::NoMail | Self::Failed(_) => StatusCode::BAD_GATEWAY,
        }
    }

    pub fn code(&self) -> &'static str {
        match self {
            Self::BadAddress => "invalid_request",
            Self::NoMail | Self::Failed(_) => "mail_failed",
        }
    }

    pub fn reason(&self) -> Option<MailFailure> {
        match self {
            Self::BadAddress => None,
            Self::NoMail => Some(MailFailure::Other),
            Self::Failed(why) => Some(*why),
        }
    }

    pub fn message(&self) -> String {
        match self {
            Self::BadAddress => "Please type one e-mail address, like name@example.org.".into(),
            Self::NoMail => {
                "This server has no mail server set up ([email] in its settings).".into()
            }
            Self::Failed(why) => {
                let words = why.plain();
                let mut first = words.chars();
                let words = first.next().map_or(String::new(), |c| {
                    c.to_uppercase().chain(first).collect::<String>()
                });
                format!("The test e-mail did not go: {words}.")
            }
        }
    }

    pub fn body(&self) -> TestEmailErrorBody {
        TestEmailErrorBody {
            error: self.code(),
            message: self.message(),
            reason: self.reason(),
        }
    }
}

/// Sends the test message to `to` through `mailer` (the main `[email]` server, `CheckinState::mailer`).
pub async fn test_email(
    mailer: Option<Arc<Mailer>>,
    to: &str,
) -> Result<TestEmailSent, TestEmailError> {
    let to = to.trim();
    if !crate::email::send::is_address(to) {
        return Err(TestEmailError::BadAddress);
    }
    let mailer = mailer.ok_or(TestEmailError::NoMail)?;
    match send_off_thread(mailer, to, SUBJECT, BODY).await {
        Ok(()) => {
            tracing::info!(to = %mask_email(to), "a test e-mail was taken by the mail server");
            Ok(TestEmailSent { sent: true })
        }
        Err(EmailError::Address) => Err(TestEmailError::BadAddress),
        Err(e) => {
            let why = e.failure();
            tracing::warn!(reason = why.as_str(), "a test e-mail did not go");
            Err(TestEmailError::Failed(why))
        }
    }
}
