//! `solace validate-config --connect`: reaches the database and the file store the configuration names, so
//! an operator learns of a wrong password, a closed port or a missing bucket before a server relies on them.
//! Each check is read-only and bounded in time; no message holds a password or a key.

use std::process::ExitCode;
use std::time::Duration;

use crate::config::Config;

mod postgres;
mod s3;

/// A store that could not be used: where, and why in words an operator can act on.
#[derive(Debug, thiserror::Error)]
#[error("cannot use {place}: {problem}")]
pub struct Unreachable {
    place: String,
    problem: Box<dyn std::error::Error + Send + Sync>,
}

impl Unreachable {
    fn new(place: &str, problem: impl std::error::Error + Send + Sync + 'static) -> Self {
        Self {
            place: place.to_string(),
            problem: Box::new(problem),
        }
    }
}

/// Prints what each store answered; exit 0 when both were reached, 1 naming each that was not.
pub fn run(config: &Config) -> ExitCode {
    let mut reached = true;
    let mut report = |what: &str, answer: Result<String, Unreachable>| match answer {
        Ok(line) => println!("{what}: {line}"),
        Err(why) => {
            eprintln!("solace: {what}: {why}");
            reached = false;
        }
    };
    let data_dir = config.server.data_dir.display();
    let database = match config.database.postgres() {
        None => Ok(format!(
            "SQLite in the data directory ({data_dir}), nothing to reach"
        )),
        Some(server) => postgres::check(&server, config.database.ca_file.as_deref()),
    };
    report("database", database);
    // The configuration was checked when it was loaded: a bucket that does not parse is not here.
    let storage = match config.storage.bucket().ok().flatten() {
        None => Ok(format!(
            "files in the data directory ({data_dir}), nothing to reach"
        )),
        Some(bucket) => s3::check(&config.storage, &bucket),
    };
    report("storage", storage);
    if reached {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Runs `check` on a thread of its own and answers `too_late` after `limit`, whatever the library's own
/// timeouts cover (a server that accepts the connection and then says nothing).
fn within<T: Send + 'static, E: Send + 'static>(
    limit: Duration,
    too_late: E,
    check: impl FnOnce() -> Result<T, E> + Send + 'static,
) -> Result<T, E> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(check());
    });
    rx.recv_timeout(limit).unwrap_or(Err(too_late))
}

/// An error with its causes, as one line ("error performing TLS handshake: invalid peer certificate: ...").
fn with_causes(e: &(dyn std::error::Error + 'static)) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        text = format!("{text}: {c}");
        cause = c.source();
    }
    text
}
