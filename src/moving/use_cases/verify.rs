//! A table verified after the copy: its row count and checksum (`store::checksum`) read on both sides,
//! the source in its snapshot; any difference is a failure naming the table.

use super::batch_size;
use crate::db::Connection;
use crate::moving::errors::MoveError;
use crate::moving::store::catalog::Table;
use crate::moving::store::checksum;

/// The table's row count, once both sides agree.
pub fn table(source: &Connection, target: &Connection, table: &Table) -> Result<u64, MoveError> {
    let batch = batch_size(table);
    let theirs = checksum::summarise(target, table, batch)?;
    let mine = checksum::summarise(source, table, batch)?;
    if mine != theirs {
        return Err(MoveError::Mismatch {
            table: table.name.clone(),
            source_rows: mine.rows,
            target_rows: theirs.rows,
            checksums_differ: mine.checksum != theirs.checksum,
        });
    }
    Ok(mine.rows)
}
