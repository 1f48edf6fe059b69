//! The push service stand-in (tests/support/push-stand-in.py) started for one test, a browser's
//! subscription keys made in the test, and each push opened by tests/support/webpush-open.py (Python's
//! cryptography: an implementation independent of the server's).
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64URL;
use p256::elliptic_curve::rand_core::{OsRng, RngCore};
use p256::elliptic_curve::sec1::ToEncodedPoint;
use serde_json::{Value, json};

use crate::common::free_port;
use crate::python_stand_in::PythonStandIn;

const SUPPORT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/support/");

pub struct PushService {
    pub port: u16,
    stand_in: PythonStandIn,
}

impl PushService {
    pub fn start() -> Self {
        let port = free_port();
        Self {
            port,
            stand_in: PythonStandIn::start("push-stand-in.py", port, "Debian's python3"),
        }
    }

    /// The `[push]` section that lets the server send to this stand-in.
    pub fn config(&self) -> String {
        format!("[push]\ntest_endpoint = \"{}\"\n", self.endpoint(""))
    }

    pub fn endpoint(&self, name: &str) -> String {
        format!("http://127.0.0.1:{}/push/{name}", self.port)
    }

    /// The next push the stand-in received (waiting for it, at most `secs`).
    pub fn next(&self, secs: u64) -> Value {
        self.stand_in.next_within(secs).expect("a push arrived")
    }

    /// Nothing more arrives within `secs`.
    pub fn nothing_within(&self, secs: u64) -> bool {
        self.stand_in.next_within(secs).is_none()
    }
}

/// A browser's subscription: its P-256 key pair and auth secret, made here as a browser makes them.
pub struct Browser {
    secret: p256::SecretKey,
    auth: [u8; 16],
    pub endpoint: String,
}

impl Browser {
    pub fn new(endpoint: String) -> Self {
        let mut auth = [0u8; 16];
        OsRng.fill_bytes(&mut auth);
        Self {
            secret: p256::SecretKey::random(&mut OsRng),
            auth,
            endpoint,
        }
    }

    /// What `PushSubscription.toJSON()` gives.
    pub fn subscription(&self) -> Value {
        let public = self.secret.public_key().to_encoded_point(false);
        json!({
            "endpoint": self.endpoint,
            "expirationTime": null,
            "keys": {"p256dh": B64URL.encode(public.as_bytes()), "auth": B64URL.encode(self.auth)},
        })
    }

    /// The push opened by the independent implementation: {plaintext, claims, k}.
    pub fn open(&self, push: &Value) -> Value {
        let given = json!({
            "body": push["body"],
            "authorization": push["authorization"],
            "private_key": B64URL.encode(self.secret.to_bytes()),
            "auth": B64URL.encode(self.auth),
        });
        let mut child = Command::new("/usr/bin/python3")
            .arg(format!("{SUPPORT}webpush-open.py"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("Debian's python3 with python3-cryptography");
        child
            .stdin
            .take()
            .unwrap()
            .write_all(given.to_string().as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "the push did not open: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    }
}
