//! Sending what a check-in sends: the timer that raises each alarm when it falls due (`timer.rs`) and the
//! e-mails it and a test alert send (`mail.rs`).

pub mod mail;
pub mod timer;
