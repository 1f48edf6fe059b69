//! `solace serve` with `[storage] url = "s3://..."` (the moto stand-in): copy chunks and share parts keep
//! their bytes as objects of the bucket, under the prefix and named by random ids only, not in the data
//! directory; they come back whole, and go from the bucket with their rows. A store that does not answer
//! gets her a clear 503, and the same chunk sent again once it is back is stored.

use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use reqwest::Method;
use serde_json::{Value, json};

use crate::advocates::{data_dir_holds, her_with_asha};
use crate::auth_support::{Auth, LIMITS_OFF, access, api};
use crate::common::{Options, Server, free_port};
use crate::stores_support::s3::{self, new_prefix, objects, storage};

fn put_bytes(a: &Auth, path: &str, token: &str, bytes: Vec<u8>) -> reqwest::blocking::Response {
    a.http
        .put(a.server.url(&format!("/api{path}")))
        .bearer_auth(token)
        .header("content-type", "application/octet-stream")
        .body(bytes)
        .send()
        .unwrap()
}

fn get_bytes(a: &Auth, path: &str, token: &str) -> (u16, Vec<u8>) {
    let r = a
        .http
        .get(a.server.url(&format!("/api{path}")))
        .bearer_auth(token)
        .send()
        .unwrap();
    (r.status().as_u16(), r.bytes().unwrap().to_vec())
}

/// A chunk with a marker to look for in the data directory.
fn marked(marker: &str, len: usize) -> Vec<u8> {
    let mut b = marker.as_bytes().to_vec();
    b.resize(len, 0x33);
    b
}

#[test]
fn chunks_and_parts_live_in_the_bucket_and_go_with_their_rows() {
    let keys = tempfile::tempdir().unwrap();
    let prefix = new_prefix();
    let a = Auth::start(&storage(keys.path(), &prefix, &s3::bucket().endpoint));
    let (asha, her, asha_id) = her_with_asha(&a);

    // Her attachment, chunk by chunk, then restored whole.
    let chunks: Vec<Vec<u8>> = (0..3)
        .map(|i| marked(&format!("S3-CHUNK-MARKER-{i}"), 400_000))
        .collect();
    for (i, chunk) in chunks.iter().enumerate() {
        let path = format!("/copy/attachments/photo1/{i}");
        assert_eq!(put_bytes(&a, &path, &her, chunk.clone()).status(), 204);
    }
    let (_, list) = api(&a, Method::GET, "/copy/attachments/photo1", &her, None);
    assert_eq!(list["chunks"], json!([0, 1, 2]));
    for (i, chunk) in chunks.iter().enumerate() {
        let (status, got) = get_bytes(&a, &format!("/copy/attachments/photo1/{i}"), &her);
        assert_eq!((status, &got), (200, chunk), "chunk {i} comes back whole");
    }
    let (_, index) = api(&a, Method::GET, "/copy", &her, None);
    assert!(index["bytes"].as_i64().unwrap() > 1_200_000, "{index}");
    assert!(
        !data_dir_holds(&a, b"S3-CHUNK-MARKER"),
        "the bytes are not in the data directory"
    );

    // A share's part, sent by her and read by her advocate.
    let tomorrow = chrono::Utc::now().timestamp_millis() + 86_400_000;
    let share =
        json!({"id": "s1", "expires_at": tomorrow, "sealed": B64.encode(b"header"), "parts": 1});
    let path = format!("/advocates/{asha_id}/shares");
    assert_eq!(api(&a, Method::POST, &path, &her, Some(share)).0, 201);
    let part = marked("S3-PART-MARKER", 300_000);
    let put = put_bytes(&a, "/advocates/shares/s1/parts/0", &her, part.clone());
    assert_eq!(put.status(), 204);
    let (_, opened) = api(&a, Method::GET, "/advocate/shares/s1", &asha, None);
    assert_eq!(opened["sealed"], B64.encode(b"header"));
    let (status, got) = get_bytes(&a, "/advocate/shares/s1/parts/0", &asha);
    assert_eq!((status, got), (200, part));
    assert!(!data_dir_holds(&a, b"S3-PART-MARKER"));

    // Under the prefix, four objects named by random ids: no account, attachment or share in a key.
    let found = objects(&prefix);
    assert_eq!(found.len(), 4, "{found:?}");
    let her_id = crate::auth_support::claims(&her)["sub"]
        .as_str()
        .unwrap()
        .to_string();
    for key in &found {
        assert!(key.starts_with(&format!("{prefix}/blobs/")), "{key}");
        for name in [her_id.as_str(), asha_id.as_str(), "photo1", "s1"] {
            assert!(!key.contains(name), "{key} names {name}");
        }
    }

    // Deleting the attachment and withdrawing the share empty the bucket before they answer.
    let deleted = api(&a, Method::DELETE, "/copy/attachments/photo1", &her, None);
    assert_eq!(deleted.0, 204);
    assert_eq!(objects(&prefix).len(), 1, "the part is left");
    assert_eq!(
        api(&a, Method::DELETE, "/advocates/shares/s1", &her, None).0,
        204
    );
    assert_eq!(objects(&prefix), Vec::<String>::new());
    let (status, _) = get_bytes(&a, "/copy/attachments/photo1/0", &her);
    assert_eq!(status, 404);

    // The whole copy: a chunk stored, then 'keep my records only on this device'.
    assert_eq!(
        put_bytes(&a, "/copy/attachments/p2/0", &her, vec![9; 1000]).status(),
        204
    );
    assert_eq!(objects(&prefix).len(), 1);
    assert_eq!(api(&a, Method::DELETE, "/copy", &her, None).0, 204);
    assert_eq!(objects(&prefix), Vec::<String>::new());
}

