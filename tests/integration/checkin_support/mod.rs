//! The SMTP stand-in (tests/support/smtp-stand-in.py, a real SMTP server from Debian's python3-aiosmtpd)
//! started for one test, and waiting for the messages it receives.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use serde_json::Value;

use crate::common::free_port;

pub struct Smtp {
    pub port: u16,
    child: Child,
    _stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Smtp {
    pub fn start() -> Self {
        let port = free_port();
        let script = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/support/smtp-stand-in.py"
        );
        // Debian's Python, which has Debian's python3-aiosmtpd (as the browser tests use Debian's chromium).
        let mut child = Command::new("/usr/bin/python3")
            .arg(script)
            .arg(port.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("python3 with aiosmtpd (Debian's python3-aiosmtpd)");
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
            .recv_timeout(Duration::from_secs(20))
            .expect("smtp stand-in ready");
        assert_eq!(first, "ready");
        Self {
            port,
            child,
            _stdin: stdin,
            lines,
        }
    }

    /// The `[email]` section that sends through this server.
    pub fn config(&self) -> String {
        format!(
            "[email]\nsmtp_url = \"smtp://127.0.0.1:{}?tls=none\"\nfrom = \"Solace alerts <alerts@solace.test>\"\n",
            self.port
        )
    }

    /// The next message the server receives (waiting for it, at most `secs`).
    pub fn next(&self, secs: u64) -> Value {
        let line = self
            .lines
            .recv_timeout(Duration::from_secs(secs))
            .expect("an e-mail arrived");
        serde_json::from_str(&line).unwrap()
    }
}

impl Drop for Smtp {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
