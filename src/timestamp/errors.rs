//! What can go wrong setting up the time-stamping authority.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum AuthorityError {
    #[error("{what} {}: {source}", path.display())]
    File {
        what: &'static str,
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{} is not usable: {why}", path.display())]
    Unusable { path: PathBuf, why: String },
    #[error("cannot make the time-stamping certificate: {0}")]
    Make(String),
    #[error("cannot set up the client for the external time-stamping authority: {0}")]
    Client(String),
}

impl AuthorityError {
    pub fn client(e: reqwest::Error) -> Self {
        Self::Client(e.without_url().to_string())
    }
}
