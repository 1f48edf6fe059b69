//! What can stop a move, each in words an operator acts on; every failure about rows names the table.

use crate::db::DbError;

#[derive(Debug, thiserror::Error)]
pub enum MoveError {
    /// The source is not at this binary's schema: its rows might not fit the target's tables.
    #[error(
        "the source database is at schema version {found}, and this solace copies version {wanted}: \
         start this version's server on it once (it brings the database up to date), stop it, then \
         run migrate-data again"
    )]
    SourceVersion { found: i64, wanted: i64 },
    /// The target was made by another version of Solace.
    #[error(
        "the target database is at schema version {found}, and this solace copies version {wanted}: \
         use an empty database, or one this version of solace migrated"
    )]
    TargetVersion { found: i64, wanted: i64 },
    /// Both sides claim one version but their tables differ: a database changed by hand.
    #[error("the two databases' tables differ ({0}): they are not the same schema")]
    SchemaDiffers(String),
    /// The target holds rows the source does not have, or a row with a source row's key (or one of its
    /// unique values) and other content: another installation's data, which must not be mixed with this
    /// one's, or rows the source has lost since an earlier run.
    #[error(
        "the target already holds other data in table {table} (rows the source does not have, or the \
         same keys with other content): it is another installation's data, or the source changed since \
         an earlier run. Use an empty database (or empty this one) and run the command again"
    )]
    Clash { table: String },
    /// After the copy, a table's rows differ between the two sides.
    #[error(
        "verification failed for table {table}: the source has {source_rows} rows, the target \
         {target_rows}{}; the target is not a faithful copy",
        if *.checksums_differ { ", and their checksums differ" } else { "" }
    )]
    Mismatch {
        table: String,
        source_rows: u64,
        target_rows: u64,
        checksums_differ: bool,
    },
    #[error("{0}")]
    Db(#[from] DbError),
}

impl MoveError {
    /// Whether the move was refused because the databases given are not ones to copy between (exit 2),
    /// rather than failing on the way (exit 1).
    pub fn is_refusal(&self) -> bool {
        matches!(
            self,
            Self::SourceVersion { .. }
                | Self::TargetVersion { .. }
                | Self::SchemaDiffers(_)
                | Self::Clash { .. }
        )
    }
}
