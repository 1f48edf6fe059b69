//! What `solace migrate-data` does, in steps: check both sides are at this binary's schema (`schema.rs`),
//! copy each table (`copy.rs`), the large objects (`objects.rs`), verify each table (`verify.rs`); `run`
//! takes them in order.

pub mod copy;
pub mod objects;
pub mod schema;
pub mod verify;

use super::errors::MoveError;
use super::store::{catalog, rows, snapshot};
use crate::db::Connection;

/// What the front end is told as the move goes, to print.
#[derive(Debug, Clone, PartialEq)]
pub enum Event<'a> {
    /// Part of a table is done (each batch, so a long table shows it moving).
    Copying {
        table: &'a str,
        done: u64,
        total: u64,
    },
    /// A table is copied: how many rows were written now, and how many the target already held.
    Copied {
        table: &'a str,
        written: u64,
        present: u64,
    },
    /// The large objects' step (`objects.rs`).
    Objects(&'static str),
    /// A table's count and checksum agree on both sides.
    Verified { table: &'a str, rows: u64 },
}

/// The move as a whole, for the summary.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Moved {
    pub tables: usize,
    /// Rows written by this run.
    pub written: u64,
    /// Rows the target held already (an earlier, interrupted run's), skipped.
    pub present: u64,
}

/// Copies every table of `source` into `target` and verifies them. `fresh`: the target was made by this
/// run, so whatever its migrations wrote into it is replaced by the source's rows. The source is read in
/// one snapshot and never written.
pub fn run(
    source: &Connection,
    target: &mut Connection,
    fresh: bool,
    report: &mut dyn FnMut(Event<'_>),
) -> Result<Moved, MoveError> {
    schema::source_is_current(source)?;
    let snapshot = snapshot::begin(source)?;
    let tables = schema::matching_tables(&snapshot, target)?;
    if fresh {
        rows::clear(target, &tables)?;
    } else {
        for table in &tables {
            copy::refuse_other_data(&snapshot, target, table)?;
        }
    }
    let mut moved = Moved {
        tables: tables.len(),
        ..Moved::default()
    };
    for table in &tables {
        let copied = copy::table(&snapshot, target, table, report)?;
        moved.written += copied.written;
        moved.present += copied.present;
    }
    catalog::follow_identities(target)?;
    report(Event::Objects(objects::copy(
        objects::Objects::InTheDatabase,
    )));
    for table in &tables {
        let rows = verify::table(&snapshot, target, table)?;
        report(Event::Verified {
            table: &table.name,
            rows,
        });
    }
    Ok(moved)
}

/// Rows per batch: small for tables of large cells (a copy's chunk is up to 1 MiB), more for the rest.
pub(super) fn batch_size(table: &catalog::Table) -> usize {
    if table.holds_bytes { 16 } else { 500 }
}
