//! `[database] url` and `[storage] url` (issue 39's settings): `validate-config` takes their good forms and
//! names the setting of a bad one; `--connect` reaches the throwaway PostgreSQL cluster and the S3 stand-in,
//! and says clearly why it cannot when the password, the port, the bucket or the keys are wrong; `serve`
//! refuses an S3 store, which this version only checks, and `backup` a PostgreSQL database (serving on one
//! is `stores_postgres`). No password or key appears in any output.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::ExitStatus;

use crate::common::{self, free_port};
use crate::stores_support::{postgres, s3};

/// A config file and its secret files in a directory of their own; every secret written is checked to
/// appear in no output.
struct Setup {
    dir: tempfile::TempDir,
    secrets: std::cell::RefCell<Vec<String>>,
}

struct Outcome {
    status: ExitStatus,
    out: String,
    err: String,
}

/// A password and key that only the tests below use; never printed.
const SECRET: &str = "hunter2-not-to-be-printed";

impl Setup {
    fn new() -> Self {
        Self {
            dir: tempfile::tempdir().unwrap(),
            secrets: std::cell::RefCell::new(vec![SECRET.to_string()]),
        }
    }

    /// Writes `value` to a file readable by its owner only, and returns its path.
    fn secret(&self, name: &str, value: &str) -> PathBuf {
        self.secrets.borrow_mut().push(value.to_string());
        let path = self.dir.path().join(name);
        std::fs::write(&path, format!("{value}\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        path
    }

    fn config(&self, text: &str) -> PathBuf {
        let path = self.dir.path().join("solace.toml");
        std::fs::write(&path, text).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        path
    }

    /// Runs `solace --config FILE ARGS...` with `env`, checking that no secret shows in what it printed.
    fn run(&self, config: &Path, args: &[&str], env: &[(&str, &str)]) -> Outcome {
        let data = self.dir.path().join("data");
        let mut all = vec!["--config", config.to_str().unwrap()];
        all.extend(["--data-dir", data.to_str().unwrap()]);
        all.extend(args);
        let (status, out, err) = common::run(&all, env);
        for secret in self.secrets.borrow().iter() {
            assert!(
                !out.contains(secret.as_str()) && !err.contains(secret.as_str()),
                "a secret was printed:\n{out}\n{err}"
            );
        }
        Outcome { status, out, err }
    }
}

fn database_section(url: &str, password_file: &Path) -> String {
    format!(
        "[database]\nurl = \"{url}\"\npassword_file = \"{}\"\n",
        password_file.display()
    )
}

/// `[storage]` for the stand-in's bucket (or another) with its keys in files.
fn storage_section(setup: &Setup, name: &str, endpoint: &str, id: &str, secret: &str) -> String {
    let id_file = setup.secret("s3-id", id);
    let secret_file = setup.secret("s3-secret", secret);
    format!(
        "[storage]\nurl = \"s3://{name}/tests\"\nendpoint = \"{endpoint}\"\npath_style = true\n\
         access_key_id_file = \"{}\"\nsecret_access_key_file = \"{}\"\n",
        id_file.display(),
        secret_file.display()
    )
}

#[test]
fn validate_config_takes_each_settings_good_forms() {
    let s = Setup::new();
    let pw = s.secret("pg", SECRET);
    for text in [
        String::new(),
        "[database]\nurl = \"sqlite://\"\n[storage]\nurl = \"file://\"\n".to_string(),
        database_section(
            "postgres://solace@db.example.org:5433/solace?sslmode=require",
            &pw,
        ),
        storage_section(
            &s,
            "solace-data",
            "https://minio.example.org:9000",
            "AKID",
            SECRET,
        ),
        "[storage]\nurl = \"s3://solace-data\"\nregion = \"eu-central-1\"\n".to_string(),
    ] {
        let config = s.config(&text);
        let env = [
            ("SOLACE_STORAGE_ACCESS_KEY_ID", "AKID"),
            ("SOLACE_STORAGE_SECRET_ACCESS_KEY", SECRET),
        ];
        let o = s.run(&config, &["validate-config"], &env);
        assert!(o.status.success(), "{text}\n{}", o.err);
        assert!(o.out.contains("configuration is valid"));
    }
}

#[test]
fn bad_values_are_refused_naming_the_setting() {
    let s = Setup::new();
    let pw = s.secret("pg", SECRET);
    let url_password = format!("postgres://solace:{SECRET}@h/solace");
    for (text, key, why) in [
        (
            "[database]\nurl = \"mysql://solace@h/solace\"\n".to_string(),
            "database.url",
            "must be \"sqlite://\" or postgres://",
        ),
        (
            "[database]\nurl = \"sqlite:///var/lib/solace.db\"\n".into(),
            "database.url",
            "SQLite keeps its file in the data directory",
        ),
        (
            format!("[database]\nurl = \"postgres://solace:{SECRET}@h/solace?sslmode=maybe\"\n"),
            "database.url",
            "invalid value for option `sslmode` (disable, prefer or require)",
        ),
        (
            format!("[database]\nurl = \"postgres://:{SECRET}@h/solace\"\n"),
            "database.url",
            "needs a user",
        ),
        (
            database_section(&url_password, &pw),
            "database.password_file",
            "keep it in one place",
        ),
        (
            database_section("postgres://solace@h/solace", &s.dir.path().join("missing")),
            "database.password_file",
            "cannot read",
        ),
        (
            database_section("postgres://solace@h/solace", &pw) + "ca_file = \"/no/such/ca.pem\"\n",
            "database.ca_file",
            "is not a file",
        ),
        (
            "[storage]\nurl = \"s3://Not_A_Bucket/x\"\n".into(),
            "storage.url",
            "names no valid bucket",
        ),
        (
            "[storage]\nurl = \"s3://solace-data\"\n".into(),
            "storage.access_key_id_file",
            "needs its key",
        ),
        (
            storage_section(&s, "solace-data", "minio:9000", "AKID", SECRET),
            "storage.endpoint",
            "must be an http or https URL",
        ),
        (
            "[storage]\nendpoint = \"https://minio.example.org\"\n".into(),
            "storage.endpoint",
            "storage.url is file://",
        ),
    ] {
        let config = s.config(&text);
        let o = s.run(&config, &["validate-config"], &[]);
        assert_eq!(o.status.code(), Some(2), "{text}\n{}", o.err);
        assert!(o.err.contains(&format!("`{key}`")), "{text}\n{}", o.err);
        assert!(o.err.contains(why), "{text}\n{}", o.err);
    }
}

#[test]
fn a_password_in_a_config_file_others_can_read_is_warned_about() {
    let s = Setup::new();
    let config = s.config(&format!(
        "[database]\nurl = \"postgres://solace:{SECRET}@h/solace\"\n"
    ));
    let o = s.run(&config, &["validate-config"], &[]);
    assert!(o.status.success());
    assert!(!o.err.contains("warning"), "{}", o.err);
    std::fs::set_permissions(&config, std::fs::Permissions::from_mode(0o644)).unwrap();
    let o = s.run(&config, &["validate-config"], &[]);
    assert!(o.status.success());
    assert!(
        o.err
            .contains("warning: database.url holds the PostgreSQL password, and other users"),
        "{}",
        o.err
    );
}

#[test]
fn connect_reaches_the_cluster_and_the_bucket() {
    let s = Setup::new();
    let (c, b) = (postgres::cluster(), s3::bucket());
    let pw = s.secret("pg", &c.password);
    let text = database_section(&c.url_for(&c.user), &pw)
        + &storage_section(
            &s,
            &b.name,
            &b.endpoint,
            &b.access_key_id,
            &b.secret_access_key,
        );
    let both = [
        "database: reached PostgreSQL 15",
        "storage: listed s3://solace-test/tests/",
    ];
    connect_succeeds(&s, &text, &[], &both);

    // The password from the environment instead, which wins over database.password_file; and the URL's own.
    let wrong = s.secret("pg-wrong", SECRET);
    let text = database_section(&c.url_for(&c.user), &wrong);
    for env in [
        [("SOLACE_DATABASE_PASSWORD", c.password.as_str())],
        [("SOLACE_DATABASE_PASSWORD_FILE", pw.to_str().unwrap())],
    ] {
        connect_succeeds(&s, &text, &env, &["database: reached"]);
    }
    let text = format!("[database]\nurl = \"{}\"\n", c.url_with_password());
    connect_succeeds(&s, &text, &[], &["database: reached"]);

    // Over TLS, the server's certificate trusted through database.ca_file, as the TLS-only role.
    let tls = c
        .url_for(&c.tls_user)
        .replace("sslmode=disable", "sslmode=require");
    let text = database_section(&tls, &pw) + &format!("ca_file = \"{}\"\n", c.certificate);
    connect_succeeds(&s, &text, &[], &["database: reached PostgreSQL 15"]);
}

/// `validate-config --connect` on `text` succeeds, printing each of `said`.
fn connect_succeeds(s: &Setup, text: &str, env: &[(&str, &str)], said: &[&str]) {
    let o = s.run(&s.config(text), &["validate-config", "--connect"], env);
    assert!(o.status.success(), "{text}\n{}", o.err);
    for words in said {
        assert!(o.out.contains(words), "{words:?} in:\n{}", o.out);
    }
}

/// `validate-config --connect` on `text` exits 1 saying each of `said` (and, as every run here, no secret).
fn connect_fails(s: &Setup, text: &str, said: &[&str]) {
    let o = s.run(&s.config(text), &["validate-config", "--connect"], &[]);
    assert_eq!(o.status.code(), Some(1), "{text}\n{}", o.err);
    for words in said {
        assert!(o.err.contains(words), "{words:?} in:\n{}", o.err);
    }
}

#[test]
fn connect_says_why_postgres_cannot_be_used() {
    let s = Setup::new();
    let c = postgres::cluster();
    let right = s.secret("pg", &c.password);
    let wrong = s.secret("pg-wrong", SECRET);
    let closed = format!("postgres://solace@127.0.0.1:{}/solace", free_port());
    let no_db = c.url_for(&c.user).replace("/solace?", "/nothing_here?");
    let tls_off = c.url_for(&c.tls_user);
    let tls_on = c
        .url_for(&c.user)
        .replace("sslmode=disable", "sslmode=require");
    for (url, password, why) in [
        (c.url_for(&c.user), &wrong, "refused the password"),
        (closed, &right, "nothing answers there (connection refused)"),
        (no_db, &right, "has no such database"),
        (tls_off, &right, "only over TLS: add sslmode=require"),
        // The cluster's certificate is its own, signed by no public authority, and no ca_file is given.
        (tls_on, &right, "TLS failed"),
    ] {
        let text = database_section(&url, password);
        connect_fails(
            &s,
            &text,
            &["solace: database: cannot use PostgreSQL at", why],
        );
    }
}

#[test]
fn connect_says_why_the_bucket_cannot_be_used() {
    let s = Setup::new();
    let b = s3::bucket();
    let closed = format!("http://127.0.0.1:{}", free_port());
    let (id, secret) = (b.access_key_id.as_str(), b.secret_access_key.as_str());
    for (name, endpoint, id, secret, why) in [
        (
            "no-such-bucket",
            b.endpoint.as_str(),
            id,
            secret,
            "NoSuchBucket",
        ),
        (
            b.name.as_str(),
            b.endpoint.as_str(),
            "AKIAUNKNOWN000000000",
            secret,
            "does not know this access key id",
        ),
        (
            b.name.as_str(),
            b.endpoint.as_str(),
            id,
            SECRET,
            "SignatureDoesNotMatch",
        ),
        (
            b.name.as_str(),
            closed.as_str(),
            id,
            secret,
            "nothing answers there",
        ),
    ] {
        let text = storage_section(&s, name, endpoint, id, secret);
        connect_fails(&s, &text, &["solace: storage: cannot use the bucket", why]);
    }
}

#[test]
fn backup_refuses_postgresql_and_names_what_a_bucket_keeps() {
    let s = Setup::new();
    let pw = s.secret("pg", SECRET);
    let database = database_section("postgres://solace@127.0.0.1:1/solace", &pw);
    let backup_to = s.dir.path().join("copy.db");
    let backup = ["backup", "--to", backup_to.to_str().unwrap()];
    let o = s.run(&s.config(&database), &backup, &[]);
    assert_eq!(o.status.code(), Some(2), "{}", o.err);
    assert!(
        o.err.contains("back up PostgreSQL with its own tools"),
        "{}",
        o.err
    );
    assert!(!s.dir.path().join("data").exists(), "nothing was opened");

    // On SQLite with a bucket, the database is copied and the operator told the files are not in it.
    let storage = storage_section(
        &s,
        "solace-data",
        "https://minio.example.org",
        "AKID",
        SECRET,
    );
    let config = s.config(&storage);
    let data = s.dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    solace::db::Db::open(&data).unwrap();
    let o = s.run(&config, &["users", "list"], &[]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "commands run beside a bucket: {}",
        o.err
    );
    let o = s.run(&config, &backup, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", o.err);
    assert!(backup_to.exists());
    for said in [
        "s3://solace-data/tests/",
        "not in this backup",
        "versioning",
    ] {
        assert!(o.err.contains(said), "{said}: {}", o.err);
    }
}
