//! What the configuration says about its two stores as a whole: the warning for a password left where other
//! users can read it, and the refusal to serve from stores this version only checks.

use super::Config;
use super::database::SQLITE;
use super::storage::FILES;

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

    /// Why `serve` and the commands that open the data refuse this configuration: an S3 store is checked
    /// (`validate-config --connect`) but not yet used; and `solace backup` copies SQLite's file, so it
    /// has nothing to copy on PostgreSQL. None when the command can run.
    pub fn not_yet_served(&self, backup: bool) -> Option<String> {
        if self.storage.url.trim() != FILES {
            return Some(format!(
                "this version of Solace checks an s3:// storage.url (solace validate-config --connect) \
                 but still keeps its files in the data directory, so it does not start: set storage.url \
                 = \"{FILES}\" to run it."
            ));
        }
        if backup && self.database.postgres().is_some() {
            return Some(format!(
                "solace backup copies the data directory's SQLite database, and database.url is not \
                 \"{SQLITE}\": back up PostgreSQL with its own tools (pg_dump, or the server's \
                 continuous archiving), and the data directory's keys as README says."
            ));
        }
        None
    }
}
