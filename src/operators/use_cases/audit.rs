//! The audit of operator actions (docs/operator.md, "Audit"): each written to the table and to the log,
//! read back a page at a time, pruned past `[operator] audit_days`.

use crate::db::Connection;

use super::Actor;
use crate::db::Db;
use crate::ground::clock::now_ms;
use crate::operators::errors::OperatorError;
use crate::operators::store::audit::{self, Entry};

/// The most entries one page shows.
pub const MAX_PAGE: u32 = 200;

/// Records what `actor` did, on the connection the action ran on, and says it in the log: the action and
/// the account's id, never an address, a name typed in or what was searched for.
pub fn record(
    c: &Connection,
    actor: &Actor,
    action: &'static str,
    account_id: Option<&str>,
) -> Result<(), OperatorError> {
    audit::insert(
        c,
        &Entry {
            at: now_ms(),
            operator: actor.name.clone(),
            action: action.to_string(),
            account_id: account_id.map(str::to_string),
        },
    )?;
    tracing::info!(
        operator_id = %actor.id,
        action,
        account_id = account_id.unwrap_or("-"),
        "operator action"
    );
    Ok(())
}

pub struct Page {
    pub entries: Vec<Entry>,
    pub more: bool,
}

/// Up to `limit` entries before `before` (Unix ms; `None`: now), newest first.
pub async fn page(db: &Db, before: Option<i64>, limit: u32) -> Result<Page, OperatorError> {
    if !(1..=MAX_PAGE).contains(&limit) {
        return Err(OperatorError::Invalid("limit must be between 1 and 200"));
    }
    let before = before.unwrap_or(i64::MAX);
    let mut entries = db
        .read(move |c| Ok::<_, OperatorError>(audit::before(c, before, limit + 1)?))
        .await?;
    let more = entries.len() > limit as usize;
    entries.truncate(limit as usize);
    Ok(Page { entries, more })
}

pub async fn prune(db: &Db, days: u32) -> Result<usize, OperatorError> {
    let cutoff = now_ms() - i64::from(days) * 24 * 60 * 60 * 1000;
    db.write(move |c| Ok::<_, OperatorError>(audit::prune(c, cutoff)?))
        .await
}
