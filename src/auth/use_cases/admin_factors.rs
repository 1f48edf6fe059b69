//! GoTrue's admin factor endpoints: `GET /admin/users/{id}/factors` lists a user's factors,
//! `DELETE /admin/users/{id}/factors/{factor_id}` removes one and answers with it. Service-role only
//! (checked in `admin_routes.rs`); logged with the action and ids, never an address.

use serde_json::Value;

use crate::auth::errors::AuthResult;
use crate::auth::service::AuthService;
use crate::auth::store::factors;
use crate::auth::store::models::factor_json;
use crate::auth::use_cases::admin_params::user_id;
use crate::auth::use_cases::mfa::factor_id_of;

impl AuthService {
    pub async fn admin_list_factors(&self, id: &str) -> AuthResult<Value> {
        let id = user_id(id)?;
        let uid = id.clone();
        let factors = self.db.read(move |c| factors::of_user(c, &uid)).await?;
        tracing::info!(action = "list_factors", user_id = %id, "admin API");
        Ok(Value::Array(factors.iter().map(factor_json).collect()))
    }

    pub async fn admin_delete_factor(&self, id: &str, factor_id: &str) -> AuthResult<Value> {
        let id = user_id(id)?;
        let uid = id.clone();
        let fid = factor_id_of(factor_id);
        let factor = self
            .db
            .write(move |c| factors::remove_by_operator(c, &uid, fid))
            .await?;
        tracing::info!(action = "delete_factor", user_id = %id, factor_id = %factor.id, "admin API");
        Ok(factor_json(&factor))
    }
}
