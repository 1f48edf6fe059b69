//! E-mail through the operator's SMTP server (docs/checkin.md): the `[email]` section and the one mailer the
//! check-in alerts and sign-up confirmations use (`solace email test` is in `crate::commands`). Without
//! `[email]` nothing here runs and the app does not offer e-mail.

pub mod config;
pub mod failure;
pub mod send;

pub use send::{EmailError, Mailer, deliver, send_off_thread};
