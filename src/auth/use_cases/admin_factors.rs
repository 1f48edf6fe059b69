//! GoTrue's admin factor endpoints: `GET /admin/users/{id}/factors` lists a user's factors,
//! `DELETE /admin/users/{id}/factors/{factor_id}` removes one and answers with it. Service-role only
//! (checked in `admin_routes.rs`); logged with the action and ids, never an address.

use serde_json::Value;

use crate::accounts::factors as rows;
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::service::AuthService;
use crate::auth::store::models::factor_json;
use crate::auth::use_cases::admin_params::user_id;
use crate::auth::use_cases::mfa::factor_id_of;

impl AuthService {
    pub async fn admin_list_factors(&self, id: &str) -> AuthResult<Value> {
        let id = user_id(id)?;
        let uid = id.clone();
        let factors = self
            .db
            .read(move |c| {
                if crate::accounts::identities::find_with_identities(c, &uid)?.is_none() {
                    return Err(AuthError::AdminUserNotFound);
                }
                Ok(rows::for_user(c, &uid)?)
            })
            .await?;
        tracing::info!(action = "list_factors", user_id = %id, "admin API");
        Ok(Value::Array(factors.iter().map(factor_json).collect()))
    }

    pub async fn admin_delete_factor(&self, id: &str, factor_id: &str) -> AuthResult<Value> {
        let id = user_id(id)?;
        let uid = id.clone();
        let raw_factor = factor_id.to_string();
        let factor = self
            .db
            .write(move |c| {
                let tx = c.transaction()?;
                if crate::accounts::identities::find_with_identities(&tx, &uid)?.is_none() {
                    return Err(AuthError::AdminUserNotFound);
                }
                let fid = factor_id_of(&raw_factor)?;
                let factor =
                    rows::find_owned(&tx, &uid, &fid)?.ok_or(AuthError::MfaFactorNotFound)?;
                rows::delete(&tx, &factor.id)?;
                tx.commit()?;
                Ok(factor)
            })
            .await?;
        tracing::info!(action = "delete_factor", user_id = %id, factor_id = %factor.id, "admin API");
        Ok(factor_json(&factor))
    }
}
