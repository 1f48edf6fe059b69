//! `solace migrate-data` (README, "Moving to PostgreSQL, and back"): an installation made through the real
//! API on SQLite (an account, a copy with chunks, a paired advocate with two-step sign-in, a share, a
//! running check-in) copied into the throwaway PostgreSQL cluster and served from there, then brought back
//! down to a new SQLite file and served again; a copy interrupted part way goes on without repeating a
//! row; a target that changes what it is given fails verification naming the table; and the refusals, each
//! before the source is touched.

use std::path::{Path, PathBuf};
use std::process::ExitStatus;
use std::sync::OnceLock;

use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use reqwest::Method;
use serde_json::json;
use sha2::{Digest, Sha256};

use crate::auth_support::{Auth, LIMITS_OFF, PASSWORD, access, api};
use crate::common::{self, Options, Server};
use crate::stores_support::postgres;

const HER: &str = "her@example.org";

/// An attachment chunk of her copy, as the app sends it (sealed bytes: any bytes here).
fn chunk(i: u8) -> Vec<u8> {
    (0..64 * 1024).map(|n| (n % 251) as u8 ^ i).collect()
}

/// The installation, made once per test process and stopped; each test works on a copy of its data
/// directory.
fn installation() -> &'static Path {
    static MADE: OnceLock<(tempfile::TempDir, PathBuf)> = OnceLock::new();
    &MADE
        .get_or_init(|| {
            let dir = tempfile::tempdir().unwrap();
            let mut a = Auth::from_server(Server::start_with(Options {
                config: Some(LIMITS_OFF.to_string()),
                data_dir: Some(dir.path().join("data")),
                ..Default::default()
            }));
            let her = access(&a.new_user(HER)).to_string();
            let record =
                json!({"kind": "journal-entry", "version": 1, "data": B64.encode(b"a day")});
            assert_eq!(
                api(&a, Method::PUT, "/copy/records/e1", &her, Some(record)).0,
                204
            );
            for i in 0..3u8 {
                let r = a
                    .http
                    .put(a.server.url(&format!("/api/copy/attachments/photo/{i}")))
                    .bearer_auth(&her)
                    .header("content-type", "application/octet-stream")
                    .body(chunk(i))
                    .send()
                    .unwrap();
                assert_eq!(r.status(), 204);
            }
            let (_, advocate_id) = crate::checkin::paired_advocate(&a, &her);
            let tomorrow = chrono::Utc::now().timestamp_millis() + 86_400_000;
            let share =
                json!({"id": "s1", "expires_at": tomorrow, "sealed": B64.encode(b"sealed")});
            let path = format!("/advocates/{advocate_id}/shares");
            assert_eq!(api(&a, Method::POST, &path, &her, Some(share)).0, 201);
            let checkin = json!({"minutes": 30, "emails": [], "pin": "2468",
                             "advocates": [{"id": advocate_id, "sealed": B64.encode(b"note")}]});
            let (status, body) = api(&a, Method::POST, "/checkin", &her, Some(checkin));
            assert_eq!(status, 201, "{body}");
            a.server.signal("TERM");
            assert!(a.server.wait().success());
            let data = dir.path().join("data");
            (dir, data)
        })
        .1
}

/// A copy of the installation's data directory (database and keys) in a directory of the test's own.
fn copy_of_installation() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let copied = std::process::Command::new("cp")
        .arg("-a")
        .arg(installation())
        .arg(&data)
        .status()
        .unwrap();
    assert!(copied.success());
    (dir, data)
}

/// `solace --data-dir DIR [--config FILE] migrate-data ARGS...`: status, stdout, stderr.
fn migrate(data: &Path, config: Option<&Path>, args: &[&str]) -> (ExitStatus, String, String) {
    let mut all = vec!["--data-dir", data.to_str().unwrap()];
    if let Some(config) = config {
        all.extend(["--config", config.to_str().unwrap()]);
    }
    all.push("migrate-data");
    all.extend_from_slice(args);
    let cluster = postgres::cluster();
    common::run(
        &all,
        &[("SOLACE_DATABASE_PASSWORD", cluster.password.as_str())],
    )
}

/// A new schema of the cluster as a target: (schema, URL without the password, the password's file).
fn target(dir: &Path) -> (String, String, PathBuf) {
    let cluster = postgres::cluster();
    let (schema, url) = cluster.schema_url();
    let file = dir.join(format!("{schema}.password"));
    std::fs::write(&file, format!("{}\n", cluster.password)).unwrap();
    (schema, url, file)
}

