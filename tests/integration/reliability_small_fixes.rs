//! The smaller hostile-load findings outside the auth routes: `Expect: 100-continue`
//! with an oversized body, non-GET `/health`, malformed requests in the log, and a data directory restored
//! with wider permissions.

use crate::common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::os::unix::fs::PermissionsExt;
use std::time::Duration;

use common::{Options, Server};

fn raw(s: &Server) -> TcpStream {
    let stream = TcpStream::connect(("127.0.0.1", s.port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    stream
}

/// Reads one answer's head and body (the server closes or sends `content-length` bytes).
fn read_answer(stream: &mut TcpStream) -> (String, String) {
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let n = stream.read(&mut buf).unwrap_or(0);
        got.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&got).into_owned();
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let length = head.lines().find_map(|l| {
                l.to_ascii_lowercase()
                    .strip_prefix("content-length:")
                    .map(|v| v.trim().parse::<usize>().unwrap())
            });
            if n == 0 || length.is_some_and(|len| body.len() >= len) || head.contains(" 100 ") {
                return (head.to_owned(), body.to_owned());
            }
        } else if n == 0 {
            return (text, String::new());
        }
    }
}

fn expect_continue(s: &Server, path: &str, length: usize) -> (String, String) {
    let mut c = raw(s);
    write!(
        c,
        "POST {path} HTTP/1.1\r\nHost: solace\r\nContent-Type: application/json\r\nContent-Length: {length}\r\nExpect: 100-continue\r\n\r\n"
    )
    .unwrap();
    read_answer(&mut c)
}

#[test]
fn an_oversized_upload_is_refused_before_continue() {
    let s = Server::start();
    for path in [
        "/auth/v1/signup",
        "/auth/v1/token?grant_type=password",
        "/api/config",
    ] {
        let (head, body) = expect_continue(&s, path, 5 * 1024 * 1024);
        assert!(head.starts_with("HTTP/1.1 413"), "{path}: {head}");
        assert!(!head.contains("100 Continue"));
        let json: serde_json::Value = serde_json::from_str(&body).unwrap();
        if path.starts_with("/auth/v1") {
            assert_eq!(json["error_code"], "request_entity_too_large");
            assert_eq!(json["code"], 413);
        } else {
            assert_eq!(json["error"], "payload_too_large");
        }
    }
    let (head, _) = expect_continue(&s, "/auth/v1/signup", 40);
    assert!(
        head.starts_with("HTTP/1.1 100 Continue"),
        "a small upload is still welcome: {head}"
    );
    // An /api route takes more than the auth routes (an advocate's share, a chunk of the copy: 1 MiB).
    let (head, _) = expect_continue(&s, "/api/advocates/asha/shares", 1024 * 1024);
    assert!(head.starts_with("HTTP/1.1 100 Continue"), "{head}");
}

/// What actix refuses by itself before a route runs comes in the `/api` format too, not as plain text.
#[test]
fn a_body_over_an_api_route_s_limit_is_refused_in_the_api_format() {
    let s = Server::start();
    let c = common::client();
    // The time-stamp route reads a DER request, far under 256 KiB.
    let res = c
        .post(s.url("/api/timestamp"))
        .header("Content-Type", "application/timestamp-query")
        .body(vec![0u8; 300 * 1024])
        .send()
        .unwrap();
    assert_eq!(res.status(), 413);
    assert!(
        res.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/json")
    );
    let body: serde_json::Value = res.json().unwrap();
    assert_eq!(body["error"], "payload_too_large", "{body}");
    assert_eq!(body["message"], "The request is too large.", "{body}");
}

#[test]
fn health_answers_other_methods_with_json_and_allow() {
    let s = Server::start();
    for method in [
        reqwest::Method::POST,
        reqwest::Method::PUT,
        reqwest::Method::DELETE,
    ] {
        let res = common::client()
            .request(method.clone(), s.url("/health"))
            .send()
            .unwrap();
        assert_eq!(res.status(), 405, "{method}");
        assert_eq!(res.headers()["allow"], "GET, HEAD");
        let body: serde_json::Value = res.json().unwrap();
        assert_eq!(body["error"], "method_not_allowed");
    }
    let head = common::client().head(s.url("/health")).send().unwrap();
    assert_eq!(head.status(), 200);
}

#[test]
fn malformed_requests_are_not_logged_as_errors() {
    let s = Server::start();
    for junk in [
        &b"GARBAGE\r\n\r\n"[..],
        b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: many\r\n\r\n",
        b"GET /\xff HTTP/1.1\r\n\r\n",
    ] {
        let mut c = raw(&s);
        c.write_all(junk).unwrap();
        let (head, _) = read_answer(&mut c);
        assert!(head.starts_with("HTTP/1.1 400"), "{head}");
    }
    // A request after the junk has been logged proves the junk's lines (if any) are in already.
    common::get_json(&s, "/health");
    s.wait_for_log("path=/health", Duration::from_secs(10));
    let logs = s.logs();
    assert!(!logs.contains("ERROR"), "{logs}");
}

#[test]
fn a_restored_data_directory_is_made_private_again() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("data");
    let mut first = Server::start_with(Options {
        data_dir: Some(dir.clone()),
        ..Options::default()
    });
    first.signal("TERM");
    first.wait();
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    let files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    assert!(files.iter().any(|p| p.ends_with("solace.db")));
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    for f in &files {
        std::fs::set_permissions(f, std::fs::Permissions::from_mode(0o644)).unwrap();
    }

    let s = Server::start_with(Options {
        data_dir: Some(dir.clone()),
        ..Options::default()
    });
    assert_eq!(mode(&dir), 0o700);
    for f in &files {
        assert_eq!(mode(f), 0o600, "{}", f.display());
    }
    let line = s.wait_for_log("tightened permissions", Duration::from_secs(5));
    assert!(line.contains("WARN"), "{line}");
}
