//! Clients that never read, idle and slow clients, and the per-address cap: each is cut or refused, the
//! server keeps answering others, and its memory comes back once they are gone.

use crate::common;

use std::io::{Read, Write};
use std::net::{IpAddr, SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use common::{Options, Server};

/// Long enough for any cut the server makes; a read still blocked after this means it never cut us.
const PATIENCE: Duration = Duration::from_secs(30);

fn start(connections: &str) -> Server {
    Server::start_with(Options {
        config: Some(format!("[connections]\n{connections}")),
        ..Options::default()
    })
}

fn pid(s: &Server) -> u32 {
    s.child.as_ref().unwrap().id()
}

/// A size from `/proc/<pid>/status` in KiB: `VmRSS` (now) or `VmHWM` (the peak).
pub(crate) fn status_kib(s: &Server, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", pid(s))).unwrap();
    let line = status
        .lines()
        .find(|l| l.strip_prefix(field).is_some_and(|r| r.starts_with(':')))
        .unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

fn open_fds(s: &Server) -> usize {
    std::fs::read_dir(format!("/proc/{}/fd", pid(s)))
        .unwrap()
        .count()
}

/// Waits for a condition the server brings about by itself (checked every 50 ms, up to `PATIENCE`).
fn eventually(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + PATIENCE;
    while !done() {
        assert!(Instant::now() < deadline, "never happened: {what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The largest script the page loads, read from index.html.
fn largest_script(s: &Server) -> String {
    let html = common::client()
        .get(s.url("/"))
        .send()
        .unwrap()
        .text()
        .unwrap();
    html.split('"')
        .filter(|part| part.starts_with("/assets/") && part.ends_with(".js"))
        .max_by_key(|path| {
            common::client()
                .get(s.url(path))
                .send()
                .unwrap()
                .bytes()
                .unwrap()
                .len()
        })
        .expect("index.html loads a script")
        .to_owned()
}

/// A connection whose receive buffer is small, so the server's answers pile up on the server side.
fn non_reading(s: &Server, path: &str, requests: usize) -> socket2::Socket {
    use socket2::{Domain, Socket, Type};
    let sock = Socket::new(Domain::IPV4, Type::STREAM, None).unwrap();
    sock.set_recv_buffer_size(4096).unwrap();
    let addr: SocketAddr = ([127, 0, 0, 1], s.port).into();
    sock.connect(&addr.into()).unwrap();
    let one = format!("GET {path} HTTP/1.1\r\nHost: solace\r\n\r\n");
    let _ = (&sock).write_all(one.repeat(requests).as_bytes());
    sock
}

/// A client on another loopback address: the caps count per address, so it is a different visitor.
fn other_visitor() -> reqwest::blocking::Client {
    reqwest::blocking::Client::builder()
        .local_address(IpAddr::from([127, 0, 0, 2]))
        .build()
        .unwrap()
}

fn raw(s: &Server) -> TcpStream {
    let stream = TcpStream::connect(("127.0.0.1", s.port)).unwrap();
    stream.set_read_timeout(Some(PATIENCE)).unwrap();
    stream
}

/// Reads until the server closes the connection; fails if it is still open after `PATIENCE`.
fn read_until_closed(stream: &mut TcpStream) -> String {
    let mut got = Vec::new();
    match stream.read_to_end(&mut got) {
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {}
        Err(e) => panic!("the server did not close the connection: {e}"),
    }
    String::from_utf8_lossy(&got).into_owned()
}

#[test]
fn clients_that_never_read_are_cut_and_their_memory_comes_back() {
    // Five seconds before a stalled client is cut: on a busy machine opening the 300 connections takes
    // seconds, and with a shorter limit the first were cut before the last had piled up their answers.
    let s = start("max_per_address = 128\nwrite_timeout_secs = 5\n");
    let script = largest_script(&s);
    let (rss_idle, fds_before) = (status_kib(&s, "VmRSS"), open_fds(&s));

    // Issue 10's worst case, scaled to a test: more clients than the per-address cap, each with a pile
    // of answers the server must hold for it.
    let held: Vec<_> = (0..300).map(|_| non_reading(&s, &script, 64)).collect();
    let health = other_visitor().get(s.url("/health")).send().unwrap();
    assert_eq!(health.status(), 200, "others are still answered");
    eventually(
        "the server closes every connection that does not read",
        || open_fds(&s) <= fds_before + 2,
    );
    drop(held);

    // The burst must really have cost memory, or the check below proves nothing.
    let peak = status_kib(&s, "VmHWM");
    assert!(
        peak > 2 * rss_idle,
        "the burst was too small to test: idle {rss_idle} KiB, peak {peak} KiB"
    );
    // Back to near idle by itself, with no further request to prompt it: at most 1.5 times idle.
    let deadline = Instant::now() + PATIENCE;
    loop {
        let last = status_kib(&s, "VmRSS");
        if 2 * last <= 3 * rss_idle {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "memory did not come back: idle {rss_idle} KiB, peak {peak} KiB, still {last} KiB"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn a_client_address_gets_a_limited_number_of_connections() {
    let s = start("max_per_address = 4\nidle_timeout_secs = 60\nrequest_timeout_secs = 60\n");
    let mut mine: Vec<TcpStream> = (0..4)
        .map(|_| {
            let mut c = raw(&s);
            c.write_all(b"GET /health HTTP/1.1\r\nHost: solace\r\n\r\n")
                .unwrap();
            let mut buf = [0u8; 12];
            c.read_exact(&mut buf).unwrap();
            assert_eq!(&buf, b"HTTP/1.1 200");
            c
        })
        .collect();

    let mut fifth = raw(&s);
    let _ = fifth.write_all(b"GET /health HTTP/1.1\r\nHost: solace\r\n\r\n");
    assert_eq!(
        read_until_closed(&mut fifth),
        "",
        "over the cap: closed unanswered"
    );
    let health = other_visitor().get(s.url("/health")).send().unwrap();
    assert_eq!(health.status(), 200, "another address is not affected");

    drop(mine.pop());
    eventually("a closed connection frees its place", || {
        let mut again = raw(&s);
        let _ =
            again.write_all(b"GET /health HTTP/1.1\r\nHost: solace\r\nConnection: close\r\n\r\n");
        read_until_closed(&mut again).starts_with("HTTP/1.1 200")
    });
}

#[test]
fn silent_slow_and_idle_connections_are_closed() {
    let s = start("idle_timeout_secs = 1\nrequest_timeout_secs = 1\n");

    let mut silent = raw(&s);
    let mut slow = raw(&s);
    slow.write_all(b"GET /health HTTP/1.1\r\nHost: sol")
        .unwrap();
    let mut idle = raw(&s);
    idle.write_all(b"GET /health HTTP/1.1\r\nHost: solace\r\n\r\n")
        .unwrap();

    let answered = read_until_closed(&mut idle);
    assert!(answered.starts_with("HTTP/1.1 200"), "{answered}");
    assert!(!read_until_closed(&mut silent).contains(" 200 "));
    assert!(!read_until_closed(&mut slow).contains(" 200 "));
}

/// A connection from `from` (any loopback address) that asks for /health; `Some` while the server keeps
/// it open after answering, `None` when it refused the connection.
fn held_from(s: &Server, from: [u8; 4]) -> Option<socket2::Socket> {
    use socket2::{Domain, Socket, Type};
    let sock = Socket::new(Domain::IPV4, Type::STREAM, None).unwrap();
    sock.bind(&SocketAddr::from((from, 0)).into()).unwrap();
    sock.connect(&SocketAddr::from(([127, 0, 0, 1], s.port)).into())
        .unwrap();
    sock.set_read_timeout(Some(PATIENCE)).unwrap();
    (&sock)
        .write_all(b"GET /health HTTP/1.1\r\nHost: solace\r\n\r\n")
        .ok()?;
    let mut buf = [0u8; 12];
    (&sock).read_exact(&mut buf).ok()?;
    (&buf == b"HTTP/1.1 200").then_some(sock)
}

#[test]
fn a_flood_from_many_addresses_leaves_room_for_the_health_check_and_newcomers() {
    let s = start(
        "max_per_address = 16\nmax_total = 256\nidle_timeout_secs = 60\nrequest_timeout_secs = 60\n",
    );
    // Twenty addresses each hold as many idle connections as the server lets them: 320 asked for.
    let mut flood = Vec::new();
    for a in 0..20u8 {
        for _ in 0..16 {
            flood.extend(held_from(&s, [127, 0, 1, a]));
        }
    }
    assert!(
        flood.len() >= 192,
        "the flood got {} connections",
        flood.len()
    );
    assert!(
        flood.len() <= 256 - 32,
        "the reserve was taken: {}",
        flood.len()
    );
    // Ten people arriving now, from their own addresses, are all answered.
    let arrivals: Vec<_> = (0..10u8).map(|n| held_from(&s, [127, 0, 2, n])).collect();
    assert!(
        arrivals.iter().all(Option::is_some),
        "a newcomer was refused"
    );
}
