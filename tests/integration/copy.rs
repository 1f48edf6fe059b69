//! The encrypted copy's storage routes (`/api/copy`, docs/vault.md): only the account itself reaches
//! its copy; versions, chunks that resume, the size limit and every kind of deletion behave as the app
//! relies on; the operator sees only a size and a time.

use crate::auth_support;

use auth_support::operator::{service_key, users, users_json};
use auth_support::{Auth, access};
use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use reqwest::Method;
use serde_json::{Value, json};

struct Answer {
    status: u16,
    cache_control: String,
    body: Vec<u8>,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or(Value::Null)
    }
}

fn call(a: &Auth, method: Method, path: &str, token: Option<&str>, body: Option<Body>) -> Answer {
    let mut rb = a
        .http
        .request(method, a.server.url(&format!("/api/copy{path}")));
    if let Some(t) = token {
        rb = rb.bearer_auth(t);
    }
    rb = match body {
        Some(Body::Json(v)) => rb.json(&v),
        Some(Body::Bytes(b)) => rb
            .header("content-type", "application/octet-stream")
            .body(b),
        None => rb,
    };
    let r = rb.send().unwrap();
    let cache_control = r
        .headers()
        .get("cache-control")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    Answer {
        status: r.status().as_u16(),
        cache_control,
        body: r.bytes().unwrap().to_vec(),
    }
}

enum Body {
    Json(Value),
    Bytes(Vec<u8>),
}

fn record(version: i64, data: &[u8]) -> Option<Body> {
    Some(Body::Json(
        json!({"kind": "journal-entry", "version": version, "data": B64.encode(data)}),
    ))
}

fn signed_in(a: &Auth, email: &str) -> String {
    access(&a.new_user(email)).to_string()
}

/// What she keeps on the server is never kept by a browser's or a proxy's cache: every answer of the copy,
/// read or refused, says `no-store` (set once for all of `/api` by `src/http/security_headers.rs`).
#[test]
fn no_answer_of_her_copy_is_cached() {
    let a = Auth::start("");
    let hers = signed_in(&a, "cached@example.org");
    let put = call(
        &a,
        Method::PUT,
        "/records/e1",
        Some(&hers),
        record(1, b"sealed"),
    );
    let chunk = Some(Body::Bytes(b"sealed chunk".to_vec()));
    let put_chunk = call(&a, Method::PUT, "/attachments/p1/0", Some(&hers), chunk);
    assert_eq!((put.status, put_chunk.status), (204, 204));
    for (method, path, token, status) in [
        (Method::GET, "", Some(hers.as_str()), 200),
        (Method::GET, "/records/e1", Some(&hers), 200),
        (Method::GET, "/attachments/p1", Some(&hers), 200),
        (Method::GET, "/attachments/p1/0", Some(&hers), 200),
        (Method::GET, "/records/missing", Some(&hers), 404),
        (Method::GET, "/records/e1", None, 401),
    ] {
        let answer = call(&a, method, path, token, None);
        assert_eq!(answer.status, status, "{path}");
        assert_eq!(answer.cache_control, "no-store", "{path} ({status})");
    }
}

#[test]
fn only_the_account_itself_reaches_its_copy() {
    let a = Auth::start("");
    let hers = signed_in(&a, "her@example.org");
    let other = signed_in(&a, "other@example.org");
    assert_eq!(
        call(
            &a,
            Method::PUT,
            "/records/e1",
            Some(&hers),
            record(1, b"sealed bytes")
        )
        .status,
        204
    );

    assert_eq!(call(&a, Method::GET, "/records/e1", None, None).status, 401);
    assert_eq!(
        call(&a, Method::GET, "/records/e1", Some("not-a-token"), None).status,
        401
    );
    assert_eq!(
        call(&a, Method::GET, "/records/e1", Some(&other), None).status,
        404
    );
    assert_eq!(
        call(&a, Method::DELETE, "/records/e1", Some(&other), None).status,
        404
    );
    assert_eq!(
        call(&a, Method::GET, "", Some(&other), None).json()["records"],
        json!([])
    );
    // The service role (the operator's admin key) is no account: it cannot read anyone's copy.
    assert_eq!(
        call(&a, Method::GET, "", Some(&service_key(&a)), None).status,
        401
    );
    // After sign-out her old token opens nothing.
    a.logout(&hers, "global");
    assert_eq!(
        call(&a, Method::GET, "/records/e1", Some(&hers), None).status,
        401
    );
}

