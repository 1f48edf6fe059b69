//! What the configuration says about its two stores as a whole: the warning for a password left where other
//! users can read it, and what `solace backup` cannot copy.

use super::Config;
use super::database::SQLITE;

impl Config {
    /// The PostgreSQL password in `database.url`, in a config file other users of the machine can read.
    pub(super) fn store_warnings(&self) -> Vec<String> {
        let Some(file) = &self.file else {
            return Vec::new();
        };
        let readable = crate::data_dir::readable_by_others(file).unwrap_or(false);
        if !(readable && self.database.url_holds_password()) {
            return Vec::new();
        }
        vec![format!(
            "database.url holds the PostgreSQL password, and other users of this machine can read {}: \
             move the password to database.password_file or SOLACE_DATABASE_PASSWORD_FILE (a file only \
             the service can read), or make the config file readable by its owner only (chmod 600).",
            file.display()
        )]
    }

    /// Why `serve` and the commands that open the data refuse this configuration: `solace backup` copies
    /// SQLite's file, so it has nothing to copy on PostgreSQL. None when the command can run.
    pub fn not_yet_served(&self, backup: bool) -> Option<String> {
        if backup && self.database.postgres().is_some() {
            return Some(format!(
                "solace backup copies the data directory's SQLite database, and database.url is not \
                 \"{SQLITE}\": back up PostgreSQL with its own tools (pg_dump, or the server's \
                 continuous archiving), and the data directory's keys as README says."
            ));
        }
        None
    }

    /// What `solace backup` says after it wrote the database's copy, when the bucket holds the rest.
    pub fn backup_leaves_out(&self) -> Option<String> {
        let bucket = self.storage.bucket().ok().flatten()?;
        Some(format!(
            "the files in s3://{}/{} (copy attachments, share parts) are not in this backup: keep them \
             with the bucket's versioning (and a lifecycle rule that expires old versions) or your store's \
             own replication or backup tools, and restore the bucket to the same time as this database.",
            bucket.name, bucket.prefix
        ))
    }
}
