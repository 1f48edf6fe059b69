//! A stand-in for a service outside this machine, run by Debian's python3 for one test: a script in
//! tests/support/ started with the port it listens on, ready once it prints "ready", and speaking through
//! the lines it prints (one JSON value each). Killed when dropped.

use std::io::{BufRead, BufReader};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use serde_json::Value;

pub struct PythonStandIn {
    child: Child,
    // Held open: each script ends when its standard input closes, so none outlives a crashed test run.
    _stdin: ChildStdin,
    lines: Receiver<String>,
}

impl PythonStandIn {
    /// Starts `tests/support/SCRIPT PORT`; `needs` names what the script needs if python3 cannot start.
    pub fn start(script: &str, port: u16, needs: &str) -> Self {
        Self::start_with("/usr/bin/python3", script, port, needs)
    }

    /// `start` with another interpreter (a virtual environment's python).
    pub fn start_with(python: &str, script: &str, port: u16, needs: &str) -> Self {
        let path = format!("{}/tests/support/{script}", env!("CARGO_MANIFEST_DIR"));
        let mut child = Command::new(python)
            .arg(path)
            .arg(port.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{script} needs {needs}: {e}"));
        let stdin = child.stdin.take().unwrap();
        let (tx, lines) = channel();
        let out = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let first = lines
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("{script} did not say it was ready"));
        assert_eq!(first, "ready");
        Self {
            child,
            _stdin: stdin,
            lines,
        }
    }

    /// The next line the stand-in printed (waiting for it, at most `secs`), or None.
    pub fn next_within(&self, secs: u64) -> Option<Value> {
        let line = self.lines.recv_timeout(Duration::from_secs(secs)).ok()?;
        Some(serde_json::from_str(&line).unwrap())
    }
}

impl Drop for PythonStandIn {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
