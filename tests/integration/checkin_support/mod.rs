//! The SMTP stand-in (tests/support/smtp-stand-in.py, a real SMTP server from Debian's python3-aiosmtpd)
//! started for one test, and waiting for the messages it receives.
#![allow(dead_code)]

use serde_json::Value;

use crate::common::free_port;
use crate::python_stand_in::PythonStandIn;

pub struct Smtp {
    pub port: u16,
    stand_in: PythonStandIn,
}

impl Smtp {
    pub fn start() -> Self {
        Self::start_on(free_port())
    }

    /// A server on `port`: a test that pointed Solace at a port where nothing listened (the mail server
    /// down) brings it up there.
    pub fn start_on(port: u16) -> Self {
        // A real SMTP server: Debian's python3-aiosmtpd (as the browser tests use Debian's chromium).
        Self {
            port,
            stand_in: PythonStandIn::start("smtp-stand-in.py", port, "Debian's python3-aiosmtpd"),
        }
    }

    /// The `[email]` section that sends through this server.
    pub fn config(&self) -> String {
        config_for(self.port)
    }

    /// The next message the server receives (waiting for it, at most `secs`).
    pub fn next(&self, secs: u64) -> Value {
        self.stand_in.next_within(secs).expect("an e-mail arrived")
    }

    /// The next message, if one arrives within `secs`.
    pub fn next_within(&self, secs: u64) -> Option<Value> {
        self.stand_in.next_within(secs)
    }
}

/// The `[email]` section that sends through loopback `port`, whether a server listens there or not.
pub fn config_for(port: u16) -> String {
    format!(
        "[email]\nsmtp_url = \"smtp://127.0.0.1:{port}?tls=none\"\nfrom = \"Solace alerts <alerts@solace.test>\"\n"
    )
}
