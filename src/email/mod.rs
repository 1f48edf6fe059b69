//! E-mail through the operator's SMTP server (docs/checkin.md): the `[email]` section, the one mailer the
//! check-in alerts and sign-up confirmations use, and `solace email test`. Without `[email]` nothing here runs and the app does not
//! offer e-mail.

pub mod config;
pub mod send;

pub use send::{EmailError, Mailer, deliver};
