//! What an operator does with the binary: configure it, start it twice by mistake, stop it, back it up.

use crate::common;

use std::time::{Duration, Instant};

use common::{Options, Server, client, run};

#[test]
fn bad_config_exits_2_naming_the_key_and_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("solace.toml");
    std::fs::write(&file, "[server]\nport = 8080\nprot = 1\n").unwrap();
    let f = file.to_str().unwrap();
    for args in [vec!["--config", f], vec!["validate-config", "--config", f]] {
        let (status, _, stderr) = run(&args, &[]);
        assert_eq!(status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("server.prot") && stderr.contains(f),
            "{stderr}"
        );
    }
    std::fs::write(&file, "[weather]\ntimeout_secs = 0\n").unwrap();
    let (status, _, stderr) = run(&["validate-config", "--config", f], &[]);
    assert_eq!(status.code(), Some(2));
    assert!(stderr.contains("weather.timeout_secs"), "{stderr}");

    let (status, _, stderr) = run(
        &["validate-config"],
        &[("SOLACE_SITE_URL", "ftp://nowhere")],
    );
    assert_eq!(status.code(), Some(2));
    assert!(stderr.contains("server.site_url"), "{stderr}");
}

#[test]
fn generated_config_is_valid_and_documents_every_section() {
    let (status, out, _) = run(&["generate-config"], &[]);
    assert!(status.success());
    for section in ["[server]", "[auth]", "[auth.google]", "[weather]", "[site]"] {
        assert!(out.contains(section), "{section}");
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("generated.toml");
    std::fs::write(&file, out).unwrap();
    let (status, stdout, stderr) = run(
        &["validate-config", "--config", file.to_str().unwrap()],
        &[],
    );
    assert!(status.success(), "{stderr}");
    assert!(stdout.contains("valid"));
}

#[test]
fn help_explains_every_flag() {
    let (status, out, _) = run(&["--help"], &[]);
    assert!(status.success());
    for flag in [
        "--config",
        "--bind",
        "--port",
        "--data-dir",
        "--weather-api-key",
        "--site-url",
        "--log-format",
    ] {
        assert!(out.contains(flag), "{flag} missing from --help");
    }
    for sub in [
        "serve",
        "generate-config",
        "validate-config",
        "backup",
        "healthcheck",
    ] {
        assert!(out.contains(sub), "{sub} missing from --help");
    }
}

#[test]
fn second_instance_on_the_same_data_dir_is_refused_at_once() {
    let first = Server::start();
    let started = Instant::now();
    let port = common::free_port().to_string();
    let (status, _, stderr) = run(
        &[
            "--bind",
            "127.0.0.1",
            "--port",
            &port,
            "--data-dir",
            first.data_dir.to_str().unwrap(),
        ],
        &[],
    );
    assert!(!status.success());
    assert!(
        stderr.contains("already used by another running solace"),
        "{stderr}"
    );
    assert!(started.elapsed() < Duration::from_secs(5));
    // The first one is unharmed.
    assert_eq!(
        client().get(first.url("/health")).send().unwrap().status(),
        200
    );
}

#[test]
fn data_dir_and_database_are_private() {
    use std::os::unix::fs::PermissionsExt;
    let s = Server::start();
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&s.data_dir), 0o700);
    assert_eq!(mode(&s.data_dir.join("solace.db")), 0o600);
}

#[test]
fn sigterm_stops_cleanly_with_status_0() {
    for signal in ["TERM", "INT"] {
        let mut s = Server::start();
        assert_eq!(client().get(s.url("/health")).send().unwrap().status(), 200);
        let asked = Instant::now();
        s.signal(signal);
        let status = s.wait();
        assert_eq!(status.code(), Some(0), "{signal}: {}", s.logs());
        assert!(
            asked.elapsed() < Duration::from_secs(5),
            "{signal} took {:?}",
            asked.elapsed()
        );
        assert!(
            client().get(s.url("/health")).send().is_err(),
            "port closed after {signal}"
        );
    }
}

#[test]
fn healthcheck_subcommand_follows_the_server() {
    let mut s = Server::start();
    let port = s.port.to_string();
    let (status, _, stderr) = run(&["healthcheck", "--port", &port], &[]);
    assert!(status.success(), "{stderr}");
    s.signal("TERM");
    s.wait();
    let (status, _, _) = run(&["healthcheck", "--port", &port], &[]);
    assert!(!status.success());
}