/// A new target the installation in `data` was copied into whole: its schema, and the arguments naming it
/// (the password in its file).
fn copied_into_new_target(dir: &Path, data: &Path) -> (String, Vec<String>) {
    let (schema, url, password) = target(dir);
    let to = vec![
        "--to".to_string(),
        url,
        "--password-file".to_string(),
        password.to_str().unwrap().to_string(),
    ];
    let (status, out, err) = migrate(data, None, &strs(&to));
    assert!(status.success(), "{out}\n{err}");
    (schema, to)
}

/// Runs `sql` in the target's schema, as a test's hand on the target.
fn in_target(schema: &str, sql: &str) {
    postgres::cluster()
        .client(Some(schema))
        .batch_execute(sql)
        .unwrap();
}

fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

/// Each table's row count in the SQLite file.
fn sqlite_counts(data: &Path) -> Vec<(String, i64)> {
    let db = rusqlite::Connection::open(data.join(solace::db::FILE_NAME)).unwrap();
    let tables: Vec<String> = db
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    tables
        .into_iter()
        .map(|t| {
            let n = db
                .query_row(&format!("SELECT count(*) FROM {t}"), [], |r| r.get(0))
                .unwrap();
            (t, n)
        })
        .collect()
}

fn postgres_counts(schema: &str) -> Vec<(String, i64)> {
    let mut db = postgres::cluster().client(Some(schema));
    let tables: Vec<String> = db
        .query(
            "SELECT CAST(table_name AS TEXT) FROM information_schema.tables
             WHERE table_schema = $1 AND table_name <> 'solace_schema' ORDER BY table_name",
            &[&schema],
        )
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    tables
        .into_iter()
        .map(|t| {
            let n: i64 = db
                .query_one(&format!("SELECT count(*) FROM {t}"), &[])
                .unwrap()
                .get(0);
            (t, n)
        })
        .collect()
}

fn file_digest(path: &Path) -> Vec<u8> {
    Sha256::digest(std::fs::read(path).unwrap()).to_vec()
}

/// Serves `data` (on PostgreSQL when `database` is its section) and checks what she made is there: she
/// signs in with her password, her chunks come back whole, her check-in runs.
fn serve_and_read_back(data: &Path, database: &str) -> Server {
    let a = Auth::from_server(Server::start_with(Options {
        config: Some(format!("{LIMITS_OFF}{database}")),
        data_dir: Some(data.to_path_buf()),
        env: vec![(
            "SOLACE_DATABASE_PASSWORD".into(),
            postgres::cluster().password.clone(),
        )],
        ..Default::default()
    }));
    let signed_in = a.sign_in(HER, PASSWORD);
    assert_eq!(signed_in.status, 200, "{}", signed_in.body);
    let her = access(&signed_in.body).to_string();
    let chunk_1 = a
        .http
        .get(a.server.url("/api/copy/attachments/photo/1"))
        .bearer_auth(&her)
        .send()
        .unwrap();
    assert_eq!(chunk_1.status(), 200);
    assert_eq!(chunk_1.bytes().unwrap().to_vec(), chunk(1));
    let (status, checkin) = api(&a, Method::GET, "/checkin", &her, None);
    assert_eq!(status, 200, "{checkin}");
    assert!(!checkin["checkin"].is_null(), "{checkin}");
    let (status, shares) = api(&a, Method::GET, "/advocates/shares", &her, None);
    assert_eq!(status, 200, "{shares}");
    assert_eq!(
        shares["shares"].as_array().map(Vec::len),
        Some(1),
        "{shares}"
    );
    a.server
}

#[test]
fn up_to_postgresql_and_served_there_then_back_down_to_sqlite() {
    let (dir, data) = copy_of_installation();
    let (schema, _, _) = target(dir.path());
    let cluster = postgres::cluster();
    // The password in the URL itself: it is never printed.
    let url = format!(
        "{}&options=-c%20search_path%3D{schema}",
        cluster.url_with_password()
    );
    let source = file_digest(&data.join(solace::db::FILE_NAME));
    let (status, out, err) = migrate(&data, None, &["--to", &url]);
    assert!(status.success(), "{out}\n{err}");
    assert!(!format!("{out}{err}").contains(&cluster.password));
    assert!(out.contains("copy_chunks: 3/3 rows"), "{out}");
    assert!(out.contains("verified checkins: 1 rows"), "{out}");
    assert_eq!(file_digest(&data.join(solace::db::FILE_NAME)), source);
    assert_eq!(sqlite_counts(&data)[..], postgres_counts(&schema)[..]);

    let pg_url = format!(
        "{}&options=-c%20search_path%3D{schema}",
        cluster.url_for(&cluster.user)
    );
    let database = format!("[database]\nurl = \"{pg_url}\"\n");
    let mut server = serve_and_read_back(&data, &database);
    server.signal("TERM");
    assert!(server.wait().success());

    // Back down: a new data directory with the same keys, and its SQLite file made from PostgreSQL.
    let down = dir.path().join("down");
    std::fs::create_dir(&down).unwrap();
    for entry in std::fs::read_dir(&data).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.path().is_file() && !name.starts_with("solace.") {
            std::fs::copy(entry.path(), down.join(&name)).unwrap();
        }
    }
    let config = dir.path().join("on-postgres.toml");
    std::fs::write(&config, &database).unwrap();
    let (status, out, err) = migrate(&down, Some(&config), &["--to", "sqlite://"]);
    assert!(status.success(), "{out}\n{err}");
    assert_eq!(postgres_counts(&schema)[..], sqlite_counts(&down)[..]);
    serve_and_read_back(&down, "");
}

