//! A phone loads the page's chunks, catalogues and API calls one after another over one kept-alive
//! connection. Each response there must go out whole at once, never held back until the client
//! acknowledges the previous bytes: with the client's delayed acknowledgement that wait is about 40 ms a
//! response, 2 seconds over the 50 requests below, whatever the machine's speed.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use common::Server;

const REQUESTS: usize = 50;
/// Under the 40 ms a delayed acknowledgement holds a response back.
const STALL: Duration = Duration::from_millis(35);

/// The largest file of the built web app: the response most likely to be written in pieces.
fn largest_asset() -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("ui/dist/assets");
    let best = std::fs::read_dir(&dir)
        .expect("ui/dist/assets exists (the UI is built before the tests)")
        .flatten()
        .map(|e| e.path())
        .filter(|p| !p.extension().is_some_and(|e| e == "br" || e == "gz"))
        .max_by_key(|p| std::fs::metadata(p).unwrap().len())
        .expect("an asset");
    format!("/assets/{}", best.file_name().unwrap().to_string_lossy())
}

/// Sends one request on the open connection and reads its whole response; returns the body's length.
fn fetch(conn: &mut BufReader<TcpStream>, path: &str, encoding: &str) -> usize {
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: {encoding}\r\nConnection: keep-alive\r\n\r\n"
    );
    conn.get_mut().write_all(request.as_bytes()).unwrap();
    let mut status = String::new();
    conn.read_line(&mut status).unwrap();
    assert!(status.starts_with("HTTP/1.1 200"), "{path}: {status}");
    let mut length = None;
    loop {
        let mut line = String::new();
        conn.read_line(&mut line).unwrap();
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = Some(value.trim().parse::<usize>().unwrap());
        }
        assert!(
            !line.eq_ignore_ascii_case("connection: close"),
            "the server must keep the connection open"
        );
    }
    let length = length.expect("a content-length header");
    let mut body = vec![0; length];
    conn.read_exact(&mut body).unwrap();
    length
}

#[test]
fn fifty_requests_for_the_largest_asset_on_one_connection_do_not_wait_on_acknowledgements() {
    let s = Server::start();
    let path = largest_asset();
    for encoding in ["br", "identity"] {
        let stream = TcpStream::connect(("127.0.0.1", s.port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        let mut conn = BufReader::with_capacity(64 * 1024, stream);
        // The first response is sent while the kernel still acknowledges every segment at once: warm up.
        let size = fetch(&mut conn, &path, encoding);
        assert!(size > 32 * 1024, "{path} ({encoding}) is {size} bytes");
        let mut took = Vec::with_capacity(REQUESTS);
        for _ in 0..REQUESTS {
            let started = Instant::now();
            assert_eq!(fetch(&mut conn, &path, encoding), size);
            took.push(started.elapsed());
        }
        // A response held back for an acknowledgement waits out the peer's delayed-ACK timer (40 ms on
        // Linux), every time. Counted per request, not as one total: a busy machine only adds time, so a
        // fifth of the requests well under the timer cannot happen while every response waits on it.
        let quick = took.iter().filter(|t| **t < STALL).count();
        assert!(
            quick >= REQUESTS / 5,
            "{REQUESTS} requests for {path} ({encoding}, {size} bytes) on one connection: only {quick} \
             took under {STALL:?} ({took:?})"
        );
    }
}
