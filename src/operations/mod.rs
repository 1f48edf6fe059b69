//! The operator's view of the whole running service (issue 38's console): what the Health page shows,
//! gathered from every part without knowing anything of any one account.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use crate::config::Config;
use crate::db::Db;
use crate::timestamp::Authority;

pub mod http;
pub mod use_cases;

/// What the health report reads, made once when the server starts.
pub struct Operations {
    pub(crate) db: Db,
    pub(crate) data_dir: PathBuf,
    /// The config file the server was started with, checked again on each report as `validate-config`
    /// would check it now.
    pub(crate) config_file: Option<PathBuf>,
    /// The warnings of the configuration running now.
    pub(crate) warnings: Vec<String>,
    pub(crate) started: Instant,
    pub(crate) stamps: Arc<Authority>,
    pub(crate) web_push_key: Option<String>,
    pub(crate) mail_configured: bool,
    /// `server.data_dir_min_free_mib` in bytes: below it uploads are refused, so the report says so.
    pub(crate) min_free_bytes: u64,
}

impl Operations {
    pub fn new(
        config: &Config,
        db: Db,
        stamps: Arc<Authority>,
        web_push_key: Option<String>,
    ) -> Self {
        Self {
            db,
            data_dir: config.server.data_dir.clone(),
            config_file: config.file.clone(),
            warnings: config.warnings(),
            started: Instant::now(),
            stamps,
            web_push_key,
            mail_configured: config.email.enabled(),
            min_free_bytes: config
                .server
                .data_dir_min_free_mib
                .saturating_mul(1024 * 1024),
        }
    }
}
