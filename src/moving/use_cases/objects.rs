//! The large objects' step: what is large and sealed (copy chunks, share parts) is kept in the database's
//! own tables in this version, so the table copy has carried it already. An S3-compatible store
//! (`[storage] url = "s3://..."`, issue 39) adds its variant here: each object listed on the source store,
//! copied when the target lacks it, and compared by size and digest; the front end refuses `--storage`
//! until then.

/// Where the large objects are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Objects {
    /// In the database's tables, moved with their rows.
    InTheDatabase,
}

/// Copies the large objects, answering what was done in words for the operator.
pub fn copy(objects: Objects) -> &'static str {
    match objects {
        Objects::InTheDatabase => {
            "large objects (copy chunks, share parts) are kept in the database's tables, so they moved \
             with their rows"
        }
    }
}
