//! Boots the real `solace` binary on a free loopback port with a temporary data directory, waits for its
//! "ready" log line, and stops it when dropped.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

pub const BIN: &str = env!("CARGO_BIN_EXE_solace");
const READY: &str = "solace is ready";
// Generous: a debug build starting while the other cores run a whole test suite can take a while.
const START_TIMEOUT: Duration = Duration::from_secs(60);

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

pub struct Server {
    pub child: Option<Child>,
    pub port: u16,
    pub data_dir: PathBuf,
    pub logs: Logs,
    /// Started on a tmpfs in a mount namespace of its own (`Options::tmpfs_mib`): its data directory is seen
    /// only from inside that namespace (`run_beside`).
    pub own_mounts: bool,
    _tmp: Option<tempfile::TempDir>,
}

#[derive(Default)]
pub struct Options {
    pub config: Option<String>,
    pub data_dir: Option<PathBuf>,
    pub args: Vec<String>,
    pub env: Vec<(String, String)>,
    /// Runs the server in a mount namespace of its own (`unshare -rm`) with a tmpfs of this many MiB as its
    /// data directory: a file system that really fills up, seen only by the server.
    pub tmpfs_mib: Option<u64>,
}

impl Server {
    pub fn start() -> Self {
        Self::start_with(Options::default())
    }

    pub fn start_with(opts: Options) -> Self {
        let tmp = tempfile::tempdir().unwrap();
        let data_dir = opts
            .data_dir
            .clone()
            .unwrap_or_else(|| tmp.path().join("data"));
        // Another test can take a free port between free_port() and the server's bind: then try another.
        let mut tries = 0;
        let (port, child, logs) = loop {
            let port = free_port();
            let mut cmd = command(&opts, tmp.path(), &data_dir);
            cmd.args(["--port", &port.to_string()]);
            match spawn_and_wait(cmd) {
                Ok((child, logs)) => break (port, child, logs),
                Err(logs) if tries < 2 && logs.iter().any(|l| l.contains("cannot listen")) => {
                    tries += 1
                }
                Err(logs) => panic!("server did not start:\n{}", logs.join("\n")),
            }
        };
        Self {
            child: Some(child),
            port,
            data_dir,
            logs,
            own_mounts: opts.tmpfs_mib.is_some(),
            _tmp: Some(tmp),
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{}", self.port, path)
    }

    pub fn logs(&self) -> String {
        self.logs.0.lock().unwrap().join("\n")
    }

    /// The whole log, once a line containing `needle` has arrived: a request's log line is written after its
    /// response, and read from the server's output by another thread, so it can trail the reply.
    pub fn logs_once_logged(&self, needle: &str) -> String {
        self.wait_for_log(needle, Duration::from_secs(10));
        self.logs()
    }

    /// Waits (on the log reader's signal, not a sleep) until a log line contains `needle`.
    pub fn wait_for_log(&self, needle: &str, timeout: Duration) -> String {
        self.wait_for_logs(needle, 1, timeout)
    }

    /// Waits until `n` log lines contain `needle` (a thing logged each time it happens), and returns the
    /// `n`th.
    pub fn wait_for_logs(&self, needle: &str, n: usize, timeout: Duration) -> String {
        let deadline = Instant::now() + timeout;
        let (lines, changed) = &*self.logs;
        let mut guard = lines.lock().unwrap();
        loop {
            if let Some(line) = guard.iter().filter(|l| l.contains(needle)).nth(n - 1) {
                return line.clone();
            }
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(
                !left.is_zero(),
                "no {n} log lines with {needle:?} in:\n{}",
                guard.join("\n")
            );
            guard = changed.wait_timeout(guard, left).unwrap().0;
        }
    }

    /// Sends a signal by name (TERM, INT, KILL) with the system's `kill`.
    pub fn signal(&self, name: &str) {
        let pid = self.child.as_ref().unwrap().id();
        let ok = Command::new("kill")
            .args([&format!("-{name}"), &pid.to_string()])
            .status()
            .unwrap();
        assert!(ok.success());
    }

    pub fn wait(&mut self) -> ExitStatus {
        self.child.as_mut().unwrap().wait().unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

fn command(opts: &Options, tmp: &Path, data_dir: &Path) -> Command {
    let mut cmd = match opts.tmpfs_mib {
        None => Command::new(BIN),
        Some(mib) => {
            let mut cmd = Command::new("unshare");
            let mount = format!(
                "mkdir -p \"$1\" && mount -t tmpfs -o size={mib}m,mode=0700 tmpfs \"$1\" && shift && exec \"$@\""
            );
            cmd.args(["-rm", "sh", "-c", &mount, "sh"])
                .arg(data_dir)
                .arg(BIN);
            cmd
        }
    };
    cmd.env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("RUST_LOG", "info")
        .args(["--bind", "127.0.0.1", "--data-dir"])
        .arg(data_dir);
    let mut config = opts.config.clone();
    if let Some((section, password)) = on_postgres(data_dir) {
        config = Some(format!("{}\n{section}", config.unwrap_or_default()));
        cmd.env(password.0, password.1);
    }
    if let Some(text) = &config {
        let path = tmp.join("solace.toml");
        std::fs::write(&path, text).unwrap();
        cmd.arg("--config").arg(path);
    }
    cmd.args(&opts.args);
    for (k, v) in &opts.env {
        cmd.env(k, v);
    }
    cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
    cmd
}

/// Starts the command and waits for the ready line; on failure returns what it logged.
pub type Logs = Arc<(Mutex<Vec<String>>, Condvar)>;

fn spawn_and_wait(mut cmd: Command) -> Result<(Child, Logs), Vec<String>> {
    let mut child = cmd.spawn().expect("start solace");
    let logs: Logs = Arc::new((Mutex::new(Vec::new()), Condvar::new()));
    let (tx, rx) = mpsc::channel();
    for stream in [
        Box::new(child.stderr.take().unwrap()) as Box<dyn std::io::Read + Send>,
        Box::new(child.stdout.take().unwrap()),
    ] {
        let logs = logs.clone();
        let tx = tx.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stream).lines().map_while(Result::ok) {
                let ready = line.contains(READY);
                logs.0.lock().unwrap().push(line);
                logs.1.notify_all();
                if ready {
                    let _ = tx.send(true);
                }
            }
            let _ = tx.send(false);
        });
    }
    drop(tx);
    loop {
        match rx.recv_timeout(START_TIMEOUT) {
            Ok(true) => return Ok((child, logs)),
            Ok(false) => {
                if let Ok(Some(_)) = child.try_wait() {
                    let _ = child.wait();
                    return Err(logs.0.lock().unwrap().clone());
                }
            }
            Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(logs.0.lock().unwrap().clone());
            }
        }
    }
}

