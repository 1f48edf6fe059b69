//! What an operator asks of the console, one file per area; each records itself in the audit.

pub mod accounts;
pub mod advocates;
pub mod alarms;
pub mod audit;
pub mod operator_accounts;

use crate::db::Db;

/// The operator signed in: their account, their sign-in name, the database.
#[derive(Clone)]
pub struct Actor {
    pub id: String,
    pub name: String,
    pub db: Db,
}
