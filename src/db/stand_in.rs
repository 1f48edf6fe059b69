//! For the unit tests on PostgreSQL: the throwaway cluster of tests/support/postgres-stand-in.py (Debian's
//! postgresql, as the integration tests use), started once per test process and stopped when it ends (the
//! script stops when its standard input closes), and a schema of its own for each test.

use std::io::{BufRead, BufReader};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use super::{Connection, PostgresServer};

/// A Python stand-in of tests/support, held for the test process's life: the script stops when its
/// standard input closes.
pub(crate) type Running = Mutex<(Child, ChildStdin)>;

/// Starts `tests/support/SCRIPT PORT` with `python` on a free loopback port and returns the settings it
/// prints once ready (a `ready` line, then one JSON line), with the handles that keep it running.
/// `needs` says what a failed start lacks.
pub(crate) fn start_python(
    python: &str,
    script: &str,
    needs: &str,
) -> (serde_json::Value, Running) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap()
        .port();
    let mut child = Command::new(python)
        .arg(format!(
            "{}/tests/support/{script}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .arg(port.to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{needs}: {e}"));
    let stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut next = || lines.next().expect("the stand-in stopped").unwrap();
    assert_eq!(next(), "ready");
    let info = serde_json::from_str(&next()).unwrap();
    (info, Mutex::new((child, stdin)))
}

struct Cluster {
    url: String,
    _running: Running,
}

fn cluster() -> &'static Cluster {
    static CLUSTER: OnceLock<Cluster> = OnceLock::new();
    CLUSTER.get_or_init(|| {
        let (info, running) = start_python(
            "/usr/bin/python3",
            "postgres-stand-in.py",
            "the PostgreSQL stand-in needs python3 and Debian's postgresql",
        );
        Cluster {
            url: format!("{}?sslmode=disable", info["url"].as_str().unwrap()),
            _running: running,
        }
    })
}

/// A server whose connections see only a new, empty schema of their own (`search_path`), so tests run
/// side by side on one database.
pub(crate) fn server() -> PostgresServer {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let schema = format!(
        "test_{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    let mut config = postgres::Config::from_str(&cluster().url).unwrap();
    let mut admin = config.connect(postgres::NoTls).unwrap();
    admin
        .batch_execute(&format!("CREATE SCHEMA {schema}"))
        .unwrap();
    config.options(&format!("-c search_path={schema}"));
    PostgresServer::new(config, None).unwrap()
}

/// A migrated database of each engine, for a store's tests: SQLite's file (in the directory kept beside
/// it), then a PostgreSQL schema of its own.
pub(crate) fn both_engines() -> Vec<(Option<tempfile::TempDir>, Connection)> {
    let dir = tempfile::tempdir().unwrap();
    super::create_private_file(&dir.path().join(super::FILE_NAME)).unwrap();
    let sqlite = super::open_for_command(dir.path()).unwrap();
    let mut postgres = server().connect(true).unwrap();
    super::migrations::run_postgres(&mut postgres).unwrap();
    vec![(Some(dir), sqlite), (None, postgres)]
}

/// Two connections to one migrated database of each engine, as two instances have: SQLite's file (in the
/// directory kept beside them), then a PostgreSQL schema of its own.
pub(crate) fn two_connections_on_both_engines()
-> Vec<(Option<tempfile::TempDir>, Connection, Connection)> {
    let dir = tempfile::tempdir().unwrap();
    super::create_private_file(&dir.path().join(super::FILE_NAME)).unwrap();
    let sqlite = super::open_for_command(dir.path()).unwrap();
    let sqlite_too = super::open_for_command(dir.path()).unwrap();
    let server = server();
    let mut postgres = server.connect(true).unwrap();
    super::migrations::run_postgres(&mut postgres).unwrap();
    let postgres_too = server.connect(true).unwrap();
    vec![
        (Some(dir), sqlite, sqlite_too),
        (None, postgres, postgres_too),
    ]
}
