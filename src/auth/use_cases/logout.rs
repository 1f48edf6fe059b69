//! `POST /logout?scope=global|local|others`: ends sessions of the signed-in user.

use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::service::AuthService;
use crate::auth::store::sessions::{self, Scope};
use crate::auth::use_cases::user::Authenticated;

/// Reads the `scope` query parameter; GoTrue's default is `global`.
pub fn parse_scope(value: Option<&str>) -> AuthResult<Scope> {
    match value.unwrap_or("global") {
        "global" | "" => Ok(Scope::Global),
        "local" => Ok(Scope::Local),
        "others" => Ok(Scope::Others),
        other => Err(AuthError::validation(format!(
            "Unsupported logout scope {other:?}"
        ))),
    }
}

impl AuthService {
    pub async fn logout(&self, auth: Authenticated, scope: Scope) -> AuthResult<()> {
        sessions::end(&self.db, auth.user.row.id, auth.session_id, scope).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logout_scopes() {
        assert_eq!(parse_scope(None).unwrap(), Scope::Global);
        assert_eq!(parse_scope(Some("others")).unwrap(), Scope::Others);
        assert_eq!(
            parse_scope(Some("everyone")).unwrap_err().code(),
            "validation_failed"
        );
    }
}
