//! Time-stamping from the tests' side, with a tool nobody here wrote: `openssl ts` makes each request
//! and checks each answer against a certificate.
#![allow(dead_code)]

use std::path::Path;
use std::process::Command;

use crate::common::{Server, client};

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
    let reply = post(
        &s.url("/api/timestamp"),
        "application/timestamp-query",
        query(dir, digest),
    );
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
