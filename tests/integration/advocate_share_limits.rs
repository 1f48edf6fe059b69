//! What one survivor's shares may take (docs/advocates.md, "Limits"): a cap on her shares and on those left
//! half sent, half-sent ones gone within a day, share ids that are hers alone (another survivor's ids are
//! neither refused nor revealed), and an ended pairing's sealed bytes gone from the disk at once.

use crate::advocate_parts::{put_part, sql};
use crate::advocates::{data_dir_holds, her_with_asha, paired};
use crate::auth_support::{Auth, access, api};
use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use reqwest::Method;
use serde_json::{Value, json};

fn share(
    a: &Auth,
    her: &str,
    advocate_id: &str,
    id: &str,
    sealed: &[u8],
    parts: i64,
) -> (u16, Value) {
    let tomorrow = chrono::Utc::now().timestamp_millis() + 86_400_000;
    let body =
        json!({"id": id, "expires_at": tomorrow, "sealed": B64.encode(sealed), "parts": parts});
    api(
        a,
        Method::POST,
        &format!("/advocates/{advocate_id}/shares"),
        her,
        Some(body),
    )
}

fn ids(a: &Auth, path: &str, token: &str) -> Vec<String> {
    let (_, body) = api(a, Method::GET, path, token, None);
    body["shares"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap().to_string())
        .collect()
}

/// Ends her pairing with the advocate: the status.
fn unpair(a: &Auth, her: &str, advocate_id: &str) -> u16 {
    let path = format!("/advocates/{advocate_id}");
    api(a, Method::DELETE, &path, her, None).0
}

#[test]
fn share_ids_are_each_survivor_s_own() {
    let a = Auth::start("");
    let (asha, her, asha_id) = her_with_asha(&a);
    let other_session = a.new_user("other@example.org");
    let other = access(&other_session).to_string();
    let other_id = other_session["user"]["id"].as_str().unwrap().to_string();
    assert_eq!(paired(&a, &asha, &other), asha_id);

    assert_eq!(share(&a, &her, &asha_id, "s1", b"HERS-SEALED", 0).0, 201);
    // Another survivor choosing the same id learns nothing of hers: her share is made like any other.
    let (status, body) = share(&a, &other, &asha_id, "s1", b"OTHERS-SEALED", 0);
    assert_eq!(status, 201, "{body}");
    // Her own id twice is still refused, to her.
    let (status, body) = share(&a, &her, &asha_id, "s1", b"again", 0);
    assert_eq!(status, 400, "{body}");

    // Each sees only her own; the advocate sees both and opens each by whose it is.
    assert_eq!(ids(&a, "/advocates/shares", &her), ["s1"]);
    assert_eq!(ids(&a, "/advocates/shares", &other), ["s1"]);
    assert_eq!(ids(&a, "/advocate/shares", &asha), ["s1", "s1"]);
    let (_, hers) = api(&a, Method::GET, "/advocates/shares", &her, None);
    let her_id = hers["shares"][0]["survivor_id"]
        .as_str()
        .unwrap()
        .to_string();
    for (who, sealed) in [
        (&her_id, &b"HERS-SEALED"[..]),
        (&other_id, b"OTHERS-SEALED"),
    ] {
        let (status, opened) = api(
            &a,
            Method::GET,
            &format!("/advocate/shares/s1?from={who}"),
            &asha,
            None,
        );
        assert_eq!(status, 200, "{opened}");
        assert_eq!(
            B64.decode(opened["sealed"].as_str().unwrap()).unwrap(),
            sealed
        );
    }
    // Withdrawing hers leaves the other survivor's share with the same id alone.
    assert_eq!(
        api(&a, Method::DELETE, "/advocates/shares/s1", &her, None).0,
        204
    );
    assert_eq!(ids(&a, "/advocates/shares", &other), ["s1"]);
    let (status, opened) = api(&a, Method::GET, "/advocate/shares/s1", &asha, None);
    assert_eq!(status, 200);
    assert_eq!(
        B64.decode(opened["sealed"].as_str().unwrap()).unwrap(),
        b"OTHERS-SEALED"
    );
}

#[test]
fn an_ended_pairing_leaves_no_sealed_byte_on_the_disk() {
    let a = Auth::start("");
    let (_asha, her, asha_id) = her_with_asha(&a);
    let sealed = b"PAIRING-ENDED-MARKER-5521";
    assert_eq!(share(&a, &her, &asha_id, "s1", sealed, 0).0, 201);
    assert_eq!(unpair(&a, &her, &asha_id), 204);
    assert!(
        !data_dir_holds(&a, sealed),
        "the ended pairing's share is still in the data directory"
    );
}

