//! Each account's role (the `users.role` column): a survivor's, an advocate's or an operator's. Every
//! `/api` route asks it through `vault::SignedIn`, so an operator's token opens no survivor or advocate
//! route and no other token opens the operator's console (docs/operator.md, "Operator accounts").

use crate::db::{Connection, OptionalExtension, params};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Survivor,
    Advocate,
    Operator,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Survivor => "survivor",
            Self::Advocate => "advocate",
            Self::Operator => "operator",
        }
    }

    fn parse(text: &str) -> Self {
        match text {
            "advocate" => Self::Advocate,
            "operator" => Self::Operator,
            _ => Self::Survivor,
        }
    }
}

/// The account's role; an account this database does not hold (an external auth service's) is a
/// survivor's, the one role that opens nothing of anyone else's.
pub fn of(c: &Connection, id: &str) -> crate::db::Result<Role> {
    let role: Option<String> = c
        .query_row("SELECT role FROM users WHERE id = ?1", [id], |r| r.get(0))
        .optional()?;
    Ok(role.as_deref().map_or(Role::Survivor, Role::parse))
}

pub fn set(c: &Connection, id: &str, role: Role) -> crate::db::Result<()> {
    c.execute(
        "UPDATE users SET role = ?2 WHERE id = ?1",
        params![id, role.as_str()],
    )?;
    Ok(())
}

/// The ids and addresses of every account of a role, oldest first (the operators' and advocates' lists;
/// never survivors', whom the console only finds by a full address or name).
pub fn members(c: &Connection, role: Role) -> crate::db::Result<Vec<(String, String)>> {
    c.query_map(
        "SELECT id, email FROM users WHERE role = ?1 ORDER BY created_at, id",
        [role.as_str()],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}
