//! The console's Alarms page: the check-ins' report as it stands, and a test e-mail through the mail
//! server alarms use, written in the audit whether it went or not (the address typed is not kept).

use std::sync::Arc;

use super::Actor;
use super::audit::record;
use crate::checkin::errors::CheckinError;
use crate::checkin::use_cases::alarm_report::{self, AlarmReport};
use crate::checkin::use_cases::test_email::{self, TestEmailError, TestEmailSent};
use crate::email::Mailer;
use crate::operators::errors::OperatorError;

pub async fn report(actor: &Actor) -> Result<AlarmReport, CheckinError> {
    alarm_report::alarm_report(&actor.db).await
}

/// The outer error is the audit's; the inner result is the mail server's answer, which the console shows.
pub async fn send_test(
    actor: &Actor,
    mailer: Option<Arc<Mailer>>,
    to: &str,
) -> Result<Result<TestEmailSent, TestEmailError>, OperatorError> {
    let who = actor.clone();
    actor
        .db
        .write(move |c| record(c, &who, "mail.test", None))
        .await?;
    Ok(test_email::test_email(mailer, to).await)
}