#[test]
fn records_keep_their_newest_version_and_report_their_size() {
    let a = Auth::start("");
    let t = signed_in(&a, "her@example.org");
    let keys = json!({"recovery_wrap": "d3JhcHBlZA", "outbox_public_key": "cHVibGlj"});
    assert_eq!(
        call(
            &a,
            Method::PUT,
            "/keys",
            Some(&t),
            Some(Body::Json(keys.clone()))
        )
        .status,
        204
    );
    assert_eq!(
        call(
            &a,
            Method::PUT,
            "/records/e1",
            Some(&t),
            record(1, &[7; 300])
        )
        .status,
        204
    );
    assert_eq!(
        call(
            &a,
            Method::PUT,
            "/records/e1",
            Some(&t),
            record(2, &[8; 200])
        )
        .status,
        204
    );
    // Another device that had not seen version 2 is told, and nothing is overwritten.
    let stale = call(
        &a,
        Method::PUT,
        "/records/e1",
        Some(&t),
        record(2, &[9; 50]),
    );
    assert_eq!(
        (stale.status, stale.json()["error"].as_str()),
        (409, Some("version_conflict"))
    );

    let got = call(&a, Method::GET, "/records/e1", Some(&t), None).json();
    assert_eq!(got["version"], 2);
    assert_eq!(
        B64.decode(got["data"].as_str().unwrap()).unwrap(),
        vec![8; 200]
    );
    let index = call(&a, Method::GET, "", Some(&t), None).json();
    assert_eq!(index["keys"], keys);
    assert_eq!(index["records"][0]["size"], 200);
    let key_chars = "d3JhcHBlZA".len() + "cHVibGlj".len();
    // A record counts what it takes on the disk: 512 bytes for the row besides its data (docs/vault.md).
    assert_eq!(index["bytes"], 512 + 200 + key_chars as i64);

    assert_eq!(
        call(&a, Method::DELETE, "/records/e1", Some(&t), None).status,
        204
    );
    assert_eq!(
        call(&a, Method::GET, "/records/e1", Some(&t), None).status,
        404
    );
    assert_eq!(
        call(&a, Method::GET, "", Some(&t), None).json()["bytes"],
        key_chars as i64
    );
}

#[test]
fn bad_requests_get_a_clear_error_and_change_nothing() {
    let a = Auth::start("");
    let t = signed_in(&a, "her@example.org");
    for (path, body) in [
        ("/records/has space", record(1, b"x")),
        (
            "/records/e1",
            Some(Body::Json(
                json!({"kind": "Journal!", "version": 1, "data": "eA=="}),
            )),
        ),
        (
            "/records/e1",
            Some(Body::Json(
                json!({"kind": "journal", "version": 0, "data": "eA=="}),
            )),
        ),
        (
            "/records/e1",
            Some(Body::Json(
                json!({"kind": "journal", "version": 1, "data": "not base64!"}),
            )),
        ),
    ] {
        let r = call(&a, Method::PUT, path, Some(&t), body);
        assert!(r.status == 400 || r.status == 404, "{path}: {}", r.status);
        if r.status == 400 {
            assert!(r.json()["message"].as_str().is_some_and(|m| !m.is_empty()));
        }
    }
    assert_eq!(
        call(
            &a,
            Method::PUT,
            "/attachments/p1/10000",
            Some(&t),
            Some(Body::Bytes(vec![1]))
        )
        .status,
        400
    );
    assert_eq!(call(&a, Method::GET, "", Some(&t), None).json()["bytes"], 0);
}

#[test]
fn an_upload_resumes_chunk_by_chunk_and_comes_back_whole() {
    let a = Auth::start("");
    let t = signed_in(&a, "her@example.org");
    let chunk = |i: u8| vec![i; 1024 * 1024];
    // A dropped connection after chunk 0: the app asks what arrived and sends the rest.
    assert_eq!(
        call(
            &a,
            Method::PUT,
            "/attachments/photo1/0",
            Some(&t),
            Some(Body::Bytes(chunk(0)))
        )
        .status,
        204
    );
    assert_eq!(
        call(&a, Method::GET, "/attachments/photo1", Some(&t), None).json()["chunks"],
        json!([0])
    );
    for i in [1u8, 2, 1] {
        let r = call(
            &a,
            Method::PUT,
            &format!("/attachments/photo1/{i}"),
            Some(&t),
            Some(Body::Bytes(chunk(i))),
        );
        assert_eq!(r.status, 204);
    }
    assert_eq!(
        call(&a, Method::GET, "/attachments/photo1", Some(&t), None).json()["chunks"],
        json!([0, 1, 2])
    );
    assert_eq!(
        call(&a, Method::GET, "/attachments/photo1/2", Some(&t), None).body,
        chunk(2)
    );
    // Each 1 MiB chunk counts its 256 pages, one more and the row's 512 bytes (docs/vault.md).
    assert_eq!(
        call(&a, Method::GET, "", Some(&t), None).json()["bytes"],
        3 * (1024 * 1024 + 4096 + 512)
    );
    assert_eq!(
        call(&a, Method::DELETE, "/attachments/photo1", Some(&t), None).status,
        204
    );
    assert_eq!(
        call(&a, Method::GET, "/attachments/photo1/0", Some(&t), None).status,
        404
    );
    assert_eq!(call(&a, Method::GET, "", Some(&t), None).json()["bytes"], 0);
}

