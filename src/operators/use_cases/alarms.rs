//! The console's Alarms page: the check-ins' report as it stands, and a test e-mail through the mail
//! server alarms use, written in the audit whether it went or not (the address typed is not kept).

use super::Actor;
use super::audit::record;
use crate::checkin::CheckinState;
use crate::checkin::errors::CheckinError;
use crate::checkin::use_cases::alarm_report::{self, AlarmReport};
use crate::checkin::use_cases::test_email::{self, TestEmailError, TestEmailSent};
use crate::operators::OperatorsState;
use crate::operators::errors::OperatorError;
use crate::rate_limit::RetryAfter;

pub async fn report(actor: &Actor) -> Result<AlarmReport, CheckinError> {
    alarm_report::alarm_report(&actor.db).await
}

/// The outer error is the audit's; the inner result is the mail server's answer, which the console shows.
/// A test e-mail that went is the sign an operator waits for after fixing the mail server: alarms waiting
/// out a retry's wait go at once.
/// At most `TEST_MAILS_PER_HOUR` tries an hour per operator, counted before anything is sent.
pub async fn send_test(
    actor: &Actor,
    operators: &OperatorsState,
    checkin: &CheckinState,
    to: &str,
) -> Result<Result<TestEmailSent, TestEmailError>, OperatorError> {
    operators
        .test_mails
        .check(&actor.id)
        .map_err(|RetryAfter(wait)| OperatorError::TooMany(wait))?;
    let who = actor.clone();
    actor
        .db
        .write(move |c| record(c, &who, "mail.test", None))
        .await?;
    let answer = test_email::test_email(checkin.mailer.clone(), to).await;
    if answer.is_ok() {
        test_email::mail_works(checkin, &actor.db).await;
    }
    Ok(answer)
}
