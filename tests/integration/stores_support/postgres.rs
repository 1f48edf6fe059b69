//! The throwaway PostgreSQL cluster (tests/support/postgres-stand-in.py, Debian's postgresql) that every test
//! of this binary shares: started by the first test that asks, stopped and removed when the test process
//! ends, however it ends (the script stops when its standard input closes).

use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
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

    /// A new, empty schema for one test, and the URL (password left out) whose connections see only it
    /// (`search_path`), so servers of several tests share the cluster's one database side by side.
    pub fn schema_url(&self) -> (String, String) {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let schema = format!(
            "test_{}_{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let url = self.schema(&schema);
        (schema, url)
    }

    /// `schema_url` for a data directory: the same schema each time it is asked (a server started again
    /// on the directory, a command run on it), created the first time.
    pub fn schema_url_for(&self, data_dir: &Path) -> String {
        let mut hash = DefaultHasher::new();
        data_dir.hash(&mut hash);
        self.schema(&format!("dir_{:016x}", hash.finish()))
    }

    fn schema(&self, schema: &str) -> String {
        self.client(None)
            .batch_execute(&format!("CREATE SCHEMA IF NOT EXISTS {schema}"))
            .unwrap();
        format!(
            "{}&options=-c%20search_path%3D{schema}",
            self.url_for(&self.user)
        )
    }

    /// A client of the cluster's database as `user`, seeing `schema` first when given.
    pub fn client(&self, schema: Option<&str>) -> ::postgres::Client {
        let mut config = ::postgres::Config::new();
        config
            .host(&self.host)
            .port(self.port)
            .user(&self.user)
            .password(&self.password)
            .dbname(&self.database);
        if let Some(schema) = schema {
            config.options(&format!("-c search_path={schema}"));
        }
        config.connect(::postgres::NoTls).unwrap()
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