#[test]
fn a_store_that_does_not_answer_gets_a_clear_503_and_the_chunk_is_taken_once_it_is_back() {
    let keys = tempfile::tempdir().unwrap();
    let prefix = new_prefix();
    let data = tempfile::tempdir().unwrap();
    let start = |endpoint: &str| {
        Auth::from_server(Server::start_with(Options {
            config: Some(format!(
                "{LIMITS_OFF}{}",
                storage(keys.path(), &prefix, endpoint)
            )),
            data_dir: Some(data.path().join("data")),
            ..Default::default()
        }))
    };
    let down = start(&format!("http://127.0.0.1:{}", free_port()));
    let session = down.new_user("her@example.org");
    let her = access(&session).to_string();
    let chunk = marked("S3-DOWN-MARKER", 10_000);
    let refused = put_bytes(&down, "/copy/attachments/photo1/0", &her, chunk.clone());
    assert_eq!(refused.status(), 503);
    assert_eq!(refused.headers()["retry-after"], "30");
    let body: Value = refused.json().unwrap();
    assert_eq!(body["error"], "storage_unavailable");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("Nothing is lost")
    );
    let (_, list) = api(&down, Method::GET, "/copy/attachments/photo1", &her, None);
    assert_eq!(list["chunks"], json!([]), "nothing half stored");
    assert_eq!(api(&down, Method::GET, "/copy", &her, None).1["bytes"], 0);
    drop(down);

    // The store back: the same chunk, sent again, is stored and read back.
    let up = start(&s3::bucket().endpoint);
    let her = access(
        &up.sign_in("her@example.org", crate::auth_support::PASSWORD)
            .body,
    )
    .to_string();
    let taken = put_bytes(&up, "/copy/attachments/photo1/0", &her, chunk.clone());
    assert_eq!(taken.status(), 204);
    assert_eq!(
        get_bytes(&up, "/copy/attachments/photo1/0", &her),
        (200, chunk)
    );
    assert_eq!(objects(&prefix).len(), 1);
}