#[test]
fn a_survivor_s_shares_and_half_sent_ones_are_capped() {
    let a = Auth::start("[advocates]\nmax_shares_per_survivor = 3\nmax_unfinished_shares = 1\n");
    let (_asha, her, asha_id) = her_with_asha(&a);
    assert_eq!(share(&a, &her, &asha_id, "u1", b"header", 1).0, 201);
    let (status, body) = share(&a, &her, &asha_id, "u2", b"header", 1);
    assert_eq!(status, 409, "a second half-sent share: {body}");
    assert_eq!(body["error"], "unfinished_shares", "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("finish"),
        "{body}"
    );
    // Once the first is whole, another may start.
    assert_eq!(put_part(&a, &her, "u1", 0, b"the part"), 204);
    assert_eq!(share(&a, &her, &asha_id, "u2", b"header", 1).0, 201);
    assert_eq!(put_part(&a, &her, "u2", 0, b"the part"), 204);
    assert_eq!(share(&a, &her, &asha_id, "s3", b"whole", 0).0, 201);

    let (status, body) = share(&a, &her, &asha_id, "s4", b"whole", 0);
    assert_eq!(status, 409, "a fourth share: {body}");
    assert_eq!(body["error"], "too_many_shares", "{body}");
    assert!(body["message"].as_str().unwrap().contains('3'), "{body}");
    assert_eq!(ids(&a, "/advocates/shares", &her), ["u1", "u2", "s3"]);
    // Withdrawing one makes room.
    assert_eq!(
        api(&a, Method::DELETE, "/advocates/shares/u1", &her, None).0,
        204
    );
    assert_eq!(share(&a, &her, &asha_id, "s4", b"whole", 0).0, 201);
}

#[test]
fn a_half_sent_share_is_gone_within_a_day() {
    let a = Auth::start("[advocates]\nmax_unfinished_shares = 1\n");
    let (_asha, her, asha_id) = her_with_asha(&a);
    let header = b"HALF-SENT-MARKER-7190";
    assert_eq!(share(&a, &her, &asha_id, "h1", header, 2).0, 201);
    assert_eq!(put_part(&a, &her, "h1", 0, b"HALF-SENT-PART-7191"), 204);
    // A day and a little later (the clock moved by the database, as the other expiry tests do).
    let yesterday = chrono::Utc::now() - chrono::Duration::hours(25);
    let text = yesterday.to_rfc3339_opts(chrono::SecondsFormat::Micros, true);
    sql(
        &a,
        &format!("UPDATE advocate_shares SET created_at = '{text}' WHERE id = 'h1';"),
    );
    assert_eq!(share(&a, &her, &asha_id, "h2", b"header", 1).0, 201);
    assert_eq!(ids(&a, "/advocates/shares", &her), ["h2"]);
    assert!(!data_dir_holds(&a, header));
    assert!(!data_dir_holds(&a, b"HALF-SENT-PART-7191"));
}

#[test]
fn below_the_free_space_floor_shares_and_parts_are_refused_and_withdrawing_works() {
    // A floor of 1 TiB: far above what the test machine's disk has free.
    let a = Auth::start("[server]\ndata_dir_min_free_mib = 1048576\n");
    let (_asha, her, asha_id) = her_with_asha(&a);
    let (status, body) = share(&a, &her, &asha_id, "s1", b"SEALED-BELOW-FLOOR-4410", 1);
    assert_eq!(status, 507, "{body}");
    assert_eq!(body["error"], "server_full", "{body}");
    assert_eq!(put_part(&a, &her, "s1", 0, b"part"), 507);
    assert!(ids(&a, "/advocates/shares", &her).is_empty());
    assert!(!data_dir_holds(&a, b"SEALED-BELOW-FLOOR-4410"));
    // A check-in is no upload: it starts and ends with her PIN below the floor.
    let note = [json!({"id": asha_id, "sealed": B64.encode(b"sealed note")})];
    let start = json!({"minutes": 30, "advocates": note, "pin": "2468", "duress_pin": "1357"});
    let (status, body) = api(&a, Method::POST, "/checkin", &her, Some(start));
    assert_eq!(status, 201, "{body}");
    let (status, body) = api(
        &a,
        Method::POST,
        "/checkin/end",
        &her,
        Some(json!({"pin": "2468"})),
    );
    assert!((200..300).contains(&status), "{status} {body}");
    // Ending a pairing is no upload.
    assert_eq!(unpair(&a, &her, &asha_id), 204);
}

#[test]
fn withdrawing_a_share_and_ending_a_pairing_work_when_the_data_directory_is_full() {
    let a = crate::copy_room::on_small_disk(32, "[server]\ndata_dir_min_free_mib = 0\n");
    let (_asha, her, asha_id) = her_with_asha(&a);
    for id in ["big", "other"] {
        assert_eq!(share(&a, &her, &asha_id, id, b"header", 4).0, 201);
        for n in 0..4 {
            assert_eq!(put_part(&a, &her, id, n, &vec![3u8; 1024 * 1024]), 204);
        }
    }
    // Her copy fills what is left of the file system, to its last byte.
    let (_, refused) = crate::copy_room::fill(&a, &her, 32);
    assert_eq!(refused.0, 507, "{refused:?}");
    // A part is an upload: refused (by SQLite this time, the floor being off).
    assert_eq!(put_part(&a, &her, "big", 0, &vec![4u8; 1024 * 1024]), 507);

    let (status, body) = api(&a, Method::DELETE, "/advocates/shares/big", &her, None);
    assert_eq!(status, 204, "withdrawing on a full disk: {body}");
    assert_eq!(ids(&a, "/advocates/shares", &her), ["other"]);
    assert_eq!(
        unpair(&a, &her, &asha_id),
        204,
        "ending a pairing on a full disk"
    );
    assert!(ids(&a, "/advocates/shares", &her).is_empty());
}
