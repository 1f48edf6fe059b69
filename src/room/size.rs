//! What a row really takes in the database file, for quotas (docs/vault.md, "Room on the server"), what
//! deleting on a full disk needs: the room on the disk, not the connection (src/db/ keeps only that and
//! the migrations; it also answers whether an error was a full disk, `DbError::is_disk_full`).

/// The bytes one row of `data_len` bytes of data is counted as. Measured on 4 KiB pages (SQLite's default,
/// which Solace keeps), after a checkpoint, rows inserted one transaction each as the routes do:
///
/// | data | file growth per row |
/// | --- | --- |
/// | 1 byte, 36-character ids | 168 bytes |
/// | 1 byte, 64-character ids | 203 bytes |
/// | 600 bytes | 995 bytes |
/// | 900 to 3 000 bytes | 4 700 bytes (past about 800 bytes of data the row no longer fits in its page) |
/// | 5 000 bytes | 8 800 bytes |
/// | 1 MiB + 29 bytes (a chunk) | 1 053 082 bytes (257 pages and the row) |
///
/// So a row counts 512 bytes for its keys, its place in the table's pages and their slack, plus its data;
/// data over 800 bytes, which SQLite moves to pages of their own, counts in whole 4 KiB pages, one more than
/// it fills. Every row above counts at least what it took: a 1-byte record 513 bytes instead of 1, a chunk
/// 1 057 280.
pub fn stored_size(data_len: usize) -> i64 {
    const ROW: i64 = 512;
    const INLINE: i64 = 800;
    const PAGE: i64 = 4096;
    let len = data_len as i64;
    if len <= INLINE {
        ROW + len
    } else {
        ROW + ((len + PAGE - 1) / PAGE + 1) * PAGE
    }
}

/// How much data one deleting transaction removes at most: with `secure_delete` each freed page is written
/// to the write-ahead log (as zeros) before it is free, so a deletion needs about its own size in free disk
/// until the log is emptied. Deleting in batches of this, each emptied out of the log before the next, needs
/// no more than one batch of room however large the whole (src/room/reserve.rs keeps that much).
pub const DELETE_BATCH_BYTES: i64 = 2 * 1024 * 1024;

#[cfg(test)]
mod tests {
    use super::stored_size;

    #[test]
    fn each_measured_row_counts_at_least_what_it_took() {
        for (len, took) in [
            (1, 203),
            (600, 995),
            (900, 4_708),
            (3_000, 4_700),
            (5_000, 8_802),
            (1_048_605, 1_053_082),
        ] {
            assert!(stored_size(len) >= took, "{len}: {}", stored_size(len));
        }
        assert_eq!(stored_size(1), 513);
    }
}
