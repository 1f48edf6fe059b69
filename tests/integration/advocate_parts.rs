//! A share's parts (docs/advocates.md, "Parts"): only she puts them, only while her share lasts; only
//! the advocate it is for gets them, once all are there; a retried part does no harm; the size limits;
//! and the parts gone with the share (withdrawal, expiry, removal, her account's deletion).

use crate::advocates::{advocates, data_dir_holds, her_with_asha, paired, ready_advocate};
use crate::auth_support::{Auth, PASSWORD, access, api};
use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use reqwest::Method;
use serde_json::{Value, json};

const MIB: usize = 1024 * 1024;

fn new_share(a: &Auth, her: &str, advocate_id: &str, id: &str, parts: i64) -> (u16, Value) {
    let tomorrow = chrono::Utc::now().timestamp_millis() + 86_400_000;
    let body =
        json!({"id": id, "expires_at": tomorrow, "sealed": B64.encode(b"header"), "parts": parts});
    api(
        a,
        Method::POST,
        &format!("/advocates/{advocate_id}/shares"),
        her,
        Some(body),
    )
}

pub(crate) fn put_part(a: &Auth, token: &str, share: &str, n: i64, bytes: &[u8]) -> u16 {
    let url = a
        .server
        .url(&format!("/api/advocates/shares/{share}/parts/{n}"));
    a.http
        .put(url)
        .bearer_auth(token)
        .body(bytes.to_vec())
        .send()
        .unwrap()
        .status()
        .as_u16()
}

fn get_part(a: &Auth, token: &str, share: &str, n: i64) -> (u16, Vec<u8>) {
    let url = a
        .server
        .url(&format!("/api/advocate/shares/{share}/parts/{n}"));
    let r = a.http.get(url).bearer_auth(token).send().unwrap();
    (r.status().as_u16(), r.bytes().unwrap().to_vec())
}

/// A part's bytes with a marker to look for on the disk.
fn part(marker: &str, len: usize) -> Vec<u8> {
    let mut b = marker.as_bytes().to_vec();
    b.resize(len, 0x5a);
    b
}

fn listed(a: &Auth, path: &str, token: &str) -> Vec<Value> {
    api(a, Method::GET, path, token, None).1["shares"]
        .as_array()
        .unwrap()
        .clone()
}

#[test]
fn only_she_puts_parts_and_only_her_advocate_gets_them_until_she_withdraws() {
    let a = Auth::start("");
    let (asha, her, asha_id) = her_with_asha(&a);
    let ravi = ready_advocate(&a, "ravi@example.org", "Ravi");
    let stranger = access(&a.new_user("stranger@example.org")).to_string();
    assert_eq!(new_share(&a, &her, &asha_id, "s1", 2).0, 201);
    assert_eq!(new_share(&a, &her, &asha_id, "neg", -1).0, 400);
    let first = part("PART-ZERO-MARKER-5521", MIB);
    let second = part("PART-ONE-MARKER-8830", 300_000);

    assert_eq!(put_part(&a, &stranger, "s1", 0, &first), 404, "not hers");
    assert_eq!(put_part(&a, &asha, "s1", 0, &first), 403, "wrong area");
    assert_eq!(put_part(&a, &her, "s1", 2, &second), 400, "n < parts");
    assert_eq!(put_part(&a, &her, "s1", 0, b""), 400, "empty");
    assert_eq!(put_part(&a, &her, "s1", 0, &vec![1u8; MIB + 1]), 400);
    let url = a.server.url("/api/advocates/shares/s1/parts/0");
    let r = a
        .http
        .put(url)
        .bearer_auth(&her)
        .body(vec![1u8; 3 * MIB])
        .send()
        .unwrap();
    assert_eq!(r.status().as_u16(), 400);
    assert_eq!(
        r.json::<Value>().unwrap()["error"],
        "invalid_request",
        "a far larger part is refused in the /api format"
    );
    assert_eq!(put_part(&a, &her, "nope", 0, b"x"), 404);
    assert_eq!(put_part(&a, &her, "s1", 0, &first), 204);

    let mine = listed(&a, "/advocates/shares", &her);
    assert_eq!(
        (mine[0]["parts"].clone(), mine[0]["complete"].clone()),
        (json!(2), json!(false))
    );
    assert!(
        listed(&a, "/advocate/shares", &asha).is_empty(),
        "the advocate is shown a share once all its parts are there"
    );
    assert_eq!(get_part(&a, &asha, "s1", 0).0, 404, "not complete yet");
    assert_eq!(
        api(&a, Method::GET, "/advocate/shares/s1", &asha, None).0,
        404
    );

    // A retry after a dropped connection: the same part again is harmless.
    assert_eq!(put_part(&a, &her, "s1", 0, &first), 204);
    assert_eq!(put_part(&a, &her, "s1", 1, &second), 204);
    assert_eq!(put_part(&a, &her, "s1", 1, &second), 204);
    let theirs = listed(&a, "/advocate/shares", &asha);
    assert_eq!(theirs.len(), 1);
    assert_eq!(theirs[0]["complete"], true);
    assert_eq!(theirs[0]["size"], 6 + MIB + 300_000, "header and parts");
    assert!(listed(&a, "/advocates/shares", &her)[0]["opened_at"].is_null());

    assert_eq!(get_part(&a, &ravi, "s1", 1).0, 404, "not their share");
    assert_eq!(get_part(&a, &her, "s1", 1).0, 403, "not her area");
    assert_eq!(get_part(&a, &asha, "s1", 2).0, 404);
    assert_eq!(get_part(&a, &asha, "s1", 1), (200, second.clone()));
    assert_eq!(get_part(&a, &asha, "s1", 0), (200, first.clone()));
    assert!(
        listed(&a, "/advocates/shares", &her)[0]["opened_at"].is_string(),
        "she sees the opening"
    );

    assert!(data_dir_holds(&a, b"PART-ONE-MARKER-8830"));
    assert_eq!(
        api(&a, Method::DELETE, "/advocates/shares/s1", &her, None).0,
        204
    );
    assert_eq!(get_part(&a, &asha, "s1", 0).0, 404);
    assert_eq!(put_part(&a, &her, "s1", 0, &first), 404, "withdrawn");
    assert!(!data_dir_holds(&a, b"PART-ZERO-MARKER-5521"));
    assert!(
        !data_dir_holds(&a, b"PART-ONE-MARKER-8830"),
        "withdrawn parts are gone from the disk"
    );
}

