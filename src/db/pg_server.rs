//! PostgreSQL's connections: the server as `[database]` names it, a connection opened on it (one that
//! writes, or a reader that refuses to), and the readers' pool.

use std::path::Path;
use std::time::Duration;

use tokio_postgres_rustls::MakeRustlsConnect;

use super::connection::Connection;
use super::error::{CaFileProblem, DbError, Result};

/// The server to reach, as `[database]` names it: its settings (password in place) and TLS.
#[derive(Clone)]
pub struct Server {
    config: postgres::Config,
    tls: MakeRustlsConnect,
}

impl Server {
    pub fn new(config: postgres::Config, ca_file: Option<&Path>) -> Result<Self, CaFileProblem> {
        Ok(Self {
            config,
            tls: super::pg::tls(ca_file)?,
        })
    }

    /// Where it is, without the password: `user@host:port/database`, and its `options` (a `search_path`)
    /// when it has any. What a command prints, and how two names of one database are told apart.
    pub fn place(&self) -> String {
        let hosts: Vec<String> = self
            .config
            .get_hosts()
            .iter()
            .map(|host| match host {
                postgres::config::Host::Tcp(name) => name.clone(),
                postgres::config::Host::Unix(path) => path.display().to_string(),
            })
            .collect();
        let port = self.config.get_ports().first().copied().unwrap_or(5432);
        let mut place = format!(
            "{}@{}:{port}/{}",
            self.config.get_user().unwrap_or_default(),
            hosts.join(","),
            self.config.get_dbname().unwrap_or_default()
        );
        if let Some(options) = self.config.get_options() {
            place.push_str(&format!(" ({options})"));
        }
        place
    }

    /// A new connection; one that does not write refuses to (as SQLite's read-only readers do).
    pub(super) fn connect(&self, writes: bool) -> Result<Connection> {
        let mut client = self.config.connect(self.tls.clone())?;
        if !writes {
            client.batch_execute("SET default_transaction_read_only = on")?;
        }
        Ok(Connection::from_postgres(client, writes))
    }
}

/// The readers' pool (r2d2): at most `READERS` connections, opened when first needed, a broken one
/// replaced.
pub(super) struct Readers(pub(super) Server);

/// The most readers one instance keeps open: with the writer, what it asks of the server's
/// `max_connections` (100 by default).
pub(super) const READERS: u32 = 8;

/// How long a read waits for a reader to come free or be opened before it fails.
const WAIT_FOR_A_READER: Duration = Duration::from_secs(10);

impl r2d2::ManageConnection for Readers {
    type Connection = Connection;
    type Error = DbError;

    fn connect(&self) -> Result<Connection> {
        self.0.connect(false)
    }

    fn is_valid(&self, conn: &mut Connection) -> Result<()> {
        conn.execute_batch("")
    }

    fn has_broken(&self, conn: &mut Connection) -> bool {
        conn.is_broken()
    }
}

pub(super) fn readers(server: Server) -> r2d2::Pool<Readers> {
    r2d2::Pool::builder()
        .max_size(READERS)
        .min_idle(Some(0))
        // A closed connection is noticed when used (its request fails once) and then replaced, rather
        // than each read paying a round trip to test its connection first.
        .test_on_check_out(false)
        .connection_timeout(WAIT_FOR_A_READER)
        .build_unchecked(Readers(server))
}
