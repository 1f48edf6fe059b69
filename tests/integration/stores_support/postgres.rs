//! The throwaway PostgreSQL cluster (tests/support/postgres-stand-in.py, Debian's postgresql) that every test
//! of this binary shares: started by the first test that asks, stopped and removed when the test process
//! ends, however it ends (the script stops when its standard input closes).

use std::sync::{Mutex, OnceLock};

use crate::common::free_port;
use crate::python_stand_in::PythonStandIn;

pub struct Cluster {
    pub host: String,
    pub port: u16,
    pub database: String,
    /// Signs in with `password`, with or without TLS.
    pub user: String,
    pub password: String,
    /// Signs in with the same password, over TLS only.
    pub tls_user: String,
    /// The server's certificate (PEM), which signs itself: the authority to trust for TLS.
    pub certificate: String,
}

impl Cluster {
    /// `postgres://USER@HOST:PORT/DATABASE?sslmode=disable`, the password left out (given apart, as an
    /// operator should). Without TLS: the server's certificate is its own, which a client trusts only when
    /// told to (`certificate`).
    pub fn url_for(&self, user: &str) -> String {
        format!(
            "postgres://{user}@{}:{}/{}?sslmode=disable",
            self.host, self.port, self.database
        )
    }

    /// The URL with the password in it.
    pub fn url_with_password(&self) -> String {
        format!(
            "postgres://{}:{}@{}:{}/{}?sslmode=disable",
            self.user, self.password, self.host, self.port, self.database
        )
    }
}

/// The cluster, started on first use.
pub fn cluster() -> &'static Cluster {
    static CLUSTER: OnceLock<(Cluster, Mutex<PythonStandIn>)> = OnceLock::new();
    &CLUSTER
        .get_or_init(|| {
            let stand_in = PythonStandIn::start(
                "postgres-stand-in.py",
                free_port(),
                "Debian's postgresql (tests/all.sh installs it)",
            );
            let info = stand_in.next_within(10).expect("the cluster's settings");
            let text = |key: &str| info[key].as_str().unwrap().to_string();
            let cluster = Cluster {
                host: text("host"),
                port: info["port"].as_u64().unwrap() as u16,
                database: text("database"),
                user: text("user"),
                password: text("password"),
                tls_user: text("tls_user"),
                certificate: text("certificate"),
            };
            (cluster, Mutex::new(stand_in))
        })
        .0
}