#[test]
fn an_interrupted_copy_goes_on_where_it_stopped_and_repeats_no_row() {
    let (dir, data) = copy_of_installation();
    let (schema, to) = copied_into_new_target(dir.path(), &data);
    let to = strs(&to);
    // What an interruption leaves: some tables whole, some in part, some not begun.
    in_target(
        &schema,
        "DELETE FROM copy_chunks WHERE idx > 0; DELETE FROM checkin_advocate_notes;
             DELETE FROM refresh_tokens WHERE id = (SELECT max(id) FROM refresh_tokens);
             DELETE FROM advocate_shares;",
    );
    let (status, out, err) = migrate(&data, None, &to);
    assert!(status.success(), "{out}\n{err}");
    assert!(
        out.contains("copy_chunks: 3/3 rows (1 were there already)"),
        "{out}"
    );
    assert!(out.contains(" 5 rows written now"), "{out}");
    assert_eq!(sqlite_counts(&data)[..], postgres_counts(&schema)[..]);
    let (status, out, err) = migrate(&data, None, &to);
    assert!(status.success(), "{out}\n{err}");
    assert!(out.contains(" 0 rows written now"), "{out}");
    assert_eq!(sqlite_counts(&data)[..], postgres_counts(&schema)[..]);
}

#[test]
fn a_target_that_changes_the_rows_fails_verification_naming_the_table() {
    let (dir, data) = copy_of_installation();
    let (schema, to) = copied_into_new_target(dir.path(), &data);
    let to = strs(&to);
    in_target(&schema, "DELETE FROM copy_chunks WHERE idx = 2;
             CREATE FUNCTION damage() RETURNS trigger LANGUAGE plpgsql AS $$
             BEGIN NEW.data := '\\x00'; RETURN NEW; END $$;
             CREATE TRIGGER damage BEFORE INSERT ON copy_chunks FOR EACH ROW EXECUTE FUNCTION damage();");
    let (status, out, err) = migrate(&data, None, &to);
    assert_eq!(status.code(), Some(1), "{out}\n{err}");
    assert!(
        err.contains("verification failed for table copy_chunks: the source has 3 rows, the target 3, and their checksums differ"),
        "{err}"
    );
}

#[test]
fn it_refuses_in_plain_words_and_leaves_the_source_as_it_was() {
    let (dir, data) = copy_of_installation();
    let source = file_digest(&data.join(solace::db::FILE_NAME));
    let (schema, url, password) = target(dir.path());
    let password = password.to_str().unwrap();
    let refused = |args: &[&str], words: &str| {
        let (status, out, err) = migrate(&data, None, args);
        assert_eq!(status.code(), Some(2), "{args:?}: {out}\n{err}");
        assert!(err.contains(words), "{args:?}: {err}");
    };
    refused(
        &[
            "--to",
            &url,
            "--password-file",
            password,
            "--storage",
            "s3://bucket/solace",
        ],
        "--storage is not yet available",
    );
    refused(
        &["--to", "sqlite://"],
        "the source and the target are the same database",
    );
    refused(&["--to", "mysql://x@y/z"], "--to must be postgres://");
    // A target at another schema version.
    in_target(
        &schema,
        "CREATE TABLE solace_schema (version BIGINT); INSERT INTO solace_schema VALUES (23);",
    );
    refused(
        &["--to", &url, "--password-file", password],
        "the target database is at schema version 23",
    );
    // A target holding another installation's data for the same keys.
    let (other, to) = copied_into_new_target(dir.path(), &data);
    let to = strs(&to);
    in_target(
        &other,
        "UPDATE users SET user_metadata = '{\"name\": \"someone else\"}'",
    );
    refused(&to, "the target already holds other data in table users");
    assert_eq!(file_digest(&data.join(solace::db::FILE_NAME)), source);
    // A server running on the source.
    let _running = Server::start_with(Options {
        data_dir: Some(data.clone()),
        ..Default::default()
    });
    refused(&to, "a solace server is running on");
}
