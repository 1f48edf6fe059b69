//! Changing an account for the operator (the admin API's `PUT /admin/users/{id}`): address, password,
//! metadata and ban, in one transaction. A new password ends every session, as `PUT /user` does.

use crate::db::Connection;
use serde_json::{Map, Value};

use super::AccountError;
use super::ban::{self, Ban};
use crate::accounts::sessions;
use crate::accounts::store;
use crate::ground::clock::now_text;

#[derive(Default)]
pub struct Changes {
    /// Normalised.
    pub email: Option<String>,
    pub password_hash: Option<String>,
    /// Merged into the stored metadata key by key; a null value removes the key (GoTrue's rule).
    pub user_metadata: Option<Map<String, Value>>,
    /// Merged the same way into `app_metadata`.
    pub app_metadata: Option<Map<String, Value>>,
    pub ban: Option<Ban>,
}

pub fn update(c: &mut Connection, user_id: &str, changes: Changes) -> Result<(), AccountError> {
    let tx = c.transaction()?;
    let row = store::find_by_id(&tx, user_id)?
        .ok_or_else(|| AccountError::NotFound(user_id.to_string()))?;
    let now = now_text();
    if let Some(email) = changes.email.filter(|e| *e != row.email) {
        if store::find_by_email(&tx, &email)?.is_some() {
            return Err(AccountError::EmailTaken);
        }
        store::set_email(&tx, user_id, &email, &now)?;
    }
    if let Some(hash) = &changes.password_hash {
        store::set_password(&tx, user_id, hash, &now)?;
        sessions::delete_for_user(&tx, user_id, None)?;
    }
    if changes.user_metadata.is_some() || changes.app_metadata.is_some() {
        let merged = |stored: &Value, change: Option<Map<String, Value>>| match change {
            Some(change) => Value::Object(merge_metadata(stored, change)),
            None => stored.clone(),
        };
        store::update_metadata(
            &tx,
            user_id,
            &merged(&row.user_metadata, changes.user_metadata),
            &merged(&row.app_metadata, changes.app_metadata),
            &now,
        )?;
    }
    if let Some(b) = changes.ban {
        ban::apply(&tx, user_id, b)?;
    }
    tx.commit()?;
    Ok(())
}

/// `changes` merged into the `stored` metadata key by key; a null value removes the key (GoTrue's rule).
pub fn merge_metadata(stored: &Value, changes: Map<String, Value>) -> Map<String, Value> {
    let mut metadata = match stored {
        Value::Object(map) => map.clone(),
        _ => Map::new(),
    };
    for (k, v) in changes {
        if v.is_null() {
            metadata.remove(&k);
        } else {
            metadata.insert(k, v);
        }
    }
    metadata
}
