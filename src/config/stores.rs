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

    /// Why `serve` and the commands that open the data refuse this configuration: a PostgreSQL database or
    /// an S3 store is checked (`validate-config --connect`) but not yet used. None when both are local.
    pub fn not_yet_served(&self) -> Option<String> {
        let database = self.database.postgres().is_some();
        let storage = self.storage.url.trim() != FILES;
        let which = match (database, storage) {
            (false, false) => return None,
            (true, false) => "a postgres:// database.url",
            (false, true) => "an s3:// storage.url",
            (true, true) => "a postgres:// database.url and an s3:// storage.url",
        };
        Some(format!(
            "this version of Solace checks {which} (solace validate-config --connect) but still keeps \
             its data in the data directory, so it does not start: set database.url = \"{SQLITE}\" and \
             storage.url = \"{FILES}\" to run it."
        ))
    }
}
