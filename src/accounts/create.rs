//! A new account made by the operator (the admin API's `POST /admin/users`): an e-mail account with
//! its e-mail identity, as sign-up makes one, but with no session. The address counts as confirmed, as
//! on sign-up without `[email]`: nothing here ever sends a confirmation e-mail, so there would be no way to
//! confirm it later.

use crate::db::Connection;
use serde_json::{Map, Value, json};

use super::AccountError;
use crate::accounts::identities::{self, IdentityRow};
use crate::accounts::role::{self, Role};
use crate::accounts::store::{self, UserRow};
use crate::ground::clock::now_text;

pub struct NewAccount {
    /// Normalised (trimmed, lower case).
    pub email: String,
    /// None: no password yet; she can be given a recovery link to choose one.
    pub password_hash: Option<String>,
    pub user_metadata: Map<String, Value>,
    /// Merged over the provider fields every account has (GoTrue's `UpdateAppMetaData` after the insert).
    pub app_metadata: Map<String, Value>,
    /// `banned_until` to start with (see `ban`).
    pub banned_until: Option<String>,
}

/// Returns the new account's id.
pub fn create(c: &mut Connection, new: NewAccount) -> Result<String, AccountError> {
    create_as(c, new, Role::Survivor)
}

/// As `create`, for an account of another role (an advocate's, an operator's), in the same transaction.
pub fn create_as(c: &mut Connection, new: NewAccount, role: Role) -> Result<String, AccountError> {
    create_with(c, new, role, |_, _| Ok(()))
}

/// As `create_as`, with `also` writing, in the same transaction, the rows the role needs beside the
/// account (an advocate's row): the role and those rows exist together or not at all.
pub fn create_with(
    c: &mut Connection,
    new: NewAccount,
    role: Role,
    also: impl FnOnce(&Connection, &str) -> crate::db::Result<()>,
) -> Result<String, AccountError> {
    let tx = c.transaction()?;
    if store::find_by_email(&tx, &new.email)?.is_some() {
        return Err(AccountError::EmailTaken);
    }
    let (user, identity) = email_account_rows(
        &new.email,
        new.password_hash,
        new.user_metadata,
        new.app_metadata,
    );
    store::insert(&tx, &user)?;
    identities::insert_identity(&tx, &identity)?;
    let id = user.id;
    crate::accounts::store::set_banned_until(&tx, &id, new.banned_until.as_deref(), &now_text())?;
    role::set(&tx, &id, role)?;
    also(&tx, &id)?;
    tx.commit()?;
    Ok(id)
}

/// The rows of a new e-mail account, as GoTrue fills them: the address confirmed at once, the provider
/// fields under `app_metadata` (with `app_metadata` merged over them), and its e-mail identity.
pub fn email_account_rows(
    email: &str,
    password_hash: Option<String>,
    user_metadata: Map<String, Value>,
    app_metadata: Map<String, Value>,
) -> (UserRow, IdentityRow) {
    let now = now_text();
    let id = uuid::Uuid::new_v4().to_string();
    let identity_data = json!({
        "sub": id, "email": email, "email_verified": true, "phone_verified": false,
    });
    let user = UserRow {
        id: id.clone(),
        email: email.to_string(),
        password_hash,
        user_metadata: Value::Object(user_metadata),
        app_metadata: Value::Object(super::update::merge_metadata(
            &json!({"provider": "email", "providers": ["email"]}),
            app_metadata,
        )),
        email_confirmed_at: Some(now.clone()),
        last_sign_in_at: None,
        created_at: now.clone(),
        updated_at: now.clone(),
    };
    let identity = IdentityRow {
        id: uuid::Uuid::new_v4().to_string(),
        provider: "email".into(),
        provider_id: id.clone(),
        user_id: id,
        identity_data,
        email: Some(email.to_string()),
        last_sign_in_at: None,
        created_at: now.clone(),
        updated_at: now,
    };
    (user, identity)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An advocate's row that cannot be written takes the account and its role with it.
    #[test]
    fn the_role_s_rows_fail_and_no_account_is_left() {
        for (_dir, mut c) in crate::db::stand_in::both_engines() {
            role_rows_fail(&mut c);
        }
    }

    fn role_rows_fail(c: &mut Connection) {
        let new = NewAccount {
            email: "asha@example.org".into(),
            password_hash: None,
            user_metadata: Map::new(),
            app_metadata: Map::new(),
            banned_until: None,
        };
        let made = create_with(c, new, Role::Advocate, |tx, _| {
            tx.execute("INSERT INTO no_such_table (x) VALUES (1)", [])
                .map(|_| ())
        });
        assert!(made.is_err());
        assert!(
            store::find_by_email(c, "asha@example.org")
                .unwrap()
                .is_none()
        );
        assert!(role::members(c, Role::Advocate).unwrap().is_empty());
    }
}
