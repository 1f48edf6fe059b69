//! The packaged unit's `Type=notify` with `WatchdogSec=` (packaging/solace.service): the real binary,
//! started as systemd starts it (`NOTIFY_SOCKET`, `WATCHDOG_USEC`, `WATCHDOG_PID`), tells the socket
//! READY=1 once it listens and then WATCHDOG=1 again and again.

use std::os::unix::net::UnixDatagram;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{BIN, free_port};

#[test]
fn the_server_says_ready_then_keeps_pinging_the_watchdog() {
    let dir = tempfile::tempdir().unwrap();
    let socket_path = dir.path().join("notify.sock");
    let socket = UnixDatagram::bind(&socket_path).unwrap();
    socket
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let port = free_port();
    // systemd names the service's own process in WATCHDOG_PID: `exec` keeps the shell's.
    let mut child = Command::new("sh")
        .args(["-c", "WATCHDOG_PID=$$ exec \"$@\"", "sh", BIN])
        .args([
            "--bind",
            "127.0.0.1",
            "--port",
            &port.to_string(),
            "--data-dir",
        ])
        .arg(dir.path().join("data"))
        .arg("serve")
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("NOTIFY_SOCKET", &socket_path)
        // A 400 ms watchdog: a ping every 200 ms.
        .env("WATCHDOG_USEC", "400000")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut buf = [0u8; 512];
    let mut next = || {
        let n = socket.recv(&mut buf).expect("a message from the server");
        String::from_utf8_lossy(&buf[..n]).into_owned()
    };
    let first = next();
    let ready_at = Instant::now();
    assert_eq!(first.trim(), "READY=1");
    let answers = reqwest::blocking::get(format!("http://127.0.0.1:{port}/health")).unwrap();
    assert_eq!(answers.status(), 200, "ready means it answers");
    for _ in 0..3 {
        assert_eq!(next().trim(), "WATCHDOG=1");
    }
    assert!(ready_at.elapsed() < Duration::from_secs(30));
    let _ = child.kill();
    let _ = child.wait();
}
