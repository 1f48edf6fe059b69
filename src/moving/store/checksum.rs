//! A table's row count and checksum, the same on both engines for the same rows: each row is hashed
//! (SHA-256) in a form that names each cell's type and length, the rows' hashes are put in order (a
//! canonical order that no engine's ordering of text can change), and the ordered hashes are hashed.

use sha2::{Digest, Sha256};

use super::catalog::Table;
use super::rows::{self, Cell};
use crate::db::{Connection, DbError};

/// What verification compares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    pub rows: u64,
    pub checksum: [u8; 32],
}

/// Reads the whole table in batches of `batch` rows and summarises it.
pub fn summarise(conn: &Connection, table: &Table, batch: usize) -> Result<Summary, DbError> {
    let positions = table.key_positions();
    let mut hashes: Vec<[u8; 32]> = Vec::new();
    let mut last: Option<Vec<Cell>> = None;
    loop {
        let read = rows::after(conn, table, last.as_deref(), batch)?;
        let Some(end) = read.last() else { break };
        last = Some(positions.iter().map(|&p| end[p].clone()).collect());
        hashes.extend(read.iter().map(|row| row_hash(row)));
        if read.len() < batch {
            break;
        }
    }
    hashes.sort_unstable();
    let mut all = Sha256::new();
    for hash in &hashes {
        all.update(hash);
    }
    Ok(Summary {
        rows: hashes.len() as u64,
        checksum: all.finalize().into(),
    })
}

/// One row's hash: each cell as a type byte, then its length and bytes (an integer as 8 bytes).
pub fn row_hash(row: &[Cell]) -> [u8; 32] {
    let mut hash = Sha256::new();
    for cell in row {
        match cell {
            Cell::Null => hash.update([0]),
            Cell::Integer(i) => {
                hash.update([1]);
                hash.update(i.to_be_bytes());
            }
            Cell::Real(r) => {
                hash.update([2]);
                hash.update(r.to_bits().to_be_bytes());
            }
            Cell::Text(t) => {
                hash.update([3]);
                hash.update((t.len() as u64).to_be_bytes());
                hash.update(t.as_bytes());
            }
            Cell::Blob(b) => {
                hash.update([4]);
                hash.update((b.len() as u64).to_be_bytes());
                hash.update(b);
            }
        }
    }
    hash.finalize().into()
}