/// `SOLACE_TEST_DATABASE=postgres` (docs/development.md, "The database layer"): the servers these tests
/// start, and the commands run on their data directories, keep their tables in the throwaway cluster, a
/// schema for each data directory, instead of the directory's SQLite file. The `[database]` section for
/// `data_dir`, and the password's variable.
fn on_postgres(data_dir: &Path) -> Option<(String, (&'static str, String))> {
    let given = lock(&ON_DATABASE)
        .iter()
        .find(|(dir, _)| dir == data_dir)
        .map(|(_, url)| url.clone());
    if given.is_none() && std::env::var("SOLACE_TEST_DATABASE").ok()? != "postgres" {
        return None;
    }
    let cluster = crate::stores_support::postgres::cluster();
    let url = given.unwrap_or_else(|| cluster.schema_url_for(data_dir));
    Some((
        format!("[database]\nurl = \"{url}\"\n"),
        ("SOLACE_DATABASE_PASSWORD", cluster.password.clone()),
    ))
}

/// Data directories of servers a test started on a PostgreSQL schema of its own (several instances on
/// one database, each with its own directory), with the schema's URL: commands run on them use it too.
static ON_DATABASE: Mutex<Vec<(PathBuf, String)>> = Mutex::new(Vec::new());

/// Commands run on `data_dir` use the throwaway cluster's schema `url` (`Cluster::schema_url`).
pub fn on_database(data_dir: &Path, url: &str) {
    lock(&ON_DATABASE).push((data_dir.to_path_buf(), url.to_string()));
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Runs the binary to completion (subcommands, refused starts) and returns status, stdout, stderr.
pub fn run(args: &[&str], env: &[(&str, &str)]) -> (ExitStatus, String, String) {
    output(Command::new(BIN), args, env)
}

/// `run` for an operator's command on `server`'s data directory: inside its namespaces when it has a
/// file system of its own (`nsenter`), so the command sees the same data directory.
pub fn run_beside(
    server: &Server,
    args: &[&str],
    env: &[(&str, &str)],
) -> (ExitStatus, String, String) {
    if !server.own_mounts {
        return run(args, env);
    }
    let pid = server.child.as_ref().unwrap().id().to_string();
    let mut cmd = Command::new("nsenter");
    cmd.args(["-t", &pid, "-U", "-m", "--preserve-credentials", BIN]);
    output(cmd, args, env)
}

fn output(mut cmd: Command, args: &[&str], env: &[(&str, &str)]) -> (ExitStatus, String, String) {
    cmd.env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .envs(env.iter().copied());
    // A command on a server's data directory, on PostgreSQL: its config names the same schema.
    let data_dir = args
        .iter()
        .position(|a| *a == "--data-dir")
        .and_then(|i| args.get(i + 1));
    if let Some(data_dir) = data_dir.filter(|_| !args.contains(&"--config"))
        && let Some((section, password)) = on_postgres(Path::new(data_dir))
    {
        let config = format!("{data_dir}.database.toml");
        std::fs::write(&config, section).unwrap();
        cmd.env("SOLACE_CONFIG", config).env(password.0, password.1);
    }
    let out = cmd.args(args).output().unwrap();
    (
        out.status,
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

pub fn client() -> reqwest::blocking::Client {
    reqwest::blocking::Client::builder()
        // The server closes a connection idle for 5 s (`connections.idle_timeout_secs`); a request sent on a
        // pooled connection as it closes fails with an incomplete message. Dropping idle ones at 2 s, before the
        // server does, takes the race away (it showed under load, with several tests at once).
        .pool_idle_timeout(std::time::Duration::from_secs(2))
        .redirect(reqwest::redirect::Policy::none())
        .no_gzip()
        .no_brotli()
        .build()
        .unwrap()
}

/// GETs `path` and returns the status with the body parsed as JSON (a body that is not JSON fails the test).
pub fn get_json(s: &Server, path: &str) -> (u16, serde_json::Value) {
    let res = client().get(s.url(path)).send().unwrap();
    let status = res.status().as_u16();
    let text = res.text().unwrap();
    let body = serde_json::from_str(&text).unwrap_or_else(|_| panic!("{path}: not JSON: {text}"));
    (status, body)
}