#[test]
fn backup_while_running_holds_the_data() {
    let s = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let to = dir.path().join("backup.db");
    let backup = || {
        run(
            &[
                "backup",
                "--data-dir",
                s.data_dir.to_str().unwrap(),
                "--to",
                to.to_str().unwrap(),
            ],
            &[],
        )
    };
    let (status, _, stderr) = backup();
    assert!(status.success(), "{stderr}");
    let copy = rusqlite::Connection::open(&to).unwrap();
    let created: String = copy
        .query_row(
            "SELECT value FROM instance_meta WHERE key = 'created_at'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(created.starts_with("20"), "{created}");
    let version: i64 = copy
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    assert!(version >= 1);

    // Never overwrite an earlier backup.
    let (status, _, stderr) = backup();
    assert!(!status.success());
    assert!(stderr.contains("already exists"), "{stderr}");
}

#[test]
fn refuses_a_database_written_by_a_newer_binary() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    std::fs::create_dir(&data).unwrap();
    let conn = rusqlite::Connection::open(data.join("solace.db")).unwrap();
    conn.pragma_update(None, "user_version", 9999).unwrap();
    drop(conn);
    let port = common::free_port().to_string();
    let (status, _, stderr) = run(
        &["--port", &port, "--data-dir", data.to_str().unwrap()],
        &[],
    );
    assert!(!status.success());
    assert!(stderr.contains("schema version 9999"), "{stderr}");
}

#[test]
fn start_up_line_names_address_data_dir_and_weather_provider_in_json_too() {
    let s = Server::start_with(Options {
        args: vec!["--log-format".into(), "json".into()],
        ..Default::default()
    });
    let ready = s
        .logs()
        .lines()
        .find(|l| l.contains("solace is ready"))
        .unwrap()
        .to_string();
    let line: serde_json::Value = serde_json::from_str(&ready).expect("JSON log line");
    assert_eq!(line["address"], format!("http://127.0.0.1:{}", s.port));
    assert_eq!(line["data_dir"], s.data_dir.display().to_string());
    assert_eq!(line["weather_provider"], "open-meteo");
}

#[test]
fn request_log_has_id_method_path_status_and_no_query_string() {
    let s = Server::start();
    let res = client()
        .get(s.url("/journal?access_token=secret-token-value&email=jane@example.org"))
        .header("x-request-id", "test-req-42")
        .send()
        .unwrap();
    assert_eq!(res.headers()["x-request-id"], "test-req-42");
    let line = s.wait_for_log("test-req-42", Duration::from_secs(5));
    for part in ["GET", "/journal", "200", "latency_ms"] {
        assert!(line.contains(part), "{part} missing: {line}");
    }
    assert!(!s.logs().contains("secret-token-value") && !s.logs().contains("jane@example.org"));
}

#[test]
fn logs_sent_to_a_pipe_carry_no_colour_codes() {
    // journald (and any log file) receives stderr through a pipe; escape codes there make
    // `journalctl -u solace` show "[blob data]" instead of the line.
    let s = Server::start();
    client().get(s.url("/health")).send().unwrap();
    s.wait_for_log("/health", Duration::from_secs(5));
    let logs = s.logs();
    assert!(logs.contains("solace is ready"));
    assert!(!logs.contains('\u{1b}'), "escape codes in:\n{logs}");
}

/// A response still being delivered when SIGTERM comes (a slow phone downloading the app during a
/// restart) is delivered whole before the process exits. No route reads a request body slowly yet, so
/// the request is held in flight on the way out: a large `/api/config` that the client has only begun to
/// read, more than the kernel's socket buffers hold.
#[test]
fn stop_signals_finish_a_response_in_flight_then_exit_0() {
    for signal in ["TERM", "INT"] {
        finish_in_flight_after(signal);
    }
}

fn finish_in_flight_after(signal: &str) {
    use std::io::{BufRead, BufReader, Read, Write};
    use std::net::TcpStream;

    let description = "A long description. ".repeat(400);
    let mut config = String::new();
    for i in 0..2000 {
        config.push_str(&format!(
            "[[site.resources]]\nid = \"r{i}\"\nname = \"Resource {i}\"\ncategory = \"helpline\"\n\
             description = \"{description}\"\ncontact = \"+1-555-0100\"\nhours = \"24/7\"\n\n"
        ));
    }
    let mut s = Server::start_with(Options {
        config: Some(config),
        ..Default::default()
    });
    let conn = TcpStream::connect(("127.0.0.1", s.port)).unwrap();
    // A 16 MB answer from a debug build beside the browser suite can take more than 10 s to start: the limit
    // only keeps a hung server from hanging the test.
    conn.set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    (&conn)
        .write_all(b"GET /api/config HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut reader = BufReader::new(&conn);
    let mut status_line = String::new();
    reader.read_line(&mut status_line).unwrap();
    assert!(status_line.starts_with("HTTP/1.1 200"), "{status_line}");
    let mut length = 0usize;
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        if line == "\r\n" {
            break;
        }
        if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
            length = v.trim().parse().unwrap();
        }
    }
    assert!(
        length > 12_000_000,
        "the body must outgrow the socket buffers: {length}"
    );

    let asked = Instant::now();
    s.signal(signal);
    // The server counts this connection as unfinished work.
    s.wait_for_log("finishing 1 connections", Duration::from_secs(5));

    let mut body = Vec::with_capacity(length);
    reader.read_to_end(&mut body).unwrap();
    assert_eq!(body.len(), length, "the whole body arrived");
    let json: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(json["resources"].as_array().unwrap().len(), 2000);

    let status = s.wait();
    assert_eq!(status.code(), Some(0), "{signal}: {}", s.logs());
    assert!(
        asked.elapsed() < Duration::from_secs(5),
        "{:?}",
        asked.elapsed()
    );
}
