//! One table copied: the source's rows walked in key order, batch by batch; each batch's keys looked up in
//! the target; rows it holds already with the same content skipped, rows it lacks written in one
//! transaction. An interrupted run loses at most the batch it was writing, which rolls back whole; the
//! next run finds the batches before it in place and goes on. A row the target holds with the same key and
//! other content stops the move: the target is someone else's data.

use super::{Event, batch_size};
use crate::db::Connection;
use crate::moving::errors::MoveError;
use crate::moving::store::catalog::Table;
use crate::moving::store::rows::{self, Cell, Row};

/// What one table's copy did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Copied {
    pub written: u64,
    pub present: u64,
}

/// Refuses, before anything is written, a target table whose rows are not the source's: its first rows (a
/// batch, in its own order) are looked up in the source. An earlier run of this move left only the
/// source's rows there; another installation's database fails at once.
pub fn refuse_other_data(
    source: &Connection,
    target: &Connection,
    table: &Table,
) -> Result<(), MoveError> {
    let positions = table.key_positions();
    let theirs = rows::after(target, table, None, batch_size(table))?;
    let keys: Vec<Vec<Cell>> = theirs
        .iter()
        .map(|row| positions.iter().map(|&p| row[p].clone()).collect())
        .collect();
    let mine = rows::with_keys(source, table, &keys)?;
    if theirs.iter().any(|row| !mine.contains(row)) {
        return Err(MoveError::Clash {
            table: table.name.clone(),
        });
    }
    Ok(())
}

pub fn table(
    source: &Connection,
    target: &mut Connection,
    table: &Table,
    report: &mut dyn FnMut(Event<'_>),
) -> Result<Copied, MoveError> {
    let total = rows::count(source, table)?;
    let positions = table.key_positions();
    let key_of = |row: &Row| -> Vec<Cell> { positions.iter().map(|&p| row[p].clone()).collect() };
    let batch = batch_size(table);
    let mut copied = Copied::default();
    let mut last: Option<Vec<Cell>> = None;
    loop {
        let read = rows::after(source, table, last.as_deref(), batch)?;
        let Some(end) = read.last() else { break };
        last = Some(key_of(end));
        let keys: Vec<Vec<Cell>> = read.iter().map(key_of).collect();
        let held = rows::with_keys(target, table, &keys)?;
        let mut missing: Vec<Row> = Vec::new();
        for row in read.iter() {
            let key = key_of(row);
            match held.iter().find(|h| key_of(h) == key) {
                Some(theirs) if theirs == row => copied.present += 1,
                Some(_) => {
                    return Err(MoveError::Clash {
                        table: table.name.clone(),
                    });
                }
                None => missing.push(row.clone()),
            }
        }
        match rows::insert(target, table, &missing) {
            Ok(()) => copied.written += missing.len() as u64,
            Err(e) if e.is_unique_violation() => {
                return Err(MoveError::Clash {
                    table: table.name.clone(),
                });
            }
            Err(e) => return Err(e.into()),
        }
        report(Event::Copying {
            table: &table.name,
            done: copied.written + copied.present,
            total,
        });
        if read.len() < batch {
            break;
        }
    }
    report(Event::Copied {
        table: &table.name,
        written: copied.written,
        present: copied.present,
    });
    Ok(copied)
}
