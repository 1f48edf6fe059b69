//! The service's settings and limits, checked once at start: its config section, the password and
//! sign-in-name rules, redirect targets, lockouts and code limits, and the bounds on metadata.

pub mod code_limits;
pub mod config;
pub mod lockout;
pub mod metadata;
pub mod mfa;
pub mod password_rules;
pub mod redirect;
pub mod sign_in_names;
pub mod sign_up_mail;
