//! Both sides must be at the schema this binary builds, with the same tables and columns: the source as
//! it is (it is only read, so never migrated here), the target either made now or migrated by this same
//! version.

use crate::db::{self, Connection, SCHEMA_VERSION};
use crate::moving::errors::MoveError;
use crate::moving::store::catalog::{self, Table};

/// What the target is before the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetState {
    /// No migration has touched it: the front end migrates it, and the move fills it.
    Empty,
    /// At this binary's version: empty, or partly filled by an earlier run.
    Current,
}

/// Refuses a source at another version than this binary's.
pub fn source_is_current(source: &Connection) -> Result<(), MoveError> {
    let found = db::schema_version(source)?;
    if found != SCHEMA_VERSION {
        return Err(MoveError::SourceVersion {
            found,
            wanted: SCHEMA_VERSION,
        });
    }
    Ok(())
}

/// The target's state, or the refusal of one at another version.
pub fn target_state(target: &Connection) -> Result<TargetState, MoveError> {
    match db::schema_version(target)? {
        0 => Ok(TargetState::Empty),
        SCHEMA_VERSION => Ok(TargetState::Current),
        found => Err(MoveError::TargetVersion {
            found,
            wanted: SCHEMA_VERSION,
        }),
    }
}

/// The source's tables, parents first, once the target is found to have the same tables, columns and
/// keys (one schema version, written in each engine's words).
pub fn matching_tables(source: &Connection, target: &Connection) -> Result<Vec<Table>, MoveError> {
    let tables = catalog::tables(source)?;
    let theirs = catalog::tables(target)?;
    for table in &tables {
        let Some(other) = theirs.iter().find(|t| t.name == table.name) else {
            return Err(MoveError::SchemaDiffers(format!(
                "the target has no table {}",
                table.name
            )));
        };
        let mut mine = table.columns.clone();
        let mut their_columns = other.columns.clone();
        mine.sort();
        their_columns.sort();
        if mine != their_columns || table.key != other.key {
            return Err(MoveError::SchemaDiffers(format!(
                "table {} has other columns in the target",
                table.name
            )));
        }
        if table.key.is_empty() {
            return Err(MoveError::SchemaDiffers(format!(
                "table {} has no primary key to copy it by",
                table.name
            )));
        }
    }
    if let Some(extra) = theirs
        .iter()
        .find(|t| !tables.iter().any(|m| m.name == t.name))
    {
        return Err(MoveError::SchemaDiffers(format!(
            "the source has no table {}",
            extra.name
        )));
    }
    Ok(tables)
}
