//! Telling the operator when alarm e-mails fail (docs/operator.md, "When alarms cannot be sent"): an ERROR
//! in the log at the first failure and again every quarter of an hour while it lasts (never at every try),
//! an e-mail to `operator.alert_email` (through `[operator.email]` if set, else the main server), and a
//! line when it is over. Counts and reasons only: never an address, a note or an account. `/health` and
//! the console read the same state from the database (`use_cases::alarm_report`).

use std::sync::{Arc, Mutex};

use crate::checkin::use_cases::alarm_report::{Problem, problem};
use crate::db::Db;
use crate::email::config::EmailConfig;
use crate::email::{EmailError, Mailer, send_off_thread};
use crate::ground::clock::now_ms;

/// While alarms fail, the log says so again this often.
const LOG_EVERY_MS: i64 = 15 * 60_000;

pub struct AlarmWatch {
    /// When the failure was first logged, and last: `None` while alarms go.
    told: Mutex<Option<(i64, i64)>>,
    /// The operator's address and the mail server to reach it, when `operator.alert_email` is set.
    operator: Option<(String, Arc<Mailer>)>,
    retry_hours: u32,
}

impl AlarmWatch {
    /// `main` is the `[email]` mailer; `second` (`[operator.email]`), when set, is used instead to tell
    /// the operator at `alert_email`.
    pub fn new(
        alert_email: &str,
        second: &EmailConfig,
        main: Option<Arc<Mailer>>,
        retry_hours: u32,
    ) -> Result<Self, EmailError> {
        let to = alert_email.trim();
        let mailer = match Mailer::from_config(second)? {
            Some(second) => Some(Arc::new(second)),
            None => main,
        };
        Ok(Self {
            told: Mutex::new(None),
            operator: mailer
                .filter(|_| !to.is_empty())
                .map(|m| (to.to_string(), m)),
            retry_hours,
        })
    }

    /// How long an alert is tried again after its first failure before it is given up.
    pub fn retry_ms(&self) -> i64 {
        i64::from(self.retry_hours) * 3_600_000
    }

    /// After an alert's try failed: the first failure (or a quarter of an hour since the last line) is
    /// logged at ERROR, and the first e-mails the operator.
    pub async fn failed(&self, db: &Db) {
        let Some(now_failing) = read(db).await else {
            return;
        };
        let now = now_ms();
        let mut told = self.told.lock().unwrap_or_else(|e| e.into_inner());
        match *told {
            None => {
                *told = Some((now, now));
                tracing::error!(
                    reason = now_failing.reason.as_str(),
                    alerts_waiting = now_failing.waiting,
                    retry_hours = self.retry_hours,
                    "alarms are not being delivered: the mail server does not take them; they are tried again"
                );
                self.tell_operator(&now_failing);
            }
            Some((since, last)) if now - last >= LOG_EVERY_MS => {
                *told = Some((since, now));
                tracing::error!(
                    reason = now_failing.reason.as_str(),
                    alerts_waiting = now_failing.waiting,
                    failing_minutes = (now - since) / 60_000,
                    "alarms are still not being delivered: the mail server does not take them"
                );
            }
            Some(_) => {}
        }
    }

    /// After the timer looked at the queue: when nothing waits after a failure any more, it is over.
    pub async fn check(&self, db: &Db) {
        let Some((since, _)) = *self.told.lock().unwrap_or_else(|e| e.into_inner()) else {
            return;
        };
        if !matches!(db.read(problem).await, Ok(None)) {
            return;
        }
        *self.told.lock().unwrap_or_else(|e| e.into_inner()) = None;
        tracing::warn!(
            failed_minutes = (now_ms() - since) / 60_000,
            "alarm e-mail works again: every waiting alarm has been sent or given up"
        );
    }

    /// E-mails the operator off the timer's way: counts and the reason, nothing of anyone's.
    fn tell_operator(&self, now_failing: &Problem) {
        let Some((to, mailer)) = self.operator.clone() else {
            return;
        };
        let subject = "Solace: alarms are not being delivered";
        let body = format!(
            "Alarm e-mails from Solace are not being delivered.\n\n\
             Reason: {}.\n\
             Failing since: {}\n\
             Alarms waiting: {}\n\
             Oldest alarm fell due: {}\n\n\
             Each waiting alarm is tried again, with growing waits, for {} hours; once the mail server \
             takes mail again they go at once, oldest first. Her advocates' alerts in the app are not \
             affected.\n\n\
             What to do: check the mail server and Solace's [email] settings (solace validate-config, \
             solace email test), and see the operator's guide, \"When alarms cannot be sent\".\n",
            now_failing.reason.plain(),
            now_failing.since,
            now_failing.waiting,
            now_failing.oldest_due_at,
            self.retry_hours
        );
        actix_web::rt::spawn(async move {
            match send_off_thread(mailer, &to, subject, &body).await {
                Ok(()) => tracing::info!("the operator was e-mailed that alarms are failing"),
                Err(e) => tracing::warn!(
                    reason = e.failure().as_str(),
                    "the operator could not be e-mailed that alarms are failing"
                ),
            }
        });
    }
}

async fn read(db: &Db) -> Option<Problem> {
    match db.read(problem).await {
        Ok(p) => p,
        Err(e) => {
            tracing::warn!(error = %e, "could not read the waiting alarms now");
            None
        }
    }
}