/// Runs one statement on the server's database file with the sqlite3 tool; its output.
pub(crate) fn sql(a: &Auth, statement: &str) -> String {
    let out = std::process::Command::new("sqlite3")
        .arg(a.server.data_dir.join("solace.db"))
        .arg(statement)
        .output()
        .unwrap();
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

#[test]
fn parts_end_with_their_share_s_time_the_advocate_and_her_account() {
    let a = Auth::start("");
    let (asha, her, asha_id) = her_with_asha(&a);
    assert_eq!(new_share(&a, &her, &asha_id, "s1", 1).0, 201);
    assert_eq!(
        put_part(&a, &her, "s1", 0, &part("EXPIRING-PART-3310", 4096)),
        204
    );
    assert_eq!(get_part(&a, &asha, "s1", 0).0, 200);
    sql(
        &a,
        "UPDATE advocate_shares SET expires_at = 1 WHERE id = 's1';",
    );
    assert_eq!(get_part(&a, &asha, "s1", 0).0, 404, "ended");
    assert_eq!(put_part(&a, &her, "s1", 0, b"late"), 404, "ended");
    assert_eq!(sql(&a, "SELECT count(*) FROM advocate_share_parts;"), "0");
    assert!(!data_dir_holds(&a, b"EXPIRING-PART-3310"));

    assert_eq!(new_share(&a, &her, &asha_id, "s2", 1).0, 201);
    assert_eq!(
        put_part(&a, &her, "s2", 0, &part("REMOVED-PART-7702", 4096)),
        204
    );
    let (ok, _, err) = advocates(&a, &["remove", "asha@example.org"]);
    assert!(ok, "{err}");
    assert_eq!(sql(&a, "SELECT count(*) FROM advocate_share_parts;"), "0");
    assert!(
        !data_dir_holds(&a, b"REMOVED-PART-7702"),
        "the advocate's removal takes the parts too"
    );

    // Her account's deletion takes them too.
    let ravi = ready_advocate(&a, "ravi@example.org", "Ravi");
    let ravi_id = paired(&a, &ravi, &her);
    assert_eq!(new_share(&a, &her, &ravi_id, "s3", 1).0, 201);
    assert_eq!(
        put_part(&a, &her, "s3", 0, &part("HER-ACCOUNT-PART-1184", 4096)),
        204
    );
    let r = a.send(
        a.req(Method::POST, "/user/delete")
            .bearer_auth(&her)
            .json(&json!({"password": PASSWORD})),
    );
    assert_eq!(r.status, 204, "{}", r.body);
    assert_eq!(sql(&a, "SELECT count(*) FROM advocate_share_parts;"), "0");
    assert!(!data_dir_holds(&a, b"HER-ACCOUNT-PART-1184"));
}

#[test]
fn a_share_holds_at_most_the_operator_s_limit() {
    let a = Auth::start("[advocates]\nmax_share_mib = 2\n");
    let (asha, her, asha_id) = her_with_asha(&a);
    let (status, body) = new_share(&a, &her, &asha_id, "big", 3);
    assert_eq!(status, 413);
    assert_eq!(body["error"], "share_too_large", "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("2 MiB"),
        "{body}"
    );
    assert_eq!(new_share(&a, &her, &asha_id, "fits", 2).0, 201);
    assert_eq!(put_part(&a, &her, "fits", 0, &vec![3u8; MIB]), 204);
    assert_eq!(put_part(&a, &her, "fits", 1, &vec![4u8; MIB]), 204);
    assert_eq!(listed(&a, "/advocate/shares", &asha).len(), 1);
}
