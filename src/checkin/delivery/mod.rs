//! Sending what a check-in sends: the timer that raises each alarm when it falls due (`timer.rs`) and the
//! e-mails it and a test alert send (`mail.rs`), and
//! telling the operator when alarm e-mails fail (`watch.rs`).

pub mod mail;
pub mod timer;
pub mod watch;
