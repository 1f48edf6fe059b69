//! What she and her advocates can do with a check-in, one file per action: its status, starting one, a
//! test alert, extending and ending it with her PIN (on time or late, her PIN or the duress PIN), and the
//! advocates' alerts; for the operator, the alarms' report and a test e-mail. Each checks what it is given (`checks.rs`, the day's limits in `crate::checkin::limits`),
//! checks PINs on the auth service's pool (`pin.rs`) and calls the storage functions, which run their own
//! transactions.

pub mod advocate_alerts;
pub mod alarm_report;
mod checks;
pub mod end;
pub mod extend;
pub mod in_flight;
pub mod pin;
pub mod start;
pub mod status;
pub mod test_alert;
pub mod test_email;

pub use checks::{MAX_RECIPIENTS, SealedNote};