#[test]
fn a_full_copy_refuses_more_and_keeps_what_it_has() {
    // Two chunks of 1 MiB count a little more than 2 MiB (docs/vault.md, "Room on the server").
    let a = Auth::start("[copy]\nmax_mib_per_account = 3\n");
    let t = signed_in(&a, "her@example.org");
    let mib = vec![5u8; 1024 * 1024];
    for i in 0..2 {
        let r = call(
            &a,
            Method::PUT,
            &format!("/attachments/rec/{i}"),
            Some(&t),
            Some(Body::Bytes(mib.clone())),
        );
        assert_eq!(r.status, 204);
    }
    let full = call(
        &a,
        Method::PUT,
        "/attachments/rec/2",
        Some(&t),
        Some(Body::Bytes(mib.clone())),
    );
    // Counted as stored, a third does not fit in 3 MiB.
    assert_eq!(
        (full.status, full.json()["error"].as_str()),
        (413, Some("copy_full"))
    );
    assert!(
        full.json()["message"]
            .as_str()
            .unwrap()
            .contains("still on this device")
    );
    assert_eq!(
        call(&a, Method::GET, "/attachments/rec", Some(&t), None).json()["chunks"],
        json!([0, 1])
    );
    assert_eq!(
        call(&a, Method::GET, "", Some(&t), None).json()["limit_bytes"],
        3 * 1024 * 1024
    );
}

#[test]
fn the_operator_can_turn_the_copy_off() {
    let a = Auth::start("[copy]\nenabled = false\n");
    let t = signed_in(&a, "her@example.org");
    assert_eq!(call(&a, Method::GET, "", Some(&t), None).status, 404);
    assert_eq!(
        call(&a, Method::PUT, "/records/e1", Some(&t), record(1, b"x")).status,
        404
    );
}

/// Whether any file of the data directory holds `needle`.
fn data_dir_holds(a: &Auth, needle: &[u8]) -> bool {
    std::fs::read_dir(&a.server.data_dir)
        .unwrap()
        .flatten()
        .any(|f| {
            std::fs::read(f.path())
                .is_ok_and(|bytes| bytes.windows(needle.len()).any(|w| w == needle))
        })
}

#[test]
fn a_deleted_copy_is_gone_from_the_disk_and_the_operator_sees_only_size_and_time() {
    let a = Auth::start("");
    let t = signed_in(&a, "her@example.org");
    let marker = b"UNIQUE-CIPHERTEXT-MARKER-4242";
    assert_eq!(
        call(&a, Method::PUT, "/records/e1", Some(&t), record(1, marker)).status,
        204
    );
    // The size she uses, each row counted with its 512 bytes on the disk (docs/vault.md).
    let shown = users_json(&a, &["show", "her@example.org"]);
    assert_eq!(shown["copy"]["bytes"], 512 + marker.len());
    assert!(shown["copy"]["updated_at"].is_string());
    let (_, text, _) = users(&a, &["show", "her@example.org"]);
    assert!(text.contains("server copy:   541 bytes"), "{text}");
    // The admin API's user object says the same (its `copy`), asked of the copy's own table.
    let path = format!("/admin/users/{}", shown["id"].as_str().unwrap());
    let admin = a.send(a.req(Method::GET, &path).bearer_auth(service_key(&a)));
    assert_eq!(admin.body["copy"], shown["copy"], "{}", admin.body);

    // 'Keep my records only on this device'.
    assert_eq!(call(&a, Method::DELETE, "", Some(&t), None).status, 204);
    assert_eq!(
        call(&a, Method::GET, "", Some(&t), None).json()["records"],
        json!([])
    );
    assert!(users_json(&a, &["show", "her@example.org"])["copy"].is_null());
    assert!(
        !data_dir_holds(&a, marker),
        "the copy deleted from the app is still on disk"
    );

    // Deleting the account deletes its copy, and the file keeps no trace once checkpointed.
    assert_eq!(
        call(&a, Method::PUT, "/records/e2", Some(&t), record(1, marker)).status,
        204
    );
    let (status, _, err) = users(&a, &["delete", "her@example.org", "--yes"]);
    assert!(status.success(), "{err}");
    assert!(
        !data_dir_holds(&a, marker),
        "the deleted copy's bytes are still on disk"
    );
}
