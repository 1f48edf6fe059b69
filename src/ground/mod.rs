//! The ground floor: small helpers every part of Solace may use and that use nothing of Solace themselves
//! (tests/integration/architecture.rs keeps it so): the clock as accounts store it, the length of time the
//! operator writes, and how a private sign-in name is told from an e-mail address.

pub mod clock;
pub mod sign_in_name;
pub mod span;
