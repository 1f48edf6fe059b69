//! Keeping the disk safe (docs/vault.md, "Room on the server"): a copy is counted as what it really takes
//! on the disk, uploads stop at the data directory's free-space floor with a clear 507 while signing in goes
//! on, and deleting the copy works even when the file system is full. The full-disk tests run the server on
//! a small tmpfs in a mount namespace of its own (`unshare -rm`), a file system that really fills up.

use crate::advocate_parts::sql;
use crate::auth_support::{Auth, LIMITS_OFF, access};
use crate::common::{Options, Server};
use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use reqwest::Method;
use serde_json::{Value, json};

const MIB: usize = 1024 * 1024;

fn copy(a: &Auth, method: Method, path: &str, token: &str, body: Option<Vec<u8>>) -> (u16, Value) {
    let mut rb = a
        .http
        .request(method, a.server.url(&format!("/api/copy{path}")))
        .bearer_auth(token);
    if let Some(b) = body {
        rb = rb
            .header("content-type", "application/octet-stream")
            .body(b);
    }
    let r = rb.send().unwrap();
    let status = r.status().as_u16();
    (status, r.json().unwrap_or(Value::Null))
}

fn put_record(a: &Auth, token: &str, id: &str, data: &[u8]) -> u16 {
    let body = json!({"kind": "journal-entries", "version": 1, "data": B64.encode(data)});
    let r = a
        .http
        .put(a.server.url(&format!("/api/copy/records/{id}")))
        .bearer_auth(token)
        .json(&body)
        .send()
        .unwrap();
    r.status().as_u16()
}

/// A server whose data directory is a tmpfs of `mib` MiB.
pub(crate) fn on_small_disk(mib: u64, config: &str) -> Auth {
    Auth::from_server(Server::start_with(Options {
        config: Some(format!("{LIMITS_OFF}{config}")),
        tmpfs_mib: Some(mib),
        ..Default::default()
    }))
}

/// Sends 1 MiB chunks of one attachment until the server refuses one (at most `most`): how many it stored,
/// and the refusal.
pub(crate) fn fill(a: &Auth, token: &str, most: usize) -> (usize, (u16, Value)) {
    let chunk = vec![7u8; MIB];
    for stored in 0..most {
        let path = format!("/attachments/photo/{stored}");
        let (status, body) = copy(a, Method::PUT, &path, token, Some(chunk.clone()));
        if status != 204 {
            return (stored, (status, body));
        }
    }
    panic!("{most} MiB went onto a smaller file system");
}

#[test]
fn tiny_records_count_what_they_really_take_on_the_disk() {
    let a = Auth::start("");
    let t = access(&a.new_user("her@example.org")).to_string();
    let file_size = || {
        sql(&a, "PRAGMA wal_checkpoint(TRUNCATE);");
        std::fs::metadata(a.server.data_dir.join("solace.db"))
            .unwrap()
            .len()
    };
    assert_eq!(put_record(&a, &t, "first", b"x"), 204);
    let before = file_size();
    const N: usize = 300;
    for i in 0..N {
        // The longest id a record may have: what the server must store with each one.
        let id = format!("{i:0>64}");
        assert_eq!(put_record(&a, &t, &id, b"x"), 204);
    }
    let grown = file_size() - before;
    let (_, index) = copy(&a, Method::GET, "", &t, None);
    let counted = index["bytes"].as_u64().unwrap();
    let per_record = counted / (N as u64 + 1);
    assert!(
        counted >= grown,
        "{N} one-byte records took {grown} bytes on the disk but count {counted}"
    );
    assert!(
        per_record <= 1024,
        "a one-byte record counts {per_record} bytes: the count is far above what it takes"
    );
}

