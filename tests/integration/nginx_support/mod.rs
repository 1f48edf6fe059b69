//! A real nginx, as Debian ships it, in front of one or more real servers: on a free loopback port, passing
//! everything to its upstreams in turn (nginx's round-robin), stopped when dropped.

use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common;

pub const NGINX: &str = "/usr/sbin/nginx";

/// Whether nginx is installed; the tests that need it say they were skipped otherwise.
pub fn installed() -> bool {
    if Path::new(NGINX).exists() {
        return true;
    }
    eprintln!("SKIPPED: {NGINX} is missing (tests/all.sh installs Debian's nginx)");
    false
}

pub struct Nginx {
    child: Child,
    pub port: u16,
    _dir: tempfile::TempDir,
}

impl Nginx {
    /// nginx passing every request to the servers on `upstreams`, one after the other; `server` holds
    /// directives of its own for the `server` block (none: nginx's defaults).
    pub fn start(upstreams: &[u16], server: &str) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().display();
        let port = common::free_port();
        let upstream: String = upstreams
            .iter()
            .map(|p| format!("server 127.0.0.1:{p}; "))
            .collect();
        let conf = format!(
            "daemon off;\nworker_processes 1;\npid {d}/nginx.pid;\nerror_log {d}/error.log warn;\n\
             events {{ worker_connections 64; }}\n\
             http {{\n  access_log off;\n  client_body_temp_path {d}/body;\n  proxy_temp_path {d}/proxy;\n\
             fastcgi_temp_path {d}/fastcgi;\n  uwsgi_temp_path {d}/uwsgi;\n  scgi_temp_path {d}/scgi;\n\
             upstream solace {{ {upstream}}}\n\
             server {{\n    listen 127.0.0.1:{port};\n    {server}\n    location / {{ proxy_pass http://solace; }}\n  }}\n}}\n"
        );
        std::fs::write(dir.path().join("nginx.conf"), conf).unwrap();
        let child = Command::new(NGINX)
            .arg("-c")
            .arg(dir.path().join("nginx.conf"))
            .arg("-e")
            .arg(dir.path().join("error.log"))
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("nginx starts");
        let started = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "nginx did not listen"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        Self {
            child,
            port,
            _dir: dir,
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        // TERM to the master stops its workers too; a KILL would leave them behind.
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let _ = self.child.wait();
    }
}
