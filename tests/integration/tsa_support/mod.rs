//! Time-stamping from the tests' side, with a tool nobody here wrote: `openssl ts` makes each request
//! and checks each answer against a certificate.
#![allow(dead_code)]

use std::path::Path;
use std::process::Command;

use crate::common::{Server, client};

/// RFC 3161's media type for a time-stamp request over HTTP.
pub const QUERY: &str = "application/timestamp-query";

/// A SHA-256 digest in hex, as the browser would send for an entry.
pub const DIGEST: &str = "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03";

/// Runs `openssl ARGS` in `dir`: whether it succeeded, and what it printed.
pub fn openssl(dir: &Path, args: &[&str]) -> (bool, String) {
    let out = Command::new("openssl")
        .args(args)
        .current_dir(dir)
        .output()
        .expect("openssl is installed");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

/// An RFC 3161 request for `digest` (SHA-256, asking for the certificate), made by openssl.
pub fn query(dir: &Path, digest: &str) -> Vec<u8> {
    let (ok, out) = openssl(
        dir,
        &[
            "ts", "-query", "-digest", digest, "-sha256", "-cert", "-out", "q.tsq",
        ],
    );
    assert!(ok, "{out}");
    std::fs::read(dir.join("q.tsq")).unwrap()
}

/// POSTs `body` to `url` as RFC 3161's HTTP transport does (or with another content type).
pub fn post(url: &str, content_type: &str, body: Vec<u8>) -> reqwest::blocking::Response {
    client()
        .post(url)
        .header("content-type", content_type)
        .body(body)
        .send()
        .unwrap()
}

/// The certificate a server publishes for its tokens.
pub fn certificate(s: &Server) -> String {
    client()
        .get(s.url("/api/timestamp/certificate"))
        .send()
        .unwrap()
        .text()
        .unwrap()
}

/// Writes `reply` as r.tsr and asks openssl whether it stamps `digest` under the certificate `ca_file`.
pub fn verify_reply(dir: &Path, digest: &str, reply: &[u8], ca_file: &str) -> (bool, String) {
    std::fs::write(dir.join("r.tsr"), reply).unwrap();
    let (ok, out) = openssl(
        dir,
        &[
            "ts", "-verify", "-digest", digest, "-in", "r.tsr", "-CAfile", ca_file,
        ],
    );
    (ok && out.contains("Verification: OK"), out)
}

/// The bare token (as the incident log keeps it) the server stamps for `digest`.
pub fn token(s: &Server, dir: &Path, digest: &str) -> Vec<u8> {
    let reply = post(&s.url("/api/timestamp"), QUERY, query(dir, digest));
    assert_eq!(reply.status(), 200);
    std::fs::write(dir.join("r.tsr"), reply.bytes().unwrap()).unwrap();
    let (ok, out) = openssl(
        dir,
        &[
            "ts",
            "-reply",
            "-in",
            "r.tsr",
            "-token_out",
            "-out",
            "t.der",
        ],
    );
    assert!(ok, "{out}");
    std::fs::read(dir.join("t.der")).unwrap()
}

/// A second, independent authority run by openssl itself (`openssl ts -reply`), with an RSA key as most
/// public authorities have: its tokens carry its certificate, as the browser asks.
pub struct OpensslAuthority {
    dir: tempfile::TempDir,
}

impl OpensslAuthority {
    pub fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let (ok, out) = openssl(
            d,
            &[
                "req",
                "-x509",
                "-newkey",
                "rsa:2048",
                "-nodes",
                "-keyout",
                "tsa.key",
                "-out",
                "tsa.crt",
                "-days",
                "2",
                "-subj",
                "/CN=Another time-stamping authority",
                "-addext",
                "extendedKeyUsage=critical,timeStamping",
            ],
        );
        assert!(ok, "{out}");
        std::fs::write(d.join("serial"), "01\n").unwrap();
        std::fs::write(
            d.join("tsa.cnf"),
            "[tsa]\ndefault_tsa = one\n[one]\nserial = ./serial\nsigner_cert = ./tsa.crt\n\
             signer_key = ./tsa.key\nsigner_digest = sha256\ndefault_policy = 1.2.3.4.1\n\
             digests = sha256\naccuracy = secs:1\ness_cert_id_alg = sha256\n",
        )
        .unwrap();
        Self { dir }
    }

    /// Its certificate (PEM), as the authority would publish it.
    pub fn certificate_file(&self) -> std::path::PathBuf {
        self.dir.path().join("tsa.crt")
    }

    /// Its certificate's SHA-256 fingerprint in hex (over the DER), as `verify-evidence` prints it.
    pub fn fingerprint(&self) -> String {
        let (ok, out) = openssl(
            self.dir.path(),
            &[
                "x509", "-in", "tsa.crt", "-outform", "DER", "-out", "tsa.der",
            ],
        );
        assert!(ok, "{out}");
        let der = std::fs::read(self.dir.path().join("tsa.der")).unwrap();
        <sha2::Sha256 as sha2::Digest>::digest(&der)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    /// The bare token for `digest`.
    pub fn token(&self, digest: &str) -> Vec<u8> {
        let d = self.dir.path();
        query(d, digest);
        let (ok, out) = openssl(
            d,
            &[
                "ts",
                "-reply",
                "-config",
                "tsa.cnf",
                "-queryfile",
                "q.tsq",
                "-token_out",
                "-out",
                "t.der",
            ],
        );
        assert!(ok, "{out}");
        std::fs::read(d.join("t.der")).unwrap()
    }
}

/// An "authority" on loopback that answers every request with an endless reply (as a broken or hostile
/// server in the authority's place could): announced as 300 MiB, or chunked with no length at all. It
/// counts what it managed to write before the other side hung up.
pub struct FloodingAuthority {
    pub port: u16,
    written: std::sync::mpsc::Receiver<u64>,
}

impl FloodingAuthority {
    pub const FLOOD_BYTES: u64 = 300 * 1024 * 1024;

    pub fn start(announce_length: bool) -> Self {
        use std::io::{Read, Write};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let (tell, written) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for conn in listener.incoming() {
                let Ok(mut conn) = conn else { return };
                let mut request = [0u8; 16 * 1024];
                let _ = conn.read(&mut request);
                let head = if announce_length {
                    format!(
                        "HTTP/1.1 200 OK\r\nContent-Type: application/timestamp-reply\r\nContent-Length: {}\r\n\r\n",
                        Self::FLOOD_BYTES
                    )
                } else {
                    "HTTP/1.1 200 OK\r\nContent-Type: application/timestamp-reply\r\nTransfer-Encoding: chunked\r\n\r\n"
                        .to_string()
                };
                let piece = vec![0x30u8; 64 * 1024];
                let mut sent = 0u64;
                let mut ok = conn.write_all(head.as_bytes()).is_ok();
                while ok && sent < Self::FLOOD_BYTES {
                    ok = if announce_length {
                        conn.write_all(&piece).is_ok()
                    } else {
                        conn.write_all(format!("{:x}\r\n", piece.len()).as_bytes())
                            .and_then(|()| conn.write_all(&piece))
                            .and_then(|()| conn.write_all(b"\r\n"))
                            .is_ok()
                    };
                    if ok {
                        sent += piece.len() as u64;
                    }
                }
                let _ = tell.send(sent);
            }
        });
        Self { port, written }
    }

    /// How much of its reply it wrote before the server hung up (waiting at most 30 s).
    pub fn written(&self) -> u64 {
        self.written
            .recv_timeout(std::time::Duration::from_secs(30))
            .expect("the flooding authority was asked and its answer ended")
    }
}