#[test]
fn deleting_the_copy_works_when_the_data_directory_is_full() {
    // No floor: the uploads themselves fill the file system to its last byte.
    let a = on_small_disk(16, "[server]\ndata_dir_min_free_mib = 0\n");
    let t = access(&a.new_user("her@example.org")).to_string();
    let (stored, refused) = fill(&a, &t, 32);
    assert!(stored >= 4, "only {stored} chunks fitted");
    assert_eq!(refused.0, 507, "{refused:?}");
    assert_eq!(refused.1["error"], "server_full", "{refused:?}");

    let (status, body) = copy(&a, Method::DELETE, "", &t, None);
    assert_eq!(status, 204, "deleting on a full disk: {body}");
    // It went through on the room the server kept in reserve for this, and says so.
    a.server
        .wait_for_log("reserve was given up", std::time::Duration::from_secs(5));
    let (status, index) = copy(&a, Method::GET, "", &t, None);
    assert_eq!(status, 200);
    assert_eq!(index["bytes"], 0, "{index}");
    let (_, chunks) = copy(&a, Method::GET, "/attachments/photo", &t, None);
    assert_eq!(chunks["chunks"], json!([]));
    // Deleting again (nothing left) works as well, and the server still answers.
    assert_eq!(copy(&a, Method::DELETE, "", &t, None).0, 204);
}

#[test]
fn uploads_stop_at_the_free_space_floor_while_signing_in_goes_on() {
    let a = on_small_disk(32, "[server]\ndata_dir_min_free_mib = 16\n");
    let session = a.new_user("her@example.org");
    let t = access(&session).to_string();
    let (stored, refused) = fill(&a, &t, 32);
    assert!(
        (4..16).contains(&stored),
        "{stored} chunks fitted above a 16 MiB floor on 32 MiB"
    );
    assert_eq!(refused.0, 507, "{refused:?}");
    assert_eq!(refused.1["error"], "server_full");
    assert!(
        refused.1["message"]
            .as_str()
            .unwrap()
            .contains("still on this device"),
        "{refused:?}"
    );
    // A record and the keys are uploads too; each is refused the same way.
    assert_eq!(put_record(&a, &t, "entry", b"sealed"), 507);
    for n in 0..3 {
        let (status, _) = copy(
            &a,
            Method::PUT,
            &format!("/attachments/more/{n}"),
            &t,
            Some(vec![1u8; 100]),
        );
        assert_eq!(status, 507);
    }

    // Signing in, renewing the session and reading the copy go on.
    let again = a.sign_in("her@example.org", crate::auth_support::PASSWORD);
    assert_eq!(again.status, 200, "{}", again.body);
    assert_eq!(
        a.refresh(crate::auth_support::refresh_token(&session))
            .status,
        200
    );
    let (status, index) = copy(&a, Method::GET, "", &t, None);
    assert_eq!(status, 200);
    assert_eq!(
        index["bytes"].as_u64().unwrap() as usize / MIB,
        stored,
        "{index}"
    );

    // The log says so once for the crossing, not once per refused request, at WARN or above.
    let line = a
        .server
        .wait_for_log("below the floor", std::time::Duration::from_secs(5));
    assert!(line.contains("WARN") || line.contains("ERROR"), "{line}");
    let logs = a.server.logs();
    assert_eq!(
        logs.matches("below the floor").count(),
        1,
        "one line per crossing:\n{logs}"
    );
}

#[test]
fn the_room_settings_are_checked_by_validate_config_and_serve() {
    use crate::config_checks::both_refuse;
    both_refuse(
        "[server]\ndata_dir_min_free_mib = 2000000\n",
        "server.data_dir_min_free_mib",
    );
    both_refuse(
        "[advocates]\nmax_shares_per_survivor = 0\n",
        "advocates.max_shares_per_survivor",
    );
    both_refuse(
        "[advocates]\nmax_unfinished_shares = 0\n",
        "advocates.max_unfinished_shares",
    );
    // generate-config lists every new key with its default.
    let (status, example, _) = crate::common::run(&["generate-config"], &[]);
    assert!(status.success());
    for line in [
        "data_dir_min_free_mib = 1024",
        "max_shares_per_survivor = 200",
        "max_unfinished_shares = 3",
    ] {
        assert!(example.contains(line), "generate-config lacks {line}");
    }
}
