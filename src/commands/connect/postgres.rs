//! The PostgreSQL check: connect as `database.url` says and ask the server's version.

use std::path::Path;

use postgres::error::SqlState;
use tokio_postgres_rustls::MakeRustlsConnect;

use super::Unreachable;
use crate::config::database::CONNECT_TIMEOUT;

/// Why the server could not be used. The server's own words name the user or the database at most.
#[derive(Debug, thiserror::Error)]
pub enum PostgresProblem {
    #[error("the server refused the password (password authentication failed)")]
    WrongPassword,
    #[error("the server has no such database")]
    NoSuchDatabase,
    #[error(
        "the server accepts this connection only over TLS: add sslmode=require to database.url"
    )]
    TlsRequired,
    #[error("the server refused: {0}")]
    Refused(String),
    #[error("nothing answers there (connection refused): is the server running, on this port?")]
    NothingListens,
    #[error("no answer within {} seconds", CONNECT_TIMEOUT.as_secs())]
    NoAnswer,
    #[error(
        "TLS failed ({0}). A certificate no public authority signed is trusted with database.ca_file; \
         sslmode=disable in database.url turns TLS off, for a private network only"
    )]
    Tls(String),
    #[error("the connection failed: {0}")]
    Connection(String),
    #[error("database.ca_file {0}")]
    CaFile(String),
}

/// The server's version, or why it could not be reached.
pub fn check(server: &postgres::Config, ca_file: Option<&Path>) -> Result<String, Unreachable> {
    let server_place = place(server);
    let place = format!("PostgreSQL at {server_place}");
    let tls = tls(ca_file).map_err(|e| Unreachable::new(&place, e))?;
    let server = server.clone();
    let version = super::within(
        CONNECT_TIMEOUT + CONNECT_TIMEOUT,
        PostgresProblem::NoAnswer,
        move || {
            let mut client = server.connect(tls).map_err(|e| explain(&e))?;
            let row = client
                .query_one("SHOW server_version", &[])
                .map_err(|e| explain(&e))?;
            Ok(row.get::<_, String>(0))
        },
    )
    .map_err(|e| Unreachable::new(&place, e))?;
    Ok(format!("reached PostgreSQL {version} at {server_place}"))
}

/// Where the check went, without the password: `user@host:port/database`.
fn place(server: &postgres::Config) -> String {
    let host = match server.get_hosts().first() {
        Some(postgres::config::Host::Tcp(name)) => name.clone(),
        Some(postgres::config::Host::Unix(path)) => path.display().to_string(),
        None => String::new(),
    };
    let port = server.get_ports().first().copied().unwrap_or(5432);
    format!(
        "{}@{host}:{port}/{}",
        server.get_user().unwrap_or_default(),
        server.get_dbname().unwrap_or_default()
    )
}

/// TLS as the database layer makes it (`crate::db::postgres_tls`), so the check and the server trust alike.
fn tls(ca_file: Option<&Path>) -> Result<MakeRustlsConnect, PostgresProblem> {
    crate::db::postgres_tls(ca_file).map_err(|e| PostgresProblem::CaFile(e.to_string()))
}

fn explain(e: &postgres::Error) -> PostgresProblem {
    if let Some(db) = e.as_db_error() {
        let code = db.code();
        return if *code == SqlState::INVALID_PASSWORD {
            PostgresProblem::WrongPassword
        } else if *code == SqlState::INVALID_CATALOG_NAME {
            PostgresProblem::NoSuchDatabase
        } else if *code == SqlState::INVALID_AUTHORIZATION_SPECIFICATION
            && db.message().contains("no encryption")
        {
            PostgresProblem::TlsRequired
        } else {
            PostgresProblem::Refused(db.message().to_string())
        };
    }
    let text = super::with_causes(e);
    if text.contains("TLS") {
        return PostgresProblem::Tls(text);
    }
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(s) = source {
        if let Some(io) = s.downcast_ref::<std::io::Error>() {
            return match io.kind() {
                std::io::ErrorKind::ConnectionRefused => PostgresProblem::NothingListens,
                std::io::ErrorKind::TimedOut => PostgresProblem::NoAnswer,
                _ => PostgresProblem::Connection(io.to_string()),
            };
        }
        source = s.source();
    }
    PostgresProblem::Connection(text)
}
